import Foundation
import LaundryTestSupport
import Testing

/// What a person at a terminal sees and can do: the real binary in a real pseudo-terminal
/// (tmux), 80×24 unless a test says otherwise, with a fresh data directory and a pinned clock.
/// Without tmux the suite is skipped on a developer's machine, but never in CI, where
/// `scripts/install-deps` puts it there.
@Suite(.enabled(if: TerminalScreen.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
struct InteractiveTerminalTests {
    let directory = TemporaryDirectory()
    var dataDirectory: String { directory.url.appendingPathComponent("data").path }

    /// `laundrytime --data-dir DIR` at 2026-03-01 09:00 UTC, waiting at its first prompt.
    func launch(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws -> TerminalScreen {
        let terminal = try TerminalScreen(
            columns: columns, rows: rows, arguments: ["--data-dir", dataDirectory],
            environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"].merging(environment) { $1 })
        try terminal.waitForPrompt()
        return terminal
    }

    // MARK: - Start and end

    @Test func anEmptyStoreGreetsWithTheWelcomeCardThenThePrompt() throws {
        let terminal = try launch()
        let lines = terminal.screen().split(separator: "\n", omittingEmptySubsequences: false)
        for text in ["LaundryTime", "● Connected", "0 pets", "No Pets Yet"] {
            #expect(lines.contains { $0.contains(text) }, "\(text) on the start screen")
        }
        let card = try #require(lines.firstIndex { $0.contains("No Pets Yet") })
        let prompt = try #require(lines.lastIndex { $0.contains(TerminalScreen.prompt.trimmingCharacters(in: .whitespaces)) })
        #expect(card < prompt, "the prompt comes after the card")
    }

    @Test func ctrlDOnAnEmptyPromptSaysGoodbyeAndExitsWithZero() throws {
        let terminal = try launch()
        terminal.press("C-d")
        try terminal.waitFor("Bye! Your pets will be waiting.")
        let status = try terminal.waitForExit()
        #expect(status == 0)
    }

    @Test func ctrlCThrowsAwayAHalfTypedLineAndTheProgramKeepsRunning() throws {
        let terminal = try launch()
        terminal.type("start wa")
        try terminal.waitForPrompt(showing: "start wa")
        terminal.press("C-c")
        try terminal.waitForPrompt()

        // The next command starts on an empty line (`enter` waits for the prompt to show exactly
        // "/status", not "start wa/status"), and a fresh prompt after it means it was answered.
        try terminal.enter("/status")
    }

    @Test func ctrlCTwiceOnAnEmptyPromptLeavesWithStatus130() throws {
        let terminal = try launch()
        terminal.press("C-c")
        try terminal.waitFor("Ctrl-C again")
        terminal.press("C-c")
        try terminal.waitFor("Bye! Your pets will be waiting.")
        let status = try terminal.waitForExit()
        #expect(status == 130)
    }

    @Test func aTypoAtThePromptDoesNotMakeTheSessionFail() throws {
        let terminal = try launch()
        try terminal.enter("strat wash")
        try terminal.enter("how is nobody")
        terminal.press("C-d")
        try terminal.waitFor("Bye! Your pets will be waiting.")
        let status = try terminal.waitForExit()
        #expect(status == 0, "as in sqlite3 and psql: the user saw every answer")
    }

    // MARK: - A whole cycle, as a new user meets it

    /// Create a pet, wash, dry, fold, open the quick actions, read the transcript — over three
    /// sittings, each opened later on the clock, as the timers need.
    @Test func aNewUserRunsAWholeCycleAndReadsTheTranscript() throws {
        do {
            let terminal = try launch()
            try terminal.enter("create pet Snowy")
            try terminal.enter("start wash for snowy")
            #expect(terminal.screen().contains("Next: Start Dryer at 09:45"), "\(terminal.screen())")
            terminal.press("C-d")
            _ = try terminal.waitForExit()
        }
        do {
            let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:50:00Z"])
            let opening = terminal.scrollback(joiningWrappedLines: true)
            #expect(opening.contains("Earlier today"), "the last messages, faint:\n\(opening)")
            #expect(opening.contains("While you were away: Snowy's wash finished 5 minutes ago"), "\(opening)")
            try terminal.enter("start dryer")
            #expect(terminal.screen().contains("Snowy is drying off"), "\(terminal.screen())")
            terminal.press("C-d")
            _ = try terminal.waitForExit()
        }
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T11:00:00Z"])
        try terminal.enter("fold")
        #expect(terminal.screen().contains("Snowy is so happy! 🎉"), "\(terminal.screen())")
        try terminal.enter("/quick")
        for cell in ["1  Status", "5  Mark folded", "8  Help"] {
            #expect(terminal.screen().contains(cell), "\(cell) in the grid:\n\(terminal.screen())")
        }
        try terminal.enter("1")
        #expect(terminal.screen().contains("next: Start Wash"), "the status card after quick action 1:\n\(terminal.screen())")
        try terminal.enter("/transcript")
        let transcript = terminal.scrollback()
        for said in ["The last 10 messages:", "start dryer", "Snowy is so happy! 🎉"] {
            #expect(transcript.contains(said), "\(said) in the transcript:\n\(transcript)")
        }
        let bubbles = ScreenBubble.all(in: transcript)
        #expect(bubbles.allSatisfy { $0.isAligned }, "every bubble of the transcript lines up")
    }

    // MARK: - Notifications

    /// Runs a script on the same data first, at `now` (a piped run: no terminal).
    func prepare(_ script: String, now: String) throws {
        let setup = try LaundryTimeProcess(dataDirectory: URL(fileURLWithPath: dataDirectory)).run(script: script, now: now)
        #expect(setup.status == 0, "\(setup.stdout)\(setup.stderr)")
    }

    @Test func aWashThatEndsWhileITypeIsAnnouncedAboveMyHalfTypedLine() throws {
        try prepare("create pet Snowy\nset snowy's wash time to 1 minute\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        // Three seconds before the wash ends.
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:57Z"])
        terminal.type("how is sn")
        try terminal.waitForPrompt(showing: "how is sn")
        let screen = try terminal.waitFor("Wash Complete!", timeout: TerminalScreen.patience)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let bubble = try #require(lines.lastIndex { $0.contains("Snowy is ready for the dryer!") })
        let prompt = try #require(lines.lastIndex { $0.contains("laundrytime›") })
        #expect(bubble < prompt, "the notification is above the prompt:\n\(screen)")
        #expect(terminal.promptInput() == "how is sn", "the half-typed line survives:\n\(screen)")
        // And it goes on as if nothing happened.
        terminal.press("Tab")
        try terminal.waitForPrompt(showing: "how is Snowy")
        terminal.press("Enter")
        try terminal.waitFor("Stage: wash done")
        let bubbles = ScreenBubble.all(in: terminal.scrollback())
        #expect(bubbles.filter { $0.text.contains("Wash Complete!") }.count == 1, "told once")
        #expect(bubbles.allSatisfy { $0.isAligned })
    }

    @Test func twoPromptsOnOneDatabaseAnnounceTheEndOnce() throws {
        try prepare("create pet Snowy\nset snowy's wash time to 1 minute\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let first = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:57Z"])
        let second = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:57Z"])
        try first.waitUntil("either prompt to announce it", timeout: TerminalScreen.patience) { _ in
            first.screen().contains("Wash Complete!") || second.screen().contains("Wash Complete!")
        }
        // Both look at the store at the wash's end instant; give the slower one time to have
        // looked (proving an absence needs a moment of real time: on a slow machine the check
        // can only pass too easily, never fail wrongly).
        Thread.sleep(forTimeInterval: 3)
        let screens = [first, second].map { $0.scrollback() }
        #expect(screens.filter { $0.contains("Wash Complete!") }.count == 1,
                "one of the two prompts, not both:\n\(screens.joined(separator: "\n---\n"))")
    }

    /// Types `watch snowy` and returns the progress line once it shows.
    func startWatching(_ terminal: TerminalScreen) throws -> Substring {
        terminal.type("watch snowy")
        try terminal.waitForPrompt(showing: "watch snowy")
        terminal.press("Enter")
        let progress = try terminal.waitFor("left ·")
        return try #require(progress.split(separator: "\n").last { $0.contains("left ·") })
    }

    @Test func watchRedrawsTheTimerInPlaceWithASpinnerUntilItEnds() throws {
        try prepare("create pet Snowy\nset snowy's wash time to 1 minute\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:56Z"])
        let line = try startWatching(terminal)
        #expect(line.contains("Snowy's wash ▕"), "\(line)")
        #expect("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains(line.first!), "a spinner turns: \(line)")
        let end = try terminal.waitFor("Wash Complete!", timeout: TerminalScreen.patience)
        #expect(!end.contains("left ·"), "the progress line is cleared at the end:\n\(end)")
        try terminal.waitForPrompt()
    }

    @Test func reduceMotionMeansNoSpinner() throws {
        try prepare("create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:10:00Z", "LAUNDRYTIME_REDUCE_MOTION": "1"])
        let line = try startWatching(terminal)
        #expect(line.hasPrefix("Snowy's wash ▕"), "no spinner: \(line)")
        terminal.press("C-c")
        try terminal.waitFor("Stopped")
    }

    @Test func aWashThatEndedWhileTheProgramWasClosedIsToldOnStart() throws {
        try prepare("create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:57:00Z"])
        let screen = terminal.scrollback(joiningWrappedLines: true)
        #expect(screen.contains("While you were away: Snowy's wash finished 12 minutes ago"), "\(screen)")
        terminal.press("C-d")
        _ = try terminal.waitForExit()

        let again = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:58:00Z"])
        #expect(!again.scrollback(joiningWrappedLines: true).contains("While you were away"), "told once")
    }

    /// Four days away tell one story per load — when it finished — not also
    /// "has waited 2 hours" in the same breath.
    @Test func theAwaySummaryTellsOneTrueStory() throws {
        try prepare("create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let terminal = try launch(environment: ["LAUNDRYTIME_NOW": "2026-03-05T09:00:00Z"])
        let screen = terminal.scrollback(joiningWrappedLines: true)
        #expect(screen.contains("While you were away: Snowy's wash finished 4 days ago — ready"), "\(screen)")
        #expect(!screen.contains("has waited"), "\(screen)")
        terminal.press("C-d")
        _ = try terminal.waitForExit()
    }

    @Test func theTestNotificationArrivesThreeSecondsLaterWhileITypeOn() throws {
        let terminal = try launch()
        try terminal.enter("test notification")
        terminal.type("sta")
        try terminal.waitForPrompt(showing: "sta")
        let screen = try terminal.waitFor("🔔")
        #expect(terminal.promptInput() == "sta", "\(screen)")
    }

    // MARK: - A terminal on one side only

    @Test func aScriptReadIntoATerminalIsDrawnAsBubblesWithoutAPrompt() throws {
        let script = directory.url.appendingPathComponent("script.txt")
        try "create pet Snowy\n/status\n".write(to: script, atomically: true, encoding: .utf8)
        let terminal = try TerminalScreen(
            arguments: ["--data-dir", dataDirectory], environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"],
            redirection: .inputFrom(script.path))
        let status = try terminal.waitForExit()
        #expect(status == 0)
        let shown = terminal.scrollback()
        let bubbles = ScreenBubble.all(in: shown)
        #expect(bubbles.contains { $0.text.contains("/status") && $0.left > 0 }, "each line as the user's bubble:\n\(shown)")
        #expect(bubbles.contains { $0.text.contains("Meet Snowy!") && $0.left == 0 }, "\(shown)")
        #expect(!shown.contains(TerminalScreen.prompt.trimmingCharacters(in: .whitespaces)), "no prompt without a terminal on stdin")
    }

    @Test func withStdoutInAFileThePromptStaysOnTheScreenAndTheFileGetsPlainText() throws {
        let output = directory.url.appendingPathComponent("replies.txt")
        let terminal = try TerminalScreen(
            arguments: ["--data-dir", dataDirectory], environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"],
            redirection: .outputTo(output.path))
        try terminal.waitForPrompt()
        terminal.type("create pet Snowy")
        try terminal.waitForPrompt(showing: "create pet Snowy")
        terminal.press("Enter")
        try terminal.waitUntil("the reply in the file") { _ in
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("Meet Snowy!")
        }
        try terminal.waitForPrompt()
        terminal.press("C-d")
        let status = try terminal.waitForExit()
        #expect(status == 0)
        let replies = try String(contentsOf: output, encoding: .utf8)
        #expect(!replies.contains("\u{1B}") && !replies.contains("laundrytime›") && !replies.contains("╭"), "\(replies.debugDescription)")
    }
}
