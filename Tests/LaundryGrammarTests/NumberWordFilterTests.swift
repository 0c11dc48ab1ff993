import LaundryCore
import LaundryGrammar
import Testing

/// The matcher offers a number slot only words `SlotParsers.english.mayRead` lets through, without asking
/// the parsers: a fast path, held here to the parsers themselves.
@Suite struct NumberWordFilterTests {
    @Test func everyParserRefusesAPhraseWithAWordTheFilterStops() {
        let parsers = [SlotParsers.english.minutes, SlotParsers.english.days, SlotParsers.english.count, SlotParsers.english.range]
        let readable = Array(SlotParsers.english.vocabulary) + ["30", "-5", "1.5", ".5", "1h15m", "forty-five", "٣", "+2", "90min"]
        let others = ["please", "snowy", "for", "the", "x", "minuts", "wash", "hourly", "fortyfive", "s", "'s", "?"]
        #expect(others.allSatisfy { !SlotParsers.english.mayRead($0) })
        #expect(readable.allSatisfy(SlotParsers.english.mayRead))
        var random = SplitMix64(seed: 2611)
        var checked = 0
        for _ in 0..<30_000 {
            var words = (0..<Int.random(in: 0...4, using: &random)).map { _ in readable.randomElement(using: &random)! }
            words.insert(others.randomElement(using: &random)!, at: Int.random(in: 0...words.count, using: &random))
            for parser in parsers {
                #expect(parser(words) == nil, "\(words)")
                checked += 1
            }
        }
        #expect(checked == 120_000)
    }
}
