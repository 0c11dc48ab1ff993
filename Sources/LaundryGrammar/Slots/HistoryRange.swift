import Foundation
/// A span of the history the user asked for ("this week", "last 30 days", "all time"): what the
/// `{range}` slot's parser reads, carried in the slot's value as ``slotValue`` and read back by
/// the assistant with ``init(slotValue:)`` — one spelling, not one in each module.
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
    /// From a day on ("since march 10", "since monday"): the day as the `until` parser writes one
    /// ("date:3:10", "weekday:2", "dom:10", "ymd:2026:3:10"), taken as the latest such day so far.
    case since(String)
    case all

    private static let named: [String: HistoryRange] = [
        "today": .today, "yesterday": .yesterday, "this_week": .thisWeek, "last_week": .lastWeek,
        "this_month": .thisMonth, "last_month": .lastMonth, "this_year": .thisYear, "all": .all,
    ]

    /// The range a `{range}` slot's value stands for; nil for any other text.
    public init?(slotValue: String) {
        if let named = Self.named[slotValue] {
            self = named
        } else if slotValue.hasPrefix("since:"), slotValue.count > 6 {
            self = .since(String(slotValue.dropFirst(6)))
        } else {
            guard slotValue.hasPrefix("last_"), slotValue.hasSuffix("_days"),
                  let days = SlotNumber(text: String(slotValue.dropFirst(5).dropLast(5)))
            else { return nil }
            self = .lastDays(days)
        }
    }

    /// The slot's value: "today", "this_week", "last_30_days", "since:date:3:10", "all".
    public var slotValue: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this_week"
        case .lastWeek: "last_week"
        case .thisMonth: "this_month"
        case .lastMonth: "last_month"
        case .thisYear: "this_year"
        case .lastDays(let days): "last_\(days.text)_days"
        case .since(let day): "since:" + day
        case .all: "all"
        }
    }

    /// In words: "today", "this week", "last 30 days", "all time" ("since" a day: its dates are the
    /// assistant's to say, in the user's calendar).
    public var label: String {
        switch self {
        case .all: "all time"
        case .since: "since then"
        default: slotValue.replacingOccurrences(of: "_", with: " ")
        }
    }
}
