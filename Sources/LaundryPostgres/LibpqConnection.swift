#if PostgreSQL
import CLibpq
import Foundation
import GRDB

/// One connection to a PostgreSQL server through libpq, PostgreSQL's own client library, driven
/// from the calling thread: a statement is written to the server's socket and its answer read from
/// it on this thread, with no other thread to hand it to and wake (Benchmarks/README.md, "Household
/// benchmark").
///
/// The connection is in libpq's pipeline mode: statements are queued and sent together, and their
/// answers read in order after one `Sync`, so statements whose answers are not needed at once
/// (BEGIN, a SAVEPOINT) cost no round trip of their own — they travel with the next statement that
/// is waited for. A failed statement makes the server skip the rest of its pipeline, and is what
/// that wait throws.
///
/// Values go both ways as GRDB's `DatabaseValue`s: sent as text (a blob as binary) with the type
/// of the value declared (`int8`, `float8`, `text`, `bytea`; NULL takes the type its place gives),
/// read from the text libpq gives by the column's type: an integer as `Int64`, a boolean as 0 or 1,
/// a float as `Double`, `bytea` as `Data`, anything else as `String`.
final class LibpqConnection {
    /// libpq's `PGconn`; nil once closed.
    private var connection: OpaquePointer?
    /// What is queued and not yet read, oldest first: each statement's answer is kept (rows) or
    /// only checked.
    private var queued: [Queued] = []
    private var nextStatement = 0
    /// How many times this connection has waited for the server's answers: its round trips.
    private(set) var roundTrips = 0
    /// Whether to look for an answer for a moment before sleeping until it comes.
    private var spin = AnswerSpin()

    private enum Queued {
        /// A `PQsendPrepare`: its answer is checked, not kept.
        case prepare
        /// A statement whose answer is checked and dropped (the rows it changed are counted).
        case unanswered
        /// A statement whose answer is kept, at this index of the wait's answers.
        case answered(Int)
    }

    /// What one ``wait()`` read: the answers kept, in the order they were queued, and how many
    /// rows the other statements changed.
    struct Answers {
        var answers: [Answer] = []
        var otherChanges = 0
    }

    /// A statement's answer: its rows and, for an INSERT, UPDATE or DELETE, how many rows it
    /// changed.
    struct Answer {
        var rows: [[DatabaseValue]] = []
        var changed = 0
    }

    /// A statement prepared on this connection: its name, and the types it was prepared with.
    struct Prepared {
        let name: String
        let types: [Oid]
    }

