/// What a slot's words stand for, read once — by a slot's parser when a line is matched, from a
/// value list or a fixed value (`{until=weekday:2}`) when the grammar is compiled — and handed
/// to the assistant as it is: no one downstream reads a slot's value out of a string again.
public enum SlotContent: Hashable, Sendable {
    /// The minutes of `{minutes}`, the days of `{days}`, a `{count}` (out of range too: the
    /// assistant says why it does not fit).
    case number(SlotNumber)
    /// The step's instant of `{at}`.
    case instant(PastInstant)
    /// When a pause ends (`{until}`) or begins (`{from}`).
    case pauseBound(PauseBound)
    /// The span of history of `{range}`.
    case range(HistoryRange)
    /// A value list's value, as the grammar names it: "on", "dark", "wet_reminder".
    case listed(String)

    /// The content of a fixed value (`{until=weekday:2}`) or of a value list's entry, as the
    /// grammar writes it for a slot of `kind`; nil when the slot cannot hold it.
    package init?(fixed value: String, for kind: SlotKind) {
        switch kind {
        case .until, .from:
            guard let bound = PauseBound(fixed: value) else { return nil }
            self = .pauseBound(bound)
        case .minutes, .days, .count:
            guard let number = SlotNumber(text: value) else { return nil }
            self = .number(number)
        case .at, .range:
            return nil
        case .pet, .name, .setting, .value, .format, .path, .topic, .query:
            self = .listed(value)
        }
    }
}

/// A past instant as words say it — for a step taken earlier ("I folded snowy yesterday at 6pm").
/// The assistant resolves it in the user's time zone.
public enum PastInstant: Hashable, Sendable {
    /// So many seconds before now: "2 hours ago", "yesterday" (a day ago). Below zero for a time
    /// still to come ("in 20 minutes"), which the assistant refuses.
    case secondsAgo(Int)
    /// A time of day: "at 9:30", "yesterday at 6pm", "this morning". `twelveHour`: the hour was
    /// a bare 1–12 ("at 9"), morning or evening, whichever came last.
    case clock(ClockTime, on: InstantDay, twelveHour: Bool)
}

/// The day of a ``PastInstant/clock(_:on:twelveHour:)``.
public enum InstantDay: Hashable, Sendable {
    case today
    case yesterday
    /// No day said: the latest such time that is not in the future.
    case latest
}

/// A time of day on the 24-hour clock: hour 0–23, minute 0–59.
public struct ClockTime: Hashable, Sendable {
    public let hour: Int
    public let minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }
}

/// When a pause ends (or begins), as words say it: "indefinitely", "for 2 weeks", "until monday
/// at 9". The assistant resolves it in the user's calendar, after now.
public enum PauseBound: Hashable, Sendable {
    /// No end.
    case open
    /// So many units from now: "for 2 weeks" (days and longer counted on the calendar).
    case span(Int, CalendarUnit)
    /// A day, at its start or at a time of day: "until monday", "till tomorrow evening".
    case day(CalendarDay, at: ClockTime?)
}

/// The units of a ``PauseBound/span(_:_:)``.
public enum CalendarUnit: String, CaseIterable, Hashable, Sendable {
    case minute, hour, day, week, month, year
}

/// A day said in a calendar: found by the assistant as the next such day (a pause's end) or the
/// latest (a history "since" it).
public enum CalendarDay: Hashable, Sendable {
    /// So many days from today: "tomorrow" is 1, a time alone ("until 6pm") 0.
    case daysFromToday(Int)
    /// A weekday, 1 = Sunday.
    case weekday(Int)
    /// A day of a month: "the 12th".
    case dayOfMonth(Int)
    /// That day of next month: "the 1st of next month".
    case dayOfNextMonth(Int)
    /// A month and its day: "dec 24".
    case date(month: Int, day: Int)
    /// A full date: "2026-12-03".
    case fullDate(year: Int, month: Int, day: Int)
}

extension PauseBound {
    /// A fixed value as the grammar writes one (`{until=weekday:2}`): `open`; `for:N:UNIT`, UNIT
    /// one of ``CalendarUnit``; or `DAY`, `DAY@H:MM` — DAY being `+N` (days from today),
    /// `weekday:N` (1 = Sunday), `dom:D`, `nextmonth:D`, `date:M:D` or `ymd:Y:M:D`. Nil for
    /// anything else, which the grammar's compiler refuses with its line.
    package init?(fixed value: String) {
        if value == "open" {
            self = .open
            return
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0] == "for" {
            guard let count = Int(parts[1]), count > 0, let unit = CalendarUnit(rawValue: String(parts[2])) else { return nil }
            self = .span(count, unit)
            return
        }
        let halves = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        var time: ClockTime?
        if halves.count == 2 {
            let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard clock.count == 2, (0...23).contains(clock[0]), (0...59).contains(clock[1]) else { return nil }
            time = ClockTime(hour: clock[0], minute: clock[1])
        }
        guard let day = CalendarDay(fixed: halves[0]) else { return nil }
        self = .day(day, at: time)
    }
}

extension CalendarDay {
    /// A day as ``PauseBound/init(fixed:)`` reads one.
    init?(fixed value: Substring) {
        if value.first == "+" {
            guard let days = Int(value.dropFirst()), days >= 0 else { return nil }
            self = .daysFromToday(days)
            return
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.dropFirst().compactMap { Int($0) }
        guard numbers.count == parts.count - 1 else { return nil }
        let days = 1...31
        switch (parts[0], numbers.count) {
        case ("weekday", 1) where (1...7).contains(numbers[0]): self = .weekday(numbers[0])
        case ("dom", 1) where days.contains(numbers[0]): self = .dayOfMonth(numbers[0])
        case ("nextmonth", 1) where days.contains(numbers[0]): self = .dayOfNextMonth(numbers[0])
        case ("date", 2) where (1...12).contains(numbers[0]) && days.contains(numbers[1]):
            self = .date(month: numbers[0], day: numbers[1])
        case ("ymd", 3) where (1...12).contains(numbers[1]) && days.contains(numbers[2]):
            self = .fullDate(year: numbers[0], month: numbers[1], day: numbers[2])
        default: return nil
        }
    }
}
