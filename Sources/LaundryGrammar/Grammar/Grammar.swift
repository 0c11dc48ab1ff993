import Foundation
import LaundryCore
/// What LaundryTime understands: the grammar file, compiled once, with its help texts.
///
/// ```swift
/// let grammar = try Grammar.english  // EnglishGrammar: Grammars/en.grammar, compiled at build time
/// let command = grammar.match("start wash for snowy", pets: PetNameIndex(names: ["Snowy"]))
/// // command.intent == .startWash, command[.pet]?.knownPet == "Snowy"
/// ```
public struct Grammar: Sendable {
    /// An intent as the grammar describes it, for help and suggestions.
    public struct IntentHelp: Equatable, Sendable {
        public let intent: Intent
        public let group: String
        public let summary: String
        public let examples: [String]
        /// Short forms, as typed at a shell prompt ("pet rm PET"), in capitals what to fill in.
        public let shortForms: [String]
        public let templates: [String]
        /// Those of its templates whose change is asked about before it is made (`ask:`).
        public let askingTemplates: [String]
        /// Its place in the quick-actions grid (`/quick`), if it has one.
        public let quickAction: QuickAction?
    }

    /// One cell of the quick-actions grid.
    public struct QuickAction: Sendable, Equatable {
        public let number: Int
        public let label: String
        public let intent: Intent
    }

    /// What the grammar's typed slots read, and how: its numbers, times and days.
    package var slotParsers: SlotParsers { matcher.words.slots }

    /// Every intent the grammar defines, in file order.
    public let intents: [IntentHelp]
    let matcher: Matcher
    /// Built on the first line that matches nothing: spelling out every template costs several
    /// times the rest of the load, and most sessions never need it.
    let suggester: LazySuggester
    /// Built on the first line with an unknown word: most lines never need it.
    private let corrector: Lazy<TypoCorrector>
    /// The learned fallback, read from its tables on the first line no template fits.
    private let classifier: LazyClassifier
    /// What a clause says about its command besides the command (``Cue``).
    let cueTable: CueTable

    /// The suggester and the typo corrector, built on first use (for ``holdsAWordOfACommand(_:)``
    /// and the cues, in Grammar+Cues.swift).
    var builtSuggester: Suggester { suggester.value }
    var typoCorrector: TypoCorrector { corrector.value }

    /// Compiles grammar source text. Such a grammar has no intent classifier (it is trained at
    /// build time): ``classify(_:)`` says so, and ``interpret(_:pets:limit:)`` guesses without it.
    public init(source: String) throws(GrammarError) {
        let document = try GrammarDocument.parse(source)
        matcher = Matcher(graph: try WordGraph(document: document), roles: WordRoles(document.wordLists))
        cueTable = CueTable(document: document, normalizer: matcher.graph.normalizer, graphWords: matcher.graph.wordsByID)
        suggester = LazySuggester(document: document)
        classifier = LazyClassifier(tables: nil, grammarSource: source)
        corrector = Lazy { [graph = matcher.graph, slots = matcher.words.slots] in
            TypoCorrector(vocabulary: Set(graph.vocabulary.keys).union(slots.vocabulary))
        }
        intents = document.intents.map { block in
            IntentHelp(intent: block.intent, group: block.group, summary: block.summary,
                       examples: block.examples, shortForms: block.shortForms, templates: block.templates.map(\.text),
                       askingTemplates: block.templates.filter(\.asksFirst).map(\.text),
                       quickAction: block.quickAction.map { QuickAction(number: $0.number, label: $0.label, intent: block.intent) })
        }
    }

    /// The grammar whose compiled ``tables(source:)`` these are, without compiling it again; `source`
    /// is the text they were compiled from. Tables of another text, or damaged ones, are an error.
    /// `classifier` are the tables of its trained intent classifier, read — and checked — only
    /// when first needed; so is the suggester's part of the tables.
    public init(tables: CompiledTables, source: String, classifier: IntentClassifier.Tables? = nil) throws(GrammarError) {
        let read = tables.text.withUnsafeBufferPointer { text in
            Result { () throws(GrammarError) in try Self.read(text, tables.numbers, source: source) }
        }
        let suggestions: Range<Int>
        (matcher, intents, cueTable, suggestions) = try read.get()
        suggester = LazySuggester(tables: .bytes(Array(tables.text[suggestions])))
        self.classifier = LazyClassifier(tables: classifier, grammarSource: source)
        corrector = Lazy { [graph = matcher.graph, slots = matcher.words.slots] in
            TypoCorrector(vocabulary: Set(graph.vocabulary.keys).union(slots.vocabulary))
        }
    }

