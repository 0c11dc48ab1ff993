import Foundation
import LaundryTestSupport
import Testing

/// Files that LaundryTime took over as if they were new stores — a store emptied
/// to zero bytes, another program's empty database, a link to nowhere — are refused like any
/// other foreign file: exit 3, the foreign file's sentence, nothing changed and nothing left
/// beside them. An empty `--data-dir` is a usage error, not the default store.
@Suite struct TakeoverTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// A store of 30 pets emptied to zero bytes (its seal still naming what it held) opened as
    /// "No Pets Yet", and the next write made a new store in its place.
    @Test func aStoreEmptiedToZeroBytesIsRefused() throws {
        let made = try laundrytime.run(script: (1...30).map { "create pet P\($0)\n" }.joined())
        try #require(made.status == 0)
        try #require(truncate(database.path, 0) == 0)
        for arguments in [["/status"], ["create", "pet", "Zed"]] {
            try expectRefused(try laundrytime.run(arguments), "is empty")
        }
        #expect(try Data(contentsOf: database).isEmpty, "still empty: nothing was made in its place")
    }

    /// A file nobody ever wrote to (zero bytes, no seal) is still where a new store begins.
    @Test func anEmptyFileWithoutASealStillBecomesAStore() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data().write(to: database)
        let made = try laundrytime.run(["create", "pet", "Snowy"])
        #expect(made.status == 0 && made.stdout.hasPrefix("Meet Snowy!"), "\(made.stdout) \(made.stderr)")
    }

    /// An SQLite database with no tables and a `user_version` LaundryTime never set is another
    /// program's, however empty: it was adopted.
    @Test func anEmptyDatabaseWithAnotherProgramsVersionIsRefused() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        _ = try SQLiteShell.rows(database, ["PRAGMA user_version = 42"])
        let original = try Data(contentsOf: database)
        for arguments in [["/status"], ["create", "pet", "Zed"]] {
            try expectRefused(try laundrytime.run(arguments), "user_version 42")
        }
        #expect(try Data(contentsOf: database) == original, "not a byte changed")
    }

    /// A symbolic link to nowhere at the store's path was followed: the store was made at its target.
    @Test func aLinkToNowhereIsRefused() throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let target = directory.url.appendingPathComponent("elsewhere/store.sqlite")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: database.path, withDestinationPath: target.path)
        for arguments in [["/status"], ["create", "pet", "Zed"]] {
            try expectRefused(try laundrytime.run(arguments), "a symbolic link to \(target.path), which does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: target.path), "nothing was made at the link's target")
        #expect(FileIdentity(database.path)?.linkTarget == target.path, "the link is as it was")
    }

    /// A link to a store that is there is followed as before: a store kept elsewhere on purpose.
    @Test func aLinkToAStoreIsFollowed() throws {
        let elsewhere = directory.url.appendingPathComponent("elsewhere")
        try #require(try LaundryTimeProcess(dataDirectory: elsewhere).run(["create", "pet", "Snowy"]).status == 0)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: database.path,
                                                   withDestinationPath: elsewhere.appendingPathComponent("laundrytime.sqlite").path)
        let status = try laundrytime.run(["/status"])
        #expect(status.status == 0 && status.stdout.contains("Snowy"), "\(status.stdout) \(status.stderr)")
    }

    /// `--data-dir ''` (a script's unset variable) used the default store, and `--data-dir=` took
    /// the next word for the folder (`--data-dir= create pet Snowy` made a store in `./create`):
    /// both are usage errors.
    @Test(arguments: [["--data-dir", ""], ["--data-dir="]])
    func anEmptyDataDirectoryIsAUsageError(_ option: [String]) throws {
        let home = directory.url.appendingPathComponent("home"), here = directory.url.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        let result = try laundrytime.run(option + ["create", "pet", "Snowy"], environment: ["HOME": home.path],
                                         dataDirectoryOption: false, directory: here)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("--data-dir was given an empty path"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path), "no store was made in the default place")
        #expect(try FileManager.default.contentsOfDirectory(atPath: here.path).isEmpty, "nor where the program ran")
    }

    /// LAUNDRYTIME_HOME set to nothing is as if it were not set, as XDG_DATA_HOME is (the XDG
    /// base directory spec's rule for an empty variable): the default store.
    @Test func anEmptyLaundryTimeHomeMeansTheDefault() throws {
        let home = directory.url.appendingPathComponent("home")
        let result = try laundrytime.run(["create", "pet", "Snowy"], environment: ["HOME": home.path, "LAUNDRYTIME_HOME": ""],
                                         dataDirectoryOption: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/laundrytime/laundrytime.sqlite").path))
    }

    /// A `-wal` of another database, refused (as another's, or as what would leave the store
    /// damaged), left a new `-shm` beside the two files.
    @Test func aRefusedLogLeavesNothingBeside() throws {
        try #require(try laundrytime.run(script: (1...5).map { "create pet P\($0)\n" }.joined()).status == 0)
        let other = directory.url.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let foreign = other.appendingPathComponent("laundrytime.sqlite")
        _ = try SQLiteShell.rows(foreign, ["PRAGMA journal_mode = WAL", "CREATE TABLE recipe (name TEXT)"])
        try SQLiteShell.writeAndCrash(foreign, (1...50).map { "INSERT INTO recipe VALUES ('dish \($0)')" })
        try FileManager.default.copyItem(atPath: foreign.path + "-wal", toPath: database.path + "-wal")
        let before = try [Data(contentsOf: database), Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))]
        let result = try laundrytime.run(["create", "pet", "Zed"])
        #expect(result.status == 3 && result.stderr.contains(database.path), "\(result.stderr)")
        #expect(try [Data(contentsOf: database), Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))] == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == ["laundrytime.sqlite", "laundrytime.sqlite-wal"])
    }

    // MARK: - Helpers

    /// Exit 3 with the sentence for a foreign file and `reason`, and nothing beside the file.
    private func expectRefused(_ result: LaundryTimeProcess.Result, _ reason: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.status == 3, "\(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("\(database.path) is not a LaundryTime database (") && result.stderr.contains(reason)
                    && result.stderr.contains("LaundryTime left it as it is"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result.stdout)", sourceLocation: sourceLocation)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: data.path)
        #expect(siblings == ["laundrytime.sqlite"], "nothing added beside it: \(siblings)", sourceLocation: sourceLocation)
    }
}
