import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// The conversation itself: confirmations, undo, quick actions, greetings, and lines that
/// were not understood.
struct ConversationHandlers: Handlers {
    /// Where another session's change was made, as an undo's reply says it.
    static func place(of session: ProcessSession) -> String {
        session.isOnAnotherComputer
            ? "on another computer, in a LaundryTime that may still be open there"
            : "in another LaundryTime that is still open"
    }

    let shared: HandlerContext

    // MARK: - Confirmations

    /// Asks before a change that deletes data — or does it at once with `--yes`.
    func askOrPerform(
        _ confirmation: ConversationContext.Confirmation, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction
    ) throws -> Reply {
        if assumeYes { return try perform(confirmation, turn, pets: pets, transaction) }
        context.pending = .confirmation(confirmation)
        let question: String
        switch confirmation {
        case .deletePet(let name):
            question = "Delete \(name)? This will permanently delete this pet and all its data. (yes/no)"
        case .resetAll:
            question = "Reset All Data? This will delete all pets, laundry history, and settings. This cannot be undone. (yes/no)"
        case .overwrite(let request):
            question = "\(request.path ?? "The file") exists. Overwrite it? (yes/no)"
        case .exportAnyway(let request, let fileFormat):
            question = "You asked for \(request.format.title), but \(request.path ?? "the file") is named for \(fileFormat.title). "
                + "Write \(request.format.title) to it anyway? (yes/no)"
        case .cycleForAll(let step, _):
            return try cycleHandlers.cycleForAll(step, turn, pets: pets, transaction)
        case .undoEarlierCreation(let summary, let at, let name):
            question = "Undo “\(summary)” (made \(shared.captionTime(at, now: turn.now)), in an earlier session)? "
                + "\(name) and all its data would be deleted. (yes/no)"
        }
        let pet = confirmation.petName.flatMap { name in pets.first { $0.name.value == name } }
        return turn.reply(question, pet: pet, awaiting: .confirmation)
    }

    /// The question again, after an answer that was neither a plain yes nor a no ("maybe", a
    /// misspelling read as "correct"): it still waits.
    func askAgain(_ confirmation: ConversationContext.Confirmation, _ turn: Turn, pets: [Pet]) -> Reply {
        let change = switch confirmation {
        case .deletePet(let name): "delete \(name) and all its data"
        case .resetAll: "reset all data — every pet, its history and the settings"
        case .overwrite(let request): "overwrite \(request.path ?? "the file")"
        case .exportAnyway(let request, _): "write \(request.format.title) to \(request.path ?? "the file") anyway"
        case .cycleForAll(let step, let names): "\(CycleHandlers.stepWords(step)) for \(names.joinedAsChoice("and"))"
        case .undoEarlierCreation(let summary, _, let name): "undo “\(summary)”, deleting \(name) and all its data"
        }
        let pet = confirmation.petName.flatMap { name in pets.first { $0.name.value == name } }
        return turn.reply("I need a plain yes or no: should I \(change)? Say “yes” to do it or “no” to leave it.", pet: pet, awaiting: .confirmation)
    }

    func perform(
        _ confirmation: ConversationContext.Confirmation, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction
    ) throws -> Reply {
        switch confirmation {
        case .deletePet(let name): return try petHandlers.performDelete(of: name, turn, transaction)
        case .resetAll: return try settingHandlers.performReset(turn, transaction)
        case .overwrite(let request): return try recordHandlers.writeExport(request, turn, pets: pets, transaction, overwrite: true)
        case .exportAnyway(let request, _):
            return try recordHandlers.writeExport(request, turn, pets: pets, transaction, overwrite: assumeYes)
        case .cycleForAll(let step, let names): return try cycleHandlers.performForAll(step, names: names, turn, pets: pets, transaction)
        case .undoEarlierCreation: return try undo(turn, pets: pets, transaction, confirmed: true)
        }
    }

