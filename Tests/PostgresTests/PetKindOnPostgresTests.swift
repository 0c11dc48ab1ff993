#if PostgreSQL
import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryPostgres

/// Pets known by their laundry in a household's PostgreSQL database: made, renamed and undone
/// through the real binary, seen by another member, and a database of schema v9 brought up to
/// date with its pets.
@Suite struct PetKindOnPostgresTests {
    let directory = TemporaryDirectory()

    func laundrytime(_ folder: String) -> LaundryTimeProcess {
        LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent(folder))
    }

    @Test func aKindIsMadeRenamedUndoneAndSeenByAnotherMember() throws {
        let database = try TestCluster.freshDatabase()
        let script = "create pet Fluffy for towels\ncreate pet Snowy\nrename the towels to Puff\nundo\nalso call snowy the whites\n"
        let sam = try laundrytime("sam").run(["--database", database, "--member", "Sam", "--json"], script: script, now: nil)
        #expect(sam.status == 0, "\(sam.stdout)")
        let replies = try HouseholdEndToEndTests.replies(sam.stdout)
        #expect(replies.map { $0["pet"] as? String } == ["Fluffy", "Snowy", "Puff", "Fluffy", "Snowy"], "\(replies.map { $0["text"] ?? "" })")
        #expect(replies.first?["nicknames"] as? [String] == ["towels"] && replies.last?["nicknames"] as? [String] == ["whites"])

        let alex = try laundrytime("alex").run(["--database", database, "--member", "Alex", "--json"], script: "wash the towels\nhow are my whites\n", now: nil)
        let seen = try HouseholdEndToEndTests.replies(alex.stdout)
        #expect(seen.map { $0["pet"] as? String } == ["Fluffy", "Snowy"], "\(seen.map { $0["text"] ?? "" })")
        #expect(try TestCluster.query(database, "SELECT name || ':' || coalesce(nicknames, '-') FROM pet ORDER BY id") == "Fluffy:towels\nSnowy:whites")
    }

    /// A database of a household that ran the version before nicknames: its pets stay, with none.
    @Test func aV9DatabaseKeepsItsPetsWithoutNicknames() throws {
        let database = try TestCluster.freshDatabase()
        var statements = ["CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"]
        for migration in PostgresSchema.migrations.prefix(while: { $0.identifier != "v10: pet nicknames" }) {
            statements += migration.statements
            statements.append("INSERT INTO grdb_migrations (identifier) VALUES ('\(migration.identifier)')")
        }
        statements.append("""
            INSERT INTO pet (name, nameKey, washMinutes, dryMinutes, frequencyDays, createdAt, lastCaredAt, stage)
            VALUES ('Snowy', 'snowy', 45, 60, 7, '2026-03-01 09:00:00.000', '2026-03-01 09:00:00.000', 'idle')
            """)
        _ = try TestCluster.query(database, statements.joined(separator: ";\n"))
        #expect(try TestCluster.query(database, "SELECT count(*) FROM grdb_migrations") == String(PostgresSchema.migrations.count - 1))

        let store = try PostgresStore(url: try DatabaseURL(database, environment: [:]),
                                      location: StoreLocation(directory: directory.url), member: "Alex")
        defer { store.close() }
        let pets = try store.read { try $0.pets() }
        #expect(pets.map(\.name.value) == ["Snowy"] && pets.allSatisfy { $0.nicknames.isEmpty })
        #expect(try store.read { try $0.appliedMigrations() } == Schema.identifiers)
        let fluffy = try store.write { transaction in
            try transaction.insert(Pet(name: try PetName("Fluffy"), createdAt: Date(timeIntervalSince1970: 1_772_355_600), nicknames: ["towels"]))
        }
        #expect(try store.read { try $0.pets() }.last == fluffy)
    }
}
#endif
