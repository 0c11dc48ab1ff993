/// The ways a template can be spelled out as words, its slots kept as slots: what the
/// ``Suggester`` fills with a user's values, and what `TemplateSampler` draws sentences from.
package enum TemplateSpelling {
    package enum Piece: Sendable, Hashable {
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
    /// one at a time. Branches are numbered in the order they stand in the template, rules
    /// spelled out where they are used.
    package static func spellings(of expression: TemplateExpression, rules: [String: TemplateExpression]) -> [[Piece]] {
        // The template is laid out once, its branches numbered; each spelling then walks only the
        // choices it takes. (Spelling the whole template again for each choice of each branch took
        // the time of the template's size times its choices: 0.3 s for the English grammar, paid
        // by the first line that matched nothing.)
        let tree = Tree(expression, rules: rules)
        var result: [[Piece]] = []
        for optionals in Optionals.allCases {
            result.append(tree.spell(optionals: optionals, choice: nil))
            for (branch, size) in tree.branchSizes.enumerated() where size > 1 {
                for choice in 1..<size {
                    result.append(tree.spell(optionals: optionals, choice: (branch, choice)))
                }
            }
        }
        var seen: Set<[Piece]> = []
        return result.filter { seen.insert($0).inserted }
    }

    /// A template laid out as nodes, its rules spelled out where they are used and its branches
    /// numbered in the order they are met.
    private struct Tree {
        enum Node {
            case piece(Piece)
            case sequence([Int])
            case optional(Int)
            /// The branch's number and its options.
            case alternatives(Int, [Int])
        }

        private(set) var nodes: [Node] = []
        /// By branch number: how many options it has.
        private(set) var branchSizes: [Int] = []
        private var root = 0

        init(_ expression: TemplateExpression, rules: [String: TemplateExpression]) {
            root = add(expression, rules)
        }

        private mutating func add(_ expression: TemplateExpression, _ rules: [String: TemplateExpression]) -> Int {
            let node: Node
            switch expression {
            case .word(let word): node = .piece(.word(word))
            case .slot(let kind, nil): node = .piece(.slot(kind))
            case .slot(let kind, let list?): node = .piece(.list(kind, list))
            case .constant(let kind, let value): node = .piece(.constant(kind, value))
            case .rule(let name):
                guard let rule = rules[name] else { node = .sequence([]); break }
                return add(rule, rules)
            case .optional(let inner): node = .optional(add(inner, rules))
            case .alternatives(let options):
                let branch = branchSizes.count
                branchSizes.append(options.count)
                node = .alternatives(branch, options.map { add($0, rules) })
            case .sequence(let items): node = .sequence(items.map { add($0, rules) })
            }
            nodes.append(node)
            return nodes.count - 1
        }

        /// The spelling with the first option of every branch, but `choice`'s.
        func spell(optionals: Optionals, choice: (branch: Int, option: Int)?) -> [Piece] {
            var pieces: [Piece] = []
            spell(root, optionals, choice, into: &pieces)
            return pieces
        }

        private func spell(_ index: Int, _ optionals: Optionals, _ choice: (branch: Int, option: Int)?, into pieces: inout [Piece]) {
            switch nodes[index] {
            case .piece(let piece):
                pieces.append(piece)
            case .sequence(let items):
                for item in items { spell(item, optionals, choice, into: &pieces) }
            case .optional(let inner):
                switch optionals {
                case .none:
                    break
                case .withSlots:
                    // "start wash for Snowy" rather than "start a new wash cycle …".
                    let start = pieces.count
                    spell(inner, optionals, choice, into: &pieces)
                    if !pieces[start...].contains(where: { TemplateSpelling.kind(of: $0) != nil }) { pieces.removeSubrange(start...) }
                case .all:
                    spell(inner, optionals, choice, into: &pieces)
                }
            case .alternatives(let branch, let options):
                spell(options[choice?.branch == branch ? choice!.option : 0], optionals, choice, into: &pieces)
            }
        }
    }
}
