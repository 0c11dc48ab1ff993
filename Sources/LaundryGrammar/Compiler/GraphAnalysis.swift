/// What is worked out from the word graph once it is laid out: how many words a path from each
/// node takes, the words every path through a template takes, and which words can come first
/// after a node. Used when a grammar is compiled, and by completion.
struct GraphAnalysis {
    let edges: [WordGraph.Edge]
    /// Node `n`'s edges are `edges[edgeStarts[n] ..< edgeStarts[n + 1]]`.
    let edgeStarts: [Int32]
    /// By node: the template that ends there, or -1.
    let accepts: [Int32]

    var nodeCount: Int { accepts.count }

    func edges(of node: Int32) -> Range<Int> {
        Int(edgeStarts[Int(node)])..<Int(edgeStarts[Int(node) + 1])
    }

    /// How many words a path through an edge's label takes: at least, at most.
    static func wordRange(of label: WordGraph.Label) -> (minimum: Int32, maximum: Int32) {
        switch label {
        case .word: return (1, 1)
        case .skip, .open, .close, .constant: return (0, 0)
        case .slot(let kind, _, _):
            switch kind.reading {
            case .pet: return (1, Int32(SlotKind.unknownPetMaximumWords))
            case .freeText: return (1, WordGraph.unbounded)
            case .words(let maximum): return (1, Int32(maximum))
            case .parsed: return (1, Int32(Matcher.parsedSlotMaximumWords))
            case .listOnly: return (1, WordGraph.unbounded)  // never compiled: a list slot opens and closes
            }
        }
    }

    /// `minimumWords` and `maximumWords` of every node.
    func wordBounds() -> (minimum: [Int32], maximum: [Int32]) {
        // -1: not worked out yet. A node from which no path reaches an end gets a minimum above
        // its maximum: nothing fits.
        var minimum = [Int32](repeating: -1, count: nodeCount)
        var maximum = [Int32](repeating: -1, count: nodeCount)
        for node in 0..<Int32(nodeCount) { addWordBounds(of: node, &minimum, &maximum) }
        return (minimum, maximum)
    }

    /// Works out the word bounds of `node` and of the nodes after it that still lack them. The
    /// graph has no loops, so remembering every node's answer visits each edge once.
    func addWordBounds(of node: Int32, _ minimum: inout [Int32], _ maximum: inout [Int32]) {
        guard minimum[Int(node)] < 0 else { return }
        func add(_ a: Int32, _ b: Int32) -> Int32 { a == WordGraph.unbounded || b == WordGraph.unbounded ? WordGraph.unbounded : a + b }
        var fewest = accepts[Int(node)] >= 0 ? 0 : WordGraph.unbounded
        var most: Int32 = accepts[Int(node)] >= 0 ? 0 : -1
        for index in edges(of: node) {
            let edge = edges[index]
            addWordBounds(of: edge.target, &minimum, &maximum)
            let target = Int(edge.target)
            guard maximum[target] >= 0 else { continue }
            let words = Self.wordRange(of: edge.label)
            fewest = min(fewest, add(words.minimum, minimum[target]))
            most = max(most, add(words.maximum, maximum[target]))
        }
        minimum[Int(node)] = fewest
        maximum[Int(node)] = most
    }

    /// By node: the most literal words (word edges) a path from it to its template's end
    /// matches, or -1 when no path ends. The walk stops a path that cannot match as many literal
    /// words as the best reading found so far (ranking rule 1: it could not even tie).
    func mostLiterals() -> [Int32] {
        // -2: not worked out yet. The graph has no loops, so each edge is looked at once.
        var most = [Int32](repeating: -2, count: nodeCount)
        func work(_ node: Int32) -> Int32 {
            if most[Int(node)] != -2 { return most[Int(node)] }
            var best: Int32 = accepts[Int(node)] >= 0 ? 0 : -1
            for index in edges(of: node) {
                let after = work(edges[index].target)
                guard after >= 0 else { continue }
                if case .word = edges[index].label { best = max(best, after + 1) } else { best = max(best, after) }
            }
            most[Int(node)] = best
            return best
        }
        for node in 0..<Int32(nodeCount) { _ = work(node) }
        return most
    }

