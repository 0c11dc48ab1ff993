import LaundryCore
/// The slots a template can hold. `{pet}` in the grammar is the slot `pet`; a slot can also take
/// its words from a value list of the grammar, `{value:switch}`, and then carries the list's
/// value for the words ("unmute" → on).
///
/// The slot's name is the key it has in a ``Command``'s slots and in the JSON contract.
public enum SlotKind: String, CaseIterable, Sendable {
    /// An existing pet: one of the user's pet names, a pronoun (it, her, him, them), or up to
    /// three words that may name a pet the user does not have (the assistant then says so).
    case pet
    /// Free text for a new name, kept as typed.
    case name
    /// A duration: "30", "30 minutes", "1h 15m", "an hour and a half", "forty five".
    case minutes
    /// A laundry frequency: "4", "every 4 days", "twice a week", "weekly", "every other day".
    case days
    /// An app setting's name, from a value list.
    case setting
    /// A setting's value, from a value list.
    case value
    /// An export format, from a value list.
    case format
    /// A file path, kept exactly as typed.
    case path
    /// A span of time: "today", "this week", "last 30 days", "all time".
    case range
    /// A help topic: a word or two.
    case topic
    /// Free text to search for, kept as typed.
    case query
    /// A whole number: "3", "twenty" (also read when it is none — "0", "-1", "1.5" — so that
    /// the answer can say which numbers there are).
    case count
    /// A past instant for a step taken earlier: "yesterday at 6pm", "at 9:30", "2 hours ago"
    /// (``SlotParsers/instant``; the assistant resolves it in the user's time zone).
    case at
    /// When a pause ends: "until monday", "for 2 weeks", "indefinitely" (``SlotParsers/until``;
    /// the assistant resolves it in the user's time zone).
    case until
    /// When a pause begins, for one that begins later: "from monday", "next week" (read as
    /// `until` is: ``SlotParsers/until``).
    case from

    /// How many words an unknown pet reference may have.
    static let unknownPetMaximumWords = 3

    /// `allCases.count`, without making the array each time (the matcher asks once a line).
    static let caseCount = allCases.count

    /// How many words a help topic may have.
    static let topicMaximumWords = 2

    /// How the slot reads its words when it has no value list.
    var reading: SlotReading {
        switch self {
        case .pet: .pet
        case .name, .path, .query: .freeText
        case .topic: .words(maximum: Self.topicMaximumWords)
        case .minutes, .days, .count, .range, .at, .until, .from: .parsed
        case .setting, .value, .format: .listOnly
        }
    }
}

enum SlotReading {
    case pet
    /// Any words to the end of what the template allows, as typed (with their punctuation).
    case freeText
    case words(maximum: Int)
    /// Words a parser turns into a value (``SlotParsers/read(_:_:)``); the value is given back in
    /// ``SlotValue/content``.
    case parsed
    /// Only from a value list (`{setting:settings}`).
    case listOnly
}

/// A slot's value in a matched line.
public struct SlotValue: Equatable, Sendable {
    /// The words as the user typed them, trimmed.
    public let text: String
    /// For a `{pet}` slot: the stored name of the pet the words name exactly, if any.
    public let knownPet: String?
    /// For typed slots and value lists: what the words stand for — minutes, days and counts as
    /// numbers (out of range too: -5, 7.5, and anything past ``SlotNumber/ceiling`` as the
    /// ceiling), an instant, a pause's end, a span of history, a list's value ("on", "dark").
    public let content: SlotContent?
    /// For a `{pet}` slot: the words were a pronoun ("it", "her"), meaning the pet last talked
    /// about.
    public let isPronoun: Bool

    public init(text: String, knownPet: String? = nil, content: SlotContent? = nil, isPronoun: Bool = false) {
        self.text = text
        self.knownPet = knownPet
        self.content = content
        self.isPronoun = isPronoun
    }

    /// The number of minutes, days and counts: to be checked against its range before it is used
    /// (``SlotNumber/whole(in:)``).
    public var number: SlotNumber? {
        if case .number(let number)? = content { number } else { nil }
    }

    /// A value list's value ("on", "dark", "wet_reminder").
    public var listed: String? {
        if case .listed(let value)? = content { value } else { nil }
    }

    /// The instant of an `{at}` slot.
    public var instant: PastInstant? {
        if case .instant(let instant)? = content { instant } else { nil }
    }

    /// When a pause ends or begins, of an `{until}` or `{from}` slot.
    public var pauseBound: PauseBound? {
        if case .pauseBound(let bound)? = content { bound } else { nil }
    }

    /// The span of history of a `{range}` slot.
    public var range: HistoryRange? {
        if case .range(let range)? = content { range } else { nil }
    }
}

/// A line understood: the intent and its slots.
public struct Command: Equatable, Sendable {
    public let intent: Intent
    public let slots: [SlotKind: SlotValue]
    /// The template that matched, as written in the grammar (nil for `unknown`).
    public let template: String?
    /// Misspelt command words that were read as the grammar words they are close to.
    public let corrections: [WordCorrection]

    public init(intent: Intent, slots: [SlotKind: SlotValue] = [:], template: String? = nil, corrections: [WordCorrection] = []) {
        self.intent = intent
        self.slots = slots
        self.template = template
        self.corrections = corrections
    }

    public static let unknown = Command(intent: .unknown)

    public subscript(_ kind: SlotKind) -> SlotValue? { slots[kind] }

    /// The same command with one slot set: answering "which pet?" fills in the pet.
    public func with(_ kind: SlotKind, _ value: SlotValue) -> Command {
        var slots = slots
        slots[kind] = value
        return Command(intent: intent, slots: slots, template: template, corrections: corrections)
    }
}
