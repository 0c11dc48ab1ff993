#if PostgreSQL
import Foundation
import GRDB
import LaundryStore

/// What the household's members tell each other: each write's changes go out with `NOTIFY` as it
/// commits, and the other members' arrive here through `LISTEN`, to be shown above the prompt.
///
/// A notification's payload is JSON: `{"member": "Sam", "session": "(a UUID per store)", "changes":
/// ["started Fluffy's wash"]}`. A store leaves out its own news. The changes are kept
/// until the write commits: a write rolled back (a dry run, an error) tells nobody.
final class HouseholdNews: StoreChangeObserver, @unchecked Sendable {
    private struct Message: Codable {
        let member: String
        let session: String
        let changes: [String]
    }

    private let session: String
    /// The other members' changes, as they arrived on the connection.
    private var arrived: [String] = []
    /// This store's own changes, kept until its transaction commits.
    private var pending: [String] = []

    init(session: String) {
        self.session = session
    }

    func changed(_ summary: String) {
        pending.append(summary)
    }

    func forgetPending() {
        pending.removeAll()
    }

    /// The changes kept since the last call, as the payload of the NOTIFY to send in the
    /// transaction about to commit (PostgreSQL delivers a NOTIFY only when its transaction
    /// commits); nil when there is nothing to tell.
    func takePayload(member: String) throws -> String? {
        guard !pending.isEmpty else { return nil }
        let message = Message(member: member, session: session, changes: pending)
        pending.removeAll()
        let payload = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        // NOTIFY's payload is limited to 8,000 bytes; a change summary is a short line.
        return payload.utf8.count < 8000 ? payload : nil
    }

    /// Takes in a notification's payload (the store reads them off its connection); another
    /// session's changes become news.
    func receive(_ payload: String) {
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(payload.utf8)), message.session != session else { return }
        arrived += message.changes.map { "\(message.member) \($0)" }
    }

    /// The news that arrived since the last call, oldest first.
    func take() -> [String] {
        defer { arrived.removeAll() }
        return arrived
    }
}
#endif
