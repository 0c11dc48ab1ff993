import Foundation
import GRDB
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// The store on a real SQLite file in a temporary directory.
@Suite struct LaundryStoreTests {
    let start = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01T09:00:00Z

    @Test func createsThePrivateDirectoryAndFile() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url.appendingPathComponent("nested/data"))
        _ = try LaundryStore(location: location)
        let attributes = try FileManager.default.attributesOfItem(atPath: location.directory.path)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: location.databaseURL.path)
        #expect(file[.posixPermissions] as? Int == 0o600)
    }

    @Test func petsAndTheirCyclesSurviveReopening() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        do {
            let store = try LaundryStore(location: location)
            try store.write { transaction in
                var pet = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start))
                guard case .changed(let washing, let event) = pet.applying(.startWash, at: start) else {
                    Issue.record("start wash refused")
                    return
                }
                pet = washing
                try transaction.update(pet)
                try transaction.append(event, for: pet)
            }
        }
        let reopened = try LaundryStore(location: location)
        let pets = try reopened.read { try $0.pets() }
        #expect(pets.count == 1)
        let snowy = try #require(pets.first)
        #expect(snowy.name.value == "Snowy")
        #expect(snowy.cycle == .washing(TimerWindow(startedAt: start, minutes: 45)))
        #expect(snowy.stage(at: start.addingTimeInterval(46 * 60)) == .washDone(since: start.addingTimeInterval(45 * 60)))
        #expect(try reopened.read { try $0.eventCount(for: snowy) } == 1)
        #expect(try reopened.read { try $0.pet(named: "SNOWY")?.id } == snowy.id)
    }

    @Test func aThrowingWriteChangesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.write { transaction in
                _ = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start))
                try transaction.transcript.append([TranscriptMessage(at: start, role: .user, text: "create pet Snowy")])
                throw Abort()
            }
        }
        #expect(try store.read { try $0.petCount() } == 0)
        #expect(try store.read { try $0.transcript.latest(limit: 10) }.isEmpty)
    }

    @Test func aRolledBackWriteChangesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        let name = try store.write(commit: false) { transaction in
            try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start)).name.value
        }
        #expect(name == "Snowy")
        #expect(try store.read { try $0.petCount() } == 0)
    }

    /// Proves group commit keeps each write whole on its own: in one group, a write that throws
    /// and a dry run change nothing while the writes around them are kept; another connection sees
    /// none of the group before ``LaundryStore/commitGroup()`` and all of it after.
    @Test func aGroupCommitsTogetherAndKeepsEachWriteWhole() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        let other = try LaundryStore(location: location)
        struct Abort: Error {}
        func create(_ name: String, commit: Bool = true, failing: Bool = false) throws {
            try store.write(commit: commit) { transaction in
                _ = try transaction.insert(Pet(name: try PetName(name), createdAt: start))
                try transaction.transcript.append([TranscriptMessage(at: start, role: .user, text: "create pet \(name)")])
                if failing { throw Abort() }
            }
        }

        try store.beginGroup()
        try create("Snowy")
        #expect(throws: Abort.self) { try create("Broken", failing: true) }
        try create("Dreamt", commit: false)
        try create("Fluffy")
        #expect(try store.read { try $0.pets().map(\.name.value) } == ["Snowy", "Fluffy"])
        #expect(try other.read { try $0.petCount() } == 0, "nothing is visible before the commit")
        try store.commitGroup()

        #expect(try other.read { try $0.pets().map(\.name.value) } == ["Snowy", "Fluffy"])
        #expect(try other.read { try $0.transcript.latest(limit: 10) }.map(\.text) == ["create pet Snowy", "create pet Fluffy"])
        // After the group, a write is its own transaction again.
        try create("Later")
        #expect(try other.read { try $0.petCount() } == 3)
    }

    @Test func committingWithoutAGroupIsAnError() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        #expect(throws: StoreError.self) { try store.commitGroup() }
    }

    @Test func namesAreUniqueIgnoringCase() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { _ = try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        #expect(throws: (any Error).self) {
            try store.write { _ = try $0.insert(Pet(name: try PetName("SNOWY"), createdAt: start)) }
        }
    }

    @Test func settingsDefaultAndPersist() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        #expect(try store.read { try $0.settings() } == .defaults)
        var settings = AppSettings.defaults
        try settings.set(.sound, to: "off")
        try settings.set(.appearance, to: "dark")
        try store.write { try $0.save(settings) }
        #expect(try store.read { try $0.settings() } == settings)
    }

    @Test func savingOverWhatWasReadWritesOnlyWhatChanged() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { transaction in
            let before = try transaction.settings()
            var settings = before
            settings.soundEnabled.toggle()
            try transaction.save(settings, over: before)
            #expect(try transaction.settings() == settings)
        }
        store.close()
        let file = try DatabaseQueue(path: StoreLocation(directory: directory.url).databaseURL.path)
        #expect(try file.read { try String.fetchAll($0, sql: "SELECT key FROM setting") } == ["sound"])
    }

    @Test func transcriptKeepsTheLatestMessagesInOrder() throws {
        let directory = TemporaryDirectory()
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        try store.write { transaction in
            try transaction.transcript.append((0..<5).map {
                TranscriptMessage(at: start.addingTimeInterval(Double($0)), role: $0 % 2 == 0 ? .user : .assistant, text: "m\($0)")
            })
        }
        #expect(try store.read { try $0.transcript.latest(limit: 2) }.map(\.text) == ["m3", "m4"])
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsDamagedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let garbage = Data(repeating: 0x42, count: 8192)
        try garbage.write(to: location.databaseURL)
        #expect {
            _ = try LaundryStore(location: location)
        } throws: { error in
            guard case .damaged(let path, _) = error as? StoreError else { return false }
            return path == location.databaseURL.path
        }
        #expect(try Data(contentsOf: location.databaseURL) == garbage)
    }

    @Test func aDirectoryInTheWayIsReported() throws {
        let directory = TemporaryDirectory()
        let file = directory.url.appendingPathComponent("plainfile")
        try Data("x".utf8).write(to: file)
        #expect {
            _ = try LaundryStore(location: StoreLocation(directory: file))
        } throws: { error in
            if case .cannotCreateDirectory = error as? StoreError { true } else { false }
        }
    }

    @Test func aNewerSchemaIsRefusedNotMigrated() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        _ = try LaundryStore(location: location)
        // What a later LaundryTime would leave behind: a migration this one does not know.
        try DatabaseQueue(path: location.databaseURL.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from the future')")
        }
        #expect {
            _ = try LaundryStore(location: location)
        } throws: { error in
            guard case .newerSchema(_, let unknown) = error as? StoreError else { return false }
            return unknown == ["v99: from the future"]
        }
    }

    @Test func aHandEditedRowIsADamagedStoreNotACrash() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        try store.write { _ = try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        try store.verifyContents()
        // A value no LaundryTime writes, as someone with the sqlite3 shell could leave it.
        try DatabaseQueue(path: location.databaseURL.path).write { db in
            try db.execute(sql: "UPDATE pet SET lastCaredAt = 'yesterday'")
        }
        for use in [{ _ = try store.read { try $0.pets() } }, { try store.verifyContents() }] {
            #expect(performing: use, throws: { error in
                guard case .damaged(let path, _) = error as? StoreError else { return false }
                return path == location.databaseURL.path
            })
        }
    }

    /// Every stage is stored under its kind's name and read back as it was; the schema's CHECK
    /// (written in the first migration, so spelled there for good) takes exactly those names.
    @Test func everyStageIsStoredUnderItsKindsName() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        let window = TimerWindow(startedAt: start, minutes: 45)
        let states: [CycleState] = [.idle, .washing(window), .washDone, .drying(window), .dryDone]
        #expect(Set(states.map(\.kind)) == Set(Stage.Kind.allCases))
        for (index, state) in states.enumerated() {
            var pet = Pet(name: try PetName("Pet\(index)"), createdAt: start)
            pet.cycle = state
            try store.write { _ = try $0.insert(pet) }
        }
        #expect(try store.read { try $0.pets() }.sorted { $0.name.value < $1.name.value }.map(\.cycle) == states)
        try DatabaseQueue(path: location.databaseURL.path).write { db in
            let stored = try String.fetchAll(db, sql: "SELECT stage FROM pet ORDER BY name")
            #expect(stored == states.map(\.kind.rawValue))
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE pet SET stage = 'spinning'") }
        }
    }

    /// A history event's kind is one of a closed set: a row holding another
    /// word is damage, reported as such, never read as some event.
    @Test func aHistoryEventOfNoKnownKindIsADamagedStore() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        try store.write { transaction in
            let pet = try transaction.insert(Pet(name: try PetName("Snowy"), createdAt: start))
            try transaction.append(CycleEvent(kind: .washStopped, at: start), for: pet)
        }
        #expect(try store.read { try $0.events() }.map(\.kind) == [.washStopped])
        try DatabaseQueue(path: location.databaseURL.path).write { db in
            try db.execute(sql: "UPDATE cycleEvent SET kind = 'exploded'")
        }
        #expect(performing: { _ = try store.read { try $0.events() } }, throws: { error in
            guard case .damaged(let path, _) = error as? StoreError else { return false }
            return path == location.databaseURL.path
        })
    }

    /// Later versions refuse more in new names (characters that show as nothing, say); a pet an
    /// earlier version named still loads, and the store is not "damaged".
    @Test func aNameAnEarlierVersionAcceptedStillLoads() throws {
        let directory = TemporaryDirectory()
        let location = StoreLocation(directory: directory.url)
        let store = try LaundryStore(location: location)
        try store.write { _ = try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        try DatabaseQueue(path: location.databaseURL.path).write { db in
            try db.execute(sql: "UPDATE pet SET name = name || char(0x3164), nameKey = nameKey || char(0x3164)")
        }
        try store.verifyContents()
        #expect(try store.read { try $0.pets() }.map(\.name.value) == ["Snowy\u{3164}"])
    }

    @Test func locationFollowsOptionThenEnvironment() {
        let env = ["LAUNDRYTIME_HOME": "/lt/home", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(StoreLocation.resolve(dataDirectory: "/opt/x", environment: env).directory.path == "/opt/x")
        #expect(StoreLocation.resolve(dataDirectory: "~/d", environment: env).directory.path == "/home/u/d")
        #expect(StoreLocation.resolve(dataDirectory: nil, environment: env).directory.path == "/lt/home")
        #expect(StoreLocation.resolve(dataDirectory: nil, environment: ["XDG_DATA_HOME": "/xdg"]).directory.path == "/xdg/laundrytime")
        #expect(StoreLocation.resolve(dataDirectory: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]).directory.path
            == "/home/u/.local/share/laundrytime")
    }
}
