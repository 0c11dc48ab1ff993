import Foundation
internal import LaundryGrammar

/// The instant an `until` slot's ``PauseBound`` stands for, in a calendar: always
/// after `now` — a weekday, a day of the month or a date is the next one after today (today's is
/// as good as gone) — and at the day's start unless a time is given. Spans of days and longer are counted on
/// the calendar, so a pause "for 2 weeks" over a change of summer time ends at the same clock time.
enum PauseEnd: Equatable {
    case open
    case at(Date)
    /// A day said that has gone by ("until dec 24" on the 25th is not next year's).
    case past(Date)
    case unreadable

    static func resolve(_ bound: PauseBound, now: Date, calendar: Calendar) -> PauseEnd {
        switch bound {
        case .open:
            return .open
        case .span(let count, let unit):
            let component: Calendar.Component = switch unit {
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
            guard let end = calendar.date(byAdding: component, value: count, to: now), end > now else { return .unreadable }
            return .at(end)
        case .day(let day, let time):
            return resolve(day, at: time, now: now, calendar: calendar)
        }
    }

    private static func resolve(_ day: CalendarDay, at time: ClockTime?, now: Date, calendar: Calendar) -> PauseEnd {
        let today = calendar.startOfDay(for: now)
        func at(_ day: Date?) -> Date? {
            day.flatMap { calendar.date(bySettingHour: time?.hour ?? 0, minute: time?.minute ?? 0, second: 0, of: $0) }
        }
        var end: Date?
        switch day {
        case .daysFromToday(let days):
            end = at(calendar.date(byAdding: .day, value: days, to: today))
        case .dayOfNextMonth(let dayOfMonth):
            guard let nextMonth = calendar.dateInterval(of: .month, for: now)?.end,
                  let days = calendar.range(of: .day, in: .month, for: nextMonth), days.contains(dayOfMonth)
            else { return .unreadable }
            end = at(calendar.date(byAdding: .day, value: dayOfMonth - 1, to: nextMonth))
        case .weekday, .dayOfMonth, .date, .fullDate:
            // The next one after today.
            end = at(day.found(from: today, direction: .forward, calendar: calendar))
        }
        guard var end else { return .unreadable }
        // A time without a day ("until 6pm") is its next one.
        if day == .daysFromToday(0), end <= now, let tomorrow = calendar.date(byAdding: .day, value: 1, to: end) { end = tomorrow }
        return end > now ? .at(end) : .past(end)
    }
}

extension CalendarDay {
    /// The day in a calendar: the next such day after `reference` (`.forward`), or the latest
    /// before it (`.backward`) — a pause's end looks forward, a history's "since" back. Nil for a
    /// day the calendar does not have (30 February), and for a day counted from today or in
    /// next month, which has one date only (``PauseEnd``).
    func found(from reference: Date, direction: Calendar.SearchDirection, calendar: Calendar) -> Date? {
        func next(_ components: DateComponents) -> Date? {
            calendar.nextDate(after: reference, matching: components, matchingPolicy: .strict, direction: direction)
        }
        switch self {
        case .weekday(let weekday): return next(DateComponents(weekday: weekday))
        case .dayOfMonth(let day): return next(DateComponents(day: day))
        case .date(let month, let day): return next(DateComponents(month: month, day: day))
        case .fullDate(let year, let month, let day):
            let components = DateComponents(year: year, month: month, day: day)
            guard let date = calendar.date(from: components),
                  calendar.dateComponents([.year, .month, .day], from: date) == components else { return nil }
            return date
        case .daysFromToday, .dayOfNextMonth: return nil
        }
    }
}
