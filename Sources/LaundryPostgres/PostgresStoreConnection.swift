#if PostgreSQL
import Foundation
import GRDB
import LaundryStore

/// The store's SQL (``LaundryStore/StoreConnection``) on a PostgreSQL connection
/// (``LibpqConnection``).
///
/// The commands run one at a time on the program's main thread, and so does the connection: each
/// statement is sent and its answer read on this thread. Statements arrive with `?` placeholders,
/// numbered here as PostgreSQL's `$1, $2, …`; values go both ways as GRDB's `DatabaseValue`s, so
/// that a row reads the same as SQLite's: an integer as `Int64`, text as `String`, a boolean as 0
/// or 1. A statement with values is prepared on the connection the first time it runs (in the
/// same round trip): the server then neither parses nor plans it again.
final class PostgresStoreConnection: StoreConnection, @unchecked Sendable {
    let connection: LibpqConnection
    /// The database, for messages.
    let database: String
    private(set) var totalChanges = 0
    /// Each statement as PostgreSQL reads it, by the text it was written as.
    private var numbered: [String: String] = [:]
    /// The statements prepared on this connection, by the text they were written as.
    private var preparedStatements: [String: LibpqConnection.Prepared] = [:]
    /// The statements being prepared in what is queued: forgotten if it fails (a statement whose
    /// pipeline failed before it may not be prepared), to be prepared again under another name.
    private var preparing: [String] = []

    init(connection: LibpqConnection, database: String) {
        self.connection = connection
        self.database = database
    }

    var likeIgnoringCase: String { "ILIKE" }

    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        try answer(sql, arguments).changed
    }

    func insert(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        guard let id = try answer(sql + " RETURNING id", arguments).rows.first?.first.flatMap(Int64.fromDatabaseValue) else {
            throw StoreError.serverFailed(database: database, reason: "an INSERT gave back no id")
        }
        return id
    }

    func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: ([DatabaseValue]) throws -> Void) throws {
        for row in try answer(sql, arguments).rows { try body(row) }
    }

    func appliedMigrations() throws -> Set<String> {
        Set(try rows("SELECT identifier FROM grdb_migrations").compactMap { $0.first.flatMap(String.fromDatabaseValue) })
    }

    /// Runs a statement with no values and no rows to read (COMMIT, DDL) and waits for its answer.
    func run(_ sql: String) throws {
        _ = try answer(sql, [])
    }

    /// Queues a statement with no values whose answer is not needed at once (BEGIN, SAVEPOINT): it
    /// goes to the server with the next statement that is waited for, which throws its failure.
    func send(_ sql: String) throws {
        do {
            try connection.send(sql)
        } catch {
            throw Self.translated(error, database: database)
        }
    }

    /// Runs the statements in one round trip, each seeing what the ones before it did, and returns
    /// their rows; the first that fails throws, and the server skips those after it.
    func rowsTogether(_ statements: [(sql: String, arguments: [DatabaseValue])]) throws -> [[[DatabaseValue]]] {
        do {
            for statement in statements { _ = try queue(statement.sql, statement.arguments) }
            let answers = try waitForAnswers()
            for answer in answers { totalChanges += answer.changed }
            return answers.map(\.rows)
        } catch {
            throw Self.translated(error, database: database)
        }
    }

    /// Runs `sql` and waits for its answer (and for whatever was queued before it).
    private func answer(_ sql: String, _ arguments: [DatabaseValue]) throws -> LibpqConnection.Answer {
        do {
            let index = try queue(sql, arguments)
            let answer = try waitForAnswers()[index]
            totalChanges += answer.changed
            return answer
        } catch {
            throw Self.translated(error, database: database)
        }
    }

    /// Waits for the answers to what is queued.
    private func waitForAnswers() throws(LibpqError) -> [LibpqConnection.Answer] {
        defer { preparing.removeAll() }
        do {
            return try connection.wait()
        } catch {
            for sql in preparing { preparedStatements[sql] = nil }
            throw error
        }
    }

    /// Queues `sql` — prepared when it reads or writes rows (prepared now when it is not yet) —
    /// and returns the index of its answer.
    ///
    /// A statement is prepared with the types of the values it first took (NULL: the type its
    /// place gives); one given a value of another type later runs as it is. Transaction control
    /// (BEGIN, SAVEPOINT, COMMIT), LISTEN and the schema's statements run as they are: there is
    /// little to parse, or they run once.
    private func queue(_ sql: String, _ arguments: [DatabaseValue]) throws(LibpqError) -> Int {
        let text = numberedPlaceholders(sql)
        guard !arguments.isEmpty || Self.readsOrWritesRows(sql) else { return try connection.query(text, arguments) }
        if let known = preparedStatements[sql] {
            let fits = zip(arguments.map(LibpqConnection.type), known.types).allSatisfy { $0 == 0 || $1 == 0 || $0 == $1 }
            return try connection.query(text, arguments, prepared: fits ? known : nil)
        }
        let statement = connection.newPrepared(for: arguments)
        preparedStatements[sql] = statement
        preparing.append(sql)
        return try connection.query(text, arguments, prepared: statement, prepare: true)
    }

    /// Whether `sql` is a query or a change of rows: a statement worth preparing.
    static func readsOrWritesRows(_ sql: String) -> Bool {
        let command = sql.prefix { $0 != " " }.uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains(command)
    }

    /// The connection's error as the store's own (``PostgresStore/translated(_:database:)``).
    static func translated(_ error: Error, database: String) -> Error {
        PostgresStore.translated(error, database: database)
    }

    static func connectionLost(_ database: String) -> StoreError {
        .serverFailed(database: database, reason: "the connection to the server was lost")
    }

    /// `sql` with each `?` outside quotes written as `$1`, `$2`, …
    private func numberedPlaceholders(_ sql: String) -> String {
        if let known = numbered[sql] { return known }
        let result = Self.numbered(sql)
        numbered[sql] = result
        return result
    }

    static func numbered(_ sql: String) -> String {
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
        return result
    }
}

#endif
