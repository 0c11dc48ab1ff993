import Foundation
import LaundryCore
internal import LaundryConfusables
internal import LaundryGrammar
internal import LaundryStore

/// Pets: create, list, the dashboard, one pet's card, rename, delete.
struct PetHandlers: Handlers {
    let shared: HandlerContext

    func createPet(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard let raw = turn.command[.name]?.text else {
            context.pending = .newPetName
            return turn.reply("What should the new pet be called? (Type its name, e.g. “Snowy”, or “cancel”.)", awaiting: .name)
        }
        if !Self.saysPet(turn.command) {
            guard isNameLike(raw) else {
                return Turn(input: turn.input, command: .unknown, now: turn.now).failed(.notUnderstood,
                    "I don't know \(PetText.quoted(turn.input)): I look after laundry pets. To make one, say “create pet NAME”, e.g. “create pet Snowy”.")
            }
            // "create alarm" is said of alarms and contacts as well: a pet is made on a yes.
            if !assumeYes {
                let command = Command(intent: .createPet, slots: [.name: SlotValue(text: raw)], template: "create <pet_word> {name}")
                context.pending = .guessedChange(Guess(command: command, sentence: "create a pet called \(raw)", confidence: nil))
                return turn.reply("Create a pet called \(raw)? (yes/no)", awaiting: .confirmation)
            }
        }
        let name: PetName
        do {
            name = try PetName(typed: raw)
        } catch {
            return turn.failed(.refused, PetText.nameProblem(error, raw: raw))
        }
        if let existing = pets.first(where: { $0.name.key == name.key }) {
            return turn.failed(.refused, "You already have a pet called \(existing.name). Pick another name.", pet: existing)
        }
        if let existing = lookAlike(of: name, among: pets) {
            return turn.failed(.refused, PetText.looksTheSame(name, as: existing.name), pet: existing)
        }
        if let owner = NicknameHandlers.owner(ofNicknameLike: name, among: pets) {
            return turn.failed(.refused, NicknameHandlers.nameTaken(name, by: owner), pet: owner)
        }
        // "create pet Fluffy for towels": the kind, as the grammar's list words it.
        let kind = turn.command[.value]?.listed.map(PetNicknames.key(for:))
        if let kind, let owner = NicknameHandlers.owner(ofNickname: kind, among: pets) {
            return turn.failed(.refused, "“\(kind)” already names \(owner.name). Pick another kind for \(name), or make it without one.", pet: owner)
        }
        let pet = try transaction.insert(Pet(name: name, createdAt: turn.now, nicknames: PetNicknames(kind.map { [$0] } ?? [])))
        try transaction.pushUndo(UndoRecord(summary: "created \(pet.name)", steps: [.removePet(id: pet.id!)]), at: turn.now)
        context.lastPetName = pet.name.value
        let settings = pet.settings
        return turn.reply(
            "Meet \(pet.name)\(kind.map { ", for your \($0)" } ?? "")! \(pet.statusLine(at: turn.now)) "
                + "Laundry is due every \(DurationText.plural(settings.frequencyDays, "day")); "
                + "a wash takes \(settings.washMinutes) min and a dry \(settings.dryMinutes) min. "
                + "Say “start wash for \(pet.name)” when it is time.",
            pet: pet, content: .petCard(PetSnapshot(pet, at: turn.now)))
    }

    /// Whether the line said it is a pet that is made ("create pet Rex", "new pet called Rex",
    /// "/new Rex") — not only "create Rex", which is said of timers and contacts as well.
    private static func saysPet(_ command: Command) -> Bool {
        guard let template = command.template else { return true }
        return template.contains("<pet_word>") || template.hasPrefix("/")
    }

    /// Whether words said after a bare "create" are a name: a few words, not starting like a
    /// thing ("a new timer", "the list"), nor holding a number ("alarms for 8 pm").
    private func isNameLike(_ raw: String) -> Bool {
        let words = raw.split(whereSeparator: \.isWhitespace)
        return words.count <= 3 && !raw.contains(where: \.isNumber) && !grammar.cues(in: raw).contains { $0.kind == .thing && $0.clause == 0 && $0.position == 0 }
    }

