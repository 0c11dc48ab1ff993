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
public struct TimeWords: Sendable {
    public let calendar: Calendar

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// A message's time as a caption: "09:45" on the day of `now`, "Sat 28 Feb 09:45" before.
    public func caption(_ date: Date, now: Date) -> String {
        calendar.isDate(date, inSameDayAs: now) ? clockTime(date) : HistoryText.dayAndTime(date, calendar: calendar)
    }

    /// A wall-clock time, "09:45".
    public func clockTime(_ date: Date) -> String {
        PetText.clockTime(date, calendar: calendar)
    }
}
