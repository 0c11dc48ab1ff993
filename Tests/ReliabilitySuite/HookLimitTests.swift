import Foundation
import LaundryTestSupport
import Testing

/// A hook's time limit holds for everything it started. A hook that left
/// `sleep 31 &` behind, or a `setsid sleep 31`, which leaves the hook's process group, or a daemon
/// that forked twice and left its session — each outlived the limit. Now they end at the limit,
/// whoever their parent is by then. The hooks write their children's pids to files; the test
/// looks those processes up after the run, which takes about the limit (1 s), not 31 s.
@Suite struct HookLimitTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }
    var hooks: UserHooks { UserHooks(config: directory.url.appendingPathComponent("config")) }

    func pidFile(_ name: String) -> String { directory.url.appendingPathComponent(name + ".pid").path }

    /// Whether `pid` is a process that still runs (a zombie does not: it ended, and only waits to
    /// be reaped).
    static func runs(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return false }
        return !stat[close.upperBound...].hasPrefix("Z")
    }

    @Test func whatAHookStartedEndsAtItsLimit() throws {
        let started = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        try #require(started.status == 0)
        // Each child writes its own pid, then becomes `sleep 31` (the same process).
        let child = directory.url.appendingPathComponent("child").path
        try "#!/bin/sh\necho $$ > \"$1\"\nexec sleep 31\n".write(toFile: child, atomically: true, encoding: .utf8)
        chmod(child, 0o755)
        try hooks.write("wash-done", """
            '\(child)' '\(pidFile("background"))' &
            setsid '\(child)' '\(pidFile("setsid"))' &
            sh -c "setsid '\(child)' '\(pidFile("daemon"))' &" &
            wait $!
            """)
        let clock = ContinuousClock(), start = clock.now
        let due = try laundrytime.run(["--deliver-due"], now: "2026-03-01T09:50:00Z", environment: hooks.environment(timeout: "1"))
        let took = clock.now - start
        #expect(due.status == 0 && due.stdout.contains("Wash Complete!"), "the command was not affected: \(due.stdout)")
        #expect(due.stderr.contains("hooks/wash-done ended, but what it started was still running after 1 s and was stopped; "
                                    + "the command was not affected."), "\(due.stderr)")
        #expect(took < .seconds(10), "the run waits for the limit, not for the children: \(took)")

        let pids = try ["background", "setsid", "daemon"].map { name in
            (name, try #require(Int32(String(contentsOfFile: pidFile(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        defer { for (_, pid) in pids where Self.runs(pid) { kill(pid, SIGKILL) } }
        // Stopped by the time the run ended; a moment is allowed for the kernel to finish the kill.
        let deadline = clock.now + .seconds(2)
        while pids.contains(where: { Self.runs($0.1) }) && clock.now < deadline { usleep(20_000) }
        for (name, pid) in pids {
            #expect(!Self.runs(pid), "the hook's \(name) child \(pid) still runs after the limit")
        }
    }

    /// Hooks run side by side, not a few at a time: thirty that each hang until their limit end
    /// together, so the run waits about one limit (1 s) — not six, as when the dispatch queue's
    /// few threads ran them a handful at a time on this 2-core machine ("each at most its time
    /// limit" was a promise for one hook, not for the run).
    @Test func manyHangingHooksEndTogetherAtTheLimit() throws {
        let names = (1...30).map { "P\($0)" }
        // Two runs, each pinned to 09:00: a pinned clock runs on, and one run of all 60 lines has
        // taken over a minute under a whole suite on two cores.
        for script in [names.map { "create pet \($0)\n" }, names.map { "start wash for \($0)\n" }] {
            let made = try laundrytime.run(script: script.joined(), now: "2026-03-01T09:00:00Z")
            try #require(made.status == 0, "\(made.stderr)")
        }
        try hooks.write("wash-done", "exec sleep 31")
        let clock = ContinuousClock(), start = clock.now
        // 09:50: the washes, started from 09:00, are done by then however long their run took.
        let due = try laundrytime.run(["--deliver-due"], now: "2026-03-01T09:50:00Z", environment: hooks.environment(timeout: "1"))
        let took = clock.now - start
        #expect(due.status == 0 && due.stdout.components(separatedBy: "Wash Complete!").count == 31, "\(due.stdout)")
        #expect(took < .seconds(3.5), "30 hooks of 1 s each ended together: \(took)")
    }

    /// A hook whose children end by themselves before the limit is not cut short, and the run does
    /// not wait for the limit.
    @Test func childrenThatEndInTimeAreLeftAlone() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let done = directory.url.appendingPathComponent("done").path
        try hooks.write("wash-done", "(sleep 0.2; touch '\(done)') &\nsetsid sh -c 'sleep 0.3; touch \"\(done)-too\"' &")
        let clock = ContinuousClock(), start = clock.now
        let due = try laundrytime.run(["--deliver-due"], now: "2026-03-01T09:50:00Z", environment: hooks.environment(timeout: "5"))
        let took = clock.now - start
        #expect(due.status == 0 && due.stderr.isEmpty, "\(due.stderr)")
        #expect(FileManager.default.fileExists(atPath: done) && FileManager.default.fileExists(atPath: done + "-too"),
                "both children finished their work")
        #expect(took < .seconds(4), "the run ended with the last child, not at the 5 s limit: \(took)")
    }

    /// laundrytime killed while a hook runs: the hook and what it started end with it, not 31 s
    /// later.
    @Test func whenLaundrytimeIsKilledItsHooksEnd() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let child = directory.url.appendingPathComponent("child").path
        try "#!/bin/sh\necho $$ > \"$1\"\nexec sleep 31\n".write(toFile: child, atomically: true, encoding: .utf8)
        chmod(child, 0o755)
        try hooks.write("wash-done", "setsid '\(child)' '\(pidFile("setsid"))' &\n'\(child)' '\(pidFile("hook"))'")
        let running = try RunningLaundryTime(["--deliver-due"], dataDirectory: directory.url.appendingPathComponent("data"), script: "",
                                             now: "2026-03-01T09:50:00Z", environment: hooks.environment(timeout: "30"))
        let clock = ContinuousClock()
        var deadline = clock.now + .seconds(10)
        func pid(_ name: String) -> Int32? {
            (try? String(contentsOfFile: pidFile(name), encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        while (pid("setsid") == nil || pid("hook") == nil) && clock.now < deadline { usleep(20_000) }
        running.killNow()
        _ = running.finish()
        let pids = try ["setsid", "hook"].map { try #require(pid($0), "the hook started its children") }
        defer { for pid in pids where Self.runs(pid) { kill(pid, SIGKILL) } }
        deadline = clock.now + .seconds(2)
        while pids.contains(where: Self.runs) && clock.now < deadline { usleep(20_000) }
        #expect(!pids.contains(where: Self.runs), "the hook's processes outlived laundrytime: \(pids.filter(Self.runs))")
    }
}
