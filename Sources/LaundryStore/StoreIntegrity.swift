import CStoreShim
import Foundation
import GRDB

/// Finding damage before a command writes into it.
///
/// SQLite notices a damaged page only when it reads it, and a command reads few pages: a page of
/// the transcript overwritten by a disk or a stray program would go unnoticed while commands went
/// on adding to the file. So the store is checked when it opens, at a cost that stays small:
/// - every connection sets `cell_size_check`, which checks each page's cells as it is read;
/// - a small store (at most ``wholeCheckPages`` pages) is checked whole at every open with
///   `integrity_check` — pages, cells, free list and every index against its table;
/// - a larger one has the tables every command reads checked at every open, and the whole file
///   (`quick_check`) when something other than LaundryTime changed the file since it last closed
///   it (``StoreSeal``), and once a day (``wholeCheckInterval``) in any case;
/// - a log left by a process that is gone is checked before it is used (StoreIdentity).
/// Benchmarks/RESULTS.md gives what each costs.
enum StoreIntegrity {
    /// 512 KB of 4 KB pages: a store of a few weeks' use; checking it whole costs well under a millisecond.
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
    static func check(_ db: Database, path: String, sealIntact: Bool, lastWholeCheck: Date?, now: Date) throws -> Bool {
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        if pages <= wholeCheckPages {
            try expectOK(db, "PRAGMA integrity_check", path: path)
            return false
        }
        for table in tablesEveryCommandReads {
            try expectOK(db, "PRAGMA integrity_check(\(table))", path: path)
        }
        if sealIntact, let last = lastWholeCheck, now.timeIntervalSince(last) < wholeCheckInterval, last <= now { return false }
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
/// checkpoint), and is checked whole before anything is written into it. Where the file system
/// keeps no extended attributes, the seal is never intact and the daily check is what remains.
enum StoreSeal {
    private static let attribute = "user.laundrytime.closed"

    /// Whether the file is as LaundryTime left it when it last closed it.
    static func isIntact(_ path: String) -> Bool {
        guard let current = fingerprint(path) else { return false }
        var buffer = [UInt8](repeating: 0, count: 128)
        let length = lt_get_attribute(path, attribute, &buffer, buffer.count)
        return length > 0 && String(decoding: buffer.prefix(length), as: UTF8.self) == current
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
