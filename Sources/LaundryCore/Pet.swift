import Foundation

/// A laundry pet: one kind of laundry, cared for through wash → dry → fold cycles.
///
/// A plain value. Health, mood and stage are functions of `now`; nothing that changes by itself
/// with time is stored.
public struct Pet: Equatable, Sendable, Identifiable, Codable {
    /// The store's row id; nil for a pet that was never saved.
    public var id: Int64?
    public var name: PetName
    public var settings: CycleSettings
    public let createdAt: Date
    /// The instant health was last 100: creation, the last fold, or a revive.
    public var lastCaredAt: Date
    public var stats: PetStats
    public var cycle: CycleState
    /// A pause ("pause snowy until monday") holds the pet's decay: when it begins (now, or later for
    /// "from next week"), nil when there is none. A pause that ended by itself stays until the
    /// next pause or fold.
    public var pausedAt: Date?
    /// When the pause ends by itself; nil with `pausedAt` set: when it is resumed.
    public var pausedUntil: Date?
    /// How long pauses that are over held the decay since `lastCaredAt`, in milliseconds (nil:
    /// none, as in every row written before pauses were).
    public var heldMilliseconds: Int64?
    /// What else the pet is called: the kind of laundry it stands for, then any nicknames. None
    /// for most pets, and for every pet kept before they were.
    public var nicknames: PetNicknames

    public init(
        id: Int64? = nil,
        name: PetName,
        settings: CycleSettings = .standard,
        createdAt: Date,
        lastCaredAt: Date? = nil,
        stats: PetStats = PetStats(),
        cycle: CycleState = .idle,
        pausedAt: Date? = nil,
        pausedUntil: Date? = nil,
        heldMilliseconds: Int64? = nil,
        nicknames: PetNicknames = []
    ) {
        self.id = id
        self.name = name
        self.settings = settings
        self.createdAt = createdAt
        self.lastCaredAt = lastCaredAt ?? createdAt
        self.stats = stats
        self.cycle = cycle
        self.pausedAt = pausedAt
        self.pausedUntil = pausedUntil
        self.heldMilliseconds = heldMilliseconds
        self.nicknames = nicknames
    }

    public func health(at now: Date) -> Int {
        HealthModel.health(elapsedMilliseconds: decayMilliseconds(at: now), frequencyDays: settings.frequencyDays)
    }

    public func mood(at now: Date) -> Mood { Mood(health: health(at: now)) }

    public func stage(at now: Date) -> Stage { cycle.stage(at: now) }

    /// When laundry is due again (health 50), if nothing is done: once a pause running at `now`
    /// is over (one without an end counted as over now).
    public func nextDue(at now: Date) -> Date {
        HealthModel.dueInstant(lastCaredAt: projectedDecayOrigin(at: now), frequencyDays: settings.frequencyDays)
    }

    /// What the pet needs next, by stage (and by mood when idle).
    public func nextAction(at now: Date) -> NextAction {
        switch stage(at: now) {
        case .idle: mood(at: now) == .dead ? .reviveWithLaundry : .startWash
        case .washing(let window): .waitForWash(remaining: window.remaining(at: now))
        case .washDone: .startDryer
        case .drying(let window): .waitForDryer(remaining: window.remaining(at: now))
        case .dryDone: .markFolded
        }
    }

    /// One line about the pet at `now`: the stage's text while laundry is under way, the mood's
    /// otherwise ("Snowy is ready for the dryer!", "Snowy is doing okay").
    public func statusLine(at now: Date) -> String {
        "\(name) \(statusText(at: now))"
    }

    /// The same without the name: "is ready for the dryer!", "is doing okay", "is paused (health
    /// holds)".
    public func statusText(at now: Date) -> String {
        stage(at: now).statusText ?? (isPaused(at: now) ? "is paused (health holds)" : mood(at: now).text)
    }
}

/// A pet's counters.
public struct PetStats: Equatable, Sendable, Codable {
    /// Cycles folded, ever. Never taken away, not even when the pet dies.
    public var totalCycles: Int
    /// Folds in a row without the pet dying in between.
    public var currentStreak: Int
    public var bestStreak: Int

    public init(totalCycles: Int = 0, currentStreak: Int = 0, bestStreak: Int = 0) {
        self.totalCycles = totalCycles
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
    }
}

/// The one step a pet needs next.
public enum NextAction: Equatable, Sendable {
    case startWash
    case reviveWithLaundry
    case waitForWash(remaining: TimeInterval)
    case startDryer
    case waitForDryer(remaining: TimeInterval)
    case markFolded

    /// The action as a button or a quick action names it ("Start Dryer").
    public var label: String {
        switch self {
        case .startWash: "Start Wash"
        case .reviveWithLaundry: "Revive with Laundry"
        case .waitForWash: "Washing…"
        case .startDryer: "Start Dryer"
        case .waitForDryer: "Drying…"
        case .markFolded: "Mark Folded"
        }
    }
}
