import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// The one dispatcher: gives a pending question the first look at a line, then runs the line by
/// its intent through the handlers of its concern.
struct Dispatcher: Handlers {
    let shared: HandlerContext

    /// Gives a pending question the first look at the line, then runs the line as itself.
    func converse(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        if let pending = context.pending {
            context.pending = nil
            switch pending {
            case .confirmation(let confirmation):
                // Another pet named by a nickname ("yes, the towels instead") is no plain yes either.
                let others = pets.flatMap { [$0.name.value] + ($0.name.value == confirmation.petName ? [] : Array($0.nicknames)) }
                switch AnswerWords.meaning(of: turn, grammar: grammar, pet: confirmation.petName, otherPets: others) {
                case .yes:
                    return try conversationHandlers.perform(confirmation, Turn(input: turn.input, command: Command(intent: .confirm), now: turn.now),
                                                            pets: pets, transaction)
                case .no:
                    return conversationHandlers.declined(confirmation, Turn(input: turn.input, command: Command(intent: .deny), now: turn.now))
                case .unclear:
                    context.pending = pending
                    return conversationHandlers.askAgain(confirmation, turn, pets: pets)
                // Another command drops the question: a yes is never taken from another command.
                case .another: break
                }
            case .pet(let command, let asked, let choices):
                if let answer = petAnswer(turn, pets: pets, choices: choices) {
                    let retried = Turn(input: turn.input, command: command.with(.pet, answer), now: turn.now)
                    return try handle(retried, pets: pets, transaction)
                }
                // A look meanwhile ("how is snowy") is answered, and the question still waits.
                if !turn.command.intent.changesData, ![.unknown, .quit, .clear, .deny].contains(turn.command.intent) {
                    let look = try handleCorrected(turn, pets: pets, transaction)
                    guard context.pending == nil, look.awaiting == nil else { return look }
                    context.pending = pending
                    return look.appending("Which pet for “\(asked)” — \(choices.joinedAsChoice())? (The question still waits.)", awaiting: .pet)
                }
            case .quickActions:
                // A number typed after the grid is "/quick N": an action, or which ones there are.
                if let number = SlotNumber(text: turn.input) {
                    let command = Command(intent: .quickActions, slots: [.count: SlotValue(text: turn.input, content: .number(number))])
                    return try conversationHandlers.quickActions(Turn(input: turn.input, command: command, now: turn.now), pets: pets, transaction)
                }
            case .suggestions(let guesses):
                if let reply = try conversationHandlers.answer(to: guesses, turn, pets: pets, transaction) { return reply }
            case .guessedChange(let guess):
                if let reply = try conversationHandlers.answer(to: [guess], turn, pets: pets, transaction) { return reply }
            case .newPetName:
                if let reply = try petHandlers.newPetName(turn, pets: pets, transaction) { return reply }
            case .pauseEnd(let names, let start):
                if let reply = try pauseHandlers.end(names, from: start, turn, pets: pets, transaction) { return reply }
            }
            // The line is no answer: the question is dropped, and the command that asked it is undone.
            if pending.awaitsAnswer {
                shared.droppedQuestions += 1
                if shared.keepsQuestions {
                    return turn.failed(.refused, "Not run: the question before it was not answered, so that command was not done either.")
                }
            }
        }
        return try handleCorrected(turn, pets: pets, transaction)
    }

    /// Runs a line read with misspelt command words corrected, saying how it was read — except a
    /// change under `--yes`, where nobody reads that note: a guess never changes data alone. A
    /// change read by an `ask:` template is asked about first.
    private func handleCorrected(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        if !assumeYes, turn.command.intent.changesData, grammar.asksFirst(turn.command) {
            return conversationHandlers.askFirst(turn, pets: pets)
        }
        let corrections = turn.command.corrections
        guard !corrections.isEmpty else { return try handle(turn, pets: pets, transaction) }
        let read = corrections.map { "“\($0.typed)” as “\($0.meant)”" }.joinedAsChoice("and")
        if assumeYes && turn.command.intent.changesData {
            return turn.failed(.notUnderstood,
                "I don't know \(PetText.quoted(turn.input)) — with “\(corrections[0].meant)” for “\(corrections[0].typed)” it would change "
                    + "your data, and with --yes nobody would see that guess. Nothing was changed; type it as you mean it.")
        }
        return try handle(turn, pets: pets, transaction).prefixed("(I took \(read).)")
    }

