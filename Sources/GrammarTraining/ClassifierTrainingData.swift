import Foundation
import LaundryCore
import LaundryGrammar
/// The sentences the intent classifier learns from, and the folds it is judged on.
///
/// Two sources, and no others:
/// 1. the grammar's own sentences, spelled out by ``TemplateSampler``;
/// 2. the sentence corpus, `Grammars/tests/<intent>.txt` and `unknown.txt` (pets Snowy, Fluffy
///    and Mr. Fluff).
///
/// The blind corpora (`Grammars/tests/blind-*.tsv`) are refused: they measure understanding as a
/// user who never saw the grammar would, so nothing may be tuned on them, the model least of all.
///
/// Each written sentence falls in one of four folds, by a hash of its masked words — so a sentence
/// lands in the same fold whichever file holds it and whatever else changes, and "wash snowy" and
/// "wash fluffy" land together. The shipped model learns from all of them; the figures come from
/// judging each fold by a model trained on the grammar and the other three
/// (``ClassifierEvaluation``, `scripts/classifier-report`).
package struct ClassifierTrainingData: Sendable {
    package enum Origin: String, Sendable, CaseIterable {
        case grammar, corpus
    }

    package struct Example: Sendable {
        /// Normalised, expanded words, pets masked (numbers are masked by the classifier).
        package let words: [String]
        package let intent: Intent
        package let origin: Origin
        /// For a written sentence, its fold (by the hash of its masked words), 0…3. Nil for the
        /// grammar's sentences, which every model learns from.
        package let fold: Int?
        /// The line as written, for a corpus sentence (the spelled sentence for the grammar's).
        package let text: String
    }

    /// What training reads: the grammar's text and the corpus files, each by its file name.
    package struct Inputs: Sendable {
        package var grammarSource: String
        package var files: [(name: String, text: String)]

        package init(grammarSource: String, files: [(name: String, text: String)]) {
            self.grammarSource = grammarSource
            self.files = files
        }

        /// FNV-1a over everything read, in order: the model's tables carry it, so that tables
        /// trained from other inputs are told apart.
        package var fingerprint: Int {
            var text = grammarSource
            for file in files { text += "\u{0}\(file.name)\u{0}\(file.text)" }
            return GrammarWordReader.fingerprint(of: text)
        }
    }

    /// The pets the sentence corpus is written for (Grammars/tests/README.md).
    package static let corpusPets = ["Snowy", "Fluffy", "Mr. Fluff"]
    /// How many different sentences of its templates an intent gets at most.
    static let sentencesPerIntent = 160
    /// The folds written sentences are split into.
    package static let folds = 4

    package let examples: [Example]

    package init(_ inputs: Inputs) throws(GrammarError) {
        let document = try GrammarDocument.parse(inputs.grammarSource)
        let reader = try Reader(document: document, pets: Self.corpusPets)
        let writtenReader = try Reader(document: document, pets: Self.blindPets)
        var examples: [Example] = []
        var sampler = TemplateSampler(document: document)
        // What an intent that is never guessed says is not learned as another's either (see
        // `Intent.isLearned`).
        let unlearned = document.intents.filter { !$0.intent.isLearned }
        let unlearnedLists = Set(unlearned.flatMap { $0.templates.flatMap { Self.lists(in: $0.expression, rules: document.rules) } })
        for var block in document.intents where block.intent.isLearned {
            block.templates.removeAll { !unlearnedLists.isDisjoint(with: Self.lists(in: $0.expression, rules: document.rules)) }
            for words in sampler.sentences(of: block, limit: Self.sentencesPerIntent) {
                examples.append(Example(words: words, intent: block.intent, origin: .grammar, fold: nil,
                                        text: words.joined(separator: " ")))
            }
        }
        for file in inputs.files {
            examples += Self.isWrittenTrainingFile(file.name) ? try writtenReader.written(file) : try reader.sentences(of: file)
        }
        // Every intent learns from its written sentences too; a new one must not be forgotten.
        let names = Set(inputs.files.map(\.name))
        for intent in document.intents.map(\.intent) + [.unknown] where !names.contains("\(intent.rawValue).txt") {
            throw GrammarError(line: 0, message: "\(intent.rawValue).txt is not among the classifier's training files")
        }
        self.examples = examples.filter(\.intent.isLearned)
    }

    /// The value lists an expression takes words from, through its rules too.
    private static func lists(in expression: TemplateExpression, rules: [String: TemplateExpression]) -> [String] {
        switch expression {
        case .slot(_, let list?): [list]
        case .slot, .word, .constant: []
        case .sequence(let items), .alternatives(let items): items.flatMap { lists(in: $0, rules: rules) }
        case .optional(let inner): lists(in: inner, rules: rules)
        case .rule(let name): rules[name].map { lists(in: $0, rules: rules) } ?? []
        }
    }

    /// Whether a file of Grammars/tests may be learned from: an intent's sentences or written
    /// training sentences, never a blind corpus (nor anything else).
    package static func isTrainingFile(_ name: String) -> Bool {
        isWrittenTrainingFile(name)
            || (!name.hasPrefix("blind-") && name.hasSuffix(".txt") && Intent(rawValue: String(name.dropLast(4))) != nil)
    }

    /// `training-*.tsv`: sentences written, as the blind corpora are, by writers who saw neither
    /// the grammar nor the tests — in the blind corpora's format, with their four pets — to be
    /// learned from. (A writer of a blind corpus never sees them either.)
    package static func isWrittenTrainingFile(_ name: String) -> Bool {
        name.hasPrefix("training-") && name.hasSuffix(".tsv")
    }

    /// The pets the blind corpora are written for (Grammars/tests/README.md).
    package static let blindPets = ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"]

    /// The lines of a blind corpus (`sentence<TAB>intent<TAB>…`), read as examples to measure a
    /// model with — never to train one (they have no fold, and `ClassifierTrainingData` refuses
    /// the file).
    package static func measured(blindCorpus text: String, grammarSource: String) throws(GrammarError) -> [Example] {
        let reader = try Reader(document: try GrammarDocument.parse(grammarSource), pets: blindPets)
        return try reader.tabSeparated(text, folded: false)
    }

    /// Reads corpus lines as the matcher reads a typed line: split, expanded, pets masked.
    private struct Reader {
        let reader: GrammarWordReader
        let pets: PetNameIndex
        /// What the corpus files' lines are trimmed of.
        static let blanks = CharacterSet(charactersIn: " \t\r")

        init(document: GrammarDocument, pets: [String]) throws(GrammarError) {
            reader = try GrammarWordReader(withVocabularyOf: document)
            self.pets = PetNameIndex(names: pets)
        }

        func words(of text: String) -> [String] {
            IntentClassifier.maskingPets(in: reader.words(of: text), pets: pets, isGrammarWord: reader.isGrammarWord)
        }

        /// The sentences of a written training file (`sentence<TAB>intent<TAB>…`), as examples.
        func written(_ file: (name: String, text: String)) throws(GrammarError) -> [Example] {
            do {
                return try tabSeparated(file.text, folded: true)
            } catch {
                throw GrammarError(line: error.line, message: "\(file.name): \(error.message)")
            }
        }

        /// Lines of `sentence<TAB>intent<TAB>…`, as examples: each in its fold when `folded`.
        func tabSeparated(_ text: String, folded: Bool) throws(GrammarError) -> [Example] {
            var examples: [Example] = []
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if line.trimmingCharacters(in: Self.blanks).isEmpty || line.hasPrefix("#") { continue }
                guard fields.count >= 2, let intent = Intent(rawValue: String(fields[1])) else {
                    throw GrammarError(line: offset + 1, message: "expected a sentence, a tab and an intent's name")
                }
                let text = String(fields[0])
                let masked = words(of: text)
                examples.append(Example(words: masked, intent: intent, origin: .corpus,
                                        fold: folded ? ClassifierTrainingData.fold(of: masked) : nil, text: text))
            }
            return examples
        }

        /// The sentences of one corpus file ("sentence => slots" lines), as examples.
        func sentences(of file: (name: String, text: String)) throws(GrammarError) -> [Example] {
            guard ClassifierTrainingData.isTrainingFile(file.name), let intent = Intent(rawValue: String(file.name.dropLast(4))) else {
                throw GrammarError(line: 0, message: "\(file.name): not a file to train on (only the <intent>.txt and training-*.tsv files of "
                    + "Grammars/tests; a blind corpus is measured, never learned from)")
            }
            var examples: [Example] = []
            for line in file.text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: Self.blanks)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                let sentence = trimmed.components(separatedBy: " => ")[0]
                let text = sentence.hasSuffix(" =>") ? String(sentence.dropLast(3)) : sentence
                let masked = words(of: text)
                examples.append(Example(words: masked, intent: intent, origin: .corpus, fold: ClassifierTrainingData.fold(of: masked),
                                        text: text))
            }
            return examples
        }
    }

    /// Which fold a written sentence is in, by the hash of its masked words.
    static func fold(of words: [String]) -> Int {
        Int(UInt(bitPattern: GrammarWordReader.fingerprint(of: words.joined(separator: " "))) % UInt(folds))
    }

    /// The examples a model judged on `fold` learns from: the grammar's and the other folds'.
    package func training(leavingOut fold: Int?) -> [Example] {
        examples.filter { $0.fold == nil || $0.fold != fold }
    }

    package func written(in fold: Int) -> [Example] { examples.filter { $0.fold == fold } }
}
