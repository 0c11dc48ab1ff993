import Foundation
import LaundryCore
public import LaundryGrammar

/// The assistant's answer to one line: a value the terminal turns into bubbles, plain text or
/// JSON. It carries the fields of the JSON contract (docs/json.md) and what a renderer needs to
/// draw more than text (a pet card, the dashboard, help).
public struct Reply: Sendable {
    /// A cell of the quick-actions grid: the number that runs it and what it does.
    public struct QuickAction: Sendable, Equatable {
        public let number: Int
        public let label: String
    }

    /// What the reply is, for its style.
    public enum Kind: Sendable {
        case answer
        /// A cycle was completed or a pet revived.
        case celebration
        /// The assistant asks something back.
        case question
        /// The line was not understood, or what it asked could not be done.
        case error
        /// The session ends (quit).
        case goodbye
    }

    /// Why a reply is not ok; it decides the exit status.
    public enum Failure: Sendable, Equatable {
        /// The line was not understood (unknown, too long, not text).
        case notUnderstood
        /// Understood, but not possible: unknown pet, wrong stage, invalid value.
        case refused
        /// The data store failed (busy, disk full, …).
        case store
        /// The data store is damaged: the session stops before anything more is written.
        case damagedStore
    }

    /// What a question back waits for.
    public enum Awaiting: String, Sendable {
        case confirmation
        case pet
        /// A name for a new pet.
        case name
    }

    /// What a renderer can draw besides the text, or what the session must do after printing.
    public enum Content: Sendable {
        case petCard(PetSnapshot)
        case dashboard([PetSnapshot])
        case help([HelpSection])
        case quickActions([QuickAction])
        case settings(AppSettings, pets: [PetSnapshot])
        case history(HistoryView)
        case transcript([TranscriptMessage])
        /// A document given as the reply (an export without a file): its format, and what it
        /// holds in words ("the history for Snowy as CSV, 4 events").
        case document(format: DocumentFormat, summary: String)
        /// Clear the terminal's screen (the data stays).
        case clearScreen
        /// Block until `timer` ends (or `deadline` passes), then deliver `notification`.
        case wait(TimerWatch)
        /// Show `timer`'s progress until it ends.
        case watch(TimerWatch)
        /// Deliver a notification after a delay (the test notification).
        case delayedNotification(LaundryNotification, after: Double)

        /// Whether it clears the screen (`/clear`).
        public var clearsScreen: Bool {
            if case .clearScreen = self { true } else { false }
        }
    }

    /// One line of a reply's words and what it is, so that a renderer can style it, or leave it
    /// out for what it draws instead, without reading it.
    public struct Line: Sendable, Equatable {
        public enum Role: Sendable, Equatable {
            /// Words that wrap: most replies are only these.
            case paragraph
            /// A title over what follows ("History for Snowy · this week").
            case title
            /// A line that introduces or sums up what follows: a history's figures, help's first line.
            case lead
            /// A heading inside what follows (a timeline's "Today").
            case groupHeading
            /// The words of what ``Reply/content`` draws (a card, the dashboard, help's sections,
            /// the transcript's messages): printed where the content is not drawn, left out where it is.
            case contentText
        }

        public let role: Role
        public let text: String
        /// What starts the line as an entry of a list ("• ", or spaces that set it under the entry
        /// above), the first characters of ``text``: a renderer that wraps the line sets its
        /// continuation under the words after it. Nil for a line that is no entry.
        public let marker: String?

        public init(_ role: Role, _ text: String) {
            self.role = role
            self.text = text
            self.marker = nil
        }

        /// An entry of a list: `marker`, then `words`.
        public static func entry(_ words: String, marker: String = "• ", role: Role = .paragraph) -> Line {
            Line(role, marker: marker, words)
        }

        private init(_ role: Role, marker: String, _ words: String) {
            self.role = role
            self.text = marker + words
            self.marker = marker
        }

