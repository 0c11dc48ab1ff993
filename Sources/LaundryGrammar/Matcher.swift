/// Finds the template that fits a line best.
///
/// Every template whose first word could fit is walked depth-first over the word graph. Of all
/// complete paths, the best one wins by a stated ranking:
/// 1. more literal words matched (a specific template beats a general one; words of a value
///    list count as literal);
/// 2. more `{pet}` slots that name one of the user's pets exactly (or by a pronoun);
/// 3. fewer words taken by free-text slots (typed words beat free text);
/// 4. the template written first in the grammar file.
struct Matcher {
    let graph: WordGraph

    private struct Capture {
        let kind: SlotKind
        let start: Int
        var end: Int
        var knownPet: String?
        var value: String?
        var isPronoun = false
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
        let tokens: [Token]
        let ids: [Int32]
        let words: [String]
        let pets: PetNameIndex
        var captures: [Capture] = []
        /// Value-list slots opened and not yet closed: (kind, start).
        var open: [(SlotKind, Int)] = []
        var best: Best?
        var template = 0
    }

    /// The longest line (in words) the matcher looks at; no template comes near it.
    static let maximumWords = 40

    /// Words that stand for the pet last talked about.
    static let pronouns: Set<String> = ["it", "her", "him", "them", "she", "he", "they"]

    func match(_ line: String, pets: PetNameIndex) -> Command {
        let tokens = Tokenizer.tokens(of: line)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return .unknown }
        var walk = Walk(tokens: tokens, ids: tokens.map { graph.id(of: $0.word) }, words: tokens.map(\.word), pets: pets)
        for (index, template) in graph.templates.enumerated()
        where template.mayStartAnywhere || template.firstWords.contains(walk.ids[0]) {
            walk.template = index
            visit(template.start, 0, Score(), &walk)
        }
        guard let best = walk.best else { return .unknown }

        var slots: [SlotKind: SlotValue] = [:]
        for capture in best.captures {
            slots[capture.kind] = value(of: capture, in: line, tokens)
        }
        let template = graph.templates[best.template]
        return Command(intent: template.intent, slots: slots, template: template.text)
    }

    private func value(of capture: Capture, in line: String, _ tokens: [Token]) -> SlotValue {
        guard capture.end > capture.start else { return SlotValue(text: "", value: capture.value) }
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
            return SlotValue(
                text: String(line[first.range.lowerBound..<last.range.upperBound]),
                knownPet: capture.knownPet, value: capture.value, isPronoun: capture.isPronoun)
        }
    }

    private func visit(_ node: Int32, _ position: Int, _ score: Score, _ walk: inout Walk) {
        let current = graph.nodes[Int(node)]
        if position == walk.tokens.count && current.accepts >= 0 {
            if walk.best == nil || walk.best!.score < score {
                walk.best = Best(score: score, template: walk.template, captures: walk.captures)
            }
        }
        for edge in current.edges {
            switch edge.label {
            case .skip:
                visit(edge.target, position, score, &walk)
            case .word(let id):
                guard position < walk.tokens.count, walk.ids[position] == id else { continue }
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
                walk.captures.append(Capture(kind: kind, start: start, end: position, value: graph.values[Int(value)]))
                visit(edge.target, position, score, &walk)
                walk.captures.removeLast()
                walk.open.append((openKind, start))
            case .constant(let kind, let value):
                walk.captures.append(Capture(kind: kind, start: position, end: position, value: graph.values[Int(value)]))
                visit(edge.target, position, score, &walk)
                walk.captures.removeLast()
            case .slot(let kind):
                guard position < walk.tokens.count else { continue }
                for candidate in candidates(kind, at: position, walk) {
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

    /// The ways a slot can take words at `position`.
    private func candidates(_ kind: SlotKind, at position: Int, _ walk: Walk) -> [(capture: Capture, freeWords: Int)] {
        let remaining = walk.tokens.count - position
        switch kind.reading {
        case .pet:
            var result: [(Capture, Int)] = []
            let known = walk.pets.names(in: walk.tokens, at: position)
            for (length, name) in known {
                result.append((Capture(kind: kind, start: position, end: position + length, knownPet: name), 0))
            }
            if Self.pronouns.contains(walk.words[position]) {
                result.append((Capture(kind: kind, start: position, end: position + 1, isPronoun: true), 0))
                return result
            }
            for length in 1...min(SlotKind.unknownPetMaximumWords, remaining)
            where !known.contains(where: { $0.length == length }) {
                result.append((Capture(kind: kind, start: position, end: position + length), length))
            }
            return result
        case .freeText:
            return (1...remaining).map { (Capture(kind: kind, start: position, end: position + $0), $0) }
        case .words(let maximum):
            return (1...min(maximum, remaining)).map { (Capture(kind: kind, start: position, end: position + $0), $0) }
        case .parsed(let parse):
            var result: [(Capture, Int)] = []
            for length in 1...min(8, remaining) {
                if let value = parse(Array(walk.words[position..<position + length])) {
                    result.append((Capture(kind: kind, start: position, end: position + length, value: value), 0))
                }
            }
            return result
        case .listOnly:
            return []
        }
    }
}
