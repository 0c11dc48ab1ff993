import Foundation

/// A running timer: absolute instants, so it keeps running while the program is closed.
public struct TimerWindow: Equatable, Sendable, Codable {
    public let startedAt: Date
    public let endsAt: Date

    public init(startedAt: Date, minutes: Int) {
        self.startedAt = startedAt
        self.endsAt = startedAt.addingTimeInterval(TimeInterval(minutes * 60))
    }

    public init(startedAt: Date, endsAt: Date) {
        self.startedAt = startedAt
        self.endsAt = endsAt
    }

    public var duration: TimeInterval { endsAt.timeIntervalSince(startedAt) }

    /// Seconds left at `now`: never negative, never more than the whole duration (a clock that
    /// reads earlier than the start shows the full time, not more).
    public func remaining(at now: Date) -> TimeInterval {
        min(max(endsAt.timeIntervalSince(now), 0), duration)
    }

    /// How much of the timer has run at `now`, 0…1.
    public func progress(at now: Date) -> Double {
        guard duration > 0 else { return 1 }
        return 1 - remaining(at: now) / duration
    }

    public func hasEnded(at now: Date) -> Bool { now >= endsAt }
}

/// What the store remembers about a pet's laundry: the last step that was *commanded*.
///
/// A wash that was started is stored as `.washing` until the next command; whether it has
/// finished is a question of time, answered by ``stage(at:)``.
public enum CycleState: Equatable, Sendable, Codable {
    case idle
    case washing(TimerWindow)
    /// The wash is done (or a dry was stopped): the laundry waits for the dryer.
    case washDone
    case drying(TimerWindow)
    /// The dry is done: the laundry waits to be folded.
    case dryDone

    /// The stage at `now`: a timer whose end has passed is done, whenever the program looks.
    public func stage(at now: Date) -> Stage {
        switch self {
        case .idle: .idle
        case .washing(let window): window.hasEnded(at: now) ? .washDone(since: window.endsAt) : .washing(window)
        case .washDone: .washDone(since: nil)
        case .drying(let window): window.hasEnded(at: now) ? .dryDone(since: window.endsAt) : .drying(window)
        case .dryDone: .dryDone(since: nil)
        }
    }

    /// The running timer, if the stored state has one (it may already have ended).
    public var timer: TimerWindow? {
        switch self {
        case .washing(let window), .drying(let window): window
        default: nil
        }
    }

    /// Which stage this is as stored, whatever the clock says since: a wash under way is
    /// `washing` even after its timer ran out (the stage at the beginning of time, when no timer
    /// has ended yet).
    public var kind: Stage.Kind { stage(at: .distantPast).kind }
}

/// Where a pet's laundry is at a given instant.
public enum Stage: Equatable, Sendable {
    case idle
    case washing(TimerWindow)
    /// `since` is when the wash timer ended, when it ended by itself.
    case washDone(since: Date?)
    case drying(TimerWindow)
    case dryDone(since: Date?)

    /// The stages without their timers: what is stored, and what is said of a stage.
    public enum Kind: String, CaseIterable, Sendable {
        case idle
        case washing
        case washDone = "wash_done"
        case drying
        case dryDone = "dry_done"

        /// As people read it: "idle", "washing", "wash done", "drying", "dry done".
        public var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }
    }

    /// Which stage this is.
    public var kind: Kind {
        switch self {
        case .idle: .idle
        case .washing: .washing
        case .washDone: .washDone
        case .drying: .drying
        case .dryDone: .dryDone
        }
    }

    /// A short, stable name: idle, washing, wash_done, drying, dry_done.
    public var name: String { kind.rawValue }

    /// The stage in words: "idle", "washing", "wash done", "drying", "dry done".
    public var words: String { kind.words }

    /// The stage in words, to follow the pet's name ("Snowy is getting clean!"); nil when idle
    /// (then the mood speaks).
    public var statusText: String? {
        switch self {
        case .idle: nil
        case .washing: "is getting clean!"
        case .drying: "is drying off"
        case .washDone: "is ready for the dryer!"
        case .dryDone: "is ready to be folded!"
        }
    }

    public var timer: TimerWindow? {
        switch self {
        case .washing(let window), .drying(let window): window
        default: nil
        }
    }

    public var isWashing: Bool { if case .washing = self { true } else { false } }
    public var isDrying: Bool { if case .drying = self { true } else { false } }
}
