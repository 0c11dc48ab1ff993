import Foundation
import GRDB
import LaundryCore

/// The transcript, inside one store transaction: appending the messages of a command, pruning the
/// old ones, and reading the latest, a count or a search (``StoreTransaction/transcript``).
public struct Transcript {
    let transaction: StoreTransaction

    /// Appends messages to the transcript, each cut to its first ``TranscriptMessage/maximumBytes``,
    /// each with its member (this session's, unless the message names one). A command's line and
    /// its reply go in one statement: on a household's server each statement is a round trip.
    public func append(_ messages: [TranscriptMessage]) throws {
        // A statement binds only so many values (SQLite's 32,766 by default, PostgreSQL's 65,535):
        // a long list goes in several.
        for first in stride(from: 0, to: messages.count, by: Self.rowsPerStatement) {
            let rows = messages[first..<min(first + Self.rowsPerStatement, messages.count)]
            var arguments: [DatabaseValue] = []
            arguments.reserveCapacity(rows.count * 7)
            for message in rows {
                arguments += [try transaction.storable(message.at).databaseValue, message.role.rawValue.databaseValue,
                              TranscriptMessage.kept(message.text).databaseValue, message.intent.databaseValue, message.ok.databaseValue,
                              message.petName.databaseValue, (message.member ?? transaction.member).databaseValue]
            }
            try transaction.send(Self.insert(rows: rows.count), arguments)
        }
    }

    /// The most messages one INSERT holds: 700 values, under every engine's limit.
    static let rowsPerStatement = 100

    /// The INSERT of `rows` messages (in the order given, so their ids keep it).
    private static func insert(rows: Int) -> String {
        if rows == 2 { return insertTwo }
        return insertHead + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    private static let insertHead = "INSERT INTO transcriptMessage (at, role, text, intent, ok, petName, member) VALUES "
    private static let row = "(?, ?, ?, ?, ?, ?, ?)"
    private static let insertTwo = insertHead + row + ", " + row

    /// Deletes the transcript's messages older than the `transcript` setting's days — at most
    /// once a day (the last time is kept in `maintenance`), so that a command pays one lookup,
    /// not a delete. Called in a command's own transaction: a pruning is stored with a change.
    public func pruneIfDue(at now: Date) throws {
        let memory = transaction.memory
        if memory.lastPruned == nil { memory.lastPruned = try transaction.maintenanceDate(Self.prunedAtKey) }
        if let last = memory.lastPruned, last <= now, now.timeIntervalSince(last) < 86_400 { return }
        let cutoff = now.addingTimeInterval(-Double(try transaction.settings().transcriptDays) * 86_400)
        try transaction.send("DELETE FROM transcriptMessage WHERE at < ?", [StoredDate.text(cutoff).databaseValue])
        try transaction.setMaintenanceDate(Self.prunedAtKey, now)
        memory.lastPruned = StoredDate.date(StoredDate.text(now))
    }

    static let prunedAtKey = "prunedAt"

    private static let selectMessages = "SELECT \(TranscriptMessageRecord.columnList) FROM transcriptMessage"

    /// Messages whose text contains `query` (ignoring case), the latest `limit`, oldest first —
    /// leaving out earlier searches: the replies of intent `transcript`, and the lines typed for
    /// them (stored right before each, with the next id).
    public func messages(containing query: String, limit: Int) throws -> [TranscriptMessage] {
        let pattern = "%" + query.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        let search = Intent.transcript.rawValue.databaseValue
        let connection = transaction.connection
        return try connection.rows(
            Self.selectMessages + """
                 WHERE text \(connection.likeIgnoringCase) ? ESCAPE '\\' AND intent IS DISTINCT FROM ?
                AND NOT EXISTS (SELECT 1 FROM transcriptMessage AS reply WHERE reply.id = transcriptMessage.id + 1
                                AND transcriptMessage.role = 'user' AND reply.intent = ?)
                ORDER BY id DESC LIMIT ?
                """, [pattern.databaseValue, search, search, limit.databaseValue]
        ).reversed().map { try TranscriptMessageRecord(values: $0).message }
    }

    /// How many transcript messages there are from `since` up to `until` (open ends when nil).
    public func count(since: Date? = nil, until: Date? = nil) throws -> Int {
        let (conditions, arguments) = StoreTransaction.conditions(since: since, until: until)
        return try transaction.connection.value(Int.self, "SELECT count(*) FROM transcriptMessage" + conditions, arguments) ?? 0
    }

    /// Every message from `since` up to `until`, oldest first, one at a time: the whole
    /// transcript is never in memory.
    public func forEachMessage(since: Date? = nil, until: Date? = nil, _ body: (TranscriptMessage) throws -> Void) throws {
        let (conditions, arguments) = StoreTransaction.conditions(since: since, until: until)
        try transaction.connection.forEachRow(Self.selectMessages + conditions + " ORDER BY id", arguments) {
            try body(TranscriptMessageRecord(values: $0).message)
        }
    }

    /// The latest `limit` messages, oldest first. Reads only those rows, however long the
    /// transcript is.
    public func latest(limit: Int) throws -> [TranscriptMessage] {
        try transaction.connection.rows(Self.selectMessages + " ORDER BY id DESC LIMIT ?", [limit.databaseValue])
            .reversed().map { try TranscriptMessageRecord(values: $0).message }
    }
}

extension StoreTransaction {
    /// The transcript, in this transaction.
    public var transcript: Transcript { Transcript(transaction: self) }
}
