/// Yes and no in a person's own words, for a yes/no question the assistant is waiting on, when no
/// template of the grammar fits the line ("wait no", "yeah im sure"). Read only then: any other
/// time these words mean nothing on their own.
enum AnswerWords {
    /// Whether a line holds a word of refusal: "no", "nope", "nah", "don't", "cancel", "not".
    /// Declining changes nothing, so any line with one is a no.
    static func saysNo(_ input: String) -> Bool {
        words(of: input).contains { refusals.contains($0) }
    }

    /// Whether a line is a plain yes: it holds a word of assent ("yeah", "sure", "absolutely"),
    /// and nothing that refuses, hesitates ("wait", "maybe", "but"), or points somewhere else — a
    /// number, or the name of a pet other than `pet`, the one the question is about. ("Yes,
    /// fluffy instead" is no yes to deleting Snowy.)
    static func saysYes(_ input: String, pet: String?, otherPets: [String]) -> Bool {
        let words = words(of: input)
        guard words.contains(where: { assents.contains($0) }),
              !words.contains(where: { refusals.contains($0) || hesitations.contains($0) }),
              !input.contains(where: \.isNumber)
        else { return false }
        let spoken = " " + words.joined(separator: " ") + " "
        return !otherPets.contains { name in
            let named = Self.words(of: name).joined(separator: " ")
            return !named.isEmpty && named != pet.map({ Self.words(of: $0).joined(separator: " ") }) && spoken.contains(" \(named) ")
        }
    }

    /// The line's words, lower case, each run of a letter said once ("nooo" is "no", "yesss"
    /// "yes"), as the word lists below are read.
    private static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }.map(squeezed)
    }

    private static func squeezed<Word: StringProtocol>(_ word: Word) -> String {
        var said = ""
        for letter in word where letter != said.last { said.append(letter == "’" ? "'" : letter) }
        return said
    }

    private static func list(_ words: [String]) -> Set<String> { Set(words.map(squeezed)) }

    private static let refusals = list(["no", "nope", "nah", "nay", "don't", "dont", "cancel", "not", "never", "stop"])
    private static let hesitations = list([
        "wait", "hold", "hang", "hmm", "hm", "um", "umm", "maybe", "perhaps", "but", "unless", "instead", "later", "actually",
        "unsure", "dunno", "what", "why", "which", "who", "when", "how", "undo", "keep", "leave",
    ])
    private static let assents = list([
        "yes", "y", "ye", "yeah", "yea", "yeh", "yah", "ya", "yas", "yep", "yup", "yip", "sure",
        "ok", "okay", "okey", "k", "alright", "absolutely", "definitely", "certainly", "correct", "confirm", "confirmed",
        "affirmative", "aye", "indeed", "totally", "right",
    ])
}
