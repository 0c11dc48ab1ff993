import LaundryCore
import LaundryTestSupport
import Testing

/// The bounded, byte-wise distances the matcher uses are fast paths: held here to the plain
/// dynamic-programming ones they stand for, on seeded random words.
@Suite struct EditDistanceTests {
    /// Words of a few letters from a small alphabet, so that close pairs are common.
    static func word(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0...3, using: &random) }
    }

    @Test func boundedDistancesAgreeWithTheFullTable() {
        var random = SplitMix64(seed: 15)
        for _ in 0..<20_000 {
            let a = Self.word(&random), b = Self.word(&random), limit = Int.random(in: 0...3, using: &random)
            let full = EditDistance.withSwaps(a, b)
            #expect(EditDistance.withSwaps(a, b, within: limit) == (full <= limit ? full : nil), "\(a) \(b) within \(limit)")
            let plain = EditDistance.between(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            #expect(EditDistance.within(a, b, limit: limit) == (plain <= limit ? plain : nil), "\(a) \(b) within \(limit)")
        }
    }

    /// The grammar's suggestions compare whole lines: `within` fills only a band around the
    /// diagonal and gives up on pairs whose bytes differ too much, a `Pattern` of up to 64 bytes
    /// is compared bit-parallel — each must give the plain distance whenever that is within the
    /// limit, and nil whenever it is not; `bagDistance` is never more than it. Random pairs, short
    /// and long (past 64 bytes on either side or both).
    @Test(arguments: [14, 80])
    func lineDistancesAgreeWithTheFullTable(longest: Int) {
        var random = SplitMix64(seed: 0xED17 + UInt64(longest))
        var rows = EditDistance.Rows()
        let letters = Array("abcd ".utf8)
        for _ in 0..<2_000 {
            let a = (0..<random.below(longest)).map { _ in letters[random.below(letters.count)] }
            let b = (0..<random.below(longest)).map { _ in letters[random.below(letters.count)] }
            let distance = EditDistance.between(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            let pattern = EditDistance.Pattern(a)
            #expect(EditDistance.bagDistance(a, b) <= distance, "a lower bound: \(a) \(b)")
            for limit in [0, 1, 2, 3, 5, 10, 40, 100, .max] {
                let expected = distance <= limit ? distance : nil
                #expect(EditDistance.within(a, b, limit: limit, rows: &rows) == expected, "\(a) \(b) within \(limit)")
                #expect(pattern.distance(to: b, within: limit, rows: &rows) == expected, "pattern \(a) \(b) within \(limit)")
            }
        }
    }
}