    /// The same, for tables built into the binary — the text as a string literal, the numbers as
    /// an array literal: read where they lie, and not checked again. They were checked when the
    /// binary was built (the build compiled them from `source`, and the tests read them back
    /// through ``init(tables:source:classifier:)``, which checks every index and that they are
    /// `source`'s); checking them at every start was a tenth of reading them.
    public init(tables: StaticString, numbers: [Int32], source: String, classifier: IntentClassifier.Tables? = nil) throws(GrammarError) {
        let read = tables.withUTF8Buffer { text in
            Result { () throws(GrammarError) in try Self.read(text, numbers, source: source, checked: false) }
        }
        let suggestions: Range<Int>
        (matcher, intents, cueTable, suggestions) = try read.get()
        suggester = LazySuggester(tables: .literal(tables, suggestions))
        self.classifier = LazyClassifier(tables: classifier, grammarSource: source)
        corrector = Lazy { [graph = matcher.graph, slots = matcher.words.slots] in
            TypoCorrector(vocabulary: Set(graph.vocabulary.keys).union(slots.vocabulary))
        }
    }

    private static func read(
        _ tables: UnsafeBufferPointer<UInt8>, _ numbers: [Int32], source: String, checked: Bool = true
    ) throws(GrammarError) -> (Matcher, [IntentHelp], CueTable, suggestions: Range<Int>) {
        var reader = TableReader(tables, numbers: numbers)
        try reader.expect(GrammarTables.magic, "the format's mark")
        guard try reader.integer() == GrammarTables.formatVersion else {
            throw TableReader.damaged("they are of another format version; rebuild")
        }
        let sourceLength = try reader.integer(), fingerprint = try reader.integer()
        guard !checked || (sourceLength == source.utf8.count && fingerprint == GrammarTables.fingerprint(of: source)) else {
            throw TableReader.damaged("they were compiled from another grammar text")
        }
        let graph = try WordGraph(reading: &reader, checked: checked)
        let intentCases = Intent.allCases
        let intents = try reader.array { reader throws(GrammarError) in
            let intent = try reader.ordinal(in: intentCases)
            let group = try reader.string(), summary = try reader.string()
            let examples = try reader.strings(), shortForms = try reader.strings(), templates = try reader.strings()
            let asking = try reader.strings()
            let quickNumber = try reader.integer()
            let quickAction = quickNumber > 0 ? QuickAction(number: quickNumber, label: try reader.string(), intent: intent) : nil
            return IntentHelp(intent: intent, group: group, summary: summary, examples: examples, shortForms: shortForms,
                              templates: templates, askingTemplates: asking, quickAction: quickAction)
        }
        let cueKinds = Cue.Kind.allCases
        let cues = try reader.array { reader throws(GrammarError) in
            CueTable.Phrase(kind: try reader.ordinal(in: cueKinds), words: try reader.strings())
        }
        let roleCases = WordRole.allCases
        let roles = try reader.array { reader throws(GrammarError) in (role: try reader.ordinal(in: roleCases), words: try reader.strings()) }
        let wordFacts = LaidOutWordTable(graphWords: graph.wordsByID, extraWords: try reader.strings(), slots: FixedNumbers(try reader.fixed()),
                                         others: FixedNumbers(try reader.fixed()))
        let cueFirstWords = try CueTable.FirstWords(cues, table: LaidOutWordTable(
            graphWords: graph.wordsByID, extraWords: try reader.strings(), slots: FixedNumbers(try reader.fixed()),
            others: FixedNumbers(try reader.fixed())), groupNumbers: FixedNumbers(try reader.fixed()))
        // The suggester's part, behind its length: read on the first line no template fits.
        let length = try reader.count(), start = reader.offset
        try reader.skip(length)
        guard reader.isAtEnd else { throw TableReader.damaged("they go on after their end") }
        let words = WordRoles(roles, normalised: true)
        let matcher = Matcher(graph: graph, roles: words, wordFacts: wordFacts)
        guard !checked || wordFacts == LinePreparer.facts(graph: graph, slotVocabulary: matcher.words.slots.vocabulary) else {
            throw TableReader.damaged("the words' facts")
        }
        guard !checked || cueFirstWords == CueTable.FirstWords(cues, graphWords: graph.wordsByID) else {
            throw TableReader.damaged("the cues by their first word")
        }
        let cueTable = CueTable(phrases: cues, roles: words, graphWords: graph.wordsByID, firstWords: cueFirstWords)
        return (matcher, intents, cueTable, start..<start + length)
    }

