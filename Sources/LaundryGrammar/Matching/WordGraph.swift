import LaundryCore
/// The grammar compiled into one word graph (a Thompson-style automaton without loops).
///
/// Every template becomes a path from its own start node to a node that accepts it; `(a|b)`
/// branches, `[x]` adds a skip edge, `<rule>` is inlined. Literal words are interned to integers
/// so matching compares numbers, not strings. The same graph will give completion candidates:
/// the next possible words at a node are its outgoing edges.
///
/// The edges are stored flat, grouped by node (`edges(of:)`), and hold no references, so the
/// matcher can walk them without copying arrays or counting references. A class, so that passing
/// the matcher around (into closures, at every step of a walk) shares one graph instead of
/// retaining each of its twenty arrays; it is never changed after it is built, hence Sendable —
/// and its properties are `@exclusivity(unchecked)`: as ordinary class properties, every read
/// during a walk was checked for a conflicting write at run time (about 3 % of matching).
final class WordGraph: @unchecked Sendable {
    enum Label: Equatable, Sendable {
        case word(Int32)
        /// A typed slot; `ordinal` is the kind's place in `SlotKind.allCases`, so that the matcher
        /// can keep what it found for the slot in an array; `next` is the index into `nextWords`
        /// of what can follow the slot's words.
        case slot(SlotKind, ordinal: Int32, next: Int32)
        case skip
        /// A value-list slot starts here: the words up to its `close` are the slot's.
        case open(SlotKind)
        /// A value-list slot ends here, standing for `values[value]`.
        case close(SlotKind, value: Int32)
        /// A slot with a fixed value, taking no words.
        case constant(SlotKind, value: Int32)
    }

    struct Edge: Equatable, Sendable {
        let label: Label
        let target: Int32
    }

    /// What can come right after a slot's words: one of some literal words, or — when
    /// `anything` — whatever word (a slot or the end of the template can come next).
    struct NextWords: Equatable, Sendable {
        /// The ids of the literal words, as a range of `nextWordIDs`.
        let words: Range<Int>
        let anything: Bool
    }

    struct CompiledTemplate: Equatable, Sendable {
        let intent: Intent
        let text: String
        let start: Int32
    }

    /// Every edge, grouped by the node it leaves; within a node, in the order the template gives
    /// them (the order in which the matcher tries them, which decides ties) — but for runs of
    /// word edges, sorted by word (``sortingWordRuns(_:edgeStarts:)``). Read where the tables lie.
    @exclusivity(unchecked) private(set) var edges = EdgeTable(numbers: [])
    /// Node `n`'s edges are `edges[edgeStarts[n] ..< edgeStarts[n + 1]]`.
    @exclusivity(unchecked) private(set) var edgeStarts: FixedNumbers = []
    /// Each edge's word id (-1: not a word edge), and for a word edge the index after its run of
    /// word edges (``Matcher/wordRuns(_:edgeStarts:)``): worked out when the grammar is compiled,
    /// kept in the tables.
    @exclusivity(unchecked) private(set) var wordIDs: FixedNumbers = [], runEnds: FixedNumbers = []
    /// By node: the index into `templates` of the template that ends there, or -1.
    @exclusivity(unchecked) private(set) var accepts: FixedNumbers = []
    /// By node: the fewest words a path from the node to its template's end takes.
    @exclusivity(unchecked) private(set) var minimumWords: FixedNumbers = []
    /// By node: the most words a path from the node to its template's end takes, counting a
    /// `{pet}` as at most `SlotKind.unknownPetMaximumWords` words (the matcher does not use it
    /// when a pet's name is longer); `WordGraph.unbounded` after a free-text slot.
    @exclusivity(unchecked) private(set) var maximumWords: FixedNumbers = []
    /// By node: the most literal words a path from the node to its template's end matches
    /// (``GraphAnalysis/mostLiterals()``); -1 when none ends.
    @exclusivity(unchecked) private(set) var mostLiterals: FixedNumbers = []
    @exclusivity(unchecked) private(set) var templates: [CompiledTemplate] = []

    /// The intents some template of which has a `{pet}`.
    @exclusivity(unchecked) private(set) var intentsTakingPet: Set<Intent> = []

