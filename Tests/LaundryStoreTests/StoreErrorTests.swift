import GRDB
@testable import LaundryStore
import Testing

/// What the store says when it cannot go on, and what it advises.
@Suite struct StoreErrorTests {
    /// A full disk: moving the file aside (which needs room too) is no way out.
    @Test func aFullDiskAdvisesFreeingSpaceNotMovingTheStore() {
        let error = StoreError(translating: DatabaseError(resultCode: .SQLITE_FULL), path: "/x/laundrytime.sqlite", opening: false, waited: 10)
        #expect(error == .diskFull(path: "/x/laundrytime.sqlite"))
        #expect(error.wayOut?.contains("Free some space") == true && error.wayOut?.contains("--backup-and-reset") == false)
        #expect(!error.allowsMovingAside)
    }

    /// A busy store is fine: it is never advised, nor allowed, to be moved aside.
    @Test func aBusyStoreIsNeverAdvisedToBeMoved() {
        let error = StoreError(translating: DatabaseError(resultCode: .SQLITE_BUSY), path: "/x/laundrytime.sqlite", opening: false, waited: 10)
        guard case .busy(_, _, let waited) = error else { Issue.record("\(error)"); return }
        #expect(waited == 10 && error.description.contains("waited 10 seconds"))
        #expect(error.wayOut?.contains("--backup-and-reset") == false && !error.allowsMovingAside)
    }

    @Test func aReasonsOwnFullStopIsDropped() {
        #expect(StoreError.clause("Permission denied.") == "Permission denied")
        #expect(StoreError.cannotOpen(path: "/p", reason: "The file doesn’t exist.").description == "Cannot open the database /p: The file doesn’t exist.")
    }
}
