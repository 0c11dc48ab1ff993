/// What the intent classifier sees of a line: its words with the user's pets and the numbers
/// masked, and the features it weighs.
///
/// Masking makes one sentence of "wash snowy" and "wash buddy", of "30 minutes" and "forty
/// minutes": the model learns the shape of a sentence, not the names in it, and a pet called
/// "Fluffy" cannot teach it that "fluffy" means a wash.
extension IntentClassifier {
    /// Stands for each word of one of the user's pet names; the caller puts it in (see
    /// ``maskingPets(in:pets:)``) before asking the classifier.
    public static let petPlaceholder = "‹pet›"
    /// Stands for a number; the classifier puts it in itself (digits, "1h15m", "forty five").
    public static let numberPlaceholder = "‹num›"

    /// `words` (normalised and expanded as the matcher reads a line) with each word of a pet's
    /// name replaced by ``petPlaceholder``: the longest name where several fit, a possessive
    /// ("snowy's") too, then a word that is no grammar word and a close misspelling of exactly one
    /// pet's name ("snowey"). The classifier was trained on words masked by this very function.
    package static func maskingPets(in words: [String], pets: PetNameIndex, isGrammarWord: (String) -> Bool) -> [String] {
        guard !pets.isEmpty else { return words }
        var masked = words
        var position = 0
        while position < words.count {
            let found = pets.names(in: words, at: position)
            let close = found.isEmpty && !isGrammarWord(words[position])
                ? pets.closeNames(in: words, at: position, isGrammarWord: isGrammarWord) : []
            if let length = (found.first ?? (close.count == 1 ? close.first : nil))?.length {
                for index in position..<position + length { masked[index] = petPlaceholder }
                position += length
            } else {
                position += 1
            }
        }
        return masked
    }
}

/// The features of a line (see ``IntentClassifier``): its word unigrams, its word bigrams (the
/// line's start and end count as words), and the letter trigrams inside each word with its edges
/// marked ("wash" → ⟨wa, was, ash, sh⟩), which still see "wahs" as close to "wash".
///
/// A feature is a hash of what it holds (FNV-1a, ``keyLimit``): the model stores no strings, and a
/// line's features are found without making any. Two features that share a hash share a weight.
package enum ClassifierFeatures {
    /// The words the model weighs: numbers masked — digits, or the grammar's numbers in words
    /// (`numberWords`, ``Grammar/numberWords``: a model is trained and asked with the same grammar's);
    /// a run of the same placeholder ("‹pet› ‹pet›" for "Mr. Fluff", "‹num› ‹num›" for "forty five")
    /// folded into one.
    package static func modelWords(_ words: [String], numberWords: Set<String>) -> [String] {
        var result: [String] = []
        result.reserveCapacity(words.count)
        func append(_ word: String) {
            let isPlaceholder = word == IntentClassifier.petPlaceholder || word == IntentClassifier.numberPlaceholder
            if isPlaceholder, result.last == word { return }
            result.append(word)
        }
        for word in words {
            guard let first = word.utf8.first else { continue }
            // (Decimal parsing is slow: only a word that may be one is asked; "−" is not ASCII.)
            let startsLikeANumber = isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || first >= 0x80
            if numberWords.contains(word) || (startsLikeANumber && SlotNumber.decimal(word) != nil) {
                append(IntentClassifier.numberPlaceholder)
            } else if isDigit(first) || (word.utf8.count > 1 && (first == UInt8(ascii: "-") || first == UInt8(ascii: "."))
                                          && word.utf8.dropFirst().first.map(isDigit) == true) {
                // "1h15m", "90min", "7am": numbers and what follows them.
                for part in SlotParsers.splitCompact([word]) {
                    append(SlotNumber.decimal(part) != nil ? IntentClassifier.numberPlaceholder : part)
                }
            } else if word.utf8.contains(UInt8(ascii: "-")), isWordNumber(hyphenated: word, numberWords) {
                append(IntentClassifier.numberPlaceholder)  // "forty-five"
            } else {
                append(word)
            }
        }
        return result
    }

    private static func isWordNumber(hyphenated word: String, _ numberWords: Set<String>) -> Bool {
        let parts = word.split(separator: "-")
        return !parts.isEmpty && parts.allSatisfy { numberWords.contains(String($0)) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Hashed features

    private static let unigram: UInt8 = 1, bigram: UInt8 = 2, trigram: UInt8 = 3
    /// The line's start and end, for bigrams, and a word's, for trigrams: values no UTF-8 byte
    /// and no Unicode scalar has.
    private static let lineStart: UInt32 = 0x11_0000, lineEnd: UInt32 = 0x11_0001

    /// The features of `words` (already ``modelWords(_:numberWords:)``), each once, in the order met.
    package static func keys(of words: [String]) -> [UInt32] {
        var keys: [UInt32] = []
        keys.reserveCapacity(words.count * 8 + 1)
        var previous: String?
        var scalars: [UInt32] = []
        for word in words {
            keys.append(hash(unigram) { $0.add(word) })
            keys.append(hash(bigram) { hasher in
                if let previous { hasher.add(previous) } else { hasher.add(scalar: lineStart) }
                hasher.add(word)
            })
            previous = word
            guard word != IntentClassifier.petPlaceholder, word != IntentClassifier.numberPlaceholder else { continue }
            scalars.removeAll(keepingCapacity: true)
            scalars.append(lineStart)
            for scalar in word.unicodeScalars { scalars.append(scalar.value) }
            scalars.append(lineEnd)
            for start in 0..<max(scalars.count - 2, 0) {
                keys.append(hash(trigram) { hasher in
                    for scalar in scalars[start..<start + 3] { hasher.add(scalar: scalar) }
                })
            }
        }
        keys.append(hash(bigram) { hasher in
            if let previous { hasher.add(previous) } else { hasher.add(scalar: lineStart) }
            hasher.add(scalar: lineEnd)
        })
        var seen = Set<UInt32>(minimumCapacity: keys.count)
        return keys.filter { seen.insert($0).inserted }
    }

    /// Features are hashed to 24 bits: of the 6,000 or so the training sentences have, two share
    /// a hash about once, and a feature no training sentence had finds one of the 4,000 that carry
    /// weights by chance about once in 4,000 — and every stored hash takes 2 bytes less than at
    /// 32 bits.
    static let keyLimit: UInt32 = 1 << 24

    private static func hash(_ kind: UInt8, _ body: (inout FNV1a) -> Void) -> UInt32 {
        var hasher = FNV1a()
        hasher.add(byte: kind)
        body(&hasher)
        return hasher.value & (keyLimit - 1)
    }

    /// FNV-1a, 64 bits folded to 32.
    private struct FNV1a {
        private var state: UInt64 = 0xcbf2_9ce4_8422_2325

        var value: UInt32 { UInt32(truncatingIfNeeded: state ^ (state >> 32)) }

        mutating func add(byte: UInt8) {
            state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
        }

        /// A word: its UTF-8, then a byte no UTF-8 has, so that "ab"+"c" is not "a"+"bc".
        mutating func add(_ word: String) {
            for byte in word.utf8 { add(byte: byte) }
            add(byte: 0xFF)
        }

        /// A scalar (or a mark beyond Unicode): three bytes.
        mutating func add(scalar: UInt32) {
            add(byte: UInt8(truncatingIfNeeded: scalar))
            add(byte: UInt8(truncatingIfNeeded: scalar >> 8))
            add(byte: UInt8(truncatingIfNeeded: scalar >> 16))
        }
    }
}
