import Foundation
import GRDB

/// The database schema as a list of migrations, from the first version on.
///
/// Never edit a migration that has shipped: append a new one. A database that holds migrations
/// this list does not know was written by a newer LaundryTime and is refused, not migrated down.
package enum Schema {
    /// Every migration's identifier, in the order they are applied: the same on every engine.
    package static let identifiers = migrator.migrations

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1: pets, cycle events, settings, transcript") { db in
            try db.create(table: "pet") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                // Names are unique ignoring case: the key is the case-folded name.
                t.column("nameKey", .text).notNull().unique()
                t.column("washMinutes", .integer).notNull().check { $0 >= 1 && $0 <= 120 }
                t.column("dryMinutes", .integer).notNull().check { $0 >= 1 && $0 <= 120 }
                t.column("frequencyDays", .integer).notNull().check { $0 >= 1 && $0 <= 30 }
                t.column("createdAt", .datetime).notNull()
                t.column("lastCaredAt", .datetime).notNull()
                t.column("totalCycles", .integer).notNull().defaults(to: 0)
                t.column("currentStreak", .integer).notNull().defaults(to: 0)
                t.column("bestStreak", .integer).notNull().defaults(to: 0)
                t.column("stage", .text).notNull()
                    .check { ["idle", "washing", "wash_done", "drying", "dry_done"].contains($0) }
                t.column("timerStartedAt", .datetime)
                t.column("timerEndsAt", .datetime)
            }
            try db.create(table: "cycleEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("pet", onDelete: .cascade).notNull()
                // The name at the time, so that history reads right after a rename.
                t.column("petName", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("endsAt", .datetime)
            }
            try db.create(index: "cycleEvent_on_at", on: "cycleEvent", columns: ["at"])
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "transcriptMessage") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("at", .datetime).notNull()
                t.column("role", .text).notNull().check { ["user", "assistant", "notification"].contains($0) }
                t.column("text", .text).notNull()
                t.column("intent", .text)
                t.column("ok", .boolean)
                t.column("petName", .text)
            }
            try db.create(index: "transcriptMessage_on_at", on: "transcriptMessage", columns: ["at"])
        }

        migrator.registerMigration("v2: undo stack") { db in
            try db.create(table: "undoEntry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("at", .datetime).notNull()
                t.column("summary", .text).notNull()
                // An UndoRecord as JSON: the rows as they were before the change.
                t.column("payload", .text).notNull()
            }
        }

        migrator.registerMigration("v3: delivered notices") { db in
            // A notice (a timer's end, a mood crossing) is delivered by whoever claims its key
            // first: two prompts open on one database never both show it.
            try db.create(table: "deliveredNotice") { t in
                t.primaryKey("key", .text)
                t.column("at", .datetime).notNull()
            }
        }

        migrator.registerMigration("v4: identity, undo owners, maintenance") { db in
            // The file says it is LaundryTime's (application_id) and which store it is (user_version,
            // random): a database without the first is refused, and a write-ahead log whose page 1
            // names another store is never folded into this one (StoreIdentity).
            try db.execute(sql: "PRAGMA application_id = \(StoreIdentity.applicationID)")
            try db.execute(sql: "PRAGMA user_version = \(StoreIdentity.newStoreNumber())")
            try db.alter(table: "undoEntry") { t in
                // The session that made the change ("pid:start"), and the rows as the change left
                // them: undo takes back only a change whose pets are still as it left them.
                t.add(column: "session", .text)
                t.add(column: "expected", .text)
            }
            // When the store was last checked whole, when the transcript was last pruned.
            try db.create(table: "maintenance") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }

        migrator.registerMigration("v5: checks without IN lists") { db in
            // SQLite checks `stage IN ('idle', …)` by building a temporary table at every write of
            // the row: on the two tables every command writes, that was about a third of their
            // INSERT's and UPDATE's cost. The same rule written with OR costs nothing. A CHECK
            // cannot be altered, so the tables are built again with their rows (GRDB runs a
            // migration with foreign keys off, so the history stays with its pets): as v1 made
            // them, each IN list written as ORs, in SQL, since a migration is a snapshot that must
            // not change with the code around it.
            try rebuild(db, "pet", as: """
                "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                "name" TEXT NOT NULL,
                "nameKey" TEXT NOT NULL UNIQUE,
                "washMinutes" INTEGER NOT NULL CHECK (("washMinutes" >= 1) AND ("washMinutes" <= 120)),
                "dryMinutes" INTEGER NOT NULL CHECK (("dryMinutes" >= 1) AND ("dryMinutes" <= 120)),
                "frequencyDays" INTEGER NOT NULL CHECK (("frequencyDays" >= 1) AND ("frequencyDays" <= 30)),
                "createdAt" DATETIME NOT NULL,
                "lastCaredAt" DATETIME NOT NULL,
                "totalCycles" INTEGER NOT NULL DEFAULT 0,
                "currentStreak" INTEGER NOT NULL DEFAULT 0,
                "bestStreak" INTEGER NOT NULL DEFAULT 0,
                "stage" TEXT NOT NULL CHECK ("stage" = 'idle' OR "stage" = 'washing' OR "stage" = 'wash_done'
                    OR "stage" = 'drying' OR "stage" = 'dry_done'),
                "timerStartedAt" DATETIME,
                "timerEndsAt" DATETIME
                """)
            try rebuild(db, "transcriptMessage", as: """
                "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                "at" DATETIME NOT NULL,
                "role" TEXT NOT NULL CHECK ("role" = 'user' OR "role" = 'assistant' OR "role" = 'notification'),
                "text" TEXT NOT NULL,
                "intent" TEXT,
                "ok" BOOLEAN,
                "petName" TEXT
                """)
            try db.create(index: "transcriptMessage_on_at", on: "transcriptMessage", columns: ["at"])
        }

        migrator.registerMigration("v6: streaks count folds on time") { db in
            // The streak used to count every fold; it now counts care on time: a fold no
            // later than the pet's frequency after its previous fold (or its creation) adds 1, a
            // later one starts it over at 1, a revive at 0; the best is the highest it reached.
            // Each pet's folds are replayed by that rule, with its frequency as it is now (the
            // history does not say what it was). Written out here, not taken from LaundryCore, so
            // that this migration stays what it was when it shipped.
            let pets = try Row.fetchAll(db, sql: "SELECT id, frequencyDays, createdAt FROM pet")
            for pet in pets {
                let id: Int64 = pet[0]
                let frequencyMilliseconds = Int64(max(pet[1] as Int, 1)) * 86_400_000
                guard var previous = StoredDate.date(pet[2] as DatabaseValue) else { continue }
                var streak = 0, best = 0
                let folds = try Row.fetchAll(
                    db, sql: "SELECT kind, at FROM cycleEvent WHERE petId = ? AND kind IN ('folded', 'revived') ORDER BY at, id",
                    arguments: [id])
                for fold in folds {
                    guard let at = StoredDate.date(fold[1] as DatabaseValue) else { continue }
                    let elapsed = Int64((at.timeIntervalSince(previous) * 1000).rounded())
                    streak = (fold[0] as String) == "revived" ? 0 : elapsed <= frequencyMilliseconds ? streak + 1 : 1
                    best = max(best, streak)
                    previous = at
                }
                try db.execute(sql: "UPDATE pet SET currentStreak = ?, bestStreak = ? WHERE id = ?", arguments: [streak, best, id])
            }
        }

        migrator.registerMigration("v7: pauses") { db in
            // A pause holds a pet's decay: when it began and when it ends by itself, and
            // how long the pauses since the last fold held it. All NULL for a pet never paused.
            try db.alter(table: "pet") { t in
                t.add(column: "pausedAt", .datetime)
                t.add(column: "pausedUntil", .datetime)
                t.add(column: "heldMilliseconds", .integer).check { $0 >= 0 }
            }
        }

        migrator.registerMigration("v8: transcript members") { db in
            // Who typed each line, and whom each reply answered: a household's members
            // share one transcript. NULL for what was kept before.
            try db.alter(table: "transcriptMessage") { t in t.add(column: "member", .text) }
        }

        migrator.registerMigration("v9: notice claims until told") { db in
            // `--deliver-due` claims a notice until it is told: the claiming process
            // ("pid:start@machine/boot"), so that a run killed before telling leaves it to the
            // next. NULL for a notice told for good, as every one kept before was.
            try db.alter(table: "deliveredNotice") { t in t.add(column: "claimedBy", .text) }
        }

        migrator.registerMigration("v10: pet nicknames") { db in
            // What else a pet is called: the kind of laundry it stands for, then its nicknames, a
            // line each (Pet.nicknames). NULL for none, as for every pet kept before, so that their
            // rows, and the fingerprints undo took of them, stay what they were.
            try db.alter(table: "pet") { t in t.add(column: "nicknames", .text) }
        }

        return migrator
    }

    /// Builds `table` again with `columns` (the body of its CREATE TABLE), with its rows and its
    /// AUTOINCREMENT sequence (an id once given is never given again, not even one whose row was
    /// deleted). Its indexes must be made again by the caller.
    private static func rebuild(_ db: Database, _ table: String, as columns: String) throws {
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
        let names = try db.columns(in: table).map { $0.name.quotedDatabaseIdentifier }.joined(separator: ", ")
        let rebuilt = "rebuilt_" + table
        try db.execute(sql: "CREATE TABLE \(rebuilt) (\(columns))")
        try db.execute(sql: "INSERT INTO \(rebuilt) (\(names)) SELECT \(names) FROM \(table.quotedDatabaseIdentifier)")
        try db.drop(table: table)
        try db.rename(table: rebuilt, to: table)
        if let sequence {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(
                sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, max(?, (SELECT coalesce(max(id), 0) FROM \(table.quotedDatabaseIdentifier))))",
                arguments: [table, sequence])
        }
    }
}