    func declined(_ confirmation: ConversationContext.Confirmation, _ turn: Turn) -> Reply {
        switch confirmation {
        case .deletePet(let name): turn.reply("Okay, \(name) stays.")
        case .resetAll: turn.reply("Okay, nothing was reset.")
        case .overwrite(let request): turn.reply("Okay, \(request.path ?? "the file") was left as it is.")
        case .exportAnyway(let request, let fileFormat):
            turn.reply("Okay, nothing was written." + (RecordHandlers.sentence(for: request, as: fileFormat).map {
                " For \(fileFormat.title), say “\($0)”."
            } ?? ""))
        case .cycleForAll(let step, _): cycleHandlers.declinedForAll(step, turn)
        case .undoEarlierCreation(_, _, let name): turn.reply("Okay, nothing was undone. \(name) stays.")
        }
    }

    // MARK: - Undo

    /// Takes back the last change. One that would delete a pet an earlier session created is asked
    /// about first, as a delete is: "undo" typed days later may mean something else.
    func undo(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction, confirmed: Bool = false) throws -> Reply {
        if !confirmed, case .undone(let record, let at, madeHere: false) = try transaction.undoPreview(),
           let removed = record.removedPetIDs.first, let pet = pets.first(where: { $0.id == removed }) {
            return try askOrPerform(.undoEarlierCreation(summary: record.summary, at: at, petName: pet.name.value), turn, pets: pets, transaction)
        }
        switch try transaction.undo() {
        case .nothingToUndo:
            return turn.failed(.refused, "There is nothing to undo.")
        case .madeElsewhere(let summary, let at, let session):
            let place = Self.place(of: session) + (session.isOnAnotherComputer ? "" : " (process \(session.pid))")
            return turn.failed(.refused,
                "The last change, “\(summary)” (\(shared.captionTime(at, now: turn.now))), was made \(place); "
                    + "undo it there. There is nothing of yours to undo.")
        case .changedSince(let summary, let at, let newer):
            let after = newer.map { newer in
                "“\(newer.summary)” (\(shared.captionTime(newer.at, now: turn.now))\(newer.elsewhere.map { ", " + Self.place(of: $0) } ?? ""))"
                    + " came after it, and would be taken back too"
            } ?? "what it changed has changed again since"
            return turn.failed(.refused,
                "Not undone: “\(summary)” (\(shared.captionTime(at, now: turn.now))) — \(after). Nothing was changed"
                    + (newer.map { $0.elsewhere != nil ? "." : "; say “undo” for that one first." } ?? "."))
        case .undone(let record, let at, let madeHere):
            let pets = try transaction.pets()
            // Say where the pet it touched stands now.
            let touched = record.steps.lazy.compactMap { step -> Pet? in
                if case .restorePet(let pet) = step { return pets.first { $0.id == pet.id } } else { return nil }
            }.first
            if let touched { context.lastPetName = touched.name.value }
            let status = touched.map { " " + $0.statusLine(at: turn.now) } ?? ""
            let origin = madeHere ? "" : " (made \(shared.captionTime(at, now: turn.now)), in an earlier session)"
            return turn.reply("Undone: \(record.summary)\(origin).\(status)", pet: touched)
        }
    }

    // MARK: - Quick actions

    func quickActions(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        let actions = grammar.quickActions
        if let slot = turn.command[.count], let number = slot.number {
            // The user's words, not the number: forty nines are read as the slot's ceiling.
            guard case .whole(let wanted) = number, let action = actions.first(where: { $0.number == wanted }) else {
                return turn.failed(.refused, "There is no quick action \(slot.text); they go from 1 to \(actions.count).")
            }
            return try runQuickAction(action, turn, pets: pets, transaction)
        }
        context.pending = .quickActions
        let lines = actions.map { Reply.Line.entry("\($0.number)  \($0.label)", marker: "  ", role: .contentText) }
        return turn.reply(lines: [Reply.Line(.contentText, "⚡ Quick actions — type a number to run one:")] + lines,
                          content: .quickActions(actions.map { Reply.QuickAction(number: $0.number, label: $0.label) }))
    }

    func runQuickAction(_ action: Grammar.QuickAction, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try handle(Turn(input: turn.input, command: Command(intent: action.intent), now: turn.now), pets: pets, transaction)
    }

    // MARK: - Small talk

    func greeting(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return turn.reply("Hi! 👋 " + PetText.emptyState) }
        let lines = pets.prefix(3).map { $0.statusLine(at: turn.now) }.joined(separator: ". ")
        return turn.reply("Hi! 👋 \(lines).".replacingOccurrences(of: "!.", with: "!"))
    }
}
