import EnglishGrammar
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing
import LaundryTerminal

/// The conversation against a real store, with a clock the test moves by hand.
@Suite struct AssistantTests {
    let fixture: AssistantFixture
    var directory: TemporaryDirectory { fixture.directory }
    var time: ManualTime { fixture.time }
    var store: LaundryStore { fixture.store }
    var assistant: Assistant { fixture.assistant }

    init() throws {
        fixture = try AssistantFixture()
    }

    @discardableResult
    func say(_ line: String) -> Reply { assistant.respond(to: line) }

    /// Setting a timing to what it already is says so in plain words.
    @Test func aTimingThatIsAlreadySetSaysSo() {
        say("create pet Snowy")
        #expect(say("set snowy's wash time to 45 minutes").text == "Snowy's wash already takes 45 minutes. Nothing changed.")
        #expect(say("set snowy's dry time to 60 minutes").text == "Snowy's dryer already takes 60 minutes. Nothing changed.")
        #expect(say("wash snowy every 7 days").text == "Snowy's laundry is already due every 7 days. Nothing changed.")
    }

    @Test func aWholeCycleFromCreateToFold() throws {
        let created = say("create pet Snowy")
        #expect(created.ok && created.intent == .createPet && created.pet == "Snowy" && created.contractSlots == ["name": "Snowy"])

        let wash = say("start wash for snowy")
        #expect(wash.ok && wash.intent == .startWash && wash.pet == "Snowy" && wash.contractSlots == ["pet": "snowy"])
        #expect(wash.text.hasPrefix("Snowy is getting clean!"))

        time.advance(minutes: 5, seconds: 20)
        let early = say("start dryer for snowy")
        #expect(!early.ok && early.failure == .refused)
        #expect(early.text.hasPrefix("Snowy is still washing — 39:40 left."))

        time.advance(minutes: 41)
        let card = say("how is snowy?")
        #expect(card.ok && card.text.hasPrefix("Snowy ^‿^ is ready for the dryer!"))

        #expect(say("start dryer for snowy").ok)
        time.advance(minutes: 60)
        let fold = say("mark snowy folded")
        #expect(fold.ok && fold.kind == .celebration)
        #expect(fold.text.hasPrefix("Snowy is so happy! 🎉 Cycle 1 done · streak 1 (best 1)."))
        let pet = try #require(try store.read { try $0.pet(named: "snowy") })
        #expect(pet.stats == PetStats(totalCycles: 1, currentStreak: 1, bestStreak: 1))
        #expect(try store.read { try $0.eventCount(for: pet) } == 3)
    }

    @Test func aRepeatedStartIsHarmless() throws {
        say("create pet Snowy")
        say("start wash")
        time.advance(minutes: 2)
        let again = say("start wash for snowy")
        #expect(again.ok && again.text == "Snowy is already washing — 43:00 left. Nothing changed.")
        let pet = try #require(try store.read { try $0.pet(named: "Snowy") })
        #expect(pet.cycle.timer?.startedAt == time.start)
        #expect(try store.read { try $0.eventCount() } == 1)
    }

    @Test func wrongStepsSayWhatThePetNeeds() {
        say("create pet Snowy")
        #expect(say("mark snowy folded").text == "Snowy's laundry is not washed and dried yet. Start with “start wash for Snowy”.")
        #expect(say("start dryer").text == "Snowy's laundry has not been washed yet. Start with “start wash for Snowy”.")
        #expect(say("stop snowy").text == "Nothing is running for Snowy — Snowy is so happy! Nothing to stop.")
        say("start wash")
        time.advance(minutes: 45)
        #expect(say("start wash").text == "Snowy is ready for the dryer! Say “start dryer for Snowy” next.")
        #expect(say("fold snowy").text == "Snowy is ready for the dryer! Say “start dryer for Snowy” next.")
    }

    @Test func unknownPetsListThePetsThereAre() {
        #expect(say("start wash for rex").text == "There is no pet called “rex” — you have no pets yet. Create one with “create pet rex”.")
        say("create pet Snowy")
        say("create pet Fluffy")
        let reply = say("start wash for rex")
        #expect(!reply.ok && reply.failure == .refused && reply.pet == nil)
        #expect(reply.text == "There is no pet called “rex” — you have Snowy and Fluffy.")
    }

    /// The start of a name is taken without its punctuation: "mr wiggles" is Mr. Wiggles the Great
    /// (a newcomer's "how is mr wiggles" was "no pet called").
    @Test func theStartOfANameIsTakenWithoutItsStops() throws {
        say("create pet Mr. Wiggles the Great")
        say("create pet Snowy")
        let reply = say("how is mr wiggles")
        #expect(reply.ok && reply.pet == "Mr. Wiggles the Great", "\(reply.text)")
    }

