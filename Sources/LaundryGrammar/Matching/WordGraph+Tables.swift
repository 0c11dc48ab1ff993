import LaundryCore

extension WordGraph {
    /// The graph as ``GrammarTables`` store it.
    func write(to writer: inout TableWriter) {
        let slotKinds = SlotKind.allCases, intents = Intent.allCases

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
        writer.fixed(accepts)
        writer.fixed(edgeStarts)
        writer.fixed(edges.flatMap { edge in Self.fixedForm(of: edge.label, slotKinds: slotKinds) + [edge.target] })
        writer.fixed(wordIDs)
        writer.fixed(runEnds)
        writer.fixed(minimumWords)
        writer.fixed(maximumWords)
        writer.fixed(mostLiterals)
        writer.fixed(firstWordStarts)
        writer.fixed(Array(templatesByFirstWord))
        writer.fixed(templatesStartingAnywhere)
        writer.fixed(templatesStartingWithPet)
        for words in templateRequiredWords { writer.fixed(words) }
        for choices in templateRequiredChoices {
            writer.integer(choices.count)
            for words in choices { writer.fixed(words) }
        }
        writer.fixed(nextWords.flatMap { [Int32($0.words.lowerBound), Int32($0.words.upperBound), $0.anything ? 1 : 0] })
        writer.fixed(nextWordIDs)
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

    /// The edges ``write(to:)`` laid out as numbers, read back.
    static func edges(fixed numbers: ArraySlice<Int32>, slotKinds: [SlotKind]) throws(GrammarError) -> [Edge] {
        try numbers.withUnsafeBufferPointer { numbers in Result { () throws(GrammarError) in try edges(fixed: numbers, slotKinds: slotKinds) } }.get()
    }

    private static func edges(fixed numbers: UnsafeBufferPointer<Int32>, slotKinds: [SlotKind]) throws(GrammarError) -> [Edge] {
        guard numbers.count % fixedEdgeWidth == 0 else { throw TableReader.damaged("edges of \(numbers.count) numbers") }
        var edges: [Edge] = []
        edges.reserveCapacity(numbers.count / fixedEdgeWidth)
        for start in stride(from: 0, to: numbers.count, by: fixedEdgeWidth) {
            let form = numbers[start], a = numbers[start + 1], b = numbers[start + 2]
            let kindPlace = Int(form >> 3)
            guard form >= 0, form & 7 < 6, kindPlace < slotKinds.count else { throw TableReader.damaged("an edge of form \(form)") }
            let kind = slotKinds[kindPlace]
            let label: Label = switch form & 7 {
            case 0: .word(a)
            case 1: .slot(kind, ordinal: a, next: b)
            case 2: .skip
            case 3: .open(kind)
            case 4: .close(kind, value: a)
            default: .constant(kind, value: a)
            }
            edges.append(Edge(label: label, target: numbers[start + 3]))
        }
        return edges
    }
}
