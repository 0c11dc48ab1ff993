@testable import LaundryCore
import Testing

@Suite struct PetNameTests {
    @Test(arguments: [
        ("Snowy", "Snowy"),
        ("  Snowy  ", "Snowy"),
        ("\tSnowy\n", "Snowy"),
        ("\r\n Snowy \r\n", "Snowy"),
        ("\u{00A0}Snowy\u{3000}", "Snowy"),
        ("  Mr  Bubbles ", "Mr  Bubbles"),
    ] as [(String, String)])
    func nameIsTrimmed(raw: String, value: String) throws {
        let name = try PetName(raw)
        #expect(name.value == value)
        #expect(name.description == value)
        #expect("\(name)" == value)
    }

    /// Seed 000 §5: the name field capitalises words. A name typed without a capital gets one at
    /// the start of each word; one typed with any capital is kept as typed.
    @Test(arguments: [
        ("snowy white", "Snowy White"),
        ("  snowy  ", "Snowy"),
        ("mr. fluff 🧦", "Mr. Fluff 🧦"),
        ("snowy-white", "Snowy-white"),
        ("émile", "Émile"),
        ("ßocke", "Ssocke"),
        ("ǆemal", "ǅemal"),
        ("iPhone Socks", "iPhone Socks"),
        ("Mr. fluff", "Mr. fluff"),
        ("SOCKS", "SOCKS"),
        ("42 socks", "42 Socks"),
        ("🧦", "🧦"),
        ("汚れ物", "汚れ物"),
    ] as [(String, String)])
    func aNameTypedWithoutCapitalsIsCapitalised(raw: String, value: String) throws {
        #expect(try PetName(typed: raw).value == value)
    }

    @Test func aTypedNameIsCheckedAsAnyNewName() {
        #expect(throws: PetNameError.empty) { try PetName(typed: "  ") }
        #expect(throws: PetNameError.tooLong(31)) { try PetName(typed: String(repeating: "a", count: 31)) }
    }

    @Test(arguments: ["", " ", "   ", "\n\t", "\u{3000}", "\u{00A0} \u{2003}"])
    func blankNameIsEmpty(raw: String) {
        #expect(throws: PetNameError.empty) { try PetName(raw) }
    }

    @Test func thirtyCharactersFitThirtyOneDoNot() throws {
        let thirty = String(repeating: "a", count: 30)
        #expect(try PetName(thirty).value == thirty)
        #expect(try PetName("  \(thirty)  ").value == thirty)
        #expect(throws: PetNameError.tooLong(31)) { try PetName(thirty + "b") }
        #expect(throws: PetNameError.tooLong(40)) { try PetName(String(repeating: "x", count: 40)) }
    }

    /// Length is counted in characters as a person sees them, not bytes or scalars.
    @Test(arguments: [
        ("Zoë", 3),
        ("Zoe\u{0308}", 3),
        ("雪", 1),
        ("🐑", 1),
        ("👨‍👩‍👧", 1),
        ("🇯🇵", 1),
        ("Snowy 🐑", 7),
    ] as [(String, Int)])
    func unicodeNamesAreAccepted(raw: String, characters: Int) throws {
        let name = try PetName(raw)
        #expect(name.value == raw)
        #expect(name.value.count == characters)
    }

    @Test(arguments: ["🐑", "雪", "ë", "e\u{0301}", "👨‍👩‍👧"])
    func lengthLimitCountsCharacters(character: String) throws {
        let thirty = String(repeating: character, count: 30)
        #expect(try PetName(thirty).value == thirty)
        #expect(throws: PetNameError.tooLong(31)) { try PetName(thirty + character) }
    }

    @Test(arguments: [
        ("Snow\u{1B}[31my", Unicode.Scalar(0x1B)!),
        ("Sno\u{0}wy", Unicode.Scalar(0x00)!),
        ("Sno\u{7F}wy", Unicode.Scalar(0x7F)!),
        ("Sno\u{85}wy", Unicode.Scalar(0x85)!),
        ("Sno\u{9F}wy", Unicode.Scalar(0x9F)!),
        ("Sno\twy", Unicode.Scalar(0x09)!),
        ("Sno\nwy", Unicode.Scalar(0x0A)!),
        ("\u{202E}ywonS", Unicode.Scalar(0x202E)!),
        ("Snowy\u{202A}", Unicode.Scalar(0x202A)!),
        ("Sno\u{2066}wy", Unicode.Scalar(0x2066)!),
        ("Sno\u{2069}wy", Unicode.Scalar(0x2069)!),
        ("Sno\u{200E}wy", Unicode.Scalar(0x200E)!),
        ("Sno\u{200F}wy", Unicode.Scalar(0x200F)!),
    ] as [(String, Unicode.Scalar)])
    func controlAndDirectionCharactersAreRefused(raw: String, bad: Unicode.Scalar) {
        #expect(throws: PetNameError.forbiddenCharacter(bad)) { try PetName(raw) }
    }

