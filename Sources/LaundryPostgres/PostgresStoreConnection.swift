#if PostgreSQL
import Foundation
import GRDB
import LaundryStore
import Logging
import NIOCore
import PostgresNIO

/// The store's SQL (``LaundryStore/StoreConnection``) on a PostgreSQL connection.
///
/// The commands run one at a time on the program's main thread, so each query waits for its
/// answer (`wait()` on the connection's future); the connection's own event loop runs on a thread
/// of its own. Statements arrive with `?` placeholders, numbered here as PostgreSQL's `$1, $2, …`;
/// values go both ways as GRDB's `DatabaseValue`s, so that a row reads the same as SQLite's: an
/// integer as `Int64`, text as `String`, a boolean as 0 or 1.
final class PostgresStoreConnection: StoreConnection, @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger
    /// The database, for messages.
    let database: String
    private(set) var totalChanges = 0
    /// Each statement as PostgreSQL reads it, by the text it was written as.
    private var numbered: [String: String] = [:]
    /// The statements prepared on this connection, by the text they were written as.
    private var preparedStatements: [String: Prepared] = [:]
    /// Fails the answer being waited for, if any: the connection's close calls it (one query at a
    /// time).
    private let waiting = Locked<(@Sendable (Error) -> Void)?>(nil)

    init(connection: PostgresConnection, logger: Logger, database: String) {
        self.connection = connection
        self.logger = logger
        self.database = database
        connection.closeFuture.whenComplete { [waiting] _ in
            waiting.value?(Self.connectionLost(database))
        }
    }

    var likeIgnoringCase: String { "ILIKE" }

    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        let changed: Int
        if let counted = Self.counted(sql), let statement = try prepared(counted, arguments) {
            changed = try run(statement, arguments).count
        } else {
            let result = try run(sql, arguments)
            changed = ["INSERT", "UPDATE", "DELETE"].contains(result.metadata.command) ? result.metadata.rows ?? 0 : 0
        }
        totalChanges += changed
        return changed
    }

    func insert(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        let returning = sql + " RETURNING id"
        let first: [DatabaseValue]?
        if let statement = try prepared(returning, arguments) {
            let rows = try run(statement, arguments)
            totalChanges += rows.count
            first = rows.first
        } else {
            let result = try run(returning, arguments)
            totalChanges += result.metadata.rows ?? 0
            first = try result.rows.first.map(Self.values)
        }
        guard let id = first?.first.flatMap(Int64.fromDatabaseValue) else {
            throw StoreError.serverFailed(database: database, reason: "an INSERT gave back no id")
        }
        return id
    }

    func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: ([DatabaseValue]) throws -> Void) throws {
        if let statement = try prepared(sql, arguments) {
            for row in try run(statement, arguments) { try body(row) }
        } else {
            for row in try run(sql, arguments).rows { try body(Self.values(of: row)) }
        }
    }

    // MARK: - Prepared statements

    /// A statement prepared on this connection, and the types of the values it takes.
    private struct Prepared {
        let query: PreparedQuery
        let types: [PostgresDataType]
    }

    /// `sql`'s prepared statement for `arguments`, prepared now if it is not yet; nil when it runs
    /// as it is: a statement with no values (BEGIN, COMMIT, SAVEPOINT: little to parse), or one
    /// given a value of another type than it was prepared with.
    ///
    /// postgres-nio prepares a statement written at run time through `prepare(query:)` (its
    /// `PostgresPreparedStatement` is a type whose SQL is fixed when the program is compiled, run
    /// from async code: the store's statements are text built at run time, run on this thread). The
    /// server then neither parses nor plans it again: each run is a Bind and an Execute. Such a
    /// statement declares no types of its own, so each placeholder is cast to the type of the value
    /// it first took (`$1::int8`), as the unnamed statement's declared types did; one first given
    /// NULL takes the type its place in the statement gives.
    private func prepared(_ sql: String, _ arguments: [DatabaseValue]) throws -> Prepared? {
        guard !arguments.isEmpty else { return nil }
        let types = arguments.map(Self.dataType)
        if let known = preparedStatements[sql] {
            return zip(types, known.types).allSatisfy({ $0 == .null || $1 == .null || $0 == $1 }) ? known : nil
        }
        let (text, placeholders) = numberedPlaceholders(sql, casts: types)
        guard placeholders == arguments.count else { return nil }
        let query = try answer(to: connection.prepare(query: text))
        let statement = Prepared(query: query, types: types)
        preparedStatements[sql] = statement
        return statement
    }

    /// Runs a prepared statement and waits for its rows.
    private func run(_ statement: Prepared, _ arguments: [DatabaseValue]) throws -> [[DatabaseValue]] {
        try answer(to: statement.query.execute(arguments.map(Self.data))).map(Self.binaryValues)
    }

    /// A prepared statement's row's cells as `DatabaseValue`s, in column order. postgres-nio asks
    /// for every row in binary, but `prepare(query:)` keeps the statement's description as the
    /// server sent it, which says text: the cells are read as the binary they are.
    static func binaryValues(of row: PostgresRow) throws -> [DatabaseValue] {
        try row.map { cell -> DatabaseValue in
            guard var bytes = cell.bytes else { return .null }
            let value: DatabaseValue?
            switch cell.dataType {
            case .int8: value = bytes.readInteger(as: Int64.self)?.databaseValue
            case .int4: value = bytes.readInteger(as: Int32.self).map { Int64($0).databaseValue }
            case .int2: value = bytes.readInteger(as: Int16.self).map { Int64($0).databaseValue }
            case .bool: value = bytes.readInteger(as: UInt8.self).map { ($0 == 0 ? 0 : 1).databaseValue }
            case .float8: value = bytes.readInteger(as: UInt64.self).map { Double(bitPattern: $0).databaseValue }
            case .float4: value = bytes.readInteger(as: UInt32.self).map { Double(Float(bitPattern: $0)).databaseValue }
            case .bytea: value = Data(bytes.readableBytesView).databaseValue
            case .text, .varchar, .name, .bpchar: value = bytes.readString(length: bytes.readableBytes)?.databaseValue
            default: value = nil
            }
            guard let value else {
                throw StoreError.serverFailed(database: "", reason: "a column of type \(cell.dataType) cannot be read")
            }
            return value
        }
    }

    /// The value as postgres-nio's `PostgresData`, which a prepared statement takes.
    static func data(_ value: DatabaseValue) -> PostgresData {
        switch value.storage {
        case .null: .null
        case .int64(let number): PostgresData(int64: number)
        case .double(let number): PostgresData(double: number)
        case .string(let text): PostgresData(string: text)
        case .blob(let bytes): PostgresData(bytes: bytes)
        }
    }

    /// An INSERT, UPDATE or DELETE as one that gives back a row for each row it changed: a
    /// prepared statement's rows are all postgres-nio gives back, not its command tag. Nil for
    /// any other statement, and for one that gives back rows already.
    static func counted(_ sql: String) -> String? {
        let command = sql.prefix { $0 != " " }.uppercased()
        guard ["INSERT", "UPDATE", "DELETE"].contains(command), !sql.uppercased().contains("RETURNING") else { return nil }
        return sql + " RETURNING 1"
    }

    /// The type postgres-nio declares for a value it binds (``bindings(_:)``); `.null` for NULL,
    /// whose type the statement gives.
    static func dataType(_ value: DatabaseValue) -> PostgresDataType {
        switch value.storage {
        case .null: .null
        case .int64: .int8
        case .double: .float8
        case .string: .text
        case .blob: .bytea
        }
    }

    func appliedMigrations() throws -> Set<String> {
        Set(try rows("SELECT identifier FROM grdb_migrations").compactMap { $0.first.flatMap(String.fromDatabaseValue) })
    }

    /// Runs a statement with no arguments and no rows to read (BEGIN, COMMIT, DDL).
    func run(_ sql: String) throws {
        _ = try run(sql, [])
    }

    /// Runs `sql` and waits for all of its answer.
    func run(_ sql: String, _ arguments: [DatabaseValue]) throws -> PostgresQueryResult {
        let query = PostgresQuery(unsafeSQL: numberedPlaceholders(sql), binds: Self.bindings(arguments))
        return try answer(to: connection.query(query, logger: logger))
    }

    /// Waits for `future`, the answer to what was just sent on the connection.
    ///
    /// A query written to a connection that is already closed is never answered (postgres-nio
    /// drops it): it is refused here, and one that is waiting when the connection closes is failed
    /// by the close (one handler for the connection's life, not one per query).
    private func answer<Value: Sendable>(to send: @autoclosure () -> EventLoopFuture<Value>) throws -> Value {
        guard !connection.isClosed else { throw Self.connectionLost(database) }
        let answer = connection.eventLoop.makePromise(of: Value.self)
        waiting.update { $0 = { answer.fail($0) } }
        defer { waiting.update { $0 = nil } }
        if connection.isClosed {
            // Closed since the check, before the close's handler could see this answer.
            answer.fail(Self.connectionLost(database))
        } else {
            send().cascade(to: answer)
        }
        return try answer.futureResult.wait()
    }

    /// The values as postgres-nio binds them.
    static func bindings(_ arguments: [DatabaseValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: arguments.count)
        for value in arguments {
            switch value.storage {
            case .null: bindings.appendNull()
            case .int64(let number): bindings.append(number)
            case .double(let number): bindings.append(number)
            case .string(let text): bindings.append(text)
            case .blob(let data): bindings.append(ByteBuffer(bytes: data))
            }
        }
        return bindings
    }

    static func connectionLost(_ database: String) -> StoreError {
        .serverFailed(database: database, reason: "the connection to the server was lost")
    }

    /// `sql` with each `?` outside quotes written as `$1`, `$2`, …
    private func numberedPlaceholders(_ sql: String) -> String {
        if let known = numbered[sql] { return known }
        let result = Self.numbered(sql, casts: []).sql
        numbered[sql] = result
        return result
    }

    /// `sql` with each `?` outside quotes written as `$1`, `$2`, … — cast to the type `casts` gives
    /// it (`$1::int8`), where it gives one — and how many there are.
    private func numberedPlaceholders(_ sql: String, casts: [PostgresDataType]) -> (sql: String, placeholders: Int) {
        Self.numbered(sql, casts: casts)
    }

    private static func numbered(_ sql: String, casts: [PostgresDataType]) -> (sql: String, placeholders: Int) {
        var result = ""
        var count = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                count += 1
                result += "$\(count)"
                if count <= casts.count, let type = castName[casts[count - 1]] { result += "::" + type }
            } else {
                result.append(character)
            }
        }
        return (result, count)
    }

    /// The SQL names of the types a value is bound as (``dataType(_:)``).
    private static let castName: [PostgresDataType: String] = [.int8: "int8", .float8: "float8", .text: "text", .bytea: "bytea"]

    /// A row's cells as `DatabaseValue`s, in column order.
    static func values(of row: PostgresRow) throws -> [DatabaseValue] {
        try row.map { cell -> DatabaseValue in
            guard cell.bytes != nil else { return .null }
            switch cell.dataType {
            case .int8, .int4, .int2: return try cell.decode(Int64.self).databaseValue
            case .bool: return try cell.decode(Bool.self) ? 1.databaseValue : 0.databaseValue
            case .float8, .float4: return try cell.decode(Double.self).databaseValue
            case .bytea: return Data(try cell.decode(ByteBuffer.self).readableBytesView).databaseValue
            default: return try cell.decode(String.self).databaseValue
            }
        }
    }
}

#endif
