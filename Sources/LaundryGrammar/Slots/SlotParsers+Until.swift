import Foundation

extension SlotParsers {
    /// When a pause ends, as words say it after their connector, which the templates hold ("until
    /// monday", "for 2 weeks", "till the 12th"): a span ("2 weeks", "a fortnight"), or a day with
    /// a time of day or without ("monday", "tomorrow evening", "dec 24 at 6pm"). An end that is
    /// no end ("indefinitely") is a fixed value of the templates, `{until=open}`.
    package func until(_ input: [String]) -> SlotContent? {
        pauseBound(input).map(SlotContent.pauseBound)
    }

    func pauseBound(_ input: [String]) -> PauseBound? {
        // "12th" is one word the filter lets through; a lone "th" is not (``mayRead(_:)``).
        guard input.allSatisfy(mayRead) else { return nil }
        // A span ends with its unit, which may be written onto its number ("2wks"); a day and a
        // time are read as typed ("18:30", "12th").
        guard let last = input.last else { return nil }
        if words.spanUnits[last] != nil || last.first?.isASCIIDigit == true {
            let said = Self.splitCompact(input)
            if let unit = said.last, words.spanUnits[unit] != nil { return span(said) ?? endDay(input) }
        }
        return endDay(input)
    }

    /// "2 weeks", "a fortnight", "ten days", "3 hours", "a month".
    private func span(_ said: [String]) -> PauseBound? {
        guard said.count >= 2, let unit = words.spanUnits[said.last!] else { return nil }
        var quantity = said.dropLast()[...]
        let count: Decimal
        if quantity.count == 1, words.articles.contains(quantity[0]) {
            count = 1
        } else if let couple = couple(&quantity) {
            count = couple
        } else {
            guard let (value, used) = number(Array(quantity), at: 0), used == quantity.count else { return nil }
            count = value
        }
        guard let whole = SlotNumber(count * unit.multiple)?.whole(in: 1...100_000) else { return nil }
        return .span(whole, unit.unit)
    }

    /// "a couple of", "couple": the number a ``SlotWords/couples`` word stands for, said alone or
    /// after an article and before "of".
    private func couple(_ quantity: inout ArraySlice<String>) -> Decimal? {
        if let first = quantity.first, words.articles.contains(first) { quantity = quantity.dropFirst() }
        if let last = quantity.last, words.ofs.contains(last) { quantity = quantity.dropLast() }
        guard quantity.count == 1, let couple = words.couples[quantity.first!] else { return nil }
        return Decimal(couple)
    }

    /// A day, with a time of day after it or not: "monday", "tomorrow evening", "dec 24 at 6pm".
    private func endDay(_ said: [String]) -> PauseBound? {
        // A time alone: "until 6pm", "till tonight".
        if let part = dayPart(said), part.day != .yesterday { return .day(.daysFromToday(0), at: ClockTime(hour: part.hour, minute: 0)) }
        if let time = clockTime(withoutLead(said, words.dayAt)) {
            return .day(.daysFromToday(0), at: ClockTime(hour: time.hour, minute: time.minute))
        }
        for split in stride(from: said.count, through: 1, by: -1) {
            guard let day = day(Array(said[..<split])) else { continue }
            let rest = Array(said[split...])
            if rest.isEmpty { return .day(day, at: nil) }
            if let part = dayPart(rest), part.day == nil { return .day(day, at: ClockTime(hour: part.hour, minute: 0)) }
            let clock = withoutLead(rest, words.dayAt)
            guard let time = clockTime(clock) else { return nil }
            // "until monday at 9" is the morning: an end is planned, not remembered.
            return .day(day, at: ClockTime(hour: time.hour, minute: time.minute))
        }
        // The time first: "6pm tomorrow", "9am on monday".
        for split in 1..<said.count {
            guard let time = clockTime(Array(said[..<split])) else { continue }
            guard let day = day(withoutLead(Array(said[split...]), words.dayOn)) else { return nil }
            return .day(day, at: ClockTime(hour: time.hour, minute: time.minute))
        }
        return nil
    }

