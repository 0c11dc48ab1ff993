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
    /// wash_started, wash_stopped, dry_started, dry_stopped, folded, revived.
    public let kind: String
    public let at: Date
    public let endsAt: Date?

    public init(id: Int64, petId: Int64, petName: String, kind: String, at: Date, endsAt: Date?) {
        self.id = id
        self.petId = petId
        self.petName = petName
        self.kind = kind
        self.at = at
        self.endsAt = endsAt
    }
}
