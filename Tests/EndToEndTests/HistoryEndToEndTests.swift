import Foundation
import LaundryTestSupport
import Testing

/// Cycles on several simulated days (one process per step, each with its own LAUNDRYTIME_NOW),
/// then the timeline, the CSV and the JSON of the same history.
@Suite struct HistoryEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    static let pythonAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    func simulateDays() throws {
        let steps: [(String, String)] = [
            // A name with a comma and quotes, to test the CSV quoting.
            ("2026-03-02T09:00:00Z", "create pet Snowy, \"the\" cat\ncreate pet Fluffy\nwash snowy, \"the\" cat\n"),
            ("2026-03-02T10:00:00Z", "dry snowy \"the\" cat\n"),
            ("2026-03-02T11:30:00Z", "fold snowy the cat\n"),
            ("2026-03-04T20:00:00Z", "wash fluffy\n"),
            ("2026-03-05T08:00:00Z", "wash snowy the cat\n"),
        ]
        for (now, script) in steps {
            let result = try laundrytime.run(script: script, now: now)
            try #require(result.status == 0, "\(now): \(result.stdout) \(result.stderr)")
        }
    }

    /// After a rename, the history names the pet as it is called now, with the name it
    /// had then beside it.
    @Test func theHistoryUsesThePetsCurrentName() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\nstop the wash for snowy\nrename snowy to Flake\n")
        let history = try laundrytime.run(["history"], now: "2026-03-01T09:05:00Z")
        #expect(history.status == 0)
        #expect(history.stdout.contains("Flake (then Snowy) · wash stopped"), "\(history.stdout)")
        #expect(!history.stdout.contains("· Snowy ·"))
        let forFlake = try laundrytime.run(["history", "for", "flake"], now: "2026-03-01T09:05:00Z")
        #expect(forFlake.stdout.contains("Flake (then Snowy) · wash started"), "\(forFlake.stdout)")
    }

    /// The streak's rule, through the binary: a fold no later than the pet's frequency (7 days)
    /// after the one before — the exact instant included — adds one to the streak; later starts it
    /// over at 1; a fold that brings a dead pet back starts it at 0; the best is kept. (To the
    /// millisecond: `CycleMachineTests.aFoldOnTimeGrowsTheStreakAndALateOneStartsItOver`.)
    @Test func theStreakRuleAtItsBoundaries() throws {
        _ = try laundrytime.run(script: "create pet Snowy\n", now: "2026-03-01T09:00:00Z")
        // Each fold is told afterwards ("i folded snowy at 08:59"), so that it happens at that exact
        // instant: a command's own instant is the pinned one plus however long the process took
        // to start, which on a busy machine can put a fold "exactly 7 days later" a little late.
        func fold(at day: String, _ time: String) throws -> String {
            _ = try laundrytime.run(script: "start wash for snowy\n", now: "2026-\(day)T06:00:00Z")
            _ = try laundrytime.run(script: "start dryer for snowy\n", now: "2026-\(day)T07:00:00Z")
            let folded = try laundrytime.run(script: "i folded snowy at \(time)\n", now: "2026-\(day)T10:00:00Z")
            #expect(folded.status == 0, "\(folded.stdout)")
            return try laundrytime.run(["how", "is", "snowy"], now: "2026-\(day)T10:00:00Z").stdout
        }
        #expect(try fold(at: "03-08", "08:59").contains("Streak 1 (best 1)"), "within 7 days of its creation: on time")
        #expect(try fold(at: "03-15", "08:59").contains("Streak 2 (best 2)"), "exactly 7 days after the last fold: on time")
        #expect(try fold(at: "03-22", "09:00").contains("Streak 1 (best 2)"), "a minute late: starts over at 1")
        #expect(try fold(at: "03-29", "08:59").contains("Streak 2 (best 2)"), "6 days 23:59 later: on time")
        let revived = try fold(at: "06-01", "08:59")
        #expect(revived.contains("Streak 0 (best 2)"), "a dead pet brought back starts at 0: \(revived)")
    }

    /// Advice that works, through the binary: a pet left dead in the dryer, and each sentence a
    /// reply advises — typed next, on a copy of the same store — is done (AdviceTests does the same
    /// in-process for 8 states and 25 kinds of line).
    @Test func whatARepliesAdvisesIsDoneWhenTyped() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        _ = try laundrytime.run(script: "start dryer for snowy\n", now: "2026-03-01T10:00:00Z")
        let later = "2026-05-01T10:00:00Z"
        var advised: [String] = []
        for line in ["start wash for snowy", "what should i do next", "start dryer for snowy", "export history to nowhere/h.csv"] {
            let reply = try laundrytime.run(script: line + "\n", now: later)
            advised += reply.stdout.components(separatedBy: "“").dropFirst().compactMap { $0.components(separatedBy: "”").first }
                .filter { $0.split(separator: " ").count >= 2 && !$0.contains("…") }
        }
        #expect(advised.contains("mark Snowy folded"), "\(advised)")
        for (index, sentence) in advised.enumerated() {
            let copy = directory.url.appendingPathComponent("copy-\(index)")
            try FileManager.default.copyItem(at: laundrytime.dataDirectory, to: copy)
            let result = try LaundryTimeProcess(dataDirectory: copy).run(script: sentence + "\n", now: later)
            #expect(result.status == 0, "“\(sentence)”: \(result.stdout)")
        }
    }

    /// "On time" follows the streak's rule, so it does not depend on the range asked
    /// for: a fold on day 10 is on time after one on day 5, whether or not day 5 is in the range.
    @Test func onTimeDoesNotDependOnTheRange() throws {
        _ = try laundrytime.run(script: "create pet Snowy\n", now: "2026-03-01T09:00:00Z")
        for day in ["05", "10"] {
            _ = try laundrytime.run(script: "start wash for snowy\n", now: "2026-03-\(day)T09:00:00Z")
            _ = try laundrytime.run(script: "start dryer for snowy\n", now: "2026-03-\(day)T10:00:00Z")
            _ = try laundrytime.run(script: "mark snowy folded\n", now: "2026-03-\(day)T11:30:00Z")
        }
        let all = try laundrytime.run(["history", "for", "snowy"], now: "2026-03-10T12:00:00Z")
        let today = try laundrytime.run(["history", "for", "snowy", "today"], now: "2026-03-10T12:00:00Z")
        #expect(all.stdout.contains("On time 100%"), "\(all.stdout)")
        #expect(today.stdout.contains("On time 100%"), "\(today.stdout)")
        let card = try laundrytime.run(["how", "is", "snowy"], now: "2026-03-10T12:00:00Z")
        #expect(card.stdout.contains("Streak 2 (best 2)"), "\(card.stdout)")
    }

    /// An export of one pet's history, of a span of time, or both — to a file
    /// (streamed) and to the screen — holds only those events, and says what it holds.
    @Test func exportsFilterByPetAndRange() throws {
        let steps: [(String, String)] = [
            ("2026-03-02T09:00:00Z", "create pet Snowy\ncreate pet Fluffy\nwash snowy\n"),
            ("2026-03-02T10:00:00Z", "dry snowy\n"),
            ("2026-03-02T11:30:00Z", "fold snowy\n"),
            ("2026-03-04T20:00:00Z", "wash fluffy\n"),
            ("2026-03-20T08:00:00Z", "wash snowy\n"),
        ]
        for (now, script) in steps { _ = try laundrytime.run(script: script, now: now) }
        let now = "2026-03-21T09:00:00Z"
        func rows(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n").dropFirst().map(String.init)
        }

        let snowy = directory.url.appendingPathComponent("snowy.csv").path
        let one = try laundrytime.run(["export", "snowy's", "history", "as", "csv", "to", snowy], now: now)
        #expect(one.status == 0, "\(one.stdout)")
        #expect(one.stdout.contains("Wrote 4 events (for Snowy) to \(snowy) (CSV)."), "\(one.stdout)")
        #expect(try rows(snowy).count == 4 && rows(snowy).allSatisfy { $0.contains(",Snowy,") })

        let week = directory.url.appendingPathComponent("week.json").path
        let recent = try laundrytime.run(["export", "history", "for", "the", "last", "7", "days", "to", week], now: now)
        #expect(recent.stdout.contains("Wrote 1 event (last 7 days) to \(week) (JSON)."), "\(recent.stdout)")
        let objects = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: week))) as? [[String: Any]]
        #expect(objects?.count == 1 && objects?.first?["pet"] as? String == "Snowy" && objects?.first?["event"] as? String == "wash_started")

        let both = try laundrytime.run(["export", "history", "for", "fluffy", "this", "month", "as", "csv"], now: now)
        #expect(both.stdout.split(separator: "\n").count == 2 && both.stdout.contains(",Fluffy,wash_started,2026-03-04T20:00:00Z"),
                "\(both.stdout)")
        let none = try laundrytime.run(["export", "history", "for", "fluffy", "today", "as", "csv"], now: now)
        #expect(none.stdout == "id,pet,event,at,ends_at\n", "\(none.stdout)")

        let unknown = try laundrytime.run(["export", "history", "for", "rex"], now: now)
        #expect(unknown.status == 1 && unknown.stdout.contains("There is no pet called “rex”"), "\(unknown.stdout)")
        let transcript = try laundrytime.run(["export", "the", "transcript", "for", "today"], now: now)
        #expect(transcript.status == 0 && transcript.stdout.contains("**You** · 2026-03-21T09:00:00Z"), "\(transcript.stdout)")
        #expect(!transcript.stdout.contains("2026-03-20"), "only today's messages")
    }

    /// A transcript search shows each message's matching line, cut around the match,
    /// and leaves out earlier searches (the lines typed and their results).
    @Test func aTranscriptSearchShowsTheMatchAndNotItself() throws {
        let script = "create pet Snowy\nstart wash for snowy\nsearch the transcript for 60 min\nsearch the transcript for 60 min\n"
        let result = try laundrytime.run(script: script)
        let last = try #require(result.stdout.components(separatedBy: "\n\n").last)
        #expect(!last.contains("search the transcript"), "\(last)")
        // "…a dry 60 min…": the line of the welcome that holds the words, cut around them.
        let found = try #require(last.split(separator: "\n").first { $0.contains("LaundryTime:") })
        #expect(found.contains("a dry 60 min"), "\(found)")
        #expect(found.hasSuffix("…") || found.count <= 100)
        #expect(found.contains("…"), "a long message is cut around the match: \(found)")
    }

    /// "~" in an export path is $HOME, as a shell would have it (not the passwd entry's).
    @Test func aTildeInAnExportPathIsHome() throws {
        let home = directory.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = try laundrytime.run(script: "create pet Snowy\n")
        let result = try laundrytime.run(["export", "history", "to", "~/h.csv"], environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("h.csv").path))
    }

    /// The transcript goes to its file a message at a time; the file holds what the
    /// same export shows on screen (which, asked next, also shows the file export's own lines).
    @Test func aStreamedTranscriptIsTheTranscriptShown() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\nhow is snowy\nrename snowy to \"Mr. Fluff 🧦\"\n")
        let file = directory.url.appendingPathComponent("t.md")
        let written = try laundrytime.run(["export", "transcript", "to", file.path])
        #expect(written.status == 0, "\(written.stdout)")
        let shown = try laundrytime.run(["--json", "export", "transcript"])
        let text = try #require(shown.jsonLines.first?["text"] as? String)
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.hasPrefix("# LaundryTime transcript\n\n**You** · 2026-03-01T09:00:") && saved.contains("  \ncreate pet Snowy\n"))
        #expect(text.hasPrefix(saved), "the screen's export starts with the file's")
        let rest = text.dropFirst(saved.count)
        #expect(rest.hasPrefix("\n**You** · ") && rest.contains("  \nexport transcript to "), "\(rest.prefix(80))")
    }

    @Test func theTimelineGroupsDaysAsTheCalendarDoes() throws {
        try simulateDays()
        let history = try laundrytime.run(["history"], now: "2026-03-05T09:00:00Z")
        #expect(history.status == 0)
        let lines = history.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "History")
        #expect(lines[1] == "Cycles 1 · Streak 1 (best 1) · Wash to fold 2 h 30 min · On time 100%")
        #expect(Array(lines[4...]) == [
            "Today",
            "  08:00 · Snowy, \"the\" cat · wash started · 45 min",
            "Yesterday",
            "  20:00 · Fluffy · wash started · 45 min",
            "This Week",
            "  Mon 2 Mar 11:30 · Snowy, \"the\" cat · folded · 2 h 30 min",
            "  Mon 2 Mar 10:00 · Snowy, \"the\" cat · dry started · 1 h",
            "  Mon 2 Mar 09:00 · Snowy, \"the\" cat · wash started · 45 min",
        ])
        // The chart starts with the first pet's week, not twelve weeks back.
        #expect(lines[2].hasPrefix("Cycles per week █ (1 week from 2 Mar"), "the chart: one fold this week: \(lines[2])")
        #expect(lines[3] == "  week by week: 1", "the chart's numbers, for screen readers")
    }

    @Test(.enabled(if: pythonAvailable)) func theCSVRoundTripsThroughPythonAndMatchesTheJSON() throws {
        try simulateDays()
        let file = directory.url.appendingPathComponent("history.csv")
        let export = try laundrytime.run(["export", "history", "as", "csv", "to", file.path], now: "2026-03-05T09:00:00Z")
        #expect(export.status == 0 && export.stdout == "Wrote 5 events to \(file.path) (CSV).\n")

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import csv,json,sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='')))))", file.path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: String]])
        #expect(rows.count == 5, "one row per event")
        // The pinned clock runs on while each process works: compare to the minute.
        #expect(rows[0]["id"] == "1" && rows[0]["pet"] == "Snowy, \"the\" cat" && rows[0]["event"] == "wash_started")
        #expect(rows[0]["at"]?.hasPrefix("2026-03-02T09:00:") == true && rows[0]["ends_at"]?.hasPrefix("2026-03-02T09:45:") == true)
        #expect(rows[2]["ends_at"] == "")

        let json = try laundrytime.run(["--json", "history"], now: "2026-03-05T09:00:00Z")
        let events = try #require(json.jsonLines.first?["events"] as? [[String: Any]])
        #expect(events.count == rows.count)
        for (event, row) in zip(events, rows) {
            #expect(String(event["id"] as? Int ?? -1) == row["id"])
            #expect(event["pet"] as? String == row["pet"] && event["event"] as? String == row["event"])
            #expect(event["at"] as? String == row["at"])
            #expect((event["ends_at"] as? String ?? "") == row["ends_at"])
        }
    }

    @Test func exportsRefuseToOverwriteAndNameUnwritablePaths() throws {
        try simulateDays()
        let file = directory.url.appendingPathComponent("kept.json")
        try Data("keep me".utf8).write(to: file)
        let refused = try laundrytime.run(["--json", "export", "history", "as", "json", "to", file.path], now: "2026-03-05T09:00:00Z")
        #expect(refused.status == 1, "the question is left unanswered")
        #expect(refused.jsonLines.first?["awaiting"] as? String == "confirmation")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")

        let forced = try laundrytime.run(["--yes", "export", "history", "as", "json", "to", file.path], now: "2026-03-05T09:00:00Z")
        #expect(forced.status == 0)
        let array = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]]
        #expect(array?.count == 5 && (array?.first?["at"] as? String)?.hasPrefix("2026-03-02T09:00:") == true)

        let bad = try laundrytime.run(["export", "history", "to", "/proc/laundry/none.csv"], now: "2026-03-05T09:00:00Z")
        #expect(bad.status == 1 && bad.stdout.hasPrefix("Cannot write /proc/laundry/none.csv"))
    }
}
