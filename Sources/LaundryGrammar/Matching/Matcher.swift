import Synchronization

/// Finds the template that fits a line best.
///
/// Every template whose first word could fit is walked depth-first over the word graph. Filler
/// the grammar's `skip` lines name ("please", "could you", "!!") may be passed over anywhere
/// between a template's parts. Of all complete paths, the best one wins by a stated ranking:
/// 1. more literal words matched (a specific template beats a general one; words of a value
///    list count as literal) — but a word that is also one of the user's pet names does not
///    count as a literal, so the reading where it is the pet wins ("make buddy dry for 80 mins"
///    with a pet called Buddy is about Buddy, not a new pet called "dry for 80 mins"); and a
///    reading that takes such a word as the grammar's to make a new name is no reading at all
///    ("make buddy due daily" names no pet "due daily") — except "pet" itself;
/// 2. more `{pet}` slots that name one of the user's pets (or by a pronoun);
/// 3. more that name one by a close misspelling;
/// 4. fewer words of symbols passed over ("create pet 👨‍👩‍👧" names a pet; filler phrases like
///    "please" do not count here);
/// 5. fewer words taken by free-text slots (typed words beat free text);
/// 6. the template written first in the grammar file.
///
/// A `{pet}` slot takes a pet's name (as typed, without accents, possessive, misspelt), or a
/// pronoun. Only when no such reading of the line exists (``Options/unknownPets``) may it take up
/// to three other words, for the "there is no pet called …" reply.
///
/// The walk runs for every line typed, so it avoids work that cannot change the result: it does
/// not go where the rest of the line cannot fit (each node knows how few and how many words can
/// still follow it), works out the ways a slot can take words at a position once per line,
/// keeps captures as indices, turning only the winner's into text — and, on a line with words to
/// pass over, does not walk on from a place that a path with as good a score already reached
/// (``Walk/reached``), so that filler cannot make the work grow faster than the line.
final class Matcher: Sendable {
    /// Counts the steps of every walk made while it is set, so that a test can hold the walk's
    /// work to a bound without timing it (the walk adds its count once, when it ends).
    package final class WorkCounter: Sendable {
        private let counted = Atomic<Int>(0)
        package init() {}
        /// The steps counted so far.
        package var steps: Int { counted.load(ordering: .relaxed) }
        func add(_ steps: Int) { counted.add(steps, ordering: .relaxed) }
    }

    /// The counter the walks made in this task add their steps to, if any.
    @TaskLocal package static var workCounter: WorkCounter?

    let graph: WordGraph
    /// The graph's arrays the walk reads at every step, copied here (a copy shares the storage):
    /// read through `graph` instead, each step loads one more reference, about 3 % of matching
    /// (callgrind: 35,600 → 36,700 instructions a line).
    let edges: WordGraph.EdgeTable, edgeStarts: FixedNumbers, accepts: FixedNumbers, minimumWords: FixedNumbers,
        maximumWords: FixedNumbers, mostLiterals: FixedNumbers
    /// Each edge's word id (-1: not a word edge), and for a word edge, the index after its run of
    /// word edges side by side in its node — sorted by word (``WordGraph/sortingWordRuns(_:edgeStarts:)``),
    /// so the walk finds the ones that fit a word without looking at the others.
    let wordIDs: FixedNumbers, runEnds: FixedNumbers

    /// Makes a line ready to walk.
    let preparer: LinePreparer
    /// The grammar's words for a pronoun, a pet, a new name's start.
    let words: MatcherWords

    /// By template: the words it cannot fit a line without (``GraphAnalysis/requiredWords(of:)``).
    private let requiredWords: [ArraySlice<Int32>]
    /// By template: the sets of words it cannot fit a line without one of each
    /// (``GraphAnalysis/requiredChoices(of:)``).
    private let requiredChoices: [[ArraySlice<Int32>]]

    /// `wordFacts`: the line preparer's table as the grammar's tables hold it, or nil to make it.
    init(graph: WordGraph, roles: WordRoles, wordFacts: LaidOutWordTable? = nil) {
        self.graph = graph
        words = MatcherWords(roles, wordFacts: wordFacts)
        requiredWords = graph.templateRequiredWords
        requiredChoices = graph.templateRequiredChoices
        (edges, edgeStarts, accepts) = (graph.edges, graph.edgeStarts, graph.accepts)
        (wordIDs, runEnds) = (graph.wordIDs, graph.runEnds)
        (minimumWords, maximumWords, mostLiterals) = (graph.minimumWords, graph.maximumWords, graph.mostLiterals)
        preparer = LinePreparer(graph: graph, facts: wordFacts ?? LinePreparer.facts(graph: graph, slotVocabulary: words.slots.vocabulary))
    }

