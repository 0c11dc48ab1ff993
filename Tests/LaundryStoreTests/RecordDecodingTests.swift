import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// The records read their rows by position (the pet's by its Codable) and their dates by
/// ``StoredDate``. These tests hold them to what GRDB's own decoding reads from the same rows by
/// column name: a column out of order, or a date read differently, fails here.
@Suite struct RecordDecodingTests {
    // The rows as GRDB's synthesized Codable reads them, by name; the same properties, in the
    // same order, as the records. (The pet's is written through GRDB too, with its default date
    // strategy: what the pet's row must hold.)
    struct NamedPet: Codable, Equatable, FetchableRecord, EncodableRecord {
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
        var pausedAt: Date?
        var pausedUntil: Date?
        var heldMilliseconds: Int64?
        var nicknames: String?
    }

    struct NamedEvent: Decodable, FetchableRecord {
        var id: Int64?
        var petId: Int64
        var petName: String
        var kind: RecordedEvent.Kind
        var at: Date
        var endsAt: Date?
    }

    struct NamedMessage: Decodable, FetchableRecord {
        var id: Int64?
        var at: Date
        var role: String
        var text: String
        var intent: String?
        var ok: Bool?
        var petName: String?
        var member: String?
    }

    struct NamedUndoEntry: Decodable, FetchableRecord {
        var id: Int64
        var at: Date
        var summary: String
        var payload: String
        var session: String?
        var expected: String?
    }

    /// Each stored property's label and value.
    static func fields(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.map { "\($0.label ?? "?")=\($0.value)" }
    }

    /// Reads every row of `sql` both ways and compares them.
    static func expectSame<Positional: FetchableRecord, Named: FetchableRecord>(
        _ positional: Positional.Type, _ named: Named.Type, _ sql: String, in store: LaundryStore
    ) throws {
        let rows = try store.read { try Row.fetchAll($0.db, sql: sql) }
        #expect(!rows.isEmpty, "\(sql) has rows")
        for row in rows {
            #expect(fields(try Positional(row: row)) == fields(try Named(row: row)), "\(row)")
        }
    }

