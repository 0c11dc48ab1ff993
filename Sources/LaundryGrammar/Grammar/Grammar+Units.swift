import LaundryCore

extension Grammar {
    /// A bare number that a clause changes is read in the unit another clause gave it: "why is
    /// snowy drying for 60 min? can we do 40 instead?" is a dry of 40 minutes, not laundry due
    /// every 40 days. Which time — the wash's or the dry's — is said by the line's words that
    /// only one of them uses in the grammar's sentences ("drying"); when none says it, the line is
    /// not understood rather than read as days.
    /// Nil when the line's command stays as it is.
    func bindingBareNumber(_ command: Command, in text: String, pets: PetNameIndex) -> Command? {
        guard command.intent == .setFrequency, let days = command[.days], Self.isBareNumber(days.text, matcher.words.slots),
              LineReader.clauses(of: text).count > 1, let line = matcher.prepare(text, pets: pets),
              Self.holdsMinutes(line.words, matcher.words.slots)
        else { return nil }
        let byWord = builtSuggester.intentsByWord
        var said: Set<Intent> = []
        for word in line.words {
            for form in cueTable.roles.forms(of: word) {
                guard let intents = byWord[form] else { continue }
                let steps = intents.intersection([.setWashTime, .setDryTime])
                if steps.count == 1 { said.formUnion(steps) }
            }
        }
        guard said.count == 1, let intent = said.first, let minutes = matcher.words.slots.minutes([days.text]) else {
            return Command(intent: .unknown)
        }
        var slots = command.slots
        slots[.days] = nil
        slots[.minutes] = SlotValue(text: days.text, content: minutes)
        return Command(intent: intent, slots: slots, template: command.template, corrections: command.corrections)
    }

    /// A word standing for a time said earlier in the line (``WordRole/timeReference``): "the cycle
    /// is only like 38 minutes now so set snowy's wash to that" is a wash of 38 minutes. The line is
    /// read again with the time in the place of the last such word; taken only when that reading is a change holding
    /// just that number.
    /// `prepared` is the line as already prepared, when the caller has it (it is not made twice).
    func bindingThat(_ command: Command, in text: String, prepared: Matcher.Line? = nil, pets: PetNameIndex) -> Command? {
        guard command.intent == .unknown, let line = prepared ?? matcher.prepare(text, pets: pets),
              let that = line.words.lastIndex(where: matcher.words.timeReferences.contains), that > 0, line.skippable(from: that + 1) == line.words.count - that - 1,
              let (range, minutes) = Self.firstTime(in: line, before: that, matcher.words.slots)
        else { return nil }
        let said = String(text[line.tokens[range.lowerBound].range.lowerBound..<line.tokens[range.upperBound - 1].range.upperBound])
        let moved = String(text[..<line.tokens[that].range.lowerBound]) + said + String(text[line.tokens[that].range.upperBound...])
        let read = LineReader(matcher: matcher, cues: cueTable).understand(moved, pets: pets, corrector: { typoCorrector })
        guard read.intent.changesData, read[SlotKind.minutes]?.content == minutes else { return nil }
        return read
    }

    /// The first run of words that reads as minutes with a unit ("38 minutes", "an hour") before
    /// `end`, and its value.
    private static func firstTime(in line: Matcher.Line, before end: Int, _ parsers: SlotParsers) -> (Range<Int>, SlotContent)? {
        let units = parsers.words.durationUnits
        for start in 0..<end {
            for length in (2...3).reversed() where start + length <= end && units[line.words[start + length - 1]] != nil {
                if let value = parsers.minutes(Array(line.words[start..<start + length])) { return (start..<start + length, value) }
            }
        }
        return nil
    }

    /// "40", "forty": a number with no unit of its own.
    private static func isBareNumber(_ text: String, _ parsers: SlotParsers) -> Bool {
        let words = Tokenizer.tokens(of: text).map(\.word)
        return !words.isEmpty && words.allSatisfy {
            parsers.count([$0]) != nil || parsers.hasWord($0) && !parsers.words.unitsOfTime.contains($0)
        } && parsers.count(words) != nil
    }

    /// Whether some number in the line has a unit of minutes or hours ("60 min", "1h", "an hour").
    private static func holdsMinutes(_ words: [String], _ parsers: SlotParsers) -> Bool {
        let units = parsers.words.durationUnits
        for (index, word) in words.enumerated() {
            if SlotParsers.mayReadByShape(word), parsers.count([word]) == nil, parsers.minutes([word]) != nil { return true }
            // "an hour", "half an hour".
            let counted = parsers.count([word]) != nil || parsers.words.articles.contains(word)
                || parsers.words.fractions[word] == SlotParsers.DurationReader.half
            if index + 1 < words.count, counted, units[words[index + 1]] != nil { return true }
        }
        return false
    }
}
