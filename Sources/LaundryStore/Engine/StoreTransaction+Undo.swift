import Foundation
import GRDB
import LaundryCore

/// What `undo` did, or why it did nothing.
public enum UndoOutcome: Equatable, Sendable {
    /// The change is taken back. `madeHere` is false for a change of an earlier session (a run of
    /// the program that has ended), which the reply names with its time.
    case undone(UndoRecord, at: Date, madeHere: Bool)
    /// Nothing on the stack.
    case nothingToUndo
    /// A pet (or the settings) the change touched is no longer as the change left it: taking it
    /// back would also take back what came after. `newer` is the change that came after, when
    /// the stack still knows it.
    case changedSince(summary: String, at: Date, newer: NewerChange?)
    /// This session has made no change, and the latest was made by another session still running.
    case madeElsewhere(summary: String, at: Date, by: ProcessSession)

    public struct NewerChange: Equatable, Sendable {
        public let summary: String
        public let at: Date
        /// The session that made it, when that is another one still running (or one on another
        /// computer): the change is its to undo.
        public let elsewhere: ProcessSession?
    }
}

extension StoreTransaction {
    public static let undoDepth = 100

    /// The undo stack, in this transaction.
    public var undoStack: UndoStack { UndoStack(transaction: self) }

    /// Keeps how to reverse a change just made (``UndoStack/push(_:at:)``).
    public func pushUndo(_ record: UndoRecord, at now: Date) throws {
        try undoStack.push(record, at: now)
    }

    /// Takes back a change (``UndoStack/undo()``).
    public func undo() throws -> UndoOutcome {
        try undoStack.undo()
    }

    /// What an undo would take back now (``UndoStack/preview()``).
    public func undoPreview() throws -> UndoOutcome {
        try undoStack.preview()
    }
}

/// The undo stack: one row per change, with what reverses it (``LaundryCore/UndoRecord``), who
/// made it (``ProcessSession``), and a fingerprint of every row it left behind.
///
/// Several programs may share a store, so `undo` does not simply pop the newest row: a session
/// takes back its own latest change first; one that has made none takes back the latest change of
/// all — of an earlier run — but never one of another session that is still running (that is its
/// to undo). And a change is taken back only while the pets it touched are still exactly as it left
/// them: otherwise it would silently take back the newer change too.
public struct UndoStack {
    let transaction: StoreTransaction
    private var connection: any StoreConnection { transaction.connection }
    private var memory: StoreMemory { transaction.memory }

    private static let selectEntries = "SELECT \(UndoEntryRecord.columnList) FROM undoEntry"
    private static let insertEntry = RowInsert(into: "undoEntry", columns: ["at", "summary", "payload", "session", "expected"])

    /// Keeps how to reverse a change just made. The stack holds the latest
    /// ``StoreTransaction/undoDepth`` changes.
    public func push(_ record: UndoRecord, at now: Date) throws {
        let payload = try UndoPayload.json(record)
        transaction.changes?.changed(record.summary)
        memory.remember(record, as: payload)
        memory.ownUndoTop = nil
        let expected = try fingerprints(of: Touched(record)).text
        let values = [try transaction.storable(now).databaseValue, record.summary.databaseValue, payload.databaseValue,
                      ProcessSession.current.description.databaseValue, expected.databaseValue]
        // This session's newest entry, kept as a read would give it, once its id is known.
        try connection.send(Self.insertEntry, values) { [memory] id in
            if let entry = try? UndoEntryRecord(values: [id.databaseValue] + values) { memory.ownUndoTop = .some(entry) }
        }
        let entries = try memory.undoEntries.map { $0 + 1 } ?? connection.value(Int.self, "SELECT count(*) FROM undoEntry") ?? 0
        if entries == StoreTransaction.undoDepth + 1 {
            // One over, as after every push once the stack is full: the oldest goes.
            try transaction.send("DELETE FROM undoEntry WHERE id = (SELECT min(id) FROM undoEntry)")
        } else if entries > StoreTransaction.undoDepth {
            // Older than the undoDepth-th newest: walks the newest ids only, not the whole table.
            try transaction.send(
                "DELETE FROM undoEntry WHERE id < (SELECT id FROM undoEntry ORDER BY id DESC LIMIT 1 OFFSET ?)",
                [(StoreTransaction.undoDepth - 1).databaseValue])
        }
        memory.undoEntries = min(entries, StoreTransaction.undoDepth)
    }

    /// Takes back this session's latest change — or, when it has made none that is still on the
    /// stack, the latest change of all, unless that one belongs to another session still running
    /// (see the type's comment).
    public func undo() throws -> UndoOutcome {
        let candidate: UndoEntryRecord
        switch try choose() {
        case .refused(let outcome): return outcome
        case .entry(let entry): candidate = entry
        }
        let record = try memory.undoRecord(candidate.payload)
        try transaction.send("DELETE FROM undoEntry WHERE id = ?", [candidate.id.databaseValue])
        memory.forgetUndoRecord(candidate.payload)
        memory.undoEntries = memory.undoEntries.map { $0 - 1 }
        memory.ownUndoTop = nil
        for step in record.steps { try apply(step) }
        transaction.changes?.changed("took back “\(record.summary)”")
        return .undone(record, at: candidate.at, madeHere: candidate.session == ProcessSession.current.description)
    }

