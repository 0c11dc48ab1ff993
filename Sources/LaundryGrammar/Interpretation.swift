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
    /// How sure the reading is, 0…1, when a model can tell; nil for a mere suggestion.
    public let confidence: Double?
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
