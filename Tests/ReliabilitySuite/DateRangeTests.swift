import Foundation
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// With the clock at 9999-12-31T23:30Z a wash was stored that ended in the year
/// 10000, and every later run — on the real clock too — failed with "is not a date". Instants the
/// store cannot write back are refused at the clock, and the store refuses to write them.
@Suite struct DateRangeTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test(arguments: ["9999-12-31T23:30:00Z", "10000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z"])
    func aPinnedClockOutsideTheYearsTheStoreKeepsIsRefused(instant: String) throws {
        let result = try laundrytime.run(["start", "wash"], now: instant)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("outside the years LaundryTime can keep"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: laundrytime.dataDirectory.path), "nothing was opened or made")
    }

    /// The last day that may be pinned leaves room for the longest timer; the store holds it and
    /// every later run reads it back.
    @Test func theLastPinnableDayStoresAndReadsBack() throws {
        let late = "9999-12-30T23:59:59Z"
        let made = try laundrytime.run(script: "create pet Snowy\nset snowy's wash time to 120 minutes\nstart wash for snowy\n", now: late)
        #expect(made.status == 0, "\(made.stdout) \(made.stderr)")
        let later = try laundrytime.run(["--json", "/status"], now: late)
        #expect(later.status == 0 && later.stdout.contains("is getting clean"), "\(later.stdout) \(later.stderr)")
        let today = try laundrytime.run(["--json", "/status"], now: nil)
        #expect(today.status == 0, "the real clock reads the store too: \(today.stderr)")
    }

    /// The extremes themselves, through the store: 1970-01-01T00:00:00Z and the last millisecond
    /// of 9999 round-trip exactly; a millisecond outside is refused and nothing is written.
    @Test func theStoreKeepsTheExtremesAndRefusesBeyondThem() throws {
        let store = try LaundryStore(location: StoreLocation(directory: directory.url))
        defer { store.close() }
        let first = Clock.supportedRange.lowerBound, last = Clock.supportedRange.upperBound
        let stored = try store.write { transaction in
            [try transaction.insert(Pet(name: try PetName("Early"), createdAt: first)),
             try transaction.insert(Pet(name: try PetName("Late"), createdAt: last))]
        }
        let read = try store.read { try $0.pets() }
        #expect(read.map(\.createdAt) == [first, last])
        #expect(read.map(\.id) == stored.map(\.id))

        for outside in [first.addingTimeInterval(-0.001), last.addingTimeInterval(0.001)] {
            #expect(throws: DateOutOfRange(date: outside)) {
                try store.write { try $0.insert(Pet(name: try PetName("Outside"), createdAt: outside)) }
            }
        }
        #expect(try store.read { try $0.pets() }.count == 2, "nothing was written")
    }
}
