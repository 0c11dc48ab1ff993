import Foundation

extension SlotParsers {
    /// When a pause ends, as words say it after their connector, which the templates hold ("until
    /// monday", "for 2 weeks", "till the 12th"): a span ("2 weeks", "a fortnight"), or a day with
    /// a time of day or without ("monday", "tomorrow evening", "dec 24 at 6pm"). An end that is
    /// no end ("indefinitely") is a fixed value of the templates, `{until=open}`.
    package static let until: @Sendable ([String]) -> SlotContent? = { input in
        pauseBound(input).map(SlotContent.pauseBound)
    }

    static func pauseBound(_ input: [String]) -> PauseBound? {
        // "12th" is one word the filter lets through; a lone "th" is not (``mayRead(_:)``).
        guard input.allSatisfy(mayRead) else { return nil }
        // A span ends with its unit, which may be written onto its number ("2wks"); a day and a
        // time are read as typed ("18:30", "12th").
        guard let last = input.last else { return nil }
        if spanUnits[last] != nil || last.first?.isASCIIDigit == true {
            let words = splitCompact(input)
            if let unit = words.last, spanUnits[unit] != nil { return span(words) ?? endDay(input) }
        }
        return endDay(input)
    }

    /// "2 weeks", "a fortnight", "ten days", "3 hours", "a month".
    private static func span(_ words: [String]) -> PauseBound? {
        if words == ["a", "fortnight"] || words == ["one", "fortnight"] { return .span(2, .week) }
        guard words.count >= 2, let unit = spanUnits[words.last!] else { return nil }
        let quantity = Array(words.dropLast())
        let count: Decimal
        if quantity == ["a"] || quantity == ["an"] {
            count = 1
        } else if [["a", "couple", "of"], ["couple", "of"], ["a", "couple"], ["couple"]].contains(quantity) {
            count = 2
        } else {
            guard let (value, used) = number(quantity, at: 0), used == quantity.count else { return nil }
            count = value
        }
        guard let whole = SlotNumber(count * unit.multiple)?.whole(in: 1...100_000) else { return nil }
        return .span(whole, unit.name)
    }

    private static let spanUnits: [String: (name: CalendarUnit, multiple: Decimal)] = [
        "minute": (.minute, 1), "minutes": (.minute, 1), "min": (.minute, 1), "mins": (.minute, 1),
        "hour": (.hour, 1), "hours": (.hour, 1), "hr": (.hour, 1), "hrs": (.hour, 1), "h": (.hour, 1),
        "day": (.day, 1), "days": (.day, 1), "night": (.day, 1), "nights": (.day, 1),
        "week": (.week, 1), "weeks": (.week, 1), "wk": (.week, 1), "wks": (.week, 1),
        "fortnight": (.week, 2), "fortnights": (.week, 2), "month": (.month, 1), "months": (.month, 1),
        "year": (.year, 1), "years": (.year, 1),
    ]

    /// A day, with a time of day after it or not: "monday", "tomorrow evening", "dec 24 at 6pm".
    private static func endDay(_ words: [String]) -> PauseBound? {
        // A time alone: "until 6pm", "till tonight".
        if let part = partsOfDay[words], part.day != .yesterday { return .day(.daysFromToday(0), at: ClockTime(hour: part.hour, minute: 0)) }
        if let time = clockTime(words.first == "at" ? Array(words.dropFirst()) : words) {
            return .day(.daysFromToday(0), at: ClockTime(hour: time.hour, minute: time.minute))
        }
        for split in stride(from: words.count, through: 1, by: -1) {
            guard let day = day(Array(words[..<split])) else { continue }
            let rest = Array(words[split...])
            if rest.isEmpty { return .day(day, at: nil) }
            if let part = partsOfDay[rest], part.day == nil { return .day(day, at: ClockTime(hour: part.hour, minute: 0)) }
            let clock = rest.first == "at" ? Array(rest.dropFirst()) : rest
            guard let time = clockTime(clock) else { return nil }
            // "until monday at 9" is the morning: an end is planned, not remembered.
            return .day(day, at: ClockTime(hour: time.hour, minute: time.minute))
        }
        // The time first: "6pm tomorrow", "9am on monday".
        for split in 1..<words.count {
            guard let time = clockTime(Array(words[..<split])) else { continue }
            let rest = Array(words[split...])
            guard let day = day(rest.first == "on" ? Array(rest.dropFirst()) : rest) else { return nil }
            return .day(day, at: ClockTime(hour: time.hour, minute: time.minute))
        }
        return nil
    }