    /// By word id: the templates a line starting with that word may fit — those that can begin
    /// with the word and those that may start anywhere — in template order; word `w`'s are
    /// `templatesByFirstWord[firstWordStarts[w] ..< firstWordStarts[w + 1]]`. All in one array, so
    /// that a grammar read from the tables built in uses them where they lie (most of the
    /// tables' numbers, as every word's list holds the templates that start anywhere).
    @exclusivity(unchecked) private(set) var templatesByFirstWord: ArraySlice<Int32> = []
    @exclusivity(unchecked) private(set) var firstWordStarts: FixedNumbers = [0]
    /// The templates that may start anywhere (with a slot, or with nothing), in template order:
    /// the only ones a line can fit when its first word is in no template.
    @exclusivity(unchecked) private(set) var templatesStartingAnywhere: [Int32] = []
    /// The templates that may start with a `{pet}` slot and with nothing else but words ("{pet}
    /// is drying"), in template order: a line fits one only where a pet can be named first — a
    /// pet's name, a pronoun, a word no template has (a misspelt name), or any words when pets
    /// may be unknown. (By its words too, in ``templatesByFirstWord``.)
    @exclusivity(unchecked) private(set) var templatesStartingWithPet: [Int32] = []
    /// By template: the words every path through it takes (``GraphAnalysis/requiredWords(of:)``): a line that
    /// lacks one is not walked through it.
    @exclusivity(unchecked) private(set) var templateRequiredWords: [ArraySlice<Int32>] = []
    /// By template: sets of words a line must hold one of each (``GraphAnalysis/requiredChoices(of:)``).
    @exclusivity(unchecked) private(set) var templateRequiredChoices: [[ArraySlice<Int32>]] = []
    /// By the `next` of slot labels: what can follow the slot's words. The matcher does not try a
    /// way of filling a slot when the word after it cannot go on.
    @exclusivity(unchecked) private(set) var nextWords: [NextWords] = []
    /// The word ids of every `NextWords`, one after another.
    @exclusivity(unchecked) private(set) var nextWordIDs: FixedNumbers = []
    @exclusivity(unchecked) private(set) var vocabulary: [String: Int32] = [:]
    /// Every word of the vocabulary, by its id.
    @exclusivity(unchecked) private(set) var wordsByID: [String] = []
    /// The values of value-list slots, by index.
    @exclusivity(unchecked) private(set) var values: [String] = []
    /// By value: its slot kind's place (``valueKinds(count:edges:)``); the same values as what
    /// they stand for, read once (``contents(of:kinds:)``) — from the tables built in, on the first
    /// line that takes a value (reading them was a fiftieth of a one-shot `/status`, perf).
    @exclusivity(unchecked) private(set) var valueKinds: FixedNumbers = []
    @exclusivity(unchecked) private var readContents = Lazy<[SlotContent]>(made: [])
    var contents: [SlotContent] { readContents.value }
    /// What happens to a line before it is matched (and to the grammar's own words when compiled).
    @exclusivity(unchecked) private(set) var normalizer = Normalizer.empty

    var nodeCount: Int { accepts.count }

    /// A `maximumWords` without a limit.
    static let unbounded = Int32.max