    /// "tomorrow", "monday", "next friday", "next week", "the weekend", "dec 24", "24 december",
    /// "the 12th", "the 1st of next month", "2026-12-03".
    func day(_ input: [String]) -> CalendarDay? {
        var said = input
        if let named = words.namedDays[SlotWords.phrase(said)] { return named }
        if said.count == 2, words.dayOfMonth.contains(said[0]), let number = Int(said[1]), (1...31).contains(number) {
            return .dayOfMonth(number)
        }
        // "the 1st of next month", "the 9th next month".
        if let next = words.nextMonth.first(where: { said.count > $0.count && said.suffix($0.count).elementsEqual($0) }) {
            let before = said.dropLast(next.count)
            guard case .dayOfMonth(let dayOfMonth)? = day(Array(before.last.map(words.ofs.contains) == true ? before.dropLast() : before))
            else { return nil }
            return .dayOfNextMonth(dayOfMonth)
        }
        if let first = said.first, words.dayNext.contains(first) { said.removeFirst() }
        if said.count == 1, let weekday = words.weekdays[said[0]] { return .weekday(weekday) }
        // "until august": the month's first day.
        if said.count == 1, let month = words.months[said[0]] { return .date(month: month, day: 1) }
        // "3/15" (a month, then its day; "15/3" the other way round).
        let slashed = said.count == 1 ? said[0].split(separator: "/").compactMap { Int($0) } : []
        if slashed.count == 2 {
            let (month, dayOfMonth) = slashed[0] <= 12 ? (slashed[0], slashed[1]) : (slashed[1], slashed[0])
            guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
            return .date(month: month, day: dayOfMonth)
        }
        // "2026-12-03".
        let iso = said.count == 1 ? said[0].split(separator: "-", omittingEmptySubsequences: false) : []
        if iso.count == 3, iso[0].count == 4, let year = Int(iso[0]), let month = Int(iso[1]), let day = Int(iso[2]),
           (1...12).contains(month), (1...31).contains(day) {
            return .fullDate(year: year, month: month, day: day)
        }
        // "24 dec", "dec 24", "the 24th of december", "december 24th", "the 12th".
        var month: Int?, dayOfMonth: Int?
        var index = 0
        while index < said.count {
            let word = said[index]
            if let named = words.months[word], month == nil {
                month = named
            } else if let number = Int(ordinal(word)), (1...31).contains(number), dayOfMonth == nil, ordinal(word).count <= 2 {
                dayOfMonth = number
            } else if !words.ofs.contains(word) || month != nil || dayOfMonth == nil {
                return nil
            }
            index += 1
        }
        guard let dayOfMonth else { return nil }
        guard let month else { return .dayOfMonth(dayOfMonth) }
        return .date(month: month, day: dayOfMonth)
    }

    /// "12th" → "12", "1st" → "1", "third" → "3", "twenty-first" → "21"; any other word as it is.
    private func ordinal(_ word: String) -> String {
        if let number = words.dateOrdinals[word] { return String(number) }
        for suffix in words.ordinalSuffixes where word.hasSuffix(suffix) && word.count > suffix.count {
            let number = word.dropLast(suffix.count)
            if number.allSatisfy(\.isASCIIDigit) { return String(number) }
        }
        return word
    }

    /// The words without the word that leads to them ("at 6pm", "on monday"), if they start with one.
    private func withoutLead(_ said: [String], _ leads: FewWords) -> [String] {
        if let first = said.first, leads.contains(first) { Array(said.dropFirst()) } else { said }
    }

    /// The part of a day the words are, and its hour: "tonight", "this morning", "lunch".
    func dayPart<Words: Collection<String>>(_ said: Words) -> (day: InstantDay?, hour: Int)? {
        said.isEmpty ? nil : words.dayParts[SlotWords.phrase(said)]
    }
}
