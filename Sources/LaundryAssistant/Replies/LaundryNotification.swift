import Foundation
import LaundryCore

/// A notification: a timer ended, or a test.
public struct LaundryNotification: Sendable, Equatable {
    public let title: String
    public let text: String
    public let pet: String?

    public init(title: String, text: String, pet: String?) {
        self.title = title
        self.text = text
        self.pet = pet
    }

    /// "🔔 Wash Complete! — Snowy is ready for the dryer!"
    public var line: String { "🔔 \(title) — \(text)" }

    /// "Wash Complete! — Snowy is ready for the dryer!"
    static func washComplete(pet: String) -> LaundryNotification {
        LaundryNotification(title: "Wash Complete!", text: "\(pet) is ready for the dryer!", pet: pet)
    }

    /// "Dry Complete! — Time to fold Snowy's laundry!"
    static func dryComplete(pet: String) -> LaundryNotification {
        LaundryNotification(title: "Dry Complete!", text: "Time to fold \(PetName.possessive(pet)) laundry!", pet: pet)
    }

    /// The notification for the end of a pet's running stage.
    static func stageEnded(_ stage: Stage, pet: String) -> LaundryNotification? {
        switch stage {
        case .washing: washComplete(pet: pet)
        case .drying: dryComplete(pet: pet)
        default: nil
        }
    }
}
