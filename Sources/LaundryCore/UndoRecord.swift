import Foundation

/// What it takes to reverse one change: the rows as they were before it.
///
/// The assistant writes one with every change it makes (start, stop, fold, create, rename,
/// a setting, a delete) and the store keeps them as a stack, so `undo` twice goes back two steps.
public struct UndoRecord: Codable, Equatable, Sendable {
    /// What was done, for the reply: "started Snowy's wash".
    public let summary: String
    public let steps: [UndoStep]

    public init(summary: String, steps: [UndoStep]) {
        self.summary = summary
        self.steps = steps
    }

    /// The pets taking it back would delete: those the change created.
    public var removedPetIDs: [Int64] {
        steps.compactMap { if case .removePet(let id) = $0 { id } else { nil } }
    }
}

/// One restoring step, applied in order.
public enum UndoStep: Codable, Equatable, Sendable {
    /// Put the pet back as it was (its row is inserted again if it was deleted).
    case restorePet(Pet)
    /// Remove a pet that the change created.
    case removePet(id: Int64)
    /// Remove a history event that the change added.
    case removeEvent(id: Int64)
    /// Put back history events that the change deleted.
    case restoreEvents([RecordedEvent])
    case restoreSettings(AppSettings)
}

/// A history event as the store keeps it.
public struct RecordedEvent: Codable, Equatable, Sendable {
    public let id: Int64
    public let petId: Int64
    /// The pet's name when it happened.
    public let petName: String
    public let kind: Kind
    public let at: Date
    public let endsAt: Date?

    /// What happened: the names are those stored and exported.
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case washStarted = "wash_started"
        case washStopped = "wash_stopped"
        case dryStarted = "dry_started"
        case dryStopped = "dry_stopped"
        case folded
        /// A fold of a dead pet, which brings it back.
        case revived
        /// A pause began (its `endsAt`: when it ends by itself, if it does).
        case paused
        /// A pause was ended before its end: resumed, or laundry done for the pet.
        case resumed

        /// A fold, whether or not it revived the pet: the end of a cycle.
        public var isFold: Bool { self == .folded || self == .revived }
        /// A wash or a dry started: a timer runs until the event's `endsAt`.
        public var startsTimer: Bool { self == .washStarted || self == .dryStarted }
        /// As people read it: "wash started", "revived".
        public var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }
    }

    public init(id: Int64, petId: Int64, petName: String, kind: Kind, at: Date, endsAt: Date?) {
        self.id = id
        self.petId = petId
        self.petName = petName
        self.kind = kind
        self.at = at
        self.endsAt = endsAt
    }
}
