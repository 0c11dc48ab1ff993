import EnglishGrammar
@testable import LaundryGrammar
import Testing

/// The spellings of a template, laid out once (``TemplateSpelling/spellings(of:rules:)``), are
/// those of spelling the whole template again for each choice — what it did until the first line
/// that matched nothing paid 0.3 s for it — for every template and value of the English grammar.
@Suite struct TemplateSpellingTests {
    @Test func everyTemplateIsSpelledAsSpellingItWholeForEachChoiceSpellsIt() throws {
        let document = try GrammarDocument.parse(BundledGrammar.englishSource)
        var spelled = 0
        for block in document.intents {
            for template in block.templates {
                let laidOut = TemplateSpelling.spellings(of: template.expression, rules: document.rules)
                let whole = WholeSpelling.spellings(of: template.expression, rules: document.rules)
                #expect(laidOut == whole, "\(template.text)")
                spelled += laidOut.count
            }
        }
        for list in document.lists.values {
            for entry in list.entries {
                for expression in entry.phrases {
                    #expect(TemplateSpelling.spellings(of: expression, rules: [:]) == WholeSpelling.spellings(of: expression, rules: [:]))
                }
            }
        }
        #expect(spelled > 1_000)
    }
}

/// The spelling as it was: the whole template spelled for each choice of each branch, every
/// option spelled at every branch so that the branches inside keep their numbers.
private enum WholeSpelling {
    typealias Piece = TemplateSpelling.Piece
    typealias Optionals = TemplateSpelling.Optionals

    static func spellings(of expression: TemplateExpression, rules: [String: TemplateExpression]) -> [[Piece]] {
        var speller = Speller(rules: rules)
        _ = speller.spell(expression)
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

    struct Speller {
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
            case .word(let word): return [.word(word)]
            case .slot(let kind, nil): return [.slot(kind)]
            case .slot(let kind, let list?): return [.list(kind, list)]
            case .constant(let kind, let value): return [.constant(kind, value)]
            case .rule(let name): return rules[name].map { spell($0) } ?? []
            case .optional(let inner):
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
