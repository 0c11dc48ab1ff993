import Foundation
import GRDB
#if LAUNDRYTIME_AB
import LaundryPlatform
#endif

/// Dates as the database holds them: UTC text, `YYYY-MM-DD HH:MM:SS.SSS`, the format GRDB gives a
/// `Date` (so rows written before this type existed, and by any GRDB program, read the same).
///
/// Written by hand because GRDB's own conversion formats through a `DateFormatter` (ICU) and
/// parses through a `Calendar`: with several dates in every command, that cost more than the
/// command's SQL. Here both ways are integer arithmetic on the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil` / `civil_from_days`). Anything outside the years 1583–9999
/// (before them, Foundation's calendar is the Julian one), or text in another of SQLite's date
/// formats, goes through GRDB's conversion instead.
enum StoredDate {
    private static let gregorianYears: ClosedRange<Int64> = 1583...9999
    private static let millisecondsPerDay: Int64 = 86_400_000
    private static let referenceDateSince1970: Double = 978_307_200

    /// The stored text of `date`, to the nearest millisecond (as GRDB's `DateFormatter` rounds).
    static func text(_ date: Date) -> String {
        #if LAUNDRYTIME_AB
        if libraryInstead == "dates" { return formattedByGRDB(date) }
        #endif
        // The same arithmetic as Foundation's formatter: milliseconds since 1970 as a Double.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + referenceDateSince1970) * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 2.5e14 else { return formattedByGRDB(date) }
        let total = Int64(milliseconds)
        let days = floorDivide(total, millisecondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        guard gregorianYears.contains(year) else { return formattedByGRDB(date) }
        var inDay = total - days * millisecondsPerDay
        let millisecond = inDay % 1000
        inDay /= 1000
        let second = inDay % 60
        inDay /= 60
        let minute = inDay % 60
        let hour = inDay / 60

        // Each field's digits, then the character after it, into the 23 bytes of the text.
        return String(unsafeUninitializedCapacity: 23) { bytes in
            var index = 0
            func put(_ value: Int64, digits: Int, then separator: UInt8?) {
                var rest = value
                for position in stride(from: index + digits - 1, through: index, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += digits
                if let separator {
                    bytes[index] = separator
                    index += 1
                }
            }
            put(year, digits: 4, then: UInt8(ascii: "-"))
            put(month, digits: 2, then: UInt8(ascii: "-"))
            put(day, digits: 2, then: UInt8(ascii: " "))
            put(hour, digits: 2, then: UInt8(ascii: ":"))
            put(minute, digits: 2, then: UInt8(ascii: ":"))
            put(second, digits: 2, then: UInt8(ascii: "."))
            put(millisecond, digits: 3, then: nil)
            return index
        }
    }

    private static func formattedByGRDB(_ date: Date) -> String {
        String.fromDatabaseValue(date.databaseValue) ?? ""
    }

    /// The date a column holds: text in the stored format, else whatever GRDB reads as a date
    /// (other SQLite date texts, or seconds since 1970 as a number); nil for NULL or garbage.
    static func date(_ value: DatabaseValue) -> Date? {
        #if LAUNDRYTIME_AB
        if libraryInstead == "dates" { return Date.fromDatabaseValue(value) }
        #endif
        if case .string(let text) = value.storage, let date = date(text) { return date }
        return Date.fromDatabaseValue(value)
    }

    /// The date of a text in exactly the stored format, or nil.
    static func date(_ text: String) -> Date? {
        #if LAUNDRYTIME_AB
        if libraryInstead == "dates" { return Date.fromDatabaseValue(text.databaseValue) }
        #endif
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  bytes[19] == UInt8(ascii: ".")
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for byte in bytes[start..<start + count] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  let millisecond = number(20, 3),
                  gregorianYears.contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
                  hour < 24, minute < 60, second < 60
            else { return nil }
            let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
            // As Foundation's calendar builds it (whole seconds since 2001, then the fraction), so
            // that this and GRDB read a row as the same Date.
            let sinceReference = Double(seconds - Int64(referenceDateSince1970))
            return Date(timeIntervalSinceReferenceDate: sinceReference + Double(millisecond) / 1000)
        }
    }

    // MARK: - The proleptic Gregorian calendar

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor < 0) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a civil date.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a count of days since 1970-01-01.
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
