import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// Pauses: "pause snowy until monday", "vacation mode for 2 weeks", "resume snowy".
/// A pause holds a pet's decay — health and mood stay, no due or sad notices come — and ends by
/// itself at its end, when resumed, or when laundry is done for the pet. Its timers run on.
/// A line that names no pet is about every pet: vacation is the household's.
struct PauseHandlers: Handlers {
    let shared: HandlerContext

    /// The longest pause: a year.
    static let longest: TimeInterval = 366 * 86_400

    func pause(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        // "pause" alone is said to music and calls as well: every pet is paused on a yes.
        if turn.command.slots.isEmpty, pets.count > 1, !assumeYes, turn.input.split(whereSeparator: { !$0.isLetter }).count == 1 {
            let every = Command(intent: .pausePet, slots: [.value: SlotValue(text: "all", content: .listed("all"))], template: "<pause> <pause_target>")
            context.pending = .guessedChange(Guess(command: every, sentence: "pause all \(pets.count) pets", confidence: nil))
            return turn.reply("Pause all \(pets.count) pets until you resume them? (yes/no)", awaiting: .confirmation)
        }
        // A pause may begin later ("next week", "from monday"); its end counts from its start.
        var start = turn.now
        if let slot = turn.command[.from], let value = slot.pauseBound {
            switch PauseEnd.resolve(value, now: turn.now, calendar: calendar) {
            case .at(let begin) where begin.timeIntervalSince(turn.now) > Self.longest:
                return turn.failed(.refused, "A pause can begin up to a year ahead; “\(slot.text)” is later. Nothing changed.")
            case .at(let begin) where !KeptDates.contains(begin):
                return turn.failed(.refused, KeptDates.refusal("The pause (“\(slot.text)”) would begin", begin))
            case .at(let begin): start = begin
            case .past: break
            case .open, .unreadable:
                return turn.failed(.refused, "I could not tell when “\(slot.text)” is. Say “from monday” or “from dec 20 until jan 3”. Nothing changed.")
            }
        }
        var until: Date?
        if let slot = turn.command[.until], let value = slot.pauseBound {
            switch resolveEnd(slot, value, from: start) {
            case .success(let end): until = end
            case .failure(let refusal): return turn.failed(.refused, refusal.message)
            }
        }
        let asksEnd = start > turn.now && turn.command[.until] == nil
        guard turn.command[.pet] == nil else {
            return try withPet(turn, pets: pets) { pet in try pause([pet], from: start, until: until, asksEnd: asksEnd, turn, transaction) }
        }
        guard !pets.isEmpty else { return turn.failed(.refused, PetText.emptyState) }
        return try pause(pets, from: start, until: until, asksEnd: asksEnd, turn, transaction)
    }

    /// Why a pause's end cannot be used, said to the user.
    struct Refusal: Error {
        let message: String
    }

    /// The instant an `until` slot stands for, counted from the pause's start; nil for no end.
    private func resolveEnd(_ slot: SlotValue, _ value: PauseBound, from start: Date) -> Result<Date?, Refusal> {
        switch PauseEnd.resolve(value, now: start, calendar: calendar) {
        case .open: .success(nil)
        case .at(let end) where end.timeIntervalSince(start) > Self.longest:
            .failure(Refusal(message: "A pause can last up to a year; “\(slot.text)” is longer. Nothing changed."))
        case .at(let end) where !KeptDates.contains(end):
            .failure(Refusal(message: KeptDates.refusal("The pause (“\(slot.text)”) would end", end)))
        case .at(let end): .success(end)
        case .past:
            .failure(Refusal(message: "“\(slot.text)” has gone by; a pause ends later than it begins. Nothing changed."))
        case .unreadable:
            .failure(Refusal(message: "I could not tell when “\(slot.text)” is. Say “until monday”, “for 2 weeks” or “until dec 24”. Nothing changed."))
        }
    }

