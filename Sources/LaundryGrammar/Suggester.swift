import LaundryCore

/// The grammar's own sentences, spelled out, for lines no template fits: what a guess is said as
/// ("I read that as “how is Fluffy”"), and "did you mean …".
///
/// At first use, every template is spelled in a few concrete ways (each alternative, with and
/// without its optional words), slots kept as slots. A sentence for a command is the spelling of
/// one of its intent's templates that has exactly the command's slots, filled with the user's own
/// values — their pet, their number, their file — never with an example's; of those, the one
/// closest to what was typed. Suggestions are only ever offered, never run.
struct Suggester: Sendable {
    enum Piece: Sendable, Hashable {
        case word(String)
        case slot(SlotKind)
        /// A slot that takes its words from a value list: filled with the phrase of its value.
        case list(SlotKind, String)
        /// A slot with a fixed value, which takes no words: holds only a command with that value.
        case constant(SlotKind, String)
    }

    struct Rendering: Sendable {
        let intent: Intent
        let pieces: [Piece]
        /// The slots it holds.
        let kinds: Set<SlotKind>
    }

    /// By intent, every spelling of its templates.
    let renderings: [Intent: [Rendering]]
    /// By intent: the slots some template has, and those every template has.
    let slotKinds: [Intent: Set<SlotKind>]
    let requiredKinds: [Intent: Set<SlotKind>]
    let lists: [String: GrammarDocument.ValueList]
    let scanner: SlotScanner
    /// By normalised word: the intents whose sentences use it.
    let intentsByWord: [String: Set<Intent>]

    init(document: GrammarDocument, normalizer: Normalizer) {
        var renderings: [Intent: [Rendering]] = [:]
        var slotKinds: [Intent: Set<SlotKind>] = [:]
        var requiredKinds: [Intent: Set<SlotKind>] = [:]
        for block in document.intents {
            for template in block.templates {
                let spelled = Self.render(template.expression, rules: document.rules, lists: document.lists)
                var always: Set<SlotKind>?
                for pieces in spelled where !pieces.isEmpty {
                    let kinds = Set(pieces.compactMap(Self.kind(of:)))
                    renderings[block.intent, default: []].append(Rendering(intent: block.intent, pieces: pieces, kinds: kinds))
                    slotKinds[block.intent, default: []].formUnion(kinds)
                    always = always.map { $0.intersection(kinds) } ?? kinds
                }
                requiredKinds[block.intent] = requiredKinds[block.intent].map { $0.intersection(always ?? []) } ?? always ?? []
            }
        }
        self.renderings = renderings
        self.slotKinds = slotKinds
        self.requiredKinds = requiredKinds
        lists = document.lists
        scanner = SlotScanner(document: document, normalizer: normalizer)
        var intentsByWord: [String: Set<Intent>] = [:]
        for (intent, spellings) in renderings {
            for rendering in spellings {
                for case .word(let word) in rendering.pieces {
                    for normalized in normalizer.expand([Tokenizer.normalize(word)]) { intentsByWord[normalized, default: []].insert(intent) }
                }
            }
        }
        self.intentsByWord = intentsByWord
    }

    private static func kind(of piece: Piece) -> SlotKind? {
        switch piece {
        case .word: nil
        case .slot(let kind), .list(let kind, _), .constant(let kind, _): kind
        }
    }

    /// The sentence of `intent`'s spellings that holds exactly `slots` and is closest to `words`
    /// (the line as typed, normalised), filled with the slots' values; nil when none holds them.
    func sentence(for intent: Intent, slots: [SlotKind: SlotValue], closestTo words: [String]) -> String? {
        closest(intent, slots: slots, to: Array(words.joined(separator: " ")))?.sentence
    }

    /// The filled spelling of `intent` with exactly `slots` closest to `typed` (the line's words
    /// joined, as Characters), with its edit distance.
    func closest(_ intent: Intent, slots: [SlotKind: SlotValue], to typed: [Character]) -> (distance: Int, sentence: String)? {
        let kinds = Set(slots.keys)
        var best: (distance: Int, sentence: String)?
        for rendering in renderings[intent] ?? [] where rendering.kinds == kinds {
            guard let filled = fill(rendering.pieces, slots) else { continue }
            let spelled = Array(filled.lowercased())
            // The distance is at least the difference in length: no need to work it out when that
            // is already worse than the best.
            if let best, abs(spelled.count - typed.count) >= best.distance { continue }
            let distance = EditDistance.between(spelled, typed)
            if best == nil || distance < best!.distance { best = (distance, filled) }
        }
        return best
    }

    /// The sentences of ``sentence(for:slots:closestTo:)`` for a line no template fits, at most
    /// one per intent, in the order of `intents` (most likely first), with the slots the line
    /// holds — an intent whose every template needs a value the line does not have is left out.
    func suggestions(
        _ line: Matcher.Line, original: String, pets: PetNameIndex, intents: [Intent], limit: Int
    ) -> [(command: Command, sentence: String)] {
        let typed = Array(line.words.joined(separator: " "))
        var found: [(command: Command, sentence: String, distance: Int)] = []
        for intent in intents {
            let scanned = scanner.scan(line, original: original, pets: pets, kinds: slotKinds[intent] ?? [])
            guard (requiredKinds[intent] ?? []).isSubset(of: scanned.keys),
                  let (distance, sentence) = closest(intent, slots: scanned, to: typed)
            else { continue }
            found.append((Command(intent: intent, slots: scanned), sentence, distance))
        }
        return found.sorted { $0.distance < $1.distance }.prefix(limit).map { ($0.command, $0.sentence) }
    }

    private func fill(_ pieces: [Piece], _ slots: [SlotKind: SlotValue]) -> String? {
        var words: [String] = []
        for piece in pieces {
            switch piece {
            case .word(let word): words.append(word)
            case .slot(let kind):
                guard let value = slots[kind] else { return nil }
                words.append(Self.words(for: kind, value))
            case .constant(let kind, let value):
                guard slots[kind]?.value == value else { return nil }
            case .list(let kind, let list):
                guard let value = slots[kind]?.value,
                      let phrase = lists[list]?.entries.first(where: { $0.value == value })?.phrases.first
                else { return nil }
                words.append(Self.render(phrase, rules: [:], lists: [:]).first?.compactMap(Self.word(of:)).joined(separator: " ") ?? value)
            }
        }
        return words.joined(separator: " ")
    }

    private static func word(of piece: Piece) -> String? {
        if case .word(let word) = piece { word } else { nil }
    }

    /// A slot's value as words in a sentence: the user's pet as stored, "35 minutes", "every 4 days".
    private static func words(for kind: SlotKind, _ value: SlotValue) -> String {
        switch kind {
        case .pet: return value.knownPet ?? value.text
        case .minutes:
            guard let minutes = value.number?.whole(in: 1...Int.max) else { return value.text }
            return DurationText.plural(minutes, "minute")
        case .days:
            guard let days = value.number?.whole(in: 1...Int.max) else { return value.text }
            return days == 1 ? "every day" : "every \(days) days"
        case .count: return value.value ?? value.text
        case .range:
            guard let range = value.value else { return value.text }
            if range.hasPrefix("last_") { return range.replacingOccurrences(of: "_", with: " ") }
            return range == "all" ? "all time" : range.replacingOccurrences(of: "_", with: " ")
        default: return value.text
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
    static func render(
        _ expression: TemplateExpression, rules: [String: TemplateExpression],
        lists: [String: GrammarDocument.ValueList]
    ) -> [[Piece]] {
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
                case .withSlots: return inside.contains { Suggester.kind(of: $0) != nil } ? inside : []
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
