import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// Lines no template fits: what they may have meant, acted on only when that is safe.
///
/// A reading the grammar is sure of (a calibrated confidence of at least ``confidentGuess``) is
/// answered at once when it only reads ("(I read that as “how is Fluffy”.)"), and asked about
/// when it would change something ("Start wash for Fluffy? (yes/no)"). Otherwise the line gets
/// suggestions — "Did you mean 1) … 2) … 3) …?" — with the user's own pet and numbers; the number
/// (or "yes", when there is one) runs it, through the same questions as any command. A guess never
/// changes data without a person's yes: not under `--yes`, and not from a suggestion of another kind.
extension ConversationHandlers {
    /// How sure a reading must be to be acted on.
    static let confidentGuess = Guess.confident

    /// Not understood: a confident reading, or suggestions (never run), or the plain answer.
    func unknown(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        var guesses = Self.ofOneKind(turn.guesses)
        // A line that says not to, supposes, tells what someone else did or what nearly happened
        // is no request for a change: none is made, asked about or offered.
        if let change = guesses.first(where: { $0.command.intent.changesData }),
           let cue = grammar.cues(in: turn.input, holdingBack: change.command.intent, pets: PetNameIndex(pets: pets)).first {
            guard !guesses[0].command.intent.changesData else { return heldBack(change, by: cue, turn, pets: pets) }
            guesses.removeAll { $0.command.intent.changesData }
        }
        // A follow-up ("and the dry time to 50 too") is about the pet of the line before.
        let followsUp = context.lastPetName != nil && grammar.cues(in: turn.input).contains(where: { $0.kind == .followUp })
        if followsUp, let last = context.lastPetName {
            guesses = guesses.map { guess in
                guard guess.command.intent.changesData, guess.command[.pet] == nil, grammar.takesPet(guess.command.intent) else { return guess }
                let command = guess.command.with(.pet, SlotValue(text: last, knownPet: last))
                return Guess(command: command, sentence: grammar.sentence(for: command, typed: guess.sentence) ?? guess.sentence,
                             confidence: guess.confidence)
            }
        }
        // A question that proposes a change names what it changes: not "Rename to tom?", not
        // "Create pet?".
        guesses.removeAll { $0.command.intent.changesData && !saysWhatItChanges($0.command, line: turn.input, pets: pets, followsUp: followsUp) }
        // "wait" blocks a script until a timer ends: from a guess, only for a pet named (a
        // guessed "wait" about no pet held a script for the rest of a wash).
        if let top = guesses.first, let confidence = top.confidence, confidence >= Self.confidentGuess,
           top.command.intent != .wait || top.command[.pet] != nil {
            let guessed = Turn(input: turn.input, command: top.command, now: turn.now)
            if !top.command.intent.changesData {
                return try handle(guessed, pets: pets, transaction).prefixed("(I read that as “\(top.sentence)”.)")
            }
            if !assumeYes {
                let (asked, pet) = askable(top, pets: pets)
                context.pending = .guessedChange(asked)
                return Turn(input: turn.input, command: asked.command, now: turn.now)
                    .reply(Self.question(asked.sentence), pet: pet, awaiting: .confirmation)
            }
        }
        guard !guesses.isEmpty, !assumeYes || !guesses.contains(where: { $0.command.intent.changesData }) else {
            return turn.failed(.notUnderstood, "I don't know that command: \(PetText.quoted(turn.input)). Type “help” to see what you can say.")
        }
        context.pending = .suggestions(guesses)
        if guesses.count == 1 {
            return turn.failed(.notUnderstood,
                "I don't know \(PetText.quoted(turn.input)). Did you mean “\(guesses[0].sentence)”? Say “yes” to run it, or “help” to see what you can say.")
        }
        let numbered = guesses.enumerated().map { "\($0.offset + 1)) “\($0.element.sentence)”" }.joinedAsChoice()
        return turn.failed(.notUnderstood,
            "I don't know \(PetText.quoted(turn.input)). Did you mean \(numbered)? Type the number to run it, or “help” to see what you can say.")
    }

    /// A change read by an `ask:` template ("mute"), asked about in the words of the intent's
    /// example ("Turn off sound? (yes/no)"): run on yes, as a sure guess is.
    func askFirst(_ turn: Turn, pets: [Pet]) -> Reply {
        let read = Guess(command: turn.command, sentence: grammar.sentence(for: turn.command, typed: turn.input) ?? turn.input, confidence: nil)
        let (asked, pet) = askable(read, pets: pets)
        context.pending = .guessedChange(asked)
        return turn.reply(Self.question(asked.sentence), pet: pet, awaiting: .confirmation)
    }