    /// Names that would look like nothing, or like another pet's name, are refused.
    @Test func invisibleAndLookAlikeCharactersAreRefused() {
        #expect(throws: PetNameError.invisible) { try PetName("\u{0301}") }
        #expect(throws: PetNameError.forbiddenCharacter("\u{200B}")) { try PetName("Snowy\u{200B}") }
        #expect(throws: PetNameError.forbiddenCharacter("\u{FEFF}")) { try PetName("\u{FEFF}Snowy") }
        #expect(throws: PetNameError.forbiddenCharacter("\u{2028}")) { try PetName("Sno\u{2028}wy") }
        #expect(throws: PetNameError.forbiddenCharacter("\u{061C}")) { try PetName("Sno\u{061C}wy") }
    }

    @Test func emojiSequencesKeepTheirJoiners() throws {
        #expect(try PetName("👨‍👩‍👧 family").value == "👨‍👩‍👧 family")
        #expect(try PetName("🏴󠁧󠁢󠁳󠁣󠁴󠁿").value.count == 1)
    }

    /// A letter under 200 combining marks is one character: the name is refused by how
    /// many code points its largest character holds. Ten fit: the longest emoji sequence in use.
    @Test func aCharacterOfMoreThanTenCodePointsIsRefused() throws {
        #expect(throws: PetNameError.overloadedCharacter(201)) { try PetName("a" + String(repeating: "\u{0301}", count: 200)) }
        #expect(throws: PetNameError.overloadedCharacter(11)) { try PetName("Sn" + "o" + String(repeating: "\u{0308}", count: 10) + "wy") }
        let tenCodePoints = "👩🏻‍❤️‍💋‍👨🏼"
        #expect(tenCodePoints.unicodeScalars.count == PetName.maximumScalarsPerCharacter)
        #expect(try PetName(tenCodePoints + " Kiss").value.count == 6)
        #expect(try PetName("o" + String(repeating: "\u{0308}", count: 9)).value.count == 1)
        // The rule is for new names: a stored one an earlier version accepted still reads.
        #expect(try PetName(stored: "a" + String(repeating: "\u{0301}", count: 200)).value.count == 1)
    }

    @Test func theFirstForbiddenCharacterIsNamed() {
        #expect(throws: PetNameError.forbiddenCharacter("\u{7F}")) { try PetName("a\u{7F}b\u{1B}c") }
    }

    @Test func keyIgnoresCase() throws {
        let snowy = try PetName("Snowy")
        let shouting = try PetName("SNOWY")
        #expect(snowy != shouting)
        #expect(snowy.value == "Snowy")
        #expect(snowy.key == shouting.key)
        #expect(snowy.key == "snowy")
        #expect(PetName.key(for: "  sNoWy \n") == snowy.key)
        #expect(try PetName("Snowy2").key != snowy.key)
        #expect(try PetName("Zoë").key == PetName("ZOË").key)
        #expect(try PetName("Zoë").key == PetName("ZOE\u{0308}").key)
        #expect(try PetName("雪").key == "雪")
    }
}

@Suite struct CycleSettingsTests {
    @Test func standardIsFortyFiveSixtySeven() {
        #expect(CycleSettings.standard.washMinutes == 45)
        #expect(CycleSettings.standard.dryMinutes == 60)
        #expect(CycleSettings.standard.frequencyDays == 7)
        #expect(CycleSettings.minutesRange == 1...120)
        #expect(CycleSettings.frequencyRange == 1...30)
    }

    @Test(arguments: [1, 45, 120])
    func minutesInRangeAreAccepted(minutes: Int) throws {
        #expect(try CycleSettings.validateMinutes(minutes) == minutes)
    }

    @Test(arguments: [0, 121, -1, 600])
    func minutesOutOfRangeAreRefusedWithTheRange(minutes: Int) {
        #expect(throws: SettingValueError.outOfRange(minutes, 1...120)) { try CycleSettings.validateMinutes(minutes) }
    }

    @Test(arguments: [1, 7, 30])
    func frequencyInRangeIsAccepted(days: Int) throws {
        #expect(try CycleSettings.validateFrequency(days) == days)
    }

    @Test(arguments: [0, 31, -7, 365])
    func frequencyOutOfRangeIsRefusedWithTheRange(days: Int) {
        #expect(throws: SettingValueError.outOfRange(days, 1...30)) { try CycleSettings.validateFrequency(days) }
    }

    /// The ASCII shortcut answers as the Unicode tables do, for every ASCII character.
    @Test func asciiShortcutAgreesWithTheUnicodeTables() {
        for value in UInt32(0)...0x7F {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            #expect(PetName.isForbidden(scalar) == [.control, .lineSeparator, .paragraphSeparator, .format].contains(category),
                    "U+\(String(value, radix: 16))")
            #expect(PetName.isVisible(scalar) == ![.spaceSeparator, .nonspacingMark, .spacingMark, .enclosingMark, .format, .control]
                        .contains(category), "U+\(String(value, radix: 16))")
        }
    }
}
