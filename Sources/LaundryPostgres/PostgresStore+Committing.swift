#if PostgreSQL
import Foundation
import GRDB
import LaundryStore

/// A write's lock and its COMMIT: what the server is asked when the connection is lost before the
/// COMMIT's answer comes.
extension PostgresStore {
    /// A write transaction: its id, to ask `txid_status` about, and the server process that runs
    /// it, to end when it has not seen its connection go.
    struct WriteTransaction {
        let id: Int64
        let serverProcess: Int64
    }

    /// Takes the household's write lock and notes the transaction's ids; then checks the
    /// household's version (``checkVersion()``), in the same round trip. The version is read by a
    /// statement of its own, after the lock's: under the lock, the statements that follow see every
    /// write before this one.
    func takeLock() throws {
        let answers = try sql.rowsTogether([(Self.lock, []), (Self.readVersion, [])])
        guard let row = answers[0].first, row.count == 2, let id = Int64.fromDatabaseValue(row[0]),
              let process = Int64.fromDatabaseValue(row[1])
        else {
            throw StoreError.serverFailed(database: url.description, reason: "the write lock gave back no transaction id")
        }
        writing = WriteTransaction(id: id, serverProcess: process)
        try check(version: answers[1])
    }

    /// Sends COMMIT (of a read, or of the write ``takeLock()`` began), after `counting` (the
    /// ``changeCount()``, whose new version is noted to be kept) in the same round trip. When the
    /// connection is lost before the answer comes, the write may be in or out: the store connects
    /// again and asks the server. Returns when it is in; throws
    /// ``PostgresStoreConnection/connectionLost(_:)`` ("Nothing was changed") when it is out, and
    /// ``LaundryStore/StoreError/outcomeUnknown(database:reason:)`` when the server cannot be asked.
    func commitTransaction(counting: (sql: String, arguments: [DatabaseValue])? = nil) throws {
        let write = writing
        writing = nil
        // A connection that is gone before the COMMIT is sent took its transaction with it.
        guard !sql.connection.isLost else { throw PostgresStoreConnection.connectionLost(url.description) }
        do {
            let answers = try sql.rowsTogether((counting.map { [$0] } ?? []) + [("COMMIT", [])])
            // A statement the server refused makes it skip the COMMIT: the error is thrown above,
            // and the transaction is rolled back by the caller.
            if counting != nil { committingVersion = HouseholdVersion(value: try version(in: answers[0])) }
        } catch {
            // The server's own refusal is an answer: the transaction is rolled back.
            guard let write, sql.connection.isLost else { throw error }
            sql.connection.close()
            try learnOutcome(of: write)
        }
    }

    /// Asks the server, on a new connection, whether `write` committed; waits while it is still in
    /// progress (its server process has not yet seen the connection go), and after a moment ends
    /// that process, which rolls back a transaction whose COMMIT never came.
    private func learnOutcome(of write: WriteTransaction) throws {
        do {
            try reconnect()
        } catch {
            guard case .unreachable(_, let reason) = error else { throw error }
            throw StoreError.outcomeUnknown(database: url.description, reason: reason)
        }
        for attempt in 1...100 {
            let status: String?
            do {
                status = try sql.value(String.self, "SELECT txid_status(?)", [write.id.databaseValue])
            } catch {
                // Lost again while asking: still nobody here knows.
                throw StoreError.outcomeUnknown(database: url.description, reason: Self.reason(of: error))
            }
            switch status {
            case "committed": return
            case "aborted": throw PostgresStoreConnection.connectionLost(url.description)
            case "in progress":
                // The process id is an integer (int4): bound as the int8 every integer is sent as,
                // no pg_terminate_backend would take it.
                if attempt == 20 {
                    _ = try? sql.execute("SELECT pg_terminate_backend(CAST(? AS integer))", [write.serverProcess.databaseValue])
                }
                Thread.sleep(forTimeInterval: 0.05)
            default:
                throw StoreError.outcomeUnknown(database: url.description, reason: "the server no longer knows the transaction")
            }
        }
        throw StoreError.outcomeUnknown(database: url.description, reason: "the transaction was still in progress after 5 seconds")
    }
}
#endif
