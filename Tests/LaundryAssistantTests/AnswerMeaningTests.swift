import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// While "Delete Snowy? (yes/no)" waits, an answer is read for what it means.
/// A negated yes ("that isn't right"), any "false", "wrong" or "incorrect", and a misspelling
/// taken for "correct" are never a yes; a doubtful answer asks again, naming the choice, and the
/// question still waits.
@Suite struct AnswerMeaningTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(pets: AssistantFixture.corpusPets)
    }

    func pets() throws -> [String] { try fixture.store.read { try $0.pets() }.map(\.name.value) }

    @Test(arguments: [
        "that isn't right", "that isn't correct", "that is most definitely false", "incorrect", "wrong",
        "false", "that's wrong", "not right", "thats not correct", "no that is not it", "absolutely not",
        "definitely not", "yes no wait", "sure, not", "untrue",
    ])
    func aNegatedOrFalseAnswerNeverDeletes(answer: String) throws {
        #expect(fixture.say("delete Snowy").awaiting == .confirmation)
        let reply = fixture.say(answer)
        #expect(reply.intent != .confirm && reply.intent != .deletePet, "“\(answer)”: \(reply.text)")
        #expect(try pets().contains("Snowy"), "“\(answer)” deleted Snowy: \(reply.text)")
    }

    @Test(arguments: ["i guess", "maybe", "hmm", "not sure", "i dunno", "whatever", "probably", "could be"])
    func aDoubtfulAnswerAsksAgainAndTheQuestionWaits(answer: String) throws {
        fixture.say("delete Snowy")
        let again = fixture.say(answer)
        #expect(again.awaiting == .confirmation, "“\(answer)”: \(again.text)")
        #expect(again.text.contains("Snowy") && again.text.contains("yes") && again.text.contains("no"), "“\(answer)”: \(again.text)")
        #expect(try pets().contains("Snowy"))
        // The question still waits: a plain yes answers it.
        #expect(fixture.say("yes").intent == .confirm)
        #expect(try !pets().contains("Snowy"))
    }

    @Test(arguments: ["yes", "thats right", "yeah im sure", "correct", "that is correct", "sure", "do it"])
    func aPlainYesStillDeletes(answer: String) throws {
        fixture.say("delete Snowy")
        let reply = fixture.say(answer)
        #expect(reply.ok && reply.intent == .confirm, "“\(answer)”: \(reply.text)")
        #expect(try !pets().contains("Snowy"))
    }

    @Test func aMisspellingReadAsYesAsksAgain() throws {
        fixture.say("delete Snowy")
        // "corect" is one edit from "correct": a guess, and a guess is no yes to a deletion.
        let reply = fixture.say("corect")
        #expect(reply.intent != .deletePet && reply.awaiting == .confirmation, "\(reply.text)")
        #expect(try pets().contains("Snowy"))
    }
}
