import LaundryCore
internal import LaundryGrammar

/// How a line answers a yes/no question the assistant is waiting on, read for what it means:
/// the grammar's cues (``LaundryGrammar/Cue``) say whether it refuses, doubts or
/// agrees, in the person's own words. Declining changes nothing, so any negation — "that isn't
/// right", "false", "wrong" — is a no, whatever else the line says; a yes must be plain.
enum AnswerWords {
    enum Meaning: Equatable {
        case yes
        case no
        /// Neither a plain yes nor a no ("maybe", "i guess", a misspelling read as "correct",
        /// "yes, fluffy instead"): the question is asked again.
        case unclear
        /// Another command: the question is dropped and the line runs as itself.
        case another
    }

    /// What `turn` says to the question about `pet` (nil when it is about none), where the user's
    /// other pets are `otherPets`.
    static func meaning(of turn: Turn, grammar: Grammar, pet: String?, otherPets: [String]) -> Meaning {
        switch turn.command.intent {
        case .deny: return .no
        case .confirm, .unknown: break
        // A command of its own, even one that says "not" ("don't remind me about wet laundry").
        default: return .another
        }
        let cues = grammar.cues(in: turn.input).map(\.kind)
        if cues.contains(.negation) || cues.contains(.refusal) || cues.contains(.correction) { return .no }
        switch turn.command.intent {
        case .confirm:
            // A yes read from a misspelling ("corect") is a guess, and a guess is no yes.
            return turn.command.corrections.isEmpty && !cues.contains(.doubt) ? .yes : .unclear
        case .unknown:
            guard cues.contains(.assent), !cues.contains(.doubt), isPlain(turn.input, pet: pet, otherPets: otherPets) else { return .unclear }
            return .yes
        default:
            return .another
        }
    }

    /// Whether a yes points nowhere else: no number, and no pet named but the one asked about
    /// ("Yes, fluffy instead" is no yes to deleting Snowy).
    private static func isPlain(_ input: String, pet: String?, otherPets: [String]) -> Bool {
        guard !input.contains(where: \.isNumber) else { return false }
        let spoken = " " + words(of: input).joined(separator: " ") + " "
        let asked = pet.map { words(of: $0).joined(separator: " ") }
        return !otherPets.contains { name in
            let named = words(of: name).joined(separator: " ")
            return !named.isEmpty && named != asked && spoken.contains(" \(named) ")
        }
    }

    /// The line's words, lower case, as pet names are compared.
    private static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }.map(String.init)
    }
}
