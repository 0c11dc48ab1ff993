#if PostgreSQL
import Foundation
import GRDB
import LaundryCore
import LaundryStore

/// A household's store on one PostgreSQL database: the same pets from every member's terminal.
///
/// It keeps the promises of SQLite's ``LaundryStore/LaundryStore`` (``LaundryStore/StoreEngine``),
/// with the same ``LaundryStore/StoreTransaction`` on a ``PostgresStoreConnection``:
/// - every write is one transaction, and writes take turns across the household: each takes the
///   household's lock first (`pg_advisory_xact_lock`), as SQLite's `BEGIN IMMEDIATE` does, so two
///   members' commands on the same pet never interleave (none lost, none doubled);
/// - a group of writes is one transaction, each write a savepoint in it;
/// - a write that changed something tells the other members' prompts (``HouseholdNews``) through
///   `NOTIFY`, sent when it commits and only if it does;
/// - a connection lost while a write's COMMIT was on its way leaves only the server knowing
///   whether the write is in: the store connects again and asks it (`txid_status`), so the reply
///   says truly which. Any command after a lost connection connects again first.
public final class PostgresStore: StoreEngine, @unchecked Sendable {
    public let location: StoreLocation
    public let readOnlyReason: String? = nil
    public let url: DatabaseURL
    /// Who types here: named with every change this store tells the household.
    public let member: String
    private let timeout: TimeInterval
    var sql: PostgresStoreConnection
    let memory = StoreMemory()
    let news: HouseholdNews
    private var groupOpen = false
    /// The household's version (``HouseholdVersion``) that what ``memory`` keeps was read at; nil
    /// when it is not known, and the memory must be forgotten at the next transaction.
    var keptVersion: HouseholdVersion?
    /// How many rows the connection had changed when the transaction began: a transaction that
    /// changed some moves the household's version on.
    var changesAtBegin = 0
    /// The version the open transaction's changes move the household to, once they are counted.
    var committingVersion: HouseholdVersion?

    /// The open write transaction, while there is one: what to ask the server about if the
    /// connection is lost before its COMMIT is answered.
    var writing: WriteTransaction?
    /// The last try to connect again, when it failed: for a few seconds after it, commands fail at
    /// once with its error rather than each waiting out the connect timeout (a script's lines
    /// against a server that is gone).
    private var failedReconnect: (at: ContinuousClock.Instant, error: StoreError)?
    static let reconnectPause: Duration = .seconds(5)

    /// The household's write lock, taken by every write transaction first; in the same round trip,
    /// the transaction's id and the server process's (``WriteTransaction``).
    static let lock = "SELECT txid_current(), pg_backend_pid() FROM pg_advisory_xact_lock(\(lockKey))"
    /// "LTHH" (LaundryTime household), as a number: a key no other program is likely to take.
    static let lockKey = 0x4C54_4848
    /// The channel a write's news is sent on.
    static let channel = "laundrytime"

    /// Connects, brings the schema up to date and listens for the other members' changes.
    /// Throws ``LaundryStore/StoreError/unreachable(database:reason:)`` when the server is down,
    /// unreachable or refuses the user or password; the message never holds the password.
    public init(url: DatabaseURL, location: StoreLocation, member: String, timeout: TimeInterval = 10) throws(StoreError) {
        self.url = url
        self.location = location
        self.member = member
        self.timeout = timeout
        do {
            sql = PostgresStoreConnection(connection: try Self.connect(url, timeout: timeout), database: url.description)
        } catch {
            throw .unreachable(database: url.description, reason: Self.reason(of: error))
        }
        news = HouseholdNews(session: UUID().uuidString)
        do {
            try PostgresSchema.migrate(sql, lock: Self.lock)
            try listen()
        } catch {
            sql.connection.close()
            throw Self.storeError(error, database: url.description)
        }
    }

    /// Connects with libpq, which is given each part of `url` as its own parameter: the URL was
    /// read once, as libpq reads it (``LaundryStore/DatabaseURL``), and what libpq does with a
    /// host, a port, `sslmode`, `connect_timeout`, `application_name` and `options` is then its
    /// own, as for `psql`.
    private static func connect(_ url: DatabaseURL, timeout: TimeInterval) throws(LibpqError) -> LibpqConnection {
        var parameters: [(keyword: String, value: String)] = [
            ("host", url.host), ("port", String(url.port)), ("user", url.user), ("dbname", url.database),
            ("sslmode", url.sslMode.rawValue),
            // libpq's connect_timeout=0: as long as it takes; none given: the store's own.
            ("connect_timeout", String(url.connectTimeout ?? max(Int(timeout.rounded(.up)), 2))),
            // Text to and from the server is UTF-8, whatever the database's own encoding.
            ("client_encoding", "UTF8"),
        ]
        if let password = url.password { parameters.append(("password", password)) }
        if let name = url.applicationName { parameters.append(("application_name", name)) }
        if let options = url.options { parameters.append(("options", options)) }
        return try LibpqConnection(parameters: parameters)
    }

    /// Takes in the other members' news on the connection.
    private func listen() throws {
        try sql.run("LISTEN \(Self.channel)")
    }

    /// Connects again when the connection was lost (the server restarted, the network dropped):
    /// each command after a lost one tries afresh, rather than the prompt failing until restarted.
    func reconnect() throws(StoreError) {
        if let failed = failedReconnect, ContinuousClock.now - failed.at < Self.reconnectPause { throw failed.error }
        sql.connection.close()
        do {
            sql = PostgresStoreConnection(connection: try Self.connect(url, timeout: timeout), database: url.description)
            failedReconnect = nil
        } catch {
            let unreachable = StoreError.unreachable(database: url.description, reason: Self.reason(of: error))
            failedReconnect = (ContinuousClock.now, unreachable)
            throw unreachable
        }
        do {
            try listen()
        } catch {
            throw Self.storeError(error, database: url.description)
        }
    }

