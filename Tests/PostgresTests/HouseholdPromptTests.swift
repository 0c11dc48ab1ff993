#if PostgreSQL
import Foundation
import LaundryTestSupport
import Testing

/// A household's members at their prompts: the real binary in real pseudo-terminals (tmux), each
/// prompt a member, all on one PostgreSQL database.
@Suite(.enabled(if: TerminalScreen.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
struct HouseholdPromptTests {
    let directory = TemporaryDirectory()

    /// `laundrytime --database URL --member NAME` at `now`, waiting at its first prompt.
    func prompt(_ database: String, member: String, now: String) throws -> TerminalScreen {
        let terminal = try TerminalScreen(
            arguments: ["--database", database, "--member", member], environment: ["LAUNDRYTIME_NOW": now])
        try terminal.waitForPrompt()
        return terminal
    }

    /// A wash's end is told to the household once: three members' prompts are open when it
    /// ends, and exactly one of them shows it.
    @Test func aTimersEndIsToldOnceAcrossThreeOpenPrompts() throws {
        let database = try TestCluster.freshDatabase()
        let made = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("setup")).run(
            ["--database", database, "--member", "Setup"],
            script: "create pet Snowy\nset snowy's wash time to 1 minute\n", now: "2026-03-01T09:00:00Z")
        try #require(made.status == 0, "\(made.stderr)")
        // One clock for every process: 09:01 when the first prompt is started, running on in real
        // time. A process's slow start (a loaded machine) then moves no instant for the others —
        // a prompt pinned to a fixed instant that took seconds to open found the wash already over.
        let opening = Date(), first = try Date("2026-03-01T09:01:00Z", strategy: .iso8601)
        func now(_ offset: TimeInterval = 0) -> String {
            (first + Date().timeIntervalSince(opening) + offset).formatted(.iso8601)
        }
        let prompts = try ["Sam", "Alex", "Kim"].map { try prompt(database, member: $0, now: now()) }
        // Started 50 s ago, the one-minute wash ends ten seconds after all three are open.
        let started = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("setup")).run(
            ["--database", database, "--member", "Setup", "start", "wash", "for", "snowy"], now: now(-50))
        try #require(started.status == 0 && started.stdout.contains("Snowy"), "\(started.stdout)\(started.stderr)")
        try prompts[0].waitUntil("a prompt to announce the wash's end", timeout: TerminalScreen.patience) { _ in
            prompts.contains { $0.screen().contains("Wash Complete!") }
        }
        // Every prompt looks at the store at the wash's end instant; give the slower ones time to
        // have looked (an absence can only pass too easily on a slow machine, never fail wrongly).
        Thread.sleep(forTimeInterval: 3)
        let screens = prompts.map { $0.scrollback() }
        #expect(screens.filter { $0.contains("Wash Complete!") }.count == 1,
                "one of the three prompts, no other:\n\(screens.joined(separator: "\n---\n"))")
        #expect(try TestCluster.query(database, "SELECT count(*) FROM deliveredNotice") == "1")
        // The others went on as before: each still answers.
        for terminal in prompts {
            try terminal.enter("how is snowy")
            try terminal.waitFor("Stage: wash done")
        }
    }
}
#endif
