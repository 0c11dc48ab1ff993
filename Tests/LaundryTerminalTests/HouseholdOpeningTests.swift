import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// On a household's shared store the opening's earlier messages include other members' lines:
/// they are named ("Sam"), where this member's own stay unnamed on the right.
@Suite struct HouseholdOpeningTests {
    static func opening(columns: Int) throws -> String {
        var (fixture, renderer) = try BubbleGoldenTests.fixture(columns: columns, theme: .plain)
        fixture.say("create pet Snowy")
        let sams = try LaundryStore(location: StoreLocation(directory: fixture.directory.url), member: "Sam")
        try sams.write { transaction in
            try transaction.transcript.append([
                TranscriptMessage(at: fixture.time.clock.now(), role: .user, text: "start wash for snowy"),
                TranscriptMessage(at: fixture.time.clock.now(), role: .assistant, text: "Snowy is getting clean!"),
            ])
        }
        return renderer.render(opening: try #require(fixture.assistant.opening(messageLimit: 6)))
    }

    @Test func anotherMembersEarlierLineIsNamedInItsFrame() throws {
        let screen = try Self.opening(columns: 80)
        #expect(screen.contains("╭─ Sam ─") && screen.contains("│ start wash for snowy │"), "\(screen)")
        let own = try #require(screen.split(separator: "\n").firstIndex { $0.contains("│ create pet Snowy │") })
        let frame = screen.split(separator: "\n")[own - 1]
        #expect(!frame.contains("You") && !frame.contains("Sam"), "your own line is not named: \(frame)")
    }

    @Test func aNarrowTerminalLabelsItWithTheMembersName() throws {
        let screen = try Self.opening(columns: 30)
        #expect(screen.contains("Sam: start wash for snowy") && screen.contains("You: create pet Snowy"), "\(screen)")
    }
}
