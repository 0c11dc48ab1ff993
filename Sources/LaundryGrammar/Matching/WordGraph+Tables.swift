import LaundryCore

extension WordGraph {
    /// The graph as ``GrammarTables`` store it.
    func write(to writer: inout TableWriter) {
        let intents = Intent.allCases

        writer.strings(wordsByID)
        writer.strings(values)
        let expanded = normalizer.expansions.sorted { $0.key < $1.key }
        writer.integer(expanded.count)
        for (word, words) in expanded {
            writer.string(word)
            writer.strings(words)
        }
        writer.integer(normalizer.skipPhrases.count)
        for phrase in normalizer.skipPhrases { writer.strings(phrase) }
        let homophones = normalizer.homophones.sorted { $0.key < $1.key }
        writer.strings(homophones.map(\.key))
        writer.strings(homophones.map(\.value))
        writer.integer(templates.count)
        for template in templates {
            writer.ordinal(template.intent, in: intents)
            writer.string(template.text)
            writer.integer(template.start)
        }
        writer.fixed(Array(accepts))
        writer.fixed(Array(edgeStarts))
        writer.fixed(Array(edges.numbers))
        writer.fixed(Array(wordIDs))
        writer.fixed(Array(runEnds))
        writer.fixed(Array(minimumWords))
        writer.fixed(Array(maximumWords))
        writer.fixed(Array(mostLiterals))
        writer.fixed(Array(firstWordStarts))
        writer.fixed(Array(templatesByFirstWord))
        writer.fixed(templatesStartingAnywhere)
        writer.fixed(templatesStartingWithPet)
        for words in templateRequiredWords { writer.fixed(Array(words)) }
        for choices in templateRequiredChoices {
            writer.integer(choices.count)
            for words in choices { writer.fixed(Array(words)) }
        }
        writer.fixed(nextWords.flatMap { [Int32($0.words.lowerBound), Int32($0.words.upperBound), $0.anything ? 1 : 0] })
        writer.fixed(Array(nextWordIDs))
        writer.fixed(Array(valueKinds))
        writer.fixed(intents.indices.filter { intentsTakingPet.contains(intents[$0]) }.map(Int32.init))
    }

    /// How many numbers an edge takes in the tables: its label (``fixedForm(of:slotKinds:)``), then
    /// its target.
    static let fixedEdgeWidth = 4

    /// A label as three numbers: its case plus 8 × its slot kind's place, then its payload.
    static func fixedForm(of label: Label, slotKinds: [SlotKind]) -> [Int32] {
        func kind(_ kind: SlotKind) -> Int32 { Int32(slotKinds.firstIndex(of: kind)!) * 8 }
        return switch label {
        case .word(let id): [0, id, 0]
        case .slot(let slot, let ordinal, let next): [1 + kind(slot), ordinal, next]
        case .skip: [2, 0, 0]
        case .open(let slot): [3 + kind(slot), 0, 0]
        case .close(let slot, let value): [4 + kind(slot), value, 0]
        case .constant(let slot, let value): [5 + kind(slot), value, 0]
        }
    }
}
