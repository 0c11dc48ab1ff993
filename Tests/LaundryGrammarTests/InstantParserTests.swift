@testable import LaundryGrammar
import LaundryTerminal
import Testing

/// Steps told afterwards: how words say a past instant (the assistant resolves the value in the
/// user's time zone; HandlerTests and the end-to-end test check that).
@Suite struct InstantParserTests {
    @Test(arguments: [
        ("2 hours ago", "ago:7200"), ("half an hour ago", "ago:1800"), ("an hour and a half ago", "ago:5400"),
        ("yesterday", "ago:86400"), ("yesterday at 6pm", "at:-1:18:00:24"), ("today at 6 pm", "at:0:18:00:24"),
        ("at 9", "at:any:9:00:12"), ("at 09:30", "at:any:9:30:24"), ("at 18.30", "at:any:18:30:24"),
        ("at 12am", "at:any:0:00:24"), ("at 12pm", "at:any:12:00:24"), ("at noon", "at:any:12:00:24"),
        ("at 7 o'clock", "at:any:7:00:12"), ("this morning", "at:0:9:00:24"), ("last night", "at:-1:21:00:24"),
        ("yesterday evening", "at:-1:19:00:24"), ("at 6 p.m", "at:any:18:00:24"),
        // Said the other way round, or with a spoken clock, as blind sets' writers did.
        ("at 7 last night", "at:-1:19:00:24"), ("at 9:30 this morning", "at:0:9:30:24"), ("by 5 yesterday", "at:-1:5:00:12"),
        ("last night at 11", "at:-1:23:00:24"), ("this morning at 7:15", "at:0:7:15:24"), ("at half past six", "at:any:6:30:12"),
        ("around 11", "at:any:11:00:12"), ("at about 7:15", "at:any:7:15:12"), ("at quarter to 7", "at:any:6:45:12"), ("at a quarter past ten", "at:any:10:15:12"), ("at 5:45 yesterday", "at:-1:5:45:12"),
        // The military way, as a blind set's writer did: four digits, "0630", "2130".
        // Said loosely (training-c): "around 4ish", "at like 10", "half 7", "ten past six", "as of 9".
        ("around 4ish", "at:any:4:00:12"), ("at like 10", "at:any:10:00:12"), ("half 7", "at:any:7:30:12"),
        ("at ten past six", "at:any:6:10:12"), ("20 to 3", "at:any:2:40:12"), ("at 5 past 9", "at:any:9:05:12"),
        ("about 10ish", "at:any:10:00:12"),
        ("two days ago", "ago:172800"), ("a day ago", "ago:86400"), ("yesterday evening at 8", "at:-1:20:00:24"),
        ("earlier at like 2", "at:any:2:00:12"),
        ("at lunch", "at:any:12:00:24"), ("yesterday at dinner", "at:-1:19:00:24"), ("after breakfast", nil),
        // "before ten minutes" is ten minutes ago; "in 20 minutes" is still to come (refused later).
        ("before ten minutes", "ago:600"), ("before 2 hours", "ago:7200"), ("before 9", nil),
        ("in 20 minutes", "ago:-1200"), ("in an hour", "ago:-3600"),
        ("at 0630", "at:any:6:30:24"), ("at 2130", "at:any:21:30:24"), ("1400", "at:any:14:00:24"), ("at 0000", "at:any:0:00:24"),
    ] as [(String, String?)])
    func wordsSayAnInstant(_ words: String, _ value: String?) {
        #expect(SlotParsers.english.instant(words.split(separator: " ").map(String.init))?.contractText == value, "\(words)")
    }

    @Test(arguments: ["at 25", "at 9:60", "at 13pm", "at", "ago", "0 minutes ago", "at nine thirty", "tomorrow at 9", "at -5",
                      "at half to 7", "at half past 6:30", "last night at",
                      "at 2460", "at 2400", "at 130", "at 01300", "at 1400pm", "60 past 3", "half 13", "ish", "at fishish"])
    func otherWordsAreNoInstant(_ words: String) {
        #expect(SlotParsers.english.instant(words.split(separator: " ").map(String.init)) == nil, "\(words)")
    }
}

/// Pauses: how words say when a pause ends, after their connector ("until", "for",
/// "the"), which the templates hold. PauseEndTests resolves the values in a calendar.
@Suite struct UntilParserTests {
    @Test(arguments: [
        ("monday", "weekday:2"), ("fri", "weekday:6"), ("next tuesday", "weekday:3"), ("tomorrow", "+1"), ("tmrw", "+1"),
        ("next week", "weekday:2"), ("the weekend", nil), ("weekend", "weekday:7"), ("12th", "dom:12"), ("2nd", "dom:2"),
        ("3/15", "date:3:15"), ("15/3", "date:3:15"), ("13/13", nil), ("dec 24", "date:12:24"), ("24 december", "date:12:24"), ("3rd of january", "date:1:3"), ("june 5", "date:6:5"),
        ("2026-12-03", "ymd:2026:12:3"), ("2 weeks", "for:2:week"), ("a fortnight", "for:2:week"), ("2 fortnights", "for:4:week"),
        ("ten days", "for:10:day"), ("a week", "for:1:week"), ("3 hours", "for:3:hour"), ("2 wks", "for:2:week"),
        ("a month", "for:1:month"), ("2 years", "for:2:year"), ("monday at 9am", "weekday:2@9:00"),
        ("tomorrow evening", "+1@19:00"), ("6pm", "+0@18:00"), ("dec 24 at 18:30", "date:12:24@18:30"),
        ("6pm tomorrow", "+1@18:00"), ("9am on monday", "weekday:2@9:00"), ("next month", "nextmonth:1"),
        ("a couple of weeks", "for:2:week"), ("couple days", "for:2:day"), ("august", "date:8:1"), ("first of next month", "nextmonth:1"),
        ("third", "dom:3"), ("twenty-first of march", "date:3:21"),
        ("1st of next month", "nextmonth:1"), ("9th next month", "nextmonth:9"), ("15th of next month at 9am", "nextmonth:15@9:00"),
        ("0 days", nil), ("1.5 weeks", nil), ("a couple", nil), ("thirty-second", nil), ("monday th", nil), ("32nd", nil), ("snowy", nil), ("13 24", nil),
    ] as [(String, String?)])
    func wordsSayWhenAPauseEnds(_ words: String, _ value: String?) {
        #expect(SlotParsers.english.until(words.split(separator: " ").map(String.init))?.contractText == value, "\(words)")
    }
}
