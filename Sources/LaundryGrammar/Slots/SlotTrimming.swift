/// Where free text a person typed really ends, for a new name, a help topic or a search: the
/// grammar's filler said after it is no part of it ("Duvet pls", "Sporty instead", "Moss lol") —
/// as the matcher reads a template's free text — nor are a search's closing marks ("towels?").
/// Quoted words are never filler: quotes make anything a name (`create pet "Duvet pls"`).
enum SlotTrimming {
    /// The end of `range` with the `skip` phrases that close it dropped (``Matcher/Line/skips``
    /// knows them, quotes and pets' names already left out) — never all of it. A phrase that starts
    /// inside and runs on past the end goes too, the longest first: "Jeans right now" is Jeans,
    /// where the walk, passing over "now" alone, had taken "Jeans right".
    static func end(_ line: Matcher.Line, _ range: Range<Int>) -> Int {
        var end = range.upperBound
        guard !line.skips.isEmpty, !range.isEmpty else { return end }
        while let start = (range.lowerBound + 1..<end).first(where: { position in
            line.skips[position].contains { !$0.isSymbols && $0.end >= end }
        }) {
            end = start
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