    /// The line ready to walk (``LinePreparer/prepare(_:pets:)``); nil when it is empty or too long.
    func prepare(_ line: String, pets: PetNameIndex) -> Line? {
        preparer.prepare(line, pets: pets)
    }

    /// The line with some words read as others, prepared anew (``LinePreparer/prepare(_:replacing:line:pets:)``).
    func prepare(_ line: Line, replacing replacements: [Int: String], original: String, pets: PetNameIndex) -> Line {
        preparer.prepare(line, replacing: replacements, line: original, pets: pets)
    }

    /// How freely a pass reads the line.
    struct Options {
        /// Whether a `{pet}` may take words that name none of the user's pets.
        var unknownPets = false
        /// Whether the walk stops a path at a place an earlier path reached with a score as good
        /// (``Walk/reached``); off only for the tests that hold it to the walk of every path.
        var remembersPlaces = true
    }

    /// A line ready to be walked: its tokens (expanded), their ids, and what may be skipped.
    struct Line {
        let tokens: [Token]
        var words: [String]
        var ids: [Int32]
        /// The words typed slots' parsers read (see ``LinePreparer/slotWords(_:_:_:)``).
        var slotWords: [String]
        /// By position: where a skippable stretch starting there ends (empty: nothing skippable).
        let skips: [[Normalizer.Skip]]
        /// By position: whether the word is part of one of the user's pet names, as typed; empty
        /// when none is (``isPetWord(_:)``).
        let petWords: [Bool]
        /// By position: the user's pets named there ((length, entry), longest first); empty when
        /// the line names none (``pets(at:)``).
        let petNames: [[PetMatch]]
        /// By position: how many of the words from there on may be passed over, at most; empty
        /// when none may (``skippable(from:)``).
        let skippableCounts: [Int]
        /// By position: how many words from there on could be read by a number slot's parser
        /// (``SlotParsers/mayRead(_:)``): a parsed slot is offered no more than these. Empty when
        /// no word could (``numberWords(from:)``).
        var numberWordCounts: [Int]

        // Most lines name no pet, pass nothing over and hold no number: those arrays are then
        // left empty instead of made full of nothing, a few allocations less for every line.

        /// Whether the word at `position` is part of one of the user's pet names, as typed.
        func isPetWord(_ position: Int) -> Bool { !petWords.isEmpty && petWords[position] }
        /// The user's pets named at `position` ((length, entry), longest first).
        func pets(at position: Int) -> [PetMatch] { petNames.isEmpty ? [] : petNames[position] }
        /// How many of the words from `position` on may be passed over, at most.
        func skippable(from position: Int) -> Int { skippableCounts.isEmpty ? 0 : skippableCounts[position] }
        /// How many words from `position` on could be read by a number slot's parser.
        func numberWords(from position: Int) -> Int { numberWordCounts.isEmpty ? 0 : numberWordCounts[position] }
    }

    /// A slot's words on the path being walked. Its value and pet are indices, so that copying a
    /// capture (the walk does so at every step) costs no reference counting.
    struct Capture {
        let kind: SlotKind
        let start: Int
        var end: Int
        /// Index into the pets' `entries` of the pet the words name exactly.
        var knownPet: Int?
        var value: CapturedValue?
        var isPronoun = false
        var isFreeText = false
    }

    /// Where a capture's value is kept.
    enum CapturedValue {
        /// Index into the graph's `values` (value lists and fixed values).
        case listed(Int32)
        /// Index into the walk's `parsedValues` (what a slot parser made of the words).
        case parsed(Int)
    }

    /// One way a slot can take words at a position.
    struct Candidate {
        var capture: Capture
        /// Words it takes as free text, for rule 5 of the ranking.
        let freeWords: Int
        var closePet = false
        var status = Status.ready

        enum Status {
            case ready
            /// A typed slot's words whose parser has not been asked yet.
            case unparsed
            /// A typed slot's words that its parser refused: not a way after all.
            case refused
        }
    }

