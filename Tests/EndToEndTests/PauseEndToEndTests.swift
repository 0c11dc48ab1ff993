import Foundation
import LaundryTestSupport
import Testing

/// A pause holds a pet's health exactly — here across the end of summer time in Berlin (25 Oct
/// 2026, 03:00 CEST → 02:00 CET) — tells no due or sad notice while it lasts, ends by itself at its
/// end (on the calendar: "for 2 weeks" ends at the same clock time), is recorded in the history,
/// and is undone like any change. Through the binary, one process per step.
@Suite struct PauseEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    func run(_ line: String, at now: String) throws -> LaundryTimeProcess.Result {
        try laundrytime.run([line], now: now, environment: ["TZ": "Europe/Berlin"])
    }

    func deliverDue(at now: String) throws -> LaundryTimeProcess.Result {
        try laundrytime.run(["--deliver-due"], now: now, environment: ["TZ": "Europe/Berlin", "XDG_CONFIG_HOME": directory.url.path])
    }

    /// The health a card shows: "Health 65% (…)".
    func health(at now: String) throws -> Int? {
        let card = try run("show snowy", at: now).stdout
        guard let range = card.range(of: #"Health (\d+)%"#, options: .regularExpression) else { return nil }
        return Int(card[range].dropFirst("Health ".count).dropLast())
    }

    @Test func aPauseAcrossTheEndOfSummerTimeHoldsHealthExactly() throws {
        #expect(try run("create pet Snowy", at: "2026-10-10T08:00:00Z").status == 0)
        // Five days of a 14-day span gone: 65 %.
        let paused = try run("pause snowy for 2 weeks", at: "2026-10-15T08:00:00Z")
        #expect(paused.status == 0)
        #expect(paused.stdout.contains("Snowy is paused until Thu 29 Oct 10:00 — health holds at 65%."), "\(paused.stdout)")
        // Unpaused, Snowy would be dead by 24 Oct; paused, it reads 65 % throughout, the hour the
        // clocks go back included, and nothing is told.
        for now in ["2026-10-20T08:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-10-28T12:00:00Z"] {
            #expect(try health(at: now) == 65, "\(now)")
            let due = try deliverDue(at: now)
            #expect(due.status == 0 && due.stdout.isEmpty, "\(now): \(due.stdout)")
        }
        // 14 × 24 hours after the pause began is 09:00 CET: still paused, since the pause ends at
        // the clock time it began, 10:00.
        let card = try run("show snowy", at: "2026-10-29T08:30:00Z").stdout
        #expect(card.contains("is paused (health holds)") && card.contains("Paused until Thu 29 Oct 10:00"), "\(card)")
        // It ends by itself, is told once, and decay goes on from 65 %: one day later, as six days
        // after the fold, 58 %.
        let over = try deliverDue(at: "2026-10-29T09:01:00Z")
        #expect(over.stdout.contains("Snowy's pause is over"), "\(over.stdout)")
        #expect(try deliverDue(at: "2026-10-29T09:02:00Z").stdout.isEmpty)
        #expect(try health(at: "2026-10-29T09:00:01Z") == 65)
        #expect(try health(at: "2026-10-30T09:00:01Z") == 58)
        let history = try run("history for snowy", at: "2026-10-30T09:00:00Z").stdout
        #expect(history.contains("Snowy · paused · 14 days"), "\(history)")
    }

    @Test func resumingIsRecordedAndUndone() throws {
        #expect(try run("create pet Snowy", at: "2026-03-01T09:00:00Z").status == 0)
        #expect(try run("pause snowy until monday", at: "2026-03-04T09:00:00Z").stdout.contains("until Mon 9 Mar 00:00"))
        let resumed = try run("resume snowy", at: "2026-03-05T09:00:00Z")
        #expect(resumed.status == 0 && resumed.stdout.contains("Snowy is back from its pause: health 79%"), "\(resumed.stdout)")
        // The day paused does not count: 3 days of 14 gone, 79 %, a day later 72 %.
        #expect(try health(at: "2026-03-06T09:00:00Z") == 72)
        let history = try run("history for snowy", at: "2026-03-06T09:00:00Z").stdout
        #expect(history.contains("Snowy · resumed · 24 h") && history.contains("Snowy · paused · 5 days"), "\(history)")
        let undone = try run("undo", at: "2026-03-06T09:00:00Z")
        #expect(undone.stdout.contains("Undone: resumed Snowy"), "\(undone.stdout)")
        #expect(try run("show snowy", at: "2026-03-06T09:00:01Z").stdout.contains("Paused until Mon 9 Mar 00:00"))
        #expect(try !run("history for snowy", at: "2026-03-06T09:00:02Z").stdout.contains("resumed"))
        // Laundry done for a paused pet ends its pause.
        let wash = try run("start wash for snowy", at: "2026-03-07T09:00:00Z")
        #expect(wash.stdout.contains("(Snowy's pause is over.)"), "\(wash.stdout)")
        #expect(try !run("show snowy", at: "2026-03-07T09:00:01Z").stdout.contains("Paused"))
    }

    @Test func badEndsChangeNothing() throws {
        #expect(try run("create pet Snowy", at: "2026-03-01T09:00:00Z").status == 0)
        for (line, reply) in [
            ("pause snowy for 2 years", "A pause can last up to a year"),
            ("pause snowy until 2026-02-01", "has gone by"),
            ("resume snowy", "Snowy is not paused"),
        ] {
            let result = try run(line, at: "2026-03-01T10:00:00Z")
            #expect(result.status == 1 && result.stdout.contains(reply), "\(line): \(result.stdout)")
        }
        #expect(try run("show snowy", at: "2026-03-01T10:00:01Z").stdout.contains("is so happy"))
        // When a paused pet is due says the pause once.
        _ = try run("pause snowy until monday", at: "2026-03-04T09:00:00Z")
        let due = try run("when is snowy due?", at: "2026-03-04T10:00:00Z").stdout
        #expect(due.hasPrefix("Snowy is paused until Mon 9 Mar 00:00; its laundry is due") && due.contains(". Then turns"), "\(due)")
        #expect(due.components(separatedBy: "aused until").count == 2, "\(due)")
        // An end in another year says its year.
        let far = try run("pause snowy until feb 1", at: "2026-03-04T10:30:00Z").stdout
        #expect(far.contains("until Mon 1 Feb 2027 00:00"), "\(far)")
    }
}
