import Foundation

/// A read-only map from words to values for the lookups made for every word of every line (the
/// grammar's word facts). An ASCII word — nearly every word typed — is found by an FNV-1a hash of
/// its bytes in an open-addressed table; `Dictionary` hashes with SipHash, whose set-up and
/// finishing cost about three times as much for a word of a few letters (callgrind on the
/// grammar benchmark). Any other word is looked up in a `Dictionary`, as before.
///
/// It answers as `Dictionary` does, canonical equivalence included: an ASCII word can only equal
/// a key whose NFC form is that very ASCII text, so those forms are what the table holds (a test
/// holds the two to the same answers).
struct WordTable<Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        let hash: UInt64
        let word: String
        let value: Value
    }

    /// Open addressing, linear probing; a power of two at most half full.
    private let slots: [Slot?]
    private let mask: Int
    private let dictionary: [String: Value]

    init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
        var ascii: [(String, Value)] = []
        ascii.reserveCapacity(dictionary.count)
        for (word, value) in dictionary {
            if let form = word.asciiForm { ascii.append((form, value)) }
        }
        var capacity = 16
        while capacity < ascii.count * 2 { capacity *= 2 }
        var slots = [Slot?](repeating: nil, count: capacity)
        for (word, value) in ascii {
            let hash = Self.hash(word)
            var index = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while let slot = slots[index] {
                if slot.word == word { break }  // two keys of one NFC form: either value is the key's
                index = (index + 1) & (capacity - 1)
            }
            if slots[index] == nil { slots[index] = Slot(hash: hash, word: word, value: value) }
        }
        (self.slots, mask) = (slots, capacity - 1)
    }

    /// Every word it holds.
    var keys: Dictionary<String, Value>.Keys { dictionary.keys }

    subscript(word: String) -> Value? {
        guard word.isASCII else { return dictionary[word] }
        let hash = Self.hash(word)
        var index = Int(truncatingIfNeeded: hash) & mask
        while let slot = slots[index] {
            if slot.hash == hash && slot.word == word { return slot.value }
            index = (index + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the word's UTF-8 bytes.
    static func hash(_ word: String) -> UInt64 {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
            bytes.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return word.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(word.utf8)
    }
}
