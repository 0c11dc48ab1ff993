import LaundryCore
@testable import LaundryGrammar
import Testing

/// The walk remembers the places it reached in a table of its own (``ReachedPlaces``), for speed:
/// it must answer as a `Dictionary` of the best score by place does.
struct ReachedPlacesTests {
    @Test func itAnswersAsADictionaryDoes() {
        var random = SplitMix64(seed: 33)
        var table = ReachedPlaces()
        var dictionary: [UInt64: Matcher.Score] = [:]
        for round in 0..<40 {
            // Few places, so that most arrive again; many in some rounds, so that the table grows.
            let places = round % 7 == 0 ? 3_000 : 50
            for _ in 0..<2_000 {
                let place = random.next() % UInt64(places) &* 0x1_0000_0001
                var score = Matcher.Score()
                score.literals = Int32(random.next() % 4)
                score.knownPets = Int32(random.next() % 2)
                score.freeWords = Int32(random.next() % 3)
                let expected: Bool
                if let earlier = dictionary[place], !(earlier < score) { expected = false } else {
                    dictionary[place] = score
                    expected = true
                }
                #expect(table.arrives(at: place, with: score) == expected)
            }
            table.removeAll()
            dictionary.removeAll()
        }
    }

    @Test func aPlaceIsPackedWithoutLosingAField() {
        let first = Matcher.Walk.place(node: 70_000, position: 39, open: 5, flags: 4)
        let others = [Matcher.Walk.place(node: 70_001, position: 39, open: 5, flags: 4),
                      Matcher.Walk.place(node: 70_000, position: 38, open: 5, flags: 4),
                      Matcher.Walk.place(node: 70_000, position: 39, open: 6, flags: 4),
                      Matcher.Walk.place(node: 70_000, position: 39, open: 5, flags: 1)]
        #expect(first != nil && !others.contains(first))
        #expect(Matcher.Walk.place(node: 1, position: 1, open: 1 << 21, flags: 0) == nil, "too many open-slot stacks: not remembered")
    }
}
