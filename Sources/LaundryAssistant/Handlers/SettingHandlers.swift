import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// Settings: each pet's timings, the app settings, the test notification, and reset.
struct SettingHandlers: Handlers {
    let shared: HandlerContext

    enum Timing {
        case wash, dry, frequency

        /// Where the pet keeps it.
        var setting: WritableKeyPath<CycleSettings, Int> {
            switch self {
            case .wash: \.washMinutes
            case .dry: \.dryMinutes
            case .frequency: \.frequencyDays
            }
        }

        /// The value as Core allows it (checked before, so this cannot fail in practice).
        func validated(_ value: Int) throws(SettingValueError) -> Int {
            self == .frequency ? try CycleSettings.validateFrequency(value) : try CycleSettings.validateMinutes(value)
        }

        /// "Snowy's wash now takes 45 minutes", "Snowy's laundry is already due every 7 days".
        func sentence(_ name: PetName, _ value: Int, _ when: String) -> String {
            switch self {
            case .wash: "\(name.possessive) wash \(when) takes \(DurationText.plural(value, "minute"))"
            case .dry: "\(name.possessive) dryer \(when) takes \(DurationText.plural(value, "minute"))"
            case .frequency: "\(name.possessive) laundry is \(when) due every \(DurationText.plural(value, "day"))"
            }
        }

        /// What the undo stack calls it.
        var name: String {
            switch self {
            case .wash: "wash time"
            case .dry: "dry time"
            case .frequency: "frequency"
            }
        }
    }

    func setTiming(_ timing: Timing, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try withPet(turn, pets: pets) { pet in
            let slot = timing == .frequency ? turn.command[.days] : turn.command[.minutes]
            guard let slot, let number = slot.number else {
                let example = timing == .frequency ? "every 7 days" : "30 minutes"
                return turn.failed(.refused, "How long? Say it with a number, e.g. “… \(example)”.", pet: pet)
            }
            let requested: Int
            switch Self.rangeCheck(timing, number, words: slot.text) {
            case .fits(let value): requested = value
            case .refused(let text): return turn.failed(.refused, text, pet: pet)
            }
            let before = pet.settings[keyPath: timing.setting]
            guard before != requested else {
                return turn.reply(timing.sentence(pet.name, requested, "already") + ". Nothing changed.", pet: pet)
            }
            var changed = pet
            changed.settings[keyPath: timing.setting] = try timing.validated(requested)
            let stage = pet.cycle.stage(at: turn.now)
            let after = switch timing {
            case .wash: stage.isWashing ? " The wash that is running keeps its time." : ""
            case .dry: stage.isDrying ? " The dry that is running keeps its time." : ""
            case .frequency: " " + changed.statusLine(at: turn.now)
            }
            let text = timing.sentence(pet.name, requested, "now") + " (was \(before))." + after
            try transaction.update(changed)
            try transaction.pushUndo(UndoRecord(summary: "set \(pet.name.possessive) \(timing.name)", steps: [.restorePet(pet)]), at: turn.now)
            return turn.reply(text, pet: changed)
        }
    }

    /// The timing the user asked for, checked against the range Core allows (its validators
    /// check again when the setting is made, and cannot fail after this).
    /// "“45 hours” is more than 120 minutes: a dry takes 1 to 120 minutes."
    static func rangeCheck(_ timing: Timing, _ number: SlotNumber, words: String) -> RangeCheck {
        switch timing {
        case .wash, .dry:
            let range = CycleSettings.minutesRange
            return RangeCheck(number, words: words, in: range, unit: "minute",
                              allowed: "a \(timing == .wash ? "wash" : "dry") takes \(range.lowerBound) to \(range.upperBound) minutes")
        case .frequency:
            let range = CycleSettings.frequencyRange
            return RangeCheck(number, words: words, in: range, unit: "day",
                              allowed: "laundry can be due every \(range.lowerBound) to \(range.upperBound) days")
        }
    }

    func showSettings(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard turn.command[.pet] != nil else { return try settings(of: pets, turn, transaction) }
        return try withPet(turn, pets: pets) { pet in try settings(of: [pet], turn, transaction) }
    }

