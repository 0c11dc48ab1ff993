import Foundation

/// The laundry stage machine: idle → washing → wash done → drying → dry done → (fold) → idle.
///
/// Each step is a pure function of a pet and `now`. It answers with the changed pet and the event
/// to record, with "already running" for a harmless repeat, or with the reason the step does not
/// fit the pet's stage.
public enum CycleStep: String, Sendable, CaseIterable {
    case startWash = "start_wash"
    case startDry = "start_dry"
    case fold = "mark_folded"
    case stop = "stop_cycle"

    /// Whether it is laundry done for the pet, which ends a pause (a stop is not).
    public var isCare: Bool { self != .stop }
}

public enum CycleOutcome: Equatable, Sendable {
    case changed(Pet, CycleEvent)
    /// The step was already taken: the timer keeps running, nothing changes.
    case alreadyRunning(TimerWindow)
    case refused(CycleRefusal)
}

/// Why a step does not fit the pet's stage, with what the pet needs instead.
public enum CycleRefusal: Equatable, Sendable {
    case stillWashing(remaining: TimeInterval)
    case stillDrying(remaining: TimeInterval)
    /// Idle: the next step is a wash.
    case needsWash
    /// The wash is done: the next step is the dryer.
    case needsDryer
    /// The dry is done: the next step is folding.
    case needsFold
    /// Stop was asked while no timer runs.
    case nothingRunning
}

extension Pet {
    /// Applies `step` at `now`.
    public func applying(_ step: CycleStep, at now: Date) -> CycleOutcome {
        let stage = stage(at: now)
        switch (step, stage) {
        case (.startWash, .idle):
            let window = TimerWindow(startedAt: now, minutes: settings.washMinutes)
            return changed(cycle: .washing(window), event: .washStarted(endsAt: window.endsAt), at: now)
        case (.startWash, .washing(let window)), (.startDry, .drying(let window)):
            return .alreadyRunning(window)

        case (.startDry, .washDone):
            let window = TimerWindow(startedAt: now, minutes: settings.dryMinutes)
            return changed(cycle: .drying(window), event: .dryStarted(endsAt: window.endsAt), at: now)

        case (.fold, .dryDone):
            return folded(at: now)

        case (.stop, .washing):
            return changed(cycle: .idle, event: .washStopped, at: now)
        case (.stop, .drying):
            return changed(cycle: .washDone, event: .dryStopped, at: now)
        case (.stop, _):
            return .refused(.nothingRunning)

        case (_, .washing(let window)):
            return .refused(.stillWashing(remaining: window.remaining(at: now)))
        case (_, .drying(let window)):
            return .refused(.stillDrying(remaining: window.remaining(at: now)))
        case (_, .idle):
            return .refused(.needsWash)
        case (_, .washDone):
            return .refused(.needsDryer)
        case (_, .dryDone):
            return .refused(.needsFold)
        }
    }

    /// Folding: one more cycle, health back to 100. The streak counts care on time: a fold no
    /// later than the frequency after the previous fold (or creation) adds 1, a later one starts
    /// it over at 1 (time paused does not count). A pet that had died is revived, and its streak
    /// starts again from 0 (the consequence of neglect); its cycles are kept. The best streak is
    /// kept. A pause is over: the new decay starts from the fold.
    private func folded(at now: Date) -> CycleOutcome {
        var pet = resumed(at: now)
        let revived = mood(at: now) == .dead
        let onTime = HealthModel.isOnTime(elapsedMilliseconds: decayMilliseconds(at: now), frequencyDays: settings.frequencyDays)
        pet.heldMilliseconds = nil
        pet.stats.totalCycles += 1
        pet.stats.currentStreak = revived ? 0 : onTime ? stats.currentStreak + 1 : 1
        pet.stats.bestStreak = max(stats.bestStreak, pet.stats.currentStreak)
        pet.lastCaredAt = now
        pet.cycle = .idle
        return .changed(pet, CycleEvent(kind: .folded(revived: revived), at: now))
    }

    private func changed(cycle: CycleState, event: CycleEvent.Kind, at now: Date) -> CycleOutcome {
        var pet = self
        pet.cycle = cycle
        return .changed(pet, CycleEvent(kind: event, at: now))
    }
}

/// One entry of a pet's laundry history.
public struct CycleEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case washStarted(endsAt: Date)
        case washStopped
        case dryStarted(endsAt: Date)
        case dryStopped
        case folded(revived: Bool)
        /// A pause began; it ends by itself at `until` (nil: when resumed).
        case paused(until: Date?)
        case resumed

        /// The instant a timer or a pause ends by itself, kept with the event.
        public var endsAt: Date? {
            switch self {
            case .washStarted(let end), .dryStarted(let end): end
            case .paused(let until): until
            case .washStopped, .dryStopped, .folded, .resumed: nil
            }
        }

        /// The kind as it is recorded (stored and exported).
        public var recorded: RecordedEvent.Kind {
            switch self {
            case .washStarted: .washStarted
            case .washStopped: .washStopped
            case .dryStarted: .dryStarted
            case .dryStopped: .dryStopped
            case .folded(let revived): revived ? .revived : .folded
            case .paused: .paused
            case .resumed: .resumed
            }
        }
    }

    public let kind: Kind
    public let at: Date

    public init(kind: Kind, at: Date) {
        self.kind = kind
        self.at = at
    }
}
