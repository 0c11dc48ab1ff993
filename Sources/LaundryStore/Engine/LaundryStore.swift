import Foundation
import Synchronization
import CStoreShim
import GRDB
import LaundryCore
import LaundryPlatform

/// LaundryTime's SQLite database: pets, their history, settings and the transcript.
///
/// Opening creates the directory (mode 0700) and the file (mode 0600; SQLite gives its WAL files
/// the same mode), turns on WAL, waits for a busy database instead of failing, and runs the
/// migrations. Every ``write(_:)`` is one IMMEDIATE transaction: a command's state change and its
/// transcript rows are stored together or not at all. A script may group its commands (group
/// commit): between ``beginGroup()`` and ``commitGroup()`` each write is a savepoint of one
/// transaction, still all or nothing on its own, and the group reaches the file in one commit.
public final class LaundryStore: StoreEngine {
    public let location: StoreLocation
    private let queue: DatabaseQueue
    /// The database file's path, for messages (worked out once: a URL's path is not free).
    private let path: String
    /// Set at the first sign of damage: from then on nothing reads or writes the file, and closing
    /// leaves its write-ahead log as it is.
    private let damage = Mutex<StoreError?>(nil)
    /// When ``verify(at:)`` checked the whole file, until a write records it.
    private let wholeCheckToRecord = Mutex<Date?>(nil)
    private let memory = StoreMemory()
    /// The database file this connection opened: the file at ``path`` must still be it when a
    /// write begins (``unavailable``).
    private let openedFile: FileIdentity?

    /// How long opening, a read or a write waits for another process that holds the database
    /// before it says so: every wait for a lock has this limit.
    public let busyTimeout: TimeInterval
    public static let defaultBusyTimeout: TimeInterval = 10

    /// Why the store can only be read ("the file is not writable for you"); nil when it can be
    /// written. A read-only store is opened without locks or files of SQLite's beside it, reads
    /// as usual, and refuses every write.
    public let readOnlyReason: String?

    /// Who types in this session: recorded with every transcript row it adds.
    public let member: String