    /// The reply to a line whose change a cue holds back: it shows what was understood, and that
    /// nothing changed.
    private func heldBack(_ change: Guess, by cue: Cue, _ turn: Turn, pets: [Pet]) -> Reply {
        let pet = askable(change, pets: pets).1
        let text = switch cue.kind {
        case .negation: pet.map { "Okay — I'll leave \($0.name) as it is. Nothing changed." } ?? "Okay — I'll leave that. Nothing changed."
        case .hypothetical: "Nothing changed — that sounded like a what-if, not a request. Say it as a command when you want it done."
        case .report: "Noted — nothing changed: that sounds like someone else's doing. To log a step, tell me the step itself."
        case .nearMiss: "Phew — nothing changed."
        case .correction: "Okay — taken back: nothing changed. Say it again in one go when you want it done."
        case .refusal, .doubt, .assent, .thing, .courtesy, .restatement, .followUp, .subject, .request: "Nothing changed."
        }
        return turn.reply(text, pet: pet)
    }

    /// The answer to "did you mean …": the number of a suggestion (or yes, to the only one) runs
    /// it; no says nothing was done; a yes to several asks which; anything else is a line of its
    /// own (nil).
    func answer(to guesses: [Guess], _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply? {
        let chosen: Guess?
        if let number = ChoiceAnswer.number(in: turn.input, grammar: grammar) {
            guard number == .max || (1...guesses.count).contains(number) else {
                return turn.failed(.refused, "There is no suggestion \(number); they go from 1 to \(guesses.count).")
            }
            chosen = guesses[min(number, guesses.count) - 1]
        } else {
            let meaning = AnswerWords.meaning(of: turn, grammar: grammar, pet: guesses.count == 1 ? guesses[0].command[.pet]?.knownPet : nil,
                                              otherPets: guesses.count == 1 ? pets.map(\.name.value) : [])
            switch meaning {
            case .yes where guesses.count == 1:
                chosen = guesses[0]
            case .no:
                return turn.reply("Okay — nothing was done.")
            case .yes:
                // A yes to several cannot say which: they stay, and the reply asks for the number.
                context.pending = .suggestions(guesses)
                return turn.failed(.refused, "Which one? Type its number, 1 to \(guesses.count), or “no”.")
            case .unclear, .another:
                return nil
            }
        }
        guard let chosen else { return nil }
        return try handle(Turn(input: turn.input, command: chosen.command, now: turn.now), pets: pets, transaction)
    }

    /// A guessed change as it is asked about: its pet resolved to one of the user's own (by
    /// name, prefix or close misspelling: "snowey" is Snowy), and said in the words of the
    /// intent's own example ("start wash for Snowy"), not the line's closest template.
    private func askable(_ guess: Guess, pets: [Pet]) -> (Guess, Pet?) {
        var command = guess.command, pet: Pet?
        if let slot = command[.pet], !slot.isPronoun,
           case .found(let found, _) = PetResolution.resolve(slot, in: pets, lastPet: context.lastPetName) {
            pet = found
            command = command.with(.pet, SlotValue(text: found.name.value, knownPet: found.name.value))
        }
        // Of the examples' shapes, the one the command's own values change least ("mark Fluffy
        // folded" after "mark snowy folded"; not "mark for Fluffy" after "mark folded").
        let shaped = (grammar.help(for: command.intent)?.examples ?? []).compactMap { example in
            grammar.sentence(for: command, typed: example).map { sentence in
                let kept = Set(example.lowercased().split(separator: " ")).intersection(sentence.lowercased().split(separator: " "))
                return (sentence, kept.count * 2 - sentence.split(separator: " ").count)
            }
        }
        let sentence = shaped.max { $0.1 < $1.1 }?.0 ?? guess.sentence
        return (Guess(command: command, sentence: sentence, confidence: guess.confidence), pet)
    }

    /// Whether a guessed change says what it changes: the pet (unless there is only one) — and
    /// for a new pet, its name or at least a word for a pet or a naming (``WordRole/naming``: "can
    /// you make me a new pet pls", "make a new one for my shirts, call it Shirty"; not "i want to
    /// apply for a new credit card").
    private func saysWhatItChanges(_ command: Command, line: String, pets: [Pet], followsUp: Bool) -> Bool {
        switch command.intent {
        case .createPet:
            command[.name] != nil || !Set(grammar.words(.naming)).isDisjoint(with: line.lowercased().split { !$0.isLetter }.map(String.init))
        case .renamePet, .addNickname, .deletePet, .setWashTime, .setDryTime, .setFrequency, .startWash, .startDry, .markFolded, .stopCycle:
            // The pet must be in the line as typed ("i want to be called tom" names none), or be
            // the one the line follows up on.
            command[.pet].map { followsUp || line.lowercased().contains($0.text.lowercased()) } ?? (pets.count == 1)
        default: true
        }
    }

    /// A request to read is never offered as a change, and one kind of change never as another:
    /// the readings after the first keep only its intent among those that change data.
    private static func ofOneKind(_ guesses: [Guess]) -> [Guess] {
        guard let first = guesses.first else { return [] }
        return guesses.filter { !$0.command.intent.changesData || $0.command.intent == first.command.intent }
    }

    /// "start wash for Fluffy" → "Start wash for Fluffy? (yes/no)".
    private static func question(_ sentence: String) -> String {
        (sentence.prefix(1).uppercased() + sentence.dropFirst()) + "? (yes/no)"
    }
}