    /// A line that is nothing but a pet's name or nickname (or close to exactly one), or a pet's
    /// place in the question's list ("2", "the second one"), as an answer to "which pet?".
    private func petAnswer(_ turn: Turn, pets: [Pet], choices: [String]) -> SlotValue? {
        let input = turn.input
        if let number = ChoiceAnswer.pick(input, among: choices.count, grammar: grammar),
           let pet = pets.first(where: { $0.name.value == choices[number - 1] }) {
            return SlotValue(text: pet.name.value, knownPet: pet.name.value)
        }
        let key = PetName.key(for: input)
        if let pet = pets.first(where: { $0.name.key == key }) ?? PetResolution.nicknamed(input, in: pets) {
            return SlotValue(text: input, knownPet: pet.name.value)
        }
        let close = PetResolution.closePets(to: key, in: pets)
        if close.count == 1 { return SlotValue(text: input) }
        // A word of exactly one choice's name: "the sock one" for Sock Monster — in a short line
        // that is no command of its own ("how is snowy" is a look) and says no "not" ("please do
        // not delete fluffy" names no pet for a step).
        let words = PetName.key(for: input).split(separator: " ")
        guard turn.command.intent == .unknown, words.count <= 3, !grammar.cues(in: input).contains(where: \.kind.holdsBackAChange) else { return nil }
        let said = Set(words)
        let named = choices.filter { choice in PetName.key(for: choice).split(separator: " ").contains { $0.count >= 3 && said.contains($0) } }
        return named.count == 1 ? SlotValue(text: named[0], knownPet: named[0]) : nil
    }

    /// Runs a line by its intent, through the handlers of its concern. In a store that can only be
    /// read, a change is refused before anything is asked (an export, which only reads the store,
    /// is made).
    func handle(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        if let reason = shared.readOnlyReason, turn.command.intent.changesStore {
            return turn.failed(.refused, "Nothing was changed: \(shared.location.databaseURL.path) can only be read here (\(reason)).")
        }
        switch turn.command.intent {
        case .createPet: return try petHandlers.createPet(turn, pets: pets, transaction)
        case .listPets: return petHandlers.listPets(turn, pets: pets)
        case .status: return petHandlers.status(turn, pets: pets)
        case .showPet: return petHandlers.showPet(turn, pets: pets)
        case .renamePet: return try petHandlers.renamePet(turn, pets: pets, transaction)
        case .addNickname: return try nicknameHandlers.addNickname(turn, pets: pets, transaction)
        case .deletePet: return try petHandlers.deletePet(turn, pets: pets, transaction)
        case .setWashTime: return try settingHandlers.setTiming(.wash, turn, pets: pets, transaction)
        case .setDryTime: return try settingHandlers.setTiming(.dry, turn, pets: pets, transaction)
        case .setFrequency: return try settingHandlers.setTiming(.frequency, turn, pets: pets, transaction)
        case .startWash: return try cycleHandlers.cycleForOneOrAll(.startWash, turn, pets: pets, transaction)
        case .startDry: return try cycleHandlers.cycleForOneOrAll(.startDry, turn, pets: pets, transaction)
        case .markFolded: return try cycleHandlers.cycleForOneOrAll(.fold, turn, pets: pets, transaction)
        case .stopCycle: return try cycleHandlers.cycle(.stop, turn, pets: pets, transaction)
        case .pausePet: return try pauseHandlers.pause(turn, pets: pets, transaction)
        case .resumePet: return try pauseHandlers.resume(turn, pets: pets, transaction)
        case .showSettings: return try settingHandlers.showSettings(turn, pets: pets, transaction)
        case .setSetting: return try settingHandlers.setSetting(turn, transaction)
        case .testNotification: return try settingHandlers.testNotification(turn, transaction)
        case .resetAll: return try conversationHandlers.askOrPerform(.resetAll, turn, pets: pets, transaction)
        case .history: return try recordHandlers.history(turn, pets: pets, transaction)
        case .export: return try recordHandlers.export(turn, pets: pets, transaction)
        case .transcript: return try recordHandlers.transcript(turn, transaction)
        case .help: return helpHandlers.help(turn)
        case .quickActions: return try conversationHandlers.quickActions(turn, pets: pets, transaction)
        case .undo: return try conversationHandlers.undo(turn, pets: pets, transaction)
        case .confirm, .deny: return turn.failed(.refused, "There is no question to answer right now.")
        case .clear: return turn.reply("Screen cleared — your pets and history are untouched.", content: .clearScreen)
        case .greeting: return conversationHandlers.greeting(turn, pets: pets)
        case .thanks: return turn.reply("You're welcome! Your pets thank you too. 🧺")
        case .connection: return try recordHandlers.connection(turn, transaction)
        case .watch: return cycleHandlers.watchOrWait(turn, pets: pets, waiting: false)
        case .wait: return cycleHandlers.watchOrWait(turn, pets: pets, waiting: true)
        case .quit: return turn.reply(Assistant.goodbye, kind: .goodbye)
        case .unknown: return try conversationHandlers.unknown(turn, pets: pets, transaction)
        }
    }
}