    @Test func positionalRecordsReadWhatGRDBReadsByName() throws {
        let folder = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: folder.url))

        // Dates with milliseconds, near both ends of the years the store keeps.
        let created = Date(timeIntervalSince1970: 86_400.123)
        let start = Date(timeIntervalSince1970: 1_772_355_600.789)
        try store.write { transaction in
            var pet = try transaction.insert(Pet(
                name: try PetName("Snowy"), settings: CycleSettings(washMinutes: 41, dryMinutes: 62, frequencyDays: 3),
                createdAt: created, lastCaredAt: start.addingTimeInterval(-3600),
                stats: PetStats(totalCycles: 7, currentStreak: 2, bestStreak: 5)))
            pet.cycle = .washing(TimerWindow(startedAt: start, endsAt: Date(timeIntervalSince1970: 253_402_300_000.5)))
            try transaction.update(pet)
            try transaction.append(CycleEvent(kind: .washStarted(endsAt: start.addingTimeInterval(2700)), at: start), for: pet)
            try transaction.append(CycleEvent(kind: .folded(revived: true), at: start.addingTimeInterval(9000)), for: pet)
            try transaction.transcript.append([
                TranscriptMessage(at: start, role: .user, text: "start wash for snowy"),
                TranscriptMessage(at: start, role: .assistant, text: "Snowy is getting clean!", intent: "start_wash", ok: true, petName: "Snowy"),
            ])
            try transaction.pushUndo(UndoRecord(summary: "started Snowy's wash", steps: [.restorePet(pet)]), at: start)
        }
        // The pet is read by its own Codable (RowCoding): each of its values as GRDB reads the column.
        let petRows = try store.read { try Row.fetchAll($0.db, sql: "SELECT \(PetRecord.columnList) FROM pet") }
        #expect(petRows.count == 1)
        for row in petRows {
            let pet = try PetRecord(row: row).pet
            let named = try NamedPet(row: row)
            #expect(pet.id == named.id && pet.name.value == named.name && pet.name.key == named.nameKey)
            #expect(pet.settings == CycleSettings(washMinutes: named.washMinutes, dryMinutes: named.dryMinutes, frequencyDays: named.frequencyDays))
            #expect(pet.createdAt == named.createdAt && pet.lastCaredAt == named.lastCaredAt)
            #expect(pet.stats == PetStats(totalCycles: named.totalCycles, currentStreak: named.currentStreak, bestStreak: named.bestStreak))
            #expect(pet.cycle.kind.rawValue == named.stage && pet.cycle.timer?.startedAt == named.timerStartedAt
                && pet.cycle.timer?.endsAt == named.timerEndsAt)
        }
        try Self.expectSame(CycleEventRecord.self, NamedEvent.self,
                            "SELECT \(CycleEventRecord.columns.joined(separator: ", ")) FROM cycleEvent", in: store)
        try Self.expectSame(TranscriptMessageRecord.self, NamedMessage.self,
                            "SELECT \(TranscriptMessageRecord.columnList) FROM transcriptMessage", in: store)
        try Self.expectSame(UndoEntryRecord.self, NamedUndoEntry.self,
                            "SELECT \(UndoEntryRecord.columnList) FROM undoEntry", in: store)
    }

    /// The pet's row (``RowCoding``) is the row GRDB's own Encodable record writes for the same
    /// values, by name, its dates in GRDB's default strategy; and that row is read back as GRDB reads it.
    @Test func thePetsRowIsWhatGRDBsEncodableRecordWrites() throws {
        let database = try DatabaseQueue()
        var random = SplitMix64(seed: 0x0DD_BA11)
        for round in 0..<500 {
            // Milliseconds from 1970 to 9999, as the store keeps them; every optional set or not.
            func date() -> Date { Date(timeIntervalSince1970: Double(Int64.random(in: 0...253_402_300_799_999, using: &random)) / 1000) }
            func maybe<Value>(_ value: @autoclosure () -> Value) -> Value? { Bool.random(using: &random) ? value() : nil }
            // A timer ends after it starts (the store reads no other).
            let (one, other) = (date(), date())
            let window = TimerWindow(startedAt: min(one, other), endsAt: max(one, other))
            let pet = Pet(
                id: maybe(Int64.random(in: 1...Int64.max, using: &random)), name: try PetName("Snowy \(round)"),
                settings: CycleSettings(washMinutes: .random(in: 1...120, using: &random), dryMinutes: .random(in: 1...120, using: &random),
                                        frequencyDays: .random(in: 1...30, using: &random)),
                createdAt: date(), lastCaredAt: date(),
                stats: PetStats(totalCycles: .random(in: 0...9999, using: &random), currentStreak: .random(in: 0...99, using: &random),
                                bestStreak: .random(in: 0...99, using: &random)),
                cycle: [CycleState.idle, .washing(window), .washDone, .drying(window), .dryDone].randomElement(using: &random)!,
                pausedAt: maybe(date()), pausedUntil: maybe(date()), heldMilliseconds: maybe(Int64.random(in: 1...86_400_000, using: &random)),
                nicknames: Bool.random(using: &random) ? PetNicknames(["towels", "big one"]) : [])
            let encoded = Self.named(pet)
            let ours = Dictionary(uniqueKeysWithValues: zip(PetRecord.columns, try PetRecord(pet).values()))
            let theirs = try encoded.databaseDictionary
            #expect(ours == theirs, "round \(round): \(pet)")
            if ours != theirs { return }
            // And the other way: the row GRDB writes, read by position by the pet's own Codable
            // (``RowDecoder``), holds what GRDB's Decodable record reads from it by name (the
            // same dates to the bit: a date's text read back is not always the Double written).
            let row = try database.read { db in
                try Row.fetchOne(db, sql: "SELECT " + PetRecord.columns.map { "? AS \($0)" }.joined(separator: ", "),
                                 arguments: StatementArguments(PetRecord.columns.map { theirs[$0] ?? .null }))
            }
            let read = try PetRecord(row: try #require(row)).pet
            let readByGRDB = try NamedPet(row: try #require(row))
            #expect(Self.named(read) == readByGRDB, "round \(round): \(Self.named(read)) against \(readByGRDB)")
            if Self.named(read) != readByGRDB { return }
        }
    }

    /// The pet's values as the record GRDB writes and reads by name.
    static func named(_ pet: Pet) -> NamedPet {
        NamedPet(
            id: pet.id, name: pet.name.value, nameKey: pet.name.key, washMinutes: pet.settings.washMinutes, dryMinutes: pet.settings.dryMinutes,
            frequencyDays: pet.settings.frequencyDays, createdAt: pet.createdAt, lastCaredAt: pet.lastCaredAt,
            totalCycles: pet.stats.totalCycles, currentStreak: pet.stats.currentStreak, bestStreak: pet.stats.bestStreak,
            stage: pet.cycle.kind.rawValue, timerStartedAt: pet.cycle.timer?.startedAt, timerEndsAt: pet.cycle.timer?.endsAt,
            pausedAt: pet.pausedAt, pausedUntil: pet.pausedUntil, heldMilliseconds: pet.heldMilliseconds,
            nicknames: pet.nicknames.isEmpty ? nil : pet.nicknames.joined(separator: "\n"))
    }
}
