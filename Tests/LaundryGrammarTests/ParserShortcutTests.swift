import Foundation
import LaundryCore
@testable import LaundryGrammar
import Testing

/// The number slots' parsers take shortcuts for the words most lines hold (plain digits, words of
/// letters only); each must give what the way it cuts short gives.
struct ParserShortcutTests {
    static let numerals = ["0", "7", "30", "007", "45", "120", "999999999", "123456789012345678", "1234567890123456789",
                           "99999999999999999999", "1.5", ".5", "-5", "+5", "\u{2212}5", "5.", "1.2.3", "", "-", "abc", "٣", "½"]

    @Test(arguments: numerals)
    func digitsReadAsDecimalReadsThem(text: String) {
        let expected: Decimal? = {
            // What the reading does without its shortcut: a sign, then digits and at most one point.
            var digits = Substring(text)
            var negative = false
            if let sign = digits.first, SlotNumber.isSign(sign) {
                negative = sign != "+"
                digits = digits.dropFirst()
            }
            guard digits.contains(where: \.isASCIIDigit), digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
                  digits.filter({ $0 == "." }).count <= 1, let value = Decimal(string: String(digits)) else { return nil }
            return negative ? -value : value
        }()
        #expect(SlotNumber.decimal(text) == expected)
    }

    @Test(arguments: [["30"], ["forty", "five"], ["1h15m"], ["-1h15m"], ["90min"], ["forty-five"], ["1.5", "hours"], ["2w"],
                      ["abc123"], ["a", "half"], [""], ["-"], ["+5"], ["\u{2212}5", "min"], ["½"], ["3d"], ["every", "2", "weeks"]])
    func wordsAreSplitAsWordByWord(words: [String]) {
        #expect(SlotParsers.splitCompact(words) == SlotParsers.splitEachWord(words))
    }
}

/// A line's words are compared only with the pet names whose first word they may be; that must
/// find what comparing every name finds.
struct PetNameShortcutTests {
    static let index = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Zoë", "Socks", "Buddy", "Snowy White", "Mr Fluff Jr"],
                                    nicknames: ["Snowy": ["the whites"], "Buddy": ["bud"]])

    @Test(arguments: ["snowy", "snowy's", "snowys", "snowies", "fluffy", "fluffies", "mr", "mr.", "mr.fluff", "mrfluff", "zoe",
                      "zoe's", "socks", "sockss", "buddy", "buddies", "bud", "buds", "the", "my", "whites", "white", "jr", "dog",
                      "Snowy", "zoë", "zoës"])
    func theShortcutFindsWhatAScanFinds(word: String) {
        for words in [[word], [word, "white"], [word, "fluff"], [word, "fluff", "jr"], [word, "whites"], ["start", word]] {
            for position in words.indices {
                #expect(Self.index.names(in: words, at: position) == Self.index.namesByScanning(in: words, at: position),
                        "\(words) at \(position)")
            }
        }
    }
}

/// Plain durations are read without the duration reader; they must read as it reads them.
struct PlainMinutesTests {
    @Test(arguments: [["45"], ["0"], ["007"], ["45", "minutes"], ["45", "min"], ["1", "hour"], ["2", "hours"], ["90", "m"],
                      ["3", "h"], ["999999999"], ["999999999", "hours"], ["5", "days"], ["45min"], ["-5"], ["1.5", "hours"],
                      ["forty", "five"], ["45", "and"], ["1", "hr"], ["10", "hrs"], ["1", "minute"], ["12", "mins"]])
    func readsAsTheReaderReads(words: [String]) {
        var reader = SlotParsers.DurationReader(words: SlotParsers.splitCompact(words), in: SlotParsers.english)
        let read = reader.read()
        if let plain = SlotParsers.english.plainMinutes(words) { #expect(plain == read, "\(words)") }
        #expect(SlotParsers.english.minutes(words) == read.map(SlotContent.number), "\(words)")
    }
}

struct RequiredChoicesTests {
    func grammar(_ source: String) throws -> Grammar { try Grammar(source: source) }

    /// A template is walked only for a line that holds one word of each choice every path through
    /// it takes: a group of words no path goes around, not one that is optional or a slot's, and
    /// not one that holds another ("the" or a wash word, after "start").
    @Test func aTemplateIsWalkedOnlyForLinesWithOneWordOfEachChoice() throws {
        let source = """
            rule wash = (wash | washer | laundry)
            intent start_wash
              [please] (start | begin) [the] <wash> [(now | today)] [for {pet}]
            intent status
              (status | overview)
            """
        let compiled = try grammar(source)
        let read = try Grammar(tables: compiled.tables(source: source), source: source)
        for g in [compiled, read] {
            let graph = g.matcher.graph
            let words = { (ids: ArraySlice<Int32>) in Set(ids.map { id in graph.vocabulary.first { $0.value == id }!.key }) }
            #expect(g.matcher.graph.templateRequiredChoices[0].map(words) == [["start", "begin"], ["wash", "washer", "laundry"]])
            #expect(g.matcher.graph.templateRequiredChoices[1].isEmpty, "a template's first words are how it is found")
            for line in ["please begin the laundry now for snowy", "start washer", "overview"] {
                #expect(g.match(line, pets: PetNameIndex(names: ["Snowy"])).intent != .unknown, "\(line)")
            }
            #expect(g.match("start the now").intent == .unknown)
        }
    }
}
