import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing
import LaundryTerminal

/// Pets known by their laundry: a pet made "for towels", or told it is "my whites", or also called
/// "the darks", is named so in sentences and answers, by its kind as by its name; renaming keeps
/// it, deleting frees it, and undo takes each change back.
@Suite struct PetKindTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture()
    }

    @discardableResult
    func say(_ line: String) -> Reply { fixture.say(line) }

    func nicknames() throws -> [String: [String]] {
        try fixture.store.read { try $0.pets() }.reduce(into: [:]) { $0[$1.name.value] = Array($1.nicknames) }
    }

    @Test func aPetIsMadeForAKindOfLaundry() throws {
        let fluffy = say("create pet Fluffy for towels")
        #expect(fluffy.ok && fluffy.intent == .createPet && fluffy.pet == "Fluffy", "\(fluffy.text)")
        #expect(fluffy.contractSlots == ["name": "Fluffy", "value": "towels"])
        #expect(fluffy.text.hasPrefix("Meet Fluffy, for your towels!"), "\(fluffy.text)")
        #expect(fluffy.nicknames == ["towels"])
        #expect(say("create a new pet called Snowy for my colors").ok)
        #expect(try nicknames() == ["Fluffy": ["towels"], "Snowy": ["colours"]], "the list's word for the kind")
        #expect(say("create pet Buddy").nicknames == [], "no kind said, none kept")
    }

    @Test func aKindOrNicknameNamesThePetInSentences() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy")
        say("create pet Buddy")
        let started = say("wash the towels")
        #expect(started.ok && started.intent == .startWash && started.pet == "Fluffy", "\(started.text)")
        #expect(started.contractSlots["pet"] == "the towels")
        #expect(say("how are my towels").pet == "Fluffy")

        let whites = say("Snowy is my whites")
        #expect(whites.ok && whites.intent == .addNickname && whites.pet == "Snowy", "\(whites.text)")
        #expect(whites.text == "Snowy is also known as “whites” now — say it wherever you would say Snowy.")
        let darks = say("also call buddy the darks")
        #expect(darks.ok && darks.intent == .addNickname && darks.pet == "Buddy", "\(darks.text)")
        #expect(try nicknames() == ["Fluffy": ["towels"], "Snowy": ["whites"], "Buddy": ["darks"]])
        #expect(say("how long for my whites").pet == "Snowy")
        #expect(say("fold the darks").pet == "Buddy")
        #expect(say("is our towels done").pet == "Fluffy")
    }

    @Test func aKindAnswersWhichPet() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy for whites")
        #expect(say("start wash").awaiting == .pet)
        let started = say("the towels")
        #expect(started.ok && started.intent == .startWash && started.pet == "Fluffy", "\(started.text)")
    }

    @Test func completionOffersKindsWhereAPetCanStand() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy")
        #expect(fixture.assistant.completion(after: "start wash for")?.petNames == ["Fluffy", "Snowy", "towels"])
        #expect(fixture.assistant.completion(after: "start wash for the towels") != nil, "the kind read as the pet it names")
    }

    @Test func theCardSaysWhatElseThePetIsCalled() throws {
        say("create pet Fluffy for towels")
        #expect(say("how is fluffy").text.contains("\nTowels\n"))
        say("also call fluffy the bath mats")
        say("fluffy is also called Fluff")
        let card = say("how is fluffy")
        #expect(card.text.hasPrefix("Fluffy ^‿^ is so happy!\nTowels · also: bath mats, fluff\nHealth"), "\(card.text)")
        #expect(!say("create pet Snowy").text.contains("also"))
    }

    /// "Delete Snowy?" answered with another pet's nickname is no yes to deleting Snowy.
    @Test func aYesNamingAnotherPetsKindIsNoYes() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy")
        #expect(say("delete snowy").awaiting == .confirmation)
        let answer = say("yes, the towels")
        #expect(answer.awaiting == .confirmation, "\(answer.text)")
        #expect(try nicknames().keys.sorted() == ["Fluffy", "Snowy"])
    }

    /// A nickname said exactly names its pet, before any name it is only close to.
    @Test func anExactNicknameWinsOverACloseName() throws {
        say("create pet Darcy")
        say("create pet Buddy")
        say("also call buddy the darks")
        #expect(say("start wash").awaiting == .pet)
        #expect(say("darks").pet == "Buddy")
        #expect(say("how is darks").pet == "Buddy")
    }

    @Test func aNicknameNamesOnePetOnly() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy")
        let taken = say("also call snowy the towels")
        #expect(!taken.ok && taken.failure == .refused && taken.pet == "Snowy")
        #expect(taken.text == "“towels” already names Fluffy. Nothing changed; pick another nickname for Snowy.", "\(taken.text)")
        let aName = say("call snowy fluffy too")
        #expect(!aName.ok && aName.text.hasPrefix("“fluffy” already names Fluffy."), "\(aName.text)")
        let newPet = say("create pet Towels")
        #expect(!newPet.ok && newPet.text == "“Towels” already names Fluffy (it is also known as “towels”). Pick another name.", "\(newPet.text)")
        #expect(!say("rename snowy to The Towels").ok)
        #expect(say("call snowy the whites too").ok)
        #expect(say("Snowy is my whites").text == "Snowy is already known as “whites”. Nothing changed.")
        #expect(try nicknames() == ["Fluffy": ["towels"], "Snowy": ["whites"]])
    }

    @Test func renamingKeepsThemAndUndoTakesEachStepBack() throws {
        say("create pet Fluffy for towels")
        say("also call fluffy the bath mats")
        say("rename fluffy to Puff")
        #expect(say("start wash for the towels").pet == "Puff")
        #expect(say("undo").text.hasPrefix("Undone: started Puff's wash."))
        #expect(say("undo").text.hasPrefix("Undone: renamed Fluffy to Puff."))
        #expect(try nicknames() == ["Fluffy": ["towels", "bath mats"]])
        #expect(say("undo").text.hasPrefix("Undone: called Fluffy “bath mats”."))
        #expect(try nicknames() == ["Fluffy": ["towels"]])
        #expect(say("how is the bath mats").pet != "Fluffy")
        #expect(say("undo").text == "Undone: created Fluffy.")
        #expect(try nicknames() == [:])
    }

    @Test func deletingAPetFreesItsNicknames() throws {
        say("create pet Fluffy for towels")
        say("create pet Snowy")
        say("delete the towels")
        #expect(say("yes").text.hasPrefix("Deleted Fluffy"))
        #expect(say("Snowy is my towels").ok)
        #expect(try nicknames() == ["Snowy": ["towels"]])
    }
}
