import CStoreShim
import Foundation
import GRDB

/// Finding damage before a command writes into it.
///
/// SQLite notices a damaged page only when it reads it, and a command reads few pages: a page of
/// the transcript overwritten by a disk or a stray program would go unnoticed while commands went
/// on adding to the file. So the store is checked when it opens — whole when it may have changed
/// behind LaundryTime's back, and otherwise at no cost:
/// - every connection sets `cell_size_check`, which checks each page's cells as it is read;
/// - a file that is not as LaundryTime last closed it (``StoreSeal``: another program wrote to it,
///   it was copied, a process crashed) is checked whole before anything is written: a store of at
///   most ``wholeCheckPages`` pages with `integrity_check` (pages, cells, free list, and every index
///   against its table), a larger one with `quick_check`;
/// - a sealed file is checked whole once a day (``wholeCheckInterval``), for what no program does
///   (a disk's bit rot), and otherwise not at all;
/// - where the file system keeps no seal, a small store is checked whole at every open, a larger
///   one the tables every command reads, and the whole file once a day;
/// - a log left by a process that is gone is checked before it is used (StoreIdentity).
/// Benchmarks/RESULTS.md and the issue notes give what each costs.
enum StoreIntegrity {
    /// 512 KB of 4 KB pages, a store of a few weeks' use: `integrity_check` takes about 1 ms.
    static let wholeCheckPages = 128
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
        let checkedToday = lastWholeCheck.map { $0 <= now && now.timeIntervalSince($0) < wholeCheckInterval } ?? false
        if seal == .intact && checkedToday { return false }
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        if seal == .unsupported && checkedToday && pages > wholeCheckPages {
            for table in tablesEveryCommandReads {
                try expectOK(db, "PRAGMA integrity_check(\(table))", path: path)
            }
            return false
        }
        try expectOK(db, pages <= wholeCheckPages ? "PRAGMA integrity_check" : "PRAGMA quick_check", path: path)
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
