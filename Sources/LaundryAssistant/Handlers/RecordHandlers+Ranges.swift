import Foundation
import LaundryCore
internal import LaundryGrammar

/// The spans of time a history or an export asks for ("last week", "since march 10"): checked,
/// found in the user's calendar, and said in a title.
extension RecordHandlers {
    enum AskedRange {
        case fits(HistoryRange)
        /// The whole sentence to answer with.
        case refused(String)
    }

    /// The most weeks the history's chart shows: a year's.
    static let chartWeeks = 52

    /// How many calendar weeks `from`…`to` touches (1 when both are in one week).
    static func calendarWeeks(from start: Date, to end: Date, calendar: Calendar) -> Int {
        guard let first = calendar.dateInterval(of: .weekOfYear, for: start)?.start,
              let last = calendar.dateInterval(of: .weekOfYear, for: end)?.start, last >= first else { return 1 }
        return (calendar.dateComponents([.day], from: first, to: last).day ?? 0) / 7 + 1
    }

    /// The span of time the line asks for (all time when it names none), or why it cannot be.
    func askedRange(of turn: Turn) -> AskedRange {
        let range = turn.command[.range]?.range ?? .all
        // (A "since" range is only ever read from words, which the slot keeps.)
        if case .since(let day) = range, let said = turn.command[.range]?.text {
            guard let start = Self.start(since: day, at: turn.now, calendar: calendar) else {
                return .refused("I can't find that day in the calendar (“\(said)”): "
                    + "say e.g. “history since march 10” or “history since monday”.")
            }
            guard start <= turn.now else {
                return .refused("“\(said)” is after today: the history only holds what has happened.")
            }
        }
        if case .lastDays(let days) = range,
           case .refused(let text) = RangeCheck(
               days, words: turn.command[.range]?.text ?? range.label, in: Self.historyDays, unit: "day",
               allowed: "the history goes back \(Self.historyDays.lowerBound) to \(Self.historyDays.upperBound) days (100 years)") {
            return .refused(text)
        }
        return .fits(range)
    }

    /// What a history or an export holds, in its title's words: "for Snowy · this month"; a range
    /// of the calendar says its days ("last week (9–15 Mar)", "since Tue 10 Mar").
    static func scope(pet: Pet?, range: HistoryRange, at now: Date, calendar: Calendar) -> String {
        let (since, until) = interval(of: range, at: now, calendar: calendar)
        let last = until.map { $0.addingTimeInterval(-1) }
        let days: String? = switch range {
        case .all: nil
        case .lastWeek, .lastMonth:
            since.flatMap { start in last.map { end in "\(range.label) (\(HistoryText.dayMonth(start, calendar: calendar))–\(HistoryText.dayMonth(end, calendar: calendar)))" } }
        case .since:
            since.map { "since \(HistoryText.weekdayDayMonth($0, calendar: calendar))" }
        default: range.label
        }
        return [pet.map { "for \($0.name)" }, days].compactMap { $0 }.joined(separator: " · ")
    }

    /// The first instant of the latest day `day` names (march 10, a monday, the 10th, 10 March
    /// 2026) that is not after today; nil for a day the calendar does not have.
    static func start(since day: CalendarDay, at now: Date, calendar: Calendar) -> Date? {
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
        return day.found(from: tomorrow, direction: .backward, calendar: calendar)
    }

    /// The local-calendar interval a range stands for; nil ends are open. "Last N days" outside
    /// ``historyDays`` has been refused before (it would be all time here).
    static func interval(of range: HistoryRange, at now: Date, calendar: Calendar) -> (Date?, Date?) {
        let today = calendar.startOfDay(for: now)
        switch range {
        case .today: return (today, nil)
        case .yesterday: return (calendar.date(byAdding: .day, value: -1, to: today), today)
        case .thisWeek: return (calendar.dateInterval(of: .weekOfYear, for: now)?.start, nil)
        case .lastWeek:
            let this = calendar.dateInterval(of: .weekOfYear, for: now)?.start
            return (this.flatMap { calendar.date(byAdding: .weekOfYear, value: -1, to: $0) }, this)
        case .thisMonth: return (calendar.dateInterval(of: .month, for: now)?.start, nil)
        case .lastMonth:
            let this = calendar.dateInterval(of: .month, for: now)?.start
            return (this.flatMap { calendar.date(byAdding: .month, value: -1, to: $0) }, this)
        case .thisYear: return (calendar.dateInterval(of: .year, for: now)?.start, nil)
        case .since(let day): return (start(since: day, at: now, calendar: calendar), nil)
        case .lastDays(let count):
            guard let days = count.whole(in: historyDays) else { return (nil, nil) }
            return (calendar.date(byAdding: .day, value: -days, to: now), nil)
        case .all: return (nil, nil)
        }
    }
}
