import Foundation
import LaundryCore

/// What the assistant says about the laundry cycle: each step done, a harmless repeat, and a step
/// that does not fit the stage — always with what the pet needs instead.
enum CycleText {
    static func done(_ event: CycleEvent, snapshot pet: PetSnapshot) -> String {
        let name = pet.name
        switch event.kind {
        case .washStarted(let end):
            return "\(name) is getting clean! 🫧 The wash takes \(pet.settings.washMinutes) min and ends at \(PetText.clockTime(end))."
        case .dryStarted(let end):
            return "\(name) is drying off. ♨ The dryer takes \(pet.settings.dryMinutes) min and ends at \(PetText.clockTime(end))."
        case .washStopped:
            return "Stopped \(PetName.possessive(name)) wash. \(name) is idle again — start a new wash when you are ready."
        case .dryStopped:
            return "Stopped \(PetName.possessive(name)) dryer. The laundry is washed and waits for the dryer."
        case .folded(revived: false):
            return "\(name) is so happy! 🎉 Cycle \(pet.stats.totalCycles) done · streak \(pet.stats.currentStreak) (best \(pet.stats.bestStreak))."
        case .folded(revived: true):
            return "\(name) is back to life! 🎉 Health is 100% again; the streak starts over from 0 (cycles done: \(pet.stats.totalCycles))."
        case .paused:
            return "\(name) is paused — health holds at \(pet.health)% and no due or sad reminders come meanwhile."
        case .resumed:
            return "\(name) is back from its pause: health \(pet.health)%, laundry due \(pet.dueText)."
        }
    }

    /// What a step did, for undo's reply: "started Snowy's wash".
    static func summary(of event: CycleEvent, pet name: String) -> String {
        switch event.kind {
        case .washStarted: "started \(PetName.possessive(name)) wash"
        case .dryStarted: "started \(PetName.possessive(name)) dryer"
        case .washStopped: "stopped \(PetName.possessive(name)) wash"
        case .dryStopped: "stopped \(PetName.possessive(name)) dryer"
        case .folded(revived: false): "folded \(PetName.possessive(name)) laundry"
        case .folded(revived: true): "revived \(name)"
        case .paused: "paused \(name)"
        case .resumed: "resumed \(name)"
        }
    }

    /// A start said again: the time left — or, for a step told afterwards whose timer has ended
    /// since, when it ran and where the pet is now (not "0:00 left").
    static func alreadyRunning(_ step: CycleStep, pet: Pet, window: TimerWindow, now: Date, calendar: Calendar) -> String {
        guard window.hasEnded(at: now) else {
            let what = step == .startDry ? "drying" : "washing"
            return "\(pet.name) is already \(what) — \(DurationText.countdown(window.remaining(at: now))) left. Nothing changed."
        }
        let (noun, next) = step == .startDry ? ("dry", "ready to fold") : ("wash", "ready for the dryer")
        let today = calendar.isDate(window.startedAt, inSameDayAs: now)
        let from = today ? PetText.clockTime(window.startedAt, calendar: calendar) : HistoryText.dayAndTime(window.startedAt, calendar: calendar)
        return "\(pet.name.possessive) \(noun) from \(from) is logged already: it ended at \(PetText.clockTime(window.endsAt, calendar: calendar)), "
            + "and \(pet.name) is \(next). Nothing changed."
    }

    static func refused(_ refusal: CycleRefusal, step: CycleStep, pet: Pet, now: Date) -> String {
        let name = pet.name.value
        switch refusal {
        case .stillWashing(let remaining):
            return "\(name) is still washing — \(DurationText.countdown(remaining)) left. "
                + (step == .fold ? "Then the dryer, then folding." : "The dryer comes next, when the wash is done.")
        case .stillDrying(let remaining):
            return "\(name) is still drying — \(DurationText.countdown(remaining)) left. Fold the laundry when it is done."
        case .needsWash:
            return step == .fold
                ? "\(PetName.possessive(name)) laundry is not washed and dried yet. Start with “start wash for \(name)”."
                : "\(PetName.possessive(name)) laundry has not been washed yet. Start with “start wash for \(name)”."
        case .needsDryer:
            return "\(name) is ready for the dryer! Say “start dryer for \(name)” next."
        case .needsFold:
            return "\(name) is ready to be folded! Say “mark \(name) folded” first."
        case .nothingRunning:
            return "Nothing is running for \(name) — \(pet.statusLine(at: now)) Nothing to stop."
        }
    }
}
