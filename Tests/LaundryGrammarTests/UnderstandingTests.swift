import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// What people type — filler, contractions, symbols, misspelt command words, names in
/// quotes, a pet called like a grammar word — read as they meant it.
@Suite struct UnderstandingTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])

    func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: pets) }

    @Test(arguments: [
        "could you please start a wash for fluffy", "i'd like to start the wash for fluffy", "hey, start wash for fluffy!!",
        "just start wash for fluffy now, thanks", "🧺 start wash for fluffy 🙏", "go ahead and start wash for fluffy",
    ])
    func fillerAndSymbolsArePassedOver(line: String) throws {
        let command = try read(line)
        #expect(command.intent == .startWash && command[.pet]?.knownPet == "Fluffy", "\(line) → \(command.intent)")
    }

    @Test func contractionsAreReadAsTheirWords() throws {
        #expect(try read("what's the status").intent == .status)
        #expect(try read("whats up").intent == .status)
        #expect(try read("how's fluffy").intent == .showPet)
    }

    /// A filler word that is also a template's word still matches it.
    @Test func fillerThatIsAWordOfTheGrammarStillCounts() throws {
        #expect(try read("ok").intent == .confirm)
        #expect(try read("thanks").intent == .thanks)
        #expect(try read("please").intent == .unknown, "nothing but filler is no command")
    }

    @Test func aPetCalledLikeAGrammarWordIsThePet() throws {
        // "buddy" is also a word for "pet" in the grammar: with a pet called Buddy, it is Buddy.
        let command = try read("delete buddy")
        #expect(command.intent == .deletePet && command[.pet]?.knownPet == "Buddy")
        #expect(try read("make buddy dry for 80 mins").intent != .createPet, "never a new pet called “dry for 80 mins”")
    }

    @Test func namesKeepWhatTheyHoldAndQuotesKeepEverything() throws {
        #expect(try read("create pet Mr. Sock 🧦")[.name]?.text == "Mr. Sock 🧦")
        #expect(try read("create pet Snowball please")[.name]?.text == "Snowball")
        #expect(try read("create pet \"dry for 80 mins\"")[.name]?.text == "dry for 80 mins")
        #expect(try read("create pet “please start wash”")[.name]?.text == "please start wash")
        #expect(try read("create pet dry for 80 mins")[.name] == nil, "a name stops before a span of time")
    }

    /// What a line is read as: the template that fits, or else the first guess.
    func reading(_ line: String) throws -> Command? {
        let interpretation = try Grammar.english.interpret(line, pets: pets)
        return interpretation.command.intent == .unknown ? interpretation.guesses.first?.command : interpretation.command
    }

    /// Found by a blind set: a pet called like a grammar word is never read as that word to make a
    /// new pet ("make buddy due daily" made a pet called "due daily"), and a name, a search or a
    /// topic holds only what was meant — not "instead", "pls", "lol", "her name is", a leading
    /// "to", a closing "?" or the quotes around it.
    @Test func slotsHoldOnlyWhatWasMeant() throws {
        #expect(try reading("make buddy due daily")?.intent != .createPet)
        #expect(try reading("spawn a new pet named Moss lol")?[.name]?.text == "Moss")
        #expect(try reading("i just got a new duvet, can u add a pet for it called Duvet pls")?[.name]?.text == "Duvet")
        #expect(try reading("lets add another pet, her name is Daisy")?[.name]?.text == "Daisy")
        #expect(try reading("i wanna call buddy Sporty instead")?[.name]?.text == "Sporty")
        #expect(try reading("rename Mr. Fluff to Towels?")?[.name]?.text == "Towels")
        #expect(try reading("rname fluffy to Fuzz")?[.name]?.text != "to Fuzz")
        #expect(try read("create pet \"Duvet pls\"")[.name]?.text == "Duvet pls", "quotes keep everything")
        #expect(try reading("can you search the transcript for towels?")?[.query]?.text == "towels")
        #expect(try reading("find \"rename\" in the transcript")?[.query]?.text == "rename")
        #expect(try reading("help me with notifications pls")?[.topic]?.text == "notifications")
    }

    /// A closing phrase of filler goes whole, however the walk took the words before it: the walk
    /// passed over "now" alone and took "Jeans right" (or "Jeans rn", "rn" being "right now").
    @Test func aClosingPhraseGoesWhole() throws {
        #expect(try reading("make a pet called Jeans right now")?[.name]?.text == "Jeans")
        #expect(try reading("lemme add a pet named Jeans rn")?[.name]?.text == "Jeans")
        #expect(try reading("make a pet called Mister Right")?[.name]?.text == "Mister Right", "a name's own words stay")
    }

    /// "pet" itself stays the word for any pet: with a pet called Pet, "create pet Rex" still makes
    /// Rex (the rule above is for a pet called like a synonym, as Buddy).
    @Test func aPetCalledPetDoesNotStopNewPets() throws {
        let pets = PetNameIndex(names: ["Pet", "Snowy"])
        let command = try Grammar.english.match("create pet Rex", pets: pets)
        #expect(command.intent == .createPet && command[.name]?.text == "Rex")
        #expect(try Grammar.english.match("make buddy due daily", pets: PetNameIndex(names: ["Buddy"])).intent != .createPet)
    }

    /// A line no template fits gives every slot it holds, whichever list is read first: "history"
    /// is an export's kind and a help topic, and the reading used to depend on the order of a
    /// dictionary — which changes from run to run (found as a blind set scoring 379 or 380).
    @Test func aGuessHoldsEverySlotWhicheverListIsReadFirst() throws {
        for line in ["print history as csv", "i want a csv export of my history", "get me a csv of my history"] {
            let command = try reading(line)
            #expect(command?.intent == .export && command?[.value]?.value == "history" && command?[.format]?.value == "csv", "\(line)")
        }
    }

    @Test func petsAreFoundHoweverTheyAreTyped() throws {
        #expect(try read("start snowys wash")[.pet]?.knownPet == "Snowy")
        #expect(try read("how is mr fluff")[.pet]?.knownPet == "Mr. Fluff")
        #expect(try read("how is snowey")[.pet]?.text == "snowey", "a close misspelling, for the assistant to resolve")
        #expect(try read("how is rex")[.pet]?.text == "rex", "no pet: the words, for “there is no pet called rex”")
    }

    /// A number after a word of a date is no pet's name: "history since march 40" is a day that
    /// does not exist, not the history of a pet called “40”. Elsewhere it may be one.
    @Test func aNumberAfterADateIsNoUnknownPet() throws {
        for line in ["history since march 40", "pause snowy until dec 45", "history since monday 3"] {
            #expect(try read(line)[.pet]?.text != "40" && read(line)[.pet]?.text != "45" && read(line)[.pet]?.text != "3", "\(line)")
        }
        #expect(try read("delete pet 2")[.pet]?.text == "2", "for “there is no pet called 2”")
        #expect(try read("how is r2d2")[.pet]?.text == "r2d2", "a name with digits in it is still a name")
    }

    /// A name of several words is also found typed as one ("mr.fluff", "mrfluff"; training-c:
    /// "wkae up mr.fluff" was no pet).
    @Test func aNameOfSeveralWordsMayBeTypedAsOne() throws {
        for line in ["wake up mr.fluff", "how is mrfluff", "how is Mr.Fluff?"] {
            #expect(try read(line)[.pet]?.knownPet == "Mr. Fluff", "\(line)")
        }
        #expect(try read("how is mr.fluffy")[.pet]?.knownPet == nil)
    }

    /// A name ending in an emoji is also found without it ("snowy" for Snowy 🧦).
    @Test func aPetsEmojiMayBeLeftOut() throws {
        let pets = PetNameIndex(names: ["Snowy 🧦", "Fluffy"])
        let command = try Grammar.english.match("start wash for snowy", pets: pets)
        #expect(command.intent == .startWash && command[.pet]?.knownPet == "Snowy 🧦")
        #expect(try Grammar.english.match("satrt wash for snowy", pets: pets)[.pet]?.knownPet == "Snowy 🧦")
    }

    @Test func aMisspeltCommandWordIsReadAsTheWordItIsCloseTo() throws {
        let command = try read("satrt wash for snowy")
        #expect(command.intent == .startWash && command.corrections == [WordCorrection(typed: "satrt", meant: "start")])
        #expect(try read("hisotry for buddy").intent == .history)
        #expect(try read("set fluffy's dry time to 20 minuts")[.minutes]?.value == "20", "minute or minutes: the same")
        #expect(try read("foled snowy").intent == .markFolded, "fold or folded: the same")
    }

    /// A misspelling read as a change only when the word has one closest grammar word: "mate"
    /// is as close to "mute" as to "make" and "late", so "cheers mate" turned no sound off (found
    /// by a blind set; now the grammar's own thanks).
    @Test func aChangeIsReadFromAMisspellingOnlyWhenTheCorrectionIsUnique() throws {
        #expect(try read("cheers mate").intent == .thanks)
        #expect(try read("go mate").intent == .unknown)
        #expect(try read("mate").intent == .unknown)
        let guesses = try Grammar.english.interpret("mate", pets: pets).guesses
        #expect(!guesses.contains { $0.confidence != nil && $0.command.intent == .setSetting }, "at most offered, never sure")
        #expect(try read("satrt wash for snowy").intent == .startWash, "one closest word: read")
    }

    /// Three letters without a vowel are a word typed in haste (the first four blind sets each had
    /// one: "dyr fluffy", "wsh mr fluff", "lst my pet"): read as the grammar word with a letter put
    /// back or two neighbours swapped — never another letter, so "try snowy" is not "dry snowy".
    @Test func aShortWordWithoutVowelsIsReadAsTheWordTypedInHaste() throws {
        let dry = try read("dyr fluffy")
        #expect(dry.intent == .startDry && dry.corrections == [WordCorrection(typed: "dyr", meant: "dry")])
        #expect(try read("wsh snowy").intent == .startWash)
        #expect(try read("lst my pets").intent == .listPets)
        for line in ["try snowy", "hat snowy", "fly snowy"] {
            #expect(try read(line).intent == .unknown, "\(line)")
        }
    }

    /// A misspelt filler word is passed over once corrected, as it would be typed right
    /// (from a blind set: "pleease pawse all of them for ten days").
    @Test func aMisspeltFillerWordIsPassedOver() throws {
        let pause = try read("pleease pawse all of them for ten days")
        #expect(pause.intent == .pausePet && pause[.until]?.value == "for:10:day")
        #expect(pause.corrections == [WordCorrection(typed: "pleease", meant: "please"), WordCorrection(typed: "pawse", meant: "pause")])
        #expect(try read("pleease fold snowy").intent == .markFolded)
    }

    @Test func aGuessThatCouldMeanTwoThingsOrIsTooShortIsNone() throws {
        #expect(try read("helo").intent == .unknown, "hello or help?")
        #expect(try read("srt wash for snowy").intent == .unknown, "three letters: too short to guess")
        #expect(try read("stxxt wash for snowy").intent == .unknown, "five letters, two edits from “start”: one is allowed")
        #expect(try read("wxxh snowy").intent == .unknown, "four letters, two edits from “wash”")
    }
}
