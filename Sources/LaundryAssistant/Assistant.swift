import Foundation
import LaundryCore
// `package`: the program's entry point and the tests hand the assistant its store and grammar;
// nothing else of either is part of what the assistant shows (its other files import them internal).
package import LaundryGrammar
package import LaundryStore

/// The conversation: a line in, a ``Reply`` out.
///
/// Each line is matched against the grammar with the user's pet names, resolved to a pet, run
/// against LaundryCore, and stored — the state change, its undo record, and the line and the
/// reply in the transcript, in one transaction. With `dryRun` the same work is done and then
/// rolled back, so the replies are exactly those a real run would give, and nothing changes.
///
/// The handlers for each group of intents live in the `Assistant+….swift` files beside this one.
public final class Assistant {
    let grammar: Grammar
    let store: LaundryStore
    public let clock: Clock
    public let dryRun: Bool
    /// Answer "yes" to every confirmation (`--yes`).
    public let assumeYes: Bool
    /// The user's calendar and time zone: days and weeks of the history are local. Looked up
    /// when first needed (loading the time zone and calendar data is a cost most commands,
    /// and a one-shot `/status`, need not pay).
    public private(set) lazy var calendar: Calendar = chosenCalendar ?? .current
    private let chosenCalendar: Calendar?
    /// Tells a new name that looks like another pet's (Cyrillic "Ѕnоwy" beside "Snowy").
    let confusables: ConfusableTable

    /// Lines longer than this, in UTF-8 bytes, are answered without being parsed (and kept in
    /// the transcript only in part): the cost of a line stays bounded, whatever is pasted.
    public static let maximumLineBytes = 4096

    var context = ConversationContext()
    /// The last pet names read and the grammar's index of them (``petNameIndex(_:)``).
    private var indexedPets: (names: [String], index: PetNameIndex)?
    /// Checks and writes the files exports go to.
    var exportFile = ExportFile()

    /// How many questions (which pet, a confirmation, a guessed change, a new pet's name) were
    /// dropped because the next line was another command: each left the command that asked undone.
    public private(set) var droppedQuestions = 0

    /// Whether a question (which pet, a confirmation, a guessed change, a new pet's name) is still
    /// waiting for its answer: a script that ends here left a command undone.
    public var isAwaitingAnswer: Bool {
        switch context.pending {
        case .pet, .confirmation, .newPetName, .guessedChange: true
        case .quickActions, .suggestions, nil: false
        }
    }

    /// - Parameters:
    ///   - calendar: the calendar for local days and weeks; nil for the user's own
    ///     (`Calendar.current`, looked up when first needed).
    ///   - confusables: which names look alike; Unicode's, parsed when first needed.
    package init(
        store: LaundryStore, grammar: Grammar, clock: Clock, dryRun: Bool = false, assumeYes: Bool = false,
        calendar: Calendar? = nil, confusables: ConfusableTable = .unicode
    ) {
        self.confusables = confusables
        chosenCalendar = calendar
        self.store = store
        self.grammar = grammar
        self.clock = clock
        self.dryRun = dryRun
        self.assumeYes = assumeYes
    }

    /// Answers one line.
    public func respond(to line: String) -> Reply {
        let now = clock.now()
        // Measured before anything else looks at the line: counting UTF-8 bytes costs nothing.
        guard line.utf8.count <= Self.maximumLineBytes else {
            return record(Turn(input: line, command: .unknown, now: now).failed(
                .notUnderstood,
                "That line is too long (\(NumberText.grouped(line.utf8.count)) bytes); a command is at most "
                    + "\(NumberText.grouped(Self.maximumLineBytes)) bytes. Nothing was changed."))
        }
        let input = line.trimmingWhitespace()
        guard !input.isEmpty else {
            return record(Turn(input: input, command: .unknown, now: now).failed(
                .notUnderstood, "That command is empty. Type “help” to see what you can say."))
        }
        // The grammar reads words and would skip an escape sequence's punctuation ("create pet
        // ESC[2J" would make a pet "2J"): a line holding control or direction characters is
        // refused whole, with the character named.
        if let bad = input.unicodeScalars.first(where: { PetName.isForbidden($0) && $0 != "\t" }) {
            return record(Turn(input: input, command: .unknown, now: now).failed(
                .notUnderstood,
                "That line holds a control or invisible character (\(PetText.unicodeName(bad))), which LaundryTime does not take. Nothing was changed; type the command without it."))
        }
        return record(input: input, now: now) { transaction in
            let pets = try transaction.pets()
            let reading = grammar.interpret(input, pets: petNameIndex(pets.map(\.name.value)))
            return try converse(Turn(input: input, command: reading.command, now: now, guesses: reading.guesses), pets: pets, transaction)
        }
    }

