import Foundation

/// Splits a line into words the way the grammar compares them: lower case, punctuation at the
/// edges of a word dropped, runs of white space folded.
///
/// It splits first and strips after, so a word that is nothing but punctuation ("?") survives,
/// and a leading "/" is kept ("/status" is a word of its own), as is a leading "--" before a letter
/// ("--pet", a command-line option). So are a sign and a decimal point
/// right before a digit ("-5", ".5", "-.5"): stripped, "-5 minutes" would be read as 5. Each token remembers where it
/// stands in the line, so slots can hand back the user's own spelling ("Zoë", "Mr. Fluff").
struct Token: Equatable {
    /// The normalised word.
    let word: String
    /// Where the word stands in the original line, without the punctuation at its edges.
    let range: Range<String.Index>
    /// The whole run of non-space characters the word came from, punctuation and all.
    let chunk: Range<String.Index>
    /// Which quoted stretch of the line ("…" or “…”) the word is in, counted from 0; -1 outside
    /// quotes. Quoted words are a name as they stand: only a free-text slot or a pet takes them,
    /// and only all of them together.
    var quote: Int = -1

    var quoted: Bool { quote >= 0 }

    init(word: String, range: Range<String.Index>, chunk: Range<String.Index>, quote: Int = -1) {
        self.word = word
        self.range = range
        self.chunk = chunk
        self.quote = quote
    }

    init(word: String, range: Range<String.Index>, chunk: Range<String.Index>, quoted: Bool) {
        self.init(word: word, range: range, chunk: chunk, quote: quoted ? 0 : -1)
    }
}

