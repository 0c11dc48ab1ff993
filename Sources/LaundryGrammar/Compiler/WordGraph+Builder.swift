/// Compiling a grammar document into the word graph: the builder that lays out nodes and edges
/// (what is worked out once the graph is whole is ``GraphAnalysis``).
extension WordGraph {
    /// The graph while it is being compiled: edges are added to any node at any time, so they are
    /// kept in the order they come until `edgesByNode` groups them.
    struct Builder {
        let lists: [String: GrammarDocument.ValueList]
        let normalizer: Normalizer
        /// Every edge so far, with the node it leaves.
        var edges: [(from: Int32, edge: Edge)] = []
        var accepts: [Int32] = []
        var vocabulary: [String: Int32] = [:]
        var values: [String] = []
        /// Word ids by the word as written in the grammar: rules are inlined wherever they are
        /// used, so the same words come back many times, and normalising each is not free.
        var wordIDs: [String: [Int32]] = [:]
        /// `SlotKind.allCases`, fetched once.
        let slotKinds = SlotKind.allCases

        init(lists: [String: GrammarDocument.ValueList], normalizer: Normalizer) {
            self.lists = lists
            self.normalizer = normalizer
        }

        mutating func newNode() -> Int32 {
            accepts.append(-1)
            return Int32(accepts.count - 1)
        }

        mutating func connect(_ from: Int32, _ label: Label, _ to: Int32) {
            edges.append((from, Edge(label: label, target: to)))
        }

        /// The edges grouped by the node they leave, each node's in the order they were added,
        /// and where each node's group starts (a counting sort, which keeps that order).
        func edgesByNode() -> (edges: [Edge], starts: [Int32]) {
            var starts = [Int32](repeating: 0, count: accepts.count + 1)
            for (from, _) in edges { starts[Int(from) + 1] += 1 }
            for node in accepts.indices { starts[node + 1] += starts[node] }
            var next = starts
            var grouped = [Edge?](repeating: nil, count: edges.count)
            for (from, edge) in edges {
                grouped[Int(next[Int(from)])] = edge
                next[Int(from)] += 1
            }
            return (WordGraph.sortingWordRuns(grouped.map { $0! }, edgeStarts: starts), starts)
        }

        /// The ids of a template word as lines are read: normalised, and expanded ("what's" is
        /// "what", "is").
        mutating func ids(ofTemplateWord word: String) -> [Int32] {
            if let ids = wordIDs[word] { return ids }
            let ids = normalizer.expand([Tokenizer.normalize(word)]).map { normalized in
                vocabulary[normalized] ?? {
                    let id = Int32(vocabulary.count)
                    vocabulary[normalized] = id
                    return id
                }()
            }
            wordIDs[word] = ids
            return ids
        }

        /// The word id of an expression that is one template word read as one word ("wash", not
        /// "what's", which is two), else nil.
        mutating func singleWordID(_ expression: TemplateExpression) -> Int32? {
            guard case .word(let word) = expression else { return nil }
            let ids = ids(ofTemplateWord: word)
            return ids.count == 1 ? ids[0] : nil
        }

        /// Adds `expression` after `from` and returns the node where it ends.
        mutating func compile(
            _ expression: TemplateExpression, from: Int32, rules: [String: TemplateExpression], line: Int, expanding: [String]
        ) throws(GrammarError) -> Int32 {
            switch expression {
            case .word(let word):
                var end = from
                for id in ids(ofTemplateWord: word) {
                    let next = newNode()
                    connect(end, .word(id), next)
                    end = next
                }
                return end
            case .slot(let kind, nil):
                if case .listOnly = kind.reading {
                    throw GrammarError(line: line, message: "slot {\(kind.rawValue)} takes its words from a value list: {\(kind.rawValue):LIST}")
                }
                let end = newNode()
                // `next` is filled in when the graph is laid out flat.
                connect(from, .slot(kind, ordinal: Int32(slotKinds.firstIndex(of: kind)!), next: -1), end)
                return end
            case .constant(let kind, let value):
                let end = newNode()
                values.append(value)
                connect(from, .constant(kind, value: Int32(values.count - 1)), end)
                return end
            case .slot(let kind, let listName?):
                guard let list = lists[listName] else {
                    throw GrammarError(line: line, message: "value list '\(listName)' is not defined")
                }
                let entry = newNode()
                connect(from, .open(kind), entry)
                let end = newNode()
                for (value, phrases) in list.entries {
                    guard SlotContent(fixed: value, for: kind) != nil else {
                        throw GrammarError(line: line, message: "{\(kind.rawValue):\(listName)}: \(value) is no value of the slot {\(kind.rawValue)}")
                    }
                    let index = Int32(values.count)
                    values.append(value)
                    for phrase in phrases {
                        let phraseEnd = try compile(phrase, from: entry, rules: rules, line: line, expanding: expanding)
                        connect(phraseEnd, .close(kind, value: index), end)
                    }
                }
                return end
            case .sequence(let items):
                var current = from
                for item in items {
                    current = try compile(item, from: current, rules: rules, line: line, expanding: expanding)
                }
                return current
            case .alternatives(let options):
                let end = newNode()
                for option in options {
                    // A word that is one word once read goes straight to the end: no node of its
                    // own and no skip after it (most alternatives are such words; the graph is a
                    // third smaller, and read faster at every start).
                    if let id = singleWordID(option) {
                        connect(from, .word(id), end)
                        continue
                    }
                    let optionEnd = try compile(option, from: from, rules: rules, line: line, expanding: expanding)
                    connect(optionEnd, .skip, end)
                }
                return end
            case .optional(let inner):
                if let id = singleWordID(inner) {
                    let end = newNode()
                    connect(from, .word(id), end)
                    connect(from, .skip, end)
                    return end
                }
                // A fresh entry node, so that the skip edge cannot be taken from inside `inner`.
                let entry = newNode()
                connect(from, .skip, entry)
                let end = try compile(inner, from: entry, rules: rules, line: line, expanding: expanding)
                connect(entry, .skip, end)
                return end
            case .rule(let name):
                guard let body = rules[name] else {
                    throw GrammarError(line: line, message: "rule <\(name)> is not defined")
                }
                guard !expanding.contains(name) else {
                    throw GrammarError(line: line, message: "rule <\(name)> refers to itself")
                }
                return try compile(body, from: from, rules: rules, line: line, expanding: expanding + [name])
            }
        }
    }
}
