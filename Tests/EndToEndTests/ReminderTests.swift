import Foundation
import LaundryTestSupport
import Testing

/// Issue 18: reminders while the program is closed (`--deliver-due`) and hooks — through the
/// binary, with `LAUNDRYTIME_NOW`.
@Suite struct ReminderTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }
    var config: URL { directory.url.appendingPathComponent("config") }
    var hooks: URL { config.appendingPathComponent("laundrytime/hooks") }

    /// A hook: a script of the user's, mode 0700 (only they may write it), in a folder of theirs.
    func hook(_ event: String, _ body: String, mode: mode_t = 0o700) throws {
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = hooks.appendingPathComponent(event).path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
    }

    func deliverDue(at now: String, timeout: String = "5") throws -> LaundryTimeProcess.Result {
        try laundrytime.run(["--deliver-due"], now: now,
                            environment: ["XDG_CONFIG_HOME": config.path, "LAUNDRYTIME_HOOK_TIMEOUT": timeout])
    }

    func startWash() throws {
        let started = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        try #require(started.status == 0)
    }

    @Test func aWashThatEndsWhileClosedIsToldOnceByDeliverDue() throws {
        try startWash()
        let early = try deliverDue(at: "2026-03-01T09:30:00Z")
        #expect(early.status == 0 && early.stdout.isEmpty, "nothing due yet: \(early.stdout)")
        let due = try deliverDue(at: "2026-03-01T09:46:00Z")
        #expect(due.status == 0 && due.stdout == "🔔 Wash Complete! — Snowy is ready for the dryer!\n", "\(due.stdout)")
        let again = try deliverDue(at: "2026-03-01T09:47:00Z")
        #expect(again.status == 0 && again.stdout.isEmpty, "told once: \(again.stdout)")
        // Kept in the transcript, and no prompt tells it again.
        let transcript = try laundrytime.run(["/transcript"], now: "2026-03-01T09:48:00Z")
        #expect(transcript.stdout.contains("🔔: 🔔 Wash Complete! — Snowy is ready for the dryer!"), "\(transcript.stdout)")
    }

    @Test func aHookGetsTheEventAsJSON() throws {
        try startWash()
        let received = directory.url.appendingPathComponent("received.json")
        try hook("wash-done", "cat > '\(received.path)'")
        let due = try deliverDue(at: "2026-03-01T09:46:00Z")
        #expect(due.status == 0 && due.stderr.isEmpty, "\(due.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: received)) as? [String: Any]
        #expect(object?["type"] as? String == "notification" && object?["event"] as? String == "wash-done")
        #expect(object?["pet"] as? String == "Snowy" && object?["stage"] as? String == "wash_done")
        #expect(object?["at"] as? String == "2026-03-01T09:45:00Z", "the instant the wash ended")
        #expect((object?["health"] as? NSNumber)?.intValue == 100 && object?["mood"] as? String == "happy", "\(object ?? [:])")
        #expect(object?["title"] as? String == "Wash Complete!")
    }

    @Test func aHangingHookIsCutOffAndTheCommandIsNotAffected() throws {
        try startWash()
        let marker = directory.url.appendingPathComponent("still-running")
        try hook("wash-done", "sleep 30; touch '\(marker.path)'")
        let started = Date()
        let due = try deliverDue(at: "2026-03-01T09:46:00Z", timeout: "1")
        let took = Date().timeIntervalSince(started)
        #expect(due.status == 0 && due.stdout.contains("Wash Complete!"), "\(due.stdout)")
        #expect(due.stderr.contains("wash-done did not end within 1 s and was stopped; the command was not affected."), "\(due.stderr)")
        #expect(took < 10, "cut off at its time limit, not waited for: \(took) s")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "what it started was stopped with it")
    }

    @Test func aCommandsEventReachesItsHookAndAFailingHookIsReported() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        _ = try laundrytime.run(script: "start dryer for snowy\n", now: "2026-03-01T10:00:00Z")
        let received = directory.url.appendingPathComponent("folded.json")
        try hook("folded", "cat > '\(received.path)'; exit 3")
        let fold = try laundrytime.run(["mark", "snowy", "folded"], now: "2026-03-01T11:30:00Z",
                                       environment: ["XDG_CONFIG_HOME": config.path])
        #expect(fold.status == 0 && fold.stdout.contains("Cycle 1 done"), "\(fold.stdout)")
        #expect(fold.stderr.contains("hooks/folded failed (exit status 3); the command was not affected."), "\(fold.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: received)) as? [String: Any]
        #expect(object?["type"] as? String == "event" && object?["event"] as? String == "folded" && object?["stage"] as? String == "idle")
    }

    @Test func aHookOthersMayWriteIsNotRun() throws {
        try startWash()
        let received = directory.url.appendingPathComponent("received.json")
        try hook("wash-done", "cat > '\(received.path)'", mode: 0o777)
        let due = try deliverDue(at: "2026-03-01T09:46:00Z")
        #expect(due.status == 0 && due.stdout.contains("Wash Complete!"))
        #expect(due.stderr.contains("was not run: others may write it (mode 777)"), "\(due.stderr)")
        #expect(!FileManager.default.fileExists(atPath: received.path))
    }
}
