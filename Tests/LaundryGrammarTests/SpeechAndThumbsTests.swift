import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// What dictation and thumbs do to a line: a word said like another, two words without the space
/// between them, a possessive typed as the plural sounds, the program addressed by its name.
@Suite struct SpeechAndThumbsTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])

    func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: pets) }

    @Test(arguments: [
        ("wash four snowy", Intent.startWash, "Snowy"),
        ("um okay so start wash four snowy", .startWash, "Snowy"),
        ("dry 4 buddy", .startDry, "Buddy"),
        ("how much longer four fluffy", .showPet, "Fluffy"),
        ("Startdryer buddy", .startDry, "Buddy"),
        ("startwash snowy", .startWash, "Snowy"),
        ("washsnowy", .startWash, "Snowy"),
        ("buddies folded", .markFolded, "Buddy"),
        ("fluffies timer", .showPet, "Fluffy"),
        ("hey laundry time start wash for snowy", .startWash, "Snowy"),
        ("hey laundrytime how is snowy", .showPet, "Snowy"),
    ])
    func readAsMeant(line: String, intent: Intent, pet: String) throws {
        let command = try read(line)
        #expect(command.intent == intent, "\(line) → \(command.intent)")
        #expect(command[.pet]?.knownPet == pet, "\(line)")
    }

    /// "four" is for only before a pet: never a wash of four minutes, and a number elsewhere.
    @Test func aWordSaidLikeForIsANumberElsewhere() throws {
        #expect(try read("wash four snowy").intent != .setWashTime, "no data change from a homophone")
        #expect(try read("wash snowy every four days")[.days]?.value == "4")
        #expect(try read("set snowy's wash time to four")[.minutes]?.value == "4")
    }

    /// Glued words come apart only where both halves are words of a command: a name stays whole.
    @Test func aGluedNameStaysWhole() throws {
        #expect(try read("create pet Washday")[.name]?.text == "Washday")
        #expect(try read("create pet Sunshine")[.name]?.text == "Sunshine")
        // Two halves of three letters are a misspelling more often than two words: "his try".
        #expect(try read("histry fluffy").intent == .history)
    }
}

/// A number is read in the unit its line gave it: a bare "40" after "drying for 60 min" is a
/// dry of 40 minutes, never laundry due every 40 days.
@Suite struct BareNumberTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Buddy"])

    @Test(arguments: [
        ("why is snowy drying for 60 min? can we do 40 instead?", Intent.setDryTime, "40"),
        ("snowy 45 min wash? do 30", .setWashTime, "30"),
        ("buddy's been drying for an hour, do 50 instead", .setDryTime, "50"),
        // "that" for a time said earlier in the line.
        ("the cycle is only like 38 minutes now so set snowy's wash to that", .setWashTime, "38"),
        ("my dryer does 50 min, make buddy's dry time that", .setDryTime, "50"),
    ])
    func takesTheUnitOfItsLine(line: String, intent: Intent, minutes: String) throws {
        let command = try Grammar.english.match(line, pets: pets)
        #expect(command.intent == intent, "\(line) → \(command.intent)")
        #expect(command[.minutes]?.value == minutes)
    }

    @Test func thatWithNoTimeBeforeItIsNothing() throws {
        #expect(try Grammar.english.match("set snowy's wash to that", pets: pets).intent == .unknown)
        #expect(try Grammar.english.match("i like that", pets: pets).intent == .unknown)
    }

    @Test func daysStayDays() throws {
        #expect(try Grammar.english.match("wash snowy every 4 days", pets: pets)[.days]?.value == "4")
        #expect(try Grammar.english.match("wash snowy 4", pets: pets).intent == .setFrequency, "no minutes said: days")
    }
}

/// Cue words said longer or misspelt are still cues — but a shorter word is not one that only
/// looks alike: "to" is no "too", so "i want to be called tom" follows up on nothing.
@Suite struct CueSpellingTests {
    func kinds(_ line: String) throws -> [Cue.Kind] { try Grammar.english.cues(in: line).map(\.kind) }

    @Test func drawnOutAndMisspeltCuesStillCount() throws {
        #expect(try kinds("nooo").contains(.refusal))
        #expect(try kinds("actualy make it 40").contains(.restatement))
        #expect(try kinds("and the dry time too").contains(.followUp))
    }

    @Test func aShorterWordIsNoCue() throws {
        #expect(try !kinds("i want to be called tom").contains(.followUp))
        #expect(try !kinds("set it to 40").contains(.followUp))
    }
}

/// A newcomer's "go back to light mode" was offered "end vacation mode".
@Suite struct GoingBackTests {
    @Test(arguments: [("go back to light mode", "light"), ("switch back to dark mode", "dark")])
    func goingBackToAnAppearanceIsThatAppearance(line: String, value: String) throws {
        let command = try Grammar.english.match(line)
        #expect(command.intent == .setSetting && command[.value]?.value == value, "\(line) → \(command.intent)")
    }

    @Test func goingBackAloneIsStillUndo() throws {
        #expect(try Grammar.english.match("go back").intent == .undo)
    }
}
