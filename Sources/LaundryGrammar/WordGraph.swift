/// The grammar compiled into one word graph (a Thompson-style automaton without loops).
///
/// Every template becomes a path from its own start node to a node that accepts it; `(a|b)`
/// branches, `[x]` adds a skip edge, `<rule>` is inlined. Literal words are interned to integers
/// so matching compares numbers, not strings. The same graph will give completion candidates:
/// the next possible words at a node are its outgoing edges.
struct WordGraph: Sendable {
    enum Label: Equatable, Sendable {
        case word(Int32)
        case slot(SlotKind)
        case skip
        /// A value-list slot starts here: the words up to its `close` are the slot's.
        case open(SlotKind)
        /// A value-list slot ends here, standing for `values[value]`.
        case close(SlotKind, value: Int32)
        /// A slot with a fixed value, taking no words.
        case constant(SlotKind, value: Int32)
    }

    struct Edge: Sendable {
        let label: Label
        let target: Int32
    }

    struct Node: Sendable {
        var edges: [Edge] = []
        /// Index into `templates` of the template that ends here, if any.
        var accepts: Int32 = -1
    }

    struct CompiledTemplate: Sendable {
        let intent: Intent
        let text: String
        let start: Int32
        /// Literal words the template can begin with, for skipping it quickly on other lines.
        let firstWords: Set<Int32>
        /// Whether a slot or nothing can come first (then `firstWords` does not decide).
        let mayStartAnywhere: Bool
    }

    private(set) var nodes: [Node] = []
    private(set) var templates: [CompiledTemplate] = []
    private(set) var vocabulary: [String: Int32] = [:]
    /// The values of value-list slots, by index.
    private(set) var values: [String] = []
    private let lists: [String: GrammarDocument.ValueList]

    init(document: GrammarDocument) throws(GrammarError) {
        lists = document.lists
        for block in document.intents {
            for template in block.templates {
                let start = newNode()
                let end = try compile(template.expression, from: start, rules: document.rules, line: template.line, expanding: [])
                nodes[Int(end)].accepts = Int32(templates.count)
                let (first, anywhere) = firstWords(from: start)
                templates.append(
                    CompiledTemplate(intent: block.intent, text: template.text, start: start,
                                     firstWords: first, mayStartAnywhere: anywhere))
            }
        }
    }

    /// The interned id of a normalised word, or -1 when no template uses it.
    func id(of word: String) -> Int32 { vocabulary[word] ?? -1 }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    private mutating func connect(_ from: Int32, _ label: Label, _ to: Int32) {
        nodes[Int(from)].edges.append(Edge(label: label, target: to))
    }

    /// Adds `expression` after `from` and returns the node where it ends.
    private mutating func compile(
        _ expression: TemplateExpression, from: Int32, rules: [String: TemplateExpression], line: Int, expanding: [String]
    ) throws(GrammarError) -> Int32 {
        switch expression {
        case .word(let word):
            let normalized = Tokenizer.normalize(word)
            let id = vocabulary[normalized] ?? {
                let id = Int32(vocabulary.count)
                vocabulary[normalized] = id
                return id
            }()
            let end = newNode()
            connect(from, .word(id), end)
            return end
        case .slot(let kind, nil):
            if case .listOnly = kind.reading {
                throw GrammarError(line: line, message: "slot {\(kind.rawValue)} takes its words from a value list: {\(kind.rawValue):LIST}")
            }
            let end = newNode()
            connect(from, .slot(kind), end)
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
                let optionEnd = try compile(option, from: from, rules: rules, line: line, expanding: expanding)
                connect(optionEnd, .skip, end)
            }
            return end
        case .optional(let inner):
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

    /// The literal words that can be first on a path from `start`, and whether a slot (or the end)
    /// can come first instead.
    private func firstWords(from start: Int32) -> (Set<Int32>, Bool) {
        var words: Set<Int32> = []
        var anywhere = false
        var stack = [start]
        var seen: Set<Int32> = []
        while let node = stack.popLast() {
            guard seen.insert(node).inserted else { continue }
            if nodes[Int(node)].accepts >= 0 { anywhere = true }
            for edge in nodes[Int(node)].edges {
                switch edge.label {
                case .word(let id): words.insert(id)
                case .slot: anywhere = true
                case .skip, .open, .close, .constant: stack.append(edge.target)
                }
            }
        }
        return (words, anywhere)
    }
}
