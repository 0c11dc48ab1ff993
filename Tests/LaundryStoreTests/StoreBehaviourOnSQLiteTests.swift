import LaundryStore
import LaundryTestSupport
import Testing

/// The behaviour every store engine shares (``StoreBehaviour``), on SQLite; `PostgresTests` runs
/// the same checks on PostgreSQL.
@Suite struct StoreBehaviourOnSQLiteTests {
    @Test(arguments: StoreBehaviour.names)
    func sqlite(_ check: String) throws {
        let directory = TemporaryDirectory()
        try StoreBehaviour.run(check) { try LaundryStore(location: StoreLocation(directory: directory.url), member: "Alex") }
    }
}