    /// The user's pets as the grammar reads them — made again only when their names change:
    /// making it (tokenising each name, its spellings and their forms) cost more than reading
    /// the line itself, 17 % of a 10,000-line script (perf, store benchmark's script).
    private func petNameIndex(_ names: [String]) -> PetNameIndex {
        if let cached = indexedPets, cached.names == names { return cached.index }
        let index = PetNameIndex(names: names)
        indexedPets = (names, index)
        return index
    }

    /// Answers a line that was not valid UTF-8 text.
    public func respond(toUndecodable bytes: [UInt8]) -> Reply {
        let input = String(decoding: bytes, as: UTF8.self)
        return record(Turn(input: input, command: .unknown, now: clock.now()).failed(
            .notUnderstood, "That line is not valid UTF-8 text, so I cannot read it. Nothing was changed."))
    }

    /// Keeps a delivered notification in the transcript.
    public func recordDelivery(of notification: LaundryNotification) {
        guard !dryRun else { return }
        _ = try? store.write { transaction in
            try transaction.append([TranscriptMessage(
                at: clock.now(), role: .notification, text: notification.line, petName: notification.pet)])
        }
    }

    // MARK: - The conversation

    /// Gives a pending question the first look at the line, then runs the line as itself.
    private func converse(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        if let pending = context.pending {
            context.pending = nil
            switch pending {
            case .confirmation(let confirmation):
                switch turn.command.intent {
                case .confirm: return try perform(confirmation, turn, pets: pets, transaction)
                case .deny: return declined(confirmation, turn)
                // A line no template fits that says no in any words ("wait no") is a no; one that
                // is a plain yes in any words ("yeah im sure") is a yes.
                case .unknown where AnswerWords.saysNo(turn.input):
                    return declined(confirmation, Turn(input: turn.input, command: Command(intent: .deny), now: turn.now))
                case .unknown where AnswerWords.saysYes(turn.input, pet: confirmation.petName, otherPets: pets.map(\.name.value)):
                    return try perform(confirmation, Turn(input: turn.input, command: Command(intent: .confirm), now: turn.now),
                                       pets: pets, transaction)
                // Any other line drops the question: a yes is never taken from another command.
                default: droppedQuestions += 1
                }
            case .pet(let command, _, let choices):
                if let answer = petAnswer(turn.input, pets: pets, choices: choices) {
                    let retried = Turn(input: turn.input, command: command.with(.pet, answer), now: turn.now)
                    return try handle(retried, pets: pets, transaction)
                }
                droppedQuestions += 1
            case .quickActions:
                // A number typed after the grid is "/quick N": an action, or which ones there are.
                if let number = SlotNumber(text: turn.input) {
                    let command = Command(intent: .quickActions, slots: [.count: SlotValue(text: turn.input, value: number.text)])
                    return try quickActions(Turn(input: turn.input, command: command, now: turn.now), pets: pets, transaction)
                }
            case .suggestions(let guesses):
                if let reply = try answer(to: guesses, turn, pets: pets, transaction) { return reply }
            case .guessedChange(let guess):
                if let reply = try answer(to: [guess], turn, pets: pets, transaction) { return reply }
                droppedQuestions += 1
            case .newPetName:
                if let reply = try newPetName(turn, pets: pets, transaction) { return reply }
                droppedQuestions += 1
            }
        }
        return try handleCorrected(turn, pets: pets, transaction)
    }