    public init(
        location: StoreLocation, busyTimeout: TimeInterval = LaundryStore.defaultBusyTimeout,
        member: String = StoreTransaction.defaultMember(environment: ProcessEnvironment.current())
    ) throws(StoreError) {
        self.location = location
        self.member = member
        self.busyTimeout = busyTimeout
        let path = location.databaseURL.path
        self.path = path
        try StoreFiles.prepareDirectory(location.directory)
        // Two processes opening a new store at once would both switch it to WAL and both run the
        // first migration ("table pet already exists", "database is locked"): opening and
        // migrating take turns, under an exclusive lock on the data directory itself (no lock
        // file is left beside the database). The wait has a limit, as every lock wait does.
        let directoryLock = try StoreLocks.lockDirectory(location.directory.path, timeout: busyTimeout, databasePath: path)
        defer { StoreLocks.unlock(directoryLock) }
        try StoreFiles.checkCompanionFiles(of: path)
        let access = try StoreFiles.createFileIfMissing(path, folder: location.directory.path)
        try StoreIdentity.checkNotEmptied(path)
        readOnlyReason = if case .readOnly(let reason) = access { reason } else { nil }
        let readOnly = readOnlyReason != nil
        // Only a log left open needs the ordinary way in (and SQLite's -shm file, which it then has).
        let logLeft = FileManager.default.fileExists(atPath: path + "-wal")
        if !readOnly { try StoreIdentity.checkLeftoverLog(databasePath: path, busyTimeout: busyTimeout) }

        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.prepareDatabase { db in
            // Every page's cells are checked as they are read (StoreIntegrity).
            try db.execute(sql: "PRAGMA cell_size_check = ON")
            // Before anything is written — turning on WAL writes the header — the file must be
            // LaundryTime's, or empty.
            try StoreIdentity.check(db, path: path)
            // WAL with synchronous = NORMAL, set by hand: GRDB's `journalMode = .wal` also creates
            // and drops a table whenever no -wal file exists (for pools' readers; this is one
            // connection), which is at every start, since closing folds the log back into the
            // file. That was a write transaction per run, and it changed the bytes of a store it
            // was about to refuse. (A read-only store stays as it is.)
            guard !readOnly else { return }
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(message: "could not turn on write-ahead logging")
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        configuration.busyMode = .timeout(busyTimeout)
        // A group of writes (``beginGroup()``) keeps its transaction open between them.
        configuration.allowsUnsafeTransactions = true
        configuration.foreignKeysEnabled = true
        configuration.label = "LaundryTime"
        do {
            // Read-only with no log left, the file is opened as immutable: SQLite then takes no lock
            // and makes no -shm file, which it could not make in a folder not ours.
            queue = try DatabaseQueue(path: readOnly && !logLeft ? Self.immutableURI(path) : path, configuration: configuration)
            // A store that is up to date (nearly every start) is not handed to the migrator, which
            // would read the applied migrations again and set up its own transaction to do nothing.
            let migrator = Schema.migrator
            let upToDate = try queue.read { db in try Self.checkSchema(db, migrator: migrator, path: path) }
            if !upToDate, let readOnlyReason {
                throw StoreError.cannotOpen(
                    path: path, reason: "it was written by an earlier LaundryTime and must be upgraded, but \(readOnlyReason)")
            }
            if !upToDate { try migrator.migrate(queue) }
            // Under the directory's lock and with SQLite holding it open: the file SQLite opened.
            openedFile = FileIdentity(path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(translating: error, path: path, opening: true, waited: busyTimeout)
        }
    }

    /// The file as an SQLite URI that opens it immutable (the path's `%`, `?` and `#` escaped).
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// Checks the store for damage as ``StoreIntegrity`` schedules it: a small store whole at every
    /// open; a larger one whole when it changed behind LaundryTime's back and once a day. Called
    /// once, after opening.
    public func verify(at now: Date) throws(StoreError) {
        // Looked at before the first read: nothing this process does has touched the file yet.
        let seal = StoreSeal.state(of: path)
        do {
            let wholeChecked = try readSQLite { db, transaction in
                try StoreIntegrity.check(
                    db, path: path, seal: seal, lastWholeCheck: try transaction.maintenanceDate(StoreIntegrity.checkedAtKey), now: now)
            }
            // Kept with the next change rather than in a write of its own: a session that only
            // reads writes nothing, and a store found damaged later was not written to.
            if wholeChecked { wholeCheckToRecord.withLock { $0 = now } }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .damaged(path: path, reason: "\(error)")
        }
    }

    /// Why the store can no longer be written though it opened, or nil while it can: the file at
    /// its path is not the one open any more — deleted or moved away (its folder with it, say), or
    /// another file put in its place. Writing on would store into a file nobody will open again,
    /// or beside another store. While SQLite holds the file open its inode is not reused, so the
    /// device and inode tell. One `stat`, before every write.
    public var unavailable: StoreError? {
        guard let openedFile else { return nil }
        guard let current = FileIdentity(path: path) else { return .vanished(path: path, reason: "there is no file there now") }
        return current == openedFile ? nil : .vanished(path: path, reason: "another file is there now")
    }

    private func refuseIfVanished() throws(StoreError) {
        if let unavailable { throw unavailable }
    }

    /// Reads in one transaction.
    public func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try readSQLite { _, transaction in try body(transaction) }
    }

    /// Reads in one transaction, with SQLite's own connection too (for what only SQLite has).
    func readSQLite<T>(_ body: (Database, StoreTransaction) throws -> T) throws -> T {
        try refuseIfDamaged()
        do {
            return try queue.read { db in
                try memory.beginTransaction(db)
                return try body(db, StoreTransaction(connection: SQLiteStoreConnection(db: db), path: path, memory: memory, member: member))
            }
        } catch {
            throw translated(error)
        }
    }

    /// Reads and writes in one IMMEDIATE transaction, committed when `body` returns (or rolled
    /// back anyway when `commit` is false: a dry run) and rolled back when it throws. Inside a
    /// group the same holds for a savepoint, and the group's commit makes it durable.
    public func write<T>(commit: Bool = true, _ body: (StoreTransaction) throws -> T) throws -> T {
        try refuseIfDamaged()
        try refuseIfVanished()
        do {
            return try queue.writeWithoutTransaction { db in
                // GRDB's `inTransaction` would compile BEGIN and COMMIT again for every command.
                let grouped = db.isInsideTransaction
                try db.cachedStatement(sql: grouped ? "SAVEPOINT command" : "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    if !grouped { try memory.beginTransaction(db) }
                    let transaction = StoreTransaction(connection: SQLiteStoreConnection(db: db), path: path, memory: memory, member: member)
                    let result = try body(transaction)
                    let checked = wholeCheckToRecord.withLock { $0 }
                    if commit, let checked { try transaction.setMaintenanceDate(StoreIntegrity.checkedAtKey, checked) }
                    if !commit { memory.forget() }
                    if grouped {
                        if !commit { try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT command").execute() }
                        try db.cachedStatement(sql: "RELEASE SAVEPOINT command").execute()
                    } else {
                        try db.cachedStatement(sql: commit ? "COMMIT TRANSACTION" : "ROLLBACK TRANSACTION").execute()
                    }
                    if commit, checked != nil { wholeCheckToRecord.withLock { $0 = nil } }
                    return result
                } catch {
                    memory.forget()
                    // A failed statement or COMMIT may leave the transaction open: undo it all. In a
                    // group, undo this command only — unless SQLite already rolled the group back
                    // (disk full, I/O error), which ``commitGroup()`` then reports.
                    if db.isInsideTransaction {
                        if grouped {
                            try? db.execute(sql: "ROLLBACK TO SAVEPOINT command; RELEASE SAVEPOINT command")
                        } else {
                            try? db.rollback()
                        }
                    }
                    throw error
                }
            }
        } catch {
            throw translated(error)
        }
    }

    /// Starts a group of writes that reach the file together: a script's commands that were
    /// already waiting when the first of them was read. Takes the write lock (waiting for another
    /// process as a write does) and holds it until ``commitGroup()``; the caller shows no reply
    /// of the group before that commit, so every answered command is stored.
    public func beginGroup() throws(StoreError) {
        try refuseIfDamaged()
        try refuseIfVanished()
        do {
            try queue.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    try memory.beginTransaction(db)
                } catch {
                    try? db.rollback()
                    throw error
                }
            }
        } catch {
            throw noted(StoreError(translating: error, path: path, opening: false, waited: busyTimeout))
        }
    }