    @Test func withSeveralPetsTheAssistantAsksWhichAndTheNextLineMayBeTheName() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        say("create pet Buddy")
        let question = say("start wash")
        #expect(question.ok && question.awaiting == .pet && question.kind == .question)
        #expect(question.text == "Which pet — Snowy, Fluffy or Buddy?")
        #expect(assistant.isAwaitingAnswer)
        let answer = say("fluffy")
        #expect(answer.ok && answer.intent == .startWash && answer.pet == "Fluffy")
        #expect(!assistant.isAwaitingAnswer)
        #expect(try store.read { try $0.pet(named: "Fluffy") }?.cycle.timer != nil)
    }

    /// Another change drops the question; a look answered meanwhile keeps it.
    @Test func anotherCommandDropsTheWhichPetQuestion() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        say("start wash")
        let look = say("status")
        #expect(look.intent == .status && assistant.isAwaitingAnswer)
        let other = say("set snowy's wash time to 40")
        #expect(other.intent == .setWashTime && !assistant.isAwaitingAnswer)
        #expect(try store.read { try $0.pets() }.allSatisfy { $0.cycle == .idle })
    }

    @Test func pronounsMeanThePetLastTalkedAbout() {
        say("create pet Snowy")
        say("create pet Fluffy")
        say("how is fluffy?")
        let wash = say("wash it")
        #expect(wash.ok && wash.pet == "Fluffy")
        #expect(say("how is she doing").pet == "Fluffy")
    }

    @Test func aMisspeltNameResolvesWhenOnlyOnePetIsClose() {
        say("create pet Snowy")
        say("create pet Fluffy")
        let reply = say("start wash for snowey")
        #expect(reply.ok && reply.pet == "Snowy")
        #expect(reply.text.hasPrefix("(I took “snowey” to mean Snowy.) Snowy is getting clean!"))
        say("create pet Snowball")
        say("create pet Snowbell")
        let unclear = say("how is snowbll")
        #expect(!unclear.ok && unclear.text == "There is no pet called “snowbll”. Did you mean Snowball or Snowbell?")
    }

    /// Found by a blind set ("show me snwoy"): two letters swapped are one slip of the fingers, as
    /// the grammar's own pet index counts them, so a 5-letter name typed so resolves.
    @Test func swappedLettersInAShortNameAreOneEdit() {
        say("create pet Snowy")
        say("create pet Fluffy")
        let reply = say("show me snwoy")
        #expect(reply.ok && reply.pet == "Snowy", "\(reply.text)")
        #expect(say("how is fluffy").ok)
        #expect(say("how is flfufy").pet == "Fluffy")
    }

    @Test func deleteAsksFirstAndOnlyYesDeletes() throws {
        say("create pet Snowy")
        let question = say("delete snowy")
        #expect(question.awaiting == .confirmation)
        #expect(question.text == "Delete Snowy? This will permanently delete this pet and all its data. (yes/no)")
        #expect(say("no").text == "Okay, Snowy stays.")
        #expect(try store.read { try $0.petCount() } == 1)

        say("delete snowy")
        #expect(say("status").intent == .status, "another command is not a yes")
        #expect(say("yes").text == "There is no question to answer right now.")
        #expect(try store.read { try $0.petCount() } == 1)

        say("delete snowy")
        #expect(say("yes").text == "Deleted Snowy and its history. Changed your mind? Say “undo”.")
        #expect(try store.read { try $0.petCount() } == 0)
    }

    @Test func yesAnswersQuestionsInScripts() throws {
        let yes = try fixture.makeAssistant(assumeYes: true)
        _ = yes.respond(to: "create pet Snowy")
        #expect(yes.respond(to: "delete snowy").text.hasPrefix("Deleted Snowy"))
        #expect(try store.read { try $0.petCount() } == 0)
    }

    @Test func undoGoesBackOneStepAtATimeEvenAfterADelete() throws {
        say("create pet Snowy")
        say("start wash")
        time.advance(minutes: 45)
        say("start dryer")
        say("rename snowy to Flake")
        say("delete flake")
        say("yes")
        #expect(try store.read { try $0.petCount() } == 0)

        #expect(say("undo").text.hasPrefix("Undone: deleted Flake."))
        let restored = try #require(try store.read { try $0.pet(named: "Flake") })
        #expect(try store.read { try $0.eventCount(for: restored) } == 2, "the history comes back too")
        #expect(say("undo").text.hasPrefix("Undone: renamed Snowy to Flake."))
        #expect(say("oops").text.hasPrefix("Undone: started Snowy's dryer. Snowy is ready for the dryer!"))
        #expect(say("undo").text.hasPrefix("Undone: started Snowy's wash. Snowy is so happy!"))
        #expect(try store.read { try $0.eventCount() } == 0)
        #expect(say("undo").text == "Undone: created Snowy.")
        #expect(say("undo").text == "There is nothing to undo.")
    }
}
