import Foundation
import GRDB
import LaundryCore

// The records read their rows by position and write their columns by hand rather than through
// Codable: GRDB's Codable support looks every column up by name and formats every date with a
// DateFormatter, which was most of what a command cost (see Benchmarks/RESULTS.md). They read with
// `decode(atIndex:)`, which throws, where a subscript would stop the program on a value of the wrong
// type (a database edited by hand is a damaged store, not a crash). Each record's
// `databaseSelection` fixes the column order its `init(row:)` reads, for the query interface and
// for the hand-written SQL in StoreTransaction alike (`columnList`).

/// A pet's row. Converts to and from ``LaundryCore/Pet``; the stage is stored as the last
/// commanded step with its timer, never as "done" (that is a question of time).
struct PetRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "pet"
    static let columns = [
        "id", "name", "nameKey", "washMinutes", "dryMinutes", "frequencyDays", "createdAt", "lastCaredAt",
        "totalCycles", "currentStreak", "bestStreak", "stage", "timerStartedAt", "timerEndsAt",
    ]
    static let columnList = columns.joined(separator: ", ")
    static var databaseSelection: [any SQLSelectable] { columns.map { Column($0) } }

    var id: Int64?
    var name: String
    var nameKey: String
    var washMinutes: Int
    var dryMinutes: Int
    var frequencyDays: Int
    var createdAt: Date
    var lastCaredAt: Date
    var totalCycles: Int
    var currentStreak: Int
    var bestStreak: Int
    var stage: String
    var timerStartedAt: Date?
    var timerEndsAt: Date?

    init(_ pet: Pet) {
        id = pet.id
        name = pet.name.value
        nameKey = pet.name.key
        washMinutes = pet.settings.washMinutes
        dryMinutes = pet.settings.dryMinutes
        frequencyDays = pet.settings.frequencyDays
        createdAt = pet.createdAt
        lastCaredAt = pet.lastCaredAt
        totalCycles = pet.stats.totalCycles
        currentStreak = pet.stats.currentStreak
        bestStreak = pet.stats.bestStreak
        stage = pet.cycle.kind.rawValue
        timerStartedAt = pet.cycle.timer?.startedAt
        timerEndsAt = pet.cycle.timer?.endsAt
    }

    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        name = try row.decode(atIndex: 1)
        nameKey = try row.decode(atIndex: 2)
        washMinutes = try row.decode(atIndex: 3)
        dryMinutes = try row.decode(atIndex: 4)
        frequencyDays = try row.decode(atIndex: 5)
        createdAt = try Self.date(row, 6)
        lastCaredAt = try Self.date(row, 7)
        totalCycles = try row.decode(atIndex: 8)
        currentStreak = try row.decode(atIndex: 9)
        bestStreak = try row.decode(atIndex: 10)
        stage = try row.decode(atIndex: 11)
        timerStartedAt = try Self.optionalDate(row, 12)
        timerEndsAt = try Self.optionalDate(row, 13)
    }

    /// The values of ``columns``, in their order (the id may be nil: a new row).
    var values: [(any DatabaseValueConvertible)?] {
        [id, name, nameKey, washMinutes, dryMinutes, frequencyDays, StoredDate.text(createdAt),
         StoredDate.text(lastCaredAt), totalCycles, currentStreak, bestStreak, stage,
         timerStartedAt.map(StoredDate.text), timerEndsAt.map(StoredDate.text)]
    }

    func encode(to container: inout PersistenceContainer) {
        encodeColumns(Self.columns, values, to: &container)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// `pet` as reading the row written for it gives it back (its dates to the stored
    /// millisecond), or nil when that row would not read as a pet.
    static func asStored(_ pet: Pet) -> Pet? {
        func stored(_ date: Date) -> Date { StoredDate.date(StoredDate.text(date)) ?? date }
        var record = PetRecord(pet)
        record.createdAt = stored(record.createdAt)
        record.lastCaredAt = stored(record.lastCaredAt)
        record.timerStartedAt = record.timerStartedAt.map(stored)
        record.timerEndsAt = record.timerEndsAt.map(stored)
        return record.pet()
    }

    /// The pet, or nil when the row holds something no LaundryTime writes.
    func pet() -> Pet? {
        guard let petName = try? PetName(stored: name), let cycle = cycleState() else { return nil }
        return Pet(
            id: id,
            name: petName,
            settings: CycleSettings(washMinutes: washMinutes, dryMinutes: dryMinutes, frequencyDays: frequencyDays),
            createdAt: createdAt,
            lastCaredAt: lastCaredAt,
            stats: PetStats(totalCycles: totalCycles, currentStreak: currentStreak, bestStreak: bestStreak),
            cycle: cycle
        )
    }

    private func cycleState() -> CycleState? {
        func window() -> TimerWindow? {
            guard let start = timerStartedAt, let end = timerEndsAt, end >= start else { return nil }
            return TimerWindow(startedAt: start, endsAt: end)
        }
        switch Stage.Kind(rawValue: stage) {
        case .idle: return .idle
        case .washing: return window().map(CycleState.washing)
        case .washDone: return .washDone
        case .drying: return window().map(CycleState.drying)
        case .dryDone: return .dryDone
        case nil: return nil
        }
    }
}