    /// The outcome ``undo()`` would have now, with nothing taken back: lets a reply ask before an
    /// undo that deletes a pet.
    public func preview() throws -> UndoOutcome {
        switch try choose() {
        case .refused(let outcome):
            return outcome
        case .entry(let entry):
            return .undone(try memory.undoRecord(entry.payload), at: entry.at, madeHere: entry.session == ProcessSession.current.description)
        }
    }

    private enum Choice {
        case entry(UndoEntryRecord)
        case refused(UndoOutcome)
    }

    /// The change an undo takes back, or why there is none.
    private func choose() throws -> Choice {
        let me = ProcessSession.current
        let candidate: UndoEntryRecord
        let own: UndoEntryRecord?
        if let kept = memory.ownUndoTop {
            own = kept
        } else {
            own = try entry(Self.selectEntries + " WHERE session = ? ORDER BY id DESC LIMIT 1", [me.description.databaseValue])
            memory.ownUndoTop = .some(own)
        }
        if let own {
            candidate = own
        } else {
            guard let latest = try entry(Self.selectEntries + " ORDER BY id DESC LIMIT 1") else {
                return .refused(.nothingToUndo)
            }
            if let owner = latest.session.flatMap(ProcessSession.init), owner != me, owner.isRunning {
                return .refused(.madeElsewhere(summary: latest.summary, at: latest.at, by: owner))
            }
            candidate = latest
        }
        if let expected = candidate.expected.map(Fingerprints.init(text:)),
           let differing = expected.firstDifference(from: try fingerprints(of: expected.touched, like: expected)) {
            return .refused(.changedSince(summary: candidate.summary, at: candidate.at, newer: try change(touching: differing, after: candidate.id)))
        }
        return .entry(candidate)
    }

    private func entry(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> UndoEntryRecord? {
        try connection.firstRow(sql, arguments).map(UndoEntryRecord.init(values:))
    }

    /// The oldest change after `id` that touched `what`: the one that came right after.
    private func change(touching what: Touched.Item, after id: Int64) throws -> UndoOutcome.NewerChange? {
        var found: UndoOutcome.NewerChange?
        try connection.forEachRow(Self.selectEntries + " WHERE id > ? ORDER BY id", [id.databaseValue]) { row in
            guard found == nil else { return }
            let entry = try UndoEntryRecord(values: row)
            guard let expected = entry.expected.map(Fingerprints.init(text:)), expected.touched.items.contains(what) else { return }
            let owner = entry.session.flatMap(ProcessSession.init)
            found = UndoOutcome.NewerChange(
                summary: entry.summary, at: entry.at, elsewhere: owner.flatMap { $0 != .current && $0.isRunning ? $0 : nil })
        }
        return found
    }

    private func apply(_ step: UndoStep) throws {
        switch step {
        case .restorePet(let pet):
            // A pet this connection knows to be stored (the rows are as it read or wrote them:
            // the fingerprints said so) is updated without waiting; else an update tells whether
            // its row is there, or it is put back.
            if let id = pet.id, memory.petRows[id] != nil || memory.pets?.contains(where: { $0.id == id }) == true {
                try transaction.update(pet)
            } else if try !transaction.updateRow(of: pet) {
                _ = try transaction.insertRow(of: pet)
                memory.forgetPets()
            }
        case .removePet(let id):
            try transaction.deletePet(id: id)
        case .removeEvent(let id):
            try transaction.send("DELETE FROM cycleEvent WHERE id = ?", [id.databaseValue])
        case .restoreEvents(let events):
            for event in events {
                let record = CycleEventRecord(
                    id: event.id, petId: event.petId, petName: event.petName, kind: event.kind, at: event.at, endsAt: event.endsAt)
                try transaction.send(StoreTransaction.insertEvent.sqlWithID, record.values)
            }
        case .restoreSettings(let settings):
            try transaction.save(settings)
        }
    }

    // MARK: - Fingerprints

    /// The rows as they are now: each touched pet's row (or its absence), and the settings — each
    /// hashed the way `earlier` hashed it, when it was made by an older version.
    private func fingerprints(of touched: Touched, like earlier: Fingerprints? = nil) throws -> Fingerprints {
        var values: [Touched.Item: String] = [:]
        for item in touched.items {
            let hash = earlier?.values[item].map(Fingerprints.hashFunction(of:)) ?? { Fingerprints.hash($0) }
            switch item {
            case .pet(let id):
                values[item] = try petRow(id).map { hash(PetRecord.fingerprinted($0)) } ?? "-"
            case .settings:
                values[item] = hash(try transaction.settingRows())
            }
        }
        return Fingerprints(values: values)
    }

    /// A pet's row as stored (nil when there is none): as this connection last wrote it, else read.
    private func petRow(_ id: Int64) throws -> [DatabaseValue]? {
        if let written = memory.petRows[id] { return written }
        return try connection.firstRow("SELECT \(PetRecord.columnList) FROM pet WHERE id = ?", [id.databaseValue])
    }
}
