import Foundation
import GRDB
import LaundryCore

/// How a file shows that it is a LaundryTime store, and which one.
///
/// SQLite's header has room for both: `application_id` (offset 68) is the same in every
/// LaundryTime store, `user_version` (offset 60) is a random number drawn when the store is made —
/// GRDB keeps migrations in a table and leaves it free. Stores made before these were set (schema
/// v1–v3) are recognised by their tables and get both at the next migration.
enum StoreIdentity {
    /// "LTim".
    static let applicationID: Int32 = 0x4C54_696D

    /// Every table a LaundryTime store holds (SQLite's own and GRDB's migration table included).
    private static let ownTables: Set<String> = [
        "pet", "cycleEvent", "setting", "transcriptMessage", "undoEntry", "deliveredNotice", "maintenance",
        "grdb_migrations", "sqlite_sequence",
    ]

    /// A store's number: random, never 0 (0 is "not set", as in stores made before v4).
    static func newStoreNumber() -> Int32 {
        Int32.random(in: 1...Int32.max)
    }

    /// Throws ``StoreError/foreign`` unless the connection's database is LaundryTime's or empty.
    /// Reads only (page 1 and, for a store without an id, the schema): a file that is refused is
    /// left as it was.
    static func check(_ db: Database, path: String) throws {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return }
        if id != 0 {
            throw StoreError.foreign(path: path, reason: "another program's database, application id \(hex(id))")
        }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        let others = tables.filter { !ownTables.contains($0) }
        if !others.isEmpty {
            let shown = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            throw StoreError.foreign(path: path, reason: "it holds tables LaundryTime never makes: \(shown)")
        }
        if !tables.isEmpty && !tables.contains("grdb_migrations") {
            throw StoreError.foreign(path: path, reason: "it has no record of LaundryTime's migrations")
        }
        // A LaundryTime store gets its number with its tables: a number without them is another's.
        if tables.isEmpty, let version = try Int32.fetchOne(db, sql: "PRAGMA user_version"), version != 0 {
            throw StoreError.foreign(path: path, reason: "it has no tables, and its user_version \(version) is another program's")
        }
        // Empty: a new store. Or LaundryTime's tables only: a store made before v4.
    }

    /// Throws ``StoreError/foreign`` for a file of zero bytes whose seal says LaundryTime left data
    /// in it: something emptied the store, and a new one must not quietly take its place. A file
    /// that was never sealed (just made, or made by hand) is where a new store begins.
    static func checkNotEmptied(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size == 0, let sealed = StoreSeal.sealedSize(of: path), sealed > 0 else { return }
        throw .foreign(path: path, reason: "it is empty, though LaundryTime left \(NumberText.grouped(sealed)) bytes in it when it last closed it")
    }

    /// The store number and application id in the database file's own header, as the disk has
    /// them (a write-ahead log may hold a newer page 1); nil when the file has no SQLite header.
    static func header(ofFile path: String) -> (storeNumber: Int32, applicationID: Int32)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        guard pread(descriptor, &bytes, 100, 0) == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func int32(at offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        return (int32(at: 60), int32(at: 68))
    }

    /// A write-ahead log left behind by a process that is gone (a crash, SIGKILL, a copy) is
    /// looked at before anything may fold it into the database: through a read-only connection,
    /// whose closing never writes. Refused, and both files left as they are, when the log turns
    /// the database into another program's, or into another LaundryTime store (its page 1 carries
    /// another store number), or when what it makes is damaged. A log that another process has
    /// open is that process's live log and is not this check's business.
    static func checkLeftoverLog(databasePath path: String, busyTimeout: TimeInterval) throws(StoreError) {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, info.st_size > 0 else { return }
        guard StoreLocks.holders(of: [path, path + "-shm"]).isEmpty else { return }
        // Reading a log makes SQLite's `-shm` beside it: a refused one leaves nothing new behind.
        let shm = path + "-shm"
        let hadShm = lstat(shm, &info) == 0
        do {
            try inspectLeftoverLog(databasePath: path, busyTimeout: busyTimeout)
        } catch {
            if !hadShm { unlink(shm) }
            throw error
        }
    }

    /// ``checkLeftoverLog(databasePath:busyTimeout:)``'s reading, closed before it returns.
    private static func inspectLeftoverLog(databasePath path: String, busyTimeout: TimeInterval) throws(StoreError) {
        let onDisk = header(ofFile: path)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                do {
                    try check(db, path: path)
                } catch let error as StoreError {
                    // The file alone was LaundryTime's: it is the log that is foreign.
                    guard onDisk?.applicationID == applicationID, case .foreign(_, let reason) = error else { throw error }
                    throw StoreError.foreignLog(path: path, reason: "with it, the database would become \(reason)")
                }
                let recovered = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if let disk = onDisk?.storeNumber, disk != 0, recovered != disk {
                    throw StoreError.foreignLog(path: path, reason: "it was written for another LaundryTime store")
                }
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard check == ["ok"] else {
                    throw StoreError.damaged(path: path, reason: StoreIntegrity.summary(of: check))
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(translating: error, path: path, opening: true, waited: busyTimeout)
        }
    }

    private static func hex(_ id: Int32) -> String {
        let digits = String(UInt32(bitPattern: id), radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
