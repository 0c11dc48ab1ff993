import Foundation
import LaundryTestSupport
import Testing

/// A database file as the sqlite3 shell (or python3's sqlite3 module) reads it.
struct StoredDatabase {
    var integrity: [String] = []
    var foreignKeyProblems = 0
    var contents = StoredContents()

    /// Opening the file recovers a `-wal` file left by a killed process, as SQLite always does.
    static func read(_ database: URL) throws -> StoredDatabase {
        var stored = StoredDatabase()
        // First the checks, and whether the schema is there at all (a run killed early may have
        // left an empty file, or none).
        for row in try SQLiteShell.rows(database, [
            "SELECT 'integrity', * FROM pragma_integrity_check",
            "SELECT 'foreign keys', count(*) FROM pragma_foreign_key_check",
            "SELECT 'tables', count(*) FROM sqlite_master WHERE name IN ('pet', 'cycleEvent', 'transcriptMessage')",
        ]) {
            switch row.first {
            case "integrity": stored.integrity.append(row[1])
            case "foreign keys": stored.foreignKeyProblems = Int(row[1]) ?? -1
            case "tables" where row[1] != "3": return stored
            default: break
            }
        }
        for row in try SQLiteShell.rows(database, [
            "SELECT 'pet', name, washMinutes, stage FROM pet",
            "SELECT 'user', count(*) FROM transcriptMessage WHERE role = 'user'",
            "SELECT 'replies', count(*) FROM transcriptMessage WHERE role = 'assistant'",
            "SELECT 'ok', count(*) FROM transcriptMessage WHERE role = 'assistant' AND ok = 1",
            "SELECT 'events', count(*) FROM cycleEvent",
        ]) {
            switch row.first {
            case "pet": stored.contents.pets[row[1]] = .init(washMinutes: Int(row[2]) ?? -1, stage: row[3])
            case "user": stored.contents.userMessages = Int(row[1]) ?? -1
            case "replies": stored.contents.replies = Int(row[1]) ?? -1
            case "ok": stored.contents.okReplies = Int(row[1]) ?? -1
            case "events": stored.contents.cycleEvents = Int(row[1]) ?? -1
            default: break
            }
        }
        return stored
    }
}
