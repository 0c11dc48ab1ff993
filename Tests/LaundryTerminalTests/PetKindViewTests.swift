import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// A pet's kind and nicknames on its card in bubbles, under its name; nothing for a pet without.
@Suite struct PetKindViewTests {
    @Test func theCardSaysWhatElseThePetIsCalled() throws {
        var (fixture, renderer) = try BubbleGoldenTests.fixture(columns: 80, theme: Theme(depth: .none, background: .unknown))
        let assistant = fixture.assistant
        _ = assistant.respond(to: "create pet Fluffy for towels")
        _ = assistant.respond(to: "also call fluffy the darks")
        let card = renderer.render(assistant.respond(to: "how is fluffy"))
        #expect(card.contains("Towels · also: darks"), "\(card)")
        _ = assistant.respond(to: "create pet Snowy")
        #expect(!renderer.render(assistant.respond(to: "how is snowy")).contains("also"))
    }
}
