import Foundation
import LaundryTestSupport
import Testing

/// `--deliver-due` tells each notice at least once. It used to mark every due
/// notice told before printing any, and before their hooks ran: `kill -9` half a second in, with
/// 30 notices due, left 20 hooks never run and the next run printed nothing; `> /dev/full` exited 1
/// and used the notices up all the same. Now a notice is marked told only once its line is
/// written and its hook has ended; a run that stops first leaves its claims to the next run.
@Suite(.serialized) struct DeliverDueCrashTests {
    let directory = TemporaryDirectory()
    var prepared: URL { directory.url.appendingPathComponent("prepared") }
    var hooks: UserHooks { UserHooks(config: directory.url.appendingPathComponent("config")) }
    var hookLog: URL { directory.url.appendingPathComponent("hooks.log") }
    static let pets = (1...30).map { "P\($0)" }
    /// When the washes started at 09:00 are done (at 09:45), with five minutes for the run that
    /// started them to have taken; and a minute later, for the run after.
    static let due = "2026-03-01T09:50:00Z", dueAgain = "2026-03-01T09:51:00Z"

    /// 30 pets whose washes end at 09:45, and a `wash-done` hook that takes a while (its
    /// supervisor's start, a sleep of 0 to 0.4 s by the pet's number), then writes the pet's name
    /// to the log: the end of each hook is seen. The hooks run side by side, so a run takes half a
    /// second or more however fast the machine — long enough for the first kills to fall inside it
    /// (with 0 to 90 ms, an idle machine finished a run before the fourth kill).
    func prepare() throws {
        // Two runs, each pinned to 09:00: a pinned clock runs on, and under a whole suite on two
        // cores one run of all 60 lines took over a minute, its washes started after 09:01 and none
        // was done at 09:46 — nothing was due, and the runs below had nothing to tell.
        for script in [Self.pets.map { "create pet \($0)\n" }, Self.pets.map { "start wash for \($0)\n" }] {
            let made = try LaundryTimeProcess(dataDirectory: prepared).run(script: script.joined(), now: "2026-03-01T09:00:00Z")
            try #require(made.status == 0, "\(made.stdout)")
        }
        try hooks.write("wash-done", """
            pet=$(sed -n 's/.*"pet":"\\([^"]*\\)".*/\\1/p')
            sleep 0.$(( ${pet#P} % 5 ))
            echo "$pet" >> '\(hookLog.path)'
            """)
    }

    /// The pets named by `--deliver-due`'s lines ("🔔 Wash Complete! — P7 is ready for the dryer!").
    static func pets(in lines: [String]) -> [String] {
        lines.compactMap { line in
            guard let dash = line.range(of: "— "), let end = line.range(of: " is ready") else { return nil }
            return String(line[dash.upperBound..<end.lowerBound])
        }
    }

