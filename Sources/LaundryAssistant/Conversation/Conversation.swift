import Foundation
import LaundryCore

/// The conversation as a front end uses it — the terminal's prompt, a script, a one-shot command,
/// or any other that comes: these six members and nothing else. What drawing a reply needs (the
/// appearance, the time zone, who reads, the header's facts) travels in the values they give back
/// (``Reply/context``, ``SessionOpening``, ``DueNotices``), so that a front end never asks again
/// and never reads the store itself.
public protocol Conversation: AnyObject {
    /// Answers one line (or ends the session: ``ConversationInput/goodbye``).
    func respond(to input: ConversationInput) -> Reply

    /// What a session opens with: the header's facts, the latest `messageLimit` messages, what
    /// happened while the program was closed. Nil when the store cannot be read.
    func opening(messageLimit: Int) -> SessionOpening?

    /// The notices due now that nobody has told yet, claimed as `claim` says, and when to look
    /// again — or the household's news alone (``NoticeClaim/newsOnly``). Throws (for
    /// ``NoticeClaim/untilTold`` only) what kept the store from being read or the claims from
    /// being stored.
    func dueNotices(_ claim: NoticeClaim) throws -> DueNotices

    /// Tells the conversation that a notice or a notification reached the user: it is kept in the
    /// transcript (and a notice claimed until told is marked told).
    func delivered(_ delivery: Delivery)

    /// What Tab can offer after `typed` (the words before the one being completed).
    func completion(after typed: String) -> Completion

    /// Starts storing the next lines together, in one commit (a script's lines that were already
    /// waiting): nil when it cannot begin (the store is busy past its timeout, or failing) — each
    /// line then stores on its own, and its reply reports the trouble.
    func beginBatch() -> (any ConversationBatch)?
}

/// A line for the conversation, or the end of the session.
public enum ConversationInput: Sendable {
    /// A typed line. With `keepsQuestions` (a script under `--bail`), a line that is no answer to a
    /// waiting question is not run but refused, so that the script stops at it.
    case line(String, keepsQuestions: Bool = false)
    /// A line that was not valid UTF-8 text.
    case undecodable([UInt8], keepsQuestions: Bool = false)
    /// The session ends without `quit` (Ctrl-D, two Ctrl-C): the last reply.
    case goodbye
}

/// How the notices due are claimed.
public enum NoticeClaim: Sendable {
    /// None is: what the household's other members did since the last look is taken, and the
    /// store is not read (a prompt asks for the news every second, and for the notices every
    /// few).
    case newsOnly
    /// For good, for this process, as a prompt shows them: each is kept in the transcript (when
    /// notifications are on) and no other process tells it again. A claim that fails (the store
    /// busy, say) claims nothing, and is tried again at the next look.
    case shown
    /// `--deliver-due`'s: each held for this process until it is ``Delivery/told(_:)``; what a run
    /// that stops first held is told by the next. At least once.
    case untilTold
}

/// The notices due, and what goes with them.
public struct DueNotices: Sendable {
    /// Claimed, oldest first.
    public let notices: [Notice]
    /// What the household's other members did since the last look ("Sam started Fluffy's wash"):
    /// for ``NoticeClaim/newsOnly``, else none.
    public let news: [LaundryNotification]
    /// The next instant a notice can fall due (the earliest end of a running timer), or nil
    /// (also when the store was not read: ``NoticeClaim/newsOnly``).
    public let nextTimerEnd: Date?
    /// The settings as stored now: whether notices are shown, and with the bell.
    public let settings: AppSettings
}

/// What reached the user.
public enum Delivery: Sendable {
    /// A notice claimed with ``NoticeClaim/untilTold``: its line was written and its hooks ended.
    case told(Notice)
    /// A notification shown that no claim stands for (a timer followed by `wait` or `watch`, the
    /// test notification).
    case notification(LaundryNotification)
}

/// What Tab can offer.
public struct Completion: Sendable, Equatable {
    /// The grammar's words that can come next — every word of the grammar when no sentence starts
    /// with the words typed.
    public let words: [String]
    /// The pets' names, then their nicknames: where a pet can stand (every pet, when no sentence
    /// starts with the words typed).
    public let petNames: [String]
    /// Whether some sentence starts with the words typed.
    public let followsTyped: Bool

    public init(words: [String], petNames: [String], followsTyped: Bool) {
        self.words = words
        self.petNames = petNames
        self.followsTyped = followsTyped
    }
}

/// A batch begun by ``Conversation/beginBatch()``.
public protocol ConversationBatch {
    /// Stores the batch. Throws when it could not be stored: then none of its lines was (or, when
    /// ``StoreTrouble/mayBeStored``, nobody can tell yet), and the caller must say so for each.
    func commit() throws(StoreTrouble)
}
