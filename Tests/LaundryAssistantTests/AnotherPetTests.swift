import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// A misspelt command about a pet the user does not have ("start wsh for fluffy", with Snowy
/// alone) was read as the command without a pet, asked as "Start washer? (yes/no)", and a "yes"
/// started Snowy's wash. The pet named is part of what the line gives: no reading that drops it
/// is acted on or asked about as sure.
@Suite struct AnotherPetTests {
    let fixture: AssistantFixture
    init() throws {
        fixture = try AssistantFixture()
        _ = fixture.assistant.respond(to: "create pet Snowy")
    }

    @Test(arguments: ["start wsh for fluffy", "strat wash for fluffy", "start wsh for Fluffy please"])
    func aMisspeltCommandForAPetTheUserHasNotGotChangesNoOtherPet(line: String) throws {
        let reply = fixture.assistant.respond(to: line)
        #expect(!reply.ok, "\(reply.text)")
        #expect(!reply.text.contains("(yes/no)"), "not asked as sure: \(reply.text)")
        _ = fixture.assistant.respond(to: "yes")
        let snowy = try #require(try fixture.store.read { try $0.pets() }.first)
        #expect(snowy.cycle == .idle, "Snowy's laundry untouched after “\(line)” and “yes”")
    }
}
