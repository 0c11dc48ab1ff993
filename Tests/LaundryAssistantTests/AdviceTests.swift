import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

/// Every sentence the assistant advises ("say “…”", "“…” brings it back") does the
/// thing when it is typed next.
@Suite struct AdviceTests {
    /// The quoted commands in `text`: “…”.
    static func advised(_ text: String) -> [String] {
        text.split(separator: "“").dropFirst().compactMap { $0.split(separator: "”").first.map(String.init) }
    }

    /// The states a pet can be in, as the lines (and minutes passed, "+N") that lead there.
    static let scenarios: [[String]] = [
        [], ["create pet Snowy"], ["create pet Snowy", "start wash for snowy"],
        ["create pet Snowy", "start wash for snowy", "+46"], ["create pet Snowy", "start wash for snowy", "+46", "start dryer for snowy"],
        ["create pet Snowy", "start wash for snowy", "+46", "start dryer for snowy", "+61"],
        ["create pet Snowy", "+21600"], ["create pet Snowy", "create pet Fluffy"],
    ]

    /// What people type in those states, right or wrong.
    static let attempts = [
        "start wash for snowy", "start dryer for snowy", "mark snowy folded", "stop the wash for snowy", "how is snowy",
        "start wash", "start dryer", "fold it", "stop", "delete snowy", "rename snowy to Flake", "undo", "yes", "no",
        "history for snowy", "export history to /nonexistent/h.csv", "set snowy's wash time to 500 minutes", "status", "create pet snowy",
        "start wash for fluffy", "wash snowy every 40 days", "/quick 9", "help", "flarp",
        // Lines of an exchange: the advice is the last reply's.
        "export history for snowy this week as csv to h.json\nno",
    ]

    /// Every “…” a reply advises, typed next in the same state, is done.
    @Test func everyAdvisedSentenceIsDone() throws {
        var failures: [String] = []
        for scenario in Self.scenarios {
            for attempt in Self.attempts {
                let first = try AssistantFixture()
                Self.play(scenario, on: first)
                let reply = Self.say(attempt, on: first)
                // Help's sentences are examples of what can be said, not advice for this moment.
                guard reply.intent != .help, reply.intent != .quickActions else { continue }
                for advised in Self.advised(reply.text) where Self.isCommand(advised) {
                    let second = try AssistantFixture()
                    Self.play(scenario, on: second)
                    _ = Self.say(attempt, on: second)
                    // A file an advised export would write goes to the test's own folder, not the working one.
                    let result = second.say(Self.inFolder(advised, second.directory.url.path))
                    if !result.ok { failures.append("\(scenario) · “\(attempt)” advised “\(advised)”: \(result.text)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// An export `line` with its relative path (after "to ") made absolute in `folder`.
    static func inFolder(_ line: String, _ folder: String) -> String {
        guard line.hasPrefix("export "), let to = line.range(of: " to "), !line[to.upperBound...].hasPrefix("/") else { return line }
        return line[..<to.upperBound] + folder + "/" + line[to.upperBound...]
    }

    /// Says each line of `attempt`, and gives the last reply.
    static func say(_ attempt: String, on fixture: AssistantFixture) -> Reply {
        attempt.split(separator: "\n").map { fixture.say(String($0)) }.last!
    }

    static func play(_ steps: [String], on fixture: AssistantFixture) {
        for step in steps {
            if step.hasPrefix("+") { fixture.time.advance(minutes: Double(step.dropFirst())!) } else { _ = fixture.say(step) }
        }
    }

    /// A quoted command rather than quoted words of the user's ("I don't know “flarp”").
    static func isCommand(_ text: String) -> Bool {
        !text.contains("…") && text.split(separator: " ").count >= 2
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
