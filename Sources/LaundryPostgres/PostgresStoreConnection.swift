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
/// or 1. A statement that reads or writes rows is prepared on the connection the first time it
/// runs (in the same round trip): the server then neither parses nor plans it again.
///
/// A write whose count is not wanted (``send(_:_:)``: the transcript's line, an undo entry) is
/// queued, and goes with the next statement that is waited for; the store waits for what is still
/// queued at the end of each command (``flushWrites()``), so that a failure is its command's.
final class PostgresStoreConnection: StoreConnection, @unchecked Sendable {
    let connection: LibpqConnection
    /// The database, for messages.
    let database: String
    /// The rows changed by the statements answered so far.
    private var changes = 0
    /// How many writes are queued, their counts not yet known.
    private var queuedWrites = 0
    /// A queued write's failure that was read where it could not be thrown (``totalChanges``): the
    /// next statement throws it.
    private var heldFailure: Error?
    /// Each statement as PostgreSQL reads it, by the text it was written as.
    private var numbered: [String: String] = [:]
    /// The statements prepared on this connection, by the text they were written as.
    private var preparedStatements: [String: LibpqConnection.Prepared] = [:]
    /// The statements being prepared in what is queued: forgotten if it fails (a statement whose
    /// pipeline failed before it may not be prepared), to be prepared again under another name.
    private var preparing: [String] = []
    /// The counts the queued writes must come to (``send(_:_:changing:else:)``), by the index of
    /// their answers.
    private var expectedChanges: [(answer: Int, count: Int, failure: () -> Error)] = []
    /// Who waits for the ids of queued rows (``send(_:_:then:)``), by the index of their answers.
    private var awaitedIDs: [(answer: Int, then: (Int64) -> Void)] = []
    /// Ids taken from each table's sequence in this transaction and not yet given to a row, the
    /// next last (``insert(_:_:)``).
    private var freeIDs: [String: [Int64]] = [:]
    /// How many ids the next refill of a table's free ids takes (``beginTransaction(idsAhead:)``).
    private var idBlock: [String: Int] = [:]
    /// Whether this transaction takes ids ahead, more at each refill.
    private var idsAhead = false
    /// The most ids taken at once.
    static let largestIDBlock = 64

    init(connection: LibpqConnection, database: String) {
        self.connection = connection
        self.database = database
    }

    var likeIgnoringCase: String { "ILIKE" }

    /// How many rows this connection has changed: the queued writes are waited for first.
    var totalChanges: Int {
        if queuedWrites > 0 {
            do {
                try flushWrites()
            } catch {
                heldFailure = error
            }
        }
        return changes
    }

    /// Whether rows may have changed since the connection's count was `count`: a queued write is
    /// taken to have changed some, without waiting for it.
    func mayHaveChanged(since count: Int) -> Bool {
        queuedWrites > 0 || changes != count
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        try answer(sql, arguments).changed
    }

    func send(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try translatingErrors {
            try queue(sql, arguments, answered: false)
            queuedWrites += 1
        }
    }

    func send(_ sql: String, _ arguments: [DatabaseValue], changing count: Int, else failure: @escaping () -> Error) throws {
        try translatingErrors {
            guard let answer = try queue(sql, arguments) else { return }
            expectedChanges.append((answer, count, failure))
            queuedWrites += 1
        }
    }

    /// Sends the row with an id of its own, taken from the table's sequence without waiting for
    /// the server when it was taken ahead (``beginTransaction(idsAhead:)``).
    func insert(_ row: RowInsert, _ arguments: [DatabaseValue]) throws -> Int64 {
        let id = try newID(for: row.table)
        try send(row.sqlWithID, [id.databaseValue] + arguments)
        return id
    }

    /// Starts taking ids afresh for a write transaction, whose first statement takes the
    /// household's lock: every id it gives is then taken under the lock, after those of every
    /// transaction before it and before those of every one after, so that ids keep the order the
    /// rows were committed in, across the household (a history lists one instant's events by
    /// id). Ids left from an earlier transaction are let go — gaps, as a rolled-back row's are.
    /// With `idsAhead` (a group of commands: a script's), each refill takes more ids than the
    /// last, 4 up to ``largestIDBlock``, so that most new rows cost no wait; else one at a time,
    /// when a row needs it.
    func beginTransaction(idsAhead: Bool) {
        letTakenIDsGo()
        self.idsAhead = idsAhead
    }

    /// Lets go of the ids taken and not given: also after a sequence is set (rows copied with
    /// their own ids), which may then give them again.
    func letTakenIDsGo() {
        freeIDs.removeAll(keepingCapacity: true)
        idBlock.removeAll(keepingCapacity: true)
    }

    /// The next id for a new row of `table`, from its free ids or, when there are none, from its
    /// sequence.
    private func newID(for table: String) throws -> Int64 {
        if let id = freeIDs[table]?.popLast() { return id }
        let count = idsAhead ? idBlock[table, default: 4] : 1
        idBlock[table] = min(count * 2, Self.largestIDBlock)
        let taken = try rows(
            "SELECT nextval(pg_get_serial_sequence('\(table.lowercased())', 'id')) FROM generate_series(1, \(count))"
        ).compactMap { $0.first.flatMap(Int64.fromDatabaseValue) }
        var ids = taken.sorted(by: >)
        guard let id = ids.popLast() else {
            throw StoreError.serverFailed(database: database, reason: "the sequence of \(table) gave no ids")
        }
        freeIDs[table] = ids
        return id
    }

