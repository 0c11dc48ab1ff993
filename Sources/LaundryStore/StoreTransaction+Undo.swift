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
        /// Made by another session that is still running.
        public let elsewhere: Bool
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
extension StoreTransaction {
    public static let undoDepth = 100

    /// Keeps how to reverse a change just made. The stack holds the latest ``undoDepth`` changes.
    public func pushUndo(_ record: UndoRecord, at now: Date) throws {
        let payload = UndoPayload.json(record)
        let expected = try fingerprints(of: Touched(record)).text
        try execute("INSERT INTO undoEntry (at, summary, payload, session, expected) VALUES (?, ?, ?, ?, ?)",
                    [try storable(now), record.summary, payload, ProcessSession.current.description, expected])
        // Older than the undoDepth-th newest: walks the newest ids only, not the whole table.
        try execute(
            "DELETE FROM undoEntry WHERE id < (SELECT id FROM undoEntry ORDER BY id DESC LIMIT 1 OFFSET ?)",
            [Self.undoDepth - 1])
    }

    /// Takes back this session's latest change — or, when it has made none that is still on the
    /// stack, the latest change of all, unless that one belongs to another session still running
    /// (see the type's comment).
    public func undo() throws -> UndoOutcome {
        let me = ProcessSession.current
        let newestFirst = "SELECT \(UndoEntryRecord.columnList) FROM undoEntry ORDER BY id DESC"
        let candidate: UndoEntryRecord
        if let own = try UndoEntryRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(UndoEntryRecord.columnList) FROM undoEntry WHERE session = ? ORDER BY id DESC LIMIT 1"),
            arguments: [me.description]) {
            candidate = own
        } else {
            guard let latest = try UndoEntryRecord.fetchOne(db.cachedStatement(sql: newestFirst + " LIMIT 1")) else {
                return .nothingToUndo
            }
            if let owner = latest.session.flatMap(ProcessSession.init), owner != me, owner.isRunning {
                return .madeElsewhere(summary: latest.summary, at: latest.at, by: owner)
            }
            candidate = latest
        }
        if let expected = candidate.expected.map(Fingerprints.init(text:)),
           let differing = expected.firstDifference(from: try fingerprints(of: expected.touched)) {
            return .changedSince(summary: candidate.summary, at: candidate.at, newer: try change(touching: differing, after: candidate.id))
        }
        let record = try JSONDecoder().decode(UndoRecord.self, from: Data(candidate.payload.utf8))
        try execute("DELETE FROM undoEntry WHERE id = ?", [candidate.id])
        for step in record.steps { try apply(step) }
        return .undone(record, at: candidate.at, madeHere: candidate.session == me.description)
    }

    /// The oldest change after `id` that touched `what`: the one that came right after.
    private func change(touching what: Touched.Item, after id: Int64) throws -> UndoOutcome.NewerChange? {
        let later = try UndoEntryRecord.fetchCursor(
            db, sql: "SELECT \(UndoEntryRecord.columnList) FROM undoEntry WHERE id > ? ORDER BY id", arguments: [id])
        while let entry = try later.next() {
            guard let expected = entry.expected.map(Fingerprints.init(text:)), expected.touched.items.contains(what) else { continue }
            let owner = entry.session.flatMap(ProcessSession.init)
            return UndoOutcome.NewerChange(
                summary: entry.summary, at: entry.at, elsewhere: owner != nil && owner != .current && owner!.isRunning)
        }
        return nil
    }

    private func apply(_ step: UndoStep) throws {
        switch step {
        case .restorePet(let pet):
            if try !updateRow(of: pet) {
                var record = PetRecord(pet)
                try record.insert(db)
            }
        case .removePet(let id):
            try deletePet(id: id)
        case .removeEvent(let id):
            _ = try CycleEventRecord.deleteOne(db, key: id)
        case .restoreEvents(let events):
            for event in events {
                var record = CycleEventRecord(
                    id: event.id, petId: event.petId, petName: event.petName, kind: event.kind, at: event.at, endsAt: event.endsAt)
                try record.insert(db)
            }
        case .restoreSettings(let settings):
            try save(settings)
        }
    }

    // MARK: - Fingerprints

    /// The rows as they are now: each touched pet's row (or its absence), and the settings.
    private func fingerprints(of touched: Touched) throws -> Fingerprints {
        var values: [Touched.Item: String] = [:]
        for item in touched.items {
            switch item {
            case .pet(let id):
                let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(PetRecord.columnList) FROM pet WHERE id = ?"), arguments: [id])
                values[item] = row.map { Fingerprints.hash($0.databaseValues.map(\.description)) } ?? "-"
            case .settings:
                let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM setting ORDER BY key"))
                values[item] = Fingerprints.hash(rows.flatMap { $0.databaseValues.map(\.description) })
            }
        }
        return Fingerprints(values: values)
    }
}

/// What a change touched: pets by id, and the app settings.
struct Touched {
    enum Item: Hashable, Comparable {
        case pet(Int64)
        case settings
    }

    let items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    init(_ record: UndoRecord) {
        var items: [Item] = []
        for step in record.steps {
            switch step {
            case .restorePet(let pet): if let id = pet.id { items.append(.pet(id)) }
            case .removePet(let id): items.append(.pet(id))
            case .restoreEvents(let events): items += events.map { .pet($0.petId) }
            case .removeEvent: break  // the pet's own step says which pet
            case .restoreSettings: items.append(.settings)
            }
        }
        self.items = Array(Set(items)).sorted()
    }
}

/// A fingerprint (64-bit FNV-1a, in hex) of each touched row as a change left it, kept with the
/// change as text: one line per item, "pet 12 9f3a…", "pet 12 -" for a pet the change deleted,
/// "settings 51c0…".
struct Fingerprints {
    let values: [Touched.Item: String]

    var touched: Touched { Touched(items: values.keys.sorted()) }

    init(values: [Touched.Item: String]) {
        self.values = values
    }

    init(text: String) {
        var values: [Touched.Item: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "pet", let id = Int64(fields[1]) {
                values[.pet(id)] = String(fields[2])
            } else if fields.count == 2, fields[0] == "settings" {
                values[.settings] = String(fields[1])
            }
        }
        self.values = values
    }

    var text: String {
        values.keys.sorted().map { item in
            switch item {
            case .pet(let id): "pet \(id) \(values[item]!)"
            case .settings: "settings \(values[item]!)"
            }
        }.joined(separator: "\n")
    }

    /// The first item whose fingerprint differs in `other`.
    func firstDifference(from other: Fingerprints) -> Touched.Item? {
        values.keys.sorted().first { other.values[$0] != values[$0] }
    }

    static func hash(_ fields: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for field in fields {
            for byte in field.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash ^= 0x1F  // a field separator, so that ["ab", "c"] and ["a", "bc"] differ
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
