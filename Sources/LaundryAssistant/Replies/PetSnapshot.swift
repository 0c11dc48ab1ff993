import Foundation
import LaundryCore

/// A pet as it is at one instant: everything a card or a dashboard row shows.
public struct PetSnapshot: Sendable, Equatable {
    public let name: String
    /// Its kind of laundry, then its other nicknames (``LaundryCore/PetNicknames``).
    public let nicknames: [String]
    public let health: Int
    public let mood: Mood
    public let stage: Stage
    public let nextAction: NextAction
    public let stats: PetStats
    public let nextDue: Date
    public let settings: CycleSettings
    /// The instant the snapshot was taken.
    public let at: Date
    /// When the mood next changes if nothing is done, and to what; nil for a dead pet.
    public let nextMoodChange: Mood?, nextMoodChangeAt: Date?
    /// When it dies if nothing is done.
    public let deathAt: Date
    /// Whether a pause holds its decay, and when the pause ends by itself (nil: when resumed).
    public let isPaused: Bool, pausedUntil: Date?

    public init(_ pet: Pet, at now: Date) {
        name = pet.name.value
        nicknames = Array(pet.nicknames)
        health = pet.health(at: now)
        mood = pet.mood(at: now)
        stage = pet.stage(at: now)
        nextAction = pet.nextAction(at: now)
        stats = pet.stats
        nextDue = pet.nextDue(at: now)
        settings = pet.settings
        at = now
        statusText = pet.statusText(at: now)
        isPaused = pet.isPaused(at: now)
        pausedUntil = isPaused ? pet.pausedUntil : nil
        // Counted from when decay goes on: now, or when a pause ends (an open one: as if now).
        let origin = pet.projectedDecayOrigin(at: now)
        let change = HealthModel.nextMoodChange(lastCaredAt: origin, frequencyDays: pet.settings.frequencyDays, after: max(now, pausedUntil ?? now))
        (nextMoodChange, nextMoodChangeAt) = isPaused && pausedUntil == nil ? (nil, nil) : (change?.mood, change?.at)
        deathAt = HealthModel.deathInstant(lastCaredAt: origin, frequencyDays: pet.settings.frequencyDays)
    }

    /// What becomes of the pet if nothing is done, in local time: "Turns sad Thu 5 Mar 18:00 ·
    /// dies Sun 15 Mar 09:00 if nothing is done"; for a paused pet, "Paused until Mon 9 Mar 00:00
    /// · then turns sad …" or "Paused until you resume it · health holds at 62%"; nil for a dead pet.
    public func forecast(calendar: Calendar = .current) -> String? {
        var pause: String?
        if isPaused {
            guard let until = pausedUntil else { return "Paused until you resume it · health holds at \(health)%" }
            pause = "Paused until \(HistoryText.dayAndTime(until, calendar: calendar, from: at))"
        }
        guard let mood = nextMoodChange, let when = nextMoodChangeAt else { return pause }
        let change = mood == .dead ? "dies" : "turns \(mood.word)"
        let death = mood == .dead ? "" : " · dies \(HistoryText.dayAndTime(deathAt, calendar: calendar, from: at))"
        let text = "\(change) \(HistoryText.dayAndTime(when, calendar: calendar, from: at))\(death) if nothing is done"
        return pause.map { "\($0) · then \(text)" } ?? text.prefix(1).uppercased() + text.dropFirst()
    }

    /// What else the pet is called, for its card: "Towels · also: darks"; nil when nothing.
    public var knownAs: String? {
        guard let kind = nicknames.first else { return nil }
        let others = nicknames.dropFirst()
        return kind.prefix(1).uppercased() + kind.dropFirst() + (others.isEmpty ? "" : " · also: " + others.joined(separator: ", "))
    }

    /// When laundry is due, from the snapshot's instant: "in 3 days", "now", "2 days ago".
    public var dueText: String { PetText.dueText(nextDue, now: at) }

    /// The next step — while a timer runs, the step after it and when it can be taken ("Start
    /// Dryer at 09:45"): the same words on every card, plain or drawn.
    public func nextStep(clockTime: (Date) -> String) -> String {
        switch nextAction {
        case .waitForWash: "Start Dryer at \(stage.timer.map { clockTime($0.endsAt) } ?? "")"
        case .waitForDryer: "Mark Folded at \(stage.timer.map { clockTime($0.endsAt) } ?? "")"
        default: nextAction.label
        }
    }

    /// "Snowy is getting clean!" while laundry is under way, the mood's text otherwise.
    public var statusLine: String { "\(name) \(statusText)" }

    /// The same without the name: "is getting clean!", "is so happy!", "is paused (health holds)".
    public let statusText: String
}
