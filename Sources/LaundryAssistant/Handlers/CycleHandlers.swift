import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// The laundry cycle: start wash, start dryer, fold, stop — and watching or waiting for a timer.
struct CycleHandlers: Handlers {
    let shared: HandlerContext

    /// The limits "wait … up to N minutes" takes: a day at most. No timer runs that long, so a
    /// longer limit would mean nothing, and a bounded one keeps the deadline a sane date.
    static let waitLimits = 1...1440

    func cycle(_ step: CycleStep, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try withPet(turn, pets: pets, fitting: .ready(for: step, at: turn.now)) { pet in
            // A step taken earlier ("i folded snowy yesterday at 6pm") happens at that instant.
            var at = turn.now, note = ""
            if let slot = turn.command[.at], let value = slot.instant {
                let last = try transaction.events(petId: pet.id, limit: 1).first
                switch Self.instant(value, words: slot.text, pet: pet, lastEvent: last, now: turn.now, calendar: calendar) {
                case .success(let instant):
                    at = instant
                    note = "(Counted as \(HistoryText.dayAndTime(instant, calendar: calendar)).) "
                case .failure(let refusal):
                    return turn.failed(.refused, refusal.text, pet: pet)
                }
            }
            let outcome = Self.caredFor(pet, by: step, at: at).applying(step, at: at)
            // A timer started late on 31 December 9999 would end in a year the store does not keep.
            if case .changed(_, let event) = outcome, let end = event.kind.endsAt, !KeptDates.contains(end) {
                return turn.failed(.refused, KeptDates.refusal("\(pet.name.possessive) \(step == .startDry ? "dryer" : "wash") would end", end), pet: pet)
            }
            switch outcome {
            case .changed(let changed, let event):
                if step.isCare && pet.isPaused(at: at) { note += "(\(pet.name.possessive) pause is over.) " }
                try transaction.pushUndo(
                    UndoRecord(summary: CycleText.summary(of: event, pet: pet.name.value),
                               steps: try Self.store(changed, event, was: pet, transaction)),
                    at: turn.now)
                let snapshot = PetSnapshot(changed, at: turn.now)
                let celebrates = if case .folded = event.kind { true } else { false }
                var reply = turn.reply(
                    note + CycleText.done(event, snapshot: snapshot), pet: changed,
                    kind: celebrates ? .celebration : .answer, content: .petCard(snapshot))
                reply.events = Self.hookEvents(of: event, changed, at: turn.now)
                return reply
            case .alreadyRunning(let window):
                return turn.reply(CycleText.alreadyRunning(step, pet: pet, window: window, now: turn.now, calendar: calendar), pet: pet)
            case .refused(let refusal):
                let then = at == turn.now ? "" : "At \(HistoryText.dayAndTime(at, calendar: calendar)): "
                return turn.failed(.refused, then + CycleText.refused(refusal, step: step, pet: pet, now: at), pet: pet)
            }
        }
    }

    /// The pet as laundry done for it at `instant` finds it: a pause holding it is over (doing
    /// the laundry means you are back). Stopping a timer is no laundry done: the pause holds.
    static func caredFor(_ pet: Pet, by step: CycleStep, at instant: Date) -> Pet {
        step.isCare && pet.isPaused(at: instant) ? pet.resumed(at: instant) : pet
    }

    /// Stores a step taken for `pet` (as it `was`): the pet, the end of a pause the step ended,
    /// and the step's event. Returns what undoes them.
    static func store(_ changed: Pet, _ event: CycleEvent, was pet: Pet, _ transaction: StoreTransaction) throws -> [UndoStep] {
        try transaction.update(changed)
        var steps: [UndoStep] = [.restorePet(pet)]
        if pet.isPaused(at: event.at) && !changed.isPaused(at: event.at) {
            steps.append(.removeEvent(id: try transaction.append(CycleEvent(kind: .resumed, at: event.at), for: changed)))
        }
        steps.append(.removeEvent(id: try transaction.append(event, for: changed)))
        return steps
    }

    struct InstantRefusal: Error {
        let text: String
    }

