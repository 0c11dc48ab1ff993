import Foundation
import GRDB
import LaundryCore

// The history, transcript and undo records read their rows by position and write their columns by
// hand rather than through Codable: GRDB's Codable support looks every column up by name and
// formats every date with a DateFormatter, which was most of what a command cost (see
// Benchmarks/RESULTS.md). They read a row's values (as either engine gives them, StoreConnection)
// with `value(_:)`, which throws, where a cast would stop the program on a value of the wrong type
// (a database edited by hand is a damaged store, not a crash). Each record's column list fixes the
// order its `init(values:)` reads.
// The pet's row is the pet's own Codable (RowCoding), so that a new property is only a column to
// add; the pets are read once and then kept (StoreMemory), so reading them by name costs little.

/// A pet's row: the pet's own Codable, flattened into columns (``RowCoding``), plus `nameKey`, the
/// case-folded name that makes names unique. The stage is stored as the last commanded step with
/// its timer (``CycleState``'s columns), never as "done" (that is a question of time).
struct PetRecord: FetchableRecord {
    /// The columns, in the order the pet's Codable writes them, then `nameKey`.
    static let columns: [String] = {
        do {
            return try RowCoding.columnNames(of: Pet(name: PetName(stored: "sample"), createdAt: Date(timeIntervalSince1970: 0)))
                + ["nameKey"]
        } catch {
            preconditionFailure("a pet cannot be written as a row: \(error)")
        }
    }()
    static let columnList = columns.joined(separator: ", ")

    var pet: Pet

    init(_ pet: Pet) {
        self.pet = pet
    }

    init(row: Row) throws {
        pet = try RowCoding.decode(Pet.self, from: ColumnValues(row))
    }

    /// The values of ``columns``, in their order (the id may be NULL: a new row).
    func values() throws -> [DatabaseValue] {
        try RowCoding.columns(of: pet).map(\.value) + [pet.name.key.databaseValue]
    }

    /// The columns schema v7 added (a pause), and where they stand in a row.
    static let pauseColumns = ["pausedAt", "pausedUntil", "heldMilliseconds"]
    /// The columns added since the first fingerprints were taken, a group for each migration: a
    /// group all NULL is left out of a fingerprint.
    private static let addedColumns = [pauseColumns, ["nicknames"]].map { group in Set(group.compactMap { columns.firstIndex(of: $0) }) }

    /// A row's values as undo fingerprints them: without the columns a later schema added (a
    /// pause, nicknames) while they are NULL, so that a pet that has none hashes as its row did
    /// before they were added, and changes made then can still be undone.
    static func fingerprinted(_ row: [DatabaseValue]) -> [DatabaseValue] {
        let left = addedColumns.filter { group in group.allSatisfy { $0 < row.count && row[$0].isNull } }
        guard !left.isEmpty else { return row }
        let leftOut = left.reduce(into: Set<Int>()) { $0.formUnion($1) }
        return row.indices.filter { !leftOut.contains($0) }.map { row[$0] }
    }

    /// The pet as reading `row` (its ``values()``) back gives it: its dates to the stored
    /// millisecond.
    static func asStored(_ row: [DatabaseValue]) throws -> Pet {
        try RowCoding.decode(Pet.self, from: ColumnValues(names: columns, values: row))
    }
}

/// A pet's cycle as three columns: the stage, and the timer's start and end while one runs.
extension CycleState: StoredAsColumns {
    var columns: [(name: String, value: DatabaseValue)] {
        let timer = self.timer
        return [
            ("stage", kind.rawValue.databaseValue),
            ("timerStartedAt", timer.map { StoredDate.text($0.startedAt).databaseValue } ?? .null),
            ("timerEndsAt", timer.map { StoredDate.text($0.endsAt).databaseValue } ?? .null),
        ]
    }

    init(columns row: ColumnValues) throws {
        let stage: String = try row.value(String.self, "stage")
        func window() throws -> TimerWindow {
            guard let start = try row.date("timerStartedAt"), let end = try row.date("timerEndsAt"), end >= start else {
                throw ColumnValues.damage("of stage \(stage) has no timer")
            }
            return TimerWindow(startedAt: start, endsAt: end)
        }
        switch Stage.Kind(rawValue: stage) {
        case .idle: self = .idle
        case .washing: self = .washing(try window())
        case .washDone: self = .washDone
        case .drying: self = .drying(try window())
        case .dryDone: self = .dryDone
        case nil: throw ColumnValues.damage("holds the stage \(stage), which is none")
        }
    }
}

/// A row of a pet's laundry history.
struct CycleEventRecord {
    static let columns = ["id", "petId", "petName", "kind", "at", "endsAt"]