    init(document: GrammarDocument) throws(GrammarError) {
        normalizer = Normalizer(document: document)
        var builder = Builder(lists: document.lists, normalizer: normalizer)
        for block in document.intents {
            for template in block.templates {
                let start = builder.newNode()
                let end = try builder.compile(template.expression, from: start, rules: document.rules, line: template.line, expanding: [])
                builder.accepts[Int(end)] = Int32(templates.count)
                templates.append(CompiledTemplate(intent: block.intent, text: template.text, start: start))
            }
        }
        vocabulary = builder.vocabulary
        wordsByID = [String](repeating: "", count: vocabulary.count)
        for (word, id) in vocabulary { wordsByID[Int(id)] = word }
        values = builder.values
        intentsTakingPet = Self.intentsTakingPet(templates)
        accepts = FixedNumbers(builder.accepts)
        var (edges, starts) = builder.edgesByNode()
        edgeStarts = FixedNumbers(starts)
        let (ids, ends) = Matcher.wordRuns(edges, edgeStarts: starts)
        (wordIDs, runEnds) = (FixedNumbers(ids), FixedNumbers(ends))
        valueKinds = FixedNumbers(try Self.valueKinds(count: values.count, edges: edges))
        let contents = try Self.contents(of: values, kinds: valueKinds)
        readContents = Lazy(made: contents)
        // Slot labels change below, but not their kind, nor any edge's target: all it reads.
        let analysis = GraphAnalysis(edges: edges, edgeStarts: starts, accepts: builder.accepts)
        var nextWordIDs: [Int32] = []

        // Slots are compiled before what follows them, so only now is all that can follow known.
        for index in edges.indices {
            guard case .slot(let kind, let ordinal, _) = edges[index].label else { continue }
            let target = edges[index].target
            let (words, anything, _) = analysis.firstWords(from: target)
            nextWords.append(NextWords(words: nextWordIDs.count..<nextWordIDs.count + words.count, anything: anything))
            nextWordIDs += words.sorted()
            edges[index] = Edge(label: .slot(kind, ordinal: ordinal, next: Int32(nextWords.count - 1)), target: target)
        }
        self.edges = EdgeTable(edges)
        self.nextWordIDs = FixedNumbers(nextWordIDs)
        let (minimum, maximum) = analysis.wordBounds()
        (minimumWords, maximumWords) = (FixedNumbers(minimum), FixedNumbers(maximum))
        mostLiterals = FixedNumbers(analysis.mostLiterals())

        templateRequiredWords = analysis.requiredWords(of: templates).map { $0[...] }
        templateRequiredChoices = analysis.requiredChoices(of: templates).map { $0.map { $0[...] } }
        var byFirstWord = [[Int32]](repeating: [], count: vocabulary.count)
        for (index, template) in templates.enumerated() {
            let (words, anything, onlyPet) = analysis.firstWords(from: template.start)
            if onlyPet {
                templatesStartingWithPet.append(Int32(index))
                for word in words { byFirstWord[Int(word)].append(Int32(index)) }
            } else if anything {
                templatesStartingAnywhere.append(Int32(index))
                for word in byFirstWord.indices { byFirstWord[word].append(Int32(index)) }
            } else {
                for word in words { byFirstWord[Int(word)].append(Int32(index)) }
            }
        }
        templatesByFirstWord = ArraySlice(byFirstWord.joined())
        var firstWordStarts: [Int32] = [0]
        for list in byFirstWord { firstWordStarts.append(firstWordStarts.last! + Int32(list.count)) }
        self.firstWordStarts = FixedNumbers(firstWordStarts)
    }