    /// Commits the group begun by ``beginGroup()``. Throws when the group could not be stored —
    /// then none of its writes is, and the caller must say so for every command in it.
    public func commitGroup() throws(StoreError) {
        try refuseIfDamaged()
        do {
            try queue.writeWithoutTransaction { db in
                guard db.isInsideTransaction else {
                    throw StoreError.failed(path: path, reason: "SQLite gave up the transaction after an error")
                }
                do {
                    // Gone since the group began: its writes are not stored in a file gone with it.
                    try refuseIfVanished()
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                } catch {
                    memory.forget()
                    if db.isInsideTransaction { try? db.rollback() }
                    throw error
                }
            }
        } catch let error as StoreError {
            throw noted(error)
        } catch {
            throw noted(StoreError(translating: error, path: path, opening: false, waited: busyTimeout))
        }
    }

    /// GRDB's errors as the store's own, with the path; any other error (a StoreError already, or
    /// the caller's own) as it is. Damage is remembered (``noted(_:)``).
    private func translated(_ error: Error) -> Error {
        if error is DatabaseError || error is RowDecodingError {
            return noted(StoreError(translating: error, path: path, opening: false, waited: busyTimeout))
        }
        if let error = error as? StoreError { return noted(error) }
        return error
    }

    /// Remembers damage, so that nothing more is read from or written to the file.
    private func noted(_ error: StoreError) -> StoreError {
        if error.isDamage { damage.withLock { $0 = $0 ?? error } }
        return error
    }

    private func refuseIfDamaged() throws(StoreError) {
        if let error = damage.withLock({ $0 }) { throw error }
    }

    /// The damage found since the store was opened, if any: the program should stop.
    public var foundDamage: StoreError? { damage.withLock { $0 } }

    /// Whether the whole store can be used: SQLite's `quick_check`, then every row read as the
    /// commands read it. A store that opens can still hold a page or a row that is damaged.
    public func verifyContents() throws(StoreError) {
        do {
            try readSQLite { db, transaction in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard check == ["ok"] else { throw StoreError.damaged(path: path, reason: check.joined(separator: "; ")) }
                try transaction.readEveryRow()
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .damaged(path: path, reason: "\(error)")
        }
    }

    /// Closes the connection: SQLite checkpoints the write-ahead log into the database file and
    /// removes it, so the file alone holds everything. Called once, as the program ends. A store
    /// found damaged is closed without that: its files stay exactly as they are, for
    /// `--backup-and-reset` to move aside together.
    public func close() {
        var log = stat()
        if damage.withLock({ $0 }) != nil, stat(path + "-wal", &log) == 0, log.st_size > 0 {
            queue.writeWithoutTransaction { db in _ = lt_sqlite3_keep_wal_on_close(db.sqliteConnection) }
        }
        try? queue.close()
        // Another file at the path is not the one closed here: its seal is not this process's to write.
        if damage.withLock({ $0 }) == nil && readOnlyReason == nil && unavailable == nil { StoreSeal.seal(path) }
    }

    /// The identifiers of the migrations applied to the database.
    public func schemaVersion() throws -> [String] {
        try read { transaction in try transaction.connection.appliedMigrations().sorted() }
    }

    // MARK: - Opening (the files it needs: StoreFiles)

    /// Whether every migration this version knows is applied (false for a new file). Refuses a
    /// store with migrations it does not know: a newer LaundryTime wrote it.
    private static func checkSchema(_ db: Database, migrator: DatabaseMigrator, path: String) throws -> Bool {
        // No `tableExists` first: it loads the whole schema into GRDB's cache, which cost more than
        // the rest of opening. `appliedIdentifiers` is empty for a new store (only when its query
        // fails does GRDB look for the table).
        let known = Set(migrator.migrations)
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(known).sorted()
        if !unknown.isEmpty { throw StoreError.newerSchema(path: path, unknownMigrations: unknown) }
        return applied == known
    }
}
