import Foundation

/// Health and mood are derived from time, never stored: 100 right after a fold (or creation),
/// falling linearly to 0 over twice the laundry frequency.
public enum HealthModel {
    /// Health 0…100 at `now` for a pet last cared for at `lastCaredAt`.
    ///
    /// Rounded up, so 100 holds only at the instant of care and 0 only once the whole span has
    /// passed: a pet is dead exactly `2 × frequency` days after its last fold, not a moment before.
    /// A clock earlier than `lastCaredAt` reads as 100, never more.
    public static func health(lastCaredAt: Date, frequencyDays: Int, now: Date) -> Int {
        let spanMilliseconds = Int64(frequencyDays) * 2 * 86_400_000
        let elapsed = Int64((now.timeIntervalSince(lastCaredAt) * 1000).rounded(.down))
        let remaining = min(max(spanMilliseconds - elapsed, 0), spanMilliseconds)
        // ceil(100 × remaining / span) in integers: exact at every boundary.
        return Int((100 * remaining + spanMilliseconds - 1) / spanMilliseconds)
    }

    /// The instant health reaches 0.
    public static func deathInstant(lastCaredAt: Date, frequencyDays: Int) -> Date {
        lastCaredAt.addingTimeInterval(TimeInterval(frequencyDays) * 2 * 86_400)
    }

    /// The instant laundry is due again (health 50).
    public static func dueInstant(lastCaredAt: Date, frequencyDays: Int) -> Date {
        lastCaredAt.addingTimeInterval(TimeInterval(frequencyDays) * 86_400)
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

    /// The seeds' text, to follow the pet's name ("Snowy is so happy!").
    public var text: String {
        switch self {
        case .happy: "is so happy!"
        case .neutral: "is doing okay"
        case .sad: "needs some laundry love"
        case .verySad: "is very sad — laundry is overdue!"
        case .dead: "has died from neglect"
        }
    }

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
