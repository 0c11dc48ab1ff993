import Foundation
import LaundryGrammar
import Testing

@testable import LaundryAssistant

/// The instant an `until` value (written here as the grammar writes a fixed one) stands for, in the user's calendar — always after now,
/// a day's start unless a time is said, spans of days counted on the calendar (summer time too).
@Suite struct PauseEndTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    /// Wednesday 21 Oct 2026, 10:00 in Berlin (summer time, which ends on Sunday the 25th).
    var now: Date { local("2026-10-21 10:00") }

    func local(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    @Test(arguments: [
        ("weekday:4", "2026-10-28 00:00"),  // "wednesday" on a Wednesday: the next one
        ("weekday:6", "2026-10-23 00:00"), ("+1", "2026-10-22 00:00"), ("+1@19:00", "2026-10-22 19:00"),
        ("+0@18:00", "2026-10-21 18:00"), ("+0@9:00", "2026-10-22 09:00"),  // 9 has gone by today
        ("dom:12", "2026-11-12 00:00"), ("dom:31", "2026-10-31 00:00"), ("dom:21", "2026-11-21 00:00"), ("date:1:1", "2027-01-01 00:00"),
        ("date:10:21", "2027-10-21 00:00"),  // today's date: next year's, as "the 21st" is next month's
        ("ymd:2026:12:3", "2026-12-03 00:00"),
        ("nextmonth:1", "2026-11-01 00:00"), ("nextmonth:30@9:00", "2026-11-30 09:00"),  // "the 1st of next month"
        ("for:2:week", "2026-11-04 10:00"),  // across the end of summer time: the same clock time
        ("for:3:hour", "2026-10-21 13:00"),
    ])
    func valuesResolveAfterNow(_ value: String, _ expected: String) {
        #expect(PauseEnd.resolve(PauseBound(fixed: value)!, now: now, calendar: calendar) == .at(local(expected)), "\(value)")
    }

    @Test func otherValues() {
        #expect(PauseEnd.resolve(PauseBound(fixed: "open")!, now: now, calendar: calendar) == .open)
        #expect(PauseEnd.resolve(PauseBound(fixed: "ymd:2026:2:1")!, now: now, calendar: calendar) == .past(local("2026-02-01 00:00")))
        #expect(PauseEnd.resolve(PauseBound(fixed: "ymd:2026:2:30")!, now: now, calendar: calendar) == .unreadable, "no 30 February")
        #expect(PauseBound(fixed: "weekday:x") == nil, "no end: the grammar's compiler refuses it")
        #expect(PauseEnd.resolve(PauseBound(fixed: "nextmonth:31")!, now: now, calendar: calendar) == .unreadable, "no 31 November")
    }
}
