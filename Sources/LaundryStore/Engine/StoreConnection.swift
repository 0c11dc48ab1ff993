import GRDB

/// The few calls a store transaction makes of its database engine.
///
/// What a command reads and writes — the pets, their history, the undo stack, the transcript, the
/// settings — is written once (``StoreTransaction``, ``UndoStack``, ``Transcript``), on these
/// calls; each engine runs them on its own connection: SQLite through GRDB (``LaundryStore``),
/// PostgreSQL in the `LaundryPostgres` module (a build with the `PostgreSQL` trait). So both engines
/// behave the same by construction, and one shared suite checks that they do.
///
/// Statements are written in the SQL that both engines read: `?` placeholders (PostgreSQL's engine
/// numbers them), `INSERT … ON CONFLICT`, `IS DISTINCT FROM`, and names without quotes (PostgreSQL
/// folds them to lower case, in its tables and in every statement alike). Values are GRDB's
/// `DatabaseValue`s on both engines: a row reads the same, and undo's fingerprints of a row are
/// the same, whichever engine stored it.
package protocol StoreConnection {
    /// Runs a statement and returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int

    /// Runs a statement that changes rows and whose count is not wanted. An engine may send it
    /// with the next statement whose answer is waited for — PostgreSQL's does, in the same round
    /// trip, and waits for it at the end of the command at the latest — so its failure may be
    /// thrown by that later statement, always within the same command. SQLite's runs it at once.
    func send(_ sql: String, _ arguments: [DatabaseValue]) throws

    /// Runs a statement that changes rows and must change `count` of them, else `failure()` is
    /// thrown. An engine may send it as it sends ``send(_:_:)``, and check the count when the
    /// answer comes, always within the same command.
    func send(_ sql: String, _ arguments: [DatabaseValue], changing count: Int, else failure: @escaping () -> Error) throws

    /// Inserts one row (`arguments` in the order of `row`'s columns), and returns the id it is
    /// given. SQLite's engine gives the next rowid; PostgreSQL's takes ids from the table's
    /// sequence a block at a time, and sends the row with its id like ``send(_:_:)``: the id is
    /// known without waiting for the server.
    func insert(_ row: RowInsert, _ arguments: [DatabaseValue]) throws -> Int64

    /// Inserts one row whose id must be the table's next, in the order rows are committed (the
    /// undo stack's, which is ordered by id), and hands the id to `then` once it is known: at once
    /// on SQLite; on PostgreSQL when the answer comes, as for ``send(_:_:)`` — not at all if the
    /// command fails.
    func send(_ row: RowInsert, _ arguments: [DatabaseValue], then: @escaping (Int64) -> Void) throws

    /// Runs a query and hands each row's values to `body`, in the order of its columns, one row at
    /// a time.
    func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: ([DatabaseValue]) throws -> Void) throws

    /// How many rows this connection has changed since it was opened: a command that leaves it as
    /// it was changed nothing.
    var totalChanges: Int { get }

    /// The identifiers of the schema migrations applied to the database, in no order.
    func appliedMigrations() throws -> Set<String>

    /// The engine's `LIKE` that ignores case (SQLite's own `LIKE` does, for ASCII; PostgreSQL's
    /// `ILIKE`).
    var likeIgnoringCase: String { get }
}

extension StoreConnection {
    /// Runs the statement at once (``send(_:_:)``, for an engine that has no reason to wait).
    package func send(_ sql: String, _ arguments: [DatabaseValue]) throws {
        _ = try execute(sql, arguments)
    }

    /// Runs the statement at once and checks its count.
    package func send(_ sql: String, _ arguments: [DatabaseValue], changing count: Int, else failure: @escaping () -> Error) throws {
        guard try execute(sql, arguments) == count else { throw failure() }
    }

    /// The rows of a query, each as its values.
    package func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        try forEachRow(sql, arguments) { rows.append($0) }
        return rows
    }

    /// The first row of a query, or nil when it has none.
    package func firstRow(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [DatabaseValue]? {
        try rows(sql, arguments).first
    }

    /// The first column of the first row, as a `Value` (nil when there is no row or it is NULL).
    package func value<Value: DatabaseValueConvertible>(_ type: Value.Type, _ sql: String, _ arguments: [DatabaseValue] = []) throws -> Value? {
        guard let first = try firstRow(sql, arguments)?.first, !first.isNull else { return nil }
        guard let value = Value.fromDatabaseValue(first) else { throw ColumnValues.damage("holds \(first), which is not a \(Value.self)") }
        return value
    }
}

/// The SQLite engine: GRDB's connection, every statement compiled once and kept
/// (`cachedStatement`) for the next command.
struct SQLiteStoreConnection: StoreConnection {
    let db: Database

    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: Self.statementArguments(arguments))
        return db.changesCount
    }

    func insert(_ row: RowInsert, _ arguments: [DatabaseValue]) throws -> Int64 {
        try db.cachedStatement(sql: row.sql).execute(arguments: Self.statementArguments(arguments))
        return db.lastInsertedRowID
    }

    func send(_ row: RowInsert, _ arguments: [DatabaseValue], then: @escaping (Int64) -> Void) throws {
        then(try insert(row, arguments))
    }

    func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: ([DatabaseValue]) throws -> Void) throws {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: Self.statementArguments(arguments))
        while let row = try rows.next() { try body(Array(row.databaseValues)) }
    }

    /// The values as GRDB's arguments, through its initializer for optional values.
    /// `StatementArguments(values)` would take the one for any sequence of a convertible type,
    /// which maps with a key path that the runtime builds anew for every statement: it was a
    /// tenth of the store benchmark's 10,000-line script (`perf record`).
    static func statementArguments(_ values: [DatabaseValue]) -> StatementArguments {
        StatementArguments(values.map { Optional<any DatabaseValueConvertible>.some($0) })
    }

    var totalChanges: Int { db.totalChangesCount }

    func appliedMigrations() throws -> Set<String> {
        try Schema.migrator.appliedIdentifiers(db)
    }

    var likeIgnoringCase: String { "LIKE" }
}

/// The INSERT of one row into a table whose key is `id`, an integer the engine gives
/// (``StoreConnection/insert(_:_:)``).
package struct RowInsert: Sendable {
    /// The table, as its statements name it.
    package let table: String
    /// The INSERT without the id: the engine gives it.
    package let sql: String
    /// The INSERT with the id first, for a row whose id is known.
    package let sqlWithID: String

    package init(into table: String, columns: [String]) {
        self.table = table
        func insert(_ columns: [String]) -> String {
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
        }
        sql = insert(columns)
        sqlWithID = insert(["id"] + columns)
    }
}

/// Told of each change a store transaction makes, as undo sums it up ("started Snowy's wash"): a
/// shared store tells the household's other members, once the transaction commits.
package protocol StoreChangeObserver: AnyObject {
    func changed(_ summary: String)
}
