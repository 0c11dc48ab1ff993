import Foundation
import LaundryTestSupport
import Testing

/// A store busy beyond the wait was reported like a damaged one, with advice (`--backup-and-reset`)
/// that moved the live database aside while its owner went on writing into the moved file; a
/// process stopped while opening the store made every other run hang. Locks are now told as locks,
/// name their holder, never lead to moving the store, and every wait has a limit.
@Suite(.serialized) struct LockTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    /// One second instead of ten, so that the waits below stay short.
    let shortWait = ["LAUNDRYTIME_BUSY_TIMEOUT": "1"]

    @Test func aBusyStoreNamesItsHolderAndIsNeverMovedAside() throws {
        try makeStore()
        let holder = try SQLiteHolder(database, holding: "BEGIN IMMEDIATE;")
        defer { holder.stop() }
        let busy = try run(["start", "wash", "for", "snowy"])
        #expect(busy.status == 3, "\(busy.stdout) \(busy.stderr)")
        #expect(busy.stderr.contains("is in use by process \(holder.pid) (sqlite3"), "\(busy.stderr)")
        #expect(!busy.stderr.contains("--backup-and-reset") && !busy.stdout.contains("--backup-and-reset"), "\(busy.stderr)")

        let reset = try run(["--backup-and-reset", "start", "wash", "for", "snowy"])
        #expect(reset.status != 0, "\(reset.stderr)")
        #expect(try backups().isEmpty, "nothing was moved aside")
        holder.stop()
        #expect(try run(["--json", "start", "wash", "for", "snowy"]).status == 0, "the store is fine once it is let go")
    }

    /// `--deliver-due` that cannot claim its notices (the store busy beyond the wait) says so and
    /// fails, as any command does; it printed nothing and ended with 0, as if nothing were due.
    /// The next run tells them. (A pinned clock runs on from its pin, and under the whole suite a
    /// run can take a minute: the wash, 45 minutes from about 09:00, is delivered at 09:50.)
    @Test func deliverDueOnABusyStoreSaysSoAndTheNextRunTells() throws {
        try #require(try LaundryTimeProcess(dataDirectory: data).run(script: "create pet Snowy\nstart wash for snowy\n").status == 0)
        let holder = try SQLiteHolder(database, holding: "BEGIN IMMEDIATE;")
        defer { holder.stop() }
        let busy = try run(["--deliver-due"], now: "2026-03-01T09:50:00Z")
        #expect(busy.status == 3 && busy.stdout.isEmpty, "\(busy.status) \(busy.stdout) \(busy.stderr)")
        #expect(busy.stderr.contains("is in use by process \(holder.pid) (sqlite3") && busy.stderr.contains("next run"),
                "\(busy.stderr)")
        holder.stop()
        let next = try run(["--deliver-due"], now: "2026-03-01T09:51:00Z")
        #expect(next.status == 0 && next.stdout.contains("Wash Complete!"), "\(next.stdout) \(next.stderr)")
    }

    /// `flock DIR sleep` stopped with SIGSTOP holds the lock that opening takes, as a LaundryTime
    /// stopped with Ctrl-Z while opening would.
    @Test func aStoppedHolderIsNamedWithinTheTimeLimit() throws {
        try makeStore()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--no-fork", data.path, "sleep", "60"]
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        usleep(300_000)  // flock takes the lock (a real process is started: the one sleep here)
        kill(holder.processIdentifier, SIGSTOP)
        let started = Date()
        let child = try RunningLaundryTime(["/status"], dataDirectory: data, script: "", timeLimit: 20, environment: shortWait)
        let ending = child.finish()
        #expect(!ending.timedOut, "the wait has a limit")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(ending.status == 3, "\(ending.stderr)")
        #expect(ending.stderr.contains("process \(holder.processIdentifier)") && ending.stderr.contains("is stopped")
                    && ending.stderr.contains("kill -CONT \(holder.processIdentifier)"), "\(ending.stderr)")
    }

    /// `--backup-and-reset` on a store that cannot be used (here: from a newer LaundryTime) moves
    /// nothing while another program has it open.
    @Test func backupAndResetRefusesWhileAnotherProcessHasTheStoreOpen() throws {
        try makeStore()
        _ = try SQLiteShell.rows(database, ["INSERT INTO grdb_migrations VALUES ('v99: from the future')"])
        let before = try Data(contentsOf: database)
        let holder = try SQLiteHolder(database, holding: "SELECT count(*) FROM pet;")
        defer { holder.stop() }
        let reset = try run(["--backup-and-reset", "/status"])
        #expect(reset.status == 3, "\(reset.stderr)")
        #expect(reset.stderr.contains("is open in process \(holder.pid)") && reset.stderr.contains("not moved aside"), "\(reset.stderr)")
        #expect(try backups().isEmpty)
        #expect(try Data(contentsOf: database) == before)

        holder.stop()
        let alone = try run(["--backup-and-reset", "/status"])
        #expect(alone.status == 0 && alone.stderr.contains("Moved it to"), "\(alone.stderr)")
        #expect(try backups().count == 1)
    }

    // MARK: - Helpers

    private func makeStore() throws {
        try #require(try LaundryTimeProcess(dataDirectory: data).run(["create", "pet", "Snowy"]).status == 0)
    }

    private func run(_ arguments: [String], now: String = "2026-03-01T09:00:00Z") throws -> LaundryTimeProcess.Result {
        let child = try RunningLaundryTime(arguments, dataDirectory: data, script: "", now: now, timeLimit: 30, environment: shortWait)
        let ending = child.finish()
        #expect(!ending.timedOut, "\(arguments) hung")
        return LaundryTimeProcess.Result(status: ending.status, stdout: ending.remainingLines.joined(separator: "\n"),
                                         stderr: ending.stderr)
    }

    private func backups() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.contains(".backup-") }
    }
}

/// The sqlite3 shell holding a database: it runs `statement` and keeps its connection (and any
/// transaction the statement began) open until ``stop()``.
private final class SQLiteHolder {
    private let process = Process()
    private let input = Pipe()
    var pid: Int32 { process.processIdentifier }

    init(_ database: URL, holding statement: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((statement + "\n").utf8))
        // The shell has the statement's locks once it has run it: wait until /proc/locks shows one.
        for _ in 0..<200 where !Self.holdsLock(pid) { usleep(10_000) }
    }

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private static func holdsLock(_ pid: Int32) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").contains { $0.split(separator: " ").contains(Substring(String(pid))) }
    }
}
