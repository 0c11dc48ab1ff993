import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// A paused pet says so on its card and in the dashboard grid, not only in words.
@Suite struct PausedPetViewTests {
    @Test func theCardAndTheDashboardSayPaused() throws {
        var (fixture, renderer) = try BubbleGoldenTests.fixture(columns: 80, theme: Theme(depth: .none, background: .unknown))
        let (time, assistant) = (fixture.time, fixture.assistant)
        _ = assistant.respond(to: "create pet Snowy")
        _ = assistant.respond(to: "pause snowy for 3 days")
        time.advance(minutes: 60)
        let card = renderer.render(assistant.respond(to: "how is snowy"))
        #expect(card.contains("Snowy is paused (health holds)") && card.contains("Paused until"), "\(card)")
        let dashboard = renderer.render(assistant.respond(to: "/status"))
        #expect(dashboard.contains("idle · paused"), "\(dashboard)")
    }
}
