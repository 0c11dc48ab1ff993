import Foundation
import GRDB
import LaundryCore
@testable import LaundryStore
import LaundryTestSupport
import Testing

/// When the store is checked whole at open (StoreIntegrity): a small one at every open, sealed or
/// not; a larger one whenever the file is not as LaundryTime last closed it, and once a day
/// otherwise — never at every start of a sealed large store.
@Suite struct StoreIntegrityTests {
    let directory = TemporaryDirectory()
    var location: StoreLocation { StoreLocation(directory: directory.url) }
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_772_355_600)

    /// A store with some pets, checked and closed (sealed), then a page of it overwritten; `large`,
    /// with a transcript that makes it larger than ``StoreIntegrity/wholeCheckPages``.
    private func damagedStore(resealed: Bool, large: Bool = false) throws {
        let store = try LaundryStore(location: location)
        try store.verify(at: start)
        try store.write { transaction in
            for index in 1...40 { _ = try transaction.insert(Pet(name: try PetName("Pet \(index)"), createdAt: start)) }
            if large {
                let text = String(repeating: "Pet 1 is so happy! ", count: 50)
                try transaction.transcript.append((1...1200).map { _ in TranscriptMessage(at: start, role: .assistant, text: text) })
            }
        }
        let pages = try store.read { try Int.fetchOne($0.db, sql: "PRAGMA page_count") } ?? 0
        try #require(large == (pages > StoreIntegrity.wholeCheckPages), "\(pages) pages")
        // The pet table's root page: opening never reads it, checking does.
        let root = try store.read { try Int.fetchOne($0.db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'pet'") } ?? 0
        store.close()
        let handle = try FileHandle(forUpdating: location.databaseURL)
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        try handle.close()
        if resealed { StoreSeal.seal(location.databaseURL.path) }  // as bit rot: changed without a trace
    }

    @Test func aFileChangedBehindLaundryTimesBackIsCheckedWhole() throws {
        try damagedStore(resealed: false)
        let store = try LaundryStore(location: location)
        defer { store.close() }
        #expect(throws: StoreError.self) { try store.verify(at: start.addingTimeInterval(60)) }
    }

    /// Bit rot keeps the seal: a small store is checked whole all the same, at every open.
    @Test func aSmallSealedFileIsCheckedAtEveryOpen() throws {
        try damagedStore(resealed: true)
        let sameDay = try LaundryStore(location: location)
        defer { sameDay.close() }
        #expect(throws: StoreError.self) { try sameDay.verify(at: start.addingTimeInterval(3600)) }
    }

    @Test func aLargeSealedFileIsCheckedOnceADay() throws {
        try damagedStore(resealed: true, large: true)
        let sameDay = try LaundryStore(location: location)
        try sameDay.verify(at: start.addingTimeInterval(3600))  // sealed and checked today: not looked at
        sameDay.close()
        let nextDay = try LaundryStore(location: location)
        defer { nextDay.close() }
        #expect(throws: StoreError.self) { try nextDay.verify(at: start.addingTimeInterval(day + 60)) }
    }
}
