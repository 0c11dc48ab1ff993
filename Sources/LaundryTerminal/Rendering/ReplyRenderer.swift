import Foundation
import LaundryAssistant
import LaundryCore

/// Turns replies into text for one output mode.
protocol ReplyRenderer {
    /// The text to print for a reply, ending with a newline.
    mutating func render(_ reply: Reply) -> String
    /// The text to print for a notification, ending with a newline.
    mutating func render(_ notification: LaundryNotification, at: Date) -> String
    /// The user's line as the conversation shows it (bubbles only: elsewhere the user's own
    /// typing, or their script, already shows it).
    mutating func render(userLine: String, at: Date) -> String
    /// What the interactive prompt shows before the first line: the header, earlier messages,
    /// the welcome.
    mutating func render(opening: SessionOpening) -> String
    /// The header alone, drawn again at the prompt when the store's state changes (its file went
    /// away: "● Unavailable").
    mutating func render(header: SessionOpening) -> String
    /// Follows the appearance setting (the palette for a light or dark background).
    mutating func use(_ appearance: Appearance, environment: [String: String])
    /// Draws times in `time`'s time zone (against `now`, the session's clock) for `reader`.
    mutating func use(_ time: TimeWords, now: @escaping () -> Date, reader: String)
    /// A short line of guidance at the prompt.
    func hint(_ text: String) -> String
    /// The escape sequence that starts the prompt's colour; empty without colour.
    var promptStyle: String { get }
}

// Requirements all, so that a call through `any ReplyRenderer` (as the session makes them) reaches
// a renderer's own: an extension method that is no requirement is chosen by the static type.
extension ReplyRenderer {
    mutating func render(userLine: String, at: Date) -> String { "" }
    mutating func use(_ appearance: Appearance, environment: [String: String]) {}
    mutating func use(_ time: TimeWords, now: @escaping () -> Date, reader: String) {}
    func hint(_ text: String) -> String { text + "\n" }
    var promptStyle: String { "" }
}

/// Plain text: the reply's words, sanitised, no boxes and no escapes — for pipes, `grep` and
/// screen readers. Replies are separated by an empty line, so multi-line replies stay apart.
struct PlainRenderer: ReplyRenderer {
    /// Whether each reply starts with "LaundryTime:" (at an interactive prompt: screen readers).
    let labelled: Bool
    private var printedAny = false

    init(labelled: Bool = false) {
        self.labelled = labelled
    }

    mutating func render(_ reply: Reply) -> String {
        block((labelled ? "LaundryTime: " : "") + reply.text)
    }

    mutating func render(_ notification: LaundryNotification, at: Date) -> String {
        block((labelled ? "Notification: " : "") + notification.line)
    }

    mutating func render(opening: SessionOpening) -> String {
        var text = Self.header(opening) + " Type “help” to see what you can say, “/quick” for quick actions, “quit” to leave."
        if let empty = opening.emptyState { text += "\n" + empty }
        return block(text)
    }

    mutating func render(header: SessionOpening) -> String {
        block(Self.header(header))
    }

    private static func header(_ opening: SessionOpening) -> String {
        "LaundryTime — ● \(opening.state.label) · \(DurationText.plural(opening.petCount, "pet"))."
    }

    private mutating func block(_ text: String) -> String {
        defer { printedAny = true }
        // A document (an export to the screen) ends with its own line end: `… > h.csv` is the
        // file as written, with no empty line after it.
        let text = TextSanitizer.sanitize(text)
        return (printedAny ? "\n" : "") + text + (text.hasSuffix("\n") ? "" : "\n")
    }
}

/// JSON Lines: one object per reply, the contract in docs/json.md.
struct JSONRenderer: ReplyRenderer {
    mutating func render(_ reply: Reply) -> String {
        Self.object(for: reply).serialized + "\n"
    }

    mutating func render(opening: SessionOpening) -> String { "" }

    mutating func render(header: SessionOpening) -> String { "" }

    mutating func render(_ notification: LaundryNotification, at: Date) -> String {
        JSONValue.object([
            ("type", .string("notification")),
            ("title", .string(notification.title)),
            ("text", .string(notification.text)),
            ("pet", notification.pet.map(JSONValue.string) ?? .null),
            ("at", .string(Self.isoTime(at))),
        ]).serialized + "\n"
    }

    static func object(for reply: Reply) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("reply")),
            ("input", .string(reply.input)),
            ("ok", .bool(reply.ok)),
            ("intent", .string(reply.intent.rawValue)),
            ("slots", .object(reply.contractSlots.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("pet", reply.pet.map(JSONValue.string) ?? .null),
        ]
        // What else the pet is called (its kind first), with every reply about one.
        if reply.pet != nil { members.append(("nicknames", .array(reply.nicknames.map(JSONValue.string)))) }
        members += [("text", .string(reply.text)), ("at", .string(isoTime(reply.at)))]
        // The words again, line by line, each with its role and its spans (pets, numbers, moods,
        // a warning): what `text` says, for a program that wants to point at its parts.
        members.append(("lines", .array(zip(reply.lines, reply.spans).map { line, spans in
            .object([
                ("role", .string(roleName(line.role))),
                ("text", .string(line.text)),
                ("spans", .array(spans.map { span in
                    .object([
                        ("kind", .string(span.kind.rawValue)),
                        ("start", .number(span.start)),
                        ("length", .number(span.length)),
                        ("text", .string(span.text)),
                    ])
                })),
            ])
        })))
        if let awaiting = reply.awaiting { members.append(("awaiting", .string(awaiting.rawValue))) }
        if reply.dryRun { members.append(("dryRun", .bool(true))) }
        if let failure = reply.failure { members.append(("error", .string(name(of: failure)))) }
        if case .history(let history) = reply.content {
            // The same events, with the same fields, as `export history as csv|json`.
            members.append(("events", .array(history.events.reversed().map { event in
                .object([
                    ("id", .number(Int(event.id))),
                    ("pet", .string(event.petName)),
                    ("event", .string(event.kind.rawValue)),
                    ("at", .string(isoTime(event.at))),
                    ("ends_at", event.endsAt.map { .string(isoTime($0)) } ?? .null),
                ])
            })))
        }
        return .object(members)
    }

    static func isoTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
    }

    private static func roleName(_ role: Reply.Line.Role) -> String {
        switch role {
        case .paragraph: "paragraph"
        case .title: "title"
        case .lead: "lead"
        case .groupHeading: "group_heading"
        case .contentText: "content_text"
        }
    }

    private static func name(of failure: Reply.Failure) -> String {
        switch failure {
        case .notUnderstood: "not_understood"
        case .refused: "refused"
        case .store, .damagedStore: "store"
        }
    }
}
