import Foundation
import LaundryCore
import LaundryStore

/// What every store engine must do alike: one suite of checks, run against both engines. Each check
/// is given a way to open the store — again and again, on the same data: a second opening is a
/// second process or a second member — and throws ``Failure`` when the engine does otherwise.
/// `LaundryStoreTests` runs them on SQLite, `PostgresTests` on PostgreSQL.
public enum StoreBehaviour {
    public typealias Open = () throws -> any StoreEngine

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every check, by name (the tests' arguments).
    public static let names = checks.keys.sorted()

    /// Runs the check called `name` on stores that `open` opens.
    public static func run(_ name: String, _ open: Open) throws {
        guard let check = checks[name] else { throw Failure(description: "no check called \(name)") }
        try check(open)
    }

    static func expect(_ condition: Bool, _ what: @autoclosure () -> String, line: Int = #line) throws {
        if !condition { throw Failure(description: "StoreBehaviour.swift:\(line): \(what())") }
    }

    static let start = Date(timeIntervalSince1970: 1_790_000_000.125)

    /// Creates Snowy as a command does: with the undo entry that takes it back.
    static func createSnowyToUndo(in store: any StoreEngine) throws {
        try store.write { transaction in
            let snowy = try transaction.insert(pet("Snowy"))
            try transaction.pushUndo(UndoRecord(summary: "created Snowy", steps: [.removePet(id: snowy.id!)]), at: start)
        }
    }

    static func pet(_ name: String) throws -> Pet {
        Pet(name: try PetName(name), createdAt: start)
    }

    private struct Refused: Error {}

    private static let checks: [String: @Sendable (Open) throws -> Void] = [
        "a pet reads back as it was written": { open in
            let store = try open()
            defer { store.close() }
            let washed = try store.write { transaction in
                var pet = try transaction.insert(pet("Snowy"))
                pet.cycle = .washing(TimerWindow(startedAt: start, endsAt: start.addingTimeInterval(2700)))
                pet.stats = PetStats(totalCycles: 3, currentStreak: 2, bestStreak: 5)
                try transaction.update(pet)
                return pet
            }
            let other = try open()
            defer { other.close() }
            let read = try other.read { try $0.pets() }
            try expect(read == [washed], "another connection reads \(read), not \(washed)")
            try expect(try other.read { try $0.pet(named: "SNOWY") } == washed, "a name is found ignoring case")
            try expect(try other.read { try $0.petCount() } == 1, "one pet is counted")
        },
        "names are unique ignoring case, and a refused write changes nothing": { open in
            let store = try open()
            defer { store.close() }
            _ = try store.write { try $0.insert(pet("Snowy")) }
            var refused = false
            do {
                _ = try store.write { transaction in
                    try transaction.save(AppSettings.defaults.with(.sound, "off"))
                    return try transaction.insert(pet("snowy"))
                }
            } catch {
                refused = true
            }
            try expect(refused, "a second “snowy” is refused")
            try expect(try store.read { try $0.pets().map(\.name.value) } == ["Snowy"], "only the first Snowy is there")
            try expect(try store.read { try $0.settings() } == .defaults, "the refused write's setting is not kept")
        },
        "a write that throws, or a dry run, changes nothing": { open in
            let store = try open()
            defer { store.close() }
            do {
                try store.write { transaction in
                    _ = try transaction.insert(pet("Snowy"))
                    throw Refused()
                }
            } catch is Refused {}
            _ = try store.write(commit: false) { try $0.insert(pet("Fluffy")) }
            try expect(try store.read { try $0.petCount() } == 0, "neither pet is stored")
            let changes = try store.write { transaction in
                let before = transaction.changeCount
                _ = try transaction.insert(pet("Buddy"))
                return transaction.changeCount - before
            }
            try expect(changes == 1, "an insert counts as one change, not \(changes)")
        },
        "a group commits together, each write whole on its own": { open in
            let store = try open()
            defer { store.close() }
            try store.beginGroup()
            _ = try store.write { try $0.insert(pet("Snowy")) }
            do {
                try store.write { transaction in
                    _ = try transaction.insert(pet("Fluffy"))
                    throw Refused()
                }
            } catch is Refused {}
            _ = try store.write { try $0.insert(pet("Buddy")) }
            try store.commitGroup()
            let other = try open()
            defer { other.close() }
            try expect(try other.read { try $0.pets().map(\.name.value) } == ["Snowy", "Buddy"], "the group's two good writes are stored")
        },
        "undo takes back a change, once": { open in
            let store = try open()
            defer { store.close() }
            try createSnowyToUndo(in: store)
            try store.write { transaction in
                var snowy = try transaction.pet(named: "Snowy")!
                let before = snowy
                snowy.cycle = .washing(TimerWindow(startedAt: start, endsAt: start.addingTimeInterval(2700)))
                try transaction.update(snowy)
                let event = try transaction.append(CycleEvent(kind: .washStarted(endsAt: start.addingTimeInterval(2700)), at: start), for: snowy)
                try transaction.pushUndo(
                    UndoRecord(summary: "started Snowy's wash", steps: [.restorePet(before), .removeEvent(id: event)]), at: start)
            }
            let first = try store.write { try $0.undo() }
            guard case .undone(let record, _, _) = first else { throw Failure(description: "the wash was not undone: \(first)") }
            try expect(record.summary == "started Snowy's wash", "the latest change is undone first")
            try expect(try store.read { try $0.pets().first?.cycle } == .idle, "Snowy is idle again")
            try expect(try store.read { try $0.eventCount() } == 0, "the wash's event is gone")
            _ = try store.write { try $0.undo() }
            try expect(try store.read { try $0.petCount() } == 0, "the creation is undone")
            let last = try store.write { try $0.undo() }
            try expect(last == .nothingToUndo, "then there is nothing to undo, not \(last)")
        },
        "the undo stack keeps the latest hundred changes, the oldest going first": { open in
            let store = try open()
            defer { store.close() }
            let depth = StoreTransaction.undoDepth
            try store.beginGroup()
            for number in 1...depth + 2 {
                try store.write { try $0.pushUndo(UndoRecord(summary: "change \(number)", steps: []), at: start) }
            }
            try store.commitGroup()
            /// How many changes the stack holds, its oldest and its newest, as another connection reads them.
            func stack(_ store: any StoreEngine) throws -> (count: Int?, oldest: String?, newest: String?) {
                try store.read { transaction in
                    let connection = transaction.connection
                    return (try connection.value(Int.self, "SELECT count(*) FROM undoEntry"),
                            try connection.value(String.self, "SELECT summary FROM undoEntry ORDER BY id LIMIT 1"),
                            try connection.value(String.self, "SELECT summary FROM undoEntry ORDER BY id DESC LIMIT 1"))
                }
            }
            let other = try open()
            defer { other.close() }
            let kept = try stack(other)
            try expect(kept.count == depth && kept.oldest == "change 3" && kept.newest == "change \(depth + 2)", "\(kept)")
            // Counted afresh (another connection), one more goes the same way.
            try other.write { try $0.pushUndo(UndoRecord(summary: "one more", steps: []), at: start) }
            let after = try stack(store)
            try expect(after.count == depth && after.oldest == "change 4" && after.newest == "one more", "\(after)")
        },
        "a change made on another computer is left to it": { open in
            let store = try open()
            defer { store.close() }
            try createSnowyToUndo(in: store)
            // As a member's session on another computer wrote it: a process id that runs nowhere
            // here, in another boot of another machine. Whether it still runs cannot be told here.
            // Written through a connection of its own, as that session's would be: this one keeps
            // its own newest entry as it wrote it until another connection changes the store.
            let elsewhere = "2147483000:42@another-computer/\(UUID().uuidString.lowercased())"
            let other = try open()
            defer { other.close() }
            _ = try other.write { try $0.connection.execute("UPDATE undoEntry SET session = '\(elsewhere)'", []) }
            let outcome = try store.write { try $0.undo() }
            guard case .madeElsewhere(_, _, let session) = outcome, session.isOnAnotherComputer else {
                throw Failure(description: "another computer's change was not left to it: \(outcome)")
            }
            try expect(try store.read { try $0.petCount() } == 1, "Snowy stays")
        },
        "a deleted pet comes back with its id and history": { open in
            let store = try open()
            defer { store.close() }
            let snowy = try store.write { transaction in
                let snowy = try transaction.insert(pet("Snowy"))
                try transaction.append(CycleEvent(kind: .folded(revived: false), at: start), for: snowy)
                return snowy
            }
            try store.write { transaction in
                let events = try transaction.events(petId: snowy.id)
                try transaction.deletePet(id: snowy.id!)
                try transaction.pushUndo(UndoRecord(summary: "deleted Snowy", steps: [.restorePet(snowy), .restoreEvents(events)]), at: start)
            }
            try expect(try store.read { try $0.eventCount() } == 0, "the history goes with the pet")
            _ = try store.write { try $0.undo() }
            try expect(try store.read { try $0.pets() } == [snowy], "Snowy is back with id \(snowy.id!)")
            try expect(try store.read { try $0.eventCount(for: snowy) } == 1, "with its fold")
            let fluffy = try store.write { try $0.insert(pet("Fluffy")) }
            try expect(fluffy.id != snowy.id, "a new pet gets a new id")
        },
        "a pet's kind and nicknames are kept in order, and undone": { open in
            let store = try open()
            defer { store.close() }
            let fluffy = try store.write { transaction in
                var fluffy = try pet("Fluffy")
                fluffy.nicknames = ["towels"]
                return try transaction.insert(fluffy)
            }
            try store.write { transaction in
                var renamed = fluffy
                renamed.name = try PetName("Puff")
                renamed.nicknames.append("bath mats")
                try transaction.update(renamed)
                try transaction.pushUndo(UndoRecord(summary: "renamed Fluffy to Puff", steps: [.restorePet(fluffy)]), at: start)
            }
            let other = try open()
            defer { other.close() }
            let read = try other.read { try $0.pets() }
            try expect(read.map(\.nicknames) == [["towels", "bath mats"]] && read.first?.name.value == "Puff", "read back: \(read)")
            _ = try other.write { try $0.undo() }
            try expect(try store.read { try $0.pets() } == [fluffy], "undone, Fluffy has only its kind")
        },
        "a notice is claimed once, across connections": { open in
            let store = try open(), other = try open()
            defer { store.close(); other.close() }
            try expect(try store.write { try $0.claimNotice("wash:1", at: start) }, "the first claim wins")
            try expect(try !other.write { try $0.claimNotice("wash:1", at: start) }, "a second connection's claim loses")
            try expect(try other.read { try $0.isNoticeClaimed("wash:1", at: start) }, "the claim is seen")
            try expect(try !other.read { try $0.isNoticeClaimed("wash:2", at: start) }, "another notice is not claimed")
        },
        "a notice claimed until told is left to others when its claimer is gone": { open in
            let store = try open(), other = try open()
            defer { store.close(); other.close() }
            try expect(try store.write { try $0.claimNoticeUntilTold("wash:1", at: start) }, "claimed until told")
            try expect(try !other.write { try $0.claimNotice("wash:1", at: start) }, "not taken while this process tells it")
            try store.write { try $0.markNoticeTold("wash:1") }
            let muchLater = start.addingTimeInterval(StoreTransaction.claimLifetime * 10)
            try expect(try !other.write { try $0.claimNoticeUntilTold("wash:1", at: muchLater) }, "told for good")

            // A claimer on this computer that no longer runs (no process has the largest pid), and
            // one on another computer, whose claim holds for claimLifetime.
            let here = ProcessSession.current.description
            let gone = "\(Int32.max):1" + (here.firstIndex(of: "@").map { String(here[$0...]) } ?? "")
            try store.write { transaction in
                for (key, claimer) in [("wash:2", gone), ("wash:3", "1:1@another-computer/its-boot")] {
                    _ = try transaction.claimNoticeUntilTold(key, at: start)
                    _ = try transaction.connection.execute("UPDATE deliveredNotice SET claimedBy = '\(claimer)' WHERE key = '\(key)'", [])
                }
            }
            try expect(try !other.read { try $0.isNoticeClaimed("wash:2", at: start) }, "a claim whose process ended has lapsed")
            try expect(try other.write { try $0.claimNotice("wash:2", at: start) }, "and is taken over")
            let soon = start.addingTimeInterval(StoreTransaction.claimLifetime - 1)
            try expect(try !other.write { try $0.claimNoticeUntilTold("wash:3", at: soon) }, "another computer's claim holds a while")
            try expect(try other.write { try $0.claimNoticeUntilTold("wash:3", at: start.addingTimeInterval(StoreTransaction.claimLifetime)) },
                       "then lapses")
        },
        "history reads in order, by pet and time": { open in
            let store = try open()
            defer { store.close() }
            let (snowy, fluffy) = try store.write { transaction in
                let snowy = try transaction.insert(pet("Snowy")), fluffy = try transaction.insert(pet("Fluffy"))
                for hour in 0..<4 {
                    let at = start.addingTimeInterval(Double(hour) * 3600)
                    try transaction.append(CycleEvent(kind: .folded(revived: false), at: at), for: hour % 2 == 0 ? snowy : fluffy)
                }
                return (snowy, fluffy)
            }
            try store.read { transaction in
                let newest = try transaction.events(limit: 3)
                try expect(newest.map(\.at) == [3, 2, 1].map { start.addingTimeInterval($0 * 3600) }, "newest first, at most 3")
                try expect(try transaction.events(petId: snowy.id).map(\.petName) == ["Snowy", "Snowy"], "one pet's")
                let since = try transaction.events(since: start.addingTimeInterval(3600), until: start.addingTimeInterval(3 * 3600))
                try expect(since.count == 2, "from `since` up to `until`: \(since.count)")
                var oldestFirst: [Date] = []
                try transaction.forEachEvent { oldestFirst.append($0.at) }
                try expect(oldestFirst == oldestFirst.sorted() && oldestFirst.count == 4, "one at a time, oldest first")
                let folds = try transaction.lastFolds(before: start.addingTimeInterval(2.5 * 3600))
                try expect(folds == [snowy.id!: start.addingTimeInterval(2 * 3600), fluffy.id!: start.addingTimeInterval(3600)],
                           "each pet's last fold: \(folds)")
            }
        },
        "the transcript keeps who typed each line, and is searched ignoring case": { open in
            let store = try open()
            defer { store.close() }
            try store.write { transaction in
                try transaction.transcript.append([
                    TranscriptMessage(at: start, role: .user, text: "start wash for snowy"),
                    TranscriptMessage(at: start, role: .assistant, text: "Snowy is getting clean!", intent: "start_wash", ok: true,
                                      petName: "Snowy"),
                    TranscriptMessage(at: start.addingTimeInterval(60), role: .user, text: "50% of 100_000", member: "Sam"),
                ])
            }
            try store.read { transaction in
                let latest = try transaction.transcript.latest(limit: 2)
                try expect(latest.map(\.text) == ["Snowy is getting clean!", "50% of 100_000"], "the latest, oldest first")
                try expect(latest.map(\.member) == [transaction.member, "Sam"], "each with its member: \(latest.map(\.member))")
                try expect(latest[0].ok == true && latest[0].intent == "start_wash", "a reply keeps its intent and outcome")
                try expect(try transaction.transcript.messages(containing: "SNOWY", limit: 10).count == 2, "search ignores case")
                try expect(try transaction.transcript.messages(containing: "0_0", limit: 10).count == 1, "“_” is a character")
                try expect(try transaction.transcript.messages(containing: "%", limit: 10).count == 1, "“%” is a character")
                try expect(try transaction.transcript.count(since: start.addingTimeInterval(30)) == 1, "counted from `since`")
            }
        },
        "a transcript of thousands of lines is appended whole, in order": { open in
            // More values than one statement may bind (SQLite's 32,766 by default and 250,000 as
            // Debian builds it, PostgreSQL's 65,535): the store benchmark's seeder appends 100,000
            // messages in one call.
            let store = try open()
            defer { store.close() }
            let messages = (0..<40_000).map { TranscriptMessage(at: start.addingTimeInterval(Double($0)), role: .user, text: "line \($0)") }
            try store.write { try $0.transcript.append(messages) }
            try store.read { transaction in
                try expect(try transaction.transcript.count(since: start) == messages.count, "every message is kept")
                try expect(try transaction.transcript.latest(limit: 2).map(\.text) == ["line 39998", "line 39999"], "the last ones last")
            }
        },
        "settings default, persist, and are undone": { open in
            let store = try open()
            defer { store.close() }
            try expect(try store.read { try $0.settings() } == .defaults, "a new store has the defaults")
            try store.write { transaction in
                let before = try transaction.settings()
                try transaction.save(before.with(.transcript, "7"), over: before)
                try transaction.pushUndo(UndoRecord(summary: "set transcript to 7 days", steps: [.restoreSettings(before)]), at: start)
            }
            let other = try open()
            defer { other.close() }
            try expect(try other.read { try $0.settings().transcriptDays } == 7, "another connection reads the new value")
            _ = try other.write { try $0.undo() }
            try expect(try store.read { try $0.settings() } == .defaults, "undone, the defaults are back")
        },
        "every migration is applied, and a newer schema is refused": { open in
            let store = try open()
            try expect(try store.read { try $0.appliedMigrations() } == Schema.identifiers, "the same migrations as SQLite's")
            _ = try store.write { transaction in
                try transaction.connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')", [])
            }
            store.close()
            do {
                let reopened = try open()
                reopened.close()
                throw Failure(description: "a store with an unknown migration was opened")
            } catch let error as StoreError {
                guard case .newerSchema(_, let unknown) = error else { throw Failure(description: "refused for \(error)") }
                try expect(unknown == ["v99: from the future"], "the unknown migration is named")
            }
        },
    ]
}

extension AppSettings {
    /// These settings with `key` set to `text`.
    func with(_ key: Key, _ text: String) throws -> AppSettings {
        var settings = self
        try settings.set(key, to: text)
        return settings
    }
}
