import Foundation
import LaundryCore

/// Something the assistant says without being asked: a timer ended, or a pet got sadder.
public struct Notice: Sendable, Equatable {
    public let notification: LaundryNotification
    /// How the notice reads in the "while you were away" summary.
    public let summary: String
    /// The instant the notice is about (a timer's end; for a mood, when it was noticed).
    public let at: Date
    /// The store's key for it: whoever claims the key first delivers it, once.
    let key: String
    /// What happened, for hooks and JSON.
    public let event: PetEvent
}

extension Notice {
    /// Whether it tells that a timer ended ("Wash Complete!").
    var isTimerEnd: Bool { event.name == .washDone || event.name == .dryDone }

    /// Whether it reminds of a load left waiting after its timer ended.
    var isWaitingReminder: Bool { event.name == .washWaiting || event.name == .dryWaiting }

    /// Every notice `pets` call for at `now`, delivered or not: each ended timer, a load left
    /// waiting after it (``settings``' reminders), and each pet whose mood has fallen to sad, very
    /// sad or dead since it was last cared for.
    static func due(pets: [Pet], now: Date, settings: AppSettings = .defaults) -> [Notice] {
        var notices: [Notice] = []
        for pet in pets {
            guard let id = pet.id else { continue }
            let name = pet.name.value
            switch pet.stage(at: now) {
            case .washDone(since: let end?):
                notices.append(Notice(
                    notification: .washComplete(pet: name),
                    summary: "\(PetName.possessive(name)) wash finished \(ago(end, now)) — ready for the dryer.", at: end,
                    key: "end:\(id):wash:\(Int(end.timeIntervalSince1970))", event: PetEvent(.washDone, of: pet, at: end)))
            case .dryDone(since: let end?):
                notices.append(Notice(
                    notification: .dryComplete(pet: name),
                    summary: "\(PetName.possessive(name)) dryer finished \(ago(end, now)) — ready to be folded.", at: end,
                    key: "end:\(id):dry:\(Int(end.timeIntervalSince1970))", event: PetEvent(.dryDone, of: pet, at: end)))
            default:
                break
            }
            if let reminder = waitingReminder(pet, at: now, settings: settings) { notices.append(reminder) }
            if let end = pet.pausedUntil, pet.pausedAt != nil, end <= now {
                let health = pet.health(at: now)
                notices.append(Notice(
                    notification: LaundryNotification(title: "\(PetName.possessive(name)) pause is over", text: "\(name) is back from its pause (health \(health)%).", pet: name),
                    summary: "\(PetName.possessive(name)) pause ended \(ago(end, now)) — health \(health)%, laundry due \(PetText.dueText(pet.nextDue(at: now), now: now)).",
                    at: end, key: "resume:\(id):\(Int(end.timeIntervalSince1970))", event: PetEvent(.resumed, of: pet, at: end)))
            }
            // A pause holds the mood: nothing to tell while it lasts.
            let mood = pet.mood(at: now)
            if !pet.isPaused(at: now), let (title, summary, event) = moodNotice(mood, of: pet, at: now) {
                notices.append(Notice(
                    notification: LaundryNotification(title: title, text: "\(name) \(mood.text)", pet: name),
                    summary: summary, at: now,
                    key: "mood:\(id):\(mood.rawValue):\(Int(pet.lastCaredAt.timeIntervalSince1970))",
                    event: PetEvent(event, of: pet, at: now)))
            }
        }
        return notices.sorted { $0.at < $1.at }
    }

    private static func moodNotice(_ mood: Mood, of pet: Pet, at now: Date) -> (title: String, summary: String, event: PetEvent.Name)? {
        let name = pet.name.value
        switch mood {
        case .happy, .neutral: return nil
        case .sad: return ("Laundry is due", "\(name) got sadder — it needs some laundry love.", .due)
        case .verySad: return ("Laundry is overdue!", "\(name) is very sad — laundry is overdue!", .moodChanged)
        case .dead: return ("\(name) has died", "\(name) has died from neglect — \(revival(of: pet, at: now))", .died)
        }
    }

    /// What brings a dead pet back from where its laundry is: a sentence to type only when typing
    /// it now works (a fold revives; the steps before it lead there).
    private static func revival(of pet: Pet, at now: Date) -> String {
        let name = pet.name.value
        switch pet.nextAction(at: now) {
        case .startWash, .reviveWithLaundry: return "“start wash for \(name)” brings it back."
        case .startDryer: return "its wash is done: “start dryer for \(name)”, then folding, brings it back."
        case .markFolded: return "its laundry is dry: “mark \(name) folded” brings it back."
        case .waitForWash, .waitForDryer: return "its laundry is under way, and folding it brings it back."
        }
    }

    /// The reminder for a load left waiting: a wash done and no dryer started, or a dry done
    /// and not folded, for the setting's minutes — and again at two hours. Only the latest one due
    /// is told (one found late does not tell both).
    private static func waitingReminder(_ pet: Pet, at now: Date, settings: AppSettings) -> Notice? {
        guard let id = pet.id else { return nil }
        let name = pet.name.value
        let (end, minutes, stage, event): (Date, Int, String, PetEvent.Name)
        switch pet.stage(at: now) {
        case .washDone(since: let since?): (end, minutes, stage, event) = (since, settings.wetReminderMinutes, "wash", .washWaiting)
        case .dryDone(since: let since?): (end, minutes, stage, event) = (since, settings.foldReminderMinutes, "dry", .dryWaiting)
        default: return nil
        }
        guard minutes > 0 else { return nil }
        let waited = now.timeIntervalSince(end) / 60
        guard let level = [minutes, reminderAgain].filter({ $0 >= minutes && Double($0) <= waited }).max() else { return nil }
        let at = end.addingTimeInterval(Double(level) * 60)
        // How long it really waited, in whole minutes: told late (the program closed), more than
        // the level.
        let length = DurationText.words((now.timeIntervalSince(end) / 60).rounded(.down) * 60)
        let (title, text, summary) = stage == "wash"
            ? ("Wet laundry waiting", "\(PetName.possessive(name)) wash has waited \(length) — start the dryer before it smells.",
               "\(PetName.possessive(name)) wash has waited \(length) for the dryer.")
            : ("Dry laundry waiting", "\(PetName.possessive(name)) laundry has waited \(length) in the dryer — fold it while it is warm.",
               "\(PetName.possessive(name)) dry laundry has waited \(length) to be folded.")
        return Notice(
            notification: LaundryNotification(title: title, text: text, pet: name), summary: summary, at: at,
            key: "wait:\(id):\(stage):\(Int(end.timeIntervalSince1970)):\(level)", event: PetEvent(event, of: pet, at: at))
    }

    /// When a load left waiting is told about a second time: two hours after its timer ended.
    static let reminderAgain = 120

    private static func ago(_ instant: Date, _ now: Date) -> String {
        let seconds = now.timeIntervalSince(instant)
        return seconds < 60 ? "just now" : "\(DurationText.words(seconds)) ago"
    }
}
