/// The user's pet names, tokenised like input lines, so a `{pet}` slot can recognise them — a
/// name may have several words ("Mr. Fluff") and the longest one that fits wins.
public struct PetNameIndex: Sendable {
    struct Entry: Sendable {
        let name: String
        let words: [String]
    }

    /// Longest names (in words) first.
    let entries: [Entry]

    public init(names: [String]) {
        entries = names.map { Entry(name: $0, words: Tokenizer.tokens(of: $0).map(\.word)) }
            .filter { !$0.words.isEmpty }
            .sorted { $0.words.count > $1.words.count }
    }

    public static let empty = PetNameIndex(names: [])

    /// The names whose words stand at `position` of a line's normalised words: (word count,
    /// index into `entries`), longest first. A possessive on the last word ("snowy's") still
    /// names the pet.
    func names(in words: [String], at position: Int) -> [(length: Int, entry: Int)] {
        var found: [(length: Int, entry: Int)] = []
        for (index, entry) in entries.enumerated() where position + entry.words.count <= words.count {
            var matches = true
            for (offset, word) in entry.words.enumerated() {
                let token = words[position + offset]
                let isLast = offset == entry.words.count - 1
                if token != word && !(isLast && Self.withoutPossessive(token) == word) {
                    matches = false
                    break
                }
            }
            if matches { found.append((entry.words.count, index)) }
        }
        return found
    }

    static func withoutPossessive(_ word: String) -> String {
        // Nearly every word fails the cheap test on its last bytes ("'s" or "’s" in UTF-8); only
        // the others pay for counting and comparing Characters.
        guard word.utf8.last == UInt8(ascii: "s"), word.count > 2, word.hasSuffix("'s") || word.hasSuffix("’s") else {
            return word
        }
        return String(word.dropLast(2))
    }
}