/// Which pets a command that names none may be about, by their state: the only one
/// that fits is the one meant; when several fit, only they are asked about.
struct PetFit {
    let fits: (Pet) -> Bool
    /// Said of the only one that fits: "ready for the dryer".
    let description: String

    /// The pets that can take `step` now.
    static func ready(for step: CycleStep, at now: Date) -> PetFit {
        let description = switch step {
        case .startWash: "ready for a wash"
        case .startDry: "ready for the dryer"
        case .fold: "ready to fold"
        case .stop: "with a timer running"
        }
        return PetFit(fits: { if case .changed = $0.applying(step, at: now) { true } else { false } }, description: description)
    }

    /// The pets whose wash or dryer is running.
    static func timing(at now: Date) -> PetFit {
        PetFit(fits: { $0.stage(at: now).timer != nil }, description: "with a timer running")
    }
}

extension Handlers {
    /// Runs `body` with the pet the command names, or answers why there is none (and, when there
    /// are several pets, asks which — the next line may be just the name). With `fitting`, a
    /// command that names no pet is about the only one that fits, and asks only among those that do.
    func withPet(_ turn: Turn, pets: [Pet], fitting: PetFit? = nil, _ body: (Pet) throws -> Reply) rethrows -> Reply {
        switch PetResolution.resolve(turn.command[.pet], in: pets, lastPet: context.lastPetName) {
        case .found(let pet, let guess):
            // With --yes nobody reads a question: a misspelling is not guessed at for a change.
            if case .typo(let words) = guess, assumeYes, turn.command.intent.changesData {
                return turn.failed(.refused,
                    "There is no pet called “\(words)”. Did you mean \(pet.name)? With --yes, a change is made only for a pet named "
                        + "exactly (or by the start of its name), so nothing was changed.")
            }
            context.lastPetName = pet.name.value
            let reply = try body(pet)
            guard let guess else { return reply }
            return reply.prefixed("(I took “\(guess.words)” to mean \(pet.name).)")
        case .unknown(let words, let close, let pets):
            if !close.isEmpty {
                return turn.failed(.refused, "There is no pet called “\(words)”. Did you mean \(close.map(\.name.value).joinedAsChoice())?")
            }
            let names = pets.map(\.name.value)
            let have = names.isEmpty
                ? "you have no pets yet. Create one with “create pet \(words)”."
                : "you have \(names.joinedAsChoice("and"))."
            return turn.failed(.refused, "There is no pet called “\(words)” — \(have)")
        case .ambiguous(let pets):
            // A follow-up ("and start the dryer too") is about the pet of the line before.
            if let last = context.lastPetName, let pet = pets.first(where: { $0.name.value == last }),
               grammar.cues(in: turn.input).contains(where: { $0.kind == .followUp }) {
                return try body(pet).prefixed("(\(pet.name), as before.)")
            }
            let fit = fitting.map { pets.filter($0.fits) } ?? []
            if fit.count == 1, let fitting {
                context.lastPetName = fit[0].name.value
                return try body(fit[0]).prefixed("(\(fit[0].name) is the only pet \(fitting.description).)")
            }
            // None can take the step now: asking which would only lead to a refusal. Each pet's
            // next step says when one can.
            if fit.isEmpty, let fitting {
                let steps = pets.map { "\($0.name) — \(PetSnapshot($0, at: turn.now).nextStep { PetText.clockTime($0) })" }
                return turn.failed(.refused, "There is no pet \(fitting.description) now. Next: \(steps.joined(separator: "; ")).")
            }
            let names = (fit.isEmpty ? pets : fit).map(\.name.value)
            context.pending = .pet(turn.command, input: turn.input, choices: names)
            return turn.reply("Which pet — \(names.joinedAsChoice())?", awaiting: .pet)
        case .noPets:
            return turn.failed(.refused, PetText.emptyState)
        }
    }
}
