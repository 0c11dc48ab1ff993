import Foundation
import LaundryCore
import LaundryGrammar
import LaundryStore

/// The conversation: a line in, a ``Reply`` out.
///
/// Each line is matched against the grammar with the user's pet names, resolved to a pet, run
/// against LaundryCore, and stored — the state change together with the line and the reply in
/// the transcript, in one transaction. With `dryRun` the same work is done and then rolled back,
/// so the replies are exactly those a real run would give, and nothing changes.
public final class Assistant {
    public let grammar: Grammar
    public let store: LaundryStore
    public let clock: Clock
    public let dryRun: Bool

    /// Lines longer than this are answered without being parsed.
    public static let maximumLineLength = 1000

    /// The pet last talked about.
    private(set) var lastPetName: String?

    public init(store: LaundryStore, grammar: Grammar, clock: Clock, dryRun: Bool = false) {
        self.store = store
        self.grammar = grammar
        self.clock = clock
        self.dryRun = dryRun
    }

    /// Answers one line.
    public func respond(to line: String) -> Reply {
        let now = clock.now()
        let input = line.trimmingWhitespace()
        guard !input.isEmpty else {
            return record(Turn(input: input, command: .unknown, now: now).failed(
                .notUnderstood, "That command is empty. Type “help” to see what you can say."))
        }
        guard input.count <= Self.maximumLineLength else {
            return record(Turn(input: input, command: .unknown, now: now).failed(
                .notUnderstood,
                "That line is too long (\(input.count) characters); a command is at most \(Self.maximumLineLength)."))
        }
        return record(input: input, now: now) { transaction in
            let pets = try transaction.pets()
            let command = grammar.match(input, pets: PetNameIndex(names: pets.map(\.name.value)))
            let turn = Turn(input: input, command: command, now: now)
            return try handle(turn, pets: pets, transaction)
        }
    }

    /// Answers a line that was not valid UTF-8 text.
    public func respond(toUndecodable bytes: [UInt8]) -> Reply {
        let input = String(decoding: bytes, as: UTF8.self)
        return record(Turn(input: input, command: .unknown, now: clock.now()).failed(
            .notUnderstood, "That line is not valid UTF-8 text, so I cannot read it. Nothing was changed."))
    }

    // MARK: - Running a command

    private func handle(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        switch turn.command.intent {
        case .createPet: return try createPet(turn, pets: pets, transaction)
        case .listPets: return listPets(turn, pets: pets)
        case .status: return status(turn, pets: pets)
        case .showPet:
            return withPet(turn, pets: pets) { pet in
                let snapshot = PetSnapshot(pet, at: turn.now)
                return turn.reply(PetText.card(snapshot), pet: pet, content: .petCard(snapshot))
            }
        case .startWash: return try cycle(.startWash, turn, pets: pets, transaction)
        case .startDry: return try cycle(.startDry, turn, pets: pets, transaction)
        case .markFolded: return try cycle(.fold, turn, pets: pets, transaction)
        case .stopCycle: return try cycle(.stop, turn, pets: pets, transaction)
        case .help: return help(turn)
        case .quit: return turn.reply("Bye! Your pets will be waiting. 🧺", kind: .goodbye)
        case .unknown:
            return turn.failed(
                .notUnderstood, "I don't know that command: “\(turn.input)”. Type “help” to see what you can say.")
        }
    }

    private func createPet(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard let raw = turn.command[.name]?.text else {
            return turn.failed(.refused, "What should the new pet be called? Say “create pet NAME”, e.g. “create pet Snowy”.")
        }
        let name: PetName
        do {
            name = try PetName(raw)
        } catch {
            return turn.failed(.refused, PetText.nameProblem(error, raw: raw))
        }
        if let existing = pets.first(where: { $0.name.key == name.key }) {
            return turn.failed(.refused, "You already have a pet called \(existing.name). Pick another name.", pet: existing)
        }
        let pet = try transaction.insert(Pet(name: name, createdAt: turn.now))
        lastPetName = pet.name.value
        let settings = pet.settings
        return turn.reply(
            "Meet \(pet.name)! \(pet.statusLine(at: turn.now)) Laundry is due every \(DurationText.plural(settings.frequencyDays, "day")); "
                + "a wash takes \(settings.washMinutes) min and a dry \(settings.dryMinutes) min. "
                + "Say “start wash for \(pet.name)” when it is time.",
            pet: pet, content: .petCard(PetSnapshot(pet, at: turn.now)))
    }

