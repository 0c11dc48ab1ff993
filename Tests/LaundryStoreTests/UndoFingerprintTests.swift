import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// Undo compares each touched row with the fingerprint the change left. Fingerprints are now
/// hashed from the values ("2." …); those written before, from the values' descriptions, must go
/// on working in stores made by an older version.
@Suite struct UndoFingerprintTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600)

    /// A store with Snowy washing, whose undo entry's fingerprint is rewritten as an older version
    /// wrote it: of the row without its pause and nickname columns (before schema v7), by `hash` —
    /// the old way (of the values' descriptions) unless told.
    private func storeWithOldFingerprints(
        hash: ([DatabaseValue]) -> String = Fingerprints.legacyHash
    ) throws -> (LaundryStore, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { transaction in
            let snowy = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start))
            guard case .changed(let washing, _) = snowy.applying(.startWash, at: start) else { return }
            try transaction.update(washing)
            try transaction.pushUndo(UndoRecord(summary: "started Snowy's wash", steps: [.restorePet(snowy)]), at: start)
            let expected = try #require(try String.fetchOne(transaction.db, sql: "SELECT expected FROM undoEntry"))
            #expect(expected.hasPrefix("pet \(snowy.id!) 2."))
            let before = PetRecord.columns.filter { !PetRecord.pauseColumns.contains($0) && $0 != "nicknames" }
            let row = try #require(try Row.fetchOne(transaction.db, sql: "SELECT \(before.joined(separator: ", ")) FROM pet"))
            let old = "pet \(snowy.id!) " + hash(Array(row.databaseValues))
            try transaction.db.execute(sql: "UPDATE undoEntry SET expected = ?", arguments: [old])
        }
        // Opened afresh, as the older version's file would be: the store that wrote the entry
        // keeps it as it wrote it.
        return (try LaundryStore(location: StoreLocation(directory: directory.url)), directory)
    }

    /// A change made before schema v7 fingerprinted the pet's row without its pause columns: the
    /// same row, unpaused, is still as the change left it.
    @Test func aChangeFingerprintedBeforePausesIsStillUndone() throws {
        let (store, directory) = try storeWithOldFingerprints(hash: Fingerprints.hash)
        withExtendedLifetime(directory) {}
        let outcome = try store.write { try $0.undo() }
        guard case .undone = outcome else {
            Issue.record("not undone: \(outcome)")
            return
        }
    }

    @Test func aChangeFingerprintedTheOldWayIsStillUndone() throws {
        let (store, directory) = try storeWithOldFingerprints()
        withExtendedLifetime(directory) {}
        let outcome = try store.write { try $0.undo() }
        guard case .undone = outcome else {
            Issue.record("not undone: \(outcome)")
            return
        }
        #expect(try store.read { try $0.pets() }.first?.cycle == .idle)
    }

    @Test func aRowChangedSinceAnOldFingerprintIsNotUndone() throws {
        let (store, directory) = try storeWithOldFingerprints()
        withExtendedLifetime(directory) {}
        try store.write { transaction in
            var snowy = try #require(try transaction.pets().first)
            snowy.settings.dryMinutes = 70
            try transaction.update(snowy)
        }
        let outcome = try store.write { try $0.undo() }
        guard case .changedSince = outcome else {
            Issue.record("expected changedSince, got \(outcome)")
            return
        }
    }

    @Test func theHashTellsValuesOfEveryTypeApart() {
        let values: [[DatabaseValue]] = [
            [.null], [Int64(0).databaseValue], [Double(0).databaseValue], ["0".databaseValue], [Data([0x30]).databaseValue],
            ["ab".databaseValue, "c".databaseValue], ["a".databaseValue, "bc".databaseValue], [],
        ]
        let hashes = values.map(Fingerprints.hash)
        #expect(Set(hashes).count == values.count)
        #expect(hashes.allSatisfy { $0.hasPrefix("2.") })
    }
}
