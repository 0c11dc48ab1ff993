import LaundryCore

extension WordGraph {
    /// The graph as ``GrammarTables`` store it.
    func write(to writer: inout TableWriter) {
        let slotKinds = SlotKind.allCases, intents = Intent.allCases
        func slot(_ kind: SlotKind) { writer.ordinal(kind, in: slotKinds) }

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
        writer.integers(accepts)
        writer.integers(edgeStarts)
        writer.integer(edges.count)
        for edge in edges {
            switch edge.label {
            case .word(let id): writer.integer(0); writer.integer(id)
            case .slot(let kind, let ordinal, let next): writer.integer(1); slot(kind); writer.integer(ordinal); writer.integer(next)
            case .skip: writer.integer(2)
            case .open(let kind): writer.integer(3); slot(kind)
            case .close(let kind, let value): writer.integer(4); slot(kind); writer.integer(value)
            case .constant(let kind, let value): writer.integer(5); slot(kind); writer.integer(value)
            }
            writer.integer(edge.target)
        }
        writer.integers(minimumWords)
        writer.integers(maximumWords)
        writer.integers(mostLiterals)
        writer.integer(templatesByFirstWord.count)
        for templates in templatesByFirstWord { writer.integers(templates) }
        writer.integers(templatesStartingAnywhere)
        writer.integers(templatesStartingWithPet)
        for words in templateRequiredWords { writer.integers(words) }
        for choices in templateRequiredChoices {
            writer.integer(choices.count)
            for words in choices { writer.integers(words) }
        }
        writer.integer(nextWords.count)
        for next in nextWords {
            writer.integer(next.words.lowerBound)
            writer.integer(next.words.upperBound)
            writer.integer(next.anything ? 1 : 0)
        }
        writer.integers(nextWordIDs)
    }
}
