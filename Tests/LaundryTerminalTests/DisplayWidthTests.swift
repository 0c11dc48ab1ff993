import Testing

@testable import LaundryTerminal

/// Each expectation is a case where a wrong count would show: a box edge out of line, a column
/// shifted, a line cut in the middle of a character or wrapped one cell too late.
@Suite struct DisplayWidthTests {
    @Test func asciiIsOneCellPerCharacter() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Wash at 40°") == 11)
        #expect(DisplayWidth.of("Towels, 2h 15m left!") == 20)
        #expect(DisplayWidth.of(Character("x")) == 1)
        #expect(DisplayWidth.of("a\tb\r\nc") == 3, "controls take no cell; they are sanitised before display")
    }

    @Test func combiningMarksTakeNoCell() {
        #expect(DisplayWidth.of("Zo\u{EB}") == 3, "precomposed ë")
        #expect(DisplayWidth.of("Zoe\u{308}") == 3, "e + combining diaeresis")
        #expect(DisplayWidth.of("a\u{200B}b\u{200D}c") == 3, "zero-width space and joiner")
        #expect(DisplayWidth.of("soft\u{AD}hyphen") == 11, "a soft hyphen is drawn, so it counts")
    }

    @Test func eastAsianWideAndFullwidthAreTwoCells() {
        #expect(DisplayWidth.of("雪") == 2)
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("한국") == 4, "Hangul syllables")
        #expect(DisplayWidth.of("\u{1100}\u{1161}") == 2, "conjoining jamo form one two-cell cluster")
        #expect(DisplayWidth.of("ＡＢ") == 4, "fullwidth Latin")
        #expect(DisplayWidth.of("かな、カナ。") == 12, "kana and ideographic punctuation")
        #expect(DisplayWidth.of("\u{303F}") == 1, "the ideographic half fill space is the exception")
        #expect(DisplayWidth.of("\u{20BB7}") == 2, "supplementary ideograph (plane 2)")
        #expect(DisplayWidth.of("ｶﾅ") == 2, "halfwidth katakana stay narrow")
    }

    @Test func emojiAreTwoCellsWhateverTheirSequence() {
        #expect(DisplayWidth.of("🧺") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2, "skin tone modifier")
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2, "ZWJ family")
        #expect(DisplayWidth.of("🏳️‍🌈") == 2, "rainbow flag: text-default base + FE0F + ZWJ")
        #expect(DisplayWidth.of("🇩🇪🇫🇷") == 4, "two flags")
        #expect(DisplayWidth.of("\u{1F1E9}") == 1, "a lone regional indicator")
        #expect(DisplayWidth.of("1️⃣") == 2, "keycap")
        #expect(DisplayWidth.of("#️⃣") == 2, "keycap")
        #expect(DisplayWidth.of("🧺🧺") == 4)
    }

    @Test func presentationSelectorsDecideTextDefaultSymbols() {
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("⚙") == 1)
        #expect(DisplayWidth.of("⚙️") == 2)
        #expect(DisplayWidth.of("✓") == 1)
        #expect(DisplayWidth.of("⌚") == 2, "emoji presentation by default")
        #expect(DisplayWidth.of("⌚\u{FE0E}") == 1, "FE0E asks for the narrow text glyph")
    }

    @Test func boxDrawingAndBlocksAreOneCell() {
        #expect(DisplayWidth.of("╭─╮") == 3)
        #expect(DisplayWidth.of("│•█░▏│") == 6)
    }

    @Test func escapeSequencesTakeNoCells() {
        #expect(DisplayWidth.of("\u{1B}[38;2;51;153;255mhi\u{1B}[0m") == 2, "SGR colour")
        #expect(DisplayWidth.of("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\") == 4, "OSC 8 link, ST-terminated")
        #expect(DisplayWidth.of("\u{1B}]0;title\u{07}ok") == 2, "OSC terminated by BEL")
        #expect(DisplayWidth.of("\u{1B}7x\u{1B}8") == 1, "two-character ESC sequences")
        #expect(DisplayWidth.of("\u{1B}[2K\u{1B}[1G雪") == 2)
        #expect(DisplayWidth.of("ok\u{1B}[") == 2, "an unfinished escape at the end")
        #expect(DisplayWidth.of("\u{1B}[0m\u{301}x") == 1, "a mark after an escape does not swallow its final m")
        #expect(DisplayWidth.prefix(of: "\u{1B}[0m\u{301}x", fitting: 0) == ("\u{1B}[0m\u{301}", 0))
    }

    @Test func aLineMixingEverythingAddsUp() {
        let line = "\u{1B}[1m╭─ Zoe\u{308} 🧺 雪 ❤️ ✓ 🇩🇪 👨‍👩‍👧 ＡＢ\u{1B}[0m ⚙ ─╮"
        // ╭─ (2) + space + Zoë (3) + space + 🧺 (2) + space + 雪 (2) + space + ❤️ (2) + space + ✓ (1)
        // + space + 🇩🇪 (2) + space + family (2) + space + ＡＢ (4) + space + ⚙ (1) + space + ─╮ (2)
        #expect(DisplayWidth.of(line) == 2 + 1 + 3 + 1 + 2 + 1 + 2 + 1 + 2 + 1 + 1 + 1 + 2 + 1 + 2 + 1 + 4 + 1 + 1 + 1 + 2)
        #expect(DisplayWidth.of(line) == DisplayWidth.of("╭─ Zoë 🧺 雪 ❤️ ✓ 🇩🇪 👨‍👩‍👧 ＡＢ ⚙ ─╮"), "bold changes nothing")
        #expect(DisplayWidth.prefix(of: line, fitting: 33) == (line[...], 33))
        #expect(DisplayWidth.prefix(of: line, fitting: 11) == ("\u{1B}[1m╭─ Zoe\u{308} 🧺 ", 10), "雪 does not fit in one")
    }

    @Test func prefixNeverSplitsACluster() {
        let snow = DisplayWidth.prefix(of: "a雪b", fitting: 2)
        #expect(snow.prefix == "a" && snow.width == 1, "雪 would need a third cell")
        #expect(DisplayWidth.prefix(of: "a雪b", fitting: 3) == ("a雪", 3))
        let family = DisplayWidth.prefix(of: "👨‍👩‍👧x", fitting: 1)
        #expect(family.prefix == "" && family.width == 0, "half an emoji is never drawn")
        #expect(DisplayWidth.prefix(of: "Zoe\u{308}!", fitting: 3) == ("Zoe\u{308}", 3), "the mark stays with its e")
        #expect(DisplayWidth.prefix(of: "abc", fitting: 10) == ("abc", 3))
        #expect(DisplayWidth.prefix(of: "abc", fitting: 0) == ("", 0))
    }

    @Test func prefixKeepsEscapesBeforeTheCut() {
        let red = "\u{1B}[31m"
        let reset = "\u{1B}[0m"
        let cut = DisplayWidth.prefix(of: "\(red)ab\(reset)cd", fitting: 2)
        #expect(cut.prefix == "\(red)ab\(reset)" && cut.width == 2, "colour and its reset survive the cut")
        #expect(DisplayWidth.prefix(of: "\(red)雪雪", fitting: 3) == ("\(red)雪", 2))
        #expect(DisplayWidth.prefix(of: "\(red)x", fitting: 0) == (red[...], 0))
        let line = "Sheets \(red)🧺\(reset) done"
        #expect(DisplayWidth.prefix(of: line[...], fitting: 8).prefix == "Sheets \(red)")
        #expect(DisplayWidth.prefix(of: line, fitting: 9).prefix == "Sheets \(red)🧺\(reset)")
    }

    @Test func everyScalarWidthIsZeroOneOrTwo() {
        #expect(DisplayWidth.width(of: "\u{FE0F}") == 0)
        #expect(DisplayWidth.width(of: "\u{34F}") == 0, "combining grapheme joiner")
        #expect(DisplayWidth.width(of: "\u{1B}") == 0)
        #expect(DisplayWidth.width(of: "\u{85}") == 0, "C1 control")
        #expect(DisplayWidth.width(of: "\u{3FFFD}") == 2)
        #expect(DisplayWidth.width(of: "\u{E000}") == 1, "private use")
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: 97) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect((0...2).contains(DisplayWidth.width(of: scalar)))
        }
    }
}
