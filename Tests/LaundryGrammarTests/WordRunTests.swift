import EnglishGrammar
import LaundryCore
@testable import LaundryGrammar
import Testing

/// The word edges side by side in a node are sorted by word so that the walk finds the ones that
/// fit a word at once; nothing that decides a tie may move (done for matching speed).
@Suite struct WordRunTests {
    typealias Edge = WordGraph.Edge

    @Test func onlyRunsOfWordEdgesAreSortedAndStably() {
        let edges: [Edge] = [
            Edge(label: .word(5), target: 1), Edge(label: .word(3), target: 2), Edge(label: .skip, target: 3),
            Edge(label: .word(2), target: 4), Edge(label: .word(1), target: 5), Edge(label: .word(2), target: 6),
            // The next node.
            Edge(label: .word(9), target: 7), Edge(label: .word(8), target: 8),
        ]
        let sorted = WordGraph.sortingWordRuns(edges, edgeStarts: [0, 6, 8])
        #expect(sorted.map(\.target) == [2, 1, 3, 5, 4, 6, 8, 7], "\(sorted.map(\.target))")
        let (ids, runEnds) = Matcher.wordRuns(sorted, edgeStarts: [0, 6, 8])
        #expect(ids == [3, 5, -1, 1, 2, 2, 8, 9])
        #expect(runEnds == [2, 2, -1, 6, 6, 6, 8, 8])
    }

    /// The runs the tables built in hold (worked out at build time) are the ones the edges read
    /// back from them give.
    @Test func theBuiltInRunsAreTheEdgesRuns() throws {
        let graph = try Grammar.english.matcher.graph
        let (ids, runEnds) = Matcher.wordRuns(Array(graph.edges), edgeStarts: Array(graph.edgeStarts))
        #expect(!ids.isEmpty)
        #expect(Array(graph.wordIDs) == ids)
        #expect(Array(graph.runEnds) == runEnds)
    }
}

/// Templates that start with a `{pet}` slot and nothing else but words are tried only where a pet
/// can be named first (when "{pet} is drying", "{pet} went in the washer …" came in, they had
/// made every line try them). The corpora matched the same with and without this (10,875 matches).
@Suite struct PetFirstTemplateTests {
    let grammar = try! Grammar(source: """
        skip please
        intent start_dry
          {pet} is drying
          [the] dryer is on for {pet}
        intent show_pet
          [{pet}] status
        """)
    let pets = PetNameIndex(names: ["Snowy", "Buddy"])

    @Test func theyAreIndexedApart() {
        let graph = grammar.matcher.graph
        #expect(graph.templatesStartingWithPet == [0, 2], "a pet, or the words after an optional one")
        #expect(graph.templatesStartingAnywhere.isEmpty)
        #expect(graph.templates(startingWith: graph.id(of: "status")) == [2])
    }

    @Test(arguments: [
        ("snowy is drying", Intent.startDry), ("it is drying", .startDry), ("snowwy is drying", .startDry),
        ("please buddy is drying", .startDry), ("dryer is drying", .unknown), ("status", .showPet),
    ])
    func theyFitWhereAPetCanBeNamed(_ line: String, _ intent: Intent) {
        #expect(grammar.match(line, pets: pets).intent == intent, "\(line)")
    }
}

/// A one-word alternative, or a one-word optional word, is one edge to where the choice ends: no
/// node of its own and no skip after it (the grammar had doubled in one round, and the program
/// reads its tables at every start). The corpora matched the same with and without it (11,749
/// matches).
@Suite struct OneWordChoiceTests {
    @Test func aOneWordChoiceIsOneEdge() throws {
        let graph = try Grammar(source: """
            intent greeting
              (hi | hello | what's up) [there] friend
            """).matcher.graph
        // hi, hello: an edge each; "what's up" (two words here, where no `expand` says "what
        // is"): two words and a skip; [there]: a word and a skip; friend: a word.
        #expect(graph.edges.count == 2 + 3 + 2 + 1, "\(graph.edges)")
        #expect(try Grammar(source: "intent greeting\n  (hi | hello | what's up) [there] friend").match("what's up friend").intent == .greeting)
    }
}
