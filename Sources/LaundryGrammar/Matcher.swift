/// Finds the template that fits a line best.
///
/// Every template whose first word could fit is walked depth-first over the word graph. Of all
/// complete paths, the best one wins by a stated ranking:
/// 1. more literal words matched (a specific template beats a general one; words of a value
///    list count as literal);
/// 2. more `{pet}` slots that name one of the user's pets exactly (or by a pronoun);
/// 3. fewer words taken by free-text slots (typed words beat free text);
/// 4. the template written first in the grammar file.
///
/// The walk runs for every line typed, so it avoids work that cannot change the result:
/// - it does not go where the rest of the line cannot fit: each node knows how few and how many
///   words can still follow it (`WordGraph.minimumWords`, `maximumWords`);
/// - the ways a slot can take words at a position are worked out once per line (`candidates`),
///   and a typed slot's parser is only asked about the lengths a path can use;
/// - it does not copy strings: captures point at pets, parsed values and list values by index,
///   and only the winner's are turned into text.
struct Matcher {
    let graph: WordGraph

    /// A slot's words on the path being walked. Its value and pet are indices, so that copying a
    /// capture (the walk does so at every step) costs no reference counting.
    private struct Capture {
        let kind: SlotKind
        let start: Int
        var end: Int
        /// Index into the pets' `entries` of the pet the words name exactly.
        var knownPet: Int?
        var value: CapturedValue?
        var isPronoun = false
    }

    /// Where a capture's value is kept.
    private enum CapturedValue {
        /// Index into the graph's `values` (value lists and fixed values).
        case listed(Int32)
        /// Index into the walk's `parsedValues` (what a slot parser made of the words).
        case parsed(Int)
    }

    /// One way a slot can take words at a position.
    private struct Candidate {
        var capture: Capture
        /// Words it takes as free text, for rule 3 of the ranking.
        let freeWords: Int
        var status = Status.ready

        enum Status {
            case ready
            /// A typed slot's words whose parser has not been asked yet.
            case unparsed
            /// A typed slot's words that its parser refused: not a way after all.
            case refused
        }
    }

    private struct Score: Comparable {
        var literals = 0
        var knownPets = 0
        var freeWords = 0

        static func < (a: Score, b: Score) -> Bool {
            if a.literals != b.literals { return a.literals < b.literals }
            if a.knownPets != b.knownPets { return a.knownPets < b.knownPets }
            return a.freeWords > b.freeWords
        }
    }

    private struct Best {
        var score: Score
        var template: Int
        var captures: [Capture]
    }

    /// Everything one walk needs, so the recursion passes one reference.
    private struct Walk {
        let ids: [Int32]
        let words: [String]
        /// The words typed slots' parsers read (see ``Matcher/slotWords(_:_:_:)``).
        let slotWords: [String]
        let pets: PetNameIndex
        /// Whether `WordGraph.maximumWords` holds for these pets (see there).
        let usesMaximumWords: Bool
        var captures: [Capture] = []
        /// Value-list slots opened and not yet closed: (kind, start).
        var open: [(SlotKind, Int)] = []
        var best: Best?
        var template = 0
        /// The slot candidates worked out so far for this line, all in one array.
        var candidates: [Candidate] = []
        /// By slot kind (ordinal) and position: where that slot's candidates are in
        /// `candidates`, or nil while nobody has asked.
        var candidateRanges: [Range<Int>?]
        /// The values slot parsers gave for this line's words.
        var parsedValues: [String] = []

        var wordCount: Int { ids.count }

        init(ids: [Int32], words: [String], slotWords: [String], pets: PetNameIndex) {
            self.ids = ids
            self.words = words
            self.slotWords = slotWords
            self.pets = pets
            usesMaximumWords = (pets.entries.first?.words.count ?? 0) <= SlotKind.unknownPetMaximumWords
            candidateRanges = Array(repeating: nil, count: SlotKind.allCases.count * words.count)
            // Room for a typical line, so that the first appends do not each reallocate.
            captures.reserveCapacity(4)
            candidates.reserveCapacity(16)
        }
    }

    /// The longest line (in words) the matcher looks at; no template comes near it.
    static let maximumWords = 40

    /// The most words a typed slot (`{minutes}`, `{days}`, …) is offered to its parser.
    static let parsedSlotMaximumWords = 8

    /// Words that stand for the pet last talked about.
    static let pronouns: Set<String> = ["it", "her", "him", "them", "she", "he", "they"]

