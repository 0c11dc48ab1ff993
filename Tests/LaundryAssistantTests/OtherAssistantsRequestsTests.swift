import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// Issue 33, item 8: requests people make of other assistants (CLINC150's own words, from its
/// train and val splits, and the issue's) change nothing and propose no change.
@Suite struct OtherAssistantsRequestsTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(pets: AssistantFixture.corpusPets)
    }

    func pets() throws -> [String] { try fixture.store.read { try $0.pets() }.map(\.name.value) }

    @Test(arguments: [
        "create a contact labeled mom", "could you create a new avatar for me", "create emergency phone numbers list",
        "create a new timer", "i need you to create a timer", "create a reminder", "create alarms for 8 pm and 9 pm",
    ])
    func aThingIsNoPet(line: String) throws {
        let reply = fixture.say(line)
        #expect(reply.intent != .createPet && reply.awaiting == nil, "“\(line)”: \(reply.text)")
        fixture.say("yes")
        #expect(try pets() == ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"], "“\(line)”")
    }

    /// A guessed change that would not say what it changes is not asked about, nor offered.
    @Test(arguments: ["i want to be called tom", "i want to apply for a new credit card"])
    func aChangeThatNamesNoPetIsNotProposed(line: String) throws {
        let reply = fixture.say(line)
        #expect(reply.awaiting == nil && !reply.intent.changesData, "“\(line)”: \(reply.text)")
        #expect(!reply.text.contains("Rename") && !reply.text.contains("Create pet"), "“\(line)”: \(reply.text)")
    }

    @Test(arguments: ["create Rex", "create Mr Wiggles", "adopt Sock Monster", "create pet a new timer"])
    func aNameIsStillAPet(line: String) throws {
        let reply = fixture.say(line)
        #expect(reply.ok && reply.intent == .createPet, "“\(line)”: \(reply.text)")
    }
}
