import LaundryGrammar
import Testing

/// A history range is one value from the slot's parser to the assistant: the `{range}` slot holds
/// the range, which says itself in words.
@Suite struct HistoryRangeTests {
    @Test(arguments: [
        (["today"], HistoryRange.today, "today"), (["yesterday"], .yesterday, "yesterday"),
        (["this", "week"], .thisWeek, "this week"), (["this", "month"], .thisMonth, "this month"),
        // "last week" is the calendar week before this one; "the past week" 7 days.
        (["last", "week"], .lastWeek, "last week"), (["past", "week"], .lastDays(SlotNumber(text: "7")!), "last 7 days"),
        (["last", "month"], .lastMonth, "last month"), (["past", "month"], .lastDays(SlotNumber(text: "30")!), "last 30 days"),
        (["this", "year"], .thisYear, "this year"),
        (["since", "march", "10"], .since(.date(month: 3, day: 10)), "since then"),
        (["since", "10th", "of", "march"], .since(.date(month: 3, day: 10)), "since then"),
        (["since", "monday"], .since(.weekday(2)), "since then"),
        (["since", "2026-03-10"], .since(.fullDate(year: 2026, month: 3, day: 10)), "since then"),
        (["past", "two", "weeks"], .lastDays(SlotNumber(text: "14")!), "last 14 days"),
        (["last", "0", "days"], .lastDays(SlotNumber(text: "0")!), "last 0 days"),
        (["all", "time"], .all, "all time"),
    ])
    func theSlotsValueIsTheRange(words: [String], range: HistoryRange, label: String) throws {
        #expect(SlotParsers.english.range(words) == .range(range))
        #expect(range.label == label)
    }

    @Test func sinceIsNoDayAhead() {
        for words in [["since", "tomorrow"], ["since", "next", "month"], ["since", "the", "1st", "of", "next", "month"], ["since", "banana"]] {
            #expect(SlotParsers.english.range(words) == nil, "\(words)")
        }
    }
}
