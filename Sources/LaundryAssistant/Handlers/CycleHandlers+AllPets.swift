import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// "Start wash for all": one question, then the step for every pet it can be taken for, as one
/// change (one undo takes it all back).
extension CycleHandlers {
    /// Whether the command is about every pet ("for all", "everyone") rather than one.
    static func isForAllPets(_ command: Command) -> Bool {
        command[.value]?.listed == "all"
    }

    /// The step for the pet the line names, or for every pet when it says so ("fold everything").
    func cycleForOneOrAll(_ step: CycleStep, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try Self.isForAllPets(turn.command) ? cycleForAll(step, turn, pets: pets, transaction) : cycle(step, turn, pets: pets, transaction)
    }

    /// Asks once which pets the step would be taken for (with `--yes`, takes it at once).
    func cycleForAll(_ step: CycleStep, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard !pets.isEmpty else { return turn.failed(.refused, PetText.emptyState) }
        let ready = pets.filter { if case .changed = $0.applying(step, at: turn.now) { true } else { false } }
        guard !ready.isEmpty else {
            let why = pets.map { "\($0.name) \($0.stage(at: turn.now).statusText ?? "is idle")" }.joinedAsChoice("and")
            return turn.failed(.refused, "No pet can \(Self.stepWords(step)) now: \(why). Nothing changed.")
        }
        let names = ready.map(\.name.value)
        if assumeYes { return try performForAll(step, names: names, turn, pets: pets, transaction) }
        context.pending = .confirmation(.cycleForAll(step, names: names))
        let others = pets.filter { !names.contains($0.name.value) }
            .map { $0.statusLine(at: turn.now) }
        let aside = others.isEmpty ? "" : " (Not \(others.count == 1 ? "the other pet" : "the others"): \(others.joinedAsChoice("and")))"
        let question = "\(Self.stepWords(step).prefix(1).uppercased() + Self.stepWords(step).dropFirst()) for \(names.joinedAsChoice("and"))?\(aside) (yes/no)"
        return turn.reply(question, awaiting: .confirmation)
    }

    /// Takes the step for each named pet still able to take it, as one undoable change.
    func performForAll(_ step: CycleStep, names: [String], _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        var steps: [UndoStep] = [], done: [String] = [], lines: [String] = [], events: [PetEvent] = []
        for pet in pets where names.contains(pet.name.value) {
            guard case .changed(let changed, let event) = Self.caredFor(pet, by: step, at: turn.now).applying(step, at: turn.now) else { continue }
            steps += try Self.store(changed, event, was: pet, transaction)
            done.append(pet.name.value)
            lines.append(CycleText.done(event, snapshot: PetSnapshot(changed, at: turn.now)))
            events += Self.hookEvents(of: event, changed, at: turn.now)
        }
        guard !done.isEmpty else { return turn.failed(.refused, "None of those pets can \(Self.stepWords(step)) any more. Nothing changed.") }
        try transaction.pushUndo(UndoRecord(summary: "\(Self.stepWords(step, done: true)) for \(done.joinedAsChoice("and"))", steps: steps), at: turn.now)
        var reply = turn.reply((lines + ["Changed your mind? Say “undo” to take it all back."]).joined(separator: "\n"))
        reply.events = events
        return reply
    }

    func declinedForAll(_ step: CycleStep, _ turn: Turn) -> Reply {
        turn.reply("Okay — I did not \(Self.stepWords(step)) for any pet.")
    }

    /// "start the wash", "start the dryer", "mark the laundry folded", "stop the timer" — or, when
    /// `done`, "started the wash" and so on.
    static func stepWords(_ step: CycleStep, done: Bool = false) -> String {
        switch step {
        case .startWash: done ? "started the wash" : "start the wash"
        case .startDry: done ? "started the dryer" : "start the dryer"
        case .fold: done ? "marked the laundry folded" : "mark the laundry folded"
        case .stop: done ? "stopped the timer" : "stop the timer"
        }
    }
}
