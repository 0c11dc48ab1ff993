/// A set of words asked about once for every word of every line typed: a user's pets' first
/// words, the pronouns. Up to ``linearLimit`` words it compares the word with each it holds whose
/// first byte and length are the word's (two numbers every word has at hand) — most words are
/// passed over without comparing or hashing anything, where hashing each cost about 5 % of
/// matching (grammar benchmark) — and past that it hashes, as `Set` does.
///
/// It answers as `Set` does, canonical equivalence included ("e\u{301}" is "é", the Kelvin sign
/// is "K"): the first byte and the length decide only when the word and every word held are ASCII,
/// where equal strings are equal bytes.
struct FewWords: Sendable, ExpressibleByArrayLiteral {
    private let few: [String]
    private let many: Set<String>?
    /// Bit `b % 64` of `firstBytes[b / 64]`: some word held starts with byte `b`.
    private let firstBytes: [UInt64]
    /// Bit `n` (`n` < 64): some word held is `n` bytes long; bit 63 stands for every longer one.
    private let lengths: UInt64
    /// Whether every word held is ASCII.
    private let ascii: Bool

    /// The most words compared one by one.
    static let linearLimit = 24

    init<Words: Sequence<String>>(_ words: Words) {
        let unique = Array(Set(words))
        (few, many) = unique.count <= Self.linearLimit ? (unique, nil) : ([], Set(unique))
        var firstBytes = [UInt64](repeating: 0, count: 4), lengths: UInt64 = 0
        for word in unique {
            if let first = word.utf8.first { firstBytes[Int(first) / 64] |= 1 << UInt64(first % 64) }
            lengths |= Self.lengthBit(word)
        }
        (self.firstBytes, self.lengths) = (firstBytes, lengths)
        ascii = unique.allSatisfy(Self.isASCII)
    }

    init(arrayLiteral words: String...) { self.init(words) }

    func contains(_ word: String) -> Bool { contains(word, isASCII: Self.isASCII(word)) }

    /// The same, for a word whose caller already knows whether it is ASCII.
    func contains(_ word: String, isASCII: Bool) -> Bool {
        if let many { return many.contains(word) }
        if ascii, isASCII, let first = word.utf8.first,
           firstBytes[Int(first) / 64] & (1 << UInt64(first % 64)) == 0 || lengths & Self.lengthBit(word) == 0 {
            return false
        }
        return few.contains(word)
    }

    static func isASCII(_ word: String) -> Bool {
        // Through the bytes in place: the generic walk over `utf8` cost three times as much.
        word.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? word.utf8.allSatisfy { $0 < 0x80 }
    }

    private static func lengthBit(_ word: String) -> UInt64 { 1 << UInt64(min(word.utf8.count, 63)) }
}