    /// (Counts of a line's words, at most ``maximumWords``: `Int32`, so that the score the walk
    /// copies at every step is half the size.)
    struct Score: Comparable {
        var literals: Int32 = 0
        var knownPets: Int32 = 0
        var closePets: Int32 = 0
        var skippedSymbols: Int32 = 0
        var freeWords: Int32 = 0
        /// Words of a pet's name read as the grammar's words: no part of the ranking.
        var petWordLiterals: Int32 = 0

        static func < (a: Score, b: Score) -> Bool {
            if a.literals != b.literals { return a.literals < b.literals }
            if a.knownPets != b.knownPets { return a.knownPets < b.knownPets }
            if a.closePets != b.closePets { return a.closePets < b.closePets }
            if a.skippedSymbols != b.skippedSymbols { return a.skippedSymbols > b.skippedSymbols }
            return a.freeWords > b.freeWords
        }
    }

    struct Best {
        var score: Score
        var template: Int
        var captures: [Capture]
    }

    /// Everything one walk needs, so the recursion passes one reference.
    struct Walk {
        let line: Line
        let pets: PetNameIndex
        let options: Options
        /// Whether `WordGraph.maximumWords` holds for this line and these pets (see there).
        let usesMaximumWords: Bool
        /// The slots taken on the path being walked (change it through ``push(_:)`` and
        /// ``popCapture()``, which count the names taken).
        var captures: [Capture] = []
        /// How many of ``captures`` are `{name}`s.
        var namesTaken = 0
        /// Value-list slots opened and not yet closed: (kind, start) (changed through
        /// ``open(_:at:)`` and ``close()``).
        var open: [(SlotKind, Int)] = []
        /// Where paths met, for a line with words that may be passed over (``remembers``): by
        /// place, the best score a path came there with.
        var reached = ReachedPlaces()
        /// Whether the walk keeps ``reached``.
        let remembers: Bool
        /// Names for the open value-list slots so far, as a place keeps them: the name of each
        /// stack is at its top, 0 is the empty stack.
        var openNames: [Int32] = []
        var openStacks = StackNames<OpenSlot>()
        var best: Best?
        /// The literal words of ``best``, -1 while there is none: a path that cannot match more
        /// cannot beat it (read at every step, so kept apart from `best`).
        var bestLiterals: Int32 = -1
        var template = 0
        /// The slot candidates worked out so far for this line, all in one array.
        var candidates: [Candidate] = []
        /// By slot kind (ordinal) and position: where that slot's candidates are in
        /// `candidates` (start in the high half, end in the low), or `unasked` while nobody has
        /// asked. Packed so that the table a line needs is a third of `[Range<Int>?]`'s.
        var candidateRanges: [UInt64]
        static let unasked = UInt64.max
        /// The values slot parsers gave for this line's words.
        var parsedValues: [SlotContent] = []
        /// The steps taken (nodes visited), for ``WorkCounter``.
        var steps = 0

        var wordCount: Int { line.ids.count }

        init(line: Line, pets: PetNameIndex, options: Options) {
            self.line = line
            self.pets = pets
            self.options = options
            usesMaximumWords = (pets.entries.first?.words.count ?? 0) <= SlotKind.unknownPetMaximumWords
            // Without words to pass over, paths meet again only where the grammar's optional
            // words do, a bounded number of times however long the line: not worth the table.
            remembers = options.remembersPlaces && !line.skips.isEmpty
            // (No `reserveCapacity` for the others: see `Array.filled(with:count:)`.)
            candidateRanges = .filled(with: Self.unasked, count: SlotKind.caseCount * line.words.count)
        }
    }

    /// Each edge's word id (-1: not a word edge), and for a word edge the index after its run of
    /// word edges in its node (``WordGraph/sortingWordRuns(_:edgeStarts:)``).
    static func wordRuns(_ edges: [WordGraph.Edge], edgeStarts: [Int32]) -> (wordIDs: [Int32], runEnds: [Int32]) {
        let wordIDs = edges.map { edge -> Int32 in if case .word(let id) = edge.label { id } else { -1 } }
        var runEnds = [Int32](repeating: -1, count: edges.count)
        for node in 0..<max(edgeStarts.count - 1, 0) {
            var end = Int(edgeStarts[node + 1])
            for index in stride(from: end - 1, through: Int(edgeStarts[node]), by: -1) {
                if wordIDs[index] < 0 { end = index } else { runEnds[index] = Int32(end) }
            }
        }
        return (wordIDs, runEnds)
    }

