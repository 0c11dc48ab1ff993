import LaundryCore

extension Grammar {
    /// A bare number that a clause changes is read in the unit another clause gave it: "why is
    /// snowy drying for 60 min? can we do 40 instead?" is a dry of 40 minutes, not laundry due
    /// every 40 days. Which time — the wash's or the dry's — is said by the line's words that
    /// only one of them uses in the grammar's sentences ("drying"); when none says it, the line is
    /// not understood rather than read as days.
    func bindingBareNumber(_ command: Command, in text: String, pets: PetNameIndex) -> Command {
        guard command.intent == .setFrequency, let days = command[.days], Self.isBareNumber(days.text),
              LineReader.clauses(of: text).count > 1, let line = matcher.prepare(text, pets: pets),
              Self.holdsMinutes(line.words)
        else { return command }
        let byWord = builtSuggester.intentsByWord
        var said: Set<Intent> = []
        for word in line.words {
            for form in Self.forms(of: word) {
                guard let intents = byWord[form] else { continue }
                let steps = intents.intersection([.setWashTime, .setDryTime])
                if steps.count == 1 { said.formUnion(steps) }
            }
        }
        guard said.count == 1, let intent = said.first, let minutes = SlotParsers.minutes([days.text]) else {
            return Command(intent: .unknown)
        }
        var slots = command.slots
        slots[.days] = nil
        slots[.minutes] = SlotValue(text: days.text, value: minutes)
        return Command(intent: intent, slots: slots, template: command.template, corrections: command.corrections)
    }

    /// "40", "forty": a number with no unit of its own.
    private static func isBareNumber(_ text: String) -> Bool {
        let words = Tokenizer.tokens(of: text).map(\.word)
        return !words.isEmpty && words.allSatisfy { SlotParsers.count([$0]) != nil || SlotParsers.vocabulary.contains($0) && !Suggester.unitsOfTime.contains($0) }
            && SlotParsers.count(words) != nil
    }

    /// Whether some number in the line has a unit of minutes or hours ("60 min", "1h", "an hour").
    private static func holdsMinutes(_ words: [String]) -> Bool {
        let units = SlotParsers.DurationReader.units
        for (index, word) in words.enumerated() {
            if SlotParsers.mayReadByShape(word), SlotParsers.count([word]) == nil, SlotParsers.minutes([word]) != nil { return true }
            let counted = SlotParsers.count([word]) != nil || ["a", "an", "half"].contains(word)
            if index + 1 < words.count, counted, units[words[index + 1]] != nil { return true }
        }
        return false
    }
}