    /// By template: the words every path through it takes — a line lacking one of them cannot fit
    /// it, whatever the rest of the walk would find (filler is passed over in the line, never in a
    /// template, so it cannot stand in for one).
    func requiredWords(of templates: [WordGraph.CompiledTemplate]) -> [[Int32]] {
        var memo = [Set<Int32>?](repeating: nil, count: nodeCount)
        func required(_ node: Int32) -> Set<Int32> {
            if let known = memo[Int(node)] { return known }
            var words: Set<Int32>?
            if accepts[Int(node)] >= 0 { words = [] }
            for index in edges(of: node) {
                var after = required(edges[index].target)
                if case .word(let id) = edges[index].label { after.insert(id) }
                words = words.map { $0.intersection(after) } ?? after
            }
            memo[Int(node)] = words ?? []
            return words ?? []
        }
        return templates.map { required($0.start).sorted() }
    }

    /// By template: sets of words the line must hold one of each — found where every path
    /// through the template passes one node from which only literal words can come first
    /// (``firstWords(from:)``: no slot and no end right there), so that a path must take one of
    /// them ("pause", "freeze", "hold", … of a `<pause>` that no path goes around). The sets of one
    /// word are ``requiredWords(of:)``'s, and left out, as is one that holds another (it says
    /// nothing more); of the rest, the smallest few are kept. (Not the template's first words: a
    /// template is walked only from a word it may start with.)
    func requiredChoices(of templates: [WordGraph.CompiledTemplate]) -> [[[Int32]]] {
        templates.map { template in
            var sets: [Set<Int32>] = []
            for node in nodesOnEveryPath(from: template.start) where node != template.start {
                let (words, anything, _) = firstWords(from: node)
                if !anything, words.count > 1 { sets.append(words) }
            }
            var kept: [Set<Int32>] = []
            for set in sets.sorted(by: { $0.count < $1.count }) where !kept.contains(where: { $0.isSubset(of: set) }) {
                kept.append(set)
            }
            return kept.prefix(Self.requiredChoicesKept).map { $0.sorted() }
        }
    }

    /// How many sets of words ``requiredChoices(of:)`` keeps for a template: each is looked at
    /// for every line the template might fit.
    static let requiredChoicesKept = 3

    /// The nodes every path from `start` to an end of its template passes (its dominators in
    /// the graph, which has no loops): worked out in topological order, each node's set the
    /// meeting of its predecessors' sets, and the ends' sets met — as bits by a node's place in
    /// that order, since a grammar is compiled for every test that writes one.
    func nodesOnEveryPath(from start: Int32) -> [Int32] {
        // The template's nodes, in an order where each comes after every node with an edge to it.
        var order: [Int32] = []
        var place: [Int32: Int] = [:]
        func visit(_ node: Int32) {
            guard place[node] == nil else { return }
            place[node] = -1
            for index in edges(of: node) { visit(edges[index].target) }
            order.append(node)
        }
        visit(start)
        order.reverse()
        for (position, node) in order.enumerated() { place[node] = position }
        // One row of bits a node, all in one array; a row not reached yet is all ones (the
        // meeting of no sets), and a node's own bit is set once its predecessors are met.
        let words = (order.count + 63) / 64
        var onEveryPath = [UInt64](repeating: .max, count: order.count * words)
        var atEnds = [UInt64](repeating: .max, count: words)
        var reachesAnEnd = false
        for word in 0..<words { onEveryPath[word] = 0 }
        for (position, node) in order.enumerated() {
            let row = position * words
            onEveryPath[row + position >> 6] |= 1 << UInt64(position & 63)
            if accepts[Int(node)] >= 0 {
                reachesAnEnd = true
                for word in 0..<words { atEnds[word] &= onEveryPath[row + word] }
            }
            for index in edges(of: node) {
                let next = place[edges[index].target]! * words
                for word in 0..<words { onEveryPath[next + word] &= onEveryPath[row + word] }
            }
        }
        guard reachesAnEnd else { return [] }
        return order.indices.filter { atEnds[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }.map { order[$0] }.sorted()
    }

    /// The literal words that can be first on a path from `start`, and whether something else —
    /// a slot, or the end of the template — can come first instead (then the words do not decide),
    /// and whether that something else is only ever a `{pet}` slot.
    func firstWords(from start: Int32) -> (words: Set<Int32>, anything: Bool, onlyPet: Bool) {
        var words: Set<Int32> = []
        var anything = false, other = false
        var stack = [start]
        var seen: Set<Int32> = []
        while let node = stack.popLast() {
            guard seen.insert(node).inserted else { continue }
            if accepts[Int(node)] >= 0 { anything = true; other = true }
            for index in edges(of: node) {
                switch edges[index].label {
                case .word(let id): words.insert(id)
                case .slot(let kind, _, _):
                    anything = true
                    if kind != .pet { other = true }
                case .skip, .open, .close, .constant: stack.append(edges[index].target)
                }
            }
        }
        return (words, anything, anything && !other)
    }
}
