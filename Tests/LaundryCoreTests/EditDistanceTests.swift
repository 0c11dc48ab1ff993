import LaundryCore
import Testing

/// The fast distances must be the textbook one: `EditDistance.within` computes only a band around
/// the diagonal and gives up on pairs whose bytes differ too much, a `Pattern` of up to 64 bytes
/// is compared bit-parallel — each must give the Levenshtein distance whenever that is within the
/// limit, and nil whenever it is not; `bagDistance` is never more than the distance.
@Suite struct EditDistanceTests {
    /// The whole table, the textbook way.
    static func levenshtein(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Random pairs, short and long (past 64 bytes on either side or both).
    @Test(arguments: [14, 80])
    func fastDistancesAreTheDistance(longest: Int) {
        var random = SplitMix64(seed: 0xED17 + UInt64(longest))
        var rows = EditDistance.Rows()
        let letters = Array("abcd ".utf8)
        for _ in 0..<2_000 {
            let a = (0..<random.below(longest)).map { _ in letters[random.below(letters.count)] }
            let b = (0..<random.below(longest)).map { _ in letters[random.below(letters.count)] }
            let distance = Self.levenshtein(a, b), pattern = EditDistance.Pattern(a)
            #expect(EditDistance.bagDistance(a, b) <= distance, "a lower bound: \(a) \(b)")
            for limit in [0, 1, 2, 3, 5, 10, 40, 100, .max] {
                let expected = distance <= limit ? distance : nil
                #expect(EditDistance.within(a, b, limit: limit, rows: &rows) == expected, "\(a) \(b) within \(limit)")
                #expect(pattern.distance(to: b, within: limit, rows: &rows) == expected, "pattern \(a) \(b) within \(limit)")
            }
        }
    }
}
