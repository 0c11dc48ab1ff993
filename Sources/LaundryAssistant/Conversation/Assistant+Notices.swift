import Foundation
import LaundryCore
internal import LaundryStore

/// Timers that ended and moods that fell, each delivered once across every process that opens the
/// same database (docs/ARCHITECTURE.md, "Time": catch up exactly once, warnings once) — by
/// `--deliver-due` at least once: a run that stops before telling leaves its notices to the next.
extension Assistant {
    /// The notices due by now that nobody has delivered yet, claimed for good for this process
    /// and kept in the transcript (when notifications are on), oldest first: what a prompt shows
    /// at once. With `dryRun` nothing is claimed.
    /// A claim that fails (the store busy, say) is tried again at the prompt's next look.
    package func claimDueNotices() -> [Notice] {
        (try? claimDue(untilTold: false).notices) ?? []
    }

    /// `--deliver-due`'s claim: the notices due by now that nobody has told or is telling, each
    /// held for this process until ``markTold(_:)`` — which the caller does once the notice's line
    /// is written and its hooks have ended. What a run that stops first held is told by the next
    /// (StoreTransaction's notice claims): at least once. Throws what kept the store from being
    /// read or the claims from being stored: then nothing is claimed, and the next run tells them.
    package func claimDueNoticesUntilTold() throws -> [Notice] {
        try claimDue(untilTold: true).notices
    }

    /// Marks a notice claimed with ``claimDueNoticesUntilTold()`` told, and keeps it in the
    /// transcript (when notifications are on). Nothing is stored with `dryRun`.
    package func markTold(_ notice: Notice) {
        let now = clock.now()
        _ = try? store.write(commit: !dryRun) { transaction in
            try transaction.markNoticeTold(notice.key)
            if try transaction.settings().notificationsEnabled { try Self.keep(notice, at: now, in: transaction) }
        }
    }

    /// The notices claimed, with the next timer's end and the settings, as the look read them.
    func claimDue(untilTold: Bool) throws -> DueNotices {
        let now = clock.now()
        // Looking is a read — which also says when to look again, and how to show what is claimed;
        // only a notice nobody has claimed yet is worth a write transaction.
        let (unclaimed, nextEnd, settings) = try store.read { transaction in
            let pets = try transaction.pets(), settings = try transaction.settings()
            let unclaimed = try Notice.due(pets: pets, now: now, settings: settings).filter { try !transaction.isNoticeClaimed($0.key, at: now) }
            return (unclaimed, pets.compactMap { $0.stage(at: now).timer?.endsAt }.min(), settings)
        }
        func due(_ notices: [Notice]) -> DueNotices {
            DueNotices(notices: notices, news: [], nextTimerEnd: nextEnd, settings: settings)
        }
        // A store that can only be read cannot record a claim: it announces nothing.
        guard store.readOnlyReason == nil, !unclaimed.isEmpty else { return due([]) }
        return due(try store.write(commit: !dryRun) { transaction -> [Notice] in
            let enabled = try transaction.settings().notificationsEnabled
            var claimed: [Notice] = []
            for notice in try Notice.due(pets: transaction.pets(), now: now, settings: transaction.settings()) {
                if untilTold {
                    guard try transaction.claimNoticeUntilTold(notice.key, at: now) else { continue }
                } else {
                    guard try transaction.claimNotice(notice.key, at: now) else { continue }
                    if enabled { try Self.keep(notice, at: now, in: transaction) }
                }
                claimed.append(notice)
            }
            return claimed
        })
    }

    /// Keeps a notice told in the transcript.
    private static func keep(_ notice: Notice, at now: Date, in transaction: StoreTransaction) throws {
        try transaction.transcript.append([TranscriptMessage(at: now, role: .notification, text: notice.notification.line,
                                                             petName: notice.notification.pet)])
    }

    /// What the household's other members did since the last call, as notifications to show above
    /// the prompt ("Sam started Fluffy's wash"): the PostgreSQL store hears of it within a second.
    package func householdNews() -> [LaundryNotification] {
        store.householdNews().map { LaundryNotification(title: "Household", text: $0, pet: nil) }
    }

    /// The next instant a notice can fall due: the earliest end of a running timer, or nil.
    /// Moods fall slowly; they are looked at whenever the prompt checks anyway.
    package func nextTimerEnd() -> Date? {
        let now = clock.now()
        let pets = (try? store.read { try $0.pets() }) ?? []
        return pets.compactMap { $0.stage(at: now).timer?.endsAt }.min()
    }

    /// On start: what happened while the program was closed, in one message ("While you were
    /// away: Snowy's wash finished 12 minutes ago — ready for the dryer."), nil when nothing did.
    /// What it tells is claimed, so that no prompt announces it again.
    package func awaySummary() -> String? {
        let notices = claimDueNotices()
        guard !notices.isEmpty else { return nil }
        // One story a load: "finished 4 days ago" already says how long it has waited.
        let finished = Set(notices.compactMap { $0.isTimerEnd ? $0.notification.pet : nil })
        let told = notices.filter { !$0.isWaitingReminder || !finished.contains($0.notification.pet ?? "") }
        return "While you were away: " + told.map(\.summary).joined(separator: " ")
    }

    /// Whether a notice should ring the terminal's bell (the `sound` setting).
    package var soundEnabled: Bool { currentSettings().soundEnabled }

    /// Whether notices are shown at all (the `notifications` setting).
    package var notificationsEnabled: Bool { currentSettings().notificationsEnabled }
}