    /// A graph read back from what ``write(to:)`` wrote, its arrays used where they lie. When
    /// `checked`, every index the matcher will follow is checked here, once, so that damaged
    /// tables are an error and not a crash in the middle of a match; the tables built into the
    /// binary were checked when they were built (and a test reads them checked), so a start does
    /// not check them again.
    init(reading reader: inout TableReader, checked: Bool = true) throws(GrammarError) {
        let intents = Intent.allCases
        let words = try reader.strings()
        wordsByID = words
        vocabulary.reserveCapacity(words.count)
        for (id, word) in words.enumerated() { vocabulary[word] = Int32(id) }
        values = try reader.strings()
        var expansions: [String: [String]] = [:]
        for _ in 0..<(try reader.integer(in: 0..<100_000)) {
            let word = try reader.string()
            expansions[word] = try reader.strings()
        }
        let skipPhrases = try reader.array { reader throws(GrammarError) in try reader.strings() }
        let alike = try reader.strings(), meant = try reader.strings()
        guard alike.count == meant.count else { throw TableReader.damaged("homophones without their words") }
        normalizer = Normalizer(expansions: expansions, skipPhrases: skipPhrases,
                                homophones: Dictionary(zip(alike, meant), uniquingKeysWith: { first, _ in first }), ordered: !checked)
        templates = try reader.array { reader throws(GrammarError) in
            CompiledTemplate(intent: try reader.ordinal(in: intents), text: try reader.string(), start: try reader.int32())
        }
        accepts = FixedNumbers(try reader.fixed())
        edgeStarts = FixedNumbers(try reader.fixed())
        edges = EdgeTable(numbers: FixedNumbers(try reader.fixed()))
        wordIDs = FixedNumbers(try reader.fixed())
        runEnds = FixedNumbers(try reader.fixed())
        minimumWords = FixedNumbers(try reader.fixed())
        maximumWords = FixedNumbers(try reader.fixed())
        mostLiterals = FixedNumbers(try reader.fixed())
        firstWordStarts = FixedNumbers(try reader.fixed())
        templatesByFirstWord = try reader.fixed()
        templatesStartingAnywhere = try reader.fixedArray()
        templatesStartingWithPet = try reader.fixedArray()
        templateRequiredWords = try templates.map { _ throws(GrammarError) in try reader.fixed() }
        templateRequiredChoices = try templates.map { _ throws(GrammarError) in
            try reader.array { reader throws(GrammarError) in try reader.fixed() }
        }
        let next = FixedNumbers(try reader.fixed())
        guard next.count % 3 == 0 else { throw TableReader.damaged("slot followers of \(next.count) numbers") }
        nextWords = try stride(from: 0, to: next.count, by: 3).map { start throws(GrammarError) in
            let lower = Int(next[start]), upper = Int(next[start + 1])
            guard 0 <= lower, lower <= upper, 0...1 ~= next[start + 2] else { throw TableReader.damaged("a word range \(lower)..<\(upper)") }
            return NextWords(words: lower..<upper, anything: next[start + 2] == 1)
        }
        nextWordIDs = FixedNumbers(try reader.fixed())
        valueKinds = FixedNumbers(try reader.fixed())
        let takingPet = try reader.fixed()
        guard takingPet.allSatisfy({ 0 <= $0 && Int($0) < intents.count }) else { throw TableReader.damaged("an intent taking a pet") }
        intentsTakingPet = Set(takingPet.map { intents[Int($0)] })
        if checked {
            guard intentsTakingPet == Self.intentsTakingPet(templates) else { throw TableReader.damaged("the intents taking a pet") }
            let list = try edges.checkedList()
            try checkIndices(list)
            guard try Self.valueKinds(count: values.count, edges: list) == valueKinds.array else { throw TableReader.damaged("the values' kinds") }
        }
        if checked {
            let contents = try Self.contents(of: values, kinds: valueKinds)
            readContents = Lazy(made: contents)
        } else {
            // Checked when they were built: a value they hold is one of its slot's.
            readContents = Lazy { [values, valueKinds] in (try? Self.contents(of: values, kinds: valueKinds)) ?? values.map { .listed($0) } }
        }
    }

