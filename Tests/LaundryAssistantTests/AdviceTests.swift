import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

/// Issue 17: every sentence the assistant advises ("say “…”", "“…” brings it back") does the
/// thing when it is typed next.
@Suite struct AdviceTests {
    /// The quoted commands in `text`: “…”.
    static func advised(_ text: String) -> [String] {
        text.split(separator: "“").dropFirst().compactMap { $0.split(separator: "”").first.map(String.init) }
    }

    /// A pet that died (15 days without a fold, every 7 days) with its laundry at each stage.
    @Test(arguments: [[String](), ["start wash for snowy"], ["start wash for snowy", "+46", "start dryer for snowy"],
                      ["start wash for snowy", "+46", "start dryer for snowy", "+61"], ["start wash for snowy", "+46"]])
    func theAwaySummarysAdviceWorksForADeadPetAtEveryStage(_ steps: [String]) throws {
        let fixture = try AssistantFixture()
        _ = fixture.say("create pet Snowy")
        for step in steps {
            if step.hasPrefix("+") { fixture.time.advance(minutes: Double(step.dropFirst())!) } else { _ = fixture.say(step) }
        }
        fixture.time.advance(minutes: Double(15 * 24 * 60))
        let summary = try #require(fixture.assistant.awaySummary(), "a dead pet is told")
        #expect(summary.contains("has died"), "\(summary)")
        for line in Self.advised(summary) {
            let reply = fixture.say(line)
            #expect(reply.ok, "advised “\(line)” after \(steps): \(reply.text)")
        }
    }
}
