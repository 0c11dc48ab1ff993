import LaundryCore

/// How a line is read, most certain reading first, with the ``Matcher`` walking the templates for
/// each try: as typed, with a pet set aside, with typos corrected, with unknown pet names.
struct LineReader {
    let matcher: Matcher
    let cues: CueTable

    /// Reads a line as the grammar can, most certain reading first:
    /// 1. the templates, with `{pet}` taking only pets — or, where none has a `{pet}` at the words
    ///    naming one, the rest of the line with that pet set aside (``matchWithPetAside``);
    /// 2. the same with misspelt command words corrected (``TypoCorrector``): each correction
    ///    unique, and the whole line fitting a template once corrected;
    /// 3. the templates with `{pet}` also taking words that name no pet (for "there is no pet
    ///    called …"), as typed (a line both misspelt and naming no pet is too far from any
    ///    template to be read as one: it is left to the fallback and to suggestions).
    /// Unknown when none fits. The corrections made are in the command, for the reply to say so.
    func understand(_ text: String, pets: PetNameIndex, corrector: () -> TypoCorrector) -> Command {
        read(text, pets: pets, corrector: corrector).command
    }

    /// What ``understand(_:pets:corrector:)`` finds, with what a line that fits no template may
    /// have meant: the readings of a misspelling that could be several words ("helo": hello, help).
    func read(_ text: String, pets: PetNameIndex, corrector: () -> TypoCorrector) -> (command: Command, alternatives: [Command], line: Matcher.Line?) {
        guard let line = matcher.prepare(text, pets: pets) else { return (.unknown, [], nil) }
        switch readCorrection(line, original: text, pets: pets) {
        case .corrected(let command): return (command, [], line)
        // Nothing is read from the part taken back; what the line may have meant is held back too.
        case .takenBack: return (.unknown, [], line)
        case nil: break
        }
        let (sure, corrected) = readSurely(line, original: text, pets: pets, corrector: corrector)
        if let sure { return (sure, [], line) }
        if let command = readClauses(text, pets: pets, corrector: corrector) { return (command, [], line) }
        if let command = readInstantFirst(text, pets: pets) { return (command, [], line) }
        if let command = readBeforeReason(line, original: text, pets: pets) ?? readAfterSo(line, original: text, pets: pets)
            ?? readBeforeSubject(line, original: text, pets: pets) {
            return (command, [], line)
        }
        let loose = matcher.match(line, original: text, pets: pets, options: Matcher.Options(unknownPets: true))
        return (loose ?? .unknown, loose == nil ? corrected.map(\.command) : [], line)
    }

    /// Steps 1 and 2 of ``read(_:pets:corrector:)``: the line as typed, with a pet set aside, with
    /// typos corrected — and the corrected readings, for what the line may have meant.
    private func readSurely(
        _ line: Matcher.Line, original text: String, pets: PetNameIndex, corrector: () -> TypoCorrector
    ) -> (Command?, [CorrectedReading]) {
        if let command = matcher.match(line, original: text, pets: pets, options: Matcher.Options()) { return (command, []) }
        if let command = matchWithPetAside(line, original: text, pets: pets) { return (command, []) }
        let corrected = matchCorrected(line, original: text, pets: pets, corrector: corrector())
        if let only = corrected.onlyOne, only.mayRun { return (only.command, corrected) }
        return (matchWithPetAside(line, original: text, pets: pets, corrector: corrector()), corrected)
    }

    /// The line as typed, or with a pet set aside: what a reason's command and a moved instant's
    /// line are read as. (Not with typos corrected: a line no template fits is asked for every
    /// way it could be read, and each costs as much to correct as the whole line.)
    func readExactly(_ line: Matcher.Line, original text: String, pets: PetNameIndex) -> Command? {
        matcher.match(line, original: text, pets: pets, options: Matcher.Options()) ?? matchWithPetAside(line, original: text, pets: pets)
    }