    /// The command a line asks for; `unknown` when no template fits (see ``Matcher`` for the
    /// readings tried: pets first, then misspelt command words corrected, then unknown pets).
    public func match(_ line: String, pets: PetNameIndex = .empty) -> Command {
        // (The closure holds the corrector alone: holding `self` copied the whole grammar.)
        let corrector = corrector
        var read = LineReader(matcher: matcher, cues: cueTable).read(line, pets: pets, corrector: { corrector.value })
        bind(&read.command, in: line, prepared: read.line, pets: pets)
        return read.command
    }

    /// The command a line asks for — or, when no template fits, up to `limit` readings it may
    /// have meant: a misspelling read several ways, then the intents most like it, each with the
    /// slots the line holds (the user's pet and numbers, never an example's) and its sentence.
    ///
    /// The intents most like the line are those the intent classifier finds most probable (or,
    /// for a grammar without one, those sharing most words with it). When the classifier is at
    /// least ``IntentClassifier/highConfidence`` sure of one and its sentence holds what the line
    /// gives that intent (``Suggester/holdsWhatTheLineGives(_:_:)``), that reading comes first
    /// with the probability as its `confidence`; every other guess has none.
    public func interpret(_ text: String, pets: PetNameIndex = .empty, limit: Int = 3) -> Interpretation {
        interpret(text, pets: pets, limit: limit, byParts: true)
    }

    /// ``interpret(_:pets:limit:)`` of the line as a whole.
    func interpretWhole(_ text: String, pets: PetNameIndex, limit: Int) -> Interpretation {
        let corrector = corrector
        var read = LineReader(matcher: matcher, cues: cueTable).read(text, pets: pets, corrector: { corrector.value })
        bind(&read.command, in: text, prepared: read.line, pets: pets)
        guard read.command.intent == .unknown, let line = read.line else { return Interpretation(command: read.command, guesses: []) }
        let suggester = suggester.value
        var guesses = read.alternatives.compactMap { command in
            suggester.sentence(for: command.intent, slots: command.slots, closestTo: line.words)
                .map { Guess(command: command, sentence: $0, confidence: nil) }
        }
        let graph = matcher.graph
        let scores = try? classifier.value.classify(
            IntentClassifier.maskingPets(in: line.words, pets: pets) { graph.id(of: $0) >= 0 }, numberWords: numberWords)
        let sure = scores?.first.flatMap { $0.probability >= IntentClassifier.highConfidence && Self.mayBeGuessed($0.intent) ? $0 : nil }
        // Gibberish is offered nothing ("asdfgh" is not "fast, quit or hi"): a line the model is
        // not sure of, with no word of any command.
        guard sure != nil || !guesses.isEmpty || holdsAWordOfACommand(line) else {
            return Interpretation(command: .unknown, guesses: [])
        }
        func guess(_ command: Command, _ sentence: String) -> Guess {
            let confident = command.intent == sure?.intent && suggester.holdsWhatTheLineGives(
                command, line, original: text, pets: pets, words: matcher.words)
            return Guess(command: command, sentence: sentence, confidence: confident ? sure?.probability : nil)
        }
        // The reading the model is sure of leads: a misspelling's reading, or its sentence closest to the line.
        var leading = sure?.intent
        if let index = guesses.firstIndex(where: { $0.command.intent == leading }) {
            let reading = guesses.remove(at: index)
            guesses.insert(guess(reading.command, reading.sentence), at: 0)
            leading = nil
        }
        // The intents most like the line, then their sentences closest to it.
        let ranked = (scores?.map(\.intent) ?? suggester.intentsSharingWords(line.words))
            .filter { intent in Self.mayBeGuessed(intent) && intent != leading && !guesses.contains { $0.command.intent == intent } }
            .prefix(scores == nil ? Self.intentsConsidered : Self.intentsConsideredRanked)
        let suggested = suggester.suggestions(
            line, original: text, pets: pets, intents: Array(ranked), limit: max(limit - guesses.count, leading == nil ? 0 : 1),
            leading: leading, words: matcher.words)
        for (index, (command, sentence)) in suggested.enumerated() {
            if index == 0 && command.intent == leading {
                guesses.insert(guess(command, sentence), at: 0)
            } else {
                guesses.append(Guess(command: command, sentence: sentence, confidence: nil))
            }
        }
        return Interpretation(command: .unknown, guesses: Array(guesses.prefix(limit)))
    }

