import Foundation
import LaundryCore
internal import LaundryStore

/// Something the assistant says without being asked: a timer ended, or a pet got sadder.
public struct Notice: Sendable, Equatable {
    public let notification: LaundryNotification
    /// How the notice reads in the "while you were away" summary.
    public let summary: String
    /// The instant the notice is about (a timer's end; for a mood, when it was noticed).
    public let at: Date
    /// The store's key for it: whoever claims the key first delivers it, once.
    let key: String
}

/// Timers that ended and moods that fell, each delivered once across every process that opens the
/// same database (TIME.md: "catch up exactly once", "warnings once").
extension Assistant {
    /// The notices due by now that nobody has delivered yet, claimed for this process and kept
    /// in the transcript (when notifications are on), oldest first. With `dryRun` nothing is claimed.
    public func claimDueNotices() -> [Notice] {
        let now = clock.now()
        // Looking is a read; only a notice nobody has claimed yet is worth a write transaction.
        let unclaimed = (try? store.read { transaction in
            try Self.dueNotices(pets: transaction.pets(), now: now).filter { try !transaction.isNoticeClaimed($0.key) }
        }) ?? []
        guard !unclaimed.isEmpty else { return [] }
        let claimed = try? store.write(commit: !dryRun) { transaction -> [Notice] in
            let enabled = try transaction.settings().notificationsEnabled
            var claimed: [Notice] = []
            for notice in try Self.dueNotices(pets: transaction.pets(), now: now) {
                guard try transaction.claimNotice(notice.key, at: now) else { continue }
                claimed.append(notice)
                if enabled {
                    try transaction.append([TranscriptMessage(at: now, role: .notification, text: notice.notification.line,
                                                              petName: notice.notification.pet)])
                }
            }
            return claimed
        }
        return claimed ?? []
    }

    /// The next instant a notice can fall due: the earliest end of a running timer, or nil.
    /// Moods fall slowly; they are looked at whenever the prompt checks anyway.
    public func nextTimerEnd() -> Date? {
        let now = clock.now()
        let pets = (try? store.read { try $0.pets() }) ?? []
        return pets.compactMap { $0.stage(at: now).timer?.endsAt }.min()
    }

    /// On start: what happened while the program was closed, in one message ("While you were
    /// away: Snowy's wash finished 12 minutes ago — ready for the dryer."), nil when nothing did.
    /// What it tells is claimed, so that no prompt announces it again.
    public func awaySummary() -> String? {
        let notices = claimDueNotices()
        guard !notices.isEmpty else { return nil }
        return "While you were away: " + notices.map(\.summary).joined(separator: " ")
    }

    /// Whether a notice should ring the terminal's bell (the `sound` setting).
    public var soundEnabled: Bool { currentSettings().soundEnabled }

    /// Whether notices are shown at all (the `notifications` setting).
    public var notificationsEnabled: Bool { currentSettings().notificationsEnabled }

    /// Every notice `pets` call for at `now`, delivered or not: each ended timer, and each pet
    /// whose mood has fallen to sad, very sad or dead since it was last cared for.
    static func dueNotices(pets: [Pet], now: Date) -> [Notice] {
        var notices: [Notice] = []
        for pet in pets {
            guard let id = pet.id else { continue }
            let name = pet.name.value
            switch pet.stage(at: now) {
            case .washDone(since: let end?):
                notices.append(Notice(
                    notification: .washComplete(pet: name),
                    summary: "\(name)'s wash finished \(ago(end, now)) — ready for the dryer.", at: end,
                    key: "end:\(id):wash:\(Int(end.timeIntervalSince1970))"))
            case .dryDone(since: let end?):
                notices.append(Notice(
                    notification: .dryComplete(pet: name),
                    summary: "\(name)'s dryer finished \(ago(end, now)) — ready to be folded.", at: end,
                    key: "end:\(id):dry:\(Int(end.timeIntervalSince1970))"))
            default:
                break
            }
            let mood = pet.mood(at: now)
            if let (title, summary) = moodNotice(mood, name: name) {
                notices.append(Notice(
                    notification: LaundryNotification(title: title, text: "\(name) \(mood.text)", pet: name),
                    summary: summary, at: now,
                    key: "mood:\(id):\(mood.rawValue):\(Int(pet.lastCaredAt.timeIntervalSince1970))"))
            }
        }
        return notices.sorted { $0.at < $1.at }
    }

    private static func moodNotice(_ mood: Mood, name: String) -> (title: String, summary: String)? {
        switch mood {
        case .happy, .neutral: nil
        case .sad: ("Laundry is due", "\(name) got sadder — it needs some laundry love.")
        case .verySad: ("Laundry is overdue!", "\(name) is very sad — laundry is overdue!")
        case .dead: ("\(name) has died", "\(name) has died from neglect — “start wash for \(name)” brings it back.")
        }
    }

    private static func ago(_ instant: Date, _ now: Date) -> String {
        let seconds = now.timeIntervalSince(instant)
        return seconds < 60 ? "just now" : "\(DurationText.words(seconds)) ago"
    }
}
