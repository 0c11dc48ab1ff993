import Foundation
import LaundryAssistant
import LaundryTestSupport
import Testing

/// `laundrytime --yes export history as csv to DATA/laundrytime.sqlite` (or a "yes" to the
/// overwrite question) replaced the database with the CSV — every pet, setting and message gone —
/// and an export onto the `-wal` of a store in use, then a crash of its holder, lost answered
/// commands. An export never writes onto the store's own files, by name or by inode, nor onto a
/// file the program holds open; it is refused in a sentence, under `--yes`, after a "yes" and in a
/// dry run alike, and the store keeps every row.
@Suite struct ExportOntoStoreTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// The rows that must survive, table by table, and SQLite's own verdict on the file.
    struct Kept: Equatable {
        let integrity: [[String]]
        let pets, events, settings: String
        let messages: Int
    }

    func kept() throws -> Kept {
        let rows = try SQLiteShell.rows(database, [
            "PRAGMA integrity_check", "SELECT count(*) FROM pet", "SELECT count(*) FROM cycleEvent",
            "SELECT count(*) FROM setting", "SELECT count(*) FROM transcriptMessage",
        ])
        try #require(rows.count == 5, "\(rows)")
        return Kept(integrity: [rows[0]], pets: rows[1][0], events: rows[2][0], settings: rows[3][0], messages: Int(rows[4][0]) ?? -1)
    }

    /// A store with pets, history, a setting and a transcript.
    func makeStore() throws -> Kept {
        let made = try laundrytime.run(script: "create pet Snowy\ncreate pet Bo\nstart wash for snowy\nkeep the transcript for 90 days\n")
        try #require(made.status == 0, "\(made.stdout)\(made.stderr)")
        let before = try kept()
        try #require(before.integrity == [["ok"]] && before.pets == "2" && before.settings != "0", "\(before)")
        return before
    }

    /// The refused export's own line and its reply join the transcript; nothing else changes.
    func expectNothingLost(since before: Kept, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let after = try kept()
        #expect(after.integrity == [["ok"]] && after.pets == before.pets && after.events == before.events
                    && after.settings == before.settings && after.messages >= before.messages,
                "\(context): \(before) → \(after)", sourceLocation: sourceLocation)
    }

    func expectRefused(_ result: LaundryTimeProcess.Result, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(context): \(result.status) \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains("could lose your pets") && result.stdout.hasSuffix(" Nothing was written.\n"),
                "\(context): \(result.stdout)", sourceLocation: sourceLocation)
    }

    @Test func theDatabaseItselfIsRefusedUnderYesAfterAYesAndInADryRun() throws {
        let before = try makeStore()
        let identity = FileIdentity(database.path)
        let target = database.path
        expectRefused(try laundrytime.run(["--yes", "export", "history", "as", "csv", "to", target]), "--yes")
        expectRefused(try laundrytime.run(["--dry-run", "export", "history", "as", "csv", "to", target]), "--dry-run")
        // Asked without --yes: refused before any question, so the "yes" that follows confirms nothing.
        let asked = try laundrytime.run(["--json"], script: "export history as csv to \(target)\nyes\n")
        let first = asked.jsonLines.first
        #expect(first?["ok"] as? Bool == false && first?["awaiting"] == nil, "\(asked.stdout)")
        #expect((first?["text"] as? String)?.contains("could lose your pets") == true, "\(asked.stdout)")
        #expect(FileIdentity(database.path) == identity)
        try expectNothingLost(since: before, "the database")
    }

    /// SQLite's files beside the database, whether they are there now or not: the next run would
    /// take a CSV there for its log or journal (or drop it).
    @Test(arguments: ["-wal", "-shm", "-journal"])
    func theFilesBesideTheDatabaseAreRefused(_ suffix: String) throws {
        let before = try makeStore()
        let target = database.path + suffix
        let existed = FileIdentity(target)
        expectRefused(try laundrytime.run(["--yes", "export", "history", "to", target]), suffix)
        expectRefused(try laundrytime.run(["--dry-run", "export", "history", "to", target]), suffix + " dry run")
        #expect(FileIdentity(target) == existed)
        try expectNothingLost(since: before, suffix)
    }

    /// Another name for the same file: a hard link elsewhere, a folder reached through a symbolic link.
    @Test func theStoreIsKnownByItsInodeAndItsFolderThroughLinks() throws {
        let before = try makeStore()
        let other = directory.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        let hardLink = other.appendingPathComponent("history.csv").path
        try #require(link(database.path, hardLink) == 0)
        let folderLink = other.appendingPathComponent("store").path
        try FileManager.default.createSymbolicLink(atPath: folderLink, withDestinationPath: data.path)
        for target in [hardLink, folderLink + "/laundrytime.sqlite", folderLink + "/laundrytime.sqlite-journal",
                       data.path + "/../data/laundrytime.sqlite-wal"] {
            expectRefused(try laundrytime.run(["--yes", "export", "history", "to", target]), target)
        }
        #expect(FileIdentity(hardLink)?.inode == FileIdentity(database.path)?.inode)
        try expectNothingLost(since: before, "links")
    }

    /// The reported loss: another LaundryTime has the store open and has answered a command (it is in
    /// the `-wal`, not yet in the database); an export onto that `-wal`, then a crash of the holder.
    /// Refused, the answered command survives the crash.
    @Test func anAnsweredCommandOfAStoreInUseSurvivesAnExportOntoItsLog() throws {
        _ = try makeStore()
        let holder = try RunningLaundryTime(["--json"], dataDirectory: data, script: "create pet Fluffy\n", keepInputOpen: true)
        let answer = holder.nextLine() ?? ""
        #expect(answer.contains("\"ok\":true"), "\(answer)")
        try #require(FileManager.default.fileExists(atPath: database.path + "-wal"))
        for suffix in ["-wal", "-shm"] {
            expectRefused(try laundrytime.run(["--yes", "export", "history", "to", database.path + suffix]), suffix)
        }
        holder.killNow()
        _ = holder.finish()
        let pets = try laundrytime.run(["/pets"])
        #expect(pets.status == 0 && pets.stdout.hasPrefix("You have 3 pets") && pets.stdout.contains("Fluffy"), "\(pets.stdout)\(pets.stderr)")
        #expect(try kept().integrity == [["ok"]])
    }

    /// A file the program holds open is refused under whatever name it has now: here the database's
    /// write-ahead log, renamed while the store has it open, so that no name of the store's leads to
    /// it any more. (A renamed database is refused before any export: DeletedStoreTests.)
    @Test func aFileTheStoreHoldsOpenIsRefusedUnderAnyName() throws {
        let fixture = try AssistantFixture()
        #expect(fixture.say("create pet Snowy").ok)
        let original = fixture.directory.url.appendingPathComponent("laundrytime.sqlite-wal").path
        let moved = fixture.directory.url.appendingPathComponent("moved.csv").path
        try #require(rename(original, moved) == 0)
        defer { rename(moved, original) }
        let identity = FileIdentity(moved)
        let reply = fixture.say("export history as csv to \(moved)")
        #expect(!reply.ok && reply.awaiting == nil && reply.text.hasPrefix("\(moved) is a file LaundryTime has open: "), "\(reply.text)")
        #expect(FileIdentity(moved) == identity)
    }
}