    /// The longest line (in words) the matcher looks at; no template comes near it.
    static let maximumWords = 40

    /// The most words a typed slot (`{minutes}`, `{days}`, …) is offered to its parser.
    static let parsedSlotMaximumWords = 8

    /// The best reading of `line`, or nil when no template fits.
    func match(_ line: Line, original: String, pets: PetNameIndex, options: Options) -> Command? {
        matchWithEvidence(line, original: original, pets: pets, options: options)?.command
    }

    /// The best reading with what it rests on: how many literal words it matched, and how many
    /// `{pet}` slots name one of the user's pets.
    func matchWithEvidence(
        _ line: Line, original: String, pets: PetNameIndex, options: Options
    ) -> (command: Command, literals: Int, knownPets: Int)? {
        var walk = Walk(line: line, pets: pets, options: options)
        let held = LineWords(line.ids, vocabularySize: graph.vocabulary.count)
        for template in startingTemplates(line, pets: pets, options: options)
        where requiredWords[Int(template)].allSatisfy(held.contains) && requiredChoices[Int(template)].allSatisfy({ $0.contains(where: held.contains) }) {
            walk.template = Int(template)
            walk.reached.removeAll()
            visit(graph.templates[Int(template)].start, 0, Score(), &walk)
        }
        Self.workCounter?.add(walk.steps)
        guard let best = walk.best else { return nil }

        var slots: [SlotKind: SlotValue] = .init(minimumCapacity: best.captures.count)
        for capture in best.captures {
            slots[capture.kind] = value(of: capture, in: original, line.tokens, walk)
        }
        let template = graph.templates[best.template]
        return (Command(intent: template.intent, slots: slots, template: template.text), Int(best.score.literals), Int(best.score.knownPets))
    }

    private func value(of capture: Capture, in line: String, _ tokens: [Token], _ walk: Walk) -> SlotValue {
        let value: SlotContent? = switch capture.value {
        case .listed(let index): graph.contents[Int(index)]
        case .parsed(let index): walk.parsedValues[index]
        case nil: nil
        }
        guard capture.end > capture.start else { return SlotValue(text: "", content: value) }
        let first = tokens[capture.start], last = tokens[capture.end - 1]
        switch capture.kind {
        case .path:
            // Exactly as typed, punctuation and all ("./out.csv", "~/notes.md").
            return SlotValue(text: String(line[first.chunk.lowerBound..<last.chunk.upperBound]))
        case .query:
            // As typed, but for closing words, marks and quotes ("for towels?" searches for towels).
            let end = SlotTrimming.end(walk.line, capture.start..<capture.end)
            return SlotValue(text: SlotTrimming.search(line[first.chunk.lowerBound..<tokens[end - 1].chunk.upperBound]))
        case .name:
            // As typed inside ("Mr. Fluff"), without quotes or a closing "!" around it — from after
            // its last "called" or "name it" on ("a pet for my jeans called Denim"), and up to the
            // words that close the request ("Sporty instead") or say what the pet is for
            // ("Sparkle for my socks").
            let range = capture.start..<capture.end
            let start = Self.nameStart(tokens, range, leads: words.nameLeads)
            let end = Self.nameEnd(tokens, start..<SlotTrimming.end(walk.line, start..<range.upperBound), purposes: words.namePurposes)
            return SlotValue(text: String(line[tokens[start].range.lowerBound..<tokens[end - 1].range.upperBound]))
        case .topic:
            let end = SlotTrimming.end(walk.line, capture.start..<capture.end)
            return SlotValue(text: String(line[first.range.lowerBound..<tokens[end - 1].range.upperBound]), content: value)
        case .pet where capture.knownPet == nil && !capture.isPronoun:
            let text = String(line[first.range.lowerBound..<last.range.upperBound])
            return SlotValue(text: PetNameIndex.withoutPossessive(text))
        default:
            let text = String(line[first.range.lowerBound..<last.range.upperBound])
            return SlotValue(
                // "snowy's" names Snowy: the slot holds the name, not the possessive.
                text: capture.kind == .pet ? PetNameIndex.withoutPossessive(text) : text,
                knownPet: capture.knownPet.map { walk.pets.entries[$0].name }, content: value, isPronoun: capture.isPronoun)
        }
    }
}
