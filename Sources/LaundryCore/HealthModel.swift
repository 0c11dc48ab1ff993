import Foundation

/// Health and mood are derived from time, never stored: 100 right after a fold (or creation),
/// falling linearly to 0 over twice the laundry frequency.
public enum HealthModel {
    /// Health 0…100 at `now` for a pet last cared for at `lastCaredAt`: the share of the span
    /// that is left, in whole percent rounded up.
    ///
    /// Rounded up, so a pet reads 100 right after its fold and 0 only once the
    /// whole span has passed: it dies exactly `2 × frequency` days after its last fold, not a
    /// moment before. Each value holds for 1 % of the span after it is reached (75 from exactly a
    /// quarter of the way, 74 once 26 % has passed). A clock earlier than `lastCaredAt` reads 100.
    public static func health(lastCaredAt: Date, frequencyDays: Int, now: Date) -> Int {
        // To the nearest millisecond (what the store keeps): a Double difference of two dates can
        // come out a hair short of the exact span.
        health(elapsedMilliseconds: Int64((now.timeIntervalSince(lastCaredAt) * 1000).rounded()), frequencyDays: frequencyDays)
    }

    /// The same for a decay of `elapsed` milliseconds (the time since the last fold, less any
    /// paused): a negative one reads 100.
    public static func health(elapsedMilliseconds elapsed: Int64, frequencyDays: Int) -> Int {
        let spanMilliseconds = Int64(max(frequencyDays, 1)) * 2 * 86_400_000
        let remaining = min(max(spanMilliseconds - elapsed, 0), spanMilliseconds)
        // ceil(100 × remaining / span) in integers: exact at every boundary.
        return Int((100 * remaining + spanMilliseconds - 1) / spanMilliseconds)
    }

    /// The next instant the mood changes after `now` if nothing is done, and the mood it turns:
    /// neutral once 26 % of the span (twice the frequency) has passed, sad at 51 %, very sad at
    /// 76 %, dead at 100 % — the instants ``health(lastCaredAt:frequencyDays:now:)`` crosses 75, 50,
    /// 25 and 1, to the millisecond. Nil for a dead pet.
    public static func nextMoodChange(lastCaredAt: Date, frequencyDays: Int, after now: Date) -> (mood: Mood, at: Date)? {
        let spanMilliseconds = Int64(max(frequencyDays, 1)) * 2 * 86_400_000
        let changes: [(Mood, Int64)] = [(.neutral, 26), (.sad, 51), (.verySad, 76), (.dead, 100)]
        for (mood, percent) in changes {
            let at = lastCaredAt.addingTimeInterval(Double(spanMilliseconds * percent / 100) / 1000)
            if at > now { return (mood, at) }
        }
        return nil
    }

    /// The instant health reaches 0.
    public static func deathInstant(lastCaredAt: Date, frequencyDays: Int) -> Date {
        lastCaredAt.addingTimeInterval(TimeInterval(max(frequencyDays, 1)) * 2 * 86_400)
    }

    /// Whether a fold at `foldAt` is on time: no later than the frequency after the previous fold
    /// (or the pet's creation), `lastCaredAt`. Counted in whole milliseconds, as health is, so the
    /// due instant itself is on time and the millisecond after it is not.
    public static func isOnTime(foldAt: Date, lastCaredAt: Date, frequencyDays: Int) -> Bool {
        isOnTime(elapsedMilliseconds: Int64((foldAt.timeIntervalSince(lastCaredAt) * 1000).rounded()), frequencyDays: frequencyDays)
    }

    /// The same for a fold `elapsed` milliseconds of decay after the previous one.
    public static func isOnTime(elapsedMilliseconds elapsed: Int64, frequencyDays: Int) -> Bool {
        elapsed <= Int64(max(frequencyDays, 1)) * 86_400_000
    }

    /// The instant laundry is due again (health 50).
    public static func dueInstant(lastCaredAt: Date, frequencyDays: Int) -> Date {
        lastCaredAt.addingTimeInterval(TimeInterval(max(frequencyDays, 1)) * 86_400)
    }
}

/// The five moods of a pet, from its health.
public enum Mood: String, CaseIterable, Sendable {
    case happy
    case neutral
    case sad
    case verySad = "very_sad"
    case dead

    public init(health: Int) {
        switch health {
        case 75...: self = .happy
        case 50..<75: self = .neutral
        case 25..<50: self = .sad
        case 1..<25: self = .verySad
        default: self = .dead
        }
    }

    /// The mood in words, to follow the pet's name ("Snowy is so happy!").
    public var text: String {
        switch self {
        case .happy: "is so happy!"
        case .neutral: "is doing okay"
        case .sad: "needs some laundry love"
        case .verySad: "is very sad — laundry is overdue!"
        case .dead: "has died from neglect"
        }
    }

    /// The mood as a word: "happy", "neutral", "sad", "very sad", "dead".
    public var word: String { rawValue.replacingOccurrences(of: "_", with: " ") }

    /// A face for the mood, so that colour is never the only carrier of it.
    public var face: String {
        switch self {
        case .happy: "^‿^"
        case .neutral: "•‿•"
        case .sad: "•︵•"
        case .verySad: "ಥ︵ಥ"
        case .dead: "x_x"
        }
    }
}
