import Foundation
import LaundryCore
// `package`: the program's entry point and the tests hand the assistant its store and grammar;
// nothing else of either is part of what the assistant shows (its other files import them internal).
package import LaundryGrammar
package import LaundryStore
package import LaundryConfusables

/// The conversation: a line in, a ``Reply`` out.
///
/// Each line is matched against the grammar with the user's pet names, resolved to a pet, run
/// against LaundryCore, and stored — the state change, its undo record, and the line and the
/// reply in the transcript, in one transaction. With `dryRun` the same work is done and then
/// rolled back, so the replies are exactly those a real run would give, and nothing changes.
///
/// The handlers live in `Handlers/`, grouped by concern behind one ``Dispatcher``; what they
/// share (the grammar, the calendar, the conversation's memory) is one ``HandlerContext``.
public final class Assistant {
    let store: any StoreEngine
    package let clock: Clock
    /// What the handlers share: the grammar, the calendar, the conversation's memory.
    let shared: HandlerContext
    var grammar: Grammar { shared.grammar }
    public var dryRun: Bool { shared.dryRun }
    /// The user's calendar and time zone (looked up when first needed).
    public var calendar: Calendar { shared.calendar }
    /// The same, not yet looked up until something needs it.
    package var time: TimeWords { shared.time }

    /// Lines longer than this, in UTF-8 bytes, are answered without being parsed (and kept in
    /// the transcript only in part): the cost of a line stays bounded, whatever is pasted.
    public static let maximumLineBytes = 4096

    /// The last pet names (each with its nicknames) read and the grammar's index of them
    /// (``petNameIndex(_:)``).
    private var indexedPets: (names: [[String]], index: PetNameIndex)?

    /// The settings and the pet count as the last transaction found them: what a reply's
    /// ``ReplyContext`` says, read with the command rather than after it.
    var facts: (settings: AppSettings, petCount: Int?) = (.defaults, nil)
    /// Whether a session's opening has told what happened while the program was closed.
    var toldAway = false

    /// How many questions (which pet, a confirmation, a guessed change, a new pet's name) were
    /// dropped because the next line was another command: each left the command that asked undone.
    package var droppedQuestions: Int { shared.droppedQuestions }

    /// When set, a line that is no answer to a waiting question is not run but refused (still
    /// counted in ``droppedQuestions``): a script under `--bail` stops at it, not after it.
    package var keepsQuestions: Bool {
        get { shared.keepsQuestions }
        set { shared.keepsQuestions = newValue }
    }

    /// Whether a question (which pet, a confirmation, a guessed change, a new pet's name) is still
    /// waiting for its answer: a script that ends here left a command undone.
    package var isAwaitingAnswer: Bool { shared.conversation.pending?.awaitsAnswer ?? false }

    /// - Parameters:
    ///   - time: the calendar for local days and weeks; by default the user's own
    ///     (`Calendar.current`, looked up when first needed).
    ///   - confusables: which names look alike; Unicode's, parsed when first needed.
    package init(
        store: any StoreEngine, grammar: Grammar, clock: Clock, dryRun: Bool = false, assumeYes: Bool = false,
        time: TimeWords = TimeWords(), confusables: ConfusableTable = .unicode
    ) {
        self.store = store
        self.clock = clock
        shared = HandlerContext(grammar: grammar, location: store.location, confusables: confusables, dryRun: dryRun,
                                assumeYes: assumeYes, readOnlyReason: store.readOnlyReason, time: time)
    }

    /// Answers one line.
    package func respond(to line: String) -> Reply {
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
        // With its file gone, the store takes no write, so ``record`` refuses every line — but
        // "quit" still leaves.
        if store.unavailable != nil, grammar.interpret(input, pets: PetNameIndex(names: [])).command.intent == .quit {
            return Turn(input: input, command: Command(intent: .quit), now: now).reply(Self.goodbye, kind: .goodbye)
        }
        return record(input: input, now: now) { transaction in
            let pets = try transaction.pets()
            let reading = grammar.interpret(input, pets: petNameIndex(pets))
            return try Dispatcher(shared: shared).converse(Turn(input: input, command: reading.command, now: now, guesses: reading.guesses), pets: pets, transaction)
        }
    }

    /// The user's pets as the grammar reads them, by name and nickname — made again only when
    /// those change: making it (tokenising each name, its spellings and their forms) cost more
    /// than reading the line itself, 17 % of a 10,000-line script (perf, store benchmark's script).
    func petNameIndex(_ pets: [Pet]) -> PetNameIndex {
        let names = pets.map { [$0.name.value] + $0.nicknames }
        if let cached = indexedPets, cached.names == names { return cached.index }
        let index = PetNameIndex(pets: pets)
        indexedPets = (names, index)
        return index
    }

