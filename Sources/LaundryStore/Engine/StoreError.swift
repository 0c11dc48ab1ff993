import Foundation
import GRDB

/// Why the data store could not be used. Every case names the path, so the message can tell the
/// user what to look at.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data directory could not be made or is not a directory.
    case cannotCreateDirectory(path: String, reason: String)
    /// The database file could not be opened (permissions, not a file, …).
    case cannotOpen(path: String, reason: String)
    /// The file is a LaundryTime database, but a page or a row of it is damaged.
    case damaged(path: String, reason: String)
    /// The file is an SQLite database of another program (or of none): LaundryTime leaves it alone.
    case foreign(path: String, reason: String)
    /// The write-ahead log beside the database (`-wal`) is not this database's: opening it would
    /// replace the database's content with another's, so neither file was touched.
    case foreignLog(path: String, reason: String)
    /// The database was written by a newer LaundryTime whose schema this one does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Another process holds the database (or is opening it) for longer than LaundryTime waits.
    case busy(path: String, holders: [LockHolder], waited: Double)
    /// Another process has the database open, so it is not moved aside (`--backup-and-reset`).
    case inUse(path: String, holders: [LockHolder])
    /// The disk is full: nothing could be written.
    case diskFull(path: String)
    /// A read or write failed after the store was opened (I/O error, …).
    case failed(path: String, reason: String)
    /// The database file was deleted or moved away (its folder with it, perhaps) while the store
    /// was open: what is written now would go with the file, so nothing is.
    case vanished(path: String, reason: String)
    /// A database server (a household's PostgreSQL) could not be reached, or refused us: down,
    /// unreachable, or the wrong password. `database` names it without the password.
    case unreachable(database: String, reason: String)
    /// A database server answered a command with an error, or the connection was lost during it.
    case serverFailed(database: String, reason: String)
    /// The connection to a database server was lost while a write's COMMIT was on its way, and the
    /// server could not be asked since whether it was done: the write is in, or it is out, and
    /// nobody here can tell which yet.
    case outcomeUnknown(database: String, reason: String)

    public var path: String {
        switch self {
        case .cannotCreateDirectory(let path, _), .cannotOpen(let path, _), .damaged(let path, _),
            .foreign(let path, _), .foreignLog(let path, _), .newerSchema(let path, _), .busy(let path, _, _),
            .inUse(let path, _), .diskFull(let path), .failed(let path, _), .vanished(let path, _), .unreachable(let path, _),
            .serverFailed(let path, _), .outcomeUnknown(let path, _):
            path
        }
    }

    /// Whether `--backup-and-reset` may move the file aside for this: the file itself is the
    /// trouble. Not for a busy or full store, nor a data directory that cannot be made.
    public var allowsMovingAside: Bool {
        switch self {
        case .busy, .inUse, .diskFull, .cannotCreateDirectory, .vanished, .unreachable, .serverFailed, .outcomeUnknown: false
        default: true
        }
    }

    /// Whether the store's content cannot be trusted: the program stops before it writes again.
    public var isDamage: Bool {
        switch self {
        case .damaged, .foreign, .foreignLog: true
        default: false
        }
    }

    /// The sentence and, on its own line, what to do about it: as the program says it when it stops.
    public var messageAndWayOut: String {
        description + (wayOut.map { "\n" + $0 } ?? "")
    }

    /// Whether the failed write is known to have changed nothing: true but when the server may
    /// have stored it (``outcomeUnknown(database:reason:)``).
    public var changedNothing: Bool {
        if case .outcomeUnknown = self { return false }
        return true
    }

    /// What the user can do about it. Moving the file aside (`--backup-and-reset`) is offered only
    /// where the file itself is the trouble — never for a busy store (the file is fine, and another
    /// program is using it) or a full disk (a new file would not fit either).
    public var wayOut: String? {
        switch self {
        case .damaged, .cannotOpen, .failed:
            "To keep that file and start afresh, run “laundrytime --backup-and-reset”: it moves the file aside (never deletes it). "
                + "Or use --data-dir to pick another place."
        case .foreignLog(let path, _):
            "If \(path)-wal is not this database's, move it away and try again; "
                + "“laundrytime --backup-and-reset” moves both aside (never deletes them)."
        case .foreign:
            "Use --data-dir to pick another place for LaundryTime's database, or move that file away."
        case .cannotCreateDirectory:
            "Use --data-dir to pick another place."
        case .busy(_, let holders, _):
            Self.busyAdvice(holders)
        case .inUse:
            "End that program first; a database that is in use is never moved."
        case .diskFull:
            "Free some space on that disk and try again; nothing that was answered is lost."
        case .vanished:
            "Put it back where it was, or leave (“quit”) and start LaundryTime again to begin a new store there "
                + "(or pick another with --data-dir)."
        case .newerSchema:
            nil
        case .unreachable:
            "Check that the server is running and that the URL (--database or LAUNDRYTIME_DATABASE_URL) names it, "
                + "its user and its password (in the URL, PGPASSFILE or ~/.pgpass)."
        case .serverFailed:
            nil
        case .outcomeUnknown:
            "Once the server can be reached again, “history” shows whether it was."
        }
    }

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the data directory \(path): \(Self.clause(reason))."
        case .cannotOpen(let path, let reason):
            "Cannot open the database \(path): \(Self.clause(reason))."
        case .damaged(let path, let reason):
            "The database \(path) is damaged (\(Self.clause(reason)))."
        case .foreign(let path, let reason):
            "\(path) is not a LaundryTime database (\(Self.clause(reason))); LaundryTime left it as it is."
        case .foreignLog(let path, let reason):
            "The write-ahead log \(path)-wal does not belong to the database \(path) (\(Self.clause(reason))); "
                + "both files were left as they were."
        case .newerSchema(let path, let unknown):
            "The database \(path) was written by a newer LaundryTime (schema \(unknown.joined(separator: ", "))); "
                + "this version will not change it. Update LaundryTime, or use another --data-dir."
        case .busy(let path, let holders, let waited):
            "The database \(path) is in use by "
                + (holders.isEmpty ? "another process" : holders.map(\.description).joinedAsList())
                + "; LaundryTime waited \(Self.seconds(waited)) for it."
        case .inUse(let path, let holders):
            "The database \(path) is open in "
                + (holders.isEmpty ? "another process" : holders.map(\.description).joinedAsList())
                + ", so it was not moved aside."
        case .diskFull(let path):
            "The disk that holds \(path) is full, so nothing could be stored."
        case .failed(let path, let reason):
            "The database \(path) could not be read or written: \(Self.clause(reason))."
        case .vanished(let path, let reason):
            "The database \(path) was deleted or moved while LaundryTime had it open (\(Self.clause(reason)))."
        case .unreachable(let database, let reason):
            "Cannot reach the PostgreSQL database \(database): \(Self.clause(reason))."
        case .serverFailed(let database, let reason):
            "The PostgreSQL database \(database) failed: \(Self.clause(reason))."
        case .outcomeUnknown(let database, let reason):
            "The connection to the PostgreSQL database \(database) was lost while the change was being stored, "
                + "and the server could not be asked since (\(Self.clause(reason))), so it may or may not have been stored."
        }
    }

    /// A reason from the system as a clause inside a sentence: without the full stop it may end
    /// with ("Permission denied." would otherwise end up as "Permission denied..").
    static func clause(_ reason: String) -> String {
        var clause = Substring(reason)
        while let last = clause.last, last == "." || last == " " { clause = clause.dropLast() }
        return String(clause)
    }

    private static func seconds(_ waited: Double) -> String {
        let whole = Int(waited.rounded())
        return whole == 1 ? "1 second" : "\(whole) seconds"
    }

    private static func busyAdvice(_ holders: [LockHolder]) -> String {
        if let stopped = holders.first(where: \.isStopped) {
            return "Process \(stopped.pid) is stopped (Ctrl-Z?): bring it back with “fg” in its terminal, "
                + "or “kill -CONT \(stopped.pid)”, and it will let go. The database is fine."
        }
        return "Try again when it is done, or end it. The database is fine."
    }
}

