import Foundation
import LaundryCore

/// Something that happened to a pet, as hooks and `--json` tell it: the event's name and the pet
/// as it is at that instant (the hooks live in `$XDG_CONFIG_HOME/laundrytime/hooks/`).
public struct PetEvent: Sendable, Equatable {
    /// What happened; each has a hook of its name.
    public enum Name: String, CaseIterable, Sendable {
        case washDone = "wash-done"
        case dryDone = "dry-done"
        /// A finished wash still waits for the dryer: the wet-laundry reminder.
        case washWaiting = "wash-waiting"
        /// A finished dry still waits to be folded: the fold reminder.
        case dryWaiting = "dry-waiting"
        case folded
        /// The pet's laundry is due: it turned sad.
        case due
        /// It turned very sad.
        case moodChanged = "mood-changed"
        case died
        /// A fold brought it back to life.
        case revived
        /// A pause began: health and mood hold.
        case paused
        /// A pause ended: resumed, laundry done, or its end came.
        case resumed
    }

    public let name: Name
    public let pet: String
    /// The stage's short name: idle, washing, wash_done, drying, dry_done.
    public let stage: String
    public let health: Int
    /// happy, neutral, sad, very_sad, dead.
    public let mood: String
    public let at: Date

    init(_ name: Name, of pet: Pet, at instant: Date) {
        self.name = name
        self.pet = pet.name.value
        stage = pet.stage(at: instant).name
        health = pet.health(at: instant)
        mood = pet.mood(at: instant).rawValue
        at = instant
    }
}
