/// Why the data store could not be used. Every case names the path, so the message can tell the
/// user what to look at.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data directory could not be made or is not a directory.
    case cannotCreateDirectory(path: String, reason: String)
    /// The database file could not be opened (permissions, not a file, …).
    case cannotOpen(path: String, reason: String)
    /// The file is not a LaundryTime database, or it is corrupt.
    case damaged(path: String, reason: String)
    /// The database was written by a newer LaundryTime whose schema this one does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A read or write failed after the store was opened (disk full, file vanished, …).
    case failed(path: String, reason: String)

    public var path: String {
        switch self {
        case .cannotCreateDirectory(let path, _), .cannotOpen(let path, _), .damaged(let path, _),
            .newerSchema(let path, _), .failed(let path, _):
            path
        }
    }

    /// What the user can do about it, when the program can help: move the file aside and start
    /// afresh. Nil where the description says it already (a newer schema: update LaundryTime).
    public var wayOut: String? {
        switch self {
        case .damaged, .cannotOpen, .failed:
            "To keep that file and start afresh, run “laundrytime --backup-and-reset”: it moves the file aside (never deletes it). "
                + "Or use --data-dir to pick another place."
        case .cannotCreateDirectory:
            "Use --data-dir to pick another place."
        case .newerSchema:
            nil
        }
    }

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the data directory \(path): \(reason)."
        case .cannotOpen(let path, let reason):
            "Cannot open the database \(path): \(reason)."
        case .damaged(let path, let reason):
            "The database \(path) is damaged or is not a LaundryTime database (\(reason))."
        case .newerSchema(let path, let unknown):
            "The database \(path) was written by a newer LaundryTime (schema \(unknown.joined(separator: ", "))); "
                + "this version will not change it. Update LaundryTime, or use another --data-dir."
        case .failed(let path, let reason):
            "The database \(path) could not be read or written: \(reason)."
        }
    }
}
