import LaundryCore

/// Reads a misspelt command word as the grammar word it was meant to be: "satrt" as "start",
/// "hisotry" as "history", "notificaitons" as "notifications".
///
/// A word that is neither a grammar word nor part of a pet's name may stand for the single closest
/// grammar word: one edit away (a swap of two neighbours counts as one) for words of 4 to 7
/// letters, two for longer ones, never for typed words of 3 letters or fewer ("yo", "cat", "hte"
/// are too short to guess at) — but for three letters without a vowel, a word typed in haste:
/// "dyr" is "dry" (a swap), "wsh" is "wash" (a letter put back), never a letter changed ("try" is
/// no "dry"). When several grammar words are equally close, the line is read with
/// each: it is a correction only when they all read the same ("foled" as "fold" or "folded": both
/// mark laundry folded), and otherwise a suggestion ("helo": hello or help?). The words are grouped by length, so a word is compared only with
/// those that could be close enough.
struct TypoCorrector: Sendable {
    /// Grammar words by their length in Characters.
    private let wordsByLength: [Int: Group]

    /// The words of one length, with their letter sets apart: most words are passed over on the
    /// letter set alone, so those are read without touching (and reference counting) the rest.
    private struct Group {
        var letters: [UInt32] = []
        var candidates: [Candidate] = []
    }

    private struct Candidate {
        let word: String
        let bytes: [UInt8]
        let characters: [Character]
    }

    init(vocabulary: some Sequence<String>) {
        var byLength: [Int: Group] = [:]
        for word in vocabulary where Self.isCorrectable(word) {
            let characters = Array(word), bytes = Array(word.utf8)
            byLength[characters.count, default: Group()].letters.append(Self.letters(bytes))
            byLength[characters.count, default: Group()].candidates.append(Candidate(word: word, bytes: bytes, characters: characters))
        }
        wordsByLength = byLength
    }

    /// Which of a to z a word holds, one bit each (bit 26: anything else). One edit adds or
    /// takes away at most one letter on each side, so two words whose sets differ in more than
    /// twice the edits allowed cannot be that close: most of the vocabulary is passed over on this
    /// alone, without working out a distance.
    private static func letters(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(0) { mask, byte in
            mask | (byte >= 97 && byte <= 122 ? 1 << UInt32(byte - 97) : 1 << 26)
        }
    }

    /// The edits a word of this many letters may be from the word it stands for.
    static func allowedEdits(forLength length: Int) -> Int {
        switch length {
        case ..<4: 0
        case 4...7: 1
        default: 2
        }
    }

    /// The grammar words closest to `word`, all at the same distance, within the edits its length
    /// allows; empty when there are none. (Several: the caller decides whether the line reads the
    /// same with each.)
    func corrections(of word: String) -> [String] {
        let bytes = Array(word.utf8)
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        // ASCII letters are decided by their bytes, without Unicode's tables.
        guard ascii ? !bytes.isEmpty && bytes.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) : Self.isCorrectable(word)
        else { return [] }
        let characters = ascii ? [] : Array(word)
        let count = ascii ? bytes.count : characters.count
        if ascii, count == 3, !bytes.contains(where: { Self.vowels.contains($0 | 0x20) }) { return hastyCorrections(of: bytes) }
        let allowed = Self.allowedEdits(forLength: count)
        guard allowed > 0 else { return [] }
        let letters = Self.letters(bytes)
        // Only words within the allowed edits: the best distance so far starts there.
        var best: (distance: Int, words: [String]) = (allowed, [])
        for length in (count - allowed)...(count + allowed) {
            guard let group = wordsByLength[length] else { continue }
            for index in group.letters.indices where (letters ^ group.letters[index]).nonzeroBitCount <= 2 * best.distance {
                let candidate = group.candidates[index]
                // Bytes when both are ASCII (a byte is a Character then); Characters otherwise.
                let distance = ascii && candidate.bytes.count == candidate.characters.count
                    ? EditDistance.withSwaps(bytes, candidate.bytes, within: best.distance) ?? .max
                    : EditDistance.withSwaps(ascii ? Array(word) : characters, candidate.characters)
                guard distance <= best.distance else { continue }
                if distance < best.distance {
                    best = (distance, [candidate.word])
                } else if distance == best.distance {
                    best.words.append(candidate.word)
                }
            }
        }
        return best.words.sorted()
    }

    /// a, e, i, o and u, in lower case.
    private static let vowels: Set<UInt8> = Set("aeiou".utf8)

    /// The grammar words a vowelless three-letter ASCII word was typed in haste for: the same
    /// letters with two neighbours swapped, or one letter more (the rest in their order).
    private func hastyCorrections(of bytes: [UInt8]) -> [String] {
        let lowered = bytes.map { $0 | 0x20 }, letters = lowered.sorted()
        var found: [String] = []
        for candidate in wordsByLength[3]?.candidates ?? [] where candidate.bytes != lowered && candidate.bytes.sorted() == letters {
            if EditDistance.withSwaps(lowered, candidate.bytes, within: 1) == 1 { found.append(candidate.word) }
        }
        for candidate in wordsByLength[4]?.candidates ?? [] {
            if EditDistance.withSwaps(lowered, candidate.bytes, within: 1) == 1 { found.append(candidate.word) }
        }
        return found.sorted()
    }

    /// Letters only: numbers, slash commands and punctuation are not typos of words.
    private static func isCorrectable(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy(\.isLetter)
    }
}
