@testable import LaundryConfusables
import LaundryCore
import Testing

/// Unicode's confusable skeletons, and the comparison key pet names use.
@Suite struct ConfusableTableTests {
    let table = ConfusableTable.unicode

    /// UTS #39 skeletons: characters map to the prototype they look like; case counts.
    @Test(arguments: [
        ("Ѕnоwy", "Snowy"),  // Cyrillic capital dze and small o
        ("𝖲𝗇𝗈𝗐𝗒", "Snowy"),  // mathematical sans-serif
        ("Snοwу", "Snowy"),  // Greek omicron, Cyrillic u
        ("Ilse", "llse"),  // capital I looks like small l
        ("0tto", "Otto"),
        ("mop", "rnop"),  // "m" looks like "rn"
        ("Zoë", "Zoe\u{308}"),  // decomposed, nothing to replace
        ("雪", "雪"),
    ] as [(String, String)])
    func skeletonsFollowUnicode(text: String, skeleton: String) {
        #expect(table.skeleton(text) == skeleton)
    }

    /// The four ways the adversarial run made "Snowy" again, and case, all meet.
    @Test(arguments: ["Ѕnоwy", "Ｓｎｏｗｙ", "𝖲𝗇𝗈𝗐𝗒", "Snοwу", "SNOWY", "snowy", "ЅΝОWY"])
    func lookAlikesOfSnowyShareItsKey(text: String) {
        #expect(table.lookAlikeKey(text) == table.lookAlikeKey("Snowy"))
    }

    @Test func variationSelectorsAndCapitalILookTheSame() {
        #expect(table.lookAlikeKey("Snowy ❤️") == table.lookAlikeKey("Snowy ❤"))
        #expect(table.lookAlikeKey("葛\u{E0100}") == table.lookAlikeKey("葛"))
        #expect(table.lookAlikeKey("Ilse") == table.lookAlikeKey("llse"))
        #expect(table.lookAlikeKey("ILSE") == table.lookAlikeKey("llse"))
    }

    /// Names that look different keep different keys: flags differ by their tags, accents count.
    @Test(arguments: [
        ("Snowy", "Snowy2"), ("Snowy", "Flake"), ("Zoë", "Zoe"), ("雪", "雲"), ("🐑", "🐏"),
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"), ("👨‍👩‍👧", "👨‍👩‍👦"), ("👋🏽", "👋🏿"),
    ] as [(String, String)])
    func differentNamesKeepDifferentKeys(one: String, other: String) {
        #expect(table.lookAlikeKey(one) != table.lookAlikeKey(other))
    }

    /// The generated source parses whole: every line is a mapping.
    @Test func theWholeTableParses() {
        #expect(ConfusableTable.unicodeVersion == "13.0.0")
        #expect(table.count == ConfusablePrototypes.count)
        #expect(ConfusablePrototypes.count > 5000)
        #expect(ConfusablePrototypes.text.split(separator: "\n").count == ConfusablePrototypes.count)
    }

    /// The table is parsed when the first skeleton is asked for, and only then: creating one,
    /// as the program does at start, costs nothing.
    @Test func theTableIsParsedOnFirstUseOnly() {
        let fresh = ConfusableTable()
        #expect(!fresh.isLoaded)
        #expect(fresh.lookAlikeKey("Ѕnоwy") == "snowy")
        #expect(fresh.isLoaded)
        #expect(!ConfusableTable().isLoaded)
    }

    @Test func linesThatAreNotMappingsAreSkipped() {
        let table = ConfusableTable(prototypes: "405 53\n\n41\nZZ 61\n110000 61\n43E 6F")
        #expect(table.count == 2)
        #expect(table.skeleton("Ѕо") == "So")
    }
}
