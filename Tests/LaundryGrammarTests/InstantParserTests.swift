@testable import LaundryGrammar
import Testing

/// Issue 18, backdating: how words say a past instant (the assistant resolves the value in the
/// user's time zone; HandlerTests and the end-to-end test check that).
@Suite struct InstantParserTests {
    @Test(arguments: [
        ("2 hours ago", "ago:7200"), ("half an hour ago", "ago:1800"), ("an hour and a half ago", "ago:5400"),
        ("yesterday", "ago:86400"), ("yesterday at 6pm", "at:-1:18:00:24"), ("today at 6 pm", "at:0:18:00:24"),
        ("at 9", "at:any:9:00:12"), ("at 09:30", "at:any:9:30:24"), ("at 18.30", "at:any:18:30:24"),
        ("at 12am", "at:any:0:00:24"), ("at 12pm", "at:any:12:00:24"), ("at noon", "at:any:12:00:24"),
        ("at 7 o'clock", "at:any:7:00:12"), ("this morning", "at:0:9:00:24"), ("last night", "at:-1:21:00:24"),
        ("yesterday evening", "at:-1:19:00:24"), ("at 6 p.m", "at:any:18:00:24"),
    ])
    func wordsSayAnInstant(_ words: String, _ value: String) {
        #expect(SlotParsers.instant(words.split(separator: " ").map(String.init)) == value, "\(words)")
    }

    @Test(arguments: ["at 25", "at 9:60", "at 13pm", "at", "ago", "0 minutes ago", "at nine thirty", "tomorrow at 9", "at -5"])
    func otherWordsAreNoInstant(_ words: String) {
        #expect(SlotParsers.instant(words.split(separator: " ").map(String.init)) == nil, "\(words)")
    }
}