extension Array where Element == String {
    /// "a", "a and b", "a, b and c".
    func joinedAsList() -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " and " + last!
    }
}

extension StoreError {
    /// GRDB's (or Foundation's) error as the store's own; `waited` is how long a busy database
    /// was waited for.
    init(translating error: Error, path: String, opening: Bool, waited: TimeInterval) {
        self = Self.translated(error, path: path, opening: opening, waited: waited)
    }

    private static func translated(_ error: Error, path: String, opening: Bool, waited: TimeInterval) -> StoreError {
        if let error = error as? RowDecodingError {
            return .damaged(path: path, reason: "a row holds a value LaundryTime never writes (\(error))")
        }
        guard let error = error as? DatabaseError else {
            return .failed(path: path, reason: reason(of: error))
        }
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            return .damaged(path: path, reason: "it is not an SQLite database, or its first page is overwritten")
        case .SQLITE_CORRUPT:
            return .damaged(path: path, reason: message)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path, holders: StoreLocks.holders(of: [path, path + "-wal", path + "-shm"]), waited: waited)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return .cannotOpen(path: path, reason: message)
        case .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: "the file is read-only")
        default:
            return opening ? .cannotOpen(path: path, reason: message) : .failed(path: path, reason: message)
        }
    }

    /// A Foundation error in the system's own words: "No such file or directory", "Not a
    /// directory" — rather than "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
    private static func reason(of error: Error) -> String {
        let error = error as NSError
        if let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError) ?? (error.domain == NSPOSIXErrorDomain ? error : nil),
           posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return error.localizedFailureReason ?? error.localizedDescription
    }
}
