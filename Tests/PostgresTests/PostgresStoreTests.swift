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

    /// A value the schema refuses, in a prepared statement (the second pet's INSERT runs the one the
    /// first prepared), is the store's refusal, as an unprepared statement's is: not a server
    /// failure, and its message is the server's.
    @Test func aPreparedStatementsRefusalIsTheStoresOwn() throws {
        let database = try DatabaseURL(try TestCluster.freshDatabase(), environment: [:])
        let store = try PostgresStore(url: database, location: StoreLocation(directory: TemporaryDirectory().url), member: "Alex")
        defer { store.close() }
        _ = try store.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: Date())) }
        do {
            _ = try store.write { try $0.insert(Pet(name: try PetName("snowy"), createdAt: Date())) }
            Issue.record("a second snowy was stored")
        } catch let error as StoreError {
            guard case .failed(_, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("duplicate key"), "\(reason)")
        }
    }

    /// A write that is queued rather than waited for (``StoreConnection/send(_:_:)``: the
    /// transcript's line, an undo entry) and that the server refuses fails its own command, however
    /// many statements later it is found out: in a group, the commands before and after it are
    /// stored, and nothing of it is.
    @Test func aQueuedWriteTheServerRefusesFailsItsOwnCommandOnly() throws {
        let url = try TestCluster.freshDatabase()
        let store = try PostgresStore(url: try DatabaseURL(url, environment: [:]), location: StoreLocation(directory: TemporaryDirectory().url),
                                      member: "Alex")
        defer { store.close() }
        try store.beginGroup()
        _ = try store.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: Date())) }
        #expect(throws: StoreError.self) {
            try store.write { transaction in
                try transaction.connection.send("INSERT INTO setting (key, value) VALUES ('before', 'x')", [])
                try transaction.connection.send("INSERT INTO setting (key, value) VALUES ('refused', NULL)", [])
            }
        }
        _ = try store.write { try $0.insert(Pet(name: try PetName("Fluffy"), createdAt: Date())) }
        try store.commitGroup()
        #expect(try store.read { try $0.pets() }.map(\.name.value) == ["Snowy", "Fluffy"])
        #expect(try TestCluster.query(url, "SELECT count(*) FROM setting WHERE key IN ('before', 'refused')") == "0")
    }

    /// A queued write counts as a change as soon as the command asks (a dry run asks whether
    /// anything changed).
    @Test func aQueuedWriteIsCountedWhenTheCommandAsks() throws {
        let store = try PostgresStore(url: try DatabaseURL(try TestCluster.freshDatabase(), environment: [:]),
                                      location: StoreLocation(directory: TemporaryDirectory().url), member: "Alex")
        defer { store.close() }
        let counted = try store.write(commit: false) { transaction in
            let before = transaction.changeCount
            try transaction.connection.send("INSERT INTO setting (key, value) VALUES ('a', 'b'), ('c', 'd')", [])
            return transaction.changeCount - before
        }
        #expect(counted == 2)
    }

    /// Rows read are not rows changed: a write transaction that only reads leaves the count as it
    /// was (and the household's version with it).
    @Test func aQueryIsNoChange() throws {
        let store = try PostgresStore(url: try DatabaseURL(try TestCluster.freshDatabase(), environment: [:]),
                                      location: StoreLocation(directory: TemporaryDirectory().url), member: "Alex")
        defer { store.close() }
        let counted = try store.write { transaction in
            let before = transaction.changeCount
            _ = try transaction.connection.rows("SELECT 1 UNION ALL SELECT 2", [])
            return transaction.changeCount - before
        }
        #expect(counted == 0)
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
        #expect(Self.news(of: alex, within: 1) == ["Sam started Fluffy's wash"])
        usleep(100_000)
        #expect(alex.householdNews().isEmpty && sam.householdNews().isEmpty, "nothing more, and nothing of one's own")
    }

    /// A prompt whose connection was lost (the server restarted, the network dropped) is not
    /// stuck: its next command connects again, and still hears the other members.
    @Test func theCommandAfterALostConnectionConnectsAgain() throws {
        let database = try TestCluster.freshDatabase()
        let proxy = try FaultyProxy(to: try DatabaseURL(database, environment: [:]), fault: .dropBeforeCommit)
        let location = StoreLocation(directory: TemporaryDirectory().url)
        let sam = try PostgresStore(url: try DatabaseURL(FaultyProxy.url(database, through: proxy), environment: [:]),
                                    location: location, member: "Sam")
        let alex = try PostgresStore(url: try DatabaseURL(database, environment: [:]), location: location, member: "Alex")
        defer { sam.close(); alex.close() }
        let snowy = try sam.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: Date())) }
        let started = CycleEvent(kind: .washStarted(endsAt: Date().addingTimeInterval(2700)), at: Date())
        #expect(throws: StoreError.self) { try sam.write { try $0.append(started, for: snowy) } }
        #expect(proxy.hasFaulted)
        _ = try sam.write { try $0.append(started, for: snowy) }
        #expect(try alex.read { try $0.events() }.count == 1, "the second try is in, the first is not")
        // The server ends every session (as a restart would) between two commands.
        _ = try TestCluster.query(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        let ended = Date().addingTimeInterval(10)
        while try TestCluster.query(database, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()") != "0",
              Date() < ended { usleep(20_000) }
        #expect(try sam.read { try $0.pets() }.count == 1, "the next command connects again")
        try alex.write { transaction in
            try transaction.pushUndo(UndoRecord(summary: "folded Snowy", steps: []), at: Date())
        }
        #expect(Self.news(of: sam, within: 2) == ["Alex folded Snowy"], "the new connection listens too")
    }

    /// A server that is gone is not waited for at every command: after a failed try to connect
    /// again, the commands of the next few seconds fail at once with its error.
    @Test func aServerThatIsGoneIsNotTriedAgainAtEveryCommand() throws {
        let database = try TestCluster.freshDatabase()
        let proxy = try FaultyProxy(to: try DatabaseURL(database, environment: [:]), fault: .dropBeforeCommit, afterwards: .refuse)
        let sam = try PostgresStore(url: try DatabaseURL(FaultyProxy.url(database, through: proxy), environment: [:]),
                                    location: StoreLocation(directory: TemporaryDirectory().url), member: "Sam")
        defer { sam.close() }
        let snowy = try sam.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: Date())) }
        #expect(throws: StoreError.self) {
            try sam.write { try $0.append(CycleEvent(kind: .folded(revived: false), at: Date()), for: snowy) }
        }
        let tried = proxy.connectionsTried
        for _ in 0..<3 {
            #expect(throws: StoreError.self) { try sam.read { try $0.pets() } }
        }
        #expect(proxy.connectionsTried == tried, "no new try within \(PostgresStore.reconnectPause)")
    }

    /// The first news `store` hears within `seconds` (none when nothing came).
    static func news(of store: PostgresStore, within seconds: TimeInterval) -> [String] {
        var news: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        while news.isEmpty && Date() < deadline {
            news += store.householdNews()
            usleep(10_000)
        }
        return news
    }
}
#endif