    func listPets(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return emptyDashboard(turn) }
        let snapshots = pets.map { PetSnapshot($0, at: turn.now) }
        let heading = "You have \(DurationText.plural(pets.count, "pet")):"
        return turn.reply(lines: [Reply.Line(.paragraph, heading)] + snapshots.map { .entry(PetText.listLine($0), role: .contentText) },
                          content: .dashboard(snapshots))
    }

    /// The answer to "what should the new pet be called?": a line no template fits (or "call it
    /// Gymbo") is the name; "no" or "cancel" drops the question; any other command is itself (nil).
    func newPetName(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply? {
        let command = turn.command
        let name: SlotValue
        switch command.intent {
        case .deny: return turn.reply("Okay — no pet was created.")
        case .unknown: name = SlotValue(text: turn.input)
        case .renamePet where command[.pet]?.isPronoun == true && command[.name] != nil: name = command[.name]!
        default: return nil
        }
        let named = Turn(input: turn.input, command: Command(intent: .createPet, slots: [.name: name]), now: turn.now)
        return try createPet(named, pets: pets, transaction)
    }

    func status(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return emptyDashboard(turn) }
        if turn.command[.value]?.listed == "due" { return turn.reply(toDo(pets, now: turn.now)) }
        let snapshots = pets.map { PetSnapshot($0, at: turn.now) }
        return turn.reply(lines: snapshots.map { Reply.Line(.contentText, PetText.statusLine($0)) }, content: .dashboard(snapshots))
    }

    /// No pets yet: the welcome, which the dashboard draws as its empty state.
    private func emptyDashboard(_ turn: Turn) -> Reply {
        turn.reply(lines: Reply.Line.split(PetText.emptyState, as: .contentText), content: .dashboard([]))
    }

    func showPet(_ turn: Turn, pets: [Pet]) -> Reply {
        withPet(turn, pets: pets, fitting: .timing(at: turn.now)) { pet in
            // "When is Fluffy due?" is answered with the day and time, not the whole card.
            if turn.command[.value]?.listed == "due" { return turn.reply(dueAnswer(pet, now: turn.now), pet: pet) }
            let snapshot = PetSnapshot(pet, at: turn.now)
            return turn.reply(lines: Reply.Line.split(PetText.card(snapshot), as: .contentText), pet: pet, content: .petCard(snapshot))
        }
    }

    /// "What should I do next?": each pet's step that can be taken now, with the sentence that
    /// takes it — ready for the dryer, ready to fold, dead, overdue — or, when none can, the next
    /// pet due (and the timers running).
    private func toDo(_ pets: [Pet], now: Date) -> String {
        var steps: [String] = [], running: [String] = []
        for pet in pets {
            let name = pet.name.value
            let due = pet.nextDue(at: now)
            if pet.isPaused(at: now), pet.nextAction(at: now) == .startWash {
                running.append("\(name) is \(PetText.pausedText(pet, now: now, calendar: calendar)).")
                continue
            }
            switch pet.nextAction(at: now) {
            case .startDryer: steps.append("\(name) is ready for the dryer! Say “start dryer for \(name)”.")
            case .markFolded: steps.append("\(name) is ready to be folded! Say “mark \(name) folded”.")
            case .reviveWithLaundry: steps.append("\(name) needs reviving. Say “revive \(name)”.")
            case .startWash where due <= now:
                let when = "\(HistoryText.dayAndTime(due, calendar: calendar)) — \(PetText.dueText(due, now: now))"
                steps.append("\(name) is overdue (due \(when)). Say “start wash for \(name)”.")
            case .waitForWash(let left), .waitForDryer(let left):
                running.append("\(name) \(pet.stage(at: now).statusText ?? "is busy") (\(DurationText.countdown(left)) left).")
            case .startWash: break
            }
        }
        guard steps.isEmpty else { return steps.joined(separator: "\n") }
        var lines = ["Nothing needs doing now."]
        if let next = pets.filter({ $0.nextAction(at: now) == .startWash }).min(by: { $0.nextDue(at: now) < $1.nextDue(at: now) }) {
            let due = next.nextDue(at: now)
            lines[0] += " Next due: \(next.name), \(HistoryText.dayAndTime(due, calendar: calendar)) — \(PetText.dueText(due, now: now))."
        }
        return (lines + running).joined(separator: "\n")
    }

    /// "Fluffy's laundry is due Sun 8 Mar 09:00 — in 7 days." (or "was due …, 2 days ago").
    private func dueAnswer(_ pet: Pet, now: Date) -> String {
        let due = pet.nextDue(at: now)
        let when = "\(HistoryText.dayAndTime(due, calendar: calendar)) — \(PetText.dueText(due, now: now))"
        let forecast = PetSnapshot(pet, at: now).forecast(calendar: calendar).map { " " + $0 + "." } ?? ""
        if pet.isPaused(at: now) {
            let paused = PetText.pausedText(pet, now: now, calendar: calendar)
            guard pet.pausedUntil != nil else {
                return "\(pet.name) is \(paused): its health holds at \(pet.health(at: now))% until you resume it (“resume \(pet.name)”)."
            }
            // The forecast's "Paused until …" has been said.
            let then = forecast.range(of: " · then ").map { " Then " + forecast[$0.upperBound...] } ?? forecast
            return "\(pet.name) is \(paused); its laundry is due \(when).\(then)"
        }
        if let stage = pet.stage(at: now).statusText {
            return "\(pet.name.possessive) laundry is due \(when); right now \(pet.name) \(stage)\(forecast)"
        }
        return (due > now ? "\(pet.name.possessive) laundry is due \(when)." : "\(pet.name.possessive) laundry was due \(when): it is time for a wash.")
            + forecast
    }

    func renamePet(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try withPet(turn, pets: pets) { pet in
            guard let raw = turn.command[.name]?.text else {
                return turn.failed(.refused, "What should \(pet.name) be called? Say “rename \(pet.name) to NAME”.", pet: pet)
            }
            let name: PetName
            do throws(PetNameError) {
                name = try PetName(typed: raw)
            } catch {
                return turn.failed(.refused, PetText.nameProblem(error, raw: raw), pet: pet)
            }
            if name.value == pet.name.value {
                return turn.reply("\(pet.name) is already called \(pet.name). Nothing changed.", pet: pet)
            }
            if let other = pets.first(where: { $0.name.key == name.key && $0.id != pet.id }) {
                return turn.failed(.refused, "You already have a pet called \(other.name). Pick another name.", pet: pet)
            }
            if let other = lookAlike(of: name, among: pets.filter { $0.id != pet.id }) {
                return turn.failed(.refused, PetText.looksTheSame(name, as: other.name), pet: pet)
            }
            if let owner = NicknameHandlers.owner(ofNicknameLike: name, among: pets, besides: pet) {
                return turn.failed(.refused, NicknameHandlers.nameTaken(name, by: owner), pet: pet)
            }
            var renamed = pet
            renamed.name = name
            try transaction.update(renamed)
            try transaction.pushUndo(
                UndoRecord(summary: "renamed \(pet.name) to \(name)", steps: [.restorePet(pet)]), at: turn.now)
            context.lastPetName = name.value
            return turn.reply("\(pet.name) is now called \(name). \(renamed.statusLine(at: turn.now))", pet: renamed)
        }
    }

    /// The pet among `pets` whose name looks the same as `name` (UTS #39 skeletons, case
    /// ignored), which a reader could not tell apart from it. With no pets to compare with, the
    /// confusables table is not even loaded.
    private func lookAlike(of name: PetName, among pets: [Pet]) -> Pet? {
        guard !pets.isEmpty else { return nil }
        let key = confusables.lookAlikeKey(name.value)
        return pets.first { confusables.lookAlikeKey($0.name.value) == key }
    }

    func deletePet(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try withPet(turn, pets: pets) { pet in
            try conversationHandlers.askOrPerform(.deletePet(name: pet.name.value), turn, pets: pets, transaction)
        }
    }

    /// Deletes a pet with its history; undo puts both back.
    func performDelete(of name: String, _ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        guard let pet = try transaction.pet(named: name), let id = pet.id else {
            return turn.failed(.refused, "\(name) is already gone.")
        }
        let events = try transaction.events(petId: id).reversed()
        try transaction.deletePet(id: id)
        try transaction.pushUndo(
            UndoRecord(summary: "deleted \(pet.name)", steps: [.restorePet(pet), .restoreEvents(Array(events))]), at: turn.now)
        if context.lastPetName == pet.name.value { context.lastPetName = nil }
        return turn.reply("Deleted \(pet.name) and its history. Changed your mind? Say “undo”.", pet: pet)
    }
}
