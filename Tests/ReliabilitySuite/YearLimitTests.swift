import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// "pause snowy for a year" on 9999-12-30 ended with exit 3, saying the
/// *database* had failed and advising `--backup-and-reset` on a healthy store, and the line was
/// not kept. A date beyond what the store holds (1970 to 9999) — a pause's end, a timer's end from
/// now or from an instant told afterwards — is refused as out of range, in a sentence that gives
/// the range, and kept in the transcript as any refusal is.
@Suite struct YearLimitTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// Pauses whose end falls in the year 10000, through the binary at 9999-12-30.
    @Test(arguments: ["pause snowy for a year", "pause snowy for 2 days", "pause snowy until jan 1", "pause for a week"])
    func aPauseEndingAfter9999IsRefusedAsOutOfRange(_ line: String) throws {
        let now = "9999-12-30T09:00:00Z"
        try #require(try laundrytime.run(["create", "pet", "Snowy"], now: now).status == 0)
        let before = try rows()
        let result = try laundrytime.run(line.split(separator: " ").map(String.init), now: now)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        try expectOutOfRange(result.stdout, line)
        #expect(!result.stdout.contains("database") && !result.stdout.contains("--backup-and-reset"), "\(result.stdout)")
        #expect(try SQLiteShell.rows(database, ["SELECT pausedAt IS NULL FROM pet"]) == [["1"]], "not paused")
        #expect(try rows() == before + 2, "the line and the reply are kept")
        let kept = try SQLiteShell.rows(database, ["SELECT role, text FROM transcriptMessage ORDER BY id DESC LIMIT 2"])
        #expect(kept.map { $0[0] } == ["assistant", "user"] && kept[1][1] == line && kept[0][1] == result.stdout.trimmingCharacters(in: .newlines),
                "\(kept)")
        #expect(try SQLiteShell.rows(database, ["PRAGMA integrity_check"]) == [["ok"]])

        // A pause that ends inside the range is taken.
        let fits = try laundrytime.run(["pause", "snowy", "until", "dec", "31"], now: now)
        #expect(fits.status == 0 && fits.stdout.contains("Snowy is paused until"), "\(fits.stdout) \(fits.stderr)")
    }

    /// Timers that would end in the year 10000 — started now, or told afterwards — with the clock
    /// where a session left open since the last pinnable instant would have it.
    @Test(arguments: ["start wash for snowy", "start dryer for snowy", "i started the wash for snowy 10 minutes ago"])
    func aTimerEndingAfter9999IsRefusedAsOutOfRange(_ line: String) throws {
        let fixture = try AssistantFixture()
        fixture.time.advance(seconds: lateInstant.timeIntervalSince(AssistantFixture.start) - 7200)
        #expect(fixture.say("create pet Snowy").ok)
        fixture.time.advance(minutes: 120)
        if line.contains("dryer") {
            #expect(fixture.say("i started the wash for snowy 50 minutes ago").ok)
        }
        let before = try fixture.store.read { try $0.pets() }
        let reply = fixture.say(line)
        #expect(reply.failure == .refused, "\(reply.text)")
        try expectOutOfRange(reply.text, line)
        let kept = try fixture.store.read { try $0.transcript.latest(limit: 2) }
        #expect(kept.map(\.text) == [line, reply.text], "the line and the reply are kept")
        #expect(try fixture.store.read { try $0.pets() } == before, "nothing changed")
    }

    /// Looks at the edges that compute dates without storing them: history ranges reaching before
    /// 1970, a next due date after 9999.
    @Test func rangesAndDueDatesAtTheEdgesAnswer() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"], now: "1970-01-01T00:05:00Z").status == 0)
        let history = try laundrytime.run(["history", "for", "the", "last", "30", "days"], now: "1970-01-01T00:10:00Z")
        #expect(history.status == 0, "\(history.stdout) \(history.stderr)")
        let late = try laundrytime.run(["how", "is", "snowy"], now: "9999-12-30T09:00:00Z")
        #expect(late.status == 0, "\(late.stdout) \(late.stderr)")
    }

    // MARK: - Helpers

    /// 9999-12-31T23:30:00Z: a session pinned at the last pinnable instant, a day later.
    private let lateInstant = Date(timeIntervalSince1970: 253_402_299_000)

    private func expectOutOfRange(_ text: String, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(text.contains("10000") && text.contains("from 1970 to 9999") && text.contains("Nothing changed"),
                "\(line): \(text)", sourceLocation: sourceLocation)
    }

    private func rows() throws -> Int {
        Int(try SQLiteShell.rows(database, ["SELECT count(*) FROM transcriptMessage"])[0][0]) ?? -1
    }
}
