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
    /// The answer being waited for, if any: the connection's close fails it (one query at a time).
    private let waiting = Locked<EventLoopPromise<PostgresQueryResult>?>(nil)

    init(connection: PostgresConnection, logger: Logger, database: String) {
        self.connection = connection
        self.logger = logger
        self.database = database
        connection.closeFuture.whenComplete { [waiting] _ in
            waiting.value?.fail(Self.connectionLost(database))
        }
    }

    var likeIgnoringCase: String { "ILIKE" }

    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        let result = try run(sql, arguments)
        let changed = ["INSERT", "UPDATE", "DELETE"].contains(result.metadata.command) ? result.metadata.rows ?? 0 : 0
        totalChanges += changed
        return changed
    }

    func insert(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        let result = try run(sql + " RETURNING id", arguments)
        totalChanges += result.metadata.rows ?? 0
        guard let row = result.rows.first, let id = try Self.values(of: row).first.flatMap(Int64.fromDatabaseValue) else {
            throw StoreError.serverFailed(database: database, reason: "an INSERT gave back no id")
        }
        return id
    }

    func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: ([DatabaseValue]) throws -> Void) throws {
        for row in try run(sql, arguments).rows { try body(Self.values(of: row)) }
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
        let query = PostgresQuery(unsafeSQL: numberedPlaceholders(sql), binds: bindings)
        // A query written to a connection that is already closed is never answered (postgres-nio
        // drops it): it is refused here, and one that is waiting when the connection closes is
        // failed by the close (one handler for the connection's life, not one per query).
        guard !connection.isClosed else { throw Self.connectionLost(database) }
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        waiting.update { $0 = answer }
        defer { waiting.update { $0 = nil } }
        if connection.isClosed {
            // Closed since the check, before the close's handler could see this answer.
            answer.fail(Self.connectionLost(database))
        } else {
            connection.query(query, logger: logger).cascade(to: answer)
        }
        return try answer.futureResult.wait()
    }

    static func connectionLost(_ database: String) -> StoreError {
        .serverFailed(database: database, reason: "the connection to the server was lost")
    }

    /// `sql` with each `?` outside quotes written as `$1`, `$2`, …
    private func numberedPlaceholders(_ sql: String) -> String {
        if let known = numbered[sql] { return known }
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
            } else {
                result.append(character)
            }
        }
        numbered[sql] = result
        return result
    }

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
