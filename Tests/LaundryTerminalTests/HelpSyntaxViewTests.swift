import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// `help syntax` in bubbles shows the short forms themselves — it once drew the ordinary help
/// card of the same intents, with their sentences and not one short form.
@Suite struct HelpSyntaxViewTests {
    @Test func theBubbleShowsTheShortForms() throws {
        var (fixture, renderer) = try BubbleGoldenTests.fixture(columns: 80, theme: Theme(depth: .none, background: .unknown))
        let shown = renderer.render(fixture.assistant.respond(to: "help syntax"))
        for form in ["pet add NAME", "pet rm PET", "mv PET NAME", "start-wash --pet=PET", "log --pet PET --since week"] {
            #expect(shown.contains(form), "\(form) in:\n\(shown)")
        }
    }
}
