import Foundation
import GRDB
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// ``StoreMemory`` keeps the pets between commands instead of reading them again. These tests hold
/// it to what reading the rows gives: after every kind of write, rollback, undo, group and another
/// connection's commit, `pets()` must equal the rows as read.
@Suite struct StoreMemoryTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600.123_456_7)  // sub-millisecond on purpose

    /// What the rows say, bypassing the memory.
    private func rows(_ store: LaundryStore) throws -> [Pet] {
        try store.read { try $0.storedPets() }
    }

    private func expectInStep(_ store: LaundryStore, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let remembered = try store.read { try $0.pets() }
        #expect(remembered == (try rows(store)), "after \(step)", sourceLocation: sourceLocation)
        try store.read { transaction in
            if let entries = transaction.memory.undoEntries {
                #expect(entries == (try Int.fetchOne(transaction.db, sql: "SELECT count(*) FROM undoEntry")), "after \(step)", sourceLocation: sourceLocation)
            }
            for (id, written) in transaction.memory.petRows {
                let stored = try Row.fetchOne(transaction.db, sql: "SELECT \(PetRecord.columnList) FROM pet WHERE id = ?", arguments: [id])
                #expect(stored.map { Array($0.databaseValues) } == written, "pet \(id)'s row after \(step)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func randomCommandsKeepThePetsAsTheRowsRead() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        let other = try LaundryStore(location: location)
        var random = SplitMix64(seed: 20_261_125)
        var now = start
        var grouped = false
        for round in 0..<400 {
            now = now.addingTimeInterval(Double(random.next() % 7_000) + 0.000_3)
            let choice = random.next() % 10
            switch choice {
            case 0:  // create
                try store.write { transaction in
                    let name = "Pet\(round)"
                    _ = try transaction.insert(Pet(name: try PetName(name), createdAt: now))
                    try transaction.pushUndo(UndoRecord(summary: "created \(name)", steps: []), at: now)
                }
            case 1, 2, 3:  // a cycle step, with its undo record
                try store.write { transaction in
                    let pets = try transaction.pets()
                    guard !pets.isEmpty else { return }
                    let pet = pets[Int(random.next() % UInt64(pets.count))]
                    for action in [CycleStep.startWash, .startDry, .fold] {
                        guard case .changed(let changed, let event) = pet.applying(action, at: now) else { continue }
                        try transaction.update(changed)
                        try transaction.append(event, for: changed)
                        try transaction.pushUndo(UndoRecord(summary: "stepped", steps: [.restorePet(pet)]), at: now)
                        return
                    }
                }
            case 4:  // undo, which restores, inserts or deletes a pet
                try store.write { transaction in _ = try transaction.undo() }
            case 5:  // a write that is rolled back (a dry run) or that fails
                let pets = try store.read { try $0.pets() }
                guard var pet = pets.first else { continue }
                pet.settings.washMinutes += 1
                struct Failure: Error {}
                let fails = random.next() % 2 == 0
                _ = try? store.write(commit: false) { transaction in
                    try transaction.update(pet)
                    if fails { throw Failure() }
                }
            case 6:  // another connection changes a pet (not while a group holds the write lock)
                if grouped { continue }
                try other.write { transaction in
                    guard var pet = try transaction.pets().last else { return }
                    pet.settings.dryMinutes = Int(random.next() % 100) + 10
                    try transaction.update(pet)
                }
            case 7:  // another connection deletes or adds one
                if grouped { continue }
                try other.write { transaction in
                    if let pet = try transaction.pets().first, random.next() % 2 == 0 {
                        try transaction.deletePet(id: pet.id!)
                    } else {
                        _ = try transaction.insert(Pet(name: try PetName("Other\(round)"), createdAt: now))
                    }
                }
            case 8:  // a group starts or ends
                if grouped { try store.commitGroup() } else { try store.beginGroup() }
                grouped.toggle()
            default:  // rename
                try store.write { transaction in
                    guard var pet = try transaction.pets().randomElement(using: &random) else { return }
                    pet.name = try PetName("Renamed\(round)")
                    try transaction.update(pet)
                }
            }
            try expectInStep(store, "round \(round), step \(choice)")
        }
        if grouped { try store.commitGroup() }
        try expectInStep(store, "the end")
    }

    @Test func anotherConnectionsChangeIsSeenAtTheNextCommand() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        try store.write { _ = try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        #expect(try store.read { try $0.pets() }.map(\.settings.washMinutes) == [45])
        let other = try LaundryStore(location: location)
        try other.write { transaction in
            var snowy = try #require(try transaction.pets().first)
            snowy.settings.washMinutes = 30
            try transaction.update(snowy)
        }
        #expect(try store.read { try $0.pets() }.map(\.settings.washMinutes) == [30])
        #expect(try store.write { try $0.pets() }.map(\.settings.washMinutes) == [30])
    }

    /// The settings are kept between commands too (a setting's change read them twice): another
    /// connection's change is what the next command sees, and the kept rows are what reading them
    /// gives, in the same order (undo's fingerprints hash them).
    @Test func keptSettingsFollowAnotherConnectionsChangeAndReadAsStored() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        var quiet = AppSettings.defaults
        quiet.soundEnabled = false
        try store.write { try $0.save(quiet) }
        #expect(try store.read { try $0.settings() }.soundEnabled == false)
        let other = try LaundryStore(location: location)
        try other.write { try $0.save(AppSettings.defaults, over: quiet) }
        #expect(try store.read { try $0.settings() }.soundEnabled == true, "a read after another connection's change")
        try store.write { transaction in
            #expect(try transaction.settings().soundEnabled == true)
            try transaction.save(quiet, over: AppSettings.defaults)
            let kept = try transaction.settingRows()
            #expect(kept == (try transaction.connection.rows("SELECT key, value FROM setting ORDER BY key").flatMap { $0 }))
            #expect(try transaction.settings().soundEnabled == false)
        }
        #expect(try other.write { try $0.settings() }.soundEnabled == false, "a write after this connection's change")
    }

    /// An undo's preview keeps the entry it read for the undo that follows, and no longer: a
    /// change made after the preview is what the undo takes back.
    @Test func anUndosPreviewIsNotKeptPastTheNextChange() throws {
        let store = try LaundryStore(location: StoreLocation(directory: TemporaryDirectory().url))
        try store.write { try $0.pushUndo(UndoRecord(summary: "first", steps: []), at: start) }
        guard case .undone(let previewed, _, _) = try store.write(commit: true, { try $0.undoPreview() }) else {
            Issue.record("nothing to undo")
            return
        }
        #expect(previewed.summary == "first")
        try store.write { try $0.pushUndo(UndoRecord(summary: "second", steps: []), at: start) }
        guard case .undone(let undone, _, _) = try store.write(commit: true, { try $0.undo() }) else {
            Issue.record("nothing undone")
            return
        }
        #expect(undone.summary == "second")
        guard case .undone(let next, _, _) = try store.write(commit: true, { try $0.undo() }) else {
            Issue.record("nothing undone")
            return
        }
        #expect(next.summary == "first")
    }

    @Test func aPetIsRememberedAsItsRowReadsBack() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { transaction in
            let snowy = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start))
            guard case .changed(let washing, _) = snowy.applying(.startWash, at: start.addingTimeInterval(0.000_4)) else {
                Issue.record("start wash refused")
                return
            }
            try transaction.update(washing)
            let remembered = try #require(try transaction.pets().first)
            #expect(remembered == (try transaction.storedPets().first))
            #expect(remembered != washing, "the timer's start is kept to the millisecond, as stored")
        }
    }
}
