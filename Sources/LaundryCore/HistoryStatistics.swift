import Foundation

/// What a stretch of history adds up to: the summary card above the timeline.
///
/// Pure functions of the recorded events, so the card, the chart and the exports read the same
/// rows and cannot disagree.
public struct HistorySummary: Equatable, Sendable {
    /// Folds (revives included) in the events.
    public let cycles: Int
    /// The mean time from a wash's start to the fold that ended its cycle.
    public let meanWashToFold: TimeInterval?
    /// The share of folds that came before the laundry was due (0…1), nil without folds.
    public let onTimeShare: Double?

    /// Summarises `events` (any order). A cycle runs from its first wash start after the pet's
    /// previous fold to its fold; a fold is on time by the streak's rule
    /// (``HealthModel/isOnTime(foldAt:lastCaredAt:frequencyDays:)``): within `frequencyDays(petId)`
    /// days of the pet's previous fold — in `events`, else `foldBefore[petId]` (the last one before
    /// them, so that the share does not depend on the range asked for), else `since(petId)`, the
    /// pet's creation. A revive is never on time.
    public init(
        events: [RecordedEvent], frequencyDays: (Int64) -> Int?, since created: (Int64) -> Date?,
        foldBefore: [Int64: Date] = [:]
    ) {
        var folds = 0
        var onTime = 0
        let spans = Array(CycleSpans.washToFold(events).values)
        var lastFold = foldBefore
        var pauses = PausedTime()
        for event in events.sorted(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            pauses.note(event)
            guard event.kind.isFold else { continue }
            folds += 1
            let held = pauses.takeHeld(petId: event.petId, upTo: event.at)
            if let days = frequencyDays(event.petId), let previous = lastFold[event.petId] ?? created(event.petId),
               event.kind == .folded,
               HealthModel.isOnTime(foldAt: event.at, lastCaredAt: previous.addingTimeInterval(held), frequencyDays: days) {
                onTime += 1
            }
            lastFold[event.petId] = event.at
        }
        cycles = folds
        meanWashToFold = spans.isEmpty ? nil : spans.reduce(0, +) / Double(spans.count)
        onTimeShare = folds == 0 ? nil : Double(onTime) / Double(folds)
    }
}

/// The time pauses held each pet's decay between its folds, read from the history: a `paused`
/// event holds it until its `endsAt`, or until a `resumed` event (or a fold) comes first.
struct PausedTime {
    private var open: [Int64: (since: Date, until: Date?)] = [:]
    private var held: [Int64: TimeInterval] = [:]

    /// Takes `event` in, in history order.
    mutating func note(_ event: RecordedEvent) {
        switch event.kind {
        case .paused:
            close(event.petId, at: event.at)
            open[event.petId] = (event.at, event.endsAt)
        case .resumed:
            close(event.petId, at: event.at)
        default:
            break
        }
    }

    /// The time held since the pet's previous fold, up to its fold at `fold`; counting starts
    /// again from the fold.
    mutating func takeHeld(petId: Int64, upTo fold: Date) -> TimeInterval {
        close(petId, at: fold)
        return held.removeValue(forKey: petId) ?? 0
    }

    private mutating func close(_ petId: Int64, at instant: Date) {
        guard let pause = open.removeValue(forKey: petId) else { return }
        let end = min(instant, pause.until ?? instant)
        held[petId, default: 0] += max(end.timeIntervalSince(pause.since), 0)
    }
}

/// How long each cycle took from its wash to its fold, the one reading of it the summary card,
/// the timeline and anything else share. A cycle starts with its pet's first wash after the
/// previous fold; a stopped wash ends that start (the laundry was not washed), so the next wash
/// starts the cycle again.
public enum CycleSpans {
    /// For each fold (or revive) that ends a cycle with a wash in it: the time since that wash
    /// started, by the fold's event id.
    public static func washToFold(_ events: [RecordedEvent]) -> [Int64: TimeInterval] {
        var spans: [Int64: TimeInterval] = [:]
        var cycleStart: [Int64: Date] = [:]
        for event in events.sorted(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            switch event.kind {
            case .washStarted:
                if cycleStart[event.petId] == nil { cycleStart[event.petId] = event.at }
            case .washStopped:
                cycleStart[event.petId] = nil
            case .folded, .revived:
                if let start = cycleStart.removeValue(forKey: event.petId) { spans[event.id] = event.at.timeIntervalSince(start) }
            case .dryStarted, .dryStopped, .paused, .resumed:
                break
            }
        }
        return spans
    }
}

/// The timeline's groups, in the user's local calendar.
public enum TimelineGroup: String, CaseIterable, Sendable {
    case today = "Today"
    case yesterday = "Yesterday"
    case thisWeek = "This Week"
    case earlier = "Earlier"

    /// The group of an instant seen from `now`. Days and weeks are the calendar's (its time zone,
    /// its first weekday), so a 23- or 25-hour day around a DST change is still one day.
    public static func of(_ date: Date, now: Date, calendar: Calendar) -> TimelineGroup {
        if calendar.isDate(date, inSameDayAs: now) { return .today }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now)),
           calendar.isDate(date, inSameDayAs: yesterday) {
            return .yesterday
        }
        if let week = calendar.dateInterval(of: .weekOfYear, for: now), week.contains(date) { return .thisWeek }
        return .earlier
    }

    /// Events grouped in timeline order: newest group first, each newest event first; empty
    /// groups left out.
    public static func group(_ events: [RecordedEvent], now: Date, calendar: Calendar) -> [(TimelineGroup, [RecordedEvent])] {
        let sorted = events.sorted { ($0.at, $0.id) > ($1.at, $1.id) }
        return allCases.compactMap { group in
            let members = sorted.filter { of($0.at, now: now, calendar: calendar) == group }
            return members.isEmpty ? nil : (group, members)
        }
    }
}

/// Completed cycles per calendar week, for the chart.
public struct WeeklyCycles: Equatable, Sendable {
    /// The first day of each week, oldest first.
    public let weekStarts: [Date]
    public let counts: [Int]

    /// The last `weeks` calendar weeks up to and including the one holding `now`.
    public init(events: [RecordedEvent], weeks: Int, now: Date, calendar: Calendar) {
        let current = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? calendar.startOfDay(for: now)
        let starts = (0..<weeks).reversed().compactMap { calendar.date(byAdding: .weekOfYear, value: -$0, to: current) }
        var counts = [Int](repeating: 0, count: starts.count)
        for event in events where event.kind.isFold {
            guard let week = calendar.dateInterval(of: .weekOfYear, for: event.at)?.start,
                  let index = starts.firstIndex(of: week) else { continue }
            counts[index] += 1
        }
        weekStarts = starts
        self.counts = counts
    }
}
