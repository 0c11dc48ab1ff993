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
}
