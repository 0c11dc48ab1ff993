import Foundation
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
