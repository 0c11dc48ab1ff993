import Foundation
import LaundryTestSupport
import Testing

/// A store that cannot be used is left exactly as it was and the user is shown the way out; a
/// signal ends the program in order: nothing lost, nothing broken (docs/reliability.md).
@Suite struct StoreSafetyTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// A store with a few pets, its write-ahead log folded into the file (the program closes the
    /// database on the way out, so the file alone holds everything).
    func makeStore() throws -> Data {
        let made = try laundrytime.run(script: (1...30).map { "create pet P\($0)\n" }.joined())
        #expect(made.status == 0)
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "closed cleanly: no -wal file left")
        return try Data(contentsOf: database)
    }

    /// Exit 3, the path, the way out — and the file not changed by a single byte.
    func expectRefused(_ result: LaundryTimeProcess.Result, keeping original: Data, _ reason: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.status == 3, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(database.path) && result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("--backup-and-reset"), "the way out is offered", sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: database) == original, "the file is untouched", sourceLocation: sourceLocation)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(siblings == ["laundrytime.sqlite"], "nothing added beside it: \(siblings)", sourceLocation: sourceLocation)
    }

    @Test func aTruncatedDatabaseIsRefusedAndLeftAsItIs() throws {
        let full = try makeStore()
        let truncated = full.prefix(full.count / 2)
        try truncated.write(to: database)
        try expectRefused(try laundrytime.run(["/status"]), keeping: truncated, "damaged")
    }

    @Test func garbageIsRefusedAndLeftAsItIs() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: database)
        try expectRefused(try laundrytime.run(["create", "pet", "Snowy"]), keeping: garbage, "damaged")
    }

    @Test(.enabled(if: canDropPrivileges || getuid() != 0, "needs setpriv to test permissions as root"))
    func anUnreadableDatabaseIsRefusedAndLeftAsItIs() throws {
        let original = try makeStore()
        try restrict(mode: 0o000)
        try expectRefused(try runWithoutPrivileges(["/status"]), keeping: original, "Permission denied")
    }

    /// A store that can be read but not written — its own mode, or another
    /// user's store in a folder not ours — opens read-only: reads work, a change is refused in one
    /// sentence with exit 1, and the file is left exactly as it was, with nothing beside it.
    @Test(.enabled(if: canDropPrivileges || getuid() != 0, "needs setpriv to test permissions as root"),
          arguments: [ReadOnlyCase.fileMode, .anotherUsersStore])
    func aReadOnlyStoreOpensForReading(_ kind: ReadOnlyCase) throws {
        let original = try makeStore()
        switch kind {
        case .fileMode: try restrict(mode: 0o444)
        case .anotherUsersStore: try restrictAsAnotherUsers()
        }
        let status = try runWithoutPrivileges(["/status"])
        #expect(status.status == 0 && status.stdout.contains("P30"), "\(status.stdout) \(status.stderr)")
        let card = try runWithoutPrivileges(["how", "is", "p7"])
        #expect(card.status == 0 && card.stdout.contains("P7"), "\(card.stdout) \(card.stderr)")
        let history = try runWithoutPrivileges(["history"])
        #expect(history.status == 0, "\(history.stdout) \(history.stderr)")
        let connection = try runWithoutPrivileges(["/connection"])
        #expect(connection.stdout.contains("● Read-only — \(database.path) ("), "\(connection.stdout)")

        let change = try runWithoutPrivileges(["create", "pet", "Zed"])
        #expect(change.status == 1, "\(change.stdout) \(change.stderr)")
        #expect(change.stdout.hasPrefix("Nothing was changed: \(database.path) can only be read here ("), "\(change.stdout)")
        let script = try runWithoutPrivileges(script: "how is p3\nstart wash for p3\nstatus\n")
        #expect(script.status == 1 && script.stdout.contains("P3") && script.stdout.contains("Nothing was changed"), "\(script.stdout)")

        #expect(try Data(contentsOf: database) == original, "the file is untouched")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(siblings == ["laundrytime.sqlite"], "nothing added beside it: \(siblings)")
    }

    enum ReadOnlyCase: String, CustomTestStringConvertible {
        case fileMode, anotherUsersStore
        var testDescription: String { rawValue }
    }

    @Test(.enabled(if: getuid() == 0 && canDropPrivileges && TerminalScreen.isAvailable, "needs root, setpriv and tmux"))
    func theReadOnlyPromptSaysSo() throws {
        _ = try makeStore()
        try restrictAsAnotherUsers()
        let terminal = try TerminalScreen(
            rows: 60, arguments: ["--data-dir", data.path], environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"],
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"], binary: try binaryCopy().path)
        try terminal.waitForPrompt()
        try terminal.waitFor("Read-only")
        try terminal.enter("how is p2")
        try terminal.waitFor("P2 is so happy")
        try terminal.enter("delete p2")
        try terminal.waitFor("Nothing was changed")
        terminal.type("quit")
        try terminal.waitForPrompt(showing: "quit")
        terminal.press("Enter")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func backupAndResetMovesTheFileAsideAndStartsAfresh() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: database)
        let reset = try laundrytime.run(["--backup-and-reset", "create", "pet", "Snowy"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.hasPrefix("Meet Snowy!"))
        let backups = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("laundrytime.sqlite.backup-") }
        #expect(backups.count == 1 && reset.stderr.contains(backups.first ?? "?"), "\(reset.stderr)")
        #expect(try Data(contentsOf: data.appendingPathComponent(backups[0])) == garbage, "moved, byte for byte, never deleted")

        // On a healthy store it refuses: nothing is moved.
        let healthy = try laundrytime.run(["--backup-and-reset", "/status"])
        #expect(healthy.status == 2 && healthy.stderr.contains("opens and reads fine"))
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "closed before leaving: no -wal file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("laundrytime.sqlite.backup-") }.count == 1)
        #expect(try laundrytime.run(["/status"]).stdout.contains("Snowy"))
    }

    @Test func aDamagedRowIsRefusedAndCanBeMovedAside() throws {
        _ = try makeStore()
        // A file that opens, with a row no LaundryTime writes (as a hand edit could leave it).
        _ = try SQLiteShell.rows(database, ["UPDATE pet SET lastCaredAt = 'yesterday' WHERE name = 'P3'"])
        let edited = try Data(contentsOf: database)
        try expectRefused(try laundrytime.run(["/status"]), keeping: edited, "damaged")

        // The way out it offers works for it too.
        let reset = try laundrytime.run(["--backup-and-reset", "/status"])
        #expect(reset.status == 0 && reset.stderr.contains("Moved it to"), "\(reset.stderr)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("laundrytime.sqlite.backup-") }
        #expect(backups.count == 1)
        #expect(try Data(contentsOf: data.appendingPathComponent(backups[0])) == edited, "moved, byte for byte")
    }

    @Test func sigtermEndsAScriptInOrder() throws {
        let process = Process()
        process.executableURL = LaundryTimeProcess.binary
        process.arguments = ["--data-dir", data.path, "--json"]
        process.environment = ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z", "TZ": "UTC", "HOME": directory.url.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("create pet Snowy\n".utf8))
        // Wait for the answer, then ask the program to end while it waits for more input.
        var answered = Data()
        while !answered.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            answered += chunk
        }
        process.terminate()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit && process.terminationStatus == 143, "ended in order, 128 + SIGTERM")
        #expect(String(decoding: answered, as: UTF8.self).contains("\"ok\":true"))
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "the database was closed cleanly")
        #expect(try laundrytime.run(["/status"]).stdout.contains("Snowy"), "what was answered is kept")
    }

    @Test(.enabled(if: TerminalScreen.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func sigtermAndSighupEndThePromptInOrderAndKeepTheHistory() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let terminal = try TerminalScreen(arguments: ["--data-dir", data.path], environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"])
            try terminal.waitForPrompt()
            try terminal.enter("create pet P\(signal)")
            terminal.type("half typed")
            try terminal.waitForPrompt(showing: "half typed")
            try terminal.send(signal: signal)
            #expect(try terminal.waitForExit() == status)
            let history = try String(contentsOf: terminal.directory.url.appendingPathComponent("state/laundrytime/history"), encoding: .utf8)
            #expect(history.contains("create\\040pet\\040P\(signal)"), "\(history)")
            #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "the database was closed cleanly")
        }
    }

    // MARK: - Permissions, also when the tests run as root

    private static var canDropPrivileges: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    /// As root, permissions do not apply: the store is handed to `nobody`, who runs the program.
    private func restrict(mode: mode_t) throws {
        if getuid() == 0 {
            for path in [directory.url.path, data.path, database.path] { chown(path, 65534, 65534) }
            chmod(directory.url.path, 0o755)
        }
        chmod(database.path, mode)
    }

    /// A store of another user's, readable by all, in a folder only they may write: as root, the
    /// test's own store run by `nobody`; otherwise, the folder made read-only for its owner too.
    private func restrictAsAnotherUsers() throws {
        chmod(database.path, 0o644)
        chmod(data.path, 0o755)
        chmod(directory.url.path, 0o755)
        if getuid() != 0 { chmod(data.path, 0o555) }
    }

    private func runWithoutPrivileges(_ arguments: [String] = [], script: String? = nil) throws -> LaundryTimeProcess.Result {
        let input = Data((script ?? "").utf8)
        guard getuid() == 0 else { return try laundrytime.run(arguments, input: input) }
        return try laundrytime.run(arguments, input: input, launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
                                   binary: try binaryCopy())
    }

    /// The binary, where nobody can run it: a copy in the temporary directory.
    private func binaryCopy() throws -> URL {
        let copy = directory.url.appendingPathComponent("laundrytime")
        if !FileManager.default.fileExists(atPath: copy.path) {
            // Written through a close-on-exec descriptor: a child that another test starts at the
            // same moment must not inherit it open for writing, or running the copy fails with
            // "Text file busy" (ETXTBSY).
            let bytes = try Data(contentsOf: LaundryTimeProcess.binary)
            let descriptor = open(copy.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            try #require(descriptor >= 0, "cannot create \(copy.path)")
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            try #require(written == bytes.count, "cannot write \(copy.path)")
        }
        return copy
    }
}