    /// That every index in the graph points at something: what ``init(reading:)`` promises.
    private func checkIndices(_ edges: [Edge]) throws(GrammarError) {
        func check(_ value: Int32, below limit: Int, _ what: String) throws(GrammarError) {
            guard value >= 0, Int(value) < limit else { throw TableReader.damaged("\(what) \(value) of \(limit)") }
        }
        let nodes = accepts.count, slotKinds = SlotKind.allCases
        let (accepts, edgeStarts, firstWordStarts) = (accepts.array, edgeStarts.array, firstWordStarts.array)
        let (wordIDs, runEnds, nextWordIDs) = (wordIDs.array, runEnds.array, nextWordIDs.array)
        guard edgeStarts.count == nodes + 1, edgeStarts.first == 0, edgeStarts.last.map(Int.init) == edges.count,
              zip(edgeStarts, edgeStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
              minimumWords.count == nodes, maximumWords.count == nodes, mostLiterals.count == nodes,
              firstWordStarts.count == vocabulary.count + 1, firstWordStarts.first == 0,
              firstWordStarts.last.map(Int.init) == templatesByFirstWord.count,
              zip(firstWordStarts, firstWordStarts.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw TableReader.damaged("the node tables do not agree") }
        for accept in accepts where accept != -1 { try check(accept, below: templates.count, "template") }
        for template in templates { try check(template.start, below: nodes, "start node") }
        for template in templatesByFirstWord { try check(template, below: templates.count, "template") }
        for template in templatesStartingAnywhere { try check(template, below: templates.count, "template") }
        for words in templateRequiredWords + templateRequiredChoices.joined() {
            for id in words { try check(id, below: vocabulary.count, "word") }
        }
        for id in nextWordIDs { try check(id, below: vocabulary.count, "word") }
        for next in nextWords where next.words.upperBound > nextWordIDs.count {
            throw TableReader.damaged("a word range ends at \(next.words.upperBound) of \(nextWordIDs.count)")
        }
        guard wordIDs.count == edges.count, runEnds.count == edges.count else { throw TableReader.damaged("the word runs do not agree with the edges") }
        for (index, edge) in edges.enumerated() {
            // The walk looks at the edges from a word edge to its run's end.
            let word: Int32 = if case .word(let id) = edge.label { id } else { -1 }
            guard wordIDs[index] == word, word < 0 ? runEnds[index] == -1 : index < runEnds[index] && Int(runEnds[index]) <= edges.count else {
                throw TableReader.damaged("edge \(index)'s word run")
            }
            try check(edge.target, below: nodes, "node")
            switch edge.label {
            case .word(let id): try check(id, below: vocabulary.count, "word")
            case .slot(let kind, let ordinal, let next):
                // The matcher keeps a slot's words at the kind's place in `SlotKind.allCases`.
                try check(ordinal, below: slotKinds.count, "slot")
                guard slotKinds[Int(ordinal)] == kind else { throw TableReader.damaged("slot {\(kind.rawValue)} has place \(ordinal)") }
                try check(next, below: nextWords.count, "slot follower")
            case .close(_, let value), .constant(_, let value): try check(value, below: values.count, "value")
            case .skip, .open: break
            }
        }
    }

    /// The edges with each node's runs of word edges (side by side, nothing between them) sorted by
    /// word id, stably. Two word edges of different words never both fit a word of a line, so
    /// their order decides nothing; edges of one word, and every other edge, keep the order the
    /// template gives them, which decides ties. Done when the graph is built, so that reading the
    /// tables at start does no sorting.
    static func sortingWordRuns(_ edges: [Edge], edgeStarts: [Int32]) -> [Edge] {
        func id(_ edge: Edge) -> Int32 { if case .word(let id) = edge.label { id } else { -1 } }
        var edges = edges
        for node in 0..<max(edgeStarts.count - 1, 0) {
            var index = Int(edgeStarts[node])
            let end = Int(edgeStarts[node + 1])
            while index < end {
                guard id(edges[index]) >= 0 else {
                    index += 1
                    continue
                }
                var runEnd = index
                while runEnd < end, id(edges[runEnd]) >= 0 { runEnd += 1 }
                let sorted = edges[index..<runEnd].enumerated().sorted { (id($0.element), $0.offset) < (id($1.element), $1.offset) }
                for (offset, item) in sorted.enumerated() { edges[index + offset] = item.element }
                index = runEnd
            }
        }
        return edges
    }

    /// The interned id of a normalised word, or -1 when no template uses it.
    func id(of word: String) -> Int32 { vocabulary[word] ?? -1 }

    /// The indices into `edges` of a node's edges.
    func edges(of node: Int32) -> Range<Int> {
        Int(edgeStarts[Int(node)])..<Int(edgeStarts[Int(node) + 1])
    }

    /// Whether a slot's words can be followed by the word with id `word` (-1: not in the grammar).
    func slotCanBeFollowed(_ next: Int32, by word: Int32) -> Bool {
        let nextWords = nextWords[Int(next)]
        return nextWords.anything || nextWordIDs[nextWords.words].contains(word)
    }

    /// The templates a line whose first word has id `firstWord` may fit, in template order.
    func templates(startingWith firstWord: Int32) -> ArraySlice<Int32> {
        guard firstWord >= 0 else { return templatesStartingAnywhere[...] }
        let start = templatesByFirstWord.startIndex
        return templatesByFirstWord[start + Int(firstWordStarts[Int(firstWord)])..<start + Int(firstWordStarts[Int(firstWord) + 1])]
    }
}
