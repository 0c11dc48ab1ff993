import Foundation
import LaundryCore

/// The user's pet names, tokenised like input lines, so a `{pet}` slot can recognise them — a
/// name may have several words ("Mr. Fluff") and the longest one that fits wins.
///
/// A name is recognised as typed, ignoring case and accents ("zoe" for Zoë), with a possessive
/// on its last word ("snowy's", "snowys"), and — as a close misspelling — within a small number of
/// edits of exactly the name (``closeNames(in:at:isGrammarWord:)``). A pet's nicknames are more
/// names of it.
public struct PetNameIndex: Sendable {
    struct Entry: Sendable {
        let name: String
        let words: [String]

        init(name: String, words: [String]) {
            self.name = name
            self.words = words
            folded = words.map(PetNameIndex.fold)
            let joined = words.joined(separator: " ")
            spelled = Array(joined.utf8)
            length = joined.count
            possessiveForms = words.last.map { last in [last + "s", PetNameIndex.pluralLike(last)].compactMap { $0 } } ?? []
        }

        /// Its last word as people type it possessive in a hurry ("snowys", "buddies"), made once
        /// here rather than for every word compared with it.
        let possessiveForms: [String]

        /// The words without accents, for lines typed without them.
        let folded: [String]
        /// The words joined, as UTF-8, for misspellings, and its length in Characters.
        let spelled: [UInt8]
        let length: Int
    }

    /// What the index holds, in one object (``PetNameTables``): an index is handed to every step
    /// of understanding a line (a walk keeps a copy), and a copy is then one reference, not one
    /// for each table.
    private let storage: PetNameTables

    /// Longest names (in words) first.
    var entries: [Entry] { storage.entries }

