/// Splits a line into words the way the grammar compares them: lower case, punctuation at the
/// edges of a word dropped, runs of white space folded.
///
/// It splits first and strips after, so a word that is nothing but punctuation ("?") survives,
/// and a leading "/" is kept ("/status" is a word of its own). Each token remembers where it
/// stands in the line, so slots can hand back the user's own spelling ("Zoë", "Mr. Fluff").
struct Token: Equatable {
    /// The normalised word.
    let word: String
    /// Where the word stands in the original line, without the punctuation at its edges.
    let range: Range<String.Index>
    /// The whole run of non-space characters the word came from, punctuation and all.
    let chunk: Range<String.Index>
}

enum Tokenizer {
    static func tokens(of line: String) -> [Token] {
        var tokens: [Token] = []
        var index = line.startIndex
        while index < line.endIndex {
            guard !line[index].isWhitespace else {
                index = line.index(after: index)
                continue
            }
            var end = index
            while end < line.endIndex, !line[end].isWhitespace { end = line.index(after: end) }
            if let token = token(in: line, index..<end) { tokens.append(token) }
            index = end
        }
        return tokens
    }

    /// The normalised form of one template word or one name.
    static func normalize(_ word: String) -> String {
        token(in: word, word.startIndex..<word.endIndex)?.word ?? ""
    }

    private static func token(in line: String, _ chunk: Range<String.Index>) -> Token? {
        let text = line[chunk]
        guard text.contains(where: isWordCharacter) else {
            // All punctuation ("?", "!"): keep as it is.
            return Token(word: String(text), range: chunk, chunk: chunk)
        }
        var start = chunk.lowerBound
        var end = chunk.upperBound
        let keepsSlash = text.first == "/"
        if keepsSlash { start = line.index(after: start) }
        while start < end, !isWordCharacter(line[start]) { start = line.index(after: start) }
        while end > start, !isWordCharacter(line[line.index(before: end)]) { end = line.index(before: end) }
        // Typographic apostrophes ("what’s", "Snowy’s") compare like straight ones.
        let word = (keepsSlash ? "/" : "") + line[start..<end].lowercased().replacingApostrophes()
        return Token(word: word, range: (keepsSlash ? chunk.lowerBound : start)..<end, chunk: chunk)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        // Emoji count as word characters too (a pet may be called "🐑"); the ASCII digits, "#" and
        // "*" carry the emoji property as well, hence the lower bound.
        character.isLetter || character.isNumber
            || character.unicodeScalars.contains { $0.properties.isEmoji && $0.value > 0xFF }
    }
}

extension String {
    fileprivate func replacingApostrophes() -> String {
        contains("’") ? String(map { $0 == "’" ? "'" : $0 }) : self
    }
}
