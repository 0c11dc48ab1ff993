/// Part of the grammar's table of numbers, used where it lies: indexed from zero, sharing the
/// storage of the array it is cut from. The tables built into the binary are an array literal laid
/// out as data, so a graph read from them copies none of its arrays at start, and a page of them
/// is touched only when a walk reads it (copying them whole was most of reading the grammar,
/// perf of a one-shot `/status`).
struct FixedNumbers: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private let numbers: ArraySlice<Int32>

    init(_ numbers: ArraySlice<Int32>) { self.numbers = numbers }
    init(_ numbers: [Int32]) { self.numbers = numbers[...] }
    init(arrayLiteral numbers: Int32...) { self.numbers = numbers[...] }

    var startIndex: Int { 0 }
    var endIndex: Int { numbers.count }

    @inline(__always)
    subscript(index: Int) -> Int32 { numbers[numbers.startIndex &+ index] }

    /// The numbers copied into an array of their own (one copy of memory), for the checks made
    /// when tables are read checked: looked at through this type, they took many times longer in
    /// a debug build.
    var array: [Int32] { Array(numbers) }

    static func == (a: FixedNumbers, b: FixedNumbers) -> Bool { a.numbers.elementsEqual(b.numbers) }
}

extension WordGraph {
    /// The edges as the tables lay them out, ``fixedEdgeWidth`` numbers each (``fixedForm(of:slotKinds:)``
    /// and the target), each read when it is looked at: a start makes no edge.
    struct EdgeTable: RandomAccessCollection, Equatable, Sendable {
        let numbers: FixedNumbers

        init(numbers: FixedNumbers) { self.numbers = numbers }

        /// `edges` laid out as the tables hold them.
        init(_ edges: [Edge]) {
            let slotKinds = SlotKind.allCases
            numbers = FixedNumbers(edges.flatMap { edge in fixedForm(of: edge.label, slotKinds: slotKinds) + [edge.target] })
        }

        var startIndex: Int { 0 }
        var endIndex: Int { numbers.count / fixedEdgeWidth }

        @inline(__always)
        subscript(index: Int) -> Edge { Edge(label: label(index), target: target(index)) }

        @inline(__always)
        func target(_ index: Int) -> Int32 { numbers[index &* fixedEdgeWidth &+ 3] }

        /// Whether edge `index` takes a word (the commonest question the walk asks).
        @inline(__always)
        func isWord(_ index: Int) -> Bool { numbers[index &* fixedEdgeWidth] & 7 == 0 }

        @inline(__always)
        func label(_ index: Int) -> Label {
            let start = index &* fixedEdgeWidth
            return Self.label(numbers[start], numbers[start &+ 1], numbers[start &+ 2])
        }

        /// The label of the form and the two numbers ``fixedForm(of:slotKinds:)`` gives it.
        @inline(__always)
        private static func label(_ form: Int32, _ a: Int32, _ b: Int32) -> Label {
            switch form & 7 {
            case 0: return .word(a)
            case 1: return .slot(slotKinds[Int(form >> 3)], ordinal: a, next: b)
            case 2: return .skip
            case 3: return .open(slotKinds[Int(form >> 3)])
            case 4: return .close(slotKinds[Int(form >> 3)], value: a)
            default: return .constant(slotKinds[Int(form >> 3)], value: a)
            }
        }

        /// Every edge's form is checked when tables are read checked (``checkedList()``); the
        /// tables built in were checked when they were built.
        private static let slotKinds = SlotKind.allCases

        /// Every edge, each form checked first (damaged tables are an error, not a crash): for
        /// checking the graph when tables are read checked.
        func checkedList() throws(GrammarError) -> [Edge] {
            let numbers = numbers.array
            guard numbers.count % fixedEdgeWidth == 0 else { throw TableReader.damaged("edges of \(numbers.count) numbers") }
            var edges: [Edge] = []
            edges.reserveCapacity(numbers.count / fixedEdgeWidth)
            for start in stride(from: 0, to: numbers.count, by: fixedEdgeWidth) {
                let form = numbers[start]
                guard form >= 0, form & 7 < 6, Int(form >> 3) < Self.slotKinds.count else { throw TableReader.damaged("an edge of form \(form)") }
                edges.append(Edge(label: Self.label(form, numbers[start + 1], numbers[start + 2]), target: numbers[start + 3]))
            }
            return edges
        }
    }
}
