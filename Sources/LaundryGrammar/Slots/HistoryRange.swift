import Foundation
/// A span of the history the user asked for ("this week", "last 30 days", "all time"): what the
/// `{range}` slot's parser reads, carried to the assistant in the slot's ``SlotContent``.
public enum HistoryRange: Hashable, Sendable {
    case today
    case yesterday
    case thisWeek
    /// The calendar week before this one ("last week"; "the past week" is the last 7 days).
    case lastWeek
    case thisMonth
    /// The calendar month before this one ("last month"; "the past month" is the last 30 days).
    case lastMonth
    case thisYear
    /// The last N days, any number the slot read ("last 0 days" is understood, then refused with
    /// the range the history takes).
    case lastDays(SlotNumber)
    /// From a day on ("since march 10", "since monday"), taken as the latest such day so far: a
    /// weekday, a day of a month, a date or a full date.
    case since(CalendarDay)
    case all

    /// In words: "today", "this week", "last 30 days", "all time" ("since" a day: its dates are the
    /// assistant's to say, in the user's calendar).
    public var label: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this week"
        case .lastWeek: "last week"
        case .thisMonth: "this month"
        case .lastMonth: "last month"
        case .thisYear: "this year"
        case .lastDays(let days): "last \(days.text) days"
        case .since: "since then"
        case .all: "all time"
        }
    }
}
