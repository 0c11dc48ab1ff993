import Foundation

/// The instant an `until` slot's value (``SlotParsers/until``) stands for, in a calendar: always
/// after `now` — a weekday, a day of the month or a date is the next one after today (today's is
/// as good as gone) — and at the day's start unless a time is given. Spans of days and longer are counted on
/// the calendar, so a pause "for 2 weeks" over a change of summer time ends at the same clock time.
enum PauseEnd: Equatable {
    case open
    case at(Date)
    /// A day said that has gone by ("until dec 24" on the 25th is not next year's).
    case past(Date)
    case unreadable

    static func resolve(_ value: String, now: Date, calendar: Calendar) -> PauseEnd {
        if value == "open" { return .open }
        let parts = value.split(separator: ":").map(String.init)
        if parts.count == 3, parts[0] == "for", let count = Int(parts[1]) {
            let component: Calendar.Component? = switch parts[2] {
            case "minute": .minute
            case "hour": .hour
            case "day": .day
            case "week": .weekOfYear
            case "month": .month
            case "year": .year
            default: nil
            }
            guard let component, let end = calendar.date(byAdding: component, value: count, to: now), end > now else { return .unreadable }
            return .at(end)
        }
        let halves = value.split(separator: "@", maxSplits: 1).map(String.init)
        let (dayPart, timePart) = halves.count == 2 ? (halves[0], Optional(halves[1])) : (value, nil)
        var time = (hour: 0, minute: 0)
        if let timePart {
            let clock = timePart.split(separator: ":").compactMap { Int($0) }
            guard clock.count == 2 else { return .unreadable }
            time = (clock[0], clock[1])
        }
        let today = calendar.startOfDay(for: now)
        func at(_ day: Date?) -> Date? {
            day.flatMap { calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: $0) }
        }
        let day = dayPart.split(separator: ":").map(String.init)
        var end: Date?
        switch day.first {
        case let offset? where offset.hasPrefix("+"):
            end = at(Int(offset.dropFirst()).flatMap { calendar.date(byAdding: .day, value: $0, to: today) })
        case "nextmonth":
            guard day.count == 2, let dayOfMonth = Int(day[1]),
                  let nextMonth = calendar.dateInterval(of: .month, for: now)?.end,
                  let days = calendar.range(of: .day, in: .month, for: nextMonth), days.contains(dayOfMonth)
            else { return .unreadable }
            end = at(calendar.date(byAdding: .day, value: dayOfMonth - 1, to: nextMonth))
        default:
            // A weekday, a day of the month or a date: the next one after today.
            end = at(CalendarDay.date(day, from: today, direction: .forward, calendar: calendar))
        }
        guard var end else { return .unreadable }
        // A time without a day ("until 6pm") is its next one.
        if dayPart == "+0", end <= now, let tomorrow = calendar.date(byAdding: .day, value: 1, to: end) { end = tomorrow }
        return end > now ? .at(end) : .past(end)
    }
}

/// A day as the `until` parser writes one — "weekday:2", "dom:10", "date:3:10", "ymd:2026:3:10" —
/// found in a calendar: the next such day after `reference` (`.forward`), or the latest before it
/// (`.backward`). A pause's end looks forward, a history's "since" back.
enum CalendarDay {
    static func date(_ parts: [String], from reference: Date, direction: Calendar.SearchDirection, calendar: Calendar) -> Date? {
        let numbers = parts.dropFirst().compactMap { Int($0) }
        guard numbers.count == parts.count - 1 else { return nil }
        func next(_ components: DateComponents) -> Date? {
            calendar.nextDate(after: reference, matching: components, matchingPolicy: .strict, direction: direction)
        }
        switch (parts.first, numbers.count) {
        case ("weekday", 1): return next(DateComponents(weekday: numbers[0]))
        case ("dom", 1): return next(DateComponents(day: numbers[0]))
        case ("date", 2): return next(DateComponents(month: numbers[0], day: numbers[1]))
        case ("ymd", 3):
            let components = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])
            guard let date = calendar.date(from: components),
                  calendar.dateComponents([.year, .month, .day], from: date) == components else { return nil }
            return date
        default: return nil
        }
    }
}
