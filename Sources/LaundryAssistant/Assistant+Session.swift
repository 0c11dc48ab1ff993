import Foundation
import LaundryCore
import LaundryStore

/// What the terminal shows when a session opens: the header's facts and the latest messages.
public struct SessionOpening: Sendable {
    public let petCount: Int
    public let settings: AppSettings
    /// The latest messages of the transcript, oldest first, to show faint above the prompt.
    public let earlier: [TranscriptMessage]
    /// Whether every one of `earlier` is from today.
    public let earlierIsToday: Bool
    /// The welcome text when there are no pets yet.
    public let emptyState: String?
}

/// Facts the terminal asks for between replies: the header, the palette, completion.
extension Assistant {
    /// The header's facts and the last `messageLimit` messages (only the latest rows are read, so
    /// opening costs the same with ten messages or a hundred thousand).
    public func opening(messageLimit: Int = 6) throws -> SessionOpening {
        let now = clock.now()
        return try store.read { transaction in
            let earlier = try transaction.latestMessages(limit: messageLimit)
            let count = try transaction.petCount()
            return SessionOpening(
                petCount: count, settings: try transaction.settings(), earlier: earlier,
                earlierIsToday: earlier.allSatisfy { calendar.isDate($0.at, inSameDayAs: now) },
                emptyState: count == 0 ? PetText.emptyState : nil)
        }
    }

    /// The app settings as stored now (another process may have changed them).
    public func currentSettings() -> AppSettings {
        (try? store.read { try $0.settings() }) ?? .defaults
    }

    /// The pets' names, for completion.
    public func petNames() -> [String] {
        (try? store.read { try $0.pets().map(\.name.value) }) ?? []
    }

    /// A message's time as a caption: "09:45" today, "Sat 28 Feb 09:45" before.
    public func captionTime(_ date: Date) -> String {
        calendar.isDate(date, inSameDayAs: clock.now())
            ? PetText.clockTime(date, calendar: calendar)
            : HistoryText.dayAndTime(date, calendar: calendar)
    }

    /// A wall-clock time, "09:45", in the user's time zone.
    public func clockTime(_ date: Date) -> String {
        PetText.clockTime(date, calendar: calendar)
    }
}
