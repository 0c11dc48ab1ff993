import LaundryAssistant
import LaundryGrammar

extension Reply {
    /// The `slots` object of the JSON contract (PRODUCT.md), by slot name: what a slot's words
    /// stand for, spelt as the contract spells it ("75", "on", "this_week", "at:-1:18:00:24",
    /// "for:2:week"), else the words as typed — and a help topic as typed ("timers"; the intents
    /// it stands for are the grammar's business). The one place slot values become strings.
    package var contractSlots: [String: String] {
        Dictionary(uniqueKeysWithValues: slots.map { kind, slot in
            (kind.rawValue, kind == .topic ? slot.text : slot.content?.contractText ?? slot.text)
        })
    }
}

extension SlotContent {
    /// The value as the JSON contract spells it.
    package var contractText: String {
        switch self {
        case .number(let number): number.text
        case .instant(let instant): instant.contractText
        case .pauseBound(let bound): bound.contractText
        case .range(let range): range.contractText
        case .listed(let value): value
        }
    }
}

extension PastInstant {
    /// `ago:SECONDS`, or `at:DAY:H:MM:CLOCK` — DAY `0` (today), `-1` (yesterday) or `any` (the
    /// latest such time), CLOCK `12` (a bare hour, morning or evening) or `24`.
    var contractText: String {
        switch self {
        case .secondsAgo(let seconds):
            return "ago:\(seconds)"
        case .clock(let time, let day, let twelveHour):
            let day = switch day {
            case .today: "0"
            case .yesterday: "-1"
            case .latest: "any"
            }
            return "at:\(day):\(time.contractText):\(twelveHour ? 12 : 24)"
        }
    }
}

extension ClockTime {
    /// "9:05", "18:30".
    var contractText: String { "\(hour):\(minute < 10 ? "0" : "")\(minute)" }
}

extension PauseBound {
    /// `open`, `for:N:UNIT`, or `DAY` / `DAY@H:MM`.
    var contractText: String {
        switch self {
        case .open: "open"
        case .span(let count, let unit): "for:\(count):\(unit.rawValue)"
        case .day(let day, nil): day.contractText
        case .day(let day, let time?): day.contractText + "@" + time.contractText
        }
    }
}

extension CalendarDay {
    /// `+N`, `weekday:N`, `dom:D`, `nextmonth:D`, `date:M:D` or `ymd:Y:M:D`.
    var contractText: String {
        switch self {
        case .daysFromToday(let days): "+\(days)"
        case .weekday(let weekday): "weekday:\(weekday)"
        case .dayOfMonth(let day): "dom:\(day)"
        case .dayOfNextMonth(let day): "nextmonth:\(day)"
        case .date(let month, let day): "date:\(month):\(day)"
        case .fullDate(let year, let month, let day): "ymd:\(year):\(month):\(day)"
        }
    }
}

extension HistoryRange {
    /// "today", "this_week", "last_30_days", "since:date:3:10", "all".
    var contractText: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this_week"
        case .lastWeek: "last_week"
        case .thisMonth: "this_month"
        case .lastMonth: "last_month"
        case .thisYear: "this_year"
        case .lastDays(let days): "last_\(days.text)_days"
        case .since(let day): "since:" + day.contractText
        case .all: "all"
        }
    }
}