    /// Connects with libpq's own connection parameters (keywords and values as libpq documents
    /// them), each given once; libpq reads what is not given from its environment (`PGAPPNAME`,
    /// …) as `psql` does. Throws ``LibpqError/connectionFailed(_:)`` with libpq's reason.
    init(parameters: [(keyword: String, value: String)]) throws(LibpqError) {
        let keywords = parameters.map { strdup($0.keyword) }, values = parameters.map { strdup($0.value) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordList in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 0)
            }
        }
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let reason = connection.map { Self.reason(PQerrorMessage($0)) } ?? "libpq could not allocate a connection"
            PQfinish(connection)
            throw .connectionFailed(reason)
        }
        // The server's notices (a `CREATE TABLE IF NOT EXISTS` that skipped) are not the user's.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        guard PQenterPipelineMode(connection) == 1 else {
            let reason = Self.reason(PQerrorMessage(connection))
            PQfinish(connection)
            throw .connectionFailed(reason)
        }
        self.connection = connection
    }

    deinit {
        PQfinish(connection)
    }

    /// Closes the connection (the server ends its session).
    func close() {
        PQfinish(connection)
        connection = nil
        queued.removeAll()
    }

    /// Whether the connection is known to be gone (closed, or failed on a read or a write).
    var isLost: Bool {
        guard let connection else { return true }
        return PQstatus(connection) != CONNECTION_OK
    }

    /// Reads what the server sent unasked while the connection stood idle, without waiting: the
    /// notifications' payloads, oldest first. A connection the server closed meanwhile (a restart,
    /// a terminated session) is then ``isLost``.
    func takeInput() -> [(channel: String, payload: String)] {
        guard let connection, queued.isEmpty, PQstatus(connection) == CONNECTION_OK else { return [] }
        // A closed connection reads as its last bytes (the server's goodbye) and then as the end:
        // two reads; more than a few means data keeps coming, which the next look takes.
        for _ in 0..<4 {
            var ready = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0, PQconsumeInput(connection) == 1 else { break }
        }
        var notifications: [(channel: String, payload: String)] = []
        while let notification = PQnotifies(connection) {
            notifications.append((String(cString: notification.pointee.relname), String(cString: notification.pointee.extra)))
            PQfreemem(notification)
        }
        return notifications
    }

    // MARK: - Sending

    /// Queues `sql` with `arguments` — on `prepared`, prepared first when `prepare` says so — and
    /// returns the index of its answer among the next ``wait()``'s; when `answered` is false, its
    /// answer is only checked (and nil returned).
    @discardableResult
    func query(_ sql: String, _ arguments: [DatabaseValue], prepared: Prepared? = nil, prepare: Bool = false, answered: Bool = true)
        throws(LibpqError) -> Int?
    {
        if let prepared, prepare {
            let sent = prepared.types.withUnsafeBufferPointer { types in
                PQsendPrepare(connection, prepared.name, sql, Int32(types.count), types.baseAddress)
            }
            guard sent == 1 else { throw lostOrFailed() }
            queued.append(.prepare)
        }
        try queue(sql, arguments, prepared: prepared)
        guard answered else {
            queued.append(.unanswered)
            return nil
        }
        let index = queued.reduce(0) { if case .answered = $1 { $0 + 1 } else { $0 } }
        queued.append(.answered(index))
        return index
    }

    /// A new name for a statement to prepare on this connection, with the types of `arguments`.
    func newPrepared(for arguments: [DatabaseValue]) -> Prepared {
        nextStatement += 1
        return Prepared(name: "s\(nextStatement)", types: arguments.map(Self.type))
    }

    /// Sends what is queued with a `Sync`, and reads every answer: those of ``query(_:_:prepared:prepare:)``,
    /// in its order. Throws the first statement's failure (the server skipped the rest), or
    /// ``LibpqError/connectionLost(_:)`` when the connection went.
    func wait() throws(LibpqError) -> Answers {
        guard let connection else { throw .connectionLost("the connection was closed") }
        let waiting = queued
        queued.removeAll()
        roundTrips += 1
        guard PQpipelineSync(connection) == 1 else { throw lostOrFailed() }
        // Reads what has come without sleeping; a failure to read ends the looking, and
        // PQgetResult below reports it.
        _ = spin.wait { PQconsumeInput(connection) == 0 || PQisBusy(connection) == 0 }
        var answers = Answers()
        var failure: LibpqError?
        for item in waiting {
            while let result = PQgetResult(connection) {
                defer { PQclear(result) }
                switch PQresultStatus(result) {
                case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                    switch item {
                    case .answered: answers.answers.append(Self.answer(result))
                    case .unanswered: answers.otherChanges += Self.changed(result)
                    case .prepare: break
                    }
                case PGRES_PIPELINE_ABORTED:
                    break
                default:
                    if failure == nil { failure = Self.failure(result) }
                }
            }
            if PQstatus(connection) != CONNECTION_OK { throw lostOrFailed(failure) }
        }
        // The Sync's own answer ends the pipeline's.
        guard let sync = PQgetResult(connection) else { throw lostOrFailed(failure) }
        let status = PQresultStatus(sync)
        PQclear(sync)
        guard status == PGRES_PIPELINE_SYNC else { throw lostOrFailed(failure ?? .connectionLost("the server's answer was out of order")) }
        if let failure { throw failure }
        return answers
    }

    /// Queues one statement, prepared or not.
    private func queue(_ sql: String, _ arguments: [DatabaseValue], prepared: Prepared?) throws(LibpqError) {
        guard let connection, PQstatus(connection) == CONNECTION_OK else { throw .connectionLost("the connection was closed") }
        let values = Values(arguments)
        defer { values.free() }
        let sent: Int32
        if let prepared {
            sent = PQsendQueryPrepared(connection, prepared.name, Int32(arguments.count), values.pointers, values.lengths, values.formats, 0)
        } else {
            let types = arguments.map(Self.type)
            sent = PQsendQueryParams(connection, sql, Int32(arguments.count), types, values.pointers, values.lengths, values.formats, 0)
        }
        guard sent == 1 else { throw lostOrFailed() }
    }

    /// Why libpq refused or failed: the connection's loss, or what libpq says.
    private func lostOrFailed(_ failure: LibpqError? = nil) -> LibpqError {
        guard let connection else { return .connectionLost("the connection was closed") }
        if PQstatus(connection) != CONNECTION_OK {
            queued.removeAll()
            return .connectionLost(Self.reason(PQerrorMessage(connection)))
        }
        return failure ?? .connectionLost(Self.reason(PQerrorMessage(connection)))
    }
}

/// What went wrong on a ``LibpqConnection``.
enum LibpqError: Error, Equatable {
    /// The server refused the statement: its SQLSTATE (`23505`, …) and message. The connection
    /// goes on.
    case server(sqlState: String?, message: String)
    /// The connection could not be made: libpq's reason.
    case connectionFailed(String)
    /// The connection went (the server closed it, the network dropped) before the answer came.
    case connectionLost(String)
}
#endif
