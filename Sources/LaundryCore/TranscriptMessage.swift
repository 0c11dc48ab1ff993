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
    /// Whose session it belongs to — who typed a user line, whom a reply answered: the OS user or
    /// `--member NAME`, as the store records it (nil in a transcript kept before members were).
    public var member: String?

    public init(
        at: Date, role: Role, text: String, intent: String? = nil, ok: Bool? = nil, petName: String? = nil, member: String? = nil
    ) {
        self.at = at
        self.role = role
        self.text = text
        self.intent = intent
        self.ok = ok
        self.petName = petName
        self.member = member
    }

    /// Who typed a user's line, as `reader` (the member reading the transcript) says it: "You" for
    /// the reader's own lines, and for lines kept before members were recorded; another member's
    /// name for theirs.
    public func typist(readBy reader: String) -> String {
        guard let member, member != reader else { return "You" }
        return member
    }
}
