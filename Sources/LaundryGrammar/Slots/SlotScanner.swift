/// Finds slot values anywhere in a line no template fits, for the learned fallback: the user's
/// pet, a duration, a frequency, a range of time, a setting and its value, a file — wherever they
/// stand, read by the same parsers the templates use, so "buddys stuff needs like 90 mins in the
/// dryer" still gives Buddy and 90 minutes.
struct SlotScanner: Sendable {
    /// For the slots that take their words from value lists: each phrase, as normalised words,
    /// with the value it stands for, longest first.
    let phrases: [SlotKind: [(value: String, words: [String])]]

    init(phrases: [SlotKind: [(value: String, words: [String])]]) {
        self.phrases = phrases
    }

    init(document: GrammarDocument, normalizer: Normalizer) {
        var phrases: [SlotKind: [(value: String, words: [String])]] = [:]
        var seen: Set<String> = []
        for block in document.intents {
            for template in block.templates {
                for (kind, list) in Self.listSlots(in: template.expression, rules: document.rules, expanding: [])
                where seen.insert("\(kind.rawValue):\(list)").inserted {
                    for (value, expressions) in document.lists[list]?.entries ?? [] {
                        for expression in expressions {
                            for spelled in Self.spellings(of: expression) {
                                phrases[kind, default: []].append((value, normalizer.expand(spelled.map(Tokenizer.normalize))))
                            }
                        }
                    }
                }
            }
        }
        self.phrases = phrases.mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }

    /// Every slot value the line holds that `kinds` may use; typed values as the matcher gives
    /// them (minutes and days as whole numbers, a range's name, a list's value).
    func scan(_ line: Matcher.Line, original: String, pets: PetNameIndex, kinds: Set<SlotKind>, words: MatcherWords) -> [SlotKind: SlotValue] {
        scanned(line, original: original, pets: pets, kinds: kinds, words: words).slots
    }

    /// The same, with the positions of the words the values were read from.
    func scanned(
        _ line: Matcher.Line, original: String, pets: PetNameIndex, kinds: Set<SlotKind>, words: MatcherWords
    ) -> (slots: [SlotKind: SlotValue], used: Set<Int>) {
        var slots: [SlotKind: SlotValue] = [:]
        var used = Set<Int>()
        func text(_ range: Range<Int>) -> String {
            String(original[line.tokens[range.lowerBound].range.lowerBound..<line.tokens[range.upperBound - 1].range.upperBound])
        }
        if kinds.contains(.pet), let (range, pet) = self.pet(in: line, pets: pets) {
            slots[.pet] = SlotValue(text: PetNameIndex.withoutPossessive(text(range)), knownPet: pet)
            used.formUnion(range)
        }
        // Typed values: the longest run their parser reads, where no pet stands. Each kind reads
        // the line on its own ("40" may be minutes or days): an intent takes only its own kinds.
        let petWords = used
        let parsers = words.slots
        for kind in [SlotKind.range, .days, .minutes, .count] where kinds.contains(kind) {
            guard let (range, value) = longestRun(in: line, avoiding: petWords, kind: kind, parsers) else { continue }
            slots[kind] = SlotValue(text: text(range), content: value)
            used.formUnion(range)
        }
        // Each list's slot reads the line on its own too: "history" is an export's kind and a
        // help topic, and which took it first must not decide (a dictionary's order would).
        let beforeLists = used
        for (kind, phrases) in phrases where kinds.contains(kind) {
            guard let (range, value) = phrase(in: line, phrases, avoiding: beforeLists) else { continue }
            slots[kind] = SlotValue(text: text(range), content: SlotContent(fixed: value, for: kind))
            used.formUnion(range)
        }
        if kinds.contains(.path), let index = line.tokens.indices.first(where: { Self.looksLikeAPath(line.tokens[$0], original) }) {
            slots[.path] = SlotValue(text: String(original[line.tokens[index].chunk]))
            used.insert(index)
        }
        if kinds.contains(.name), let range = afterNaming(in: line, avoiding: used, leads: words.scannedNameLeads) {
            slots[.name] = SlotValue(text: text(range))
            used.formUnion(range)
        }
        return (slots, used)
    }

    /// The first of the user's pets the line names: by name, then by a close misspelling.
    private func pet(in line: Matcher.Line, pets: PetNameIndex) -> (Range<Int>, String?)? {
        for position in line.words.indices {
            if let match = pets.names(in: line.words, at: position).first {
                return (position..<position + match.length, pets.entries[match.entry].name)
            }
        }
        for position in line.words.indices where line.ids[position] < 0 {
            let close = pets.closeNames(in: line.words, at: position) { _ in false }
            if let length = close.first?.length, close.count == 1 { return (position..<position + length, nil) }
        }
        return nil
    }