    /// Runs a line read with misspelt command words corrected, saying how it was read — except a
    /// change under `--yes`, where nobody reads that note: a guess never changes data alone.
    private func handleCorrected(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
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

    /// A line that is nothing but a pet's name (or close to exactly one), or a pet's place in
    /// the question's list ("2", "the second one"), as an answer to "which pet?".
    private func petAnswer(_ input: String, pets: [Pet], choices: [String]) -> SlotValue? {
        if let number = ChoiceAnswer.pick(input, among: choices.count),
           let pet = pets.first(where: { $0.name.value == choices[number - 1] }) {
            return SlotValue(text: pet.name.value, knownPet: pet.name.value)
        }
        let key = PetName.key(for: input)
        if let pet = pets.first(where: { $0.name.key == key }) { return SlotValue(text: input, knownPet: pet.name.value) }
        let close = PetResolution.closePets(to: key, in: pets)
        return close.count == 1 ? SlotValue(text: input) : nil
    }

    func handle(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        switch turn.command.intent {
        case .createPet: return try createPet(turn, pets: pets, transaction)
        case .listPets: return listPets(turn, pets: pets)
        case .status: return status(turn, pets: pets)
        case .showPet: return showPet(turn, pets: pets)
        case .renamePet: return try renamePet(turn, pets: pets, transaction)
        case .deletePet: return try deletePet(turn, pets: pets, transaction)
        case .setWashTime: return try setTiming(.wash, turn, pets: pets, transaction)
        case .setDryTime: return try setTiming(.dry, turn, pets: pets, transaction)
        case .setFrequency: return try setTiming(.frequency, turn, pets: pets, transaction)
        case let intent where Self.isForAllPets(turn.command) && [.startWash, .startDry, .markFolded].contains(intent):
            return try cycleForAll(CycleStep(rawValue: intent.rawValue)!, turn, pets: pets, transaction)
        case .startWash: return try cycle(.startWash, turn, pets: pets, transaction)
        case .startDry: return try cycle(.startDry, turn, pets: pets, transaction)
        case .markFolded: return try cycle(.fold, turn, pets: pets, transaction)
        case .stopCycle: return try cycle(.stop, turn, pets: pets, transaction)
        case .showSettings: return try showSettings(turn, pets: pets, transaction)
        case .setSetting: return try setSetting(turn, transaction)
        case .testNotification: return try testNotification(turn, transaction)
        case .resetAll: return try askOrPerform(.resetAll, turn, pets: pets, transaction)
        case .history: return try history(turn, pets: pets, transaction)
        case .export: return try export(turn, pets: pets, transaction)
        case .transcript: return try transcript(turn, transaction)
        case .help: return help(turn)
        case .quickActions: return try quickActions(turn, pets: pets, transaction)
        case .undo: return try undo(turn, transaction)
        case .confirm, .deny: return turn.failed(.refused, "There is no question to answer right now.")
        case .clear: return turn.reply("Screen cleared — your pets and history are untouched.", content: .clearScreen)
        case .greeting: return greeting(turn, pets: pets)
        case .thanks: return turn.reply("You're welcome! Your pets thank you too. 🧺")
        case .connection: return try connection(turn, transaction)
        case .watch: return watchOrWait(turn, pets: pets, waiting: false)
        case .wait: return watchOrWait(turn, pets: pets, waiting: true)
        case .quit: return turn.reply(Self.goodbye, kind: .goodbye)
        case .unknown: return try unknown(turn, pets: pets, transaction)
        }
    }

    // MARK: - Pets and context

    /// Runs `body` with the pet the command names, or answers why there is none (and, when there
    /// are several pets, asks which — the next line may be just the name).
    func withPet(_ turn: Turn, pets: [Pet], _ body: (Pet) throws -> Reply) rethrows -> Reply {
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
            let names = pets.map(\.name.value)
            context.pending = .pet(turn.command, input: turn.input, choices: names)
            return turn.reply("Which pet — \(names.joinedAsChoice())?", awaiting: .pet)
        case .noPets:
            return turn.failed(.refused, PetText.emptyState)
        }
    }

