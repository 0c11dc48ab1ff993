/// Finds the template that fits a line best.
///
/// Every template whose first word could fit is walked depth-first over the word graph. Of all
/// complete paths, the best one wins by a stated ranking:
/// 1. more literal words matched (a specific template beats a general one);
/// 2. more `{pet}` slots that name one of the user's pets exactly;
/// 3. fewer words taken by slots (typed words beat free text);
/// 4. the template written first in the grammar file.
struct Matcher {
    let graph: WordGraph

    private struct Capture {
        let kind: SlotKind
        let start: Int
        let end: Int
        let knownPet: String?
    }

    private struct Score: Comparable {
        var literals = 0
        var knownPets = 0
        var slotWords = 0

        static func < (a: Score, b: Score) -> Bool {
            if a.literals != b.literals { return a.literals < b.literals }
            if a.knownPets != b.knownPets { return a.knownPets < b.knownPets }
            return a.slotWords > b.slotWords
        }
    }

    private struct Best {
        var score: Score
        var template: Int
        var captures: [Capture]
    }

    /// The longest line (in words) the matcher looks at; no template comes near it.
    static let maximumWords = 40

    func match(_ line: String, pets: PetNameIndex) -> Command {
        let tokens = Tokenizer.tokens(of: line)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return .unknown }
        let ids = tokens.map { graph.id(of: $0.word) }

        var best: Best?
        var captures: [Capture] = []
        for (index, template) in graph.templates.enumerated()
        where template.mayStartAnywhere || template.firstWords.contains(ids[0]) {
            walk(template.start, 0, Score(), tokens, ids, pets, &captures) { score, captures in
                if best == nil || best!.score < score {
                    best = Best(score: score, template: index, captures: captures)
                }
            }
        }
        guard let best else { return .unknown }

        var slots: [SlotKind: SlotValue] = [:]
        for capture in best.captures {
            var text = String(line[tokens[capture.start].range.lowerBound..<tokens[capture.end - 1].range.upperBound])
            if capture.kind == .pet && capture.knownPet == nil {
                text = PetNameIndex.withoutPossessive(text)
            }
            slots[capture.kind] = SlotValue(text: text, knownPet: capture.knownPet)
        }
        let template = graph.templates[best.template]
        return Command(intent: template.intent, slots: slots, template: template.text)
    }

    private func walk(
        _ node: Int32, _ position: Int, _ score: Score,
        _ tokens: [Token], _ ids: [Int32], _ pets: PetNameIndex,
        _ captures: inout [Capture], _ found: (Score, [Capture]) -> Void
    ) {
        let current = graph.nodes[Int(node)]
        if position == tokens.count && current.accepts >= 0 {
            found(score, captures)
        }
        for edge in current.edges {
            switch edge.label {
            case .skip:
                walk(edge.target, position, score, tokens, ids, pets, &captures, found)
            case .word(let id):
                guard position < tokens.count, ids[position] == id else { continue }
                var next = score
                next.literals += 1
                walk(edge.target, position + 1, next, tokens, ids, pets, &captures, found)
            case .slot(let kind):
                guard position < tokens.count else { continue }
                for (length, knownPet) in slotCandidates(kind, tokens, position, pets) {
                    var next = score
                    next.slotWords += length
                    if knownPet != nil { next.knownPets += 1 }
                    captures.append(Capture(kind: kind, start: position, end: position + length, knownPet: knownPet))
                    walk(edge.target, position + length, next, tokens, ids, pets, &captures, found)
                    captures.removeLast()
                }
            }
        }
    }

    /// The ways a slot can take words at `position`: (word count, the pet named, if any).
    private func slotCandidates(
        _ kind: SlotKind, _ tokens: [Token], _ position: Int, _ pets: PetNameIndex
    ) -> [(Int, String?)] {
        let remaining = tokens.count - position
        switch kind {
        case .pet:
            let known = pets.names(in: tokens, at: position)
            var candidates: [(Int, String?)] = known.map { ($0.length, $0.name) }
            for length in 1...min(SlotKind.unknownPetMaximumWords, remaining)
            where !known.contains(where: { $0.length == length }) {
                candidates.append((length, nil))
            }
            return candidates
        case .name:
            return (1...remaining).map { ($0, nil) }
        }
    }
}
