import LaundryCore
extension WordGraph {
    /// The intents some template of which has a `{pet}`: worked out when the grammar is compiled,
    /// and kept in its tables.
    static func intentsTakingPet(_ templates: [CompiledTemplate]) -> Set<Intent> {
        let slot = Array("{pet}".utf8)
        return Set(templates.lazy.filter { template in
            let text = Array(template.text.utf8)
            return text.count >= slot.count && (0...(text.count - slot.count)).contains { text[$0..<$0 + slot.count].elementsEqual(slot) }
        }.map(\.intent))
    }

    /// By value: the place in `SlotKind.allCases` of the slot whose edges give it, or -1 when no
    /// edge gives it. Worked out when the grammar is compiled and kept in the tables, so that a
    /// start does not look through every edge for it (that was a tenth of reading the grammar).
    static func valueKinds(count: Int, edges: some Sequence<Edge>) throws(GrammarError) -> [Int32] {
        let slotKinds = SlotKind.allCases
        var kinds = [Int32](repeating: -1, count: count)
        for edge in edges {
            switch edge.label {
            case .close(let kind, let value), .constant(let kind, let value):
                guard 0 <= value, Int(value) < count else { throw TableReader.damaged("a value \(value)") }
                kinds[Int(value)] = Int32(slotKinds.firstIndex(of: kind)!)
            case .word, .skip, .slot, .open:
                break
            }
        }
        return kinds
    }

    /// The values of value lists and fixed slots as what they stand for, each read for the slot
    /// whose edges give it (``valueKinds(count:edges:)``; the compiler checked that the slot can
    /// hold it, so that only damaged tables fail here): matching hands them on as they are.
    static func contents(of values: [String], kinds: FixedNumbers) throws(GrammarError) -> [SlotContent] {
        guard kinds.count == values.count else { throw TableReader.damaged("\(kinds.count) kinds of \(values.count) values") }
        let slotKinds = SlotKind.allCases
        var contents: [SlotContent] = []
        contents.reserveCapacity(values.count)
        for (value, place) in zip(values, kinds) {
            // A value no edge gives is never handed on; it is what the grammar wrote.
            guard place >= 0 else {
                contents.append(.listed(value))
                continue
            }
            guard Int(place) < slotKinds.count else { throw TableReader.damaged("a value of slot kind \(place)") }
            let kind = slotKinds[Int(place)]
            guard let content = SlotContent(fixed: value, for: kind) else {
                throw TableReader.damaged("\(value) is no value of the slot {\(kind.rawValue)}")
            }
            contents.append(content)
        }
        return contents
    }
}
