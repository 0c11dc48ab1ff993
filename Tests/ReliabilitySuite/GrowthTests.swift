import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// Unbounded growth. The transcript was never pruned, a `/status` reply of
/// 2,000 pets (97 KB) was stored whole at every look, and 100k unknown 900-character lines made a
/// 213 MB store. Views are kept as one line, messages as at most 4 KB, the transcript for a number
/// of days (365 unless set), pruned once a day with a command's own write.
@Suite struct GrowthTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    @Test func aDashboardOf2000PetsIsKeptAsOneLine() throws {
        // The pets are made through the store's own code: 2,000 "create pet" lines, each reading
        // every pet made before it, were most of this suite's time in a debug build.
        let created = try #require(ISO8601DateFormatter().date(from: "2026-03-01T08:00:00Z"))
        let store = try LaundryStore(location: StoreLocation(directory: data))
        try store.write { transaction in
            for number in 1...2000 { _ = try transaction.insert(Pet(name: try PetName("Pet number \(number)"), createdAt: created)) }
        }
        let made = try laundrytime.run(script: "/status\n/status\n", now: "2026-03-01T09:00:00Z")
        try #require(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.utf8.count > 2 * 90_000, "the views themselves are whole on screen")
        let kept = try SQLiteShell.rows(database, [
            "SELECT text FROM transcriptMessage WHERE role = 'assistant' AND intent = 'status'"]).map { $0[0] }
        #expect(kept == Array(repeating: "(Showed 2000 pets: Pet number 1, Pet number 2, Pet number 3, ….)", count: 2), "\(kept.map(\.count))")
    }

    /// Messages older than the kept days go at the first command of a later day, in that command's
    /// own transaction — and not again that day.
    @Test func theTranscriptKeepsItsDaysAndNoMore() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"], now: "2025-01-01T09:00:00Z").status == 0)
        try #require(try laundrytime.run(["how", "is", "snowy"], now: "2025-12-01T09:00:00Z").status == 0)
        #expect(try count() == 4)
        // A year and a day after the first messages: they go, the later ones stay.
        try #require(try laundrytime.run(["/pets"], now: "2026-01-02T09:00:00Z").status == 0)
        #expect(try count() == 4, "2 pruned, 2 added")
        #expect(try texts() == ["how is snowy", "/pets"])

        try #require(try laundrytime.run(["keep", "the", "transcript", "for", "30", "days"], now: "2026-01-02T10:00:00Z").status == 0)
        // The same day: no second pruning, even with the shorter setting.
        try #require(try laundrytime.run(["/pets"], now: "2026-01-02T11:00:00Z").status == 0)
        #expect(try count() == 8)
        // The next day: everything older than 30 days goes.
        try #require(try laundrytime.run(["/pets"], now: "2026-01-03T12:00:00Z").status == 0)
        let left = try texts()
        #expect(try count() == 8 && !left.contains("how is snowy"), "the December messages are gone: \(left)")
    }

    /// Commands of every kind, unknown 900-character lines among them: what the store grows by.
    /// 10,000 here (a debug build answers an unknown line in ~25 ms); `Benchmarks/run-growth-benchmark`
    /// runs this test with 100,000 against a release build (`LAUNDRYTIME_GROWTH_COMMANDS`).
    @Test func mixedCommandsGrowTheStoreByLittle() throws {
        let total = Int(ProcessInfo.processInfo.environment["LAUNDRYTIME_GROWTH_COMMANDS"] ?? "") ?? 10_000
        var random = SplitMix64(seed: 0x6720_0001)
        var script = (1...20).map { "create pet P\($0)\n" }.joined()
        let junk = String(repeating: "blah ", count: 180)  // 900 characters no template fits
        let kinds: [(Int) -> String] = [
            { "start wash for P\($0)" }, { "start dryer for P\($0)" }, { "mark P\($0) folded" }, { "stop P\($0)" },
            { _ in "/status" }, { "how is P\($0)" }, { "history for P\($0)" }, { _ in "export history as csv" },
            { _ in "/transcript" }, { _ in junk }, { "set P\($0)'s wash time to 40 minutes" }, { _ in "undo" },
        ]
        for _ in 0..<(total - 20) {
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            script += kind(Int.random(in: 1...20, using: &random)) + "\n"
        }
        let started = ContinuousClock.now
        let result = try laundrytime.run(["--format", "plain"], script: script)
        let took = started.duration(to: .now)
        #expect(result.status == 1, "some commands fail (wrong stage, unknown): that is the mix")
        let size = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int ?? 0
        let messages = try SQLiteShell.rows(database, ["SELECT count(*) FROM transcriptMessage"]).first?.first ?? "?"
        print("\(total) mixed commands in \(took): store \(size) bytes (\(size / total) a command), \(messages) messages")
        #expect(size / total < 400, "\(size) bytes for \(total) commands")
    }

    private func count() throws -> Int {
        Int(try SQLiteShell.rows(database, ["SELECT count(*) FROM transcriptMessage"]).first?.first ?? "") ?? -1
    }

    private func texts() throws -> [String] {
        try SQLiteShell.rows(database, ["SELECT text FROM transcriptMessage WHERE role = 'user' ORDER BY id"]).map { $0[0] }
    }
}
