import EnglishGrammar
import LaundryCore
@testable import LaundryGrammar
import Testing

/// A line of several parts that no template fits, one of which the learned fallback is sure of:
/// the reading of that part, with the pet the rest of the line names when it names none.
@Suite struct PartGuessTests {
    static let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])

    @Test(arguments: [
        ("could you please make fluffys dry take 50 minutes. that is what my old dryer needs.", Intent.setDryTime, "Fluffy", "50" as String?),
        ("we change the towels twice a week, so please set buddy to every 3 days", .setFrequency, "Buddy", "3"),
    ])
    func thePartThatAsksIsRead(_ line: String, _ intent: Intent, _ pet: String, _ number: String?) throws {
        let reading = try Grammar.english.interpret(line, pets: Self.pets)
        let first = try #require(reading.guesses.first, "“\(line)”: no guess")
        #expect(first.confidence != nil && first.command.intent == intent, "“\(line)”: \(first.command.intent) \(first.sentence)")
        #expect(first.command[.pet]?.knownPet == pet, "“\(line)”: \(first.command.slots)")
        if let number {
            #expect((first.command[.minutes] ?? first.command[.days])?.value == number, "“\(line)”: \(first.command.slots)")
        }
    }

    /// A pronoun is the one pet the line names before it, not the one talked about last.
    @Test(arguments: [
        ("fluffys load is done now so i would like to put it in the tumble dryer please", Intent.startDry, "Fluffy"),
        ("snowy looks grubby, please start her wash", .startWash, "Snowy"),
    ])
    func aPronounIsThePetNamedBeforeIt(_ line: String, _ intent: Intent, _ pet: String) throws {
        let command = try Grammar.english.match(line, pets: Self.pets)
        #expect(command.intent == intent && command[.pet]?.knownPet == pet, "“\(line)”: \(command.intent) \(command.slots)")
    }

    /// "them all" is every pet, not the one named before it ("snowy is fine but pause them all"
    /// paused Snowy alone).
    @Test(arguments: ["snowy is fine but pause them all", "fluffy is back so resume them all", "buddy is done, fold them all"])
    func themAllIsNotThePetNamedBefore(_ line: String) throws {
        let command = try Grammar.english.match(line, pets: Self.pets)
        #expect(command[.pet] == nil || command[.pet]?.isPronoun == true, "“\(line)”: \(command.intent) \(command.slots)")
    }

    @Test func aPetNamedAfterThePronounIsNotIt() throws {
        let command = try Grammar.english.match("start it, not fluffy", pets: Self.pets)
        #expect(command[.pet]?.knownPet != "Fluffy", "\(command.intent) \(command.slots)")
    }

    /// Why, said after the command, is passed over — from the last such word that leaves a command.
    @Test(arguments: [
        ("please start the wash for buddy as it is laundry day", Intent.startWash, "Buddy" as String?, nil as String?),
        ("export the history as csv because my son asked for it", .export, nil, "csv"),
    ])
    func aReasonAfterTheCommandIsPassedOver(_ line: String, _ intent: Intent, _ pet: String?, _ format: String?) throws {
        let command = try Grammar.english.match(line, pets: Self.pets)
        #expect(command.intent == intent && command[.pet]?.knownPet == pet && command[.format]?.value == format,
                "“\(line)”: \(command.intent) \(command.slots)")
    }

    /// "as well as", "as soon as": no reason starts there — "pause snowy as well as buddy" was
    /// read as Snowy's pause alone.
    @Test(arguments: ["pause snowy as well as buddy", "start the wash for snowy as well as fluffy"])
    func asWellAsStartsNoReason(_ line: String) throws {
        let command = try Grammar.english.match(line, pets: Self.pets)
        #expect(command.intent == .unknown || command[.pet]?.knownPet != "Snowy", "“\(line)”: \(command.intent) \(command.slots)")
    }

    /// A line that only tells is no request, whatever one of its parts sounds like.
    @Test(arguments: ["my nephew did all his washing on monday, he is very tidy",
                      "my granddaughter Amy did all her own washing last week, she is a good girl",
                      "my grandson did all of his own washing today, he is a great help",
                      "my grandson thomas did all his own washing yesterday, what a star",
                      "im off on holiday next week, what should i take?"])
    func aLineThatOnlyTellsIsReadByNoPart(_ line: String) throws {
        let reading = try Grammar.english.interpret(line, pets: Self.pets)
        #expect(reading.guesses.first?.confidence == nil, "“\(line)”: \(reading.guesses.map(\.sentence))")
    }

    /// Parts sure of two intents: which is meant is not clear, and nothing is read with confidence.
    @Test func twoPartsThatAskDifferentThingsAreNoReading() throws {
        let reading = try Grammar.english.interpret("could you make fluffys dry take 50 minutes. and i would like to put buddy in the tumble dryer",
                                                pets: Self.pets)
        #expect(reading.guesses.first?.confidence == nil, "\(reading.guesses.map(\.sentence))")
    }
}