    /// Connects again when the connection was lost: the server closed it since the last command
    /// (a restart, a terminated session) — what it sent meanwhile is read first, without waiting,
    /// and the other members' news in it kept.
    private func reconnectIfLost() throws(StoreError) {
        takeNews()
        if sql.connection.isLost { try reconnect() }
    }

    /// Reads the notifications that came on the connection, without waiting.
    private func takeNews() {
        for notification in sql.connection.takeInput() where notification.channel == Self.channel {
            news.receive(notification.payload)
        }
    }

    // MARK: - Transactions

    public func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        if groupOpen { return try body(transaction()) }
        try reconnectIfLost()
        return try inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", commit: true) {
            // Read in the transaction's snapshot, which its first statement takes: what is kept is
            // what this snapshot would read, or it is forgotten.
            try checkVersion()
            return try body(transaction())
        }
    }

    public func write<T>(commit: Bool, _ body: (StoreTransaction) throws -> T) throws -> T {
        guard groupOpen else {
            try reconnectIfLost()
            return try inTransaction("BEGIN", commit: commit, countingChanges: true) {
                try takeLock()
                return try body(transaction())
            }
        }
        // Each command is a savepoint of the group's transaction. The savepoint goes to the server
        // with the command's first statement, and its RELEASE with the command's writes still
        // queued, which are waited for before the command is done: a failure is the command's
        // own. Released, savepoints do not nest: a thousand commands left open would be a
        // thousand levels of subtransactions, which the server walks when it checks whether a
        // row is the transaction's own.
        do {
            try sql.send("SAVEPOINT command")
            let result = try body(transaction())
            if !commit {
                try sql.send("ROLLBACK TO SAVEPOINT command")
                news.forgetPending()
                memory.forget()
            }
            try sql.send("RELEASE SAVEPOINT command")
            try sql.flushWrites()
            return result
        } catch {
            memory.forget()
            news.forgetPending()
            // What is still queued is waited for first: a failure among it would make the server
            // skip the rollback sent with it.
            try? sql.flushWrites()
            _ = try? sql.rowsTogether([("ROLLBACK TO SAVEPOINT command", []), ("RELEASE SAVEPOINT command", [])])
            throw Self.translated(error, database: url.description)
        }
    }

    public func beginGroup() throws(StoreError) {
        try reconnectIfLost()
        do {
            committingVersion = nil
            try sql.send("BEGIN")
            sql.beginTransaction(idsAhead: true)
            changesAtBegin = sql.totalChanges
            try takeLock()
            groupOpen = true
        } catch {
            forgetKept()
            try? sql.run("ROLLBACK")
            throw Self.storeError(error, database: url.description)
        }
    }

    public func commitGroup() throws(StoreError) {
        guard groupOpen else {
            throw .serverFailed(database: url.description, reason: "there was no group of commands to commit")
        }
        groupOpen = false
        do {
            try commitTransaction(counting: changeCount())
            keepCommitted()
        } catch {
            forgetKept()
            news.forgetPending()
            try? sql.run("ROLLBACK")
            throw Self.storeError(error, database: url.description)
        }
    }

    public func close() {
        sql.connection.close()
    }

    /// How many times this store has waited for the server (on its current connection).
    var roundTrips: Int { sql.connection.roundTrips }

    /// The changes other members made since the last call, oldest first ("Sam started Fluffy's
    /// wash"); this member's own are not among them.
    public func householdNews() -> [String] {
        guard !groupOpen else { return news.take() }
        takeNews()
        return news.take()
    }

    /// Copies another store — a data directory's SQLite store, moving in — into this database, in
    /// one transaction, and returns how many rows each table holds (``LaundryStore/StoreCopy``).
    /// Copying the same store again adds nothing.
    public func moveIn(from source: any StoreEngine) throws -> [(table: String, rows: Int)] {
        try source.read { from in
            try write(commit: true) { _ in
                let counts = try StoreCopy.copy(from: from.connection, to: sql, target: url.description)
                // The ids were copied as they were: the next new row's id comes after them.
                for table in StoreCopy.tables where table.key == "id" {
                    try sql.execute(
                        "SELECT setval(pg_get_serial_sequence('\(table.name.lowercased())', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM \(table.name)), false)",
                        [])
                }
                sql.letTakenIDsGo()
                return counts
            }
        }
    }

    private func transaction() -> StoreTransaction {
        StoreTransaction(connection: sql, path: url.description, memory: memory, member: member, changes: news)
    }

    /// Runs `body` between `begin` and COMMIT (ROLLBACK when it throws, or when `commit` is false);
    /// `begin` goes to the server with `body`'s first statement. What ``memory`` keeps is checked
    /// against the household's version by `body` (``checkVersion()``) once the transaction sees the
    /// last write: another member may have changed the pets. A write (`countingChanges`) that
    /// changed rows moves the household's version on as it commits (``changeCount()``).
    private func inTransaction<T>(_ begin: String, commit: Bool, countingChanges: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            writing = nil
            committingVersion = nil
            try sql.send(begin)
            sql.beginTransaction(idsAhead: false)
            changesAtBegin = sql.totalChanges
            do {
                let result = try body()
                if commit {
                    try commitTransaction(counting: countingChanges ? changeCount() : nil)
                    keepCommitted()
                } else {
                    try sql.run("ROLLBACK")
                    news.forgetPending()
                    forgetKept()
                }
                return result
            } catch {
                forgetKept()
                news.forgetPending()
                try? sql.run("ROLLBACK")
                throw error
            }
        } catch {
            throw Self.translated(error, database: url.description)
        }
    }
}
#endif
