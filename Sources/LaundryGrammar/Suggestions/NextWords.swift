/// What can come next after the words typed so far, by the shape of the templates: Tab
/// completion at the prompt and in the shell.
public struct NextWords: Equatable, Sendable {
    /// The grammar's words that can come next in some template (normalised: lower case), sorted.
    public let words: [String]
    /// Whether a pet's name can stand next (a `{pet}` slot).
    public let pet: Bool
}

extension Grammar {
    /// What can come next after `typed` — whole words, as the user typed them, before the word
    /// being completed — in some template: its next literal words, and whether a pet's name can
    /// stand there. The words are read as a line is (normalised, filler passed over, the user's
    /// pets recognised), and a slot takes the words it could take: a pet's name, free text, a
    /// number's words — and a number's words may go on with its unit ("45" → "minutes"). Nil when
    /// no template starts with the words typed.
    public func nextWords(after typed: String, pets: [String]) -> NextWords? {
        nextWords(after: typed, pets: PetNameIndex(names: pets))
    }

    /// The same, with the pets as `pets` reads them (names and nicknames).
    public func nextWords(after typed: String, pets: PetNameIndex) -> NextWords? {
        let graph = matcher.graph
        var line: Matcher.Line?
        if !typed.allSatisfy(\.isWhitespace) {
            guard let prepared = matcher.prepare(typed, pets: pets) else { return nil }
            line = prepared
        }
        var walk = NextWordWalk(graph: graph, line: line, parsers: matcher.words.slots)
        for template in graph.templates { walk.explore(template.start, 0) }
        guard walk.reachedEnd else { return nil }
        let names = graph.wordsByID
        let typedWords = line?.words ?? []
        let offered = Set(walk.words.map { names[Int($0)] }).union(walk.units).filter { word in
            !Self.isFiller(word, after: typedWords, skipPhrases: graph.normalizer.skipPhrases)
        }
        return NextWords(words: offered.sorted(), pet: walk.pet)
    }
}

extension Grammar {
    /// Whether `word` after `typed` would only say filler: a one-word `skip` phrase ("please",
    /// "now"), or the next word of a longer one the typed words have begun ("me" after "for").
    static func isFiller(_ word: String, after typed: [String], skipPhrases: [[String]]) -> Bool {
        skipPhrases.contains { phrase in
            guard let index = phrase.firstIndex(of: word) else { return false }
            return phrase.count == 1 || (index > 0 && typed.count >= index && Array(typed.suffix(index)) == Array(phrase[..<index]))
        }
    }
}

/// The walk behind ``Grammar/nextWords(after:pets:)``: every (node, position) the typed words
/// can reach, once each; at the end of the words, the edges that leave.
private struct NextWordWalk {
    let graph: WordGraph
    let line: Matcher.Line?
    var seen: Set<Int64> = []
    var words: Set<Int32> = []
    /// The units a number typed last may go on with.
    var units: Set<String> = []
    var pet = false
    /// Whether some template takes all the words typed.
    var reachedEnd = false

    /// What the typed slots read; the units each number's slot reads after its number.
    let parsers: SlotParsers

    var count: Int { line?.words.count ?? 0 }

    mutating func explore(_ node: Int32, _ position: Int) {
        guard seen.insert(Int64(node) << 8 | Int64(position)).inserted else { return }
        if position == count { reachedEnd = true }
        if let line, position < count, !line.skips.isEmpty {
            for skip in line.skips[position] { explore(node, skip.end) }
        }
        for index in graph.edges(of: node) {
            let edge = graph.edges[index]
            switch edge.label {
            case .word(let id):
                if position == count {
                    words.insert(id)
                } else if line?.ids[position] == id {
                    explore(edge.target, position + 1)
                }
            case .skip, .open, .close, .constant:
                explore(edge.target, position)
            case .slot(let kind, _, _):
                if position == count {
                    if kind == .pet { pet = true }
                    continue
                }
                for length in 1...(count - position) where takes(kind, position, length) {
                    if position + length == count, let more = parsers.words.offeredUnits[kind] { units.formUnion(more) }
                    explore(edge.target, position + length)
                }
            }
        }
    }

    /// Whether a slot of `kind` may take `length` typed words from `position`.
    private func takes(_ kind: SlotKind, _ position: Int, _ length: Int) -> Bool {
        guard let line else { return false }
        switch kind.reading {
        case .pet:
            return line.pets(at: position).contains { $0.length == length }
                || (length == 1 && line.ids[position] < 0 && !line.isPetWord(position))
        case .freeText:
            return true
        case .words(let maximum):
            return length <= maximum
        case .parsed:
            return length <= Matcher.parsedSlotMaximumWords
                && line.slotWords[position..<position + length].allSatisfy(parsers.mayRead)
        case .listOnly:
            return false
        }
    }
}
