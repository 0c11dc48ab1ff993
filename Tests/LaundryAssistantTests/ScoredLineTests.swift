import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryTestSupport
import Testing

/// When a reply counts as changing data: it fired (ok, waiting for nothing), or a yes fired
/// the change its question proposed.
@Suite struct ScoredLineTests {
    static let pets = ["Snowy", "Fluffy", "Mr. Fluff"]
    static let question = Reply(input: "delete Snowy", intent: .deletePet, slots: [.pet: SlotValue(text: "Snowy")], pet: "Snowy",
                                text: "Delete Snowy? (yes/no)", at: AssistantFixture.start, awaiting: .confirmation)

    func scored(
        _ label: Intent, _ intent: Intent, failure: Reply.Failure? = nil, awaiting: Reply.Awaiting? = nil, afterQuestion: Bool = false
    ) -> ScoredLine {
        let line = LabelledLine(text: "a line", intent: label, slots: [:], location: "test.txt:1")
        let reply = Reply(input: "a line", intent: intent, failure: failure, text: "", at: AssistantFixture.start, awaiting: awaiting)
        return ScoredLine(line: line, question: afterQuestion ? Self.question : nil, reply: reply, pets: Self.pets)
    }

    @Test func aDataChangingReplyFiresWhenOkAndWaitingForNothing() {
        #expect(scored(.setFrequency, .createPet).firedChange == .createPet)
        #expect(scored(.setFrequency, .createPet).isDataChangingMisread)
        #expect(scored(.setFrequency, .createPet, failure: .refused).firedChange == nil)
        #expect(scored(.setFrequency, .createPet, failure: .refused).isDataChangingNearMiss)
        #expect(scored(.setFrequency, .deletePet, awaiting: .confirmation).firedChange == nil)
        #expect(scored(.setFrequency, .showPet).firedChange == nil)
        #expect(!scored(.createPet, .createPet).isDataChangingMisread)
    }

    @Test func aYesFiresTheChangeItsQuestionProposed() {
        #expect(scored(.confirm, .confirm, afterQuestion: true).firedChange == .deletePet)
        #expect(!scored(.confirm, .confirm, afterQuestion: true).isDataChangingMisread)
        #expect(scored(.deny, .confirm, afterQuestion: true).isDataChangingMisread)
        #expect(scored(.deny, .confirm, failure: .refused, afterQuestion: true).firedChange == nil)
        #expect(scored(.confirm, .confirm, failure: .refused).firedChange == nil)
    }

    @Test func anUnknownLineMayFireNothing() {
        #expect(scored(.unknown, .undo).isDataChangingMisread)
        #expect(!scored(.unknown, .help).isDataChangingMisread)
    }
}