    /// "tomorrow", "monday", "next friday", "next week", "the weekend", "dec 24", "24 december",
    /// "the 12th", "the 1st of next month", "2026-12-03".
    static func day(_ words: [String]) -> CalendarDay? {
        var words = words
        // The words as one string (no word holds a space): each case an array of words was an
        // array made and compared for every day asked about.
        switch words.joined(separator: " ") {
        case "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow": return .daysFromToday(1)
        case "next week": return .weekday(2)
        case "next month": return .dayOfNextMonth(1)
        case "weekend", "this weekend": return .weekday(7)
        case "new year", "new years", "new year's", "new years day", "new year's day": return .date(month: 1, day: 1)
        case "christmas", "xmas", "christmas day": return .date(month: 12, day: 25)
        default: break
        }
        if words.count == 2, words[0] == "day", let number = Int(words[1]), (1...31).contains(number) { return .dayOfMonth(number) }
        // "the 1st of next month", "the 9th next month".
        if words.count >= 3, words.suffix(2) == ["next", "month"] {
            let said = words.dropLast(2)
            guard case .dayOfMonth(let dayOfMonth)? = day(Array(said.last == "of" ? said.dropLast() : said)) else { return nil }
            return .dayOfNextMonth(dayOfMonth)
        }
        if words.first == "next" || words.first == "this" { words.removeFirst() }
        if words.count == 1, let weekday = weekdays[words[0]] { return .weekday(weekday) }
        // "until august": the month's first day.
        if words.count == 1, let month = months[words[0]] { return .date(month: month, day: 1) }
        // "3/15" (a month, then its day; "15/3" the other way round).
        let slashed = words.count == 1 ? words[0].split(separator: "/").compactMap { Int($0) } : []
        if slashed.count == 2 {
            let (month, dayOfMonth) = slashed[0] <= 12 ? (slashed[0], slashed[1]) : (slashed[1], slashed[0])
            guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
            return .date(month: month, day: dayOfMonth)
        }
        // "2026-12-03".
        let iso = words.count == 1 ? words[0].split(separator: "-", omittingEmptySubsequences: false) : []
        if iso.count == 3, iso[0].count == 4, let year = Int(iso[0]), let month = Int(iso[1]), let day = Int(iso[2]),
           (1...12).contains(month), (1...31).contains(day) {
            return .fullDate(year: year, month: month, day: day)
        }
        // "24 dec", "dec 24", "the 24th of december", "december 24th", "the 12th".
        var month: Int?, dayOfMonth: Int?
        var index = 0
        while index < words.count {
            let word = words[index]
            if let named = months[word], month == nil {
                month = named
            } else if let number = Int(ordinal(word)), (1...31).contains(number), dayOfMonth == nil, ordinal(word).count <= 2 {
                dayOfMonth = number
            } else if word != "of" || month != nil || dayOfMonth == nil {
                return nil
            }
            index += 1
        }
        guard let dayOfMonth else { return nil }
        guard let month else { return .dayOfMonth(dayOfMonth) }
        return .date(month: month, day: dayOfMonth)
    }

    /// "12th" → "12", "1st" → "1", "third" → "3", "twenty-first" → "21"; any other word as it is.
    private static func ordinal(_ word: String) -> String {
        if let number = ordinalWords[word] { return String(number) }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) && word.count > 2 {
            let number = word.dropLast(2)
            if number.allSatisfy(\.isASCIIDigit) { return String(number) }
        }
        return word
    }

    /// The days of a month as words: "first" to "thirty-first".
    static let ordinalWords: [String: Int] = {
        let ones = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        var words: [String: Int] = [:]
        for (index, word) in ones.enumerated() {
            words[word] = index + 1
            words["twenty-" + word] = 21 + index
        }
        for (word, number) in ["tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
                               "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
                               "thirtieth": 30, "thirty-first": 31] {
            words[word] = number
        }
        return words
    }()

    static let weekdays: [String: Int] = [
        "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3, "wednesday": 4, "wed": 4,
        "thursday": 5, "thu": 5, "thur": 5, "thurs": 5, "friday": 6, "fri": 6, "saturday": 7, "sat": 7,
    ]

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6,
        "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10,
        "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]

    /// The words of ends that no other parser reads (``vocabulary`` holds them). Connectors
    /// ("until", "for", "the") belong to the templates, as ends that are no end do ("indefinitely").
    static let untilVocabulary: Set<String> = {
        var words = Set(weekdays.keys).union(months.keys).union(spanUnits.keys).union(ordinalWords.keys)
        words.formUnion(["couple", "on", "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow", "next", "weekend", "new", "year", "years",
                         "year's", "christmas", "xmas"])
        return words
    }()
}