    func match(_ line: String, pets: PetNameIndex) -> Command {
        let tokens = Tokenizer.tokens(of: line)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return .unknown }
        let words = tokens.map(\.word)
        var walk = Walk(ids: words.map(graph.id(of:)), words: words, slotWords: Self.slotWords(words, tokens, line), pets: pets)
        // Only the templates the first word allows, in template order (rule 4 of the ranking).
        for template in graph.templates(startingWith: walk.ids[0]) {
            walk.template = Int(template)
            visit(graph.templates[Int(template)].start, 0, Score(), &walk)
        }
        guard let best = walk.best else { return .unknown }

        var slots: [SlotKind: SlotValue] = [:]
        for capture in best.captures {
            slots[capture.kind] = value(of: capture, in: line, tokens, walk)
        }
        let template = graph.templates[best.template]
        return Command(intent: template.intent, slots: slots, template: template.text)
    }

    /// The words as typed slots read them: a minus sign the tokenizer strips from the front of a
    /// word ("-five") is put back, so that "-five minutes" is -5, not 5. (Before a digit the
    /// tokenizer keeps it itself.) The same array as `words` when no word lost one.
    static func slotWords(_ words: [String], _ tokens: [Token], _ line: String) -> [String] {
        var slotWords = words
        for (index, token) in tokens.enumerated() where token.range.lowerBound > token.chunk.lowerBound {
            let before = line[line.index(before: token.range.lowerBound)]
            if SlotNumber.isSign(before), let first = words[index].first, !SlotNumber.isSign(first) {
                slotWords[index] = String(before) + words[index]
            }
        }
        return slotWords
    }

    private func value(of capture: Capture, in line: String, _ tokens: [Token], _ walk: Walk) -> SlotValue {
        let value: String? = switch capture.value {
        case .listed(let index): graph.values[Int(index)]
        case .parsed(let index): walk.parsedValues[index]
        case nil: nil
        }
        guard capture.end > capture.start else { return SlotValue(text: "", value: value) }
        let first = tokens[capture.start], last = tokens[capture.end - 1]
        switch capture.kind {
        case .path, .query:
            // Exactly as typed, punctuation and all ("./out.csv", "~/notes.md").
            return SlotValue(text: String(line[first.chunk.lowerBound..<last.chunk.upperBound]))
        case .name:
            // As typed inside ("Mr. Fluff"), without quotes or a closing "!" around it.
            return SlotValue(text: String(line[first.range.lowerBound..<last.range.upperBound]))
        case .pet where capture.knownPet == nil && !capture.isPronoun:
            let text = String(line[first.range.lowerBound..<last.range.upperBound])
            return SlotValue(text: PetNameIndex.withoutPossessive(text))
        default:
            let text = String(line[first.range.lowerBound..<last.range.upperBound])
            return SlotValue(
                // "snowy's" names Snowy: the slot holds the name, not the possessive.
                text: capture.kind == .pet ? PetNameIndex.withoutPossessive(text) : text,
                knownPet: capture.knownPet.map { walk.pets.entries[$0].name }, value: value, isPronoun: capture.isPronoun)
        }
    }

    /// The positions from which the rest of a template, from `node` on, can take the rest of
    /// the line; empty when it cannot.
    private func endsThatFit(_ node: Int32, _ walk: Walk) -> Range<Int> {
        // After `latest` too few words are left, before `earliest` too many.
        let latest = walk.wordCount - Int(graph.minimumWords[Int(node)])
        let earliest = walk.usesMaximumWords ? walk.wordCount - Int(graph.maximumWords[Int(node)]) : 0
        return earliest <= latest ? earliest..<latest + 1 : 0..<0
    }

    private func visit(_ node: Int32, _ position: Int, _ score: Score, _ walk: inout Walk) {
        // Where the rest of the line cannot fit, no path can end well: do not look.
        guard endsThatFit(node, walk).contains(position) else { return }
        if position == walk.wordCount && graph.accepts[Int(node)] >= 0 {
            if walk.best == nil || walk.best!.score < score {
                walk.best = Best(score: score, template: walk.template, captures: walk.captures)
            }
        }
        for index in graph.edges(of: node) {
            let edge = graph.edges[index]
            switch edge.label {
            case .skip:
                visit(edge.target, position, score, &walk)
            case .word(let id):
                guard position < walk.wordCount, walk.ids[position] == id else { continue }
                var next = score
                next.literals += 1
                visit(edge.target, position + 1, next, &walk)
            case .open(let kind):
                walk.open.append((kind, position))
                visit(edge.target, position, score, &walk)
                walk.open.removeLast()
            case .close(let kind, let value):
                guard let (openKind, start) = walk.open.last, openKind == kind, position > start else { continue }
                walk.open.removeLast()
                walk.captures.append(Capture(kind: kind, start: start, end: position, value: .listed(value)))
                visit(edge.target, position, score, &walk)
                walk.captures.removeLast()
                walk.open.append((openKind, start))
            case .constant(let kind, let value):
                walk.captures.append(Capture(kind: kind, start: position, end: position, value: .listed(value)))
                visit(edge.target, position, score, &walk)
                walk.captures.removeLast()
            case .slot(let kind, let ordinal, let next):
                guard position < walk.wordCount else { continue }
                let ends = endsThatFit(edge.target, walk)
                guard ends.upperBound > position + 1 else { continue }  // a slot takes a word or more
                for candidateIndex in candidates(kind, ordinal: Int(ordinal), at: position, &walk) {
                    // Only ways after which the rest of the line can fit and the next word can go on.
                    let end = walk.candidates[candidateIndex].capture.end
                    guard ends.contains(end), end == walk.wordCount || graph.slotCanBeFollowed(next, by: walk.ids[end]) else {
                        continue
                    }
                    if walk.candidates[candidateIndex].status == .unparsed { parse(candidateIndex, kind, &walk) }
                    let candidate = walk.candidates[candidateIndex]
                    guard candidate.status == .ready else { continue }
                    var next = score
                    next.freeWords += candidate.freeWords
                    if candidate.capture.knownPet != nil || candidate.capture.isPronoun { next.knownPets += 1 }
                    walk.captures.append(candidate.capture)
                    visit(edge.target, candidate.capture.end, next, &walk)
                    walk.captures.removeLast()
                }
            }
        }
    }

    /// The ways a slot can take words at `position`, as indices into `walk.candidates`: worked
    /// out the first time a path asks on this line, looked up after that.
    private func candidates(_ kind: SlotKind, ordinal: Int, at position: Int, _ walk: inout Walk) -> Range<Int> {
        let key = ordinal * walk.wordCount + position
        if let known = walk.candidateRanges[key] { return known }

        let first = walk.candidates.count
        let remaining = walk.wordCount - position
        func capture(_ length: Int) -> Capture { Capture(kind: kind, start: position, end: position + length) }
        switch kind.reading {
        case .pet:
            let known = walk.pets.names(in: walk.words, at: position)
            for (length, entry) in known {
                var named = capture(length)
                named.knownPet = entry
                walk.candidates.append(Candidate(capture: named, freeWords: 0))
            }
            if Self.pronouns.contains(walk.words[position]) {
                var pronoun = capture(1)
                pronoun.isPronoun = true
                walk.candidates.append(Candidate(capture: pronoun, freeWords: 0))
            } else {
                for length in 1...min(SlotKind.unknownPetMaximumWords, remaining)
                where !known.contains(where: { $0.length == length }) {
                    walk.candidates.append(Candidate(capture: capture(length), freeWords: length))
                }
            }
        case .freeText:
            for length in 1...remaining {
                walk.candidates.append(Candidate(capture: capture(length), freeWords: length))
            }
        case .words(let maximum):
            for length in 1...min(maximum, remaining) {
                walk.candidates.append(Candidate(capture: capture(length), freeWords: length))
            }
        case .parsed:
            // Every length for now; `parse` asks the parser when a path can use one.
            for length in 1...min(Self.parsedSlotMaximumWords, remaining) {
                walk.candidates.append(Candidate(capture: capture(length), freeWords: 0, status: .unparsed))
            }
        case .listOnly:
            break
        }
        let range = first..<walk.candidates.count
        walk.candidateRanges[key] = range
        return range
    }

    /// Asks a typed slot's parser about an unparsed candidate's words, and keeps the answer.
    private func parse(_ candidateIndex: Int, _ kind: SlotKind, _ walk: inout Walk) {
        guard case .parsed(let parser) = kind.reading else { return }
        let capture = walk.candidates[candidateIndex].capture
        if let value = parser(Array(walk.slotWords[capture.start..<capture.end])) {
            walk.parsedValues.append(value)
            walk.candidates[candidateIndex].capture.value = .parsed(walk.parsedValues.count - 1)
            walk.candidates[candidateIndex].status = .ready
        } else {
            walk.candidates[candidateIndex].status = .refused
        }
    }
}
