import CLibEdit
import Foundation

/// Follows a running timer in real time, for `wait`, `watch` and the delayed test notification.
///
/// It never sleeps for the whole span: it wakes at least once a second and re-reads the wall
/// clock, so a suspended laptop or a clock change is noticed at once (docs/ARCHITECTURE.md,
/// "Time").
struct TimerFollower {
    /// Reads the wall clock (the assistant's, so a pinned `LAUNDRYTIME_NOW` runs on here too).
    let now: () -> Date
    /// Ctrl-C ends the wait early (only where the interactive prompt catches SIGINT).
    let interruptible: Bool
    /// The longest sleep between two looks at the clock, in seconds.
    var tickInterval: TimeInterval = 1

    enum Outcome {
        case reached
        case deadlinePassed
        case interrupted
    }

    /// Waits until `end` (or `deadline`), calling `tick` after every wake-up.
    func wait(until end: Date, deadline: Date? = nil, tick: (Date) -> Void = { _ in }) -> Outcome {
        while true {
            let now = now()
            if now >= end { return .reached }
            if let deadline, now >= deadline { return .deadlinePassed }
            if interruptible && lt_take_interrupt() != 0 { return .interrupted }
            if lt_termination_signal() != 0 { return .interrupted }
            tick(now)
            let untilNext = min(end.timeIntervalSince(now), deadline.map { $0.timeIntervalSince(now) } ?? .infinity, tickInterval)
            Thread.sleep(forTimeInterval: max(untilNext, 0.01))
        }
    }
}