    /// The longest run of words (at most the matcher's limit for a typed slot) that `parser`
    /// reads, outside `used`; a bare number only for a count, or when nothing longer reads.
    private func longestRun(
        in line: Matcher.Line, avoiding used: Set<Int>, kind: SlotKind, _ parsers: SlotParsers
    ) -> (Range<Int>, SlotContent)? {
        var best: (Range<Int>, SlotContent)?
        // Every parser refuses a run holding a word of letters it does not know ("thing"): no
        // run goes past one, and none is offered to a parser.
        let unknown = line.slotWords.map { word in
            word.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } && !parsers.hasWord(word)
        }
        for start in line.words.indices where !used.contains(start) {
            for length in 1...min(Matcher.parsedSlotMaximumWords, line.words.count - start) {
                if unknown[start + length - 1] { break }
                let range = start..<start + length
                guard !range.contains(where: used.contains), let value = parsers.read(kind, Array(line.slotWords[range])) else { continue }
                // "90" alone reads as minutes, days and a count: a unit makes it one of them.
                let bare = length == 1 && line.words[start].allSatisfy(\.isNumber)
                if bare && kind != .count && best != nil { continue }
                if best == nil || length > best!.0.count || (best!.0.count == 1 && !bare) { best = (range, value) }
            }
        }
        return best
    }

    private func phrase(in line: Matcher.Line, _ phrases: [(value: String, words: [String])], avoiding used: Set<Int>) -> (Range<Int>, String)? {
        for start in line.words.indices where !used.contains(start) {
            for phrase in phrases where start + phrase.words.count <= line.words.count {
                let range = start..<start + phrase.words.count
                if !range.contains(where: used.contains), Array(line.words[range]) == phrase.words { return (range, phrase.value) }
            }
        }
        return nil
    }

    /// A new name: the words after one of `leads` ("named", "called", "call it", "name it",
    /// "name is", "new name"; ``WordRole/scannedNameLead``) — up to a comma or the end of the line.
    private func afterNaming(in line: Matcher.Line, avoiding used: Set<Int>, leads cues: [[String]]) -> Range<Int>? {
        var start: Int?
        for position in line.words.indices {
            for cue in cues where position + cue.count <= line.words.count && Array(line.words[position..<position + cue.count]) == cue {
                start = position + cue.count
            }
        }
        guard let start, start < line.words.count else { return nil }
        var end = start
        while end < line.words.count, !used.contains(end), !Normalizer.isSymbols(line.words[end]) {
            end += 1
            // A comma ends a name ("name it Office, please").
            if line.tokens[end - 1].chunk.upperBound > line.tokens[end - 1].range.upperBound { break }
        }
        end = SlotTrimming.end(line, start..<end)
        return end > start ? start..<end : nil
    }

    private static func looksLikeAPath(_ token: Token, _ original: String) -> Bool {
        let chunk = original[token.chunk]
        guard chunk.count > 2 else { return false }
        if chunk.hasPrefix("/") && chunk.dropFirst().contains("/") { return true }
        if chunk.hasPrefix("~") || chunk.hasPrefix("./") { return true }
        guard let dot = chunk.lastIndex(of: "."), dot != chunk.startIndex else { return false }
        let extensionPart = chunk[chunk.index(after: dot)...]
        return (1...5).contains(extensionPart.count) && extensionPart.allSatisfy { $0.isLetter || $0.isNumber }
    }

    // MARK: - Reading the templates

    /// The value-list slots of an expression: (kind, list name).
    private static func listSlots(
        in expression: TemplateExpression, rules: [String: TemplateExpression], expanding: Set<String>
    ) -> [(SlotKind, String)] {
        switch expression {
        case .slot(let kind, let list?): [(kind, list)]
        case .slot, .word, .constant: []
        case .sequence(let items), .alternatives(let items): items.flatMap { listSlots(in: $0, rules: rules, expanding: expanding) }
        case .optional(let inner): listSlots(in: inner, rules: rules, expanding: expanding)
        case .rule(let name):
            expanding.contains(name) ? [] : rules[name].map { listSlots(in: $0, rules: rules, expanding: expanding.union([name])) } ?? []
        }
    }

    /// The word sequences a value-list phrase can be (phrases are plain words and alternatives).
    private static func spellings(of expression: TemplateExpression) -> [[String]] {
        switch expression {
        case .word(let word): [[word]]
        case .sequence(let items):
            items.reduce([[]]) { partial, item in partial.flatMap { prefix in spellings(of: item).map { prefix + $0 } } }
        case .alternatives(let options): options.flatMap(spellings(of:))
        case .optional(let inner): [[]] + spellings(of: inner)
        case .slot, .constant, .rule: [[]]
        }
    }
}