    /// The answer to "Until when?": an end ("until sunday", "for a week", "the 6th") for the pets
    /// paused from `start`; nil when the line is no end, which leaves the pause open.
    func end(_ names: [String], from start: Date, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply? {
        let read = ["pause " + turn.input, "pause until " + turn.input].lazy
            .map { self.grammar.match($0) }
            .first { $0.intent == .pausePet && $0[.until] != nil && $0[.pet] == nil }
        guard let slot = read?[.until], let value = slot.pauseBound else { return nil }
        let paused = pets.filter { names.contains($0.name.value) && $0.pausedAt == start }
        guard !paused.isEmpty else { return nil }
        switch resolveEnd(slot, value, from: start) {
        case .failure(let refusal):
            context.pending = .pauseEnd(pets: names, start: start)
            return turn.failed(.refused, refusal.message)
        case .success(let until):
            var steps: [UndoStep] = []
            for pet in paused {
                var changed = pet
                changed.pausedUntil = until
                try transaction.update(changed)
                steps.append(.restorePet(pet))
            }
            let who = paused.map(\.name.value).joinedAsChoice("and")
            try transaction.pushUndo(UndoRecord(summary: "set the end of \(PetName.possessive(who)) pause", steps: steps), at: turn.now)
            let span = "from \(HistoryText.dayAndTime(start, calendar: calendar, from: turn.now)) "
                + (until.map { "until \(HistoryText.dayAndTime($0, calendar: calendar, from: turn.now))" } ?? "until you resume \(paused.count == 1 ? "it" : "them")")
            return turn.reply("\(who) \(paused.count == 1 ? "is" : "are") paused \(span).")
        }
    }

    private func pause(
        _ pets: [Pet], from start: Date, until: Date?, asksEnd: Bool, _ turn: Turn, _ transaction: StoreTransaction
    ) throws -> Reply {
        let (dead, living) = (pets.filter { $0.mood(at: turn.now) == .dead }, pets.filter { $0.mood(at: turn.now) != .dead })
        let deadNote = dead.isEmpty ? nil
            : "\(dead.map(\.name.value).joinedAsChoice("and")) \(dead.count == 1 ? "has" : "have") died: there is nothing to hold. Doing a load of laundry brings \(dead.count == 1 ? "it" : "them") back."
        guard !living.isEmpty else { return turn.failed(.refused, deadNote! + " Nothing changed.") }
        let later = start > turn.now
        let end = until.map { "until \(HistoryText.dayAndTime($0, calendar: calendar, from: turn.now))" } ?? "until you resume \(living.count == 1 ? "it" : "them")"
        let begins = later ? "from \(HistoryText.dayAndTime(start, calendar: calendar, from: turn.now)) " : ""
        var steps: [UndoStep] = [], lines: [String] = [], events: [PetEvent] = []
        for pet in living {
            let changed = pet.paused(from: start, at: turn.now, until: until)
            try transaction.update(changed)
            let id = try transaction.append(CycleEvent(kind: .paused(until: until), at: turn.now), for: changed)
            steps += [.restorePet(pet), .removeEvent(id: id)]
            events.append(PetEvent(.paused, of: changed, at: turn.now))
            var line = later
                ? "\(pet.name) pauses \(begins)\(end) — health holds from then."
                : "\(pet.name) is paused \(end) — health holds at \(changed.health(at: turn.now))%."
            if let timer = pet.stage(at: turn.now).timer { line += " Its timer runs on (ends at \(PetText.clockTime(timer.endsAt, calendar: calendar)))." }
            lines.append(line)
        }
        let names = living.map(\.name.value).joinedAsChoice("and")
        try transaction.pushUndo(UndoRecord(summary: "paused \(names)", steps: steps), at: turn.now)
        lines.append("No due or sad reminders come meanwhile. “resume\(living.count == 1 ? " " + living[0].name.value : "")” ends it early.")
        if let deadNote { lines.append(deadNote) }
        if asksEnd {
            lines.append("Until when? (“until sunday”, “for a week”, or nothing: it lasts until you resume.)")
            context.pending = .pauseEnd(pets: living.map(\.name.value), start: max(start, turn.now))
        }
        var reply = living.count == 1
            ? turn.reply(lines.joined(separator: " "), pet: living[0])
            : turn.reply(lines.joined(separator: "\n"))
        reply.events = events
        return reply
    }

    func resume(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard turn.command[.pet] == nil else {
            return try withPet(turn, pets: pets) { pet in
                guard pet.isPaused(at: turn.now) else {
                    return turn.failed(.refused, "\(pet.name) is not paused — \(pet.statusLine(at: turn.now)) Nothing changed.", pet: pet)
                }
                return try resume([pet], turn, transaction)
            }
        }
        let paused = pets.filter { $0.isPaused(at: turn.now) }
        guard !paused.isEmpty else {
            return turn.failed(.refused, pets.isEmpty ? PetText.emptyState : "No pet is paused. Nothing changed.")
        }
        return try resume(paused, turn, transaction)
    }

    private func resume(_ pets: [Pet], _ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        var steps: [UndoStep] = [], lines: [String] = [], events: [PetEvent] = []
        for pet in pets {
            let changed = pet.resumed(at: turn.now)
            try transaction.update(changed)
            let event = CycleEvent(kind: .resumed, at: turn.now)
            let id = try transaction.append(event, for: changed)
            steps += [.restorePet(pet), .removeEvent(id: id)]
            events.append(PetEvent(.resumed, of: changed, at: turn.now))
            lines.append(CycleText.done(event, snapshot: PetSnapshot(changed, at: turn.now)))
        }
        try transaction.pushUndo(UndoRecord(summary: "resumed \(pets.map(\.name.value).joinedAsChoice("and"))", steps: steps), at: turn.now)
        var reply = pets.count == 1
            ? turn.reply(lines[0], pet: pets[0], content: .petCard(PetSnapshot(pets[0].resumed(at: turn.now), at: turn.now)))
            : turn.reply(lines.joined(separator: "\n"))
        reply.events = events
        return reply
    }
}
