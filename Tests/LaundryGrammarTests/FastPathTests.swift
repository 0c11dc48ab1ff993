@testable import LaundryGrammar
import Foundation
import LaundryCore
import Testing

/// `FewWords` answers as `Set<String>` does — it only skips comparisons — for words it holds and
/// words it does not, in ASCII and beyond (canonically equivalent spellings included).
@Suite struct FewWordsTests {
    static let alphabet: [String] = ["a", "b", "s", "n", "o", "w", "y", "'", "’", "é", "e\u{301}", "\u{212A}", "K", "k", "🧦", " ", "ß"]

    static func word(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    @Test func answersAsASetDoes() {
        var random = SplitMix64(seed: 0xFE3_3057)
        for size in [0, 1, 3, 8, FewWords.linearLimit, FewWords.linearLimit + 1, 60] {
            for _ in 0..<200 {
                let held = (0..<size).map { _ in Self.word(&random) }
                let few = FewWords(held), set = Set(held)
                for asked in held + (0..<40).map({ _ in Self.word(&random) }) {
                    #expect(few.contains(asked) == set.contains(asked), "\(held.map(\.debugDescription)) ∋ \(asked.debugDescription)")
                }
            }
        }
    }

    @Test func canonicallyEquivalentSpellingsAreTheSameWord() {
        #expect(FewWords(["café"]).contains("cafe\u{301}"))
        #expect(FewWords(["\u{212A}ay"]).contains("Kay"))
        #expect(FewWords(["Kay"]).contains("\u{212A}ay"))
        #expect(!FewWords(["snowy"]).contains("snow"))
    }
}

/// `Array.filled(with:count:)` makes what `Array(repeating:count:)` makes.
@Suite struct ArrayFilledTests {
    @Test(arguments: [0, 1, 7, 40, 1_000])
    func makesWhatRepeatingMakes(count: Int) {
        #expect([Int].filled(with: 7, count: count) == Array(repeating: 7, count: count))
        #expect([[String]].filled(with: ["a"], count: count) == Array(repeating: ["a"], count: count))
        #expect([UInt64].filled(with: .max, count: count).count == count)
    }
}

/// `WordTable` answers as `Dictionary` does, for keys and for other words, in ASCII and beyond.
@Suite struct WordTableTests {
    @Test func answersAsADictionaryDoes() {
        var random = SplitMix64(seed: 0x3020_7AB1E)
        for size in [0, 1, 5, 40, 600] {
            var dictionary: [String: Int] = [:]
            for index in 0..<size { dictionary[FewWordsTests.word(&random), default: index] = index }
            let table = WordTable(dictionary)
            for asked in Array(dictionary.keys) + (0..<300).map({ _ in FewWordsTests.word(&random) }) {
                #expect(table[asked] == dictionary[asked], "\(asked.debugDescription)")
            }
        }
    }

    @Test func theGrammarsWordsAreFoundAsTheyAreAndCanonicallyEquivalent() {
        let table = WordTable(["start": 1, "café": 2, "\u{212A}elvin": 3])
        #expect(table["start"] == 1 && table["stop"] == nil && table[""] == nil)
        #expect(table["cafe\u{301}"] == 2 && table["café"] == 2)
        #expect(table["Kelvin"] == 3 && table["\u{212A}elvin"] == 3)
    }
}

/// `LaidOutWordTable` answers as `Dictionary` does too, and is the same table for the same words.
@Suite struct LaidOutWordTableTests {
    @Test func answersAsADictionaryDoes() {
        var random = SplitMix64(seed: 0x1A1D_0077)
        for size in [0, 1, 5, 40, 600] {
            var dictionary: [String: Int32] = [:]
            for index in 0..<size { dictionary[FewWordsTests.word(&random), default: Int32(index)] = Int32(index) }
            // The graph's words: some of the table's, and some it does not hold.
            let graphWords = Array(Set(dictionary.keys.prefix(size / 2) + (0..<10).map { _ in FewWordsTests.word(&random) }))
            let table = LaidOutWordTable(dictionary, graphWords: graphWords)
            for asked in Array(dictionary.keys) + (0..<300).map({ _ in FewWordsTests.word(&random) }) {
                #expect(table[asked] == dictionary[asked], "\(asked.debugDescription)")
            }
            #expect(LaidOutWordTable(Dictionary(uniqueKeysWithValues: dictionary.reversed()), graphWords: graphWords) == table)
        }
    }

    @Test func theGrammarsWordsAreFoundAsTheyAreAndCanonicallyEquivalent() {
        let table = LaidOutWordTable(["start": 1, "café": 2, "\u{212A}elvin": 3], graphWords: ["stop", "start"])
        #expect(table["start"] == 1 && table["stop"] == nil && table[""] == nil)
        #expect(table["cafe\u{301}"] == 2 && table["café"] == 2)
        #expect(table["Kelvin"] == 3 && table["\u{212A}elvin"] == 3)
    }
}

/// The standard library's canonical composition finds the ASCII forms Foundation's finds, for the
/// words a grammar or a pet's name may hold and for random runs of letters, marks and symbols (the
/// two may order the marks of a composition exclusion differently: no ASCII form is made of them).
@Suite struct NFCTests {
    static let pieces: [String] = [
        "a", "e", "K", "s", "'", "’", "\u{301}", "\u{302}", "\u{323}", "\u{308}", "\u{212A}", "\u{212B}", "\u{2126}",
        "\u{37E}", "\u{387}", "\u{1FEF}", "\u{1100}", "\u{1161}", "\u{11A8}", "한", "é", "ﬁ", "ｓ", "🧦", "ß", "ǅ",
        "\u{0915}", "\u{093C}", "\u{0958}", "\u{0F73}", "\u{2ADC}", "\u{FB1D}", " ",
    ]

    @Test func findsTheASCIIFormsFoundationFinds() {
        var random = SplitMix64(seed: 0x4E_4643)
        let fixed = ["snowy’s", "cafe\u{301}", "\u{212A}elvin", "\u{37E}", "\u{1FEF}a", "a\u{323}\u{302}", "\u{1100}\u{1161}\u{11A8}", "Mr. Fluff"]
        let drawn = (0..<3_000).map { _ in
            (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        var asciiForms = 0
        for text in fixed + drawn {
            let foundations = text.precomposedStringWithCanonicalMapping
            #expect(text.asciiForm == (foundations.isASCII ? foundations : nil), "\(text.debugDescription)")
            if text.asciiForm != nil && !text.isASCII { asciiForms += 1 }
        }
        #expect(asciiForms > 30, "words that are not ASCII but have an ASCII form were tried")
    }
}
