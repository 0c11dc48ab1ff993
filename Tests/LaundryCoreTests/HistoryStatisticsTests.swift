import Foundation
import LaundryCore
import Testing

/// History grouping and statistics in a pinned time zone, across day boundaries and DST changes.
@Suite struct HistoryStatisticsTests {
    /// New York: DST starts 2026-03-08 02:00 (a 23-hour day) and ends 2026-11-01 02:00 (25 hours).
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        calendar.firstWeekday = 2  // weeks start on Monday
        return calendar
    }()

    func date(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    func event(_ id: Int64, _ kind: String, _ at: String, pet: Int64 = 1, endsAt: String? = nil) -> RecordedEvent {
        RecordedEvent(id: id, petId: pet, petName: pet == 1 ? "Snowy" : "Fluffy", kind: RecordedEvent.Kind(rawValue: kind)!, at: date(at), endsAt: endsAt.map(date))
    }

    /// A stopped wash ends its cycle's start: the cycle the fold ends began with the wash that was
    /// not stopped. The summary card and the timeline read one function for it (they once
    /// disagreed: the card counted from the stopped wash, the timeline from the next one).
    @Test func aStoppedWashIsNoPartOfTheCycleItsFoldEnds() {
        let events = [
            event(1, "wash_started", "2026-03-01T09:00:00Z", endsAt: "2026-03-01T09:45:00Z"),
            event(2, "wash_stopped", "2026-03-01T09:10:00Z"),
            event(3, "wash_started", "2026-03-01T10:00:00Z", endsAt: "2026-03-01T10:45:00Z"),
            event(4, "dry_started", "2026-03-01T10:45:00Z", endsAt: "2026-03-01T11:45:00Z"),
            event(5, "folded", "2026-03-01T12:00:00Z"),
        ]
        let spans = CycleSpans.washToFold(events)
        #expect(spans == [5: TimeInterval(2 * 3600)])
        let summary = HistorySummary(events: events, frequencyDays: { _ in 7 }, since: { _ in self.date("2026-03-01T08:00:00Z") })
        #expect(summary.meanWashToFold == TimeInterval(2 * 3600))
    }

    @Test func groupsFollowTheLocalDayNotTwentyFourHours() {
        let now = date("2026-03-10T04:30:00Z")  // Tue 10 Mar 00:30 EDT
        #expect(TimelineGroup.of(date("2026-03-10T04:00:00Z"), now: now, calendar: calendar) == .today)      // 00:00 EDT
        #expect(TimelineGroup.of(date("2026-03-10T03:59:59Z"), now: now, calendar: calendar) == .yesterday)  // Mon 23:59:59
        #expect(TimelineGroup.of(date("2026-03-09T04:00:00Z"), now: now, calendar: calendar) == .yesterday)  // Mon 00:00 EDT
        #expect(TimelineGroup.of(date("2026-03-09T03:59:59Z"), now: now, calendar: calendar) == .earlier)    // Sun 23:59:59, last week
    }

    @Test func theShortDSTDayIsOneDay() {
        // Mon 9 Mar 00:30 EDT; Sunday 8 Mar had 23 hours.
        let now = date("2026-03-09T04:30:00Z")
        #expect(TimelineGroup.of(date("2026-03-08T05:00:00Z"), now: now, calendar: calendar) == .yesterday)  // Sun 00:00 EST
        #expect(TimelineGroup.of(date("2026-03-09T03:59:00Z"), now: now, calendar: calendar) == .yesterday)  // Sun 23:59 EDT
        #expect(TimelineGroup.of(date("2026-03-08T04:59:00Z"), now: now, calendar: calendar) == .earlier)    // Sat 23:59 EST, last week
    }

    @Test func theTwiceHappeningHourOfTheLongDSTDayIsToday() {
        let now = date("2026-11-01T17:00:00Z")  // Sun 1 Nov 12:00 EST
        #expect(TimelineGroup.of(date("2026-11-01T05:30:00Z"), now: now, calendar: calendar) == .today)  // 01:30 EDT
        #expect(TimelineGroup.of(date("2026-11-01T06:30:00Z"), now: now, calendar: calendar) == .today)  // 01:30 EST
        #expect(TimelineGroup.of(date("2026-11-01T03:59:00Z"), now: now, calendar: calendar) == .yesterday)
    }

    @Test func weeksStartOnTheCalendarsFirstWeekday() {
        let now = date("2026-03-12T16:00:00Z")  // Thu 12 Mar
        #expect(TimelineGroup.of(date("2026-03-09T05:00:00Z"), now: now, calendar: calendar) == .thisWeek)  // Mon 01:00
        #expect(TimelineGroup.of(date("2026-03-09T03:00:00Z"), now: now, calendar: calendar) == .earlier)   // Sun 23:00
    }

    @Test func groupedTimelineIsNewestFirstWithoutEmptyGroups() {
        let now = date("2026-03-12T16:00:00Z")
        let events = [
            event(1, "wash_started", "2026-03-01T15:00:00Z"),
            event(2, "wash_started", "2026-03-12T14:00:00Z"),
            event(3, "dry_started", "2026-03-12T15:00:00Z"),
            event(4, "folded", "2026-03-10T15:00:00Z"),
        ]
        let groups = TimelineGroup.group(events, now: now, calendar: calendar)
        #expect(groups.map(\.0) == [.today, .thisWeek, .earlier])
        #expect(groups.map { $0.1.map(\.id) } == [[3, 2], [4], [1]])
    }

    @Test func summaryCountsCyclesMeanTimeAndOnTimeShare() throws {
        let events = [
            event(1, "wash_started", "2026-03-02T14:00:00Z"),
            event(2, "dry_started", "2026-03-02T15:00:00Z"),
            event(3, "folded", "2026-03-02T16:00:00Z"),      // 2 h after its wash; 1 day after creation: on time
            event(4, "wash_started", "2026-03-20T14:00:00Z"),
            event(5, "wash_stopped", "2026-03-20T14:10:00Z"),
            event(6, "wash_started", "2026-03-20T15:00:00Z"),
            event(7, "folded", "2026-03-20T19:00:00Z"),      // 18 days after the last fold: late
        ]
        let summary = HistorySummary(events: events.shuffled(), frequencyDays: { _ in 7 }, since: { _ in self.date("2026-03-01T14:00:00Z") })
        #expect(summary.cycles == 2)
        // 2 h for the first cycle; 4 h for the second, which counts from the wash that was not
        // stopped (a stopped wash is no part of the cycle: CycleSpans, as the timeline reads it).
        let mean = try #require(summary.meanWashToFold)
        #expect(mean == 3 * 3600, "\(mean)")
        #expect(summary.onTimeShare == 0.5)
        let empty = HistorySummary(events: [], frequencyDays: { _ in 7 }, since: { _ in nil })
        #expect(empty.cycles == 0 && empty.meanWashToFold == nil && empty.onTimeShare == nil)
    }

    @Test func weeklyCyclesCoverTheLastTwelveWeeksOldestFirst() {
        let now = date("2026-03-12T16:00:00Z")
        let events = [
            event(1, "folded", "2026-03-10T15:00:00Z"),
            event(2, "revived", "2026-03-11T15:00:00Z"),
            event(3, "folded", "2026-03-03T15:00:00Z"),
            event(4, "wash_started", "2026-03-03T14:00:00Z"),
            event(5, "folded", "2025-11-01T15:00:00Z"),  // too old
        ]
        let weekly = WeeklyCycles(events: events, weeks: 12, now: now, calendar: calendar)
        #expect(weekly.counts.count == 12 && weekly.weekStarts.count == 12)
        #expect(weekly.counts.suffix(2) == [1, 2])
        #expect(weekly.counts.reduce(0, +) == 3)
        #expect(weekly.weekStarts.last == date("2026-03-09T04:00:00Z"))
    }
}
