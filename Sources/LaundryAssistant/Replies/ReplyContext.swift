import Foundation
import LaundryCore

/// What drawing a reply needs besides the reply, as things stood when it was given: the front end
/// reads it here rather than asking the conversation or the store.
public struct ReplyContext: Sendable {
    /// The settings: the appearance to draw in, the bell, whether notices show.
    public let settings: AppSettings
    /// Times in the user's time zone.
    public let time: TimeWords
    /// Who types in this session (the OS user, or `--member NAME`): a household's other members'
    /// lines are named with theirs.
    public let member: String
    /// Whether changes are stored: for the header.
    public let storeState: StoreState
    /// How many pets there are, for the header (nil when the store could not be read).
    public let petCount: Int?
    /// Whether a question (which pet, a confirmation, a guessed change, a new pet's name) waits
    /// for its answer: a script that ends here left a command undone.
    public let awaitsAnswer: Bool
    /// How many questions the session has dropped because the next line was another command:
    /// each left the command that asked undone.
    public let droppedQuestions: Int
}

/// Times as the user reads them, in their calendar and time zone.
///
/// The user's own calendar is looked up the first time a time is drawn or a day counted: loading
/// the locale and time zone is a cost most lines — a one-shot `/status` among them — need not pay.
/// Copies share the lookup.
public struct TimeWords: Sendable {
    private let lookup: Lazy<Calendar>

    public var calendar: Calendar { lookup.value }

    /// A calendar given (a test's, in a fixed time zone).
    public init(calendar: Calendar) {
        lookup = Lazy(made: calendar)
    }

    /// The calendar `lookUp` gives, asked for when first needed: by default the user's own.
    public init(lookingUp lookUp: @escaping @Sendable () -> Calendar = { .current }) {
        lookup = Lazy(lookUp)
    }

    /// Whether the calendar has been looked up.
    package var isLookedUp: Bool { lookup.isMade }

    /// A message's time as a caption: "09:45" on the day of `now`, "Sat 28 Feb 09:45" before.
    public func caption(_ date: Date, now: Date) -> String {
        calendar.isDate(date, inSameDayAs: now) ? clockTime(date) : HistoryText.dayAndTime(date, calendar: calendar)
    }

    /// A wall-clock time, "09:45".
    public func clockTime(_ date: Date) -> String {
        PetText.clockTime(date, calendar: calendar)
    }
}
