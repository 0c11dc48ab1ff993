import Foundation
import LaundryCore

/// A date a line would have kept, checked against the years the store holds
/// (``LaundryCore/Clock/supportedRange``): the refusal names what would fall outside, in which
/// year, and the range — as ``RangeCheck`` does for numbers — never a failing database.
enum KeptDates {
    static func contains(_ date: Date) -> Bool {
        Clock.supportedRange.contains(date)
    }

    /// "The pause (“a year”) would end in the year 10000 (UTC): LaundryTime keeps dates from 1970
    /// to 9999. Nothing changed." — `subject` says what falls outside.
    static func refusal(_ subject: String, _ date: Date) -> String {
        "\(subject) in the year \(DateOutOfRange(date: date).year) (UTC): LaundryTime keeps dates from 1970 to 9999. Nothing changed."
    }
}
