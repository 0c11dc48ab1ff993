import Foundation
import LaundryCore

/// A ``WordTable`` of small numbers laid out once, when the grammar is compiled, and kept in its
/// tables (``GrammarTables``), so that a start reads it where it lies instead of hashing every word
/// into a `Dictionary` and then into a table (that was a thirtieth of a one-shot `/status`, perf).
///
/// It answers as ``WordTable`` does: an ASCII word is found by its FNV-1a hash in an open-addressed
/// table of the words' ASCII NFC forms; any other word in a `Dictionary` of every word, made on
/// the first such word looked up (few lines have one).
struct LaidOutWordTable: Sendable, Equatable {
    /// The words that the table holds and the graph's words do not, by their bytes: a word's index is its
    /// graph id, or the graph's word count plus its place here.
    let extraWords: [String]
    /// By place (a power of two of them, at most half full), two numbers: the word's index (-1:
    /// none), then its value.
    let slots: FixedNumbers
    /// The words that are not ASCII, two numbers each: the word's index, then its value.
    let others: FixedNumbers
    /// The graph's words by id: a word's index below their count is its id.
    private let graphWords: [String]
    private let mask: Int
    /// Every word, for a word that is not ASCII.
    private let dictionary: Lazy<[String: Int32]>

    /// The table as the grammar's tables hold it; `graphWords` are the graph's words by id.
    init(graphWords: [String], extraWords: [String], slots: FixedNumbers, others: FixedNumbers) {
        // The graph's words are shared, not copied: each table of a start would otherwise copy
        // the whole vocabulary to add a few words of its own.
        (self.extraWords, self.slots, self.others, self.graphWords, mask) = (extraWords, slots, others, graphWords, slots.count / 2 - 1)
        dictionary = Lazy {
            var dictionary: [String: Int32] = [:]
            for list in [slots, others] {
                for start in stride(from: 0, to: list.count, by: 2) where list[start] >= 0 {
                    let word = Self.word(Int(list[start]), graphWords: graphWords, extraWords: extraWords)
                    dictionary[word] = dictionary[word] ?? list[start + 1]
                }
            }
            return dictionary
        }
    }

    /// The word at `index`: the graph's word of that id, or one of `extraWords` after them.
    private static func word(_ index: Int, graphWords: [String], extraWords: [String]) -> String {
        index < graphWords.count ? graphWords[index] : extraWords[index - graphWords.count]
    }

    /// `values` laid out, for a graph whose words by id are `graphWords`. The same values give
    /// the same table, whatever the order of the dictionary.
    init(_ values: [String: Int32], graphWords: [String]) {
        var ids: [String: Int32] = [:]
        for (id, word) in graphWords.enumerated() { ids[word] = Int32(id) }
        // In the order of their bytes: `String`'s own order does not order some words that are not
        // in NFC the same way whatever the order they come in.
        let keys = values.keys.sorted(by: Self.precedes)
        let forms = keys.map(\.asciiForm)
        // A word's ASCII form that is no word itself (a word that is not ASCII may have one) is
        // held as a word of its own, as ``WordTable`` holds it. Of a form and a word that are
        // equal ("\u{212A}" and "K"), the word is kept: whatever the dictionary's order, the same table.
        var extraWords: [String] = [], held: Set<String> = []
        for word in keys + forms.compactMap({ $0 }) where ids[word] == nil && held.insert(word).inserted { extraWords.append(word) }
        extraWords.sort(by: Self.precedes)
        for (place, word) in extraWords.enumerated() { ids[word] = Int32(graphWords.count + place) }
        var capacity = 16
        while capacity < forms.count(where: { $0 != nil }) * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity * 2), others: [Int32] = []
        for (word, form) in zip(keys, forms) {
            if !word.isASCII { others += [ids[word]!, values[word]!] }
            guard let form, let index = ids[form] else { continue }
            var place = Int(truncatingIfNeeded: WordTable<Int32>.hash(form)) & (capacity - 1)
            while slots[place * 2] >= 0 && slots[place * 2] != index { place = (place + 1) & (capacity - 1) }
            // Two words of one NFC form: either value is the form's, as in ``WordTable``.
            if slots[place * 2] < 0 { (slots[place * 2], slots[place * 2 + 1]) = (index, values[word]!) }
        }
        self.init(graphWords: graphWords, extraWords: extraWords, slots: FixedNumbers(slots), others: FixedNumbers(others))
    }

    private static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    subscript(word: String) -> Int32? {
        guard word.isASCII else { return dictionary.value[word] }
        var place = Int(truncatingIfNeeded: WordTable<Int32>.hash(word)) & mask
        while true {
            let index = slots[place &* 2]
            guard index >= 0 else { return nil }
            if Self.word(Int(index), graphWords: graphWords, extraWords: extraWords) == word { return slots[place &* 2 &+ 1] }
            place = (place &+ 1) & mask
        }
    }

    func write(to writer: inout TableWriter) {
        writer.strings(extraWords)
        writer.fixed(Array(slots))
        writer.fixed(Array(others))
    }

    static func == (a: LaidOutWordTable, b: LaidOutWordTable) -> Bool {
        a.extraWords == b.extraWords && a.slots == b.slots && a.others == b.others && a.graphWords == b.graphWords
    }
}
