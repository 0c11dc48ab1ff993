import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// Migrations that rebuild a table must keep every row, the id sequence and the other tables'
/// references, and leave the same rules in force.
@Suite struct SchemaMigrationTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600)

    /// A store at schema v4 (before the checks were rewritten), with pets, history and transcript,
    /// and a deleted pet whose id must never be given again.
    private func storeAtV4(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.url.appendingPathComponent("laundrytime.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v4: identity, undo owners, maintenance")
        try queue.write { db in
            for name in ["Snowy", "Fluffy", "Gone"] {
                try db.execute(
                    sql: """
                        INSERT INTO pet (name, nameKey, washMinutes, dryMinutes, frequencyDays, createdAt, lastCaredAt, stage)
                        VALUES (?, ?, 45, 60, 3, '2026-03-01 09:00:00.000', '2026-03-01 09:00:00.000', 'idle')
                        """, arguments: [name, name.lowercased()])
            }
            try db.execute(sql: "INSERT INTO cycleEvent (petId, petName, kind, at) VALUES (1, 'Snowy', 'folded', '2026-03-02 09:00:00.000')")
            try db.execute(sql: "DELETE FROM pet WHERE name = 'Gone'")
            for index in 0..<50 {
                try db.execute(sql: "INSERT INTO transcriptMessage (at, role, text) VALUES ('2026-03-01 09:00:00.000', 'user', ?)", arguments: ["line \(index)"])
            }
            try db.execute(sql: "DELETE FROM transcriptMessage WHERE id = 50")
        }
        try queue.close()
        return path
    }

    /// v6 replays each pet's folds by the streak's rule: on time (within the frequency after the
    /// previous fold or creation) adds 1, late starts over at 1, a revive starts at 0.
    @Test func streaksAreReplayedFromTheHistory() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("laundrytime.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v5: checks without IN lists")
        try queue.write { db in
            // Every 7 days, created 1 March; the old rule counted every fold: 6 of them, best 6.
            try db.execute(sql: """
                INSERT INTO pet (name, nameKey, washMinutes, dryMinutes, frequencyDays, createdAt, lastCaredAt,
                                 totalCycles, currentStreak, bestStreak, stage)
                VALUES ('Snowy', 'snowy', 45, 60, 7, '2026-03-01 09:00:00.000', '2026-04-20 09:00:00.000', 6, 6, 6, 'idle'),
                       ('Fluffy', 'fluffy', 45, 60, 7, '2026-03-01 09:00:00.000', '2026-03-01 09:00:00.000', 0, 0, 0, 'idle')
                """)
            let folds = [
                ("2026-03-08 09:00:00.000", "folded"),   // exactly due: on time → 1
                ("2026-03-15 09:00:00.001", "folded"),   // a millisecond late → 1
                ("2026-03-20 09:00:00.000", "folded"),   // on time → 2
                ("2026-03-25 09:00:00.000", "folded"),   // on time → 3 (best 3)
                ("2026-04-15 09:00:00.000", "revived"),  // dead → 0
                ("2026-04-20 09:00:00.000", "folded"),   // on time → 1
            ]
            for (at, kind) in folds {
                try db.execute(sql: "INSERT INTO cycleEvent (petId, petName, kind, at) VALUES (1, 'Snowy', ?, ?)", arguments: [kind, at])
            }
        }
        try queue.close()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        let pets = try store.read { try $0.pets() }
        #expect(pets.map(\.stats) == [
            PetStats(totalCycles: 6, currentStreak: 1, bestStreak: 3),
            PetStats(totalCycles: 0, currentStreak: 0, bestStreak: 0),
        ])
    }

    @Test func rewritingTheChecksKeepsRowsSequencesAndReferences() throws {
        let directory = TemporaryDirectory()
        let path = try storeAtV4(directory)
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        let pets = try store.read { try $0.pets() }
        #expect(pets.map(\.name.value) == ["Snowy", "Fluffy"])
        #expect(try store.read { try $0.eventCount() } == 1)
        #expect(try store.read { try $0.transcript.count() } == 49)
        // The ids of the deleted pet and message are not given again.
        let newPet = try store.write { try $0.insert(Pet(name: try PetName("Newcomer"), createdAt: start)) }
        #expect(newPet.id == 4)
        try store.write { try $0.transcript.append([TranscriptMessage(at: start, role: .user, text: "hello")]) }
        store.close()

        let queue = try DatabaseQueue(path: path)
        try queue.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT max(id) FROM transcriptMessage") == 51)
            let tables = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE name IN ('pet', 'transcriptMessage')")
            #expect(tables.count == 2)
            // A CHECK with an IN list makes SQLite build a temporary table at every write.
            #expect(tables.allSatisfy { !$0.contains(" IN (") })
            #expect(try String.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            #expect(try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'transcriptMessage_on_at')") == true)
        }
        // The rules still hold.
        try queue.write { db in
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO transcriptMessage (at, role, text) VALUES ('2026-03-01 09:00:00.000', 'robot', 'x')")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE pet SET stage = 'folded' WHERE id = 1")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE pet SET washMinutes = 0 WHERE id = 1")
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO pet (name, nameKey, washMinutes, dryMinutes, frequencyDays, createdAt, lastCaredAt, stage) VALUES ('x', 'snowy', 45, 60, 3, 'a', 'b', 'idle')")
            }
        }
        try queue.write { db in
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            try db.execute(sql: "DELETE FROM pet WHERE id = 1")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cycleEvent") == 0, "the history still goes with its pet")
        }
    }
}
