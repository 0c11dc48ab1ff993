import LaundryCore

/// A line of several parts, no template fitting it, one of which asks for something in words of
/// its own: "Could you please make Snowys wash take 45 minutes. That is how long my machine
/// takes.", "I change the bed linen once a week, so please set Snowy to every 7 days". The learned
/// fallback, asked about the whole line, hears the other part too, and is sure of nothing.
extension Grammar {
    /// ``interpret(_:pets:limit:)``; `byParts`: a line read with no confidence may be read by one
    /// of its parts (``readingOfOnePart(_:pets:limit:)``), which are not read by parts again.
    func interpret(_ text: String, pets: PetNameIndex, limit: Int, byParts: Bool) -> Interpretation {
        let whole = interpretWhole(text, pets: pets, limit: limit)
        guard byParts, whole.command.intent == .unknown, whole.guesses.first?.confidence == nil else { return whole }
        return readingOfOnePart(text, pets: pets, limit: limit) ?? whole
    }

    /// Never a bare yes or no (those answer questions, they are no command to suggest), nor
    /// "unknown".
    static func mayBeGuessed(_ intent: Intent) -> Bool {
        intent != .confirm && intent != .deny && intent != .unknown
    }

    /// The reading of the one part of `text` the fallback is sure of and that asks (a `request`
    /// cue, or a question mark), when no other part asks for another thing. The parts are the
    /// line's clauses, and the words before and after a clause's last "so" or "but". A part that
    /// names no pet takes the one pet the rest of the line names ("Fluffy is done now so could you
    /// put it in the tumble dryer please"), not one of several ("them all").
    func readingOfOnePart(_ text: String, pets: PetNameIndex, limit: Int) -> Interpretation? {
        let parts = parts(of: text)
        guard parts.count > 1, let line = matcher.prepare(text, pets: pets) else { return nil }
        var found: (part: String, reading: Interpretation)?
        for part in parts {
            // A part a template fits that is a command of its own: the line asks two things.
            let command = LineReader(matcher: matcher, cues: cueTable).read(part, pets: pets, corrector: { typoCorrector }).command
            if command.intent != .unknown {
                guard [.greeting, .thanks].contains(command.intent) else { return nil }
                continue
            }
            // A part that only tells ("My grandson did all his own washing yesterday, he is a
            // good boy", "I'm going on holiday, what should I pack?") asks for nothing, whatever
            // it sounds like. Only a part the model is sure of is read whole (its suggestions
            // spelled): the others cost no more than being classified.
            guard part.contains("?") || cues(in: part).contains(where: { $0.kind == .request }),
                  let top = (try? classify(part, pets: pets))?.first,
                  top.probability >= IntentClassifier.highConfidence, Self.mayBeGuessed(top.intent)
            else { continue }
            let reading = interpret(part, pets: pets, limit: limit, byParts: false)
            guard let first = reading.guesses.first, first.confidence != nil else { continue }
            if let found, found.reading.guesses[0].command.intent != first.command.intent { return nil }
            found = found ?? (part, reading)
        }
        guard let (part, reading) = found else { return nil }
        let first = reading.guesses[0]
        guard first.command[.pet].map(\.isPronoun) ?? matcher.graph.intentsTakingPet.contains(first.command.intent),
              !cueTable.roles.saysSeveralPets(text), case let named = line.petsNamed(in: text, pets: pets), named.count == 1, let pet = named.values.first
        else { return reading }
        let command = first.command.with(.pet, pet)
        let guess = Guess(command: command, sentence: sentence(for: command, typed: part) ?? first.sentence, confidence: first.confidence)
        return Interpretation(command: .unknown, guesses: [guess] + reading.guesses.dropFirst())
    }

    /// A pronoun for the one pet the line names before it — "Buddys washing has finished now so
    /// I should like to put it in the spin dryer" — is that pet, not the one talked about last,
    /// whether the template took it as its `{pet}` or as a word of its own. A pet named after it
    /// is not ("start it, not fluffy"), nor is "them all" one pet.
    /// Nil when the line's command stays as it is.
    func bindingPronoun(_ command: Command, in text: String, prepared: Matcher.Line? = nil, pets: PetNameIndex) -> Command? {
        guard command[.pet]?.isPronoun ?? matcher.graph.intentsTakingPet.contains(command.intent),
              let line = prepared ?? matcher.prepare(text, pets: pets),
              let pronoun = line.words.indices.first(where: { matcher.words.pronouns.contains(line.words[$0]) && !line.isPetWord($0) }),
              // "them all", "both of them": every pet, or several. (Asked last: it reads the
              // line's words again, and most lines hold no pronoun.)
              !cueTable.roles.saysSeveralPets(text)
        else { return nil }
        let named = line.petsNamed(in: text, pets: pets, before: pronoun)
        guard named.count == 1, let pet = named.values.first else { return nil }
        return command.with(.pet, pet)
    }

    /// What the line's words say about its command beyond the template's reading: a bare
    /// number in another clause's unit, "that" for a time said earlier, a pronoun for the pet
    /// named before it. (In place: each of them leaves most commands as they are, and a command
    /// handed back unchanged was copied and let go of for every line.)
    func bind(_ command: inout Command, in text: String, prepared: Matcher.Line?, pets: PetNameIndex) {
        if let bound = bindingBareNumber(command, in: text, pets: pets) { command = bound }
        if let bound = bindingThat(command, in: text, prepared: prepared, pets: pets) { command = bound }
        if let bound = bindingPronoun(command, in: text, prepared: prepared, pets: pets) { command = bound }
    }

    /// The parts of a line: its clauses, each cut in two at its last `then` word ("so", "but";
    /// not its first or last word).
    func parts(of text: String) -> [String] {
        let thenWords = cueTable.roles[.then]
        return LineReader.clauses(of: text).flatMap { clause -> [String] in
            let words = clause.split(whereSeparator: \.isWhitespace)
            guard let so = words.indices.dropFirst().dropLast().last(where: {
                thenWords.contains(words[$0].lowercased().trimmingPunctuation)
            }) else { return [clause] }
            return [words[..<so].joined(separator: " "), words[(so + 1)...].joined(separator: " ")]
        }
    }
}

extension Matcher.Line {
    /// The user's pets this line names (before the word at `end`), by name, each as typed
    /// (`text` is the line it was prepared from).
    func petsNamed(in text: String, pets: PetNameIndex, before end: Int? = nil) -> [String: SlotValue] {
        var named: [String: SlotValue] = [:]
        for (position, matches) in petNames.enumerated().prefix(end ?? petNames.count) {
            for match in matches {
                let said = tokens[position].range.lowerBound..<tokens[position + match.length - 1].range.upperBound
                let name = pets.entries[match.entry].name
                named[name] = SlotValue(text: PetNameIndex.withoutPossessive(String(text[said])), knownPet: name)
            }
        }
        return named
    }
}