    /// A line of clauses — "night shifts all week, pause buddy for 7 days", "hospital stay. pause
    /// all my pets please" — read as the clauses that are commands, the rest taken as what people
    /// say around a command: every clause that fits a template must ask the same thing (their
    /// slots put together, none said two ways), and at least one must. A clause that is only a
    /// pet's name says whom the command is for ("snowy, pause till sunday"); so does the one pet
    /// named in the clauses that are no command ("fluffy's wash is done, start the dryer", "bye
    /// bye snowy, delete her"), for a command that names none or says "her". Otherwise such a
    /// clause may be the command itself, not understood, and the line is left to the rest of the
    /// understanding — as when two pets are named (who is "her"?), and a yes or a no with more
    /// said around it. A clause is read as typed, else with its misspellings corrected ("bck
    /// home, resme evrything"). A greeting or a thanks is kindness around the command ("Good
    /// evening. I began the wash for Buddy at 4"), the command only when nothing else is asked.
    /// Clauses end at , ; ! ? (not "1,000"'s comma), at a dash between words, and at a colon or a
    /// full stop before a space (not at "Mr. Fluff"'s, nor "10:30"'s).
    private func readClauses(_ text: String, pets: PetNameIndex, corrector: () -> TypoCorrector) -> Command? {
        let clauses = Self.clauses(of: text)
        guard clauses.count > 1 else { return nil }
        var merged: Command?, addressed: SlotValue?, kindness: Command?, allKind = true
        // The pets named in clauses that are no command, by name.
        var mentioned: [String: SlotValue] = [:]
        for clause in clauses {
            guard let line = matcher.prepare(clause, pets: pets) else { continue }
            let command = readExactly(line, original: clause, pets: pets)
                ?? matchCorrected(line, original: clause, pets: pets, corrector: corrector()).onlyOne.flatMap { $0.mayRun ? $0.command : nil }
            if line.words.indices.allSatisfy(line.isPetWord), let pet = command?.slots[.pet] {
                guard addressed == nil else { return nil }
                addressed = pet
                continue
            }
            guard let command else {
                // "wash snowy, my husband said": a clause that only says whose words the others
                // are tells them all — the line is read as a guess is, cues and all.
                if cues.cues(in: line.words, clause: 0).contains(where: { $0.kind == .report && line.words.count <= $0.words.count + 2 }) {
                    return nil
                }
                mentioned.merge(line.petsNamed(in: clause, pets: pets)) { $1 }
                allKind = false
                continue
            }
            // "Good evening.", "thanks a lot": said to be kind, around what is asked.
            if command.intent == .greeting || command.intent == .thanks {
                kindness = kindness ?? command
                continue
            }
            allKind = false
            guard let so = merged else {
                merged = command
                continue
            }
            // "her" in one clause is the pet another names ("Fluffy needs a break till the 12th,
            // pause her").
            guard so.intent == command.intent,
                  command.slots.allSatisfy({ kind, value in
                      so.slots[kind].map { $0.content == value.content && $0.knownPet == value.knownPet || $0.isPronoun || value.isPronoun } ?? true
                  })
            else { return nil }
            merged = Command(intent: so.intent, slots: so.slots.merging(command.slots) { first, second in first.isPronoun ? second : first },
                             template: so.template, corrections: so.corrections + command.corrections)
        }
        // A yes or a no is taken only when it is plain: "sure, in 5 minutes" is not a yes.
        guard var command = merged ?? (allKind ? kindness : nil), command.intent != .confirm, command.intent != .deny else { return nil }
        if let addressed {
            if let named = command.slots[.pet], !named.isPronoun, named.knownPet != addressed.knownPet { return nil }
            command = command.with(.pet, addressed)
        } else if !mentioned.isEmpty {
            // A clause not understood that names a pet may be the command itself ("oops forgot to
            // say, put away snowy's stuff at lunch" is no undo): only a command waiting for a pet
            // takes it.
            guard mentioned.count == 1, let pet = mentioned.values.first,
                  command.slots[.pet].map(\.isPronoun) ?? matcher.graph.intentsTakingPet.contains(command.intent)
            else { return nil }
            command = command.with(.pet, pet)
        }
        // "buddy is done, fold them all": every pet, not the one another clause names.
        if command.slots[.pet]?.knownPet != nil, cues.roles.saysSeveralPets(text) { return nil }
        return command.slots[.pet]?.isPronoun == true ? nil : command
    }

    /// A part of a line read as typed (or with a pet set aside), as a command; not a yes or a no,
    /// which is taken only when plain.
    func readCommandPart(_ part: String, pets: PetNameIndex) -> Command? {
        guard let line = matcher.prepare(part, pets: pets), let command = readExactly(line, original: part, pets: pets),
              command.intent != .confirm, command.intent != .deny
        else { return nil }
        return command
    }

