import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// A pet's kind and nicknames: one column of the pet's row, added by schema v10 to stores that
/// already hold pets — and changes made before it must still be undone.
@Suite struct NicknameStorageTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600)

    /// A store at schema v9 with Snowy washing and Fluffy idle, and the undo entry of Snowy's wash
    /// as v9 wrote it: the pet in its payload without nicknames, the fingerprint of its v9 row.
    private func storeAtV9(_ directory: TemporaryDirectory) throws {
        let queue = try DatabaseQueue(path: directory.url.appendingPathComponent("laundrytime.sqlite").path)
        try Schema.migrator.migrate(queue, upTo: "v9: notice claims until told")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO pet (name, nameKey, washMinutes, dryMinutes, frequencyDays, createdAt, lastCaredAt, stage,
                                 timerStartedAt, timerEndsAt)
                VALUES ('Snowy', 'snowy', 45, 60, 7, '2026-03-01 09:00:00.000', '2026-03-01 09:00:00.000', 'washing',
                        '2026-03-01 09:00:00.000', '2026-03-01 09:45:00.000'),
                       ('Fluffy', 'fluffy', 45, 60, 7, '2026-03-01 09:00:00.000', '2026-03-01 09:00:00.000', 'idle', NULL, NULL)
                """)
            let idle = Pet(id: 1, name: try PetName("Snowy"), createdAt: start)
            let payload = try UndoPayload.json(UndoRecord(summary: "started Snowy's wash", steps: [.restorePet(idle)]))
                .replacingOccurrences(of: #","nicknames":[]"#, with: "")
            #expect(!payload.contains("nicknames"))
            // v9 hashed the row's columns but the pause's, all NULL.
            let hashed = PetRecord.columns.filter { $0 != "nicknames" && !PetRecord.pauseColumns.contains($0) }
            let row = try #require(try Row.fetchOne(db, sql: "SELECT \(hashed.joined(separator: ", ")) FROM pet WHERE id = 1"))
            let expected = "pet 1 " + Fingerprints.hash(Array(row.databaseValues))
            try db.execute(
                sql: "INSERT INTO undoEntry (at, summary, payload, expected) VALUES ('2026-03-01 09:00:00.000', ?, ?, ?)",
                arguments: ["started Snowy's wash", payload, expected])
        }
        try queue.close()
    }

    @Test func aV9StoreKeepsItsPetsWithoutNicknamesAndItsUndo() throws {
        let directory = TemporaryDirectory()
        try storeAtV9(directory)
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        #expect(try store.read { try $0.appliedMigrations().last } == "v10: pet nicknames")
        let pets = try store.read { try $0.pets() }
        #expect(pets.map(\.name.value) == ["Snowy", "Fluffy"])
        #expect(pets.allSatisfy { $0.nicknames.isEmpty })
        let outcome = try store.write { try $0.undo() }
        guard case .undone(let record, _, _) = outcome else {
            Issue.record("the wash made before v10 is not undone: \(outcome)")
            return
        }
        #expect(record.summary == "started Snowy's wash")
        #expect(try store.read { try $0.pet(named: "Snowy")?.cycle } == .idle)
        store.close()
        let queue = try DatabaseQueue(path: directory.url.appendingPathComponent("laundrytime.sqlite").path)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pet WHERE nicknames IS NOT NULL") } == 0)
    }

    /// One column, a nickname a line, NULL for none: a pet without nicknames has the row it had.
    @Test func nicknamesAreOneColumnALineEach() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { transaction in
            _ = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start, nicknames: ["whites", "bright whites"]))
            _ = try transaction.insert(Pet(name: try PetName("Fluffy"), createdAt: start))
        }
        store.close()
        let queue = try DatabaseQueue(path: directory.url.appendingPathComponent("laundrytime.sqlite").path)
        let stored = try queue.read { try String?.fetchAll($0, sql: "SELECT nicknames FROM pet ORDER BY id") }
        #expect(stored == ["whites\nbright whites", nil])
        try queue.close()
        let reopened = try LaundryStore(location: StoreLocation(directory: directory.url))
        #expect(try reopened.read { try $0.pets().map(\.nicknames) } == [["whites", "bright whites"], []])
    }
}
