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
        try withPet(turn, pets: pets) { pet in
            switch pet.applying(step, at: turn.now) {
            case .changed(let changed, let event):
                try transaction.update(changed)
                let eventID = try transaction.append(event, for: changed)
                try transaction.pushUndo(
                    UndoRecord(summary: CycleText.summary(of: event, pet: pet.name.value),
                               steps: [.restorePet(pet), .removeEvent(id: eventID)]),
                    at: turn.now)
                let snapshot = PetSnapshot(changed, at: turn.now)
                let celebrates = if case .folded = event.kind { true } else { false }
                var reply = turn.reply(
                    CycleText.done(event, snapshot: snapshot), pet: changed,
                    kind: celebrates ? .celebration : .answer, content: .petCard(snapshot))
                reply.events = Self.hookEvents(of: event, changed, at: turn.now)
                return reply
            case .alreadyRunning(let window):
                return turn.reply(CycleText.alreadyRunning(step, pet: pet, remaining: window.remaining(at: turn.now)), pet: pet)
            case .refused(let refusal):
                return turn.failed(.refused, CycleText.refused(refusal, step: step, pet: pet, now: turn.now), pet: pet)
            }
        }
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
        withPet(turn, pets: pets) { pet in
            let stage = pet.stage(at: turn.now)
            guard let timer = stage.timer, let notification = LaundryNotification.stageEnded(stage, pet: pet.name.value) else {
                return turn.failed(.refused, "Nothing is running for \(pet.name) — \(pet.statusLine(at: turn.now)) Nothing to \(waiting ? "wait" : "watch") for.", pet: pet)
            }
            let activity = if case .washing = stage { "wash" } else { "dryer" }
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
                ? "Waiting for \(pet.name)'s \(activity) — \(left) left."
                : "Watching \(pet.name)'s \(activity) — \(left) left. Ctrl-C stops watching."
            return turn.reply(text, pet: pet, content: waiting ? .wait(watch) : .watch(watch))
        }
    }
}
