import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// When only one pet can take the step, a line that names none is about that
/// pet, said in the reply; when several can, the question lists only those.
@Suite struct PetFromStateTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(pets: AssistantFixture.corpusPets)
    }

    @Test func theOnlyWashDoneGoesIntoTheDryer() throws {
        fixture.say("start wash for Buddy")
        fixture.time.advance(minutes: 50)
        let reply = fixture.say("start the dryer")
        #expect(reply.ok && reply.intent == .startDry && reply.pet == "Buddy" && reply.awaiting == nil, "\(reply.text)")
        #expect(reply.text.contains("Buddy"))
    }

    @Test func severalThatFitAreTheOnlyOnesAskedAbout() throws {
        fixture.say("start wash for Buddy")
        fixture.say("start wash for Snowy")
        fixture.time.advance(minutes: 50)
        let reply = fixture.say("start the dryer")
        #expect(reply.awaiting == .pet && reply.text == "Which pet — Snowy or Buddy?", "\(reply.text)")
    }

    @Test(arguments: ["how much longer", "stop it", "watch it"])
    func theOnlyRunningTimerIsTheOneMeant(line: String) throws {
        fixture.say("start wash for Fluffy")
        fixture.time.advance(minutes: 10)
        let reply = fixture.say(line)
        #expect(reply.pet == "Fluffy" && reply.awaiting == nil, "“\(line)”: \(reply.text)")
    }

    @Test func theOnlyDryDoneIsFolded() throws {
        fixture.say("start wash for Mr. Fluff")
        fixture.time.advance(minutes: 50)
        fixture.say("start dryer for Mr. Fluff")
        fixture.time.advance(minutes: 70)
        let reply = fixture.say("fold it")
        #expect(reply.ok && reply.intent == .markFolded && reply.pet == "Mr. Fluff", "\(reply.text)")
    }

    /// A follow-up keeps the pet of the line before ("and the dry time to 50 too").
    @Test(arguments: ["and the dry time to 50 too", "also set the dry time to 50"])
    func aFollowUpKeepsThePet(line: String) throws {
        fixture.say("set snowy's wash time to 40")
        let reply = fixture.say(line)
        #expect(reply.pet == "Snowy" && reply.intent == .setDryTime, "“\(line)”: \(reply.text)")
        if reply.awaiting == .confirmation { fixture.say("yes") }
        let snowy = try #require(try fixture.store.read { try $0.pets() }.first { $0.name.value == "Snowy" })
        #expect(snowy.settings.dryMinutes == 50)
    }

    /// When none can, no question (its every answer would be refused): the reply says so, with
    /// each pet's next step (a newcomer's "start the dryer" asked which of two pets, neither ready).
    @Test func whenNoneFitsEachPetsNextStepIsSaid() throws {
        fixture.say("start wash for Snowy")
        let reply = fixture.say("start the dryer")
        #expect(!reply.ok && reply.awaiting == nil, "\(reply.text)")
        #expect(reply.text == "There is no pet ready for the dryer now. Next: Snowy — Start Dryer at 09:45; Fluffy — Start Wash; "
                + "Mr. Fluff — Start Wash; Buddy — Start Wash.", "\(reply.text)")
    }
}
