import CStoreShim
import Foundation
import GRDB

/// Finding damage before a command writes into it.
///
/// SQLite notices a damaged page only when it reads it, and a command reads few pages: a page of
/// the transcript overwritten by a disk or a stray program would go unnoticed while commands went
/// on adding to the file. So the store is checked when it opens:
/// - every connection sets `cell_size_check`, which checks each page's cells as it is read;
/// - a small store (at most ``wholeCheckPages`` pages) is checked whole with `integrity_check` at
///   every open, whatever its seal says: damage that keeps the file's size, modification time and
///   inode (a disk's bit rot, a program that puts the time back) leaves the seal intact;
/// - a larger store that is not as LaundryTime last closed it (``StoreSeal``: another program
///   wrote to it, it was copied, a process crashed) is checked whole with `quick_check` before
///   anything is written;
/// - a larger sealed store is checked whole once a day (``wholeCheckInterval``), for what no
///   program does, and otherwise not at all; where the file system keeps no seal, the tables every
///   command reads are checked at every open instead;
/// - a log left by a process that is gone is checked before it is used (StoreIdentity).
///
/// `integrity_check` where it is affordable, because `quick_check` does not compare an index with
/// its table: of 300 random 64-byte overwrites of a 253-page store, `integrity_check` found 146
/// damaging and `quick_check` missed 14 of them (a row's indexed date changed under its index).
/// Benchmarks/RESULTS.md gives what each costs.
enum StoreIntegrity {
    /// 1 MiB of 4 KiB pages, a store of a few months' use. `integrity_check` costs about 3 ms of
    /// CPU here (SQLite 3.40): about 10 µs a page, so 2 MiB would cost the 5 ms a start may spend
    /// on it, and 62 MiB 150 ms (Benchmarks/RESULTS.md, "The whole check").
    static let wholeCheckPages = 256
    static let wholeCheckInterval: TimeInterval = 86_400
    /// What every command reads besides the transcript, which only grows at its end.
    static let tablesEveryCommandReads = ["pet", "setting", "undoEntry"]
    static let checkedAtKey = "checkedAt"

    /// What a check found, for a message: the first problem, and how many more there are.
    static func summary(of problems: [String]) -> String {
        guard let first = problems.first else { return "the integrity check gave no answer" }
        return problems.count == 1 ? first : "\(first), and \(problems.count - 1) more problems"
    }

    /// Checks `db` as the schedule above says; returns whether the whole file was checked (so the
    /// caller records when). Throws ``StoreError/damaged`` with what was found.
    static func check(_ db: Database, path: String, seal: StoreSeal.State, lastWholeCheck: Date?, now: Date) throws -> Bool {
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        if pages <= wholeCheckPages {
            try expectOK(db, "PRAGMA integrity_check", path: path)
            return true
        }
        let checkedToday = lastWholeCheck.map { $0 <= now && now.timeIntervalSince($0) < wholeCheckInterval } ?? false
        if seal == .intact && checkedToday { return false }
        if seal == .unsupported && checkedToday {
            for table in tablesEveryCommandReads {
                try expectOK(db, "PRAGMA integrity_check(\(table))", path: path)
            }
            return false
        }
        try expectOK(db, "PRAGMA quick_check", path: path)
        return true
    }

    private static func expectOK(_ db: Database, _ sql: String, path: String) throws {
        let result = try String.fetchAll(db, sql: sql)
        guard result == ["ok"] else { throw StoreError.damaged(path: path, reason: summary(of: result)) }
    }
}

/// What the database file looked like when LaundryTime last closed it — size, modification time
/// and inode, kept in an extended attribute of the file (setting one changes neither the file's
/// bytes nor its modification time). At the next open, a file that no longer matches was changed
/// by something else (another program, a copy, a disk tool, a crash in the middle of a
/// checkpoint), and is checked whole before anything is written into it.
enum StoreSeal {
    enum State: Equatable {
        /// The file is as LaundryTime left it.
        case intact
        /// It is not, or it has no seal yet.
        case broken
        /// The file system keeps no extended attributes.
        case unsupported
    }

    private static let attribute = "user.laundrytime.closed"

    /// Whether the file is as LaundryTime left it when it last closed it.
    static func state(of path: String) -> State {
        guard let current = fingerprint(path) else { return .broken }
        var buffer = [UInt8](repeating: 0, count: 128)
        let length = lt_get_attribute(path, attribute, &buffer, buffer.count)
        if length < 0 { return errno == ENOTSUP ? .unsupported : .broken }
        return String(decoding: buffer.prefix(length), as: UTF8.self) == current ? .intact : .broken
    }

    /// Notes the file as it is now, just closed. A failure (no extended attributes here, a
    /// read-only file) only means the next open checks more.
    static func seal(_ path: String) {
        guard let current = fingerprint(path) else { return }
        _ = current.withCString { lt_set_attribute(path, attribute, $0, strlen($0)) }
    }

    /// The size the file had when LaundryTime last closed it, from its seal; nil without one.
    static func sealedSize(of path: String) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let length = lt_get_attribute(path, attribute, &buffer, buffer.count)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length), as: UTF8.self).split(separator: " ").first.flatMap { Int($0) }
    }

    private static func fingerprint(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)"
    }
}