    var id: Int64?
    var petId: Int64
    var petName: String
    var kind: RecordedEvent.Kind
    var at: Date
    var endsAt: Date?

    var recorded: RecordedEvent {
        RecordedEvent(id: id ?? 0, petId: petId, petName: petName, kind: kind, at: at, endsAt: endsAt)
    }
}

/// A record read from a row's values by position (``StoreConnection/forEachRow(_:_:_:)``), and so
/// from a GRDB row too.
protocol PositionalRecord: FetchableRecord {
    /// The record in `values`, in the order of its columns.
    init(values: [DatabaseValue]) throws
}

extension PositionalRecord {
    init(row: Row) throws {
        try self.init(values: Array(row.databaseValues))
    }
}

// In an extension, so that the memberwise initializer stays.
extension CycleEventRecord: PositionalRecord {
    /// The event in `values`, in the order of ``columns``.
    init(values row: [DatabaseValue]) throws {
        id = try row.value(0)
        petId = try row.value(1)
        petName = try row.value(2)
        let kind: String = try row.value(3)
        guard let known = RecordedEvent.Kind(rawValue: kind) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a history event of kind \(kind.debugDescription), which is none")
        }
        self.kind = known
        at = try row.date(4)
        endsAt = try row.optionalDate(5)
    }

    /// Its columns' values, in the order of ``columns``.
    var values: [DatabaseValue] {
        [id.databaseValue, petId.databaseValue, petName.databaseValue, kind.rawValue.databaseValue,
         StoredDate.text(at).databaseValue, endsAt.map(StoredDate.text).databaseValue]
    }
}

/// A change that can be undone: its summary, its ``LaundryCore/UndoRecord`` as JSON, the
/// session that made it and the fingerprints of the rows it left (both nil before schema v4).
struct UndoEntryRecord: PositionalRecord {
    static let columnList = "id, at, summary, payload, session, expected"

    var id: Int64
    var at: Date
    var summary: String
    var payload: String
    var session: String?
    var expected: String?

    /// The entry in `values`, in the order of ``columnList``.
    init(values row: [DatabaseValue]) throws {
        id = try row.value(0)
        at = try row.date(1)
        summary = try row.value(2)
        payload = try row.value(3)
        session = try row.optionalValue(4)
        expected = try row.optionalValue(5)
    }
}

/// One message of the conversation.
struct TranscriptMessageRecord: PositionalRecord {
    static let columnList = "id, at, role, text, intent, ok, petName, member"

    var id: Int64?
    var at: Date
    var role: String
    var text: String
    var intent: String?
    var ok: Bool?
    var petName: String?
    var member: String?

    /// The message in `values`, in the order of ``columnList``.
    init(values row: [DatabaseValue]) throws {
        id = try row.optionalValue(0)
        at = try row.date(1)
        role = try row.value(2)
        text = try row.value(3)
        intent = try row.optionalValue(4)
        ok = try row.optionalValue(5)
        petName = try row.optionalValue(6)
        member = try row.optionalValue(7)
    }

    var message: TranscriptMessage {
        TranscriptMessage(
            at: at, role: TranscriptMessage.Role(rawValue: role) ?? .assistant,
            text: text, intent: intent, ok: ok, petName: petName, member: member)
    }
}

extension [DatabaseValue] {
    /// The value in column `index`; NULL or a value of another type is a damaged store (a row
    /// edited by hand), never a crash.
    func value<Value: DatabaseValueConvertible>(_ index: Int) throws -> Value {
        guard let value: Value = try optionalValue(index) else { throw ColumnValues.damage("holds NULL in column \(index + 1)") }
        return value
    }

    /// The value in column `index`, or nil for NULL.
    func optionalValue<Value: DatabaseValueConvertible>(_ index: Int) throws -> Value? {
        guard index < count else { throw ColumnValues.damage("has no column \(index + 1)") }
        let stored = self[index]
        if stored.isNull { return nil }
        guard let value = Value.fromDatabaseValue(stored) else { throw ColumnValues.damage("holds \(stored) in column \(index + 1)") }
        return value
    }

    /// The date in column `index`; a row whose date cannot be read is a damaged store.
    func date(_ index: Int) throws -> Date {
        guard let date = try optionalDate(index) else { throw ColumnValues.damage("holds NULL in a date column") }
        return date
    }

    func optionalDate(_ index: Int) throws -> Date? {
        guard index < count else { throw ColumnValues.damage("has no column \(index + 1)") }
        let value = self[index]
        if value.isNull { return nil }
        guard let date = StoredDate.date(value) else { throw ColumnValues.damage("holds \(value) in a date column, which is not a date") }
        return date
    }
}
