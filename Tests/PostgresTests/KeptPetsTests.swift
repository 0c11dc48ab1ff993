#if PostgreSQL
import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryPostgres

/// A member's store keeps the pets from one command to the next, and never
/// shows one that another member has changed since: another connection's change, or another
/// process's, is what the next read, write or group of writes sees.
@Suite struct KeptPetsTests {
    let directory = TemporaryDirectory()

    @Test func anotherMembersChangeIsSeenByTheNextReadWriteAndGroup() throws {
        let text = try TestCluster.freshDatabase()
        let database = try DatabaseURL(text, environment: [:])
        let location = StoreLocation(directory: directory.url)
        let sam = try PostgresStore(url: database, location: location, member: "Sam")
        let alex = try PostgresStore(url: database, location: location, member: "Alex")
        defer { sam.close(); alex.close() }
        let start = Date(timeIntervalSince1970: 1_772_355_600)
        let snowy = try sam.write { try $0.insert(Pet(name: try PetName("Snowy"), createdAt: start)) }
        // Alex reads (and keeps) Snowy as it is.
        #expect(try alex.read { try $0.pets() }.map(\.settings.washMinutes) == [snowy.settings.washMinutes])

        func changeWashMinutes(by store: PostgresStore, to minutes: Int) throws {
            try store.write { transaction in
                var pet = try #require(try transaction.pets().first)
                pet.settings.washMinutes = minutes
                try transaction.update(pet)
            }
        }
        try changeWashMinutes(by: sam, to: 31)
        #expect(try alex.read { try $0.pets() }.map(\.settings.washMinutes) == [31], "a read after Sam's change")
        try changeWashMinutes(by: sam, to: 32)
        #expect(try alex.write { try $0.pets() }.map(\.settings.washMinutes) == [32], "a write after Sam's change")
        try changeWashMinutes(by: sam, to: 33)
        try alex.beginGroup()
        #expect(try alex.write { try $0.pets() }.map(\.settings.washMinutes) == [33], "a group after Sam's change")
        try alex.commitGroup()
        // Alex's own change is kept as Alex wrote it, and Sam sees it.
        try changeWashMinutes(by: alex, to: 34)
        #expect(try alex.read { try $0.pets() }.map(\.settings.washMinutes) == [34])
        #expect(try sam.read { try $0.pets() }.map(\.settings.washMinutes) == [34])

        // Another process — the program itself — changes the pet; the next read here sees it.
        let other = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("other"))
            .run(["--database", text, "--member", "Kim"], script: "set snowy's wash time to 40 minutes\n", now: nil)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(try alex.read { try $0.pets() }.map(\.settings.washMinutes) == [40], "a read after another process's change")
        #expect(try sam.write { try $0.pets() }.map(\.settings.washMinutes) == [40], "a write after another process's change")
    }

    /// The settings are kept as the pets are: another member's change is what the next read sees.
    @Test func anotherMembersSettingIsSeenByTheNextRead() throws {
        let database = try DatabaseURL(try TestCluster.freshDatabase(), environment: [:])
        let location = StoreLocation(directory: directory.url)
        let sam = try PostgresStore(url: database, location: location, member: "Sam")
        let alex = try PostgresStore(url: database, location: location, member: "Alex")
        defer { sam.close(); alex.close() }
        var quiet = AppSettings.defaults
        quiet.soundEnabled = false
        #expect(try alex.read { try $0.settings() }.soundEnabled == true)
        try sam.write { try $0.save(quiet) }
        #expect(try alex.read { try $0.settings() }.soundEnabled == false, "a read after Sam's change")
        try alex.write { try $0.save(AppSettings.defaults, over: quiet) }
        #expect(try sam.write { try $0.settings() }.soundEnabled == true, "a write after Alex's change")
    }
}
#endif
