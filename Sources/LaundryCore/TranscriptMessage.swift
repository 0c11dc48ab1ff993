import Foundation

/// A message of the conversation, as the transcript keeps it.
public struct TranscriptMessage: Equatable, Sendable {
    public enum Role: String, Sendable {
        case user
        case assistant
        case notification
    }

    public var at: Date
    public var role: Role
    public var text: String
    /// For assistant messages: the intent that was answered and whether it succeeded.
    public var intent: String?
    public var ok: Bool?
    public var petName: String?

    public init(at: Date, role: Role, text: String, intent: String? = nil, ok: Bool? = nil, petName: String? = nil) {
        self.at = at
        self.role = role
        self.text = text
        self.intent = intent
        self.ok = ok
        self.petName = petName
    }
}