    /// Answers a line that was not valid UTF-8 text.
    package func respond(toUndecodable bytes: [UInt8]) -> Reply {
        let input = String(decoding: bytes, as: UTF8.self)
        return record(Turn(input: input, command: .unknown, now: clock.now()).failed(
            .notUnderstood, "That line is not valid UTF-8 text, so I cannot read it. Nothing was changed."))
    }

    /// Keeps a delivered notification in the transcript.
    package func recordDelivery(of notification: LaundryNotification) {
        guard !dryRun, store.readOnlyReason == nil else { return }
        _ = try? store.write { transaction in
            try transaction.transcript.append([TranscriptMessage(
                at: clock.now(), role: .notification, text: notification.line, petName: notification.pet)])
        }
    }

    // MARK: - Storing

    /// Runs `body` in one write transaction and stores the line and the reply with its changes;
    /// in a dry run, rolls everything back. A store that can only be read is read, and keeps no
    /// transcript.
    private func record(input: String, now: Date, _ body: (StoreTransaction) throws -> Reply) -> Reply {
        let contextBefore = shared.conversation
        do {
            if store.readOnlyReason != nil {
                return try store.read { transaction in
                    let reply = try body(transaction)
                    try noteFacts(transaction)
                    return reply
                }
            }
            return try store.write(commit: !dryRun) { transaction in
                let changesBefore = transaction.changeCount
                // A dry run's changes are rolled back: the facts are those before them.
                if dryRun { try noteFacts(transaction) }
                var reply = try body(transaction)
                if !dryRun { try noteFacts(transaction) }
                if dryRun { reply = reply.inDryRun(changedSomething: transaction.changeCount != changesBefore) }
                try transaction.transcript.append(transcript(of: reply))
                try transaction.transcript.pruneIfDue(at: now)
                return reply
            }
        } catch let error as DateOutOfRange {
            // A date no handler looked at: refused as any out-of-range value is, and the line and
            // the refusal kept (unless it is the clock itself that has run past the range).
            shared.conversation = contextBefore
            let refusal = Turn(input: input, command: .unknown, now: now).failed(.refused, KeptDates.refusal("That would keep a date", error.date))
            return KeptDates.contains(now) ? record(refusal) : refusal
        } catch {
            // Nothing is known to be stored, so nothing the failed line set up may stay in the context.
            shared.conversation = contextBefore
            let storeError = error as? StoreError
            let message = (storeError?.description ?? "The command failed: \(error).")
                + (storeError?.changedNothing == false ? "" : " Nothing was changed.")
                + (storeError?.wayOut.map { " " + $0 } ?? "")
            return Turn(input: input, command: .unknown, now: now).failed(storeError?.isDamage == true ? .damagedStore : .store, message)
        }
    }

    /// Notes the settings and the pet count as `transaction` has them (kept in memory: no query).
    private func noteFacts(_ transaction: StoreTransaction) throws {
        facts = (try transaction.settings(), try transaction.pets().count)
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
        Reply(input: input, intent: command.intent, slots: command.slots, pet: pet?.name.value, nicknames: Array(pet?.nicknames ?? []),
              lines: lines, at: now, kind: awaiting == nil ? kind : .question, awaiting: awaiting, content: content)
    }

    func failed(_ failure: Reply.Failure, _ text: String, pet: Pet? = nil, awaiting: Reply.Awaiting? = nil) -> Reply {
        Reply(input: input, intent: command.intent, slots: command.slots, pet: pet?.name.value, nicknames: Array(pet?.nicknames ?? []),
              failure: failure, text: text, at: now, kind: awaiting == nil ? .error : .question, awaiting: awaiting)
    }
}

extension Reply {
    /// The same reply with a sentence before its words: on its first line when that is a
    /// paragraph, else on a line of its own, so that it shows wherever the rest is drawn instead
    /// (a card, the dashboard).
    /// The same reply with a paragraph after it, waiting as said.
    func appending(_ sentence: String, awaiting: Awaiting?) -> Reply {
        Reply(input: input, intent: intent, slots: slots, pet: pet, nicknames: nicknames, failure: failure,
              lines: lines + [Line(.paragraph, sentence)], at: at, kind: kind, awaiting: awaiting, content: content)
    }

    func prefixed(_ sentence: String) -> Reply {
        var lines = lines
        if let first = lines.first, first.role == .paragraph {
            lines[0] = Line(.paragraph, "\(sentence) \(first.text)")
        } else {
            lines.insert(Line(.paragraph, sentence), at: 0)
        }
        return Reply(input: input, intent: intent, slots: slots, pet: pet, nicknames: nicknames, failure: failure, lines: lines,
                     at: at, kind: kind, awaiting: awaiting, content: content)
    }
}