    /// - Parameter nicknames: what else each pet is called, by its name (its kind and nicknames,
    ///   as ``LaundryCore/PetNicknames`` keeps them): each names it too, alone or after "the", "my"
    ///   or "our".
    public init(names: [String], nicknames: [String: [String]] = [:]) {
        var found: [Entry] = []
        for name in names {
            let words = Tokenizer.tokens(of: name).map(\.word)
            found.append(Entry(name: name, words: words))
            // "Snowy 🧦" is also "snowy": a name's words of symbols only may be left out.
            let essential = words.filter { !Normalizer.isSymbols($0) }
            if !essential.isEmpty && essential.count < words.count {
                found.append(Entry(name: name, words: essential))
            }
            // "Mr. Fluff" is also "mr.fluff" and "mrfluff": a name of several words typed as one.
            if essential.count > 1 {
                for joined in Set([essential.joined(), essential.joined(separator: ".")]) { found.append(Entry(name: name, words: [joined])) }
            }
        }
        // After the names: where one is also a nickname, the name is found first.
        for (name, keys) in nicknames.sorted(by: { $0.key < $1.key }) {
            for key in keys {
                let words = Tokenizer.tokens(of: key).map(\.word)
                found.append(Entry(name: name, words: words))
                for leading in PetNicknames.leadingWords.sorted() { found.append(Entry(name: name, words: [leading] + words)) }
            }
        }
        let entries = found.filter { !$0.words.isEmpty }.sorted { $0.words.count > $1.words.count }
        var entriesByFirstWord: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            var forms: Set<String> = []
            for first in Set([entry.words[0], entry.folded[0]]) {
                forms.insert(first)
                // A one-word name may be its own last word, possessive.
                if entry.words.count == 1 { forms.formUnion([first + "s", first + "'s", first + "’s", Self.pluralLike(first)].compactMap { $0 }) }
            }
            for form in forms { entriesByFirstWord[form, default: []].append(index) }
        }
        storage = PetNameTables(entries: entries, firstWords: FewWords(entriesByFirstWord.keys),
                          entriesByFirstWord: WordTable(entriesByFirstWord))
    }

    /// The index of `pets`: each by its name and by its nicknames.
    public init(pets: [Pet]) {
        var nicknames: [String: [String]] = [:]
        for pet in pets where !pet.nicknames.isEmpty { nicknames[pet.name.value] = Array(pet.nicknames) }
        self.init(names: pets.map(\.name.value), nicknames: nicknames)
    }

    /// Every way a name's first word may be typed in ASCII (as it is, without accents, and, for a
    /// name of one word, possessive): most words of a line are none of these, and are passed over
    /// without comparing them with each name.
    var firstWords: FewWords { storage.firstWords }
    /// The same words, each with the entries whose first word it may be (in order): an ASCII word
    /// of a line is compared with those alone.
    private var entriesByFirstWord: WordTable<[Int]> { storage.entriesByFirstWord }

    public static let empty = PetNameIndex(names: [])

    /// Whether a name starts with this normalised word.
    func startsName(_ word: String) -> Bool { firstWords.contains(word) }

    public var isEmpty: Bool { entries.isEmpty }

    /// The names whose words stand at `position` of a line's normalised words: (word count,
    /// index into `entries`), longest first.
    func names(in words: [String], at position: Int) -> [PetMatch] {
        let typed = words[position]
        if typed.isASCII {
            guard let candidates = entriesByFirstWord[typed] else { return [] }
            return candidates.compactMap { index in match(entries[index], index, words, position) }
        }
        return namesByScanning(in: words, at: position)
    }

    /// ``names(in:at:)`` with every entry compared: what a word beyond ASCII is (one that
    /// folds to another, "zoë").
    func namesByScanning(in words: [String], at position: Int) -> [PetMatch] {
        entries.indices.compactMap { index in match(entries[index], index, words, position) }
    }

    /// The entry, when its words stand at `position` of a line's words.
    private func match(_ entry: Entry, _ index: Int, _ words: [String], _ position: Int) -> PetMatch? {
        guard position + entry.words.count <= words.count else { return nil }
        for (offset, word) in entry.words.enumerated() {
            let isLast = offset == entry.words.count - 1
            guard Self.word(words[position + offset], names: word, folded: entry.folded[offset],
                            possessive: isLast ? entry.possessiveForms : nil)
            else { return nil }
        }
        return PetMatch(length: entry.words.count, entry: index)
    }

    /// Names of the same number of words as the line has at `position`, spelled within a few
    /// edits of them ("snowey", "flufy", "mr flufff"): one edit for a name of up to 5 letters, two
    /// from 6 — the rule the assistant uses to take a misspelt name. Grammar words are never
    /// misspellings of a pet ("body" is not Buddy), and neither are words of fewer than 3 letters.
    func closeNames(in words: [String], at position: Int, isGrammarWord: (String) -> Bool) -> [PetMatch] {
        guard !entries.isEmpty, !isGrammarWord(words[position]) else { return [] }
        var found: [PetMatch] = []
        // The word at `position` spelled out once, for the names of one word (most of them).
        let single = Array(Self.withoutPossessive(words[position]).utf8)
        for (index, entry) in entries.enumerated() where position + entry.words.count <= words.count {
            let typed = words[position..<position + entry.words.count]
            let allowed = entry.length >= 6 ? 2 : 1
            if entry.words.count == 1 && abs(single.count - entry.spelled.count) > 2 * allowed { continue }
            let spelled = entry.words.count == 1 ? single : Array(typed.map(Self.withoutPossessive).joined(separator: " ").utf8)
            // Far apart in length, or exact (not a misspelling): no need to compare.
            guard spelled.count >= 3, abs(spelled.count - entry.spelled.count) <= 2 * allowed, spelled != entry.spelled,
                  !typed.dropFirst().contains(where: isGrammarWord)
            else { continue }
            let distance = spelled.allSatisfy({ $0 < 0x80 }) && entry.spelled.allSatisfy({ $0 < 0x80 })
                ? EditDistance.withSwaps(spelled, entry.spelled, within: allowed)
                : Self.distance(String(decoding: spelled, as: UTF8.self), String(decoding: entry.spelled, as: UTF8.self), within: allowed)
            if distance != nil { found.append(PetMatch(length: entry.words.count, entry: index)) }
        }
        return found
    }

    /// By Characters, for names and words beyond ASCII.
    private static func distance(_ a: String, _ b: String, within limit: Int) -> Int? {
        let distance = EditDistance.withSwaps(Array(a), Array(b))
        return distance <= limit ? distance : nil
    }

    /// Whether a word of the line is one word of a name: as it is, without accents, or (its last
    /// word) with a possessive — "snowy's", "snowy’s", or "snowys" and "buddies" as people type it
    /// in a hurry.
    /// (A name that itself ends in "s" — "Socks" — is found as it is first.)
    /// `possessive`: the word's ``Entry/possessiveForms`` when it is the name's last word (which
    /// may be possessive), nil for any other.
    private static func word(_ token: String, names word: String, folded: String, possessive: [String]?) -> Bool {
        if token == word { return true }
        if let forms = possessive, withoutPossessive(token) == word || forms.contains(token) { return true }
        guard !token.isASCII || folded != word else { return false }
        let bare = fold(token)
        return bare == folded || (possessive != nil && (withoutPossessive(bare) == folded || bare == folded + "s"))
    }

    /// "buddies" for "buddy": a possessive typed as the plural sounds ("buddies folded").
    static func pluralLike(_ word: String) -> String? {
        guard word.count > 2, word.hasSuffix("y") else { return nil }
        return word.dropLast() + "ies"
    }

    /// The word without an "'s" or "’s" at its end.
    static func withoutPossessive(_ word: String) -> String {
        // Nearly every word fails the cheap test on its last bytes ("'s" or "’s" in UTF-8); only
        // the others pay for counting and comparing Characters.
        guard word.utf8.last == UInt8(ascii: "s"), word.count > 2, word.hasSuffix("'s") || word.hasSuffix("’s") else {
            return word
        }
        return String(word.dropLast(2))
    }

    /// Without accents and other marks ("zoë" → "zoe"); ASCII as it is.
    static func fold(_ word: String) -> String {
        word.isASCII ? word : word.folding(options: .diacriticInsensitive, locale: nil)
    }
}

/// Where one of the user's pets is named in a line: how many words its name takes there, and which
/// pet (an index into ``PetNameIndex/entries``).
struct PetMatch: Equatable {
    let length: Int
    let entry: Int
}

/// The tables of a ``PetNameIndex``.
private final class PetNameTables: Sendable {
    let entries: [PetNameIndex.Entry]
    let firstWords: FewWords
    let entriesByFirstWord: WordTable<[Int]>

    init(entries: [PetNameIndex.Entry], firstWords: FewWords, entriesByFirstWord: WordTable<[Int]>) {
        self.entries = entries
        self.firstWords = firstWords
        self.entriesByFirstWord = entriesByFirstWord
    }
}
