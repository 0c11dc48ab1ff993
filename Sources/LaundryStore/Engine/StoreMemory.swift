import Foundation
import GRDB
import LaundryCore

/// What the store's connection remembers from one command to the next, so that a command does not
/// read again what the one before it read or wrote:
/// - the pets, exactly as a read of their rows would give them (every command starts by reading
///   all of them, and reading and decoding them was the largest part of a scripted command);
/// - the undo records this process wrote or read, by their stored JSON (decoding it was most of
///   what `undo` cost);
/// - when the transcript was last pruned (looked up by every command otherwise), and how many
///   changes the undo stack holds (so that it is cut back to its depth only when it is over);
/// - the settings' rows (a setting's change read them twice, for the reply and for undo);
/// - this session's newest undo entry, from an undo's preview to the undo (it was read twice).
///
/// What was read stays true only while no other connection writes and this one keeps what it
/// writes in step: ``beginTransaction(_:)`` forgets everything when SQLite's `data_version` says
/// another connection has committed since, a rollback forgets it (``forget()``), and the writes of
/// ``StoreTransaction`` update or drop the pets they change. The undo records need none of this:
/// the same JSON always stands for the same record.
///
/// Only used on the store's database queue, one command at a time (hence `@unchecked Sendable`).
package final class StoreMemory: @unchecked Sendable {
    package init() {}

    /// Every pet in id order, or nil when they must be read.
    private(set) var pets: [Pet]?
    /// The rows this connection wrote for pets (the values of ``PetRecord/columns``), for the
    /// undo stack's fingerprints: what reading them back would give.
    private(set) var petRows: [Int64: [DatabaseValue]] = [:]
    /// When the transcript was last pruned, as stored, or nil when it must be read.
    var lastPruned: Date?
    /// How many changes the undo stack holds, or nil when it must be counted.
    var undoEntries: Int?
    /// The settings' rows (key, value) in the order the database sorts their keys, or nil when they
    /// must be read.
    var settingRows: [[DatabaseValue]]?
    /// This session's newest undo entry as last read (`.some(nil)`: it has none), or nil when it
    /// must be read; forgotten by every change of the undo stack.
    var ownUndoTop: UndoEntryRecord??
    private var undoRecords: [String: UndoRecord] = [:]
    private var dataVersion: Int64?

    /// At the start of a transaction (not of a savepoint inside one): forgets what another
    /// connection may have changed since the last.
    func beginTransaction(_ db: Database) throws {
        let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version"))
        if version != dataVersion {
            forget()
            dataVersion = version
        }
    }

    /// Forgets the pets and the pruning date: after a rollback, or another connection's commit.
    package func forget() {
        forgetPets()
        lastPruned = nil
        undoEntries = nil
        settingRows = nil
        ownUndoTop = nil
    }

    /// Forgets the pets: after a write that adds or removes one.
    func forgetPets() {
        pets = nil
        petRows.removeAll(keepingCapacity: true)
    }

    /// Keeps the pets just read from their rows.
    func keep(_ pets: [Pet]) {
        self.pets = pets
    }

    /// Keeps a pet whose row was just written with `row`, as that row reads back (`pet` nil: it
    /// does not read as a pet, so the next command reads the rows and finds that out).
    func updated(_ pet: Pet?, id: Int64, row: [DatabaseValue]) {
        petRows[id] = row
        guard let pet, let index = pets?.firstIndex(where: { $0.id == id }) else {
            pets = nil
            return
        }
        pets?[index] = pet
    }

    /// The undo record stored as `payload`: remembered, or decoded (and remembered).
    func undoRecord(_ payload: String) throws -> UndoRecord {
        if let known = undoRecords[payload] { return known }
        let record = try JSONDecoder().decode(UndoRecord.self, from: Data(payload.utf8))
        remember(record, as: payload)
        return record
    }

    /// Keeps `record` under the JSON it is stored as; at most ``StoreTransaction/undoDepth``.
    func remember(_ record: UndoRecord, as payload: String) {
        if undoRecords.count >= StoreTransaction.undoDepth { undoRecords.removeAll(keepingCapacity: true) }
        undoRecords[payload] = record
    }

    func forgetUndoRecord(_ payload: String) {
        undoRecords[payload] = nil
    }
}
