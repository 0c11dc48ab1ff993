import LaundryCore
/// A grammar file, read: its rules and its intents with their help texts and templates.
///
/// The format is documented at the top of `Grammars/en.grammar`.
package struct GrammarDocument: Sendable {
    package struct Template: Sendable {
        let text: String
        package let expression: TemplateExpression
        let line: Int
        /// A form as typed at a shell prompt (`shell:`): matched as any template, but no sentence —
        /// the classifier does not learn from it, nor does "did you mean" offer it.
        package var isShellForm = false
        /// A template whose change is asked about before it is made (`ask:`): its words say what
        /// to change only loosely ("mute" alone may mean the sound, or only "be quiet").
        var asksFirst = false
    }

    package struct IntentBlock: Sendable {
        package let intent: Intent
        var group = ""
        var summary = ""
        var examples: [String] = []
        /// Its short forms, as typed at a shell prompt ("pet rm PET"): for `help syntax`.
        var shortForms: [String] = []
        /// Its place and label in the quick-actions grid, if it has one.
        var quickAction: (number: Int, label: String)?
        package var templates: [Template] = []
        let line: Int
    }

    /// A value list: phrases that each stand for a value (`on = on | enable | unmute`).
    package struct ValueList: Sendable {
        package var entries: [(value: String, phrases: [TemplateExpression])] = []
        let line: Int
    }

    package var rules: [String: TemplateExpression] = [:]
    package var lists: [String: ValueList] = [:]
    package var intents: [IntentBlock] = []
    /// `skip` phrases, as written: filler that may stand anywhere in a line.
    var skips: [String] = []
    /// `expand` lines, as written: a word and the words it is read as.
    var expansions: [(word: String, words: String)] = []
    /// `homophone` lines, as written: a word and the words said or typed like it.
    var homophones: [(word: String, alike: [String])] = []
    /// `cue` lines, as written: a phrase and what it says about the clause it stands in.
    var cues: [(kind: Cue.Kind, phrase: String)] = []
    /// `words` lines, as written: words the reader looks for by what they do in a line.
    var wordLists: [(role: WordRole, words: [String])] = []

    package static func parse(_ source: String) throws(GrammarError) -> GrammarDocument {
        var document = GrammarDocument()
        var current: IntentBlock?
        var currentList: (name: String, list: ValueList)?

        func finish() {
            if let block = current { document.intents.append(block) }
            if let (name, list) = currentList { document.lists[name] = list }
            current = nil
            currentList = nil
        }

        for statement in GrammarStatement.statements(of: source) {
            let number = statement.line, line = statement.text
            /// The expression `text`, the end of `line` or a part of it.
            func expression(_ text: some StringProtocol) throws(GrammarError) -> TemplateExpression {
                try GrammarDocument.expression(String(text), in: statement, at: line.count - text.count)
            }

            if !statement.isIndented {
                finish()
                if let name = line.dropPrefix("intent ") {
                    let name = name.trimmingCharacters(in: " \t")
                    guard let intent = Intent(rawValue: name), intent != .unknown else {
                        throw GrammarError(line: number, message: "unknown intent '\(name)'")
                    }
                    if document.intents.contains(where: { $0.intent == intent }) {
                        throw GrammarError(line: number, message: "intent '\(name)' is defined twice")
                    }
                    current = IntentBlock(intent: intent, line: number)
                } else if let name = line.dropPrefix("values ") {
                    let name = name.trimmingCharacters(in: " \t")
                    guard !name.isEmpty, !name.contains(" ") else {
                        throw GrammarError(line: number, message: "a value list is written: values NAME")
                    }
                    guard document.lists[name] == nil else {
                        throw GrammarError(line: number, message: "value list '\(name)' is defined twice")
                    }
                    currentList = (name, ValueList(line: number))
                } else if let phrases = line.dropPrefix("skip ") {
                    let phrases = phrases.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " \t") }
                    guard !phrases.contains(where: \.isEmpty) else {
                        throw GrammarError(line: number, message: "a skip line is written: skip PHRASE | PHRASE …")
                    }
                    document.skips += phrases
                } else if let definition = line.dropPrefix("expand ") {
                    let parts = definition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t") }
                    guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" "), !parts[1].isEmpty else {
                        throw GrammarError(line: number, message: "an expansion is written: expand WORD = WORDS")
                    }
                    guard !document.expansions.contains(where: { $0.word == parts[0] }) else {
                        throw GrammarError(line: number, message: "'\(parts[0])' is expanded twice")
                    }
                    document.expansions.append((parts[0], parts[1]))
                } else if let definition = line.dropPrefix("homophone ") {
                    let parts = definition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t") }
                    let alike = parts.count == 2 ? parts[1].split(separator: "|").map { $0.trimmingCharacters(in: " \t") } : []
                    guard parts.count == 2, !parts[0].contains(" "), !alike.isEmpty, !alike.contains(where: { $0.isEmpty || $0.contains(" ") }) else {
                        throw GrammarError(line: number, message: "a homophone line is written: homophone WORD = WORD | WORD …")
                    }
                    document.homophones.append((parts[0], alike))
                } else if let definition = line.dropPrefix("cue ") {
                    let parts = definition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t") }
                    let kinds = Cue.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                    guard parts.count == 2, let kind = Cue.Kind(rawValue: parts[0]) else {
                        throw GrammarError(line: number, message: "a cue line is written: cue KIND = PHRASE | PHRASE …, KIND one of \(kinds)")
                    }
                    let phrases = parts[1].split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " \t") }
                    guard !phrases.contains(where: \.isEmpty) else {
                        throw GrammarError(line: number, message: "a cue line is written: cue KIND = PHRASE | PHRASE …, KIND one of \(kinds)")
                    }
                    for phrase in phrases {
                        if let other = document.cues.first(where: { $0.phrase == phrase && $0.kind != kind }) {
                            throw GrammarError(line: number, message: "the cue '\(phrase)' is already a cue of kind \(other.kind.rawValue)")
                        }
                    }
                    document.cues += phrases.map { (kind, $0) }
                } else if let definition = line.dropPrefix("words ") {
                    let parts = definition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t") }
                    let words = parts.count == 2 ? parts[1].split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " \t") } : []
                    guard parts.count == 2, let role = WordRole(rawValue: parts[0]), !words.isEmpty,
                          !words.contains(where: { $0.isEmpty || (!role.takesPhrases && $0.contains(" ")) }) else {
                        let roles = WordRole.allCases.map(\.rawValue).joined(separator: ", ")
                        throw GrammarError(line: number, message: "a words line is written: words ROLE = WORD | WORD …, ROLE one of \(roles)")
                    }
                    document.wordLists.append((role, words))
                } else if let definition = line.dropPrefix("rule ") {
                    let parts = definition.split(separator: "=", maxSplits: 1)
                    let name = parts.first.map { $0.trimmingCharacters(in: " \t<>") } ?? ""
                    guard parts.count == 2, !name.isEmpty else {
                        throw GrammarError(line: number, message: "a rule is written: rule NAME = EXPRESSION")
                    }
                    guard document.rules[name] == nil else {
                        throw GrammarError(line: number, message: "rule <\(name)> is defined twice")
                    }
                    document.rules[name] = try expression(parts[1])
                } else {
                    throw GrammarError(
                        line: number,
                        message: "expected 'intent NAME', 'rule NAME = …', 'values NAME', 'skip …', 'expand …', 'homophone …', 'cue …' or 'words …', found '\(line)'")
                }
                continue
            }

            if currentList != nil {
                let parts = line.split(separator: "=", maxSplits: 1)
                let value = parts.first.map { $0.trimmingCharacters(in: " \t") } ?? ""
                guard parts.count == 2, !value.isEmpty else {
                    throw GrammarError(line: number, message: "a list entry is written: VALUE = phrase | phrase …")
                }
                let phrases = try parts[1].split(separator: "|").map { phrase throws(GrammarError) in
                    try GrammarDocument.expression(String(phrase), in: statement, at: line.distance(from: line.startIndex, to: phrase.startIndex))
                }
                currentList!.list.entries.append((value, phrases))
                continue
            }
            guard current != nil else {
                throw GrammarError(line: number, message: "an indented line must belong to an intent or a value list")
            }
            if let value = line.dropPrefix("group:") {
                current!.group = value.trimmingCharacters(in: " \t")
            } else if let value = line.dropPrefix("summary:") {
                current!.summary = value.trimmingCharacters(in: " \t")
            } else if let value = line.dropPrefix("example:") {
                current!.examples.append(value.trimmingCharacters(in: " \t"))
            } else if let value = line.dropPrefix("shell:") {
                let text = value.trimmingCharacters(in: " \t")
                current!.templates.append(Template(text: text, expression: try expression(text), line: number, isShellForm: true))
            } else if let value = line.dropPrefix("ask:") {
                let text = value.trimmingCharacters(in: " \t")
                guard !text.isEmpty else { throw GrammarError(line: number, message: "an ask: line needs a template after it") }
                current!.templates.append(Template(text: text, expression: try expression(text), line: number, asksFirst: true))
            } else if let value = line.dropPrefix("short:") {
                current!.shortForms.append(value.trimmingCharacters(in: " \t"))
            } else if let value = line.dropPrefix("quick:") {
                let parts = value.trimmingCharacters(in: " \t").split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let position = Int(parts[0]), position > 0 else {
                    throw GrammarError(line: number, message: "a quick action is written: quick: NUMBER Label")
                }
                current!.quickAction = (position, String(parts[1]))
            } else {
                current!.templates.append(Template(text: line, expression: try expression(line), line: number))
            }
        }
        finish()

        for block in document.intents where block.templates.isEmpty {
            throw GrammarError(line: block.line, message: "intent '\(block.intent.rawValue)' has no template sentences")
        }
        var quickNumbers: Set<Int> = []
        for block in document.intents {
            guard let quick = block.quickAction else { continue }
            guard quickNumbers.insert(quick.number).inserted else {
                throw GrammarError(line: block.line, message: "quick action \(quick.number) is given twice")
            }
        }
        return document
    }

    /// `text`, which starts at Character `start` of the statement, compiled; a mistake in it is
    /// reported at the line it is on, its column counted from where the expression starts on that
    /// line (from the line's start, on a line that continues it).
    private static func expression(_ text: String, in statement: GrammarStatement, at start: Int) throws(GrammarError) -> TemplateExpression {
        do {
            return try TemplateExpression.parse(text)
        } catch {
            let piece = statement.piece(at: start + error.column)
            let column = piece.start <= start ? error.column : start + error.column - piece.start
            throw GrammarError(line: piece.line, message: "\(error.message) (column \(column + 1)) in '\(text.trimmingCharacters(in: " "))'")
        }
    }
}

/// A grammar file that cannot be used, with the line to look at.
public struct GrammarError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String

    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "grammar line \(line): \(message)" }
}

extension StringProtocol {
    /// Drops the characters of `set` at both ends; `set` holds one-byte (ASCII) characters.
    func trimmingCharacters(in set: String) -> String {
        func isInSet(_ character: Character) -> Bool {
            // Comparing bytes, not Characters: this runs for every line of the grammar. A one-byte
            // Character is in the set when its byte is; any other is tested the slow way.
            character.utf8.count == 1 ? set.utf8.contains(character.utf8.first!) : set.contains(character)
        }
        var scalars = Substring(self)
        while let first = scalars.first, isInSet(first) { scalars.removeFirst() }
        while let last = scalars.last, isInSet(last) { scalars.removeLast() }
        return String(scalars)
    }

    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
