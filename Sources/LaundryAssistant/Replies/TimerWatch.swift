import Foundation
import LaundryCore

/// A running timer to wait for or watch.
public struct TimerWatch: Sendable, Equatable {
    public let pet: String
    /// What the timer times.
    public let activity: Activity
    public let timer: TimerWindow
    /// What to deliver when the timer ends.
    public let notification: LaundryNotification
    /// When to give up waiting (nil: wait for the end).
    public let deadline: Date?

    /// A wash or a dry, named as the lines below say it: "Snowy's wash", "Snowy's dryer".
    public enum Activity: String, Sendable {
        case wash
        case dryer
    }

    /// The one-line progress view: "Snowy's wash ▕██████░░░░▏ 12:40 left · 60%" — in ASCII
    /// "Snowy's wash [######----] 12:40 left · 60%" for a terminal that cannot show blocks.
    public func progressLine(at now: Date, width: Int = 20, ascii: Bool = false) -> String {
        let progress = timer.progress(at: now)
        let filled = Int((progress * Double(width)).rounded(.down))
        let (full, empty, open, close) = ascii ? ("#", "-", "[", "]") : ("█", "░", "▕", "▏")
        let bar = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
        return "\(PetName.possessive(pet)) \(activity.rawValue) \(open)\(bar)\(close) \(DurationText.countdown(timer.remaining(at: now))) left · \(Int(progress * 100))%"
    }

    /// Said when waiting stops before the timer ends.
    public func stoppedWaiting(at now: Date) -> String {
        "Stopped waiting: \(PetName.possessive(pet)) \(activity.rawValue) still has \(DurationText.countdown(timer.remaining(at: now))) left."
    }

    /// Said when watching stops before the timer ends (Ctrl-C).
    public func stoppedWatching(at now: Date) -> String {
        "Stopped watching: \(PetName.possessive(pet)) \(activity.rawValue) still has \(DurationText.countdown(timer.remaining(at: now))) left."
    }

    /// Whole minutes left, for a plain view that prints once a minute.
    public func minutesLeft(at now: Date) -> Int { Int(timer.remaining(at: now) / 60) }
}
