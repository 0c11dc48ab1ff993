/// The user's pet names, tokenised like input lines, so a `{pet}` slot can recognise them — a
/// name may have several words ("Mr. Fluff") and the longest one that fits wins.
public struct PetNameIndex: Sendable {
    struct Entry: Sendable {
        let name: String
        let words: [String]
    }

    let entries: [Entry]

    public init(names: [String]) {
        entries = names.map { Entry(name: $0, words: Tokenizer.tokens(of: $0).map(\.word)) }
            .filter { !$0.words.isEmpty }
            .sorted { $0.words.count > $1.words.count }
    }

    public static let empty = PetNameIndex(names: [])

    /// The names whose words stand at `position`: (word count, stored name). A possessive on the
    /// last word ("snowy's") still names the pet.
    func names(in tokens: [Token], at position: Int) -> [(length: Int, name: String)] {
        var found: [(Int, String)] = []
        for entry in entries where position + entry.words.count <= tokens.count {
            var matches = true
            for (offset, word) in entry.words.enumerated() {
                let token = tokens[position + offset].word
                let isLast = offset == entry.words.count - 1
                if token != word && !(isLast && Self.withoutPossessive(token) == word) {
                    matches = false
                    break
                }
            }
            if matches { found.append((entry.words.count, entry.name)) }
        }
        return found
    }

    static func withoutPossessive(_ word: String) -> String {
        guard word.count > 2, word.hasSuffix("'s") || word.hasSuffix("’s") else { return word }
        return String(word.dropLast(2))
    }
}