/// The tokenizer runs on every line the user types, so it has two ways of doing the same thing:
///
/// - the **byte path**, for ASCII: every byte is a Character of its own (but "\r\n", which is
///   white space either way), so white space, letters and digits can be told apart by comparing
///   bytes, and lower-casing is a bit flip;
/// - the **Character path**, for everything else: Unicode white space and letters, grapheme
///   clusters (a combining accent after a space belongs to the space), emoji and typographic
///   apostrophes.
///
/// A line with any non-ASCII byte is split into chunks first (see `unicodeChunks`); each chunk
/// that is ASCII then takes the byte path all the same. Both paths give exactly the same tokens.
enum Tokenizer {
    static func tokens(of line: String) -> [Token] {
        // Native strings keep contiguous UTF-8; a bridged string may not (then: Characters only).
        let tokens = line.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy(isASCII) ? asciiTokens(of: line, bytes) : unicodeTokens(of: line, bytes)
        } ?? unicodeTokens(of: line, nil)
        return markingQuotes(tokens, in: line)
    }

    /// Marks the tokens that stand inside a pair of double quotes ("…" or “…”): a chunk that
    /// starts with an opening quote, up to the chunk that ends with its closing one. Most lines
    /// hold no quote at all (found by bytes: " is 0x22; “ and ” start with E2 80).
    private static func markingQuotes(_ tokens: [Token], in line: String) -> [Token] {
        guard line.utf8Contains(where: { $0 == 0x22 || $0 == 0xE2 }) else { return tokens }
        var marked = tokens
        var group = 0
        var index = 0
        while index < marked.count {
            let chunk = line[marked[index].chunk]
            guard let open = chunk.first, open == "\"" || open == "“" else {
                index += 1
                continue
            }
            let close: Character = open == "“" ? "”" : "\""
            // The closing quote ends this chunk (after the opening one) or a later one; a "," or
            // "!" may follow it.
            var end = index
            while end < marked.count, !endsQuote(line[marked[end].chunk], close, alsoOpens: end == index) { end += 1 }
            guard end < marked.count else { break }
            for position in index...end { marked[position].quote = group }
            group += 1
            index = end + 1
        }
        return marked
    }

    /// The normalised form of one template word or one name: the whole text as one chunk.
    static func normalize(_ word: String) -> String {
        let ascii: String?? = word.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy(isASCII) ? asciiToken(in: word, bytes, 0..<bytes.count).word : nil
        }
        return (ascii ?? nil) ?? characterToken(in: word, word.startIndex..<word.endIndex).word
    }

    private static func endsQuote(_ chunk: Substring, _ close: Character, alsoOpens: Bool) -> Bool {
        var text = chunk
        while let last = text.last, last != close, last.isPunctuation { text = text.dropLast() }
        return text.last == close && (!alsoOpens || text.count > 1)
    }

    private static func asciiTokens(of line: String, _ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(8)  // most lines have fewer words: one allocation instead of four
        var start = 0
        while start < bytes.count {
            guard !isASCIIWhitespace(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, !isASCIIWhitespace(bytes[end]) { end += 1 }
            tokens.append(asciiToken(in: line, bytes, start..<end))
            start = end
        }
        return tokens
    }

    /// - Parameter bytes: the line's UTF-8, when the string can lend it.
    private static func unicodeTokens(of line: String, _ bytes: UnsafeBufferPointer<UInt8>?) -> [Token] {
        let utf8 = line.utf8
        return (unicodeChunks(of: line) ?? characterChunks(of: line)).map { chunk in
            if let bytes, bytes[chunk].allSatisfy(isASCII) { return asciiToken(in: line, bytes, chunk) }
            let lower = utf8.index(utf8.startIndex, offsetBy: chunk.lowerBound)
            let upper = utf8.index(lower, offsetBy: chunk.count)
            return characterToken(in: line, lower..<upper)
        }
    }

    /// The runs of non-white-space Characters, as UTF-8 offsets, found scalar by scalar.
    ///
    /// A Character is white space when its first scalar is, so splitting by scalars gives the
    /// same runs unless a Character holds white space and something else: a combining mark right
    /// after a space (" \u{301}" is one Character, white space) or a prepended mark right before
    /// one ("\u{600} " is one Character, not white space). So every border between white space
    /// and the rest must be a Character boundary. Between two ASCII scalars it surely is (the one
    /// ASCII pair that makes a single Character, "\r\n", is white space on both sides); elsewhere
    /// String is asked. Nil when one is not a boundary: then only Characters will do.
    private static func unicodeChunks(of line: String) -> [Range<Int>]? {
        var chunks: [Range<Int>] = []
        var offset = 0
        var chunkStart: Int?
        var previousIsASCII = true
        for scalar in line.unicodeScalars {
            let isWhitespace = scalar.isASCII ? isASCIIWhitespace(UInt8(scalar.value)) : scalar.properties.isWhitespace
            let inChunk = chunkStart != nil
            if isWhitespace == inChunk {
                // A border between white space and a chunk.
                if !(previousIsASCII && scalar.isASCII) {
                    let index = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
                    guard index.samePosition(in: line) != nil else { return nil }
                }
                if let start = chunkStart {
                    chunks.append(start..<offset)
                    chunkStart = nil
                } else {
                    chunkStart = offset
                }
            }
            previousIsASCII = scalar.isASCII
            offset += UTF8.width(scalar)
        }
        if let start = chunkStart { chunks.append(start..<offset) }
        return chunks
    }

    /// The runs of non-white-space Characters, as UTF-8 offsets, found Character by Character.
    private static func characterChunks(of line: String) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var offset = 0
        var chunkStart: Int?
        for character in line {
            if character.isWhitespace {
                if let start = chunkStart { chunks.append(start..<offset) }
                chunkStart = nil
            } else if chunkStart == nil {
                chunkStart = offset
            }
            offset += character.utf8.count
        }
        if let start = chunkStart { chunks.append(start..<offset) }
        return chunks
    }

    // MARK: - Byte path (ASCII)

    /// The token for an all-ASCII chunk, given as UTF-8 offsets into `line`.
    private static func asciiToken(in line: String, _ bytes: UnsafeBufferPointer<UInt8>, _ chunk: Range<Int>) -> Token {
        let utf8 = line.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let chunkRange = index(chunk.lowerBound)..<index(chunk.upperBound)
        guard bytes[chunk].contains(where: isASCIIWordCharacter) else {
            // All punctuation ("?", "!"): keep as it is.
            return Token(word: String(line[chunkRange]), range: chunkRange, chunk: chunkRange)
        }
        // A leading "/" (a shortcut) or "--" before a letter (a command-line option) is kept.
        let dash = UInt8(ascii: "-")
        let prefix = bytes[chunk.lowerBound] == UInt8(ascii: "/") ? 1
            : chunk.count > 2 && bytes[chunk.lowerBound] == dash && bytes[chunk.lowerBound + 1] == dash
                && isASCIILetter(bytes[chunk.lowerBound + 2]) ? 2 : 0
        var start = chunk.lowerBound + prefix
        var end = chunk.upperBound
        while start < end, !isASCIIWordCharacter(bytes[start]) { start += 1 }
        if start < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]) {
            let first = chunk.lowerBound + prefix
            if start > first, bytes[start - 1] == UInt8(ascii: ".") { start -= 1 }
            if start > first, bytes[start - 1] == UInt8(ascii: "-") || bytes[start - 1] == UInt8(ascii: "+") { start -= 1 }
        }
        while end > start, !isASCIIWordCharacter(bytes[end - 1]) { end -= 1 }
        let word = String(unsafeUninitializedCapacity: prefix + end - start) { buffer in
            for offset in 0..<prefix { buffer[offset] = bytes[chunk.lowerBound + offset] }
            for offset in start..<end {
                let byte = bytes[offset]
                // ASCII upper case differs from lower case by one bit.
                buffer[prefix + offset - start] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            }
            return prefix + end - start
        }
        let range = (prefix > 0 ? chunkRange.lowerBound : index(start))..<index(end)
        return Token(word: word, range: range, chunk: chunkRange)
    }

    private static func isASCII(_ byte: UInt8) -> Bool { byte < 0x80 }

    /// The ASCII characters with Unicode's White_Space property: tab, line feed, vertical tab,
    /// form feed, carriage return and space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// ASCII letters and digits: the ASCII characters `isWordCharacter` accepts.
    private static func isASCIIWordCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    // MARK: - Character path

    private static func characterToken(in line: String, _ chunk: Range<String.Index>) -> Token {
        let text = line[chunk]
        guard text.contains(where: isWordCharacter) else {
            // All punctuation ("?", "!"): keep as it is.
            return Token(word: String(text), range: chunk, chunk: chunk)
        }
        var start = chunk.lowerBound
        var end = chunk.upperBound
        let prefix = text.first == "/" ? "/" : text.hasPrefix("--") && text.dropFirst(2).first?.isLetter == true ? "--" : ""
        start = line.index(start, offsetBy: prefix.count)
        while start < end, !isWordCharacter(line[start]) { start = line.index(after: start) }
        if start < end, line[start].isASCIIDigit {
            let first = line.index(chunk.lowerBound, offsetBy: prefix.count)
            if start > first, line[line.index(before: start)] == "." { start = line.index(before: start) }
            if start > first, SlotNumber.isSign(line[line.index(before: start)]) { start = line.index(before: start) }
        }
        while end > start, !isWordCharacter(line[line.index(before: end)]) { end = line.index(before: end) }
        // Typographic apostrophes ("what’s", "Snowy’s") compare like straight ones, and
        // compatibility forms like their plain ones (NFKC: "ｗａｓｈ" is "wash", "ﬁ" is "fi").
        let word = prefix + line[start..<end].precomposedStringWithCompatibilityMapping.lowercased().replacingApostrophes()
        return Token(word: word, range: (prefix.isEmpty ? start : chunk.lowerBound)..<end, chunk: chunk)
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
        // Most words have no "’" (UTF-8 E2 80 99) at all; only those pay for comparing Characters.
        guard utf8.contains(0xE2), contains("’") else { return self }
        return String(map { $0 == "’" ? "'" : $0 })
    }
}