        /// Each line of `text` as a line of `role`.
        public static func split(_ text: String, as role: Role = .paragraph) -> [Line] {
            // By bytes, which is the same as by Characters unless a "\r\n" (one Character) is there.
            guard !text.utf8.contains(UInt8(ascii: "\r")) else {
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(role, String($0)) }
            }
            return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                Line(role, String(Substring($0)))
            }
        }
    }

    public let input: String
    public let intent: Intent
    /// The slots of the command answered: the words as typed and what they stand for (the JSON
    /// renderer writes them as the contract spells them).
    public let slots: [SlotKind: SlotValue]
    /// The pet the reply is about, by its stored name.
    public let pet: String?
    /// What else that pet is called (``LaundryCore/PetNicknames``), its kind first; none without a pet.
    public let nicknames: [String]
    public let failure: Failure?
    /// The reply's words, line by line, each with its role.
    public let lines: [Line]
    /// The reply's words as plain text: its lines, one per line (the JSON contract's `text`).
    public let text: String
    public let at: Date
    public let kind: Kind
    public let awaiting: Awaiting?
    public let content: Content?
    /// Made in a dry run (`--dry-run`): nothing it says was done is kept.
    public private(set) var dryRun = false
    /// What happened to a pet with this command, for hooks ("folded", "revived"); none in a dry run.
    public internal(set) var events: [PetEvent] = []
    /// What drawing it needs, as things stood when the conversation gave it; nil for a reply a
    /// front end made itself.
    public internal(set) var context: ReplyContext?

    public var ok: Bool { failure == nil }

    /// The words a reply that would have changed something ends with in a dry run.
    public static let dryRunNote = "(Dry run — nothing was changed.)"

    /// This reply as a dry run gives it: marked, and when it would have changed something, saying
    /// that nothing was.
    func inDryRun(changedSomething: Bool) -> Reply {
        var marked = changedSomething
            ? Reply(input: input, intent: intent, slots: slots, pet: pet, nicknames: nicknames, failure: failure,
                    lines: lines + [Line(.paragraph, Self.dryRunNote)],
                    at: at, kind: kind, awaiting: awaiting, content: content)
            : self
        marked.dryRun = true
        marked.events = []
        return marked
    }

    /// The reply's first line: what a one-line account of it (an error on stderr) says.
    public var headline: String { lines.first?.text ?? "" }

    /// A reply whose words are paragraphs.
    public init(
        input: String, intent: Intent, slots: [SlotKind: SlotValue] = [:], pet: String? = nil, nicknames: [String] = [],
        failure: Failure? = nil, text: String, at: Date, kind: Kind? = nil,
        awaiting: Awaiting? = nil, content: Content? = nil
    ) {
        self.init(input: input, intent: intent, slots: slots, pet: pet, nicknames: nicknames, failure: failure, lines: Line.split(text),
                  text: text, at: at, kind: kind, awaiting: awaiting, content: content)
    }

    public init(
        input: String, intent: Intent, slots: [SlotKind: SlotValue] = [:], pet: String? = nil, nicknames: [String] = [],
        failure: Failure? = nil, lines: [Line], at: Date, kind: Kind? = nil,
        awaiting: Awaiting? = nil, content: Content? = nil
    ) {
        self.init(input: input, intent: intent, slots: slots, pet: pet, nicknames: nicknames, failure: failure, lines: lines,
                  text: lines.map(\.text).joined(separator: "\n"), at: at, kind: kind, awaiting: awaiting, content: content)
    }

    /// `text` is `lines` joined by newlines; each public init has one of them and makes the other once.
    private init(
        input: String, intent: Intent, slots: [SlotKind: SlotValue], pet: String?, nicknames: [String], failure: Failure?, lines: [Line],
        text: String, at: Date, kind: Kind?, awaiting: Awaiting?, content: Content?
    ) {
        self.input = input
        self.intent = intent
        self.slots = slots
        self.pet = pet
        self.nicknames = nicknames
        self.failure = failure
        self.lines = lines
        self.text = text
        self.at = at
        self.kind = kind ?? (failure == nil ? .answer : .error)
        self.awaiting = awaiting
        self.content = content
    }
}
