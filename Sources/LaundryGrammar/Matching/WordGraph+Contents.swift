extension WordGraph {
    /// The values of value lists and fixed slots as what they stand for, each read for the slot
    /// whose edges give it (the compiler checked that the slot can hold it, so that only damaged
    /// tables fail here): matching hands them on as they are.
    static func contents(of values: [String], edges: some Sequence<Edge>) throws(GrammarError) -> [SlotContent] {
        var kinds = [SlotKind?](repeating: nil, count: values.count)
        for edge in edges {
            switch edge.label {
            case .close(let kind, let value), .constant(let kind, let value):
                guard values.indices.contains(Int(value)) else { throw TableReader.damaged("a value \(value)") }
                kinds[Int(value)] = kind
            case .word, .skip, .slot, .open:
                break
            }
        }
        var contents: [SlotContent] = []
        contents.reserveCapacity(values.count)
        for (value, kind) in zip(values, kinds) {
            // A value no edge gives is never handed on; it is what the grammar wrote.
            guard let kind else {
                contents.append(.listed(value))
                continue
            }
            guard let content = SlotContent(fixed: value, for: kind) else {
                throw TableReader.damaged("\(value) is no value of the slot {\(kind.rawValue)}")
            }
            contents.append(content)
        }
        return contents
    }
}
