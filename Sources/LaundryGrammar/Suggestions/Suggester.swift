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
    typealias Piece = TemplateSpelling.Piece

    struct Rendering: Sendable {
        let intent: Intent
        let pieces: [Piece]
        /// The slots it holds, one bit per kind (``Suggester/mask(of:)``).
        let mask: UInt32
        /// By piece: a word's lower-case UTF-8, what it is compared by (empty for slots).
        let bytes: [[UInt8]]

        init(intent: Intent, pieces: [Piece]) {
            self.intent = intent
            self.pieces = pieces
            mask = Suggester.mask(of: pieces.compactMap(TemplateSpelling.kind(of:)))
            bytes = pieces.map { piece -> [UInt8] in
                if case .word(let word) = piece { Array(word.lowercased().utf8) } else { [] }
            }
        }
    }

    /// By intent, every spelling of its templates.
    let renderings: Spellings
    /// By intent: the slots some template has, and those every template has.
    let slotKinds: [Intent: Set<SlotKind>]
    /// By intent: the slots some template fills from the line's words (a fixed value, `{value=due}`,
    /// takes none) — the only values a line no template fits can give it.
    let wordKinds: [Intent: Set<SlotKind>]
    let requiredKinds: [Intent: Set<SlotKind>]
    /// By list and value: the phrase a sentence says the value with, and its lower-case UTF-8.
    let phrases: [String: [String: String]]
    let phraseBytes: [String: [String: [UInt8]]]
    let scanner: SlotScanner
    /// By normalised word: the intents whose sentences use it.
    let intentsByWord: [String: Set<Intent>]

    init(document: GrammarDocument, normalizer: Normalizer) {
        var renderings: [Intent: [Rendering]] = [:]
        var slotKinds: [Intent: Set<SlotKind>] = [:]
        var wordKinds: [Intent: Set<SlotKind>] = [:]
        var requiredKinds: [Intent: Set<SlotKind>] = [:]
        for block in document.intents {
            for template in block.templates where !template.isShellForm {
                let spelled = TemplateSpelling.spellings(of: template.expression, rules: document.rules)
                var always: Set<SlotKind>?
                for pieces in spelled where !pieces.isEmpty {
                    let kinds = Set(pieces.compactMap(TemplateSpelling.kind(of:)))
                    renderings[block.intent, default: []].append(Rendering(intent: block.intent, pieces: pieces))
                    slotKinds[block.intent, default: []].formUnion(kinds)
                    for piece in pieces {
                        if case .slot(let kind) = piece { wordKinds[block.intent, default: []].insert(kind) }
                        if case .list(let kind, _) = piece { wordKinds[block.intent, default: []].insert(kind) }
                    }
                    always = always.map { $0.intersection(kinds) } ?? kinds
                }
                requiredKinds[block.intent] = requiredKinds[block.intent].map { $0.intersection(always ?? []) } ?? always ?? []
            }
        }
        self.renderings = Spellings(renderings)
        self.slotKinds = slotKinds
        self.wordKinds = wordKinds
        self.requiredKinds = requiredKinds
        var phrases: [String: [String: String]] = [:]
        for (name, list) in document.lists {
            for (value, expressions) in list.entries where phrases[name]?[value] == nil {
                guard let first = expressions.first else { continue }
                phrases[name, default: [:]][value] = TemplateSpelling.spellings(of: first, rules: [:]).first?
                    .compactMap { if case .word(let word) = $0 { word } else { nil } }.joined(separator: " ")
            }
        }
        self.phrases = phrases
        phraseBytes = phrases.mapValues { $0.mapValues { Array($0.lowercased().utf8) } }
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

    /// The sentence of `intent`'s spellings that holds exactly `slots` and is closest to `words`
    /// (the line as typed, normalised), filled with the slots' values; nil when none holds them.
    func sentence(for intent: Intent, slots: [SlotKind: SlotValue], closestTo words: [String]) -> String? {
        closest(intent, slots: slots, to: Array(words.joined(separator: " ").utf8), within: .max)?.sentence
    }

    /// The filled spelling of `intent` with exactly `slots` closest to `typed` (the line's words
    /// joined, as UTF-8), with its edit distance — if one is within `limit` edits. Spellings are
    /// compared as bytes built in one buffer, the line as an ``EditDistance/Pattern`` (a few word
    /// operations a byte); only the closest is made into a sentence.
    func closest(_ intent: Intent, slots: [SlotKind: SlotValue], to typed: [UInt8], within limit: Int) -> (distance: Int, sentence: String)? {
        let mask = Self.mask(of: slots.keys)
        let values = Dictionary(uniqueKeysWithValues: slots.map { ($0.key, Array(Self.words(for: $0.key, $0.value).lowercased().utf8)) })
        let pattern = EditDistance.Pattern(typed)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(128)
        var rows = EditDistance.Rows()
        var best: (distance: Int, rendering: Rendering)?
        for rendering in renderings[intent] where rendering.mask == mask {
            buffer.removeAll(keepingCapacity: true)
            guard append(rendering, values, slots, to: &buffer) else { continue }
            let bound = min(limit, (best?.distance ?? .max) - 1)
            guard let distance = pattern.distance(to: buffer, within: bound, rows: &rows) else { continue }
            best = (distance, rendering)
        }
        guard let best, let sentence = fill(best.rendering.pieces, slots) else { return nil }
        return (best.distance, sentence)
    }

    /// A spelling filled with the slots' words, lower case, into `buffer`; false when a fixed value
    /// or a list's value does not fit.
    private func append(_ rendering: Rendering, _ values: [SlotKind: [UInt8]], _ slots: [SlotKind: SlotValue], to buffer: inout [UInt8]) -> Bool {
        for (index, piece) in rendering.pieces.enumerated() {
            if !buffer.isEmpty { buffer.append(UInt8(ascii: " ")) }
            switch piece {
            case .word: buffer += rendering.bytes[index]
            case .slot(let kind): buffer += values[kind] ?? []
            case .list(let kind, let list):
                guard let value = slots[kind]?.listed, let phrase = phraseBytes[list]?[value] else { return false }
                buffer += phrase
            case .constant(let kind, let value):
                guard let content = slots[kind]?.content, SlotContent(fixed: value, for: kind) == content else { return false }
                if buffer.last == UInt8(ascii: " ") { buffer.removeLast() }
            }
        }
        return true
    }

    /// One bit per slot kind, by its place in `SlotKind.allCases`.
    static func mask(of kinds: some Sequence<SlotKind>) -> UInt32 {
        kinds.reduce(0) { $0 | (1 << UInt32(SlotKind.allCases.firstIndex(of: $1)!)) }
    }

    /// The sentences of ``sentence(for:slots:closestTo:)`` for a line no template fits, at most
    /// one per intent, closest to the line first, with the slots the line holds — an intent whose
    /// every template needs a value the line does not have is left out. `leading` (not among
    /// `intents`: the reading a model is sure of) comes first when it has a sentence, however far
    /// from the line; the others only when they are among the `limit` closest.
    func suggestions(
        _ line: Matcher.Line, original: String, pets: PetNameIndex, intents: [Intent], limit: Int, leading: Intent? = nil,
        words: MatcherWords
    ) -> [(command: Command, sentence: String)] {
        let typed = Array(line.words.joined(separator: " ").utf8)
        let typedWords = Set(line.words)
        let all = (leading.map { [$0] } ?? []) + intents
        // What the line holds, read once for every intent considered.
        let kinds = all.reduce(into: Set<SlotKind>()) { $0.formUnion(wordKinds[$1] ?? []) }
        var scanned = scanner.scan(line, original: original, pets: pets, kinds: kinds, words: words)
        // A pet the user has not got, named where a pet stands ("start wsh for fluffy"), stays in
        // what is offered: a suggestion without it would, said yes to, fall to another pet.
        if kinds.contains(.pet), scanned[.pet] == nil, let position = Self.anotherPetNamed(in: line, pets: pets, words: words) {
            scanned[.pet] = SlotValue(text: String(original[line.tokens[position].range]))
        }
        var lead: [(command: Command, sentence: String)] = []
        // The closest so far, closest first (of equal distances, the intent considered first).
        var found: [(command: Command, sentence: String, distance: Int)] = []
        for intent in all {
            let room = limit - lead.count
            guard room > 0 else { break }
            // ("getting on" holds the setting value "on"; "how is Fluffy" takes no value from words.)
            let slots = scanned.filter { (wordKinds[intent] ?? []).contains($0.key) }
            guard (requiredKinds[intent] ?? []).isSubset(of: slots.keys) else { continue }
            // A sentence at most as far from the line as the line is long. Once `room` are found,
            // only one closer than the farthest of them can still be among them.
            let bound = intent != leading && found.count >= room ? found[room - 1].distance - 1 : typed.count
            guard let (distance, sentence) = closest(intent, slots: slots, to: typed, within: bound) else { continue }
            // One the model is not sure of is offered when it is near the line (at most half of it
            // differs) or says one of its words: "this month's washes" may be "history for this
            // month", "bogus line here" is not "bonjour".
            guard intent == leading || distance <= typed.count / 2 || Self.sharesAWord(sentence, with: typedWords) else { continue }
            let command = Command(intent: intent, slots: slots)
            if intent == leading {
                lead = [(command, sentence)]
                continue
            }
            let place = found.firstIndex { $0.distance > distance } ?? found.endIndex
            found.insert((command, sentence, distance), at: place)
        }
        return lead + found.prefix(limit - lead.count).map { ($0.command, $0.sentence) }
    }

    /// Whether a sentence holds one of `words` (a line's words, normalised).
    static func sharesAWord(_ sentence: String, with words: Set<String>) -> Bool {
        Tokenizer.tokens(of: sentence).contains { words.contains($0.word) }
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
                guard let content = slots[kind]?.content, SlotContent(fixed: value, for: kind) == content else { return nil }
            case .list(let kind, let list):
                guard let value = slots[kind]?.listed, let phrase = phrases[list]?[value] else { return nil }
                words.append(phrase)
            }
        }
        return words.joined(separator: " ")
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
        case .count: return value.number?.text ?? value.text
        case .range:
            return value.range?.label ?? value.text
        default: return value.text
        }
    }
}
