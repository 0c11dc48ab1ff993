import Foundation
import LaundryTestSupport
import Testing

/// What an audit of the product against its design found working only in part, each through the
/// binary.
@Suite struct AuditEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    func texts(_ result: LaundryTimeProcess.Result) -> [String] {
        result.jsonLines.filter { $0["type"] as? String == "reply" }.map { $0["text"] as? String ?? "" }
    }

    /// The appearance in any words, and a value there is not answered with those there are.
    @Test func appearanceInAnyWordsAndAWrongValueAnswered() throws {
        let result = try laundrytime.run(["--json"], script: """
            dark mode on
            light theme pls
            set appearance to purple
            set the theme to system
            set sound to off
            set the theme to hot pink, thanks
            set appearance to ...
            """)
        let replies = texts(result)
        #expect(replies == [
            "Appearance: dark.",
            "Appearance: light.",
            "Appearance can be light, dark or system, not “purple”.",
            "Appearance: system.",
            "Sound: off.",
            "Appearance can be light, dark or system, not “hot pink”.",
            "Appearance can be light, dark or system.",
        ], "\(replies)")
        #expect(result.jsonLines[2]["ok"] as? Bool == false)
    }

    /// A phone's haptics toggle gets one honest sentence, whatever words ask for it.
    @Test func hapticsAreSaidToBeAbsent() throws {
        let result = try laundrytime.run(["--json"], script: "turn on haptics\nhaptics off\nenable vibration\n")
        for reply in texts(result) {
            #expect(reply.hasPrefix("There are no haptics in a terminal."), "\(reply)")
        }
        #expect(texts(result).count == 3)
    }

    /// A format there is not is refused with those there are, and never written as CSV
    /// under another name; nothing is written.
    @Test func anExportFormatThereIsNotIsRefused() throws {
        let out = directory.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        _ = try laundrytime.run(["create", "pet", "Snowy"])
        for line in ["export history as xml", "export the history as yaml to h.yaml", "export history to h.xml",
                     "export the transcript as pdf", "save my history in excel format"] {
            let result = try laundrytime.run([line], directory: out)
            #expect(result.status == 1, "\(line): \(result.stdout)")
            #expect(result.stdout.contains("exports as CSV or JSON") || result.stdout.contains("exports as Markdown"),
                    "\(line): \(result.stdout)")
            #expect(result.stdout.contains("Nothing was written."), "\(line): \(result.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "nothing was written")
        // What there is still works, and a file named for its format is written as that format.
        let csv = try laundrytime.run(["export history to h.csv"], directory: out)
        #expect(csv.status == 0 && FileManager.default.fileExists(atPath: out.appendingPathComponent("h.csv").path), "\(csv.stdout)")
    }

    /// Ranges people say — "this year", "since march 10", "last week" as the calendar week
    /// before this one (its days said in the reply) — and a weekly chart over the range asked that
    /// starts no earlier than the pet.
    @Test func historyRangesPeopleSay() throws {
        _ = try laundrytime.run(["create", "pet", "Snowy"], now: "2026-03-01T09:00:00Z")
        for day in ["02", "10", "12", "17"] {
            for (time, step) in [("09", "start wash"), ("10", "start dryer"), ("11:05", "mark snowy folded")] {
                _ = try laundrytime.run([step], now: "2026-03-\(day)T\(time.count == 2 ? time + ":00" : time):30Z")
            }
        }
        func history(_ line: String) throws -> String { try laundrytime.run(["--dry-run", line], now: "2026-03-20T12:00:00Z").stdout }
        let lastWeek = try history("history last week")
        #expect(lastWeek.hasPrefix("History last week (9 Mar–15 Mar)\nCycles 2 ·"), "\(lastWeek)")
        #expect(lastWeek.contains("Cycles per week █ (1 week from 9 Mar; most 2)"), "\(lastWeek)")
        #expect(!lastWeek.contains("17 Mar") && !lastWeek.contains(" 2 Mar"), "only that week:\n\(lastWeek)")
        let since = try history("show me the history since march 10")
        #expect(since.hasPrefix("History since Tue 10 Mar\nCycles 3 ·"), "\(since)")
        let year = try history("history this year")
        #expect(year.hasPrefix("History this year\nCycles 4 ·"), "\(year)")
        // The pet was made on Sunday 1 March: the chart starts with its week, not 12 weeks back.
        #expect(year.contains("(4 weeks from 23 Feb; most 2)"), "\(year)")
        let ahead = try laundrytime.run(["history since 2027-01-01"], now: "2026-03-20T12:00:00Z")
        #expect(ahead.status == 1 && ahead.stdout.contains("is after today"), "\(ahead.stdout)")
    }

    /// A step told afterwards twice shows the true state the second time — the wash
    /// logged from 21:00 ended at 21:45 — not "already washing — 0:00 left".
    @Test func aStepToldTwiceSaysWhereThePetIs() throws {
        _ = try laundrytime.run(["create", "pet", "Snowy"], now: "2026-03-01T20:00:00Z")
        let result = try laundrytime.run(["--json"], script: """
            I started the wash at 9pm
            I started the wash at 9pm
            i started snowys wash at 9:30pm
            """, now: "2026-03-01T22:10:00Z")
        let replies = texts(result)
        #expect(replies[0].hasPrefix("(Counted as Sun 1 Mar 21:00.) Snowy is getting clean!"), "\(replies)")
        for reply in replies.dropFirst() {
            #expect(reply == "Snowy's wash from 21:00 is logged already: it ended at 21:45, and Snowy is ready for the dryer. Nothing changed.",
                    "\(reply)")
        }
        // While it still runs, the time left is the true one.
        let running = try laundrytime.run(["I started the wash at 9pm"], now: "2026-03-01T21:10:00Z")
        #expect(running.stdout.hasPrefix("Snowy is already washing — 35:00 left."), "\(running.stdout)")
    }

    /// Stopping a wash is no care, so it does not end a pause; a start or a fold does.
    @Test func aStopDoesNotEndAPause() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\npause snowy for 2 weeks\n", now: "2026-03-01T09:00:00Z")
        let stopped = try laundrytime.run(["stop snowy"], now: "2026-03-01T09:10:00Z")
        #expect(stopped.status == 0 && !stopped.stdout.contains("pause is over"), "\(stopped.stdout)")
        let card = try laundrytime.run(["how is snowy"], now: "2026-03-01T09:11:00Z")
        #expect(card.stdout.contains("Paused until"), "still paused: \(card.stdout)")
        let started = try laundrytime.run(["start wash for snowy"], now: "2026-03-01T09:12:00Z")
        #expect(started.stdout.hasPrefix("(Snowy's pause is over.)"), "a start is care: \(started.stdout)")
    }

    /// A name ending in s takes a bare apostrophe ("Big Towels'"), and the plain card
    /// names the same next step as the drawn one ("Start Dryer at 09:45", not "Washing…").
    @Test func possessivesAndTheNextStepReadTheSameEverywhere() throws {
        let result = try laundrytime.run(["--json"], script: """
            create pet Big Towels
            set big towels' dry time to 50
            start wash for big towels
            how is big towels
            status
            """)
        let replies = texts(result)
        #expect(replies[1].hasPrefix("Big Towels' dryer now takes 50 minutes"), "\(replies[1])")
        #expect(!replies.joined().contains("Towels's"), "\(replies)")
        // The same step, at the same time (a loaded machine may take the script past 09:01).
        let step = try #require(replies[3].range(of: "Next: Start Dryer at ").map { replies[3][$0.upperBound...].prefix(5) }, "\(replies[3])")
        #expect(replies[4].contains("next: Start Dryer at \(step)"), "\(replies[4])")
    }
}