    func hooksEnded() -> [String] {
        ((try? String(contentsOf: hookLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Killed at 0.1 s, 0.2 s, … until a run ends by itself, each time on a fresh copy of the
    /// store; then a second run. Whatever the moment, every notice is told — its line written
    /// and its hook run to its end — in one run or the other, and the transcript keeps each once.
    ///
    /// The bound on doubles: a notice is told twice only when the kill came after its line was
    /// written and before it was marked told, which is after its hook ended — at most the notices
    /// whose hooks were running or had just ended, here all 30 at worst. The test checks the bound
    /// exactly: the second run tells precisely the notices the store did not hold as told after the
    /// first, and each of those the first marked told had been written and its hook had ended.
    @Test func everyNoticeIsToldAfterAKillAtAnyMoment() throws {
        try prepare()
        var step = 1
        while true {
            let data = directory.url.appendingPathComponent("step-\(step)")
            try FileManager.default.copyItem(at: prepared, to: data)
            try? FileManager.default.removeItem(at: hookLog)
            let context = "killed at \(Double(step) / 10) s"

            let first = try RunningLaundryTime(["--deliver-due"], dataDirectory: data, script: "", now: Self.due,
                                               environment: hooks.environment())
            usleep(UInt32(step) * 100_000)  // real time: the run is killed in flight
            first.killNow()
            let ending = first.finish()
            let toldFirst = Self.pets(in: ending.remainingLines)
            let hooksFirst = hooksEnded()
            let database = data.appendingPathComponent("laundrytime.sqlite")
            #expect(try SQLiteShell.rows(database, ["PRAGMA integrity_check"]) == [["ok"]], "\(context)")
            // (Read before the second run; looked at after the first checks, which need no column of this change's.)
            let marked = try? SQLiteShell.rows(database, [
                "SELECT p.name FROM deliveredNotice d JOIN pet p ON d.key LIKE 'end:' || p.id || ':wash:%' WHERE d.claimedBy IS NULL",
            ]).map { $0[0] }

            let second = try LaundryTimeProcess(dataDirectory: data).run(
                ["--deliver-due"], now: Self.dueAgain, environment: hooks.environment())
            #expect(second.status == 0 && second.stderr.isEmpty, "\(context): \(second.stderr)")
            let toldSecond = Self.pets(in: second.stdout.split(separator: "\n").map(String.init))

            #expect(Set(toldFirst + toldSecond) == Set(Self.pets), "\(context): never told: \(Set(Self.pets).subtracting(toldFirst + toldSecond).sorted())")
            #expect(Set(hooksEnded()) == Set(Self.pets), "\(context): hooks never run: \(Set(Self.pets).subtracting(hooksEnded()).sorted())")
            let markedTold = try #require(marked, "\(context): which notices are marked told")
            #expect(Set(markedTold).isSubset(of: toldFirst) && Set(markedTold).isSubset(of: hooksFirst),
                    "\(context): marked told before its line or its hook: \(Set(markedTold).subtracting(Set(toldFirst).intersection(hooksFirst)))")
            #expect(toldSecond.sorted() == Set(Self.pets).subtracting(markedTold).sorted(),
                    "\(context): the second run tells exactly what the first did not mark told")
            let transcript = try SQLiteShell.rows(database, ["SELECT count(*) FROM transcriptMessage WHERE role = 'notification'"])
            #expect(transcript == [["30"]], "\(context): the transcript keeps each notice once")
            #expect(try SQLiteShell.rows(database, ["PRAGMA integrity_check"]) == [["ok"]], "\(context)")

            if !ending.killed || step >= 40 { break }
            step += 1
        }
        #expect(step > 3, "the runs took some time: the kills fell inside them")
    }

    /// `--deliver-due > /dev/full`: nothing can be written, so nothing is told — exit 1 with a
    /// sentence — and the next run tells every notice.
    @Test func aWriteErrorLeavesTheNoticesUntold() throws {
        try prepare()
        let process = Process()
        process.executableURL = LaundryTimeProcess.binary
        process.arguments = ["--data-dir", prepared.path, "--deliver-due"]
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": directory.url.path, "LANG": "C.UTF-8",
                               "LAUNDRYTIME_NOW": Self.due].merging(hooks.environment()) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1 && said.contains("cannot write to standard output"),
                "status \(process.terminationStatus): \(said)")
        #expect(hooksEnded().isEmpty, "no hook runs for a notice whose line was not written")

        let next = try LaundryTimeProcess(dataDirectory: prepared).run(["--deliver-due"], now: Self.dueAgain,
                                                                       environment: hooks.environment())
        #expect(Self.pets(in: next.stdout.split(separator: "\n").map(String.init)).sorted() == Self.pets.sorted(), "\(next.stdout)")
        #expect(try SQLiteShell.rows(prepared.appendingPathComponent("laundrytime.sqlite"),
                                     ["SELECT count(*) FROM transcriptMessage WHERE role = 'notification'"]) == [["30"]])
    }
}