    // MARK: - Storing

    /// Runs `body` in one write transaction and stores the line and the reply with its changes;
    /// in a dry run, rolls everything back.
    private func record(input: String, now: Date, _ body: (StoreTransaction) throws -> Reply) -> Reply {
        let contextBefore = context
        do {
            return try store.write(commit: !dryRun) { transaction in
                let reply = try body(transaction)
                try transaction.append(transcript(of: reply))
                try transaction.pruneTranscriptIfDue(at: now)
                return reply
            }
        } catch {
            // Nothing was stored, so nothing the failed line set up may stay in the context.
            context = contextBefore
            let storeError = error as? StoreError
            let message = (storeError?.description ?? "The command failed: \(error).") + " Nothing was changed."
                + (storeError?.wayOut.map { " " + $0 } ?? "")
            return Turn(input: input, command: .unknown, now: now).failed(storeError?.isDamage == true ? .damagedStore : .store, message)
        }
    }

    /// Stores a reply that needed no parsing.
    private func record(_ reply: Reply) -> Reply {
        record(input: reply.input, now: reply.at) { _ in reply }
    }

    private func transcript(of reply: Reply) -> [TranscriptMessage] {
        [
            TranscriptMessage(at: reply.at, role: .user, text: reply.input),
            TranscriptMessage(at: reply.at, role: .assistant, text: reply.transcriptText, intent: reply.intent.rawValue,
                              ok: reply.ok, petName: reply.pet),
        ]
    }
}

/// One line being answered: builds its replies.
struct Turn {
    let input: String
    let command: Command
    let now: Date
    /// When no template fits the line: what it may have meant (``LaundryGrammar/Interpretation``).
    var guesses: [Guess] = []

    /// The slots for the JSON contract: a typed slot's value ("75", "on"), else the words — and
    /// a help topic as typed ("timers"; the intents it stands for are the grammar's business).
    var slots: [String: String] {
        Dictionary(uniqueKeysWithValues: command.slots.map { kind, slot in
            (kind.rawValue, kind == .topic ? slot.text : slot.value ?? slot.text)
        })
    }

    func reply(
        _ text: String, pet: Pet? = nil, kind: Reply.Kind = .answer, content: Reply.Content? = nil,
        awaiting: Reply.Awaiting? = nil
    ) -> Reply {
        reply(lines: Reply.Line.split(text), pet: pet, kind: kind, content: content, awaiting: awaiting)
    }

    func reply(
        lines: [Reply.Line], pet: Pet? = nil, kind: Reply.Kind = .answer, content: Reply.Content? = nil,
        awaiting: Reply.Awaiting? = nil
    ) -> Reply {
        Reply(input: input, intent: command.intent, slots: slots, pet: pet?.name.value, lines: lines, at: now,
              kind: awaiting == nil ? kind : .question, awaiting: awaiting, content: content)
    }

    func failed(_ failure: Reply.Failure, _ text: String, pet: Pet? = nil, awaiting: Reply.Awaiting? = nil) -> Reply {
        Reply(input: input, intent: command.intent, slots: slots, pet: pet?.name.value, failure: failure, text: text,
              at: now, kind: awaiting == nil ? .error : .question, awaiting: awaiting)
    }
}

extension Reply {
    /// The same reply with a sentence before its words: on its first line when that is a
    /// paragraph, else on a line of its own, so that it shows wherever the rest is drawn instead
    /// (a card, the dashboard).
    func prefixed(_ sentence: String) -> Reply {
        var lines = lines
        if let first = lines.first, first.role == .paragraph {
            lines[0] = Line(.paragraph, "\(sentence) \(first.text)")
        } else {
            lines.insert(Line(.paragraph, sentence), at: 0)
        }
        return Reply(input: input, intent: intent, slots: slots, pet: pet, failure: failure, lines: lines,
                     at: at, kind: kind, awaiting: awaiting, content: content)
    }
}