    func send(_ row: RowInsert, _ arguments: [DatabaseValue], then: @escaping (Int64) -> Void) throws {
        try translatingErrors {
            guard let answer = try queue(row.sql + " RETURNING id", arguments) else { return }
            awaitedIDs.append((answer, then))
            queuedWrites += 1
        }
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
        try translatingErrors {
            _ = try connection.query(sql, [], answered: false)
        }
    }

    /// Waits for the queued writes (``send(_:_:)``), if any: their failure is thrown here.
    func flushWrites() throws {
        guard queuedWrites > 0 else { return }
        try translatingErrors { _ = try waitForAnswers() }
    }

    /// Runs the statements in one round trip, each seeing what the ones before it did, and returns
    /// their rows; the first that fails throws, and the server skips those after it.
    func rowsTogether(_ statements: [(sql: String, arguments: [DatabaseValue])]) throws -> [[[DatabaseValue]]] {
        try translatingErrors {
            let indices = try statements.map { try queue($0.sql, $0.arguments)! }
            let answers = try waitForAnswers()
            return indices.map { answers[$0].rows }
        }
    }

    /// Runs `sql` and waits for its answer (and for whatever was queued before it).
    private func answer(_ sql: String, _ arguments: [DatabaseValue]) throws -> LibpqConnection.Answer {
        try translatingErrors {
            let index = try queue(sql, arguments)
            return try waitForAnswers()[index!]
        }
    }

    /// Runs `body`, its errors as the store's own; a held failure first.
    @discardableResult
    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            if let failure = heldFailure {
                heldFailure = nil
                throw failure
            }
            return try body()
        } catch {
            throw Self.translated(error, database: database)
        }
    }

    /// Waits for the answers to what is queued, and counts the rows they changed; a write that did
    /// not change as many rows as it must throws its failure. The ids of queued rows go to whoever
    /// waits for them.
    private func waitForAnswers() throws -> [LibpqConnection.Answer] {
        let expected = expectedChanges, awaited = awaitedIDs
        defer {
            preparing.removeAll()
            queuedWrites = 0
            expectedChanges.removeAll()
            awaitedIDs.removeAll()
        }
        do {
            let answers = try connection.wait()
            changes += answers.otherChanges + answers.answers.reduce(0) { $0 + $1.changed }
            if let unmet = expected.first(where: { answers.answers[$0.answer].changed != $0.count }) {
                throw unmet.failure()
            }
            for row in awaited {
                guard let id = answers.answers[row.answer].rows.first?.first.flatMap(Int64.fromDatabaseValue) else {
                    throw StoreError.serverFailed(database: database, reason: "an INSERT gave back no id")
                }
                row.then(id)
            }
            return answers.answers
        } catch {
            for sql in preparing { preparedStatements[sql] = nil }
            throw error
        }
    }

    /// Queues `sql` — prepared when it reads or writes rows (prepared now when it is not yet) —
    /// and returns the index of its answer (nil when it is not `answered`: only checked).
    ///
    /// A statement is prepared with the types of the values it first took (NULL: the type its
    /// place gives); one given a value of another type later runs as it is. Transaction control
    /// (BEGIN, SAVEPOINT, COMMIT), LISTEN and the schema's statements run as they are: there is
    /// little to parse, or they run once. So does a query for the first or last few rows
    /// (``plannedEachTime(_:)``).
    @discardableResult
    private func queue(_ sql: String, _ arguments: [DatabaseValue], answered: Bool = true) throws(LibpqError) -> Int? {
        let text = numberedPlaceholders(sql)
        guard !arguments.isEmpty || Self.readsOrWritesRows(sql), !Self.plannedEachTime(sql) else {
            return try connection.query(text, arguments, answered: answered)
        }
        if let known = preparedStatements[sql] {
            let fits = zip(arguments.map(LibpqConnection.type), known.types).allSatisfy { $0 == 0 || $1 == 0 || $0 == $1 }
            return try connection.query(text, arguments, prepared: fits ? known : nil, answered: answered)
        }
        let statement = connection.newPrepared(for: arguments)
        preparedStatements[sql] = statement
        preparing.append(sql)
        return try connection.query(text, arguments, prepared: statement, prepare: true, answered: answered)
    }

    /// Whether `sql` is a query or a change of rows: a statement worth preparing.
    static func readsOrWritesRows(_ sql: String) -> Bool {
        let command = sql.prefix { $0 != " " }.uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains(command)
    }

    /// Whether `sql` asks for the first or last few rows (`ORDER BY … LIMIT`) — of the undo stack,
    /// the history, the transcript: tables that grow. Such a query is planned each time it runs,
    /// for the table as it is then: a prepared statement's plan, once PostgreSQL keeps one for all
    /// values, stays the one made for the table as it was — read whole and sorted, as suits a few
    /// rows, and still so at thousands (the household benchmark's undo read took 165 µs, against
    /// 20 µs through the index a plan made later chooses).
    static func plannedEachTime(_ sql: String) -> Bool {
        sql.contains(" LIMIT ")
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
