import Foundation
import LaundryCore

/// The history in words: the summary card, the weekly chart and the grouped timeline. Plain
/// text that reads the same in a pipe, a screen reader or a bubble.
enum HistoryText {
    /// "Cycles 3 · Streak 2 (best 5) · Wash to fold 2 hours · On time 67%"
    static func summaryLine(_ summary: HistorySummary, pets: [Pet]) -> String {
        var parts = ["Cycles \(summary.cycles)"]
        if let current = pets.map(\.stats.currentStreak).max(), let best = pets.map(\.stats.bestStreak).max() {
            parts.append("Streak \(current) (best \(best))")
        }
        if let mean = summary.meanWashToFold { parts.append("Wash to fold \(span(mean))") }
        if let share = summary.onTimeShare { parts.append("On time \(Int((share * 100).rounded()))%") }
        return parts.joined(separator: " · ")
    }

    /// A sparkline with its axis labelled, and the numbers themselves for plain readers:
    /// "Cycles per week ▁▁▂▁▃█▁▁▂▁▁▄ (12 weeks from 31 Aug; most 3)" + "0 0 1 0 2 3 0 0 1 0 0 2".
    static func chart(_ weekly: WeeklyCycles, calendar: Calendar) -> [Reply.Line] {
        let bars = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let most = weekly.counts.max() ?? 0
        let line = weekly.counts.map { count in
            most == 0 ? bars[0] : bars[min(bars.count - 1, count * (bars.count - 1) / most)]
        }.joined()
        let from = weekly.weekStarts.first.map { dayMonth($0, calendar: calendar) } ?? ""
        return [
            Reply.Line(.paragraph, "Cycles per week \(line) (\(DurationText.plural(weekly.counts.count, "week")) from \(from); most \(most))"),
            .entry("week by week: " + weekly.counts.map(String.init).joined(separator: " "), marker: "  "),
        ]
    }

    /// The timeline under its group headings (Today, Yesterday, This Week, Earlier), newest first;
    /// past `limit` events, one line says how many more there are. Each event names its pet as
    /// `currentNames` (by id) calls it now, with the name it had then where that differs.
    static func timeline(
        _ events: [RecordedEvent], currentNames: [Int64: String], now: Date, calendar: Calendar, limit: Int
    ) -> [Reply.Line] {
        let durations = self.durations(events)
        var lines: [Reply.Line] = []
        var shown = 0
        for (group, members) in TimelineGroup.group(events, now: now, calendar: calendar) {
            guard shown < limit else { break }
            lines.append(Reply.Line(.groupHeading, group.rawValue))
            for event in members.prefix(limit - shown) {
                let when = group == .today || group == .yesterday
                    ? PetText.clockTime(event.at, calendar: calendar) : dayAndTime(event.at, calendar: calendar)
                var line = "\(when) · \(petName(of: event, currentNames: currentNames)) · \(event.kind.words)"
                if let duration = durations[event.id] { line += " · \(span(duration))" }
                lines.append(.entry(line, marker: "  "))
                shown += 1
            }
        }
        if events.count > shown {
            lines.append(Reply.Line(.paragraph, "… and \(DurationText.plural(events.count - shown, "earlier event")). “export history as csv” gives them all."))
        }
        return lines
    }

    /// "Flake (then Snowy)" for an event of the pet now called Flake, recorded when it was Snowy.
    static func petName(of event: RecordedEvent, currentNames: [Int64: String]) -> String {
        guard let current = currentNames[event.petId], current != event.petName else { return event.petName }
        return "\(current) (then \(event.petName))"
    }

    /// How long each event's stage lasted: a start's planned time, a stop's time since its start,
    /// a fold's time since the cycle's wash started.
    static func durations(_ events: [RecordedEvent]) -> [Int64: TimeInterval] {
        var result = CycleSpans.washToFold(events)
        var lastStart: [Int64: Date] = [:], lastPause: [Int64: Date] = [:]
        for event in events.sorted(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            switch event.kind {
            case .washStarted, .dryStarted:
                if let end = event.endsAt { result[event.id] = end.timeIntervalSince(event.at) }
                lastStart[event.petId] = event.at
            case .washStopped, .dryStopped:
                if let start = lastStart[event.petId] { result[event.id] = event.at.timeIntervalSince(start) }
            case .paused:
                if let end = event.endsAt { result[event.id] = end.timeIntervalSince(event.at) }
                lastPause[event.petId] = event.at
            case .resumed:
                if let start = lastPause.removeValue(forKey: event.petId) { result[event.id] = event.at.timeIntervalSince(start) }
            case .folded, .revived:
                break
            }
        }
        return result
    }

    /// "45 min", "2 h 10 min", "3 days".
    static func span(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        if minutes < 48 * 60 { return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min" }
        return DurationText.plural(Int((seconds / 86_400).rounded()), "day")
    }

    /// "Sun 1 Mar 09:00", local time — "Thu 21 Oct 2027 00:00" when seen from `now` in another year.
    static func dayAndTime(_ date: Date, calendar: Calendar, from now: Date? = nil) -> String {
        let parts = calendar.dateComponents([.weekday, .year], from: date)
        let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
        let year = now.map { calendar.component(.year, from: $0) } == parts.year || now == nil ? "" : " \(parts.year ?? 0)"
        return "\(weekday) \(dayMonth(date, calendar: calendar))\(year) \(PetText.clockTime(date, calendar: calendar))"
    }

    /// "Tue 10 Mar"
    static func weekdayDayMonth(_ date: Date, calendar: Calendar) -> String {
        "\(weekdays[(calendar.component(.weekday, from: date) - 1) % 7]) \(dayMonth(date, calendar: calendar))"
    }

    /// "1 Mar"
    static func dayMonth(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.day, .month], from: date)
        return "\(parts.day ?? 1) \(months[((parts.month ?? 1) - 1) % 12])"
    }

    // English, as every reply is: the locale's names ("So 1 März") would sit in English
    // sentences, and looking them up loads ICU's date-format data, megabytes of it.
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
