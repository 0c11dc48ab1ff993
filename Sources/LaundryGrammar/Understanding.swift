import LaundryCore
/// A word of the line read as another: "satrt" as "start".
public struct WordCorrection: Equatable, Sendable {
    /// The word as typed (normalised).
    public let typed: String
    /// The grammar word it was taken for.
    public let meant: String

    public init(typed: String, meant: String) {
        self.typed = typed
        self.meant = meant
    }
}

/// How a line is read, most certain reading first, with the ``Matcher`` walking the templates for
/// each try: as typed, with a pet set aside, with typos corrected, with unknown pet names.
struct LineReader {
    let matcher: Matcher

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
        if let command = matcher.match(line, original: text, pets: pets, options: Matcher.Options()) { return (command, [], line) }
        if let command = matchWithPetAside(line, original: text, pets: pets) { return (command, [], line) }
        let corrected = matchCorrected(line, original: text, pets: pets, corrector: corrector())
        if let only = corrected.onlyOne, only.mayRun { return (only.command, [], line) }
        if let command = matchWithPetAside(line, original: text, pets: pets, corrector: corrector()) { return (command, [], line) }
        let loose = matcher.match(line, original: text, pets: pets, options: Matcher.Options(unknownPets: true))
        return (loose ?? .unknown, loose == nil ? corrected.map(\.command) : [], line)
    }

    /// A line read with misspelt words corrected, and whether it may be taken as read.
    struct CorrectedReading {
        let command: Command
        /// A change is run from a corrected line only when each word corrected has one closest
        /// grammar word ("satrt": start), or when the rest of the line bears the reading out — a
        /// grammar word typed as it is, or one of the user's pets ("creat a new pet named Rex",
        /// "foled snowy"). A lone "mate" is as close to "mute" as to "make" and "late": "cheers
        /// mate" is offered as "mute", never run (found by blind-2). A reading only to look is
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
            guard !SlotParsers.vocabulary.contains(word) else { continue }
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
            var fixed = line, corrections: [WordCorrection] = [], rest = reading
            for choice in choices {
                let meant = choice.words[rest % choice.words.count]
                rest /= choice.words.count
                fixed.words[choice.position] = meant
                fixed.slotWords[choice.position] = meant
                fixed.ids[choice.position] = graph.id(of: meant)
                corrections.append(WordCorrection(typed: line.words[choice.position], meant: meant))
            }
            fixed.numberWordCounts = Matcher.numberWords(fixed.slotWords)
            guard let (command, literals, knownPets) = matcher.matchWithEvidence(fixed, original: original, pets: pets, options: Matcher.Options()),
                  !found.contains(where: { $0.command.intent == command.intent && $0.command.slots == command.slots })
            else { continue }
            let unique = corrections.allSatisfy { corrector.corrections(of: $0.typed).count == 1 }
            let borneOut = literals > corrections.count || knownPets > 0
            found.append(CorrectedReading(command: command.corrected(corrections),
                                          mayRun: !command.intent.changesData || unique || borneOut))
        }
        return found
    }
}

extension Command {
    /// The same command, read after correcting some words.
    func corrected(_ corrections: [WordCorrection]) -> Command {
        Command(intent: intent, slots: slots, template: template, corrections: corrections)
    }
}
