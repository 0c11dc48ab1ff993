import LaundryCore

/// What a line says about its command besides the command (``Cue``), and whether it says
/// anything of a command at all.
extension Grammar {
    /// What the clauses of a line say besides their command (``Cue``), clause by clause and in
    /// the order they are said: "please do not stop buddy's dryer" holds a negation, "I almost
    /// reset everything" a near miss, "that isn't right" a negation and an assent.
    public func cues(in text: String) -> [Cue] {
        guard !cueTable.phrases.isEmpty else { return [] }
        return LineReader.clauses(of: text).enumerated().flatMap { index, clause in
            cueTable.cues(in: matcher.prepare(clause, pets: .empty)?.words ?? [], clause: index)
        }
    }

    /// The cues of a line that hold back a change of `intent` (``Cue/Kind/holdsBackAChange``):
    /// those followed, in their clause, by a word of that intent's own sentences, or a form of
    /// one ("please do not *stop* buddy's dryer", "nearly *deleted* mr fluff") — or by a word of
    /// another change when nothing before the cue says this one ("please do not *stop* the
    /// wash", read as a wash) — not a "not" said of something else ("*delete* mr fluff we don't
    /// even use that anymore", "I don't need it").
    /// With `pets`, a clause that starts with someone's name and tells a step is a report too
    /// (``nameReports(in:pets:)``).
    public func cues(in text: String, holdingBack intent: Intent, pets: PetNameIndex = .empty) -> [Cue] {
        let held = (cues(in: text) + (pets.isEmpty ? [] : nameReports(in: text, pets: pets))).filter(\.kind.holdsBackAChange)
        guard !held.isEmpty else { return [] }
        let byWord = builtSuggester.intentsByWord
        func says(_ word: String, within most: Int = Self.mostIntentsOfAWordOfIntent, _ isMeant: (Set<Intent>) -> Bool) -> Bool {
            cueTable.roles.forms(of: word).contains { form in
                !matcher.graph.normalizer.fillerWords.contains(form) && !cueTable.thingWords.contains(form) && byWord[form].map { $0.count <= most && isMeant($0) } ?? false
            }
        }
        return held.filter { cue in
            // A correction takes back whatever came before it, whatever its words. The guessed
            // change's own words count even when many sentences use them ("was going to *wash*").
            // "wash snowy, they said": a report after the command, with no change of its own,
            // tells all of it.
            cue.kind == .correction
                || (cue.kind == .report && (cue.clause > 0 || !cue.wordsBefore.isEmpty)
                    && !cue.wordsAfter.contains { says($0) { $0.contains(where: \.changesData) } })
                || cue.wordsAfter.contains { says($0, within: Self.mostIntentsOfAnOwnWord) { $0.contains(intent) } }
                || (cue.wordsAfter.contains { says($0) { $0.contains(where: \.changesData) } }
                    && !cue.wordsBefore.contains { says($0) { $0.contains(intent) } })
        }
    }

    /// A clause that starts with someone's name and goes on to tell a step — "jenny already put
    /// fluffy in the dryer", "carlos folded snowy this morning" — is someone else's doing, as a
    /// `report` cue at its first word; no cue phrase can list people's names. The name is a word
    /// of letters that is no grammar word, no filler ("kindly"), no pronoun, and no pet's name nor
    /// close to one; the step, after "already" or "just" if they are said, a verb in the past.
    func nameReports(in text: String, pets: PetNameIndex) -> [Cue] {
        let graph = matcher.graph, roles = cueTable.roles
        return LineReader.clauses(of: text).enumerated().compactMap { index, clause in
            guard let line = matcher.prepare(clause, pets: pets), line.words.count >= 3 else { return nil }
            let name = line.words[0]
            guard name.allSatisfy(\.isLetter), graph.id(of: name) < 0, !line.isPetWord(0), !matcher.words.pronouns.contains(name),
                  line.skips.isEmpty || line.skips[0].isEmpty,
                  pets.closeNames(in: line.words, at: 0, isGrammarWord: { graph.id(of: $0) >= 0 }).isEmpty,
                  let verb = line.words.dropFirst().first(where: { !roles[.toldAside].contains($0) }),
                  roles[.pastVerb].contains(verb) || roles[.pastEnding].contains(where: { verb.hasSuffix($0) && verb.count > $0.count + 1 })
            else { return nil }
            return Cue(kind: .report, words: [name], clause: index, position: 0, wordsBefore: line.words[..<0], wordsAfter: line.words[1...])
        }
    }

    /// A word used by more intents than this is a word of sentences in general ("the", "for",
    /// "my"), not of what one of them asks.
    static let mostIntentsOfAWordOfIntent = 8
    /// The same, for a word of the very intent a cue may hold back: "wash" is said by many.
    static let mostIntentsOfAnOwnWord = 20

    /// Whether a line holds a word of what is asked: a pet's name, a word of the templates that
    /// is more than filler ("dry", "time"; not "the", a number or "please"), or a misspelling of
    /// one that is more than a short word's slip ("wsh" is "wash"; "zork" is no "work").
    func holdsAWordOfACommand(_ line: Matcher.Line) -> Bool {
        let graph = matcher.graph
        func isOfACommand(_ word: String) -> Bool {
            word.count >= 3 && graph.id(of: word) >= 0 && !word.allSatisfy(\.isNumber) && !graph.normalizer.fillerWords.contains(word) && !cueTable.thingWords.contains(word)
        }
        return line.words.indices.contains { position in
            let word = line.words[position]
            if line.isPetWord(position) || isOfACommand(word) { return true }
            guard word.count >= 5 || !word.contains(where: { "aeiouy".contains($0) }) else { return false }
            return typoCorrector.corrections(of: word).contains(where: isOfACommand)
        }
    }

    /// The words of a ``WordRole`` (the grammar's `words` lines), in the grammar's order; a
    /// phrase's words single-spaced.
    public func words(_ role: WordRole) -> [String] { cueTable.roles.list(role) }

    /// `word` without the longest plain ending it has (``WordRole/ending``): "washing",
    /// "washes", "washed" → "wash".
    public func stem(_ word: String) -> String { cueTable.roles.stem(word) }

    /// Whether some template of `intent` names a pet.
    public func takesPet(_ intent: Intent) -> Bool { matcher.graph.intentsTakingPet.contains(intent) }
}
