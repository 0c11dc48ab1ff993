import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// A line that says not to do something, only supposes it, tells what someone
/// else did, or tells of a near miss is never made into a change — nor into a question or a
/// suggestion proposing one. Its reply shows it was understood and that nothing changed.
@Suite struct PolarityTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(pets: AssistantFixture.corpusPets)
        fixture.say("start wash for Buddy")
    }

    /// What the store holds, to see that nothing changed.
    func state() throws -> String {
        try fixture.store.read { try $0.pets() }.map { "\($0.name.value) \($0.cycle) \(String(describing: $0.pausedUntil)) \($0.stats)" }.joined(separator: "\n")
    }

    static let lines = [
        // Negations.
        "not folded yet, fluffy's still sitting in the basket", "please do not stop buddy's dryer",
        "don't delete snowy", "never reset everything", "no need to start the wash for snowy",
        "do not start the dryer for buddy", "snowy is not folded yet", "dont pause fluffy",
        "please do not stop the mr fluff's wash",
        // Hypotheticals and questions about whether to.
        "if fluffy gets sadder I'll delete her", "what would happen if I deleted snowy",
        "should I start the wash for snowy?", "what if I paused all the pets",
        // Someone else's doing.
        "my wife started the wash for fluffy", "my roommate said he folded snowy",
        // …told by someone's name, which no cue phrase can list.
        "jenny already put fluffy in the dryer", "carlos folded snowy this morning",
        // Told after the command: the whole line is someone else's.
        "wash snowy they said", "wash snowy, my husband said",
        // Near misses.
        "I almost reset everything by accident yesterday", "I was going to delete buddy", "nearly deleted mr fluff lol",
        "i was going to wash mr fluff but forgot",
    ]

    @Test(arguments: lines)
    func noChangeIsMadeOrProposed(line: String) throws {
        let before = try state()
        let reply = fixture.say(line)
        #expect(reply.awaiting != .confirmation, "“\(line)” asks: \(reply.text)")
        #expect(!reply.intent.changesData, "“\(line)” → \(reply.intent): \(reply.text)")
        // Acknowledged — or not understood, with only looks offered.
        #expect(reply.text.lowercased().contains("nothing changed") || (!reply.ok && reply.failure == .notUnderstood), "“\(line)”: \(reply.text)")
        // Nothing waits for a yes or a number: either now changes nothing.
        fixture.say("yes")
        fixture.say(line)
        fixture.say("1")
        #expect(try state() == before, "“\(line)” changed something")
    }

    @Test func aNegationIsAnsweredAsOne() throws {
        let reply = fixture.say("please do not stop buddy's dryer")
        #expect(reply.ok && reply.text.hasPrefix("Okay"), "\(reply.text)")
        #expect(reply.pet == "Buddy")
    }

    /// The cue words belong to the clause that holds them: another clause's command is still one.
    @Test func aCueInAnotherClauseLeavesTheCommand() throws {
        let reply = fixture.say("I don't know what I'd do without you, start the wash for snowy")
        #expect(reply.intent == .startWash && reply.pet == "Snowy", "\(reply.text)")
    }

    /// A command, then a clause of its own about someone, unmarked: the command is read.
    @Test func aCommandBeforeAClauseOfItsOwn() throws {
        let started = fixture.say("start the wash for snowy she is stinky")
        #expect(started.intent == .startWash && started.ok && started.pet == "Snowy", "\(started.text)")
        let asked = fixture.say("delete mr fluff we dont even use that anymore")
        #expect(asked.awaiting == .confirmation && asked.text.contains("Mr. Fluff"), "\(asked.text)")
    }

    /// Templates that carry their own negation stay what they are.
    @Test func templatesThatSayNotStillWork() throws {
        #expect(fixture.say("don't remind me about wet laundry").intent == .setSetting)
        fixture.say("delete Snowy")
        #expect(fixture.say("don't do it").intent == .deny)
        #expect(try state().contains("Snowy"))
    }
}