    private func listPets(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return turn.reply(PetText.emptyState, content: .dashboard([])) }
        let snapshots = pets.map { PetSnapshot($0, at: turn.now) }
        let heading = "You have \(DurationText.plural(pets.count, "pet")):"
        return turn.reply(
            ([heading] + snapshots.map(PetText.listLine)).joined(separator: "\n"), content: .dashboard(snapshots))
    }

    private func status(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return turn.reply(PetText.emptyState, content: .dashboard([])) }
        let snapshots = pets.map { PetSnapshot($0, at: turn.now) }
        return turn.reply(snapshots.map(PetText.statusLine).joined(separator: "\n"), content: .dashboard(snapshots))
    }

    private func cycle(_ step: CycleStep, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try withPet(turn, pets: pets) { pet in
            switch pet.applying(step, at: turn.now) {
            case .changed(let changed, let event):
                try transaction.update(changed)
                try transaction.append(event, for: changed)
                let snapshot = PetSnapshot(changed, at: turn.now)
                let celebrates = if case .folded = event.kind { true } else { false }
                return turn.reply(
                    CycleText.done(event, snapshot: snapshot), pet: changed,
                    kind: celebrates ? .celebration : .answer, content: .petCard(snapshot))
            case .alreadyRunning(let window):
                return turn.reply(CycleText.alreadyRunning(step, pet: pet, remaining: window.remaining(at: turn.now)), pet: pet)
            case .refused(let refusal):
                return turn.failed(.refused, CycleText.refused(refusal, step: step, pet: pet, now: turn.now), pet: pet)
            }
        }
    }

    private func help(_ turn: Turn) -> Reply {
        var sections: [HelpSection] = []
        for help in grammar.intents {
            let entry = HelpSection.Entry(summary: help.summary, examples: help.examples)
            if let index = sections.firstIndex(where: { $0.title == help.group }) {
                sections[index] = HelpSection(title: help.group, entries: sections[index].entries + [entry])
            } else {
                sections.append(HelpSection(title: help.group, entries: [entry]))
            }
        }
        var lines = ["Here is what you can say:"]
        for section in sections {
            lines.append("\(section.title):")
            for entry in section.entries {
                let examples = entry.examples.map { "“\($0)”" }.joined(separator: ", ")
                lines.append("  \(examples) — \(entry.summary)")
            }
        }
        return turn.reply(lines.joined(separator: "\n"), content: .help(sections))
    }

    // MARK: - Pets and context

    /// Runs `body` with the pet the command names, or answers why there is none.
    private func withPet(_ turn: Turn, pets: [Pet], _ body: (Pet) throws -> Reply) rethrows -> Reply {
        switch PetResolution.resolve(turn.command[.pet], in: pets) {
        case .found(let pet):
            lastPetName = pet.name.value
            return try body(pet)
        case .unknown(let words, let pets):
            let names = pets.map(\.name.value)
            let have = names.isEmpty
                ? "you have no pets yet. Create one with “create pet \(words)”."
                : "you have \(names.joinedAsChoice("and"))."
            return turn.failed(.refused, "There is no pet called “\(words)” — \(have)")
        case .ambiguous(let pets):
            let names = pets.map(\.name.value)
            // Slash shortcuts take the name right after them ("/wash Snowy"); sentences take "for".
            let example = turn.input.hasPrefix("/") ? "\(turn.input) \(names[0])" : "\(turn.input) for \(names[0])"
            return turn.failed(
                .refused, "Which pet — \(names.joinedAsChoice())? Say the name too, e.g. “\(example)”.", awaiting: .pet)
        case .noPets:
            return turn.failed(.refused, PetText.emptyState)
        }
    }

    // MARK: - Storing

    /// Runs `body` in one write transaction and stores the line and the reply with its changes;
    /// in a dry run, rolls everything back.
    private func record(input: String, now: Date, _ body: (StoreTransaction) throws -> Reply) -> Reply {
        do {
            return try store.write(commit: !dryRun) { transaction in
                let reply = try body(transaction)
                try transaction.append(transcript(of: reply))
                return reply
            }
        } catch let error as StoreError {
            return Turn(input: input, command: .unknown, now: now).failed(.store, error.description + " Nothing was changed.")
        } catch {
            return Turn(input: input, command: .unknown, now: now).failed(.store, "The command failed: \(error). Nothing was changed.")
        }
    }

    /// Stores a reply that needed no parsing.
    private func record(_ reply: Reply) -> Reply {
        record(input: reply.input, now: reply.at) { _ in reply }
    }

    private func transcript(of reply: Reply) -> [TranscriptMessage] {
        [
            TranscriptMessage(at: reply.at, role: .user, text: reply.input),
            TranscriptMessage(at: reply.at, role: .assistant, text: reply.text, intent: reply.intent.rawValue,
                              ok: reply.ok, petName: reply.pet),
        ]
    }
}

/// One line being answered: builds its replies.
struct Turn {
    let input: String
    let command: Command
    let now: Date

    var slots: [String: String] {
        Dictionary(uniqueKeysWithValues: command.slots.map { ($0.key.rawValue, $0.value.text) })
    }

    func reply(
        _ text: String, pet: Pet? = nil, kind: Reply.Kind = .answer, content: Reply.Content? = nil
    ) -> Reply {
        Reply(input: input, intent: command.intent, slots: slots, pet: pet?.name.value, text: text, at: now,
              kind: kind, content: content)
    }

    func failed(_ failure: Reply.Failure, _ text: String, pet: Pet? = nil, awaiting: Reply.Awaiting? = nil) -> Reply {
        Reply(input: input, intent: command.intent, slots: slots, pet: pet?.name.value, failure: failure, text: text,
              at: now, kind: awaiting == nil ? .error : .question, awaiting: awaiting)
    }
}
