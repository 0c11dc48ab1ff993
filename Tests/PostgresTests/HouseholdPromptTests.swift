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
            script: "create pet Snowy\nset snowy's wash time to 1 minute\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        try #require(made.status == 0, "\(made.stderr)")
        // Three seconds before the wash ends.
        let prompts = try ["Sam", "Alex", "Kim"].map { try prompt(database, member: $0, now: "2026-03-01T09:00:57Z") }
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
