import Foundation
/// A span of the history the user asked for ("this week", "last 30 days", "all time"): what the
/// `{range}` slot's parser reads, carried in the slot's value as ``slotValue`` and read back by
/// the assistant with ``init(slotValue:)`` — one spelling, not one in each module.
public enum HistoryRange: Hashable, Sendable {
    case today
    case yesterday
    case thisWeek
    case thisMonth
    /// The last N days, any number the slot read ("last 0 days" is understood, then refused with
    /// the range the history takes).
    case lastDays(SlotNumber)
    case all

    /// The range a `{range}` slot's value stands for; nil for any other text.
    public init?(slotValue: String) {
        switch slotValue {
        case "today": self = .today
        case "yesterday": self = .yesterday
        case "this_week": self = .thisWeek
        case "this_month": self = .thisMonth
        case "all": self = .all
        default:
            guard slotValue.hasPrefix("last_"), slotValue.hasSuffix("_days"),
                  let days = SlotNumber(text: String(slotValue.dropFirst(5).dropLast(5)))
            else { return nil }
            self = .lastDays(days)
        }
    }

    /// The slot's value: "today", "this_week", "last_30_days", "all".
    public var slotValue: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this_week"
        case .thisMonth: "this_month"
        case .lastDays(let days): "last_\(days.text)_days"
        case .all: "all"
        }
    }

    /// In words: "today", "this week", "last 30 days", "all time".
    public var label: String {
        self == .all ? "all time" : slotValue.replacingOccurrences(of: "_", with: " ")
    }
}
