import Foundation
import LaundryTestSupport
import Testing

/// Reminders while the program is closed (`--deliver-due`) and hooks — through the
/// binary, with `LAUNDRYTIME_NOW`.
@Suite struct ReminderTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }
    var hooks: UserHooks { UserHooks(config: directory.url.appendingPathComponent("config")) }

    func hook(_ event: String, _ body: String, mode: mode_t = 0o700) throws {
        try hooks.write(event, body, mode: mode)
    }

    func deliverDue(at now: String, timeout: String = "5") throws -> LaundryTimeProcess.Result {
        try laundrytime.run(["--deliver-due"], now: now, environment: hooks.environment(timeout: timeout))
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

    /// A wash done and no dryer started: one reminder at the setting's 30 minutes, another at two
    /// hours, each once; a dry load not folded, the same with its own setting; 0 turns it off.
    @Test func aLoadLeftWaitingIsRemindedOfAtThirtyMinutesAndAtTwoHours() throws {
        try startWash()  // ends at 09:45 (and a few milliseconds, as the clock ran on)
        func told(_ time: String) throws -> String { try deliverDue(at: "2026-03-01T\(time)Z").stdout }
        #expect(try told("09:46:00").contains("Wash Complete!"))
        #expect(try told("10:14:30").isEmpty)
        #expect(try told("10:15:30") == "🔔 Wet laundry waiting — Snowy's wash has waited 30 minutes — start the dryer before it smells.\n")
        #expect(try told("10:20:00").isEmpty, "once")
        #expect(try told("11:44:30").isEmpty)
        #expect(try told("11:45:30").contains("Snowy's wash has waited 2 hours"))
        #expect(try told("13:00:00").isEmpty, "and no more")

        let set = try laundrytime.run(["remind", "me", "to", "fold", "after", "10", "minutes"], now: "2026-03-01T13:00:00Z")
        #expect(set.stdout.hasPrefix("A finished dry now reminds you to fold after 10 min, and again at 2 hours."), "\(set.stdout)")
        _ = try laundrytime.run(["start", "dryer", "for", "snowy"], now: "2026-03-01T13:00:00Z")
        #expect(try told("14:00:30").contains("Dry Complete!"))
        #expect(try told("14:10:30").contains("Snowy's laundry has waited 10 minutes in the dryer"))
        _ = try laundrytime.run(["turn", "off", "the", "fold", "reminder"], now: "2026-03-01T14:11:00Z")
        #expect(try told("16:00:30").isEmpty, "turned off")
    }

    /// A reminder told late says how long the load really waited (75 minutes
    /// was told as "30").
    @Test func aReminderToldLateSaysHowLongTheLoadReallyWaited() throws {
        try startWash()  // ends at 09:45
        let late = try deliverDue(at: "2026-03-01T11:00:30Z")
        #expect(late.stdout.contains("Snowy's wash has waited 1 hour 15 minutes — start the dryer"), "\(late.stdout)")
        #expect(try deliverDue(at: "2026-03-01T11:01:00Z").stdout.isEmpty, "once")
    }

    /// The card and "when is snowy due?" say when the mood next changes and when
    /// the pet dies if nothing is done, in local time across a change of daylight saving time
    /// (Berlin moves to summer time on 29 March 2026: the death, 14 days after 10:00 CET, is at
    /// 11:00 CEST).
    @Test func theForecastIsInLocalTimeAcrossDaylightSaving() throws {
        let berlin = ["TZ": "Europe/Berlin"]
        _ = try laundrytime.run(["create", "pet", "Snowy"], now: "2026-03-20T09:00:00Z", environment: berlin)
        let card = try laundrytime.run(["how", "is", "snowy"], now: "2026-03-20T09:00:00Z", environment: berlin)
        #expect(card.stdout.contains("Turns neutral Tue 24 Mar 01:21 · dies Fri 3 Apr 11:00 if nothing is done"), "\(card.stdout)")
        let due = try laundrytime.run(["when", "is", "snowy", "due?"], now: "2026-03-30T09:00:00Z", environment: berlin)
        // Very sad at 76 % of the 14 days: 31 March 00:21:36 UTC, 02:21 in Berlin's summer time.
        #expect(due.stdout == "Snowy's laundry was due Fri 27 Mar 10:00 — 3 days ago: it is time for a wash. "
                + "Turns very sad Tue 31 Mar 02:21 · dies Fri 3 Apr 11:00 if nothing is done.\n", "\(due.stdout)")
    }

    /// A step told afterwards ("i folded snowy yesterday at 6pm") is taken at
    /// that instant: health, streak, timers and history are as if it had been typed then; the
    /// reply says the instant; never in the future, never before the pet's last step.
    @Test func aBackdatedStepIsAsIfTypedThen() throws {
        let typed = LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("typed"))
        let told = LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("told"))
        for store in [typed, told] {
            _ = try store.run(script: "create pet Snowy\n", now: "2026-03-01T09:00:00Z")
        }
        _ = try typed.run(["start", "wash", "for", "snowy"], now: "2026-03-05T16:00:00Z")
        _ = try typed.run(["start", "dryer", "for", "snowy"], now: "2026-03-05T16:50:00Z")
        _ = try typed.run(["mark", "snowy", "folded"], now: "2026-03-05T18:00:00Z")

        let now = "2026-03-06T12:00:00Z"
        let wash = try told.run(["snowy's", "wash", "started", "yesterday", "at", "4pm"], now: now)
        #expect(wash.stdout.hasPrefix("(Counted as Thu 5 Mar 16:00.)"), "\(wash.stdout)")
        _ = try told.run(["i", "put", "snowy", "in", "the", "dryer", "yesterday", "at", "16:50"], now: now)
        let fold = try told.run(["i", "folded", "snowy", "yesterday", "at", "6pm"], now: now)
        #expect(fold.status == 0 && fold.stdout.hasPrefix("(Counted as Thu 5 Mar 18:00.) Snowy is so happy!"), "\(fold.stdout)")
        let later = "2026-03-09T08:00:00Z"
        let typedCard = try typed.run(["how", "is", "snowy"], now: later).stdout
        let toldCard = try told.run(["how", "is", "snowy"], now: later).stdout
        #expect(toldCard == typedCard, "told:\n\(toldCard)\ntyped:\n\(typedCard)")
        #expect(typedCard.contains("Streak 1 (best 1)"), "\(typedCard)")
        #expect(try told.run(["history"], now: later).stdout == typed.run(["history"], now: later).stdout)

        let future = try told.run(["i", "folded", "snowy", "today", "at", "23:00"], now: now)
        #expect(future.status == 1 && future.stdout.contains("has not come yet"), "\(future.stdout)")
        let before = try told.run(["snowy's", "wash", "started", "yesterday", "at", "9am"], now: now)
        #expect(before.status == 1 && before.stdout.contains("its last step (folded) was at Thu 5 Mar 18:00"), "\(before.stdout)")
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
        // The instant the wash ended: 45 minutes after it started, which is the pinned clock plus
        // however long the process took to start.
        #expect((object?["at"] as? String)?.hasPrefix("2026-03-01T09:45:0") == true, "\(object ?? [:])")
        #expect((object?["health"] as? NSNumber)?.intValue == 100 && object?["mood"] as? String == "happy", "\(object ?? [:])")
        #expect(object?["title"] as? String == "Wash Complete!")
    }

    /// A load left waiting has events of its own, so one wash runs the
    /// `wash-done` hook once; its reminders run `wash-waiting`, and a dry's `dry-waiting`.
    @Test func aLoadLeftWaitingHasEventsOfItsOwn() throws {
        try startWash()
        let log = directory.url.appendingPathComponent("events.log")
        for event in ["wash-done", "wash-waiting", "dry-done", "dry-waiting"] {
            try hook(event, "echo \(event) >> '\(log.path)'")
        }
        var told: [String] = []
        func deliver(_ time: String) throws {
            let due = try deliverDue(at: "2026-03-01T\(time)Z")
            told.append("\(time): \(due.stdout)\(due.stderr)")
        }
        for time in ["09:46:00", "10:15:30", "11:45:30"] { try deliver(time) }
        _ = try laundrytime.run(["start", "dryer", "for", "snowy"], now: "2026-03-01T12:00:00Z")
        for time in ["13:00:30", "13:30:30"] { try deliver(time) }
        let events = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(events == ["wash-done", "wash-waiting", "wash-waiting", "dry-done", "dry-waiting"], "\(events)\n\(told.joined())")
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
                                       environment: hooks.environment())
        #expect(fold.status == 0 && fold.stdout.contains("Cycle 1 done"), "\(fold.stdout)")
        #expect(fold.stderr.contains("hooks/folded failed (exit status 3); the command was not affected."), "\(fold.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: received)) as? [String: Any]
        #expect(object?["type"] as? String == "event" && object?["event"] as? String == "folded" && object?["stage"] as? String == "idle")
    }

    /// "Fold all" tells the folded hook of each pet it folded.
    @Test func aStepForAllPetsTellsTheHookOfEachPet() throws {
        _ = try laundrytime.run(script: "create pet Snowy\ncreate pet Fluffy\nstart wash for snowy\nstart wash for fluffy\n",
                                now: "2026-03-01T09:00:00Z")
        _ = try laundrytime.run(script: "start dryer for snowy\nstart dryer for fluffy\n", now: "2026-03-01T10:00:00Z")
        let received = directory.url.appendingPathComponent("folded.jsonl")
        try hook("folded", "cat >> '\(received.path)'")
        let fold = try laundrytime.run(["--yes", "fold", "all"], now: "2026-03-01T11:30:00Z",
                                       environment: hooks.environment())
        #expect(fold.status == 0, "\(fold.stdout)")
        let pets = try String(contentsOf: received, encoding: .utf8).split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["pet"] as? String
        }
        #expect(pets.sorted() == ["Fluffy", "Snowy"], "\(pets)")
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
