import Foundation
@testable import LaundryCore
import Testing

/// Names that look blank, or look like another name with something hidden in it: characters that
/// show as nothing are refused unless they are part of an emoji.
@Suite struct InvisibleCharacterTests {
    /// Each character the adversarial run used, and the other invisible ones, alone or hidden in
    /// an ordinary name.
    @Test(arguments: [
        ("\u{3164}", Unicode.Scalar(0x3164)!),  // Hangul filler, alone: a blank pet
        ("Snowy\u{3164}", Unicode.Scalar(0x3164)!),
        ("\u{115F}Snowy", Unicode.Scalar(0x115F)!),  // Hangul choseong filler
        ("Sno\u{1160}wy", Unicode.Scalar(0x1160)!),  // Hangul jungseong filler
        ("Snowy\u{FFA0}", Unicode.Scalar(0xFFA0)!),  // halfwidth Hangul filler
        ("\u{2800}", Unicode.Scalar(0x2800)!),  // braille blank, alone
        ("Snowy\u{2800}", Unicode.Scalar(0x2800)!),
        ("Snowy\u{E0073}", Unicode.Scalar(0xE0073)!),  // a tag character after a letter
        ("Sno\u{200D}wy", Unicode.Scalar(0x200D)!),  // a joiner between letters
        ("Snowy\u{200D}", Unicode.Scalar(0x200D)!),
        ("Sno\u{034F}wy", Unicode.Scalar(0x034F)!),  // combining grapheme joiner
        ("Snowy\u{180B}", Unicode.Scalar(0x180B)!),  // Mongolian variation selector after a Latin letter
    ] as [(String, Unicode.Scalar)])
    func charactersThatShowAsNothingAreRefused(raw: String, hidden: Unicode.Scalar) {
        #expect(throws: PetNameError.invisibleCharacter(hidden)) { try PetName(raw) }
    }

    /// A name of nothing but invisible format characters has no visible character at all.
    @Test func aLoneJoinerIsNoName() {
        #expect(throws: PetNameError.invisible) { try PetName("\u{200D}") }
        #expect(throws: PetNameError.invisible) { try PetName("\u{200D}\u{FE0F}") }
    }

    /// The joiner, variation selectors and tags are refused where they join, select or tag
    /// nothing: at the edges of an emoji, after a letter, or in a broken tag sequence.
    @Test(arguments: [
        ("🐑\u{200D}", Unicode.Scalar(0x200D)!),  // a joiner with nothing after it
        ("\u{200D}🐑", Unicode.Scalar(0x200D)!),
        ("a\u{200D}🐑", Unicode.Scalar(0x200D)!),  // between a letter and an emoji
        ("🐑\u{200D}a", Unicode.Scalar(0x200D)!),
        ("Snowy\u{FE0F}", Unicode.Scalar(0xFE0F)!),  // a letter has no emoji presentation
        ("Sno\u{FE0E}wy", Unicode.Scalar(0xFE0E)!),
        ("🐑\u{FE0F}\u{FE0F}", Unicode.Scalar(0xFE0F)!),  // the second selects nothing
        ("a\u{E0100}", Unicode.Scalar(0xE0100)!),  // ideographic variation selector after a letter
        ("🏴\u{E0067}\u{E0062}", Unicode.Scalar(0xE0067)!),  // tags without the cancel tag
        ("🏴\u{E007F}", Unicode.Scalar(0xE007F)!),  // a cancel tag with no tags
        ("🐑\u{E0067}\u{E0062}\u{E007F}", Unicode.Scalar(0xE0067)!),  // tags on the wrong emoji
        ("🏴\u{E0047}\u{E0042}\u{E007F}", Unicode.Scalar(0xE0047)!),  // upper-case tags: no flag
    ] as [(String, Unicode.Scalar)])
    func emojiPiecesOutsideAnEmojiAreRefused(raw: String, hidden: Unicode.Scalar) {
        #expect(throws: PetNameError.invisibleCharacter(hidden)) { try PetName(raw) }
    }

    @Test(arguments: [
        "👨‍👩‍👧",  // family: man ZWJ woman ZWJ girl
        "🏳️‍🌈",  // rainbow flag: white flag VS16 ZWJ rainbow
        "🏴󠁧󠁢󠁳󠁣󠁴󠁿",  // Scotland: black flag, tags g b s c t, cancel tag
        "🏴󠁧󠁢󠁥󠁮󠁧󠁿 and 🏴󠁧󠁢󠁷󠁬󠁳󠁿",  // England and Wales
        "1️⃣",  // keycap: digit VS16 enclosing keycap
        "#️⃣",
        "👋🏽",  // skin tone
        "👩🏽‍💻",  // skin tone inside a ZWJ sequence
        "🧑‍🤝‍🧑",
        "🏃‍➡️",  // runner facing right: the VS16 ends the sequence
        "👁️‍🗨️",  // eye in speech bubble: VS16 on both sides of the joiner
        "Mr. Fluff 🧦",
        "❤️ Snowy",
        "Snowy ☺︎",  // text presentation selector
        "葛\u{E0100}飾",  // an ideographic variation sequence
        "🇯🇵 Yuki",
        "Zoë",
    ])
    func emojiSequencesAndOrdinaryNamesAreAccepted(raw: String) throws {
        #expect(try PetName(raw).value == raw)
    }

    /// A name an earlier LaundryTime accepted still reads back: a stored pet must not vanish, nor
    /// make the store look damaged, because a later version became stricter about new names.
    @Test(arguments: ["Snowy\u{3164}", "Sno\u{200D}wy", "\u{2800}x", "Snowy\u{FE0F}"])
    func storedNamesKeepTheRulesTheyWereWrittenUnder(raw: String) throws {
        #expect(try PetName(stored: raw).value == raw)
        let decoded = try JSONDecoder().decode(PetName.self, from: JSONEncoder().encode(raw))
        #expect(decoded.value == raw)
    }

    @Test func storedNamesStillRefuseControlCharacters() {
        #expect(throws: PetNameError.forbiddenCharacter("\u{1B}")) { try PetName(stored: "Snow\u{1B}[31my") }
        #expect(throws: PetNameError.empty) { try PetName(stored: " ") }
    }
}
