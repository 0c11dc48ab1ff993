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
    // The rows as GRDB's synthesized Decodable reads them, by name; the same properties, in the
    // same order, as the records.
    struct NamedPet: Decodable, FetchableRecord {
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
}
