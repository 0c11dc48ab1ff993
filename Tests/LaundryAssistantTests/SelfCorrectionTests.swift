import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// A line that corrects itself ("…, no wait, …", "sorry, I meant …",
/// "actually …", "make that …") takes the correction — the pet, the number or the step said
/// last — and never makes a change from the part taken back; when what remains is unclear,
/// nothing changes.
@Suite struct SelfCorrectionTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(pets: AssistantFixture.corpusPets)
    }

    func pet(_ name: String) throws -> Pet {
        try #require(try fixture.store.read { try $0.pets() }.first { $0.name.value == name })
    }

    @Test(arguments: [
        ("set the wash time for buddy to 30 min, make that 35", 35), ("set buddy's wash time to 30, no wait, 50", 50),
        ("set buddy wash time to 20 no wait 25", 25), ("buddy's wash should be 30 minutes, sorry I meant 40", 40),
    ])
    func theNumberSaidLastIsTaken(line: String, minutes: Int) throws {
        let reply = fixture.say(line)
        if reply.awaiting == .confirmation { fixture.say("yes") }
        #expect(try pet("Buddy").settings.washMinutes == minutes, "“\(line)”: \(reply.text)")
    }

    @Test(arguments: ["start wash for snowy, sorry I meant fluffy", "start wash for snowy actually fluffy", "start wash for snowy, no wait, fluffy"])
    func thePetSaidLastIsTaken(line: String) throws {
        let reply = fixture.say(line)
        if reply.awaiting == .confirmation { fixture.say("yes") }
        #expect(try pet("Fluffy").cycle != .idle, "“\(line)”: \(reply.text)")
        #expect(try pet("Snowy").cycle == .idle, "“\(line)”: \(reply.text)")
    }

    @Test func theStepSaidLastIsTaken() throws {
        fixture.say("start wash for Snowy")
        fixture.time.advance(minutes: 50)
        let reply = fixture.say("fold snowy, no wait, start her dryer")
        #expect(reply.intent == .startDry && reply.pet == "Snowy", "\(reply.text)")
    }

    @Test(arguments: ["delete snowy, no wait, don't", "start wash for snowy no wait", "reset everything — no wait, scratch that"])
    func whatIsTakenBackIsNotDone(line: String) throws {
        let before = try fixture.store.read { try $0.pets() }
        let reply = fixture.say(line)
        #expect(reply.awaiting != .confirmation && !reply.intent.changesData && !reply.text.contains("Did you mean"), "“\(line)”: \(reply.text)")
        fixture.say("yes")
        #expect(try fixture.store.read { try $0.pets() } == before, "“\(line)” changed something")
    }

    @Test func aPauseEndSaidLastIsTaken() throws {
        let reply = fixture.say("pause fluffy until friday, no wait, monday")
        #expect(reply.intent == .pausePet && reply.text.contains("Mon"), "\(reply.text)")
    }
}
