import Foundation
import GRDB
import LaundryTestSupport
import Testing

@testable import LaundryStore

/// The hand-written date conversion must store and read exactly what GRDB's does: rows written
/// by earlier versions (through GRDB's DateFormatter) and rows written now must mean the same.
@Suite struct StoredDateTests {
    /// GRDB's own text for a date.
    private func grdbText(_ date: Date) -> String? { String.fromDatabaseValue(date.databaseValue) }

    @Test func writesWhatGRDBWrites() {
        var random = SplitMix64(seed: 20261123)
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_772_355_600),  // 2026-03-01 09:00
            Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29, a leap day of a century
            Date(timeIntervalSince1970: 4_107_542_399.9999),  // 2100-02-28 23:59:59.999…
            Date(timeIntervalSince1970: -86_400.0005),  // before 1970
            Date(timeIntervalSinceReferenceDate: 0.0009), Date(timeIntervalSinceReferenceDate: -0.0001),
            Date(timeIntervalSince1970: -12_219_292_800),  // 1582-10-15, the first Gregorian day
            Date(timeIntervalSince1970: -30_610_224_000),  // 1000-01-01, a Julian date to Foundation
        ]
        for _ in 0..<5000 {
            // Anywhere from 1900 to 2200, to the microsecond and finer.
            let seconds = Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &random))
            dates.append(Date(timeIntervalSince1970: seconds + Double.random(in: 0..<1, using: &random)))
        }
        for date in dates {
            #expect(StoredDate.text(date) == grdbText(date), "\(date.timeIntervalSinceReferenceDate)")
        }
    }

    @Test func readsWhatGRDBReads() throws {
        var random = SplitMix64(seed: 7)
        var texts = ["2026-03-01 09:00:00.000", "2000-02-29 23:59:59.999", "1970-01-01 00:00:00.001", "1583-01-01 00:00:00.000"]
        for _ in 0..<5000 {
            let milliseconds = Int64.random(in: -2_208_988_800_000...7_258_118_400_000, using: &random)
            texts.append(try #require(grdbText(Date(timeIntervalSince1970: Double(milliseconds) / 1000))))
        }
        for text in texts {
            let ours = try #require(StoredDate.date(text), "\(text)")
            #expect(ours == Date.fromDatabaseValue(text.databaseValue), "\(text)")
            #expect(StoredDate.text(ours) == text)
        }
    }

    @Test func leavesOtherFormsToGRDB() {
        // Other texts SQLite calls dates, and numbers: not the stored format, read by GRDB.
        for text in ["2026-03-01", "2026-03-01 09:00", "2026-03-01T09:00:00.000", "2026-03-01 09:00:00"] {
            #expect(StoredDate.date(text) == nil)
            #expect(StoredDate.date(text.databaseValue) == Date.fromDatabaseValue(text.databaseValue))
        }
        #expect(StoredDate.date(1_772_355_600.databaseValue) == Date(timeIntervalSince1970: 1_772_355_600))
        // Impossible dates and garbage are no dates.
        for text in ["2026-02-30 09:00:00.000", "2026-13-01 09:00:00.000", "2026-03-01 24:00:00.000", "20x6-03-01 09:00:00.000"] {
            #expect(StoredDate.date(text) == nil, "\(text)")
        }
        #expect(StoredDate.date("not a date".databaseValue) == nil)
        // Before the Gregorian calendar, Foundation counts Julian days: GRDB reads those.
        #expect(StoredDate.date("1000-01-01 00:00:00.000") == nil)
        #expect(StoredDate.date("1000-01-01 00:00:00.000".databaseValue) == Date.fromDatabaseValue("1000-01-01 00:00:00.000".databaseValue))
        #expect(StoredDate.date(DatabaseValue.null) == nil)
    }
}
