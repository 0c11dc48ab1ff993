import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// Requests people make of other assistants (CLINC150's own words, from its
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

    @Test func aPetNamedAsSuchIsMadeAtOnce() throws {
        let reply = fixture.say("create pet a new timer")
        #expect(reply.ok && reply.intent == .createPet && reply.awaiting == nil, "\(reply.text)")
    }

    /// "create alarm" is said of alarms too: without the word pet, a pet is made on a yes only.
    @Test(arguments: ["create Rex", "create Mr Wiggles", "adopt Sock Monster", "create alarm"])
    func aBareNameIsAPetOnAYes(line: String) throws {
        let asked = fixture.say(line)
        #expect(asked.awaiting == .confirmation && asked.text.hasPrefix("Create a pet called "), "“\(line)”: \(asked.text)")
        #expect(try pets().count == 4)
        fixture.say("yes")
        #expect(try pets().count == 5, "“\(line)”")
    }

    @Test func aBareNameRefusedMakesNothing() throws {
        fixture.say("create alarm")
        fixture.say("no")
        #expect(try pets() == ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])
    }

    /// "pause" alone is said to music and calls: every pet is paused on a yes only.
    @Test func aBarePauseAsksFirst() throws {
        let asked = fixture.say("pause")
        #expect(asked.awaiting == .confirmation && asked.text == "Pause all 4 pets until you resume them? (yes/no)", "\(asked.text)")
        let paused = try fixture.store.read { try $0.pets() }.filter { $0.pausedAt != nil }
        #expect(paused.isEmpty)
        fixture.say("yes")
        #expect(try fixture.store.read { try $0.pets() }.allSatisfy { $0.pausedAt != nil })
    }

    /// Spans of time said of leave and travel are no pause unless a pause or a vacation is said.
    @Test(arguments: [
        "from december 22nd to the 25th, make me a pto request",
        "is it possible for me to take a pto for two days, starting february 7",
        "from january to august, i will be in uruguay, please let me bank know",
    ])
    func aSpanOfLeaveIsNoPause(line: String) throws {
        let reply = fixture.say(line)
        #expect(reply.intent != .pausePet && reply.awaiting == nil, "“\(line)”: \(reply.text)")
        #expect(try fixture.store.read { try $0.pets() }.allSatisfy { $0.pausedAt == nil })
    }
}
