import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

/// The assistant answers on a German grammar as on the English one: a question it asks is
/// answered yes, no or by a choice's number in the grammar's own words ("ja", "nein", "die
/// zweite"), never in English ones. (What it says stays English: replies are no word list.)
@Suite struct SecondLanguageAnswerTests {
    let directory = TemporaryDirectory()
    let time = ManualTime(AssistantFixture.start)
    let store: LaundryStore
    let assistant: Assistant

    init() throws {
        store = try LaundryStore(location: StoreLocation(directory: directory.url))
        assistant = Assistant(store: store, grammar: try Grammar(source: SecondLanguage.german), clock: time.clock)
        for name in ["Flocke", "Wuschel"] {
            #expect(assistant.respond(to: "neues Tier \(name)").awaiting == .confirmation)
            #expect(assistant.respond(to: "ja").intent == .createPet)
        }
    }

    func pets() throws -> [String] { try store.read { try $0.pets() }.map(\.name.value) }

    /// "Create a pet called Knuddel? (yes/no)" — asked as a bare name is — waits for the
    /// grammar's yes or no: "nein" declines, an English "yes" is no answer of this grammar's, "ja"
    /// makes the pet.
    @Test func aQuestionIsAnsweredInTheGrammarsYesAndNo() throws {
        #expect(assistant.respond(to: "neues Tier Knuddel").awaiting == .confirmation)
        #expect(assistant.respond(to: "nein").intent == .deny)
        #expect(try !pets().contains("Knuddel"))
        #expect(assistant.respond(to: "neues Tier Knuddel").awaiting == .confirmation)
        #expect(assistant.respond(to: "yes").intent != .createPet)
        #expect(try !pets().contains("Knuddel"))
        #expect(assistant.respond(to: "neues Tier Knuddel").awaiting == .confirmation)
        #expect(assistant.respond(to: "jawohl").intent == .createPet)
        #expect(try pets() == ["Flocke", "Wuschel", "Knuddel"])
    }

    func isWashing(_ name: String) throws -> Bool {
        let pet = try #require(try store.read { try $0.pets() }.first { $0.name.value == name })
        if case .washing = pet.stage(at: time.clock.now()) { return true }
        return false
    }

    /// "Which pet?" is answered by a place in the list, in the grammar's ordinals.
    @Test func aChoiceIsNamedByTheGrammarsOrdinals() throws {
        let question = assistant.respond(to: "starte die wäsche")
        #expect(question.awaiting != nil, "\(question.text)")
        let flocke = try #require(question.text.range(of: "Flocke")), wuschel = try #require(question.text.range(of: "Wuschel"))
        let second = flocke.lowerBound < wuschel.lowerBound ? "Wuschel" : "Flocke"
        let answer = assistant.respond(to: "die zweite")
        #expect(answer.intent == .startWash, "\(question.text) → \(answer.text)")
        #expect(try isWashing(second))
    }
}
