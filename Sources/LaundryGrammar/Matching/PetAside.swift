import LaundryCore
extension LineReader {
    /// Reads a line that names one of the user's pets where no template has a `{pet}`: before the
    /// command ("snowy: wash", "buddy — dry it"), after it ("history snowy", "start the dryer
    /// fluffy"), or as a possessive followed by words of no template ("wash buddy's gym kit").
    ///
    /// The pet is set aside and the rest of the line must fit a template on its own, strictly, as
    /// a command about a pet that names none yet (or names it by a pronoun: "snowy — dry it"). A
    /// rest that names another pet, or whose intent is about no pet ("fluffy reset"), is no reading.
    /// A pet's name alone ("snowy", "Mr. Fluff?") asks how the pet is.
    ///
    /// With a `corrector`, the rest may have misspelt command words ("snowy: wsah"), read as
    /// ``matchCorrected(_:original:pets:corrector:)`` reads them: one meaning, or none.
    func matchWithPetAside(_ line: Matcher.Line, original: String, pets: PetNameIndex, corrector: TypoCorrector? = nil) -> Command? {
        guard !pets.isEmpty else { return nil }
        let count = line.words.count
        for position in line.words.indices {
            guard let match = line.pets(at: position).first else { continue }
            let end = position + match.length, entry = match.entry
            let petText = PetNameIndex.withoutPossessive(String(original[line.tokens[position].range.lowerBound..<line.tokens[end - 1].range.upperBound]))
            let pet = SlotValue(text: petText, knownPet: pets.entries[entry].name)
            // Before or after the command: the rest is the line without the pet.
            if position == 0 || end == count || line.skippable(from: end) == count - end {
                // A word said like "for" before the pet goes with it ("wash four snowy" is "wash").
                let cut = position > 0 && isHomophone(line, at: position - 1, original: original) ? position - 1 : position
                let rest = position == 0
                    ? String(original[line.tokens[end - 1].chunk.upperBound...])
                    : String(original[..<line.tokens[cut].chunk.lowerBound])
                // A pet's name alone asks after the pet.
                if position == 0 && line.skippable(from: end) == count - end { return Command(intent: .showPet, slots: [.pet: pet], template: "{pet}") }
                if let command = commandAbout(pet, rest, pets: pets, corrector: corrector) { return command }
            }
            // A possessive with words of no template after it: those words say what of the pet's.
            let tail = line.words[end...].indices.prefix { index in
                line.ids[index] < 0 && !line.isPetWord(index) && !line.tokens[index].quoted
                    && !matcher.words.slots.hasWord(line.words[index])
            }
            let typed = line.words[end - 1], named = pets.entries[entry].words.last ?? ""
            let isPossessive = PetNameIndex.withoutPossessive(typed) != typed || typed == named + "s" || typed == PetNameIndex.pluralLike(named)
            if isPossessive, (1...Self.possessionWords).contains(tail.count) {
                let rest = String(original[..<line.tokens[end - 1].chunk.upperBound])
                    + " " + String(original[line.tokens[tail.upperBound - 1].chunk.upperBound...])
                if let command = commandAbout(pet, rest, pets: pets, corrector: corrector, keepingPet: true) { return command }
            }
        }
        return nil
    }

    /// Whether the word at `position` was typed as another it sounds like (``Normalizer/homophones``).
    private func isHomophone(_ line: Matcher.Line, at position: Int, original: String) -> Bool {
        let typed = Tokenizer.normalize(String(original[line.tokens[position].range]))
        return typed != line.words[position] && matcher.graph.normalizer.homophones[typed] == line.words[position]
    }

    /// The most words after a possessive pet taken as what of the pet's is meant ("gym kit").
    static let possessionWords = 3

    /// `rest` read strictly as a command about `pet`: one whose intent takes a pet and whose own
    /// `{pet}` is empty or a pronoun — or, with `keepingPet`, already names this very pet.
    private func commandAbout(
        _ pet: SlotValue, _ rest: String, pets: PetNameIndex, corrector: TypoCorrector?, keepingPet: Bool = false
    ) -> Command? {
        guard let restLine = matcher.prepare(rest, pets: pets) else { return nil }
        let read: Command? = if let corrector {
            matchCorrected(restLine, original: rest, pets: pets, corrector: corrector).onlyOne
                .flatMap { $0.mayRun ? $0.command : nil }
        } else {
            matcher.match(restLine, original: rest, pets: pets, options: Matcher.Options())
        }
        guard let command = read, matcher.graph.intentsTakingPet.contains(command.intent) else { return nil }
        if keepingPet { return command[.pet]?.knownPet == pet.knownPet ? command : nil }
        if let named = command[.pet], !named.isPronoun { return nil }
        var slots = command.slots
        slots[.pet] = pet
        return Command(intent: command.intent, slots: slots, template: command.template, corrections: command.corrections)
    }
}

extension Array {
    /// The only element, or nil when there are none or several.
    var onlyOne: Element? { count == 1 ? first : nil }
}