    /// How many intents a line no template fits is compared with, sentence by sentence: by the
    /// words they share with it, and by the classifier's ranking, which puts the intent meant
    /// nearer the top (spelling the sentences out is most of what such a line costs).
    static let intentsConsidered = 6
    static let intentsConsideredRanked = 4

    /// What a line no template fits may mean, by the learned intent classifier: every intent with
    /// its probability, most probable first. Its tables are read on the first call; damaged ones,
    /// or a grammar without a classifier, are an error (then, and on every later call).
    ///
    /// - Parameter words: the line's words, normalised and expanded as the matcher reads them, with
    ///   each word of a pet's name replaced by ``IntentClassifier/petPlaceholder``.
    public func classify(_ words: [String]) throws(GrammarError) -> [IntentClassifier.Score] {
        try classifier.value.classify(words, numberWords: numberWords)
    }

    /// The numbers this grammar says in words, one word each ("five", "forty", "hundred"): what the
    /// classifier masks as a number, in training and when asked.
    package var numberWords: Set<String> { matcher.words.slots.words.numberWords }

    /// The same for a line as typed: split into words and expanded as the matcher does, pets masked.
    public func classify(_ line: String, pets: PetNameIndex) throws(GrammarError) -> [IntentClassifier.Score] {
        let graph = matcher.graph
        let words = graph.normalizer.expand(Tokenizer.tokens(of: line)).map(\.word)
        return try classify(IntentClassifier.maskingPets(in: words, pets: pets) { graph.id(of: $0) >= 0 })
    }

    /// Whether the classifier's tables have been read (by a first ``classify(_:)``).
    package var classifierIsLoaded: Bool { classifier.isLoaded }

    /// The classifier itself, read if it was not yet.
    package var intentClassifier: IntentClassifier {
        get throws(GrammarError) { try classifier.value }
    }

    /// The grammar's sentence for a command, closest to the line typed: "how is Fluffy".
    public func sentence(for command: Command, typed text: String) -> String? {
        suggester.value.sentence(for: command.intent, slots: command.slots,
                                 closestTo: Tokenizer.tokens(of: text).map(\.word))
    }

    /// Every word any sentence uses, sorted: what Tab completes from where no sentence starts with
    /// the words typed (elsewhere, ``nextWords(after:pets:)``).
    public var completionWords: [String] {
        matcher.graph.wordsByID.sorted()
    }

    /// The quick actions, in their numbered order.
    public var quickActions: [QuickAction] {
        intents.compactMap(\.quickAction).sorted { $0.number < $1.number }
    }

    /// The help entry of one intent.
    public func help(for intent: Intent) -> IntentHelp? {
        intents.first { $0.intent == intent }
    }

    /// Whether the command was read by an `ask:` template: its change is to be asked about before
    /// it is made.
    public func asksFirst(_ command: Command) -> Bool {
        guard let template = command.template else { return false }
        return help(for: command.intent)?.askingTemplates.contains(template) == true
    }
}
