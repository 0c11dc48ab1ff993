@testable import LaundryGrammar
import Testing

/// The word edges side by side in a node are sorted by word so that the walk finds the ones that
/// fit a word at once; nothing that decides a tie may move (issue 15, matching speed).
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
}
