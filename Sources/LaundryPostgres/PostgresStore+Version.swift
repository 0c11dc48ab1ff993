#if PostgreSQL
import Foundation
import GRDB
import LaundryStore

/// What is kept between transactions (the pets, the settings) and the household's version it was
/// read at.
extension PostgresStore {
    /// The household's version: a counter in `maintenance` that every write transaction which
    /// changes a row moves on, in that transaction (``changeCount()``). Read in a transaction's
    /// snapshot — after the household's lock, for a write — it says whether what ``memory`` keeps
    /// (the pets above all) is still what that snapshot would read: the same version, the same
    /// rows. The household's news (NOTIFY) cannot say it: a notification reaches a connection only
    /// between its transactions, so a change committed while this one waited for the lock would be
    /// told too late.
    struct HouseholdVersion: Equatable {
        /// The counter as stored; nil before the household's first counted write.
        let value: String?
    }

    static let versionKey = "householdVersion"
    static let readVersion = "SELECT value FROM maintenance WHERE key = '\(versionKey)'"
    static let moveVersionOn =
        "INSERT INTO maintenance (key, value) VALUES ('\(versionKey)', '1') "
        + "ON CONFLICT (key) DO UPDATE SET value = (maintenance.value::bigint + 1)::text RETURNING value"

    /// Forgets what ``memory`` keeps when the household's version is not the one it was read at.
    func checkVersion() throws {
        try check(version: sql.rows(Self.readVersion))
    }

    /// ``checkVersion()`` with ``readVersion``'s rows.
    func check(version rows: [[DatabaseValue]]) throws {
        let read = HouseholdVersion(value: try version(in: rows))
        if read != keptVersion {
            memory.forget()
            keptVersion = read
        }
    }

    /// The household's version in the first column of the first row (nil when there is no row or
    /// it is NULL).
    func version(in rows: [[DatabaseValue]]) throws -> String? {
        guard let first = rows.first?.first, !first.isNull else { return nil }
        guard let text = String.fromDatabaseValue(first) else {
            throw StoreError.serverFailed(database: url.description, reason: "the household's version is \(first), not text")
        }
        return text
    }

    /// For COMMIT: when the transaction changed rows, the statement that moves the household's
    /// version on and, in the same statement, tells the other members what changed (the news, when
    /// there is some); it goes to the server with the COMMIT, and gives back the new version.
    func changeCount() throws -> (sql: String, arguments: [DatabaseValue])? {
        guard sql.mayHaveChanged(since: changesAtBegin) else {
            news.forgetPending()
            return nil
        }
        if let payload = try news.takePayload(member: member) {
            return ("WITH moved AS (\(Self.moveVersionOn)) SELECT value FROM moved, pg_notify(?, ?)",
                    [Self.channel.databaseValue, payload.databaseValue])
        }
        return (Self.moveVersionOn, [])
    }

    /// After COMMIT: what ``memory`` keeps now holds this transaction's own changes, which the
    /// version it moved to stands for (nobody else wrote in between: it held the lock).
    func keepCommitted() {
        if let committed = committingVersion { keptVersion = committed }
        committingVersion = nil
    }

    /// Forgets what ``memory`` keeps, and the version it was read at.
    func forgetKept() {
        memory.forget()
        keptVersion = nil
        committingVersion = nil
    }
}
#endif
