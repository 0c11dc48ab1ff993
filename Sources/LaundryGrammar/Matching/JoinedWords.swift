/// Command-line habits: words joined the way a program's options and keys are ("start-wash",
/// "dry_time", "buddy.frequency", "appearance=system", "--pet=snowy"), taken apart into the words
/// they are made of, so that the templates read "start wash", "dry time", "buddy frequency",
/// "appearance = system" and "--pet snowy". Each part keeps its place in the line, so a name in it
/// is handed back as typed.
///
/// A word is taken apart only where a part is a word the grammar knows (or a number, or a pet's
/// name), and never when it is such a word itself: "t-shirts" and a pet called "T-Rex" stay
/// whole, "1.5" is a number. An option ("--pet") keeps its dashes only when the grammar names it;
/// "--snowy" is "snowy".
enum JoinedWords {
    /// `isWord`: whether the grammar (or a pet's name) knows a normalised word; `isCommandWord`:
    /// whether it is a word of a template or the first of a pet's name (not filler alone);
    /// `isNumberWord`: whether the typed slots read it (``SlotParsers/vocabulary``).
    static func split(
        _ tokens: [Token], in line: String, isWord: (String) -> Bool, isCommandWord: (String) -> Bool, isNumberWord: (String) -> Bool
    ) -> [Token] {
        // Made at the first token split: most lines have none, and are given back as they are.
        var result: [Token]?
        for index in tokens.indices {
            // (The word alone is looked at first: most tokens are passed over uncopied.)
            let word = tokens[index].word
            let joined = mayBeJoined(word)
            // Numbers stay whole: "-.5", "1.5", "forty-one".
            guard joined || mayBeGlued(word), !tokens[index].quoted, !isWord(word), !Self.isNumber(word),
                  let parts = joined ? parts(of: tokens[index], in: line, isWord: isWord, isNumberWord: isNumberWord) : glued(tokens[index], in: line, isWord: isCommandWord)
            else {
                result?.append(tokens[index])
                continue
            }
            if result == nil { result = Array(tokens[..<index]) }
            result!.append(contentsOf: parts)
        }
        return result ?? tokens
    }

    /// Two words typed without the space between them ("startdryer", "washsnowy"): split where
    /// both halves are words of a command, of three letters at least and one of four — when there
    /// is exactly one such place. ("histry" is a misspelt "history", not "his try".)
    private static func glued(_ token: Token, in line: String, isWord: (String) -> Bool) -> [Token]? {
        let word = Array(token.word.utf8)
        var found: Int?
        for cut in 3...(word.count - 3) where max(cut, word.count - cut) >= 4
            && isWord(String(decoding: word[..<cut], as: UTF8.self))
            && isWord(String(decoding: word[cut...], as: UTF8.self)) {
            guard found == nil else { return nil }
            found = cut
        }
        guard let cut = found else { return nil }
        let middle = line.utf8.index(token.range.lowerBound, offsetBy: cut)
        return [Token(word: String(decoding: word[..<cut], as: UTF8.self), range: token.range.lowerBound..<middle, chunk: token.chunk),
                Token(word: String(decoding: word[cut...], as: UTF8.self), range: middle..<token.range.upperBound, chunk: token.chunk)]
    }

    /// Six ASCII letters or more, as typed (the range's length is the word's: no accents folded).
    private static func mayBeGlued(_ word: String) -> Bool {
        let utf8 = word.utf8
        return utf8.count >= 6 && utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }

    /// A number as typed ("-.5", "1.5", "-5"), which the number slots read whole.
    private static func isNumber(_ word: String) -> Bool {
        word.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } && SlotParsers.mayReadByShape(word)
    }

    private static func mayBeJoined(_ word: String) -> Bool {
        word.utf8.contains(where: isJoiner)
    }

    /// "-", "_", ".", "=" and ":" (as in "dry_time:70"). (A switch, not a `Set`: asked of every
    /// byte of most words.)
    private static func isJoiner(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x2D, 0x5F, 0x2E, 0x3D, 0x3A: true
        default: false
        }
    }

    private static func parts(of token: Token, in line: String, isWord: (String) -> Bool, isNumberWord: (String) -> Bool) -> [Token] {
        let text = line[token.range]
        var pieces: [(range: Range<String.Index>, joinedBy: Character?)] = []
        var start = text.startIndex
        var joiner: Character?
        var index = text.startIndex
        // An option's dashes belong to its name.
        if text.hasPrefix("--") { index = text.index(index, offsetBy: 2) }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isASCII, let byte = character.asciiValue, isJoiner(byte), index > start,
               // Between two digits a joiner is part of a number ("1.5", "10:30", "2-3").
               !(text[text.index(before: index)].isNumber && next < text.endIndex && text[next].isNumber) {
                pieces.append((start..<index, joiner))
                joiner = character
                start = next
            }
            index = next
        }
        if start < text.endIndex { pieces.append((start..<text.endIndex, joiner)) }
        let words = pieces.map { Tokenizer.normalize(String(line[$0.range])) }
        let numbers = words.allSatisfy { SlotParsers.mayReadByShape($0) || isNumberWord($0) }
        let splits = words.count > 1 && !numbers && words.contains { isWord($0) || SlotParsers.mayReadByShape($0) }
        guard splits else { return [withoutUnknownOption(token, in: line, isWord: isWord)] }

        var tokens: [Token] = []
        for (piece, word) in zip(pieces, words) where !word.isEmpty {
            // "appearance=system" reads as "appearance = system"; after an option, "=" only
            // separates its value ("--pet=snowy").
            if piece.joinedBy == "=", let previous = tokens.last, !previous.word.hasPrefix("--") {
                let sign = line.index(before: piece.range.lowerBound)
                tokens.append(Token(word: "=", range: sign..<piece.range.lowerBound, chunk: token.chunk))
            }
            tokens.append(withoutUnknownOption(Token(word: word, range: piece.range, chunk: token.chunk), in: line, isWord: isWord))
        }
        return tokens
    }

    /// An option the grammar does not name is its bare word: "--snowy" is "snowy".
    private static func withoutUnknownOption(_ token: Token, in line: String, isWord: (String) -> Bool) -> Token {
        guard token.word.hasPrefix("--"), !isWord(token.word) else { return token }
        let range = line.index(token.range.lowerBound, offsetBy: 2)..<token.range.upperBound
        return Token(word: String(token.word.dropFirst(2)), range: range, chunk: token.chunk, quote: token.quote)
    }
}
