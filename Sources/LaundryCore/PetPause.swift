import Foundation

/// A pause: "pause snowy until monday", "vacation mode for 2 weeks". While a pet is
/// paused its decay is held — health and mood stay where they were — and it resumes by itself at
/// the pause's end, or when resumed, or when laundry is done for it.
///
/// Health counts the time since the last fold less the time held, in whole milliseconds: the
/// stored instants are milliseconds, so a held health is exactly the health at the pause's start,
/// whatever the clock or the time zone does meanwhile.
extension Pet {
    /// Whether a pause holds the pet at `now`.
    public func isPaused(at now: Date) -> Bool {
        guard let since = pausedAt, since <= now else { return false }
        return pausedUntil.map { now < $0 } ?? true
    }

    /// The decay that counts at `now`: milliseconds since the last fold, less those held.
    public func decayMilliseconds(at now: Date) -> Int64 {
        var held = heldMilliseconds ?? 0
        var end = now
        if let since = pausedAt, since < now {
            if let until = pausedUntil, until <= now {
                held += Self.milliseconds(until.timeIntervalSince(since))
            } else {
                end = since  // held from the pause's start on: the clock stops there
            }
        }
        return Self.milliseconds(end.timeIntervalSince(lastCaredAt)) - held
    }

    /// The instant decay counts from, as if the pet had been cared for then and never paused:
    /// the last fold moved later by the time held up to `now`.
    public func decayOrigin(at now: Date) -> Date {
        var held = heldMilliseconds ?? 0
        if let since = pausedAt, since < now {
            held += Self.milliseconds(min(now, pausedUntil ?? now).timeIntervalSince(since))
        }
        return lastCaredAt.addingTimeInterval(Double(held) / 1000)
    }

    /// The same once a pause running at `now` is over: at its end, or now for one without an
    /// end. What "due" and the forecast count from.
    public func projectedDecayOrigin(at now: Date) -> Date {
        guard isPaused(at: now) else { return decayOrigin(at: now) }
        return decayOrigin(at: max(now, pausedUntil ?? now))
    }

    /// The pet paused from `now` until `until` (nil: until resumed). A pause running or over is
    /// folded into the time held first, so pausing again moves the end.
    public func paused(at now: Date, until: Date?) -> Pet {
        paused(from: now, at: now, until: until)
    }

    /// The same for a pause that begins later ("from next week"): it holds nothing until `start`
    /// (a start gone by is `now`).
    public func paused(from start: Date, at now: Date, until: Date?) -> Pet {
        var pet = resumed(at: now)
        pet.pausedAt = max(start, now)
        pet.pausedUntil = until
        return pet
    }

    /// The pet with its pause (running, or over by itself) ended at `now` at the latest: the
    /// time it held is kept, the pause itself forgotten. A pet without a pause is returned as it is.
    public func resumed(at now: Date) -> Pet {
        guard let since = pausedAt else { return self }
        var pet = self
        let end = min(now, pausedUntil ?? now)
        let held = (heldMilliseconds ?? 0) + max(Self.milliseconds(end.timeIntervalSince(since)), 0)
        pet.heldMilliseconds = held == 0 ? nil : held
        pet.pausedAt = nil
        pet.pausedUntil = nil
        return pet
    }

    static func milliseconds(_ seconds: TimeInterval) -> Int64 {
        Int64((seconds * 1000).rounded())
    }
}