    /// The instant an `at` slot's ``PastInstant`` stands for, in `calendar`'s time zone: the
    /// latest such instant not after `now` — and never before the pet's last recorded step, nor
    /// before the pet was made.
    static func instant(
        _ value: PastInstant, words: String, pet: Pet, lastEvent: RecordedEvent?, now: Date, calendar: Calendar
    ) -> Result<Date, InstantRefusal> {
        var candidates: [Date] = []
        switch value {
        case .secondsAgo(let seconds):
            candidates = [now.addingTimeInterval(-Double(seconds))]
        case .clock(let time, let day, let twelveHour):
            let days = switch day {
            case .today: [0]
            case .yesterday: [-1]
            case .latest: [0, -1]
            }
            let hours = twelveHour ? [time.hour % 12, time.hour % 12 + 12] : [time.hour]
            let today = calendar.startOfDay(for: now)
            for day in days {
                guard let date = calendar.date(byAdding: .day, value: day, to: today) else { continue }
                for hour in hours {
                    if let instant = calendar.date(bySettingHour: hour, minute: time.minute, second: 0, of: date) { candidates.append(instant) }
                }
            }
        }
        guard !candidates.isEmpty else { return .failure(InstantRefusal(text: "I could not tell when “\(words)” was. Nothing changed.")) }
        guard let instant = candidates.filter({ $0 <= now }).max() else {
            return .failure(InstantRefusal(text: "“\(words)” has not come yet; a step can be counted earlier, never later. Nothing changed."))
        }
        let earliest = max(pet.createdAt, lastEvent?.at ?? pet.createdAt)
        guard instant >= earliest else {
            let what = lastEvent.map { "its last step (\($0.kind.words)) was at \(HistoryText.dayAndTime($0.at, calendar: calendar))" }
                ?? "it was made at \(HistoryText.dayAndTime(pet.createdAt, calendar: calendar))"
            return .failure(InstantRefusal(text: "\(pet.name) cannot have done that at \(HistoryText.dayAndTime(instant, calendar: calendar)): "
                + "\(what). Nothing changed."))
        }
        return .success(instant)
    }

    /// What the hooks are told of a step taken: a fold, or a fold that brought the pet back.
    static func hookEvents(of event: CycleEvent, _ pet: Pet, at now: Date) -> [PetEvent] {
        switch event.kind.recorded {
        case .folded: [PetEvent(.folded, of: pet, at: now)]
        case .revived: [PetEvent(.revived, of: pet, at: now)]
        default: []
        }
    }

    /// `watch` and `wait`: the reply says what is running; the session then follows the timer.
    func watchOrWait(_ turn: Turn, pets: [Pet], waiting: Bool) -> Reply {
        withPet(turn, pets: pets, fitting: .timing(at: turn.now)) { pet in
            let stage = pet.stage(at: turn.now)
            guard let timer = stage.timer, let notification = LaundryNotification.stageEnded(stage, pet: pet.name.value) else {
                return turn.failed(.refused, "Nothing is running for \(pet.name) — \(pet.statusLine(at: turn.now)) Nothing to \(waiting ? "wait" : "watch") for.", pet: pet)
            }
            let activity: TimerWatch.Activity = if case .washing = stage { .wash } else { .dryer }
            let left = DurationText.countdown(timer.remaining(at: turn.now))
            var deadline: Date?
            if waiting, let slot = turn.command[.minutes], let limit = slot.number {
                let range = Self.waitLimits
                switch RangeCheck(limit, words: slot.text, in: range, unit: "minute",
                                  allowed: "a wait can be limited to \(range.lowerBound) to \(range.upperBound) minutes (a day), or not at all") {
                case .fits(let minutes): deadline = turn.now.addingTimeInterval(Double(minutes) * 60)
                case .refused(let text): return turn.failed(.refused, text, pet: pet)
                }
            }
            let watch = TimerWatch(pet: pet.name.value, activity: activity, timer: timer, notification: notification, deadline: deadline)
            let text = waiting
                ? "Waiting for \(pet.name.possessive) \(activity.rawValue) — \(left) left."
                : "Watching \(pet.name.possessive) \(activity.rawValue) — \(left) left. Ctrl-C stops watching."
            return turn.reply(text, pet: pet, content: waiting ? .wait(watch) : .watch(watch))
        }
    }
}
