#if PostgreSQL
import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryPostgres

/// The PostgreSQL store does what SQLite's does: the shared checks (``StoreBehaviour``), on a
/// fresh database each.
@Suite struct PostgresStoreTests {
    @Test(arguments: StoreBehaviour.names)
    func postgres(_ check: String) throws {
        let database = try DatabaseURL(try TestCluster.freshDatabase(), environment: [:])
        let directory = TemporaryDirectory()
        try StoreBehaviour.run(check) {
            try PostgresStore(url: database, location: StoreLocation(directory: directory.url), member: "Alex")
        }
    }

    @Test func itHasEveryMigrationSQLiteHasByTheSameNames() {
        #expect(PostgresSchema.migrations.map(\.identifier) == Schema.identifiers)
    }

    /// A member's change reaches another member's store within a second, named with the member;
    /// one's own changes are not news, and a rolled-back write tells nobody.
    @Test func anotherMembersChangeIsNewsWithinASecond() throws {
        let database = try DatabaseURL(try TestCluster.freshDatabase(), environment: [:])
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let sam = try PostgresStore(url: database, location: location, member: "Sam")
        let alex = try PostgresStore(url: database, location: location, member: "Alex")
        defer { sam.close(); alex.close() }
        try sam.write { transaction in
            let fluffy = try transaction.insert(Pet(name: try PetName("Fluffy"), createdAt: Date()))
            try transaction.pushUndo(UndoRecord(summary: "started Fluffy's wash", steps: [.removePet(id: fluffy.id!)]), at: Date())
        }
        _ = try sam.write(commit: false) { transaction in
            try transaction.pushUndo(UndoRecord(summary: "a dry run", steps: []), at: Date())
        }
        var news: [String] = []
        let deadline = Date().addingTimeInterval(1)
        while news.isEmpty && Date() < deadline {
            news += alex.householdNews()
            usleep(10_000)
        }
        #expect(news == ["Sam started Fluffy's wash"])
        usleep(100_000)
        #expect(alex.householdNews().isEmpty && sam.householdNews().isEmpty, "nothing more, and nothing of one's own")
    }
}
#endif
