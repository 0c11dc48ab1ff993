#if PostgreSQL
import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryPostgres

/// A household's server is usually across a network, where each wait for its answer costs the
/// network's latency: a command of a script waits for the server once, whatever it writes.
@Suite struct RoundTripTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600)

    /// Starting a wash — the pet's row updated, its history event appended (whose id the undo
    /// entry keeps), the undo entry and the transcript's lines — is one round trip in a group,
    /// once the connection has taken a block of event ids and counted the undo stack.
    @Test func aCommandThatChangesAPetWaitsOnce() throws {
        let store = try Self.store()
        defer { store.close() }
        try store.beginGroup()
        _ = try store.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        _ = try store.write { try startWash(in: $0) }
        let before = store.roundTrips
        let eventID = try store.write { transaction in
            try startWash(in: transaction)
        }
        #expect(store.roundTrips - before == 1)
        try store.commitGroup()
        let undone = try store.write { try $0.undo() }
        guard case .undone(let record, _, _) = undone else {
            Issue.record("\(undone)")
            return
        }
        #expect(record.steps.contains(.removeEvent(id: eventID)))
        #expect(try store.read { try $0.events() }.map(\.id).contains(eventID) == false, "the event undo removed was the one appended")
    }

    /// The update of a pet whose row is gone still fails its own command, though it is not waited
    /// for on its own: nothing of the command is stored.
    @Test func anUpdateOfAPetThatIsGoneFailsItsCommand() throws {
        let store = try Self.store()
        defer { store.close() }
        let snowy = try store.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        var gone = snowy
        gone.id = 999
        try store.beginGroup()
        do {
            try store.write { transaction in
                try transaction.update(gone)
                _ = try transaction.append(CycleEvent(kind: .washStarted(endsAt: start + 1_800), at: start), for: snowy)
            }
            Issue.record("an update of pet 999 was taken")
        } catch let error as StoreError {
            #expect("\(error)".contains("pet 999 is no longer stored"), "\(error)")
        }
        try store.commitGroup()
        #expect(try store.read { try $0.events() }.isEmpty)
    }

    /// Events take their ids from the server ahead, under the household's lock: each is new, and
    /// ids keep the order the events were stored in, whichever member stored them — in groups
    /// of commands too, where ids are taken several at a time.
    @Test func eventIdsAreNewAcrossConnections() throws {
        let url = try DatabaseURL(try TestCluster.freshDatabase(), environment: [:])
        let location = StoreLocation(directory: TemporaryDirectory().url)
        let sam = try PostgresStore(url: url, location: location, member: "Sam")
        let alex = try PostgresStore(url: url, location: location, member: "Alex")
        defer { sam.close(); alex.close() }
        let snowy = try sam.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        var ids: [Int64] = []
        for minute in 0..<6 {
            let store = minute.isMultiple(of: 2) ? sam : alex
            let at = start + Double(minute * 60)
            ids.append(try store.write { try $0.append(CycleEvent(kind: .washStarted(endsAt: at + 1_800), at: at), for: snowy) })
        }
        #expect(Set(ids).count == ids.count)
        #expect(try sam.read { try $0.events() }.map(\.id) == ids.reversed())
        // Groups, taking turns: Sam's ids taken ahead and not used are not used later, after
        // Alex's.
        var grouped: [Int64] = []
        for turn in 0..<4 {
            let store = turn.isMultiple(of: 2) ? sam : alex
            try store.beginGroup()
            for _ in 0..<3 {
                grouped.append(try store.write { try $0.append(CycleEvent(kind: .washStarted(endsAt: start + 1_800), at: start), for: snowy) })
            }
            try store.commitGroup()
        }
        #expect(grouped == grouped.sorted() && Set(grouped).count == grouped.count, "\(grouped)")
    }

    private func startWash(in transaction: StoreTransaction) throws -> Int64 {
        var pet = try #require(try transaction.pets().first)
        pet.settings.washMinutes += 1
        try transaction.update(pet)
        let id = try transaction.append(CycleEvent(kind: .washStarted(endsAt: start + 1_800), at: start), for: pet)
        try transaction.pushUndo(UndoRecord(summary: "started Snowy's wash", steps: [.removeEvent(id: id)]), at: start)
        try transaction.transcript.append([
            TranscriptMessage(at: start, role: .user, text: "start wash for snowy"),
            TranscriptMessage(at: start, role: .assistant, text: "Snowy is getting clean!", intent: "start_wash", ok: true, petName: "Snowy"),
        ])
        return id
    }

    private static func store() throws -> PostgresStore {
        try PostgresStore(url: try DatabaseURL(try TestCluster.freshDatabase(), environment: [:]),
                          location: StoreLocation(directory: TemporaryDirectory().url), member: "Alex")
    }
}
#endif
