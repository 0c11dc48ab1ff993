import Foundation

/// A set of words asked about once for every word of every line typed: a user's pets' first
/// words, the pronouns. Up to ``linearLimit`` words it compares an ASCII word only with the held
/// words of its first byte and length (two numbers every word has at hand), so that most words are
/// passed over without comparing or hashing anything — hashing each cost about 5 % of matching
/// (grammar benchmark) — and past that it hashes, as `Set` does.
///
/// It answers as `Set` does, canonical equivalence included ("e\u{301}" is "é", the Kelvin sign
/// is "K"): Swift's strings are equal when their NFC forms are, and an ASCII word is its own NFC
/// form, so an ASCII word can only equal a held word whose NFC form is that very ASCII text.
struct FewWords: Sendable, ExpressibleByArrayLiteral {
    /// Every word held (`few`), or the set of them when there are many.
    private let few: [String]
    private let many: Set<String>?
    /// The NFC forms of the held words that are ASCII: the only words an ASCII word can equal.
    private let ascii: [String]
    /// Bit `b` of the 128: some word of `ascii` starts with byte `b` (two words, not an array, so
    /// that copying the set — a walk holds the user's pets — retains nothing more).
    private let firstBytesLow: UInt64, firstBytesHigh: UInt64
    /// Bit `n` (`n` < 64): some word of `ascii` is `n` bytes long; bit 63 stands for every longer one.
    private let lengths: UInt64

    /// The most words compared one by one.
    static let linearLimit = 24

    init<Words: Sequence<String>>(_ words: Words) {
        let unique = Array(Set(words))
        (few, many) = unique.count <= Self.linearLimit ? (unique, nil) : ([], Set(unique))
        ascii = Array(Set(unique.lazy.compactMap(\.asciiForm)))
        var low: UInt64 = 0, high: UInt64 = 0, lengths: UInt64 = 0
        for word in ascii {
            if let first = word.utf8.first {
                if first < 64 { low |= 1 << UInt64(first) } else { high |= 1 << UInt64(first - 64) }
            }
            lengths |= Self.lengthBit(word)
        }
        (firstBytesLow, firstBytesHigh, self.lengths) = (low, high, lengths)
    }

    init(arrayLiteral words: String...) { self.init(words) }

    func contains(_ word: String) -> Bool { contains(word, isASCII: word.isASCII) }

    /// The same, for a word whose caller already knows whether it is ASCII.
    func contains(_ word: String, isASCII: Bool) -> Bool {
        if let many { return many.contains(word) }
        guard isASCII else { return few.contains(word) }
        guard let first = word.utf8.first else { return ascii.contains("") }
        let held = first < 64 ? firstBytesLow & (1 << UInt64(first)) : firstBytesHigh & (1 << UInt64(first - 64))
        return held != 0 && lengths & Self.lengthBit(word) != 0 && ascii.contains(word)
    }

    private static func lengthBit(_ word: String) -> UInt64 { 1 << UInt64(min(word.utf8.count, 63)) }
}
