import LaundryCore
/// A line read by the grammar: a command — or, when no template fits, what it may have meant.
public struct Interpretation: Sendable {
    /// What the templates make of the line; `unknown` when none fits.
    public let command: Command
    /// When no template fits: the readings that may have been meant, most likely first, each with
    /// the sentence it is said as.
    public let guesses: [Guess]
}

/// A reading of a line no template fits.
public struct Guess: Sendable {
    public let command: Command
    /// The grammar's own sentence for it, with the user's pet and values: "start wash for Fluffy".
    public let sentence: String
    /// How sure the reading is, 0…1, when a model can tell; nil for a mere suggestion. Set only
    /// from ``confident`` on, and only for the first guess.
    public let confidence: Double?

    public init(command: Command, sentence: String, confidence: Double?) {
        self.command = command
        self.sentence = sentence
        self.confidence = confidence
    }

    /// How sure a reading must be to be acted on without being offered first: the intent
    /// classifier's ``IntentClassifier/highConfidence``. The grammar gives a guess a confidence
    /// only from there on, and the assistant acts on one only from there on.
    public static let confident = IntentClassifier.highConfidence
}

extension Suggester {
    /// Intents by how many of the line's words their sentences use, rarer words weighing more:
    /// a cheap first cut of what a line may have meant, before any sentence is compared.
    func intentsSharingWords(_ words: [String]) -> [Intent] {
        var scores: [Intent: Double] = [:]
        for word in Set(words) {
            guard let intents = intentsByWord[word] else { continue }
            let weight = 1 / Double(intents.count)
            for intent in intents { scores[intent, default: 0] += weight }
        }
        return scores.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map(\.key)
    }
}

extension Suggester {
    /// Whether a reading of a line no template fits holds what the line gives its intent: the
    /// slots every template of the intent has, the pet when the line names one of the user's pets
    /// and the intent takes a pet, and every number and unit of time in the line — "every 12
    /// hours" is no frequency of 12 days, "one two" no count of 2, "last 96 hours" no history of
    /// all time, "NaN" no default. Only such a reading may be acted on without asking which pet
    /// or how long.
    func holdsWhatTheLineGives(_ command: Command, _ line: Matcher.Line, original: String, pets: PetNameIndex, words: MatcherWords) -> Bool {
        let takes = slotKinds[command.intent] ?? []
        guard (requiredKinds[command.intent] ?? []).isSubset(of: command.slots.keys) else { return false }
        let another = Self.anotherPetNamed(in: line, pets: pets, words: words)
        if takes.contains(.pet), command.slots[.pet] == nil, line.petNames.contains(where: { !$0.isEmpty }) || another != nil {
            return false
        }
        // A pet the user has not got is only ever offered ("start wsh for fluffy"): asked as sure,
        // the question would be about no pet at all.
        if let another, command.slots[.pet]?.knownPet == nil, command.slots[.pet]?.text.lowercased() == line.words[another] {
            return false
        }
        let read = scanner.scanned(line, original: original, pets: pets, kinds: Set(command.slots.keys), words: words).used
        let parsers = words.slots, said = parsers.words
        let numbers: Set<SlotKind> = [.minutes, .days, .count, .range]
        for (position, word) in line.words.enumerated() where !read.contains(position) {
            // ("one" is as often a pronoun, "add another one called Undies", for an intent that
            // takes no number.)
            let isNumber = (said.numbers[word] != 1 || !takes.isDisjoint(with: numbers))
                && (said.numberLike.contains(word) || ClassifierFeatures.modelWords([word], numberWords: said.numberWords)
                    .contains(IntentClassifier.numberPlaceholder))
            guard said.unitsOfTime.contains(word) || isNumber else { continue }
            // The same value said again is no other number: "monthly, like every 30 days".
            let repeated = command.slots.contains { kind, value in
                value.content != nil && numbers.contains(kind) && parsers.read(kind, [line.slotWords[position]]) == value.content
            }
            if !repeated { return false }
        }
        return true
    }

    /// Where the line names, where a pet's name would stand, a word that is none of the user's
    /// pets nor the grammar's: "start wsh for fluffy" with no pet Fluffy is about Fluffy, and a
    /// reading without a pet — which the assistant would run for the only pet — drops it. The
    /// position of the word after one of the pet's lead-ins ("for", "of", "on"; ``WordRole/petLeadIn``);
    /// nil when the line names no such pet. A close misspelling of one of the user's pets ("for
    /// fluffey") is that pet, not another.
    static func anotherPetNamed(in line: Matcher.Line, pets: PetNameIndex, words: MatcherWords) -> Int? {
        line.words.indices.dropFirst().first { position in
            words.petLeadIns.contains(line.words[position - 1]) && line.ids[position] < 0 && !line.isPetWord(position)
                && !line.tokens[position].quoted && !words.slots.mayRead(line.slotWords[position])
                && !Normalizer.isSymbols(line.words[position])
                && pets.closeNames(in: line.words, at: position, isGrammarWord: { _ in false }).isEmpty
        }
    }
}
