/// The typed slots a template can hold, written `{pet}`, `{name}` in the grammar.
///
/// The slot's name in the grammar is its kind, and the key it has in a ``Command``'s slots and in
/// the JSON contract.
public enum SlotKind: String, CaseIterable, Sendable {
    /// An existing pet, by (part of) its name: any of the user's pet names, or up to three words
    /// that may name a pet the user does not have (the assistant then says so).
    case pet
    /// Free text for a new name: one or more words, kept as the user typed them.
    case name

    /// How many words an unknown pet reference may have.
    static let unknownPetMaximumWords = 3
}

/// A slot's value in a matched line.
public struct SlotValue: Equatable, Sendable {
    /// The words as the user typed them (original case and inner punctuation), trimmed.
    public let text: String
    /// For a `{pet}` slot: the stored name of the pet the words name exactly, if any.
    public let knownPet: String?

    public init(text: String, knownPet: String? = nil) {
        self.text = text
        self.knownPet = knownPet
    }
}

/// A line understood: the intent and its slots.
public struct Command: Equatable, Sendable {
    public let intent: Intent
    public let slots: [SlotKind: SlotValue]
    /// The template that matched, as written in the grammar (nil for `unknown`).
    public let template: String?

    public init(intent: Intent, slots: [SlotKind: SlotValue] = [:], template: String? = nil) {
        self.intent = intent
        self.slots = slots
        self.template = template
    }

    public static let unknown = Command(intent: .unknown)

    public subscript(_ kind: SlotKind) -> SlotValue? { slots[kind] }
}
