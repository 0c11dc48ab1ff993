import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// A new property of a pet is one declaration and one migration: the pet's row (RowCoding) and the
/// undo stack's JSON (JSONStreamEncoder) both come from its Codable. `scripts/try-new-pet-field`
/// does it for real on a copy of the package (adds `nickname` to `Pet`, one migration, and builds
/// and runs a test); this suite shows the same with a pet-shaped type of its own.
@Suite struct PetFieldTests {
    /// `Pet`, with one property more.
    struct PetWithNickname: Codable, Equatable {
        var id: Int64?
        var name: PetName
        var settings: CycleSettings
        var createdAt: Date
        var lastCaredAt: Date
        var stats: PetStats
        var cycle: CycleState
        var pausedAt: Date?
        var pausedUntil: Date?
        var heldMilliseconds: Int64?
        var nicknames: PetNicknames
        var nickname: String?
    }

    let start = Date(timeIntervalSince1970: 1_772_355_600.25)

    private func sample(nickname: String?) throws -> PetWithNickname {
        PetWithNickname(
            id: 1, name: try PetName("Snowy"), settings: CycleSettings(washMinutes: 40, dryMinutes: 50, frequencyDays: 4),
            createdAt: start, lastCaredAt: start, stats: PetStats(totalCycles: 3, currentStreak: 1, bestStreak: 2),
            cycle: .washing(TimerWindow(startedAt: start, minutes: 40)), pausedAt: start, pausedUntil: nil, heldMilliseconds: 1500,
            nicknames: ["towels"], nickname: nickname)
    }

    @Test func theNewPropertyIsANewColumn() throws {
        let columns = try RowCoding.columns(of: try sample(nickname: nil)).map(\.name)
        #expect(columns == PetRecord.columns.dropLast() + ["nickname"], "Pet's columns, then the new one")
    }

    @Test func itIsStoredAndReadBackOnceTheMigrationAddsItsColumn() throws {
        let queue = try DatabaseQueue()
        var migrator = Schema.migrator
        migrator.registerMigration("v99: nickname") { db in
            try db.alter(table: "pet") { t in t.add(column: "nickname", .text) }
        }
        try migrator.migrate(queue)
        for nickname in ["Snow", nil] {
            let pet = try sample(nickname: nickname)
            try queue.write { db in
                try db.execute(sql: "DELETE FROM pet")
                let columns = try RowCoding.columns(of: pet) + [("nameKey", pet.name.key.databaseValue)]
                try db.execute(
                    sql: "INSERT INTO pet (\(columns.map(\.name).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                    arguments: StatementArguments(columns.map(\.value)))
            }
            let row = try #require(try queue.read { try Row.fetchOne($0, sql: "SELECT * FROM pet") })
            #expect(try RowCoding.decode(PetWithNickname.self, from: ColumnValues(row)) == pet)
        }
    }

    @Test func twoPropertiesForOneColumnAreRefused() {
        struct Inner: Codable { var washMinutes = 1 }
        struct Clash: Codable {
            var washMinutes = 2
            var inner = Inner()
        }
        #expect(throws: EncodingError.self) { try RowCoding.columnNames(of: Clash()) }
    }

    @Test func theUndoStackKeepsIt() throws {
        let pet = try sample(nickname: "Snow")
        let json = try JSONStreamEncoder.encode(pet)
        #expect(try JSONDecoder().decode(PetWithNickname.self, from: Data(json.utf8)) == pet)
    }
}