    /// The app settings and the timings of `shown`.
    private func settings(of shown: [Pet], _ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let settings = try transaction.settings()
        var lines = [
            AppSettings.Key.allCases.map { "\($0.label): \(settings.shownValue(of: $0))" }.joined(separator: " · ")
        ]
        for pet in shown {
            let s = pet.settings
            lines.append("\(pet.name): wash \(s.washMinutes) min · dry \(s.dryMinutes) min · every \(DurationText.plural(s.frequencyDays, "day"))")
        }
        if shown.isEmpty { lines.append("No pets yet — their wash time, dry time and frequency show here once you create one.") }
        return turn.reply(lines: lines.map { Reply.Line(.contentText, $0) }, pet: turn.command[.pet] != nil ? shown.first : nil,
                          content: .settings(settings, pets: shown.map { PetSnapshot($0, at: turn.now) }))
    }

    /// What may close a value typed after "to" ("hot pink," "purple!"): not part of it.
    private static let closingMarks = CharacterSet.punctuationCharacters.union(.whitespaces)

    func setSetting(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        // A phone's haptics toggle has nothing to drive in a terminal: said so, with what is here.
        if turn.command[.setting]?.listed == "haptics" {
            return turn.failed(.refused, "There are no haptics in a terminal. What is here: sound (the terminal bell, “turn off sound”) "
                + "and notifications (“turn on notifications”); “/settings” shows them all.")
        }
        // The transcript's days come as a number of days ("keep the transcript for 90 days"); a
        // value no list knows ("set appearance to purple") as typed, to be answered with those there are.
        let typed = turn.command[.query].map { $0.text.trimmingCharacters(in: Self.closingMarks) }
        guard let keyText = turn.command[.setting]?.listed, let key = AppSettings.Key(rawValue: keyText),
              let value = turn.command[.value]?.listed ?? turn.command[.days]?.number?.text ?? turn.command[.minutes]?.number?.text ?? typed
        else {
            return turn.failed(.refused, "Which setting? Say e.g. “turn off sound”, “turn on notifications” or “use dark mode”.")
        }
        let before = try transaction.settings()
        var settings = before
        do {
            try settings.set(key, to: value)
        } catch {
            guard case .invalidValue(_, _, let allowed) = error else { throw error }
            let said = turn.command[.value]?.text ?? turn.command[.days]?.text ?? turn.command[.minutes]?.text
                ?? value
            if key == .transcript {
                let range = AppSettings.transcriptDaysRange
                return turn.failed(.refused, "The transcript can be kept \(range.lowerBound) to \(NumberText.grouped(range.upperBound)) days"
                    + (said.isEmpty ? "." : ", not “\(said)”."))
            }
            return turn.failed(.refused, "\(key.label) can be \(allowed.joinedAsChoice())" + (said.isEmpty ? "." : ", not “\(said)”."))
        }
        let shown = settings.shownValue(of: key)
        if settings == before {
            return turn.reply("\(key.label) is already \(shown). Nothing changed.")
        }
        try transaction.save(settings, over: before)
        try transaction.pushUndo(UndoRecord(summary: "set \(key.label.lowercased()) to \(shown)", steps: [.restoreSettings(before)]), at: turn.now)
        var text = switch key {
        case .transcript: "The transcript now keeps \(shown) of messages; older ones are removed once a day."
        case .wetReminder where settings.wetReminderMinutes == 0: "No more reminders to start the dryer."
        case .wetReminder: "A finished wash now reminds you to start the dryer \(shown), and again at 2 hours."
        case .foldReminder where settings.foldReminderMinutes == 0: "No more reminders to fold."
        case .foldReminder: "A finished dry now reminds you to fold \(shown), and again at 2 hours."
        default: "\(key.label): \(value)."
        }
        if key == .sound && settings.soundEnabled && !settings.notificationsEnabled {
            text += " The bell rings with notifications, which are off — say “turn on notifications” to hear it."
        }
        return turn.reply(text)
    }

    func testNotification(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        guard try transaction.settings().notificationsEnabled else {
            return turn.failed(.refused, "Notifications are off, so a test would show nothing. Say “turn on notifications” first.")
        }
        let notification = LaundryNotification(
            title: "Test Notification", text: "This is how LaundryTime tells you a wash or a dry is done.", pet: nil)
        return turn.reply("A test notification will arrive in 3 seconds.", content: .delayedNotification(notification, after: 3))
    }

    /// Deletes everything; there is no undo for it, hence the question first.
    func performReset(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        try transaction.deleteEverything()
        context = ConversationContext()
        return turn.reply("Data reset: every pet, the history, the settings and the transcript are gone. "
                          + "Create a pet to start again, e.g. “create pet Snowy”.")
    }
}


