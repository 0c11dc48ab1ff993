import Foundation
import GRDB

/// Who tells a notice (a timer's end, a mood's fall): the first process to claim its key, in this
/// process or another on the same store (the claim is stored in the claimer's transaction).
///
/// A prompt's claim is for good: it shows the notice at once. `--deliver-due` claims *until told*
/// (its row names the claiming ``ProcessSession`` in `claimedBy`), and marks the notice told
/// once its line is written and its hooks have ended; a run killed first, or unable to write,
/// leaves the claim to lapse — at once when that process is seen to have ended, else (a member's
/// computer, whose processes nobody here can see) after ``claimLifetime`` — and the next run or
/// prompt tells the notice again. At least once: told twice is better than never.
extension StoreTransaction {
    /// How long a claim until told holds when nobody can tell that its process ended: far longer
    /// than a run takes (its hooks end within a minute).
    public static let claimLifetime: TimeInterval = 10 * 60

    /// Claims a notice for good: true for the first caller with `key`, false for every later one,
    /// and for a notice another process is telling now. A claim that lapsed is taken over.
    public func claimNotice(_ key: String, at now: Date) throws -> Bool {
        try claim(key, at: now, by: nil)
    }

    /// Claims a notice until ``markNoticeTold(_:)``, for this process: true as ``claimNotice(_:at:)``.
    public func claimNoticeUntilTold(_ key: String, at now: Date) throws -> Bool {
        try claim(key, at: now, by: ProcessSession.current.description)
    }

    /// Marks a notice this process claimed until told as told for good. A claim another took over
    /// meanwhile (this run was taken for gone) is theirs: they tell it too.
    public func markNoticeTold(_ key: String) throws {
        try execute("UPDATE deliveredNotice SET claimedBy = NULL WHERE key = ? AND claimedBy = ?",
                    [key.databaseValue, ProcessSession.current.description.databaseValue])
    }

    /// Whether a notice was told, or is being told by a process that still runs.
    public func isNoticeClaimed(_ key: String, at now: Date) throws -> Bool {
        guard let row = try claimRow(key) else { return false }
        return !Self.hasLapsed(row, now: now)
    }

    private func claim(_ key: String, at now: Date, by owner: String?) throws -> Bool {
        let at = try storable(now).databaseValue, claimer = owner?.databaseValue ?? .null
        if try execute("INSERT INTO deliveredNotice (key, at, claimedBy) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
                       [key.databaseValue, at, claimer]) == 1 {
            return true
        }
        guard let row = try claimRow(key), Self.hasLapsed(row, now: now) else { return false }
        // Taken over only from the claim that lapsed, not from one that replaced it meanwhile.
        return try execute("UPDATE deliveredNotice SET at = ?, claimedBy = ? WHERE key = ? AND claimedBy = ?",
                           [at, claimer, key.databaseValue, row[1]]) == 1
    }

    /// A notice's claim: when it was made, and by whom (NULL: told for good).
    private func claimRow(_ key: String) throws -> [DatabaseValue]? {
        try connection.firstRow("SELECT at, claimedBy FROM deliveredNotice WHERE key = ?", [key.databaseValue])
    }

    /// Whether a claim (its row's `at` and `claimedBy`) no longer holds: it is until told, and its
    /// process has ended or it is older than ``claimLifetime``. One told for good always holds.
    private static func hasLapsed(_ row: [DatabaseValue], now: Date) -> Bool {
        guard let holder = String.fromDatabaseValue(row[1]) else { return false }
        guard let session = ProcessSession(holder), session.isRunning,
              let claimed = StoredDate.date(row[0]), now.timeIntervalSince(claimed) < claimLifetime
        else { return true }
        return false
    }
}
