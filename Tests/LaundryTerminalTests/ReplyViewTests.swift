import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// What a bubble shows comes from the reply's parts and their roles, never from reading its
/// words: a reworded reply keeps its styling, and no sentence is lost behind a card or a grid.
@Suite struct ReplyViewTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture()
        fixture.say("create pet Snowy")
    }

    /// The reply's bubbles at 80 columns, without colour.
    func drawn(_ reply: Reply, theme: Theme = .plain) -> String {
        var renderer = BubbleRenderer(
            theme: theme, glyphs: .rounded,
            view: ReplyView(time: TimeWords(calendar: fixture.assistant.calendar), now: fixture.time.clock.now, reader: nil), columns: { 80 })
        return renderer.render(reply)
    }

    @Test func aGuessedReadingIsShownAboveThePetCard() {
        let reply = fixture.say("hw is snowy")
        #expect(reply.intent == .showPet && reply.text.hasPrefix("(I read that as"), "\(reply.text)")
        let bubble = drawn(reply)
        #expect(bubble.contains("(I read that as “how is Snowy”.)"), "\(bubble)")
        #expect(bubble.contains("CYCLES") && bubble.contains("Snowy is so happy!"), "and the card, with its status line: \(bubble)")
    }

    @Test func aGuessedReadingIsShownAboveTheDashboard() {
        let reply = fixture.say("statsu")
        let bubble = drawn(reply)
        #expect(reply.intent == .status, "\(reply.text)")
        #expect(bubble.contains("(I read that as") || bubble.contains("(I took"), "\(bubble)")
    }

    @Test func aGuessedReadingIsShownAboveTheListOfPets() {
        let reply = fixture.say("lsit pets")
        let bubble = drawn(reply)
        #expect(reply.intent == .listPets, "\(reply.text)")
        #expect(bubble.contains("(I took “lsit” as “list”.)") && bubble.contains("You have 1 pet:"), "\(bubble)")
    }

    /// Styling follows the roles, whatever the words: a reworded (or translated) history keeps
    /// its title bold, its figures secondary and its day headings set off.
    @Test func rolesDecideTheStyleNotTheWords() {
        let reply = Reply(input: "verlauf", intent: .history, lines: [
            Reply.Line(.title, "Verlauf"), Reply.Line(.lead, "Zyklen 3"), Reply.Line(.groupHeading, "Heute"),
            Reply.Line(.paragraph, "09:00 · Snowy · gewaschen"), Reply.Line(.contentText, "nur im Klartext"),
        ], at: AssistantFixture.start)
        #expect(ReplyView.words(of: reply) == [
            .text(StyledLine("Verlauf", .ink(.accent, bold: true))), .text(StyledLine("Zyklen 3", .ink(.secondary))),
            .text(StyledLine("Heute", .ink(.secondary, bold: true))), .text(StyledLine("09:00 · Snowy · gewaschen")),
        ])
        #expect(reply.text.hasSuffix("gewaschen\nnur im Klartext"), "plain text keeps every line")
    }
}
