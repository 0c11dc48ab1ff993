/// The ways a template can be spelled out as words, its slots kept as slots: what the
/// ``Suggester`` fills with a user's values, and what `TemplateSampler` draws sentences from.
enum TemplateSpelling {
    enum Piece: Sendable, Hashable {
        case word(String)
        case slot(SlotKind)
        /// A slot that takes its words from a value list: filled with the phrase of its value.
        case list(SlotKind, String)
        /// A slot with a fixed value, which takes no words: holds only a command with that value.
        case constant(SlotKind, String)
    }

    /// The slot a piece stands for; nil for a word.
    static func kind(of piece: Piece) -> SlotKind? {
        switch piece {
        case .word: nil
        case .slot(let kind), .list(let kind, _), .constant(let kind, _): kind
        }
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
    static func spellings(of expression: TemplateExpression, rules: [String: TemplateExpression]) -> [[Piece]] {
        var speller = Speller(rules: rules)
        _ = speller.spell(expression)  // numbers the branches
        let branches = speller.branchSizes
        var result: [[Piece]] = []
        for optionals in Optionals.allCases {
            var plain = Speller(rules: rules, optionals: optionals)
            result.append(plain.spell(expression))
            for (branch, size) in branches.enumerated() where size > 1 {
                for choice in 1..<size {
                    var variant = Speller(rules: rules, optionals: optionals)
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
        var optionals = Optionals.none
        var choices: [Int: Int] = [:]
        var branchSizes: [Int] = []

        init(rules: [String: TemplateExpression], optionals: Optionals = .none) {
            self.rules = rules
            self.optionals = optionals
        }

        mutating func spell(_ expression: TemplateExpression) -> [Piece] {
            switch expression {
            case .word(let word):
                return [.word(word)]
            case .slot(let kind, nil):
                return [.slot(kind)]
            case .slot(let kind, let list?):
                return [.list(kind, list)]
            case .constant(let kind, let value):
                return [.constant(kind, value)]
            case .rule(let name):
                return rules[name].map { spell($0) } ?? []
            case .optional(let inner):
                // Numbered either way, so the branches inside keep their numbers.
                let inside = spell(inner)
                switch optionals {
                case .none: return []
                case .withSlots: return inside.contains { TemplateSpelling.kind(of: $0) != nil } ? inside : []
                case .all: return inside
                }
            case .alternatives(let options):
                let branch = branchSizes.count
                branchSizes.append(options.count)
                var chosen: [Piece] = []
                for (index, option) in options.enumerated() {
                    let spelled = spell(option)
                    if index == (choices[branch] ?? 0) { chosen = spelled }
                }
                return chosen
            case .sequence(let items):
                return items.flatMap { spell($0) }
            }
        }
    }
}