/// A row of a pet's laundry history.
struct CycleEventRecord: MutablePersistableRecord {
    static let databaseTableName = "cycleEvent"
    static let columns = ["id", "petId", "petName", "kind", "at", "endsAt"]
    static var databaseSelection: [any SQLSelectable] { columns.map { Column($0) } }

    var id: Int64?
    var petId: Int64
    var petName: String
    var kind: RecordedEvent.Kind
    var at: Date
    var endsAt: Date?

    func encode(to container: inout PersistenceContainer) {
        encodeColumns(Self.columns, [id, petId, petName, kind.rawValue, StoredDate.text(at), endsAt.map(StoredDate.text)], to: &container)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var recorded: RecordedEvent {
        RecordedEvent(id: id ?? 0, petId: petId, petName: petName, kind: kind, at: at, endsAt: endsAt)
    }
}

// In an extension, so that the memberwise initializer stays.
extension CycleEventRecord: FetchableRecord {
    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        petId = try row.decode(atIndex: 1)
        petName = try row.decode(atIndex: 2)
        let kind: String = try row.decode(atIndex: 3)
        guard let known = RecordedEvent.Kind(rawValue: kind) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a history event of kind \(kind.debugDescription), which is none")
        }
        self.kind = known
        at = try Self.date(row, 4)
        endsAt = try Self.optionalDate(row, 5)
    }
}

/// A change that can be undone: its summary, its ``LaundryCore/UndoRecord`` as JSON, the
/// session that made it and the fingerprints of the rows it left (both nil before schema v4).
struct UndoEntryRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "undoEntry"
    static let columnList = "id, at, summary, payload, session, expected"

    var id: Int64
    var at: Date
    var summary: String
    var payload: String
    var session: String?
    var expected: String?

    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        at = try Self.date(row, 1)
        summary = try row.decode(atIndex: 2)
        payload = try row.decode(atIndex: 3)
        session = try row.decode(atIndex: 4)
        expected = try row.decode(atIndex: 5)
    }
}

/// One message of the conversation.
struct TranscriptMessageRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "transcriptMessage"
    static var databaseSelection: [any SQLSelectable] {
        ["id", "at", "role", "text", "intent", "ok", "petName"].map { Column($0) }
    }

    var id: Int64?
    var at: Date
    var role: String
    var text: String
    var intent: String?
    var ok: Bool?
    var petName: String?

    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        at = try Self.date(row, 1)
        role = try row.decode(atIndex: 2)
        text = try row.decode(atIndex: 3)
        intent = try row.decode(atIndex: 4)
        ok = try row.decode(atIndex: 5)
        petName = try row.decode(atIndex: 6)
    }

    var message: TranscriptMessage {
        TranscriptMessage(
            at: at, role: TranscriptMessage.Role(rawValue: role) ?? .assistant,
            text: text, intent: intent, ok: ok, petName: petName)
    }
}

extension EncodableRecord {
    /// Puts `values` into `container` under `columns`, pairwise.
    func encodeColumns(_ columns: [String], _ values: [(any DatabaseValueConvertible)?], to container: inout PersistenceContainer) {
        for (column, value) in zip(columns, values) { container[column] = value }
    }
}

extension FetchableRecord {
    /// The date in column `index`; a row whose date cannot be read is a damaged store.
    static func date(_ row: Row, _ index: Int) throws -> Date {
        guard let date = try optionalDate(row, index) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a date column holds NULL")
        }
        return date
    }

    static func optionalDate(_ row: Row, _ index: Int) throws -> Date? {
        let value: DatabaseValue = row[index]
        if value.isNull { return nil }
        guard let date = StoredDate.date(value) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a date column holds \(value), which is not a date")
        }
        return date
    }
}
