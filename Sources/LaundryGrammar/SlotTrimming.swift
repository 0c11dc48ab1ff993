/// Where free text a person typed really ends, for a new name, a help topic or a search: words said
/// after it that are no part of it ("Duvet pls", "Sporty instead", "Moss lol", "towels?") are left
/// out — unless quoted, since quotes make anything a name (`create pet "Duvet pls"`).
enum SlotTrimming {
    /// Words that close a request rather than a name.
    static let trailingWords: Set<String> = ["please", "pls", "plz", "thanks", "thx", "ty", "lol", "haha", "instead", "now"]

    /// The end of `range` in `tokens` with unquoted closing words dropped ("thank you" too) —
    /// never all of it.
    static func end(_ tokens: [Token], _ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end - 1 > range.lowerBound, !tokens[end - 1].quoted {
            let word = tokens[end - 1].word
            if trailingWords.contains(word) {
                end -= 1
            } else if word == "you", end - 2 > range.lowerBound, tokens[end - 2].word == "thank", !tokens[end - 2].quoted {
                end -= 2
            } else {
                break
            }
        }
        return end
    }

    /// A search as typed, without a question's or an exclamation's closing marks, nor the quotes
    /// around it (`find "rename" in the transcript` searches for rename).
    static func search(_ typed: Substring) -> String {
        var text = typed
        while let last = text.last, "?!".contains(last) { text = text.dropLast() }
        for (open, close) in [("\"", "\""), ("“", "”"), ("'", "'"), ("‘", "’")]
        where text.count > 2 && text.hasPrefix(open) && text.hasSuffix(close) {
            text = text.dropFirst().dropLast()
        }
        return String(text)
    }
}