    /// The clauses of a line, trimmed, empty ones left out.
    static func clauses(of text: String) -> [String] {
        // Most lines have no mark that could end a clause: nothing to split.
        // (The dashes "—" and "–" start with the byte 0xE2.)
        guard text.utf8.contains(where: { [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "!"), UInt8(ascii: "?"),
                                           UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"), 0xE2].contains($0) }) else { return [text] }
        var clauses: [Substring] = []
        var start = text.startIndex, index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let after = text.index(after: index)
            let next = after < text.endIndex ? text[after] : " "
            let previous = index > text.startIndex ? text[text.index(before: index)] : " "
            let ends = switch character {
            // Not "1,000"'s comma.
            case ",": !(next.isASCIIDigit && previous.isASCIIDigit)
            // A dash between words, not a hyphen inside one ("un-pause").
            case "—", "–": true
            case "-": previous.isWhitespace && next.isWhitespace
            case ";", "!", "?": true
            case ":": next.isWhitespace
            // A full stop after a word of four characters or more, letters among them: "stay.
            // pause", "the 14th. freeze", not "Mr. Fluff", nor a number's ("5. days").
            case ".": next.isWhitespace && text[start..<index].split(separator: " ").last.map { $0.count >= 4 && $0.contains(where: \.isLetter) } ?? false
            default: false
            }
            if ends {
                clauses.append(text[start..<index])
                start = after
            }
            index = after
        }
        clauses.append(text[start...])
        return clauses.compactMap { clause in
            let trimmed = clause.trimmingWhitespace
            return trimmed.isEmpty ? nil : String(trimmed)
        }
    }

    /// A line read with misspelt words corrected, and whether it may be taken as read.
    struct CorrectedReading {
        let command: Command
        /// A change is run from a corrected line only when each word corrected has one closest
        /// grammar word ("satrt wsh": start wash) and the line is more than one corrected word
        /// ("hola" alone is not "hold"), or when the rest of the line bears the reading out — a
        /// grammar word typed as it is, or one of the user's pets ("creat a new pet named Rex",
        /// "foled snowy"). A lone "mate" is as close to "mute" as to "make" and "late": "cheers
        /// mate" is offered as "mute", never run. A reading only to look is
        /// always taken.
        let mayRun: Bool
    }

    /// The most lines read with different corrections before giving up on guessing.
    static let maximumCorrectedReadings = 16

    /// The line read with each word that is neither a grammar word nor a pet's (nor close to one,
    /// nor quoted) replaced by the grammar words it is a typo of, every way, as commands that mean
    /// different things (intent and slots): one when every way that fits a template means the
    /// same, several when they differ, none when none fits.
    func matchCorrected(_ line: Matcher.Line, original: String, pets: PetNameIndex, corrector: TypoCorrector) -> [CorrectedReading] {
        let graph = matcher.graph
        let isGrammarWord = { (word: String) in graph.id(of: word) >= 0 }
        var choices: [(position: Int, words: [String])] = []
        for position in line.words.indices where line.ids[position] < 0 && !line.isPetWord(position) && !line.tokens[position].quoted {
            let word = line.words[position]
            guard !matcher.words.slots.hasWord(word) else { continue }
            // Most such words are close to no grammar word: only those that are ask whether the
            // word is rather a misspelt pet.
            let meant = corrector.corrections(of: word)
            if !meant.isEmpty && pets.closeNames(in: line.words, at: position, isGrammarWord: isGrammarWord).isEmpty {
                choices.append((position, meant))
            }
        }
        let readings = choices.reduce(1) { $0 * $1.words.count }
        guard !choices.isEmpty, readings <= Self.maximumCorrectedReadings else { return [] }
        var found: [CorrectedReading] = []
        for reading in 0..<readings {
            var fixed = line, corrections: [WordCorrection] = [], rest = reading, replacements: [Int: String] = [:]
            for choice in choices {
                let meant = choice.words[rest % choice.words.count]
                rest /= choice.words.count
                replacements[choice.position] = meant
                fixed.words[choice.position] = meant
                fixed.slotWords[choice.position] = meant
                fixed.ids[choice.position] = graph.id(of: meant)
                corrections.append(WordCorrection(typed: line.words[choice.position], meant: meant))
            }
            fixed.numberWordCounts = matcher.numberWords(fixed.slotWords)
            // A corrected filler word ("pleease") is passed over as typed right: what may be
            // passed over is worked out again (most corrections are of other words).
            if replacements.values.contains(where: matcher.preparer.startsSkip) {
                fixed = matcher.prepare(line, replacing: replacements, original: original, pets: pets)
            }
            guard let (command, literals, knownPets) = matcher.matchWithEvidence(fixed, original: original, pets: pets, options: Matcher.Options()),
                  !found.contains(where: { $0.command.intent == command.intent && $0.command.slots == command.slots })
            else { continue }
            let unique = corrections.allSatisfy { corrector.corrections(of: $0.typed).count == 1 }
            let borneOut = literals > corrections.count || knownPets > 0
            // A line of one word, corrected into a change, is no evidence of one ("hola" is one
            // edit from "hold", and a lone "hold" pauses every pet): it is offered, not run.
            let aloneAndCorrected = line.words.count == 1 && corrections.count == 1
            found.append(CorrectedReading(command: command.corrected(corrections),
                                          mayRun: !command.intent.changesData || borneOut || (unique && !aloneAndCorrected)))
        }
        return found
    }
}
