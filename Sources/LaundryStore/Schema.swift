import GRDB

/// The database schema as a list of migrations, from the first version on.
///
/// Never edit a migration that has shipped: append a new one. A database that holds migrations
/// this list does not know was written by a newer LaundryTime and is refused, not migrated down.
enum Schema {
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

        return migrator
    }
}
