import LaundryCore

/// "Did you mean …": the grammar's own sentences closest to a line that matched nothing.
///
/// At load, every template is spelled out in a few concrete ways (each alternative, with and
/// without its optional words), slots shown by a stand-in. For a
/// line, the user's pet names fill the `{pet}` slots, and the sentences are ranked by edit
/// distance to the line. Suggestions are only ever offered, never run.
struct Suggester: Sendable {
    enum Piece: Sendable, Hashable {
        case word(String)
        case slot(SlotKind)
    }

    struct Rendering: Sendable {
        let intent: Intent
        let pieces: [Piece]
    }

    let renderings: [Rendering]

    init(document: GrammarDocument) {
        var renderings: [Rendering] = []
        for block in document.intents {
            for template in block.templates {
                let spelled = Self.render(template.expression, rules: document.rules, lists: document.lists)
                for pieces in spelled where !pieces.isEmpty {
                    renderings.append(Rendering(intent: block.intent, pieces: pieces))
                }
            }
        }
        self.renderings = renderings
    }

    /// Up to `limit` sentences close to `line`, closest first; at most one per intent.
    func suggestions(for line: String, pets: [String], limit: Int) -> [String] {
        let words = Tokenizer.tokens(of: line).map(\.word)
        guard !words.isEmpty else { return [] }
        let target = Array(words.joined(separator: " "))
        // The user's own pets fill {pet}: the one the line seems to name, else the first.
        let pet = pets.min { a, b in
            closeness(of: a, to: words) < closeness(of: b, to: words)
        }

        var best: [Intent: (distance: Int, sentence: String)] = [:]
        for rendering in renderings {
            guard let sentence = fill(rendering.pieces, pet: pet) else { continue }
            let candidate = Array(sentence.lowercased())
            // Cheap bounds first: the distance is at least the difference in length, so a sentence
            // far shorter or longer than the line can be neither close enough (below) nor better
            // than one already found. (A long line of junk is answered at once, not after
            // thousands of long edit distances.)
            let floor = abs(candidate.count - target.count)
            if floor * 3 > max(target.count, candidate.count) { continue }
            if let known = best[rendering.intent], floor >= known.distance { continue }
            let distance = EditDistance.between(target, candidate)
            if best[rendering.intent].map({ distance < $0.distance }) ?? true {
                best[rendering.intent] = (distance, sentence)
            }
        }
        // Close enough to be what was meant: at most a third of the longer one differs.
        return best.values
            .filter { Double($0.distance) <= Double(max(target.count, $0.sentence.count)) / 3 }
            .sorted { ($0.distance, $0.sentence) < ($1.distance, $1.sentence) }
            .prefix(limit)
            .map(\.sentence)
    }

    private func closeness(of name: String, to words: [String]) -> Int {
        let key = Array(name.lowercased())
        return words.map { EditDistance.between(Array($0), key) }.min() ?? .max
    }

    private func fill(_ pieces: [Piece], pet: String?) -> String? {
        var words: [String] = []
        for piece in pieces {
            switch piece {
            case .word(let word): words.append(word)
            case .slot(let kind):
                switch kind {
                case .pet:
                    guard let pet else { return nil }
                    words.append(pet)
                case .name: words.append("NAME")
                case .minutes: words.append("30 minutes")
                case .days: words.append("every 7 days")
                case .count: words.append("10")
                case .range: words.append("this week")
                case .path: words.append("FILE")
                case .query: words.append("WORD")
                case .topic: words.append("wash")
                case .setting, .value, .format: return nil
                }
            }
        }
        return words.joined(separator: " ")
    }

    /// Which optional parts a spelling includes.
    enum Optionals: CaseIterable {
        case none
        /// Only those holding a slot: "start wash for Snowy" rather than "start a new wash cycle …".
        case withSlots
        case all
    }

    /// The ways to spell `expression`: without optional parts, with those that hold a slot, and
    /// with all of them; first choice at every branch, then each other choice of each branch,
    /// one at a time.
    static func render(
        _ expression: TemplateExpression, rules: [String: TemplateExpression],
        lists: [String: GrammarDocument.ValueList]
    ) -> [[Piece]] {
        var speller = Speller(rules: rules, lists: lists)
        _ = speller.spell(expression)  // numbers the branches
        let branches = speller.branchSizes
        var result: [[Piece]] = []
        for optionals in Optionals.allCases {
            var plain = Speller(rules: rules, lists: lists, optionals: optionals)
            result.append(plain.spell(expression))
            for (branch, size) in branches.enumerated() where size > 1 {
                for choice in 1..<size {
                    var variant = Speller(rules: rules, lists: lists, optionals: optionals)
                    variant.choices = [branch: choice]
                    result.append(variant.spell(expression))
                }
            }
        }
        var seen: Set<[Piece]> = []
        return result.filter { seen.insert($0).inserted }
    }

    /// Spells a template one way; branches are numbered in the order they are met.
    private struct Speller {
        let rules: [String: TemplateExpression]
        let lists: [String: GrammarDocument.ValueList]
        var optionals = Optionals.none
        var choices: [Int: Int] = [:]
        var branchSizes: [Int] = []

        init(rules: [String: TemplateExpression], lists: [String: GrammarDocument.ValueList], optionals: Optionals = .none) {
            self.rules = rules
            self.lists = lists
            self.optionals = optionals
        }

        mutating func spell(_ expression: TemplateExpression) -> [Piece] {
            switch expression {
            case .word(let word):
                return [.word(word)]
            case .slot(let kind, nil):
                return [.slot(kind)]
            case .slot(_, let list?):
                let phrases = lists[list]?.entries.compactMap(\.phrases.first) ?? []
                return choose(among: phrases)
            case .constant:
                return []
            case .rule(let name):
                return rules[name].map { spell($0) } ?? []
            case .optional(let inner):
                // Numbered either way, so the branches inside keep their numbers.
                let inside = spell(inner)
                switch optionals {
                case .none: return []
                case .withSlots: return inside.contains { if case .slot = $0 { true } else { false } } ? inside : []
                case .all: return inside
                }
            case .alternatives(let options):
                return choose(among: options)
            case .sequence(let items):
                return items.flatMap { spell($0) }
            }
        }

        private mutating func choose(among options: [TemplateExpression]) -> [Piece] {
            let branch = branchSizes.count
            branchSizes.append(options.count)
            var chosen: [Piece] = []
            for (index, option) in options.enumerated() {
                let spelled = spell(option)
                if index == (choices[branch] ?? 0) { chosen = spelled }
            }
            return chosen
        }
    }
}
