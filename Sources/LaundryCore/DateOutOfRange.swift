import Foundation

/// An instant outside ``Clock/supportedRange`` that something tried to keep: the store refuses it
/// (a row it could not read back would make every later run fail), and the assistant answers the
/// line that led to it with a refusal that gives the range — the store is fine.
public struct DateOutOfRange: Error, Equatable, Sendable, CustomStringConvertible {
    public let date: Date

    public init(date: Date) {
        self.date = date
    }

    /// Its year in UTC (10000, 1969), which the store's range is counted in: what a sentence
    /// about it can name (Foundation describes a date of the year 10000 as "<description unavailable>").
    public var year: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: date)
    }

    public var description: String {
        "a date in the year \(year) (UTC) is outside the years LaundryTime can keep, 1970 to 9999"
    }
}
