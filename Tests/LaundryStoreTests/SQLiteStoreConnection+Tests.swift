import GRDB
@testable import LaundryStore

extension StoreTransaction {
    /// SQLite's own connection under a transaction of ``LaundryStore``: for the tests that look at
    /// what only SQLite has (its pragmas, its rows as GRDB reads them).
    var db: Database { (connection as! SQLiteStoreConnection).db }
}
