import Foundation

/// The words the typed slots' parsers read — numbers, units of time, frequencies, spans of
/// history, days and times of day — as the grammar's `words` lines give them (``WordRole``), with
/// the value each stands for (`WORD:VALUE`). Held as ``WordTable``s and ``FewWords``: the parsers
/// look words up for every run of words a slot is offered. A class, so that the matcher's walk
/// passes one reference around, not every table.
final class SlotWords: Sendable {
    let numbers, tens, hundreds, couples, timesSaid, clockFractions, clockWords, weekdays, months, dateOrdinals: WordTable<Int>
    let fractions, pluralFractions, durationUnits, frequencyUnits, rangeUnits: WordTable<Decimal>
    /// ``durationUnits`` in whole minutes.
    let unitMinutes: WordTable<Int>
    /// Phrases, their words joined by a space (``phrase(_:)``).
    let frequencies: WordTable<Int>
    let ranges: WordTable<HistoryRange>
    /// A possessive range word and the word it is a possessive of.
    let possessives: WordTable<String>
    let instantDays: WordTable<InstantDay>
    /// The parts of a day and their hours, phrases too; `day` nil is the day said before.
    let dayParts: WordTable<(day: InstantDay?, hour: Int)>
    let spanUnits: WordTable<(unit: CalendarUnit, multiple: Decimal)>
    let namedDays: WordTable<CalendarDay>
    let articles, ands, ofs, every, frequencyPer, times, rangeLast, since, roughly, ago, agoBefore, ahead, dayUnits,
        timeLeads, clockAt, oclock, clockPast, clockTo, dayAt, dayOn, dayNext, dayOfMonth: FewWords
    /// In the grammar's order, as their endings are tried.
    let halfDays: [(word: String, hours: Int)]
    let roughlySuffixes, ordinalSuffixes: [String]
    let hourMarks: [Character]
    let nextMonth: [[String]]
    /// The words an instant said before its time is read again with: a day ("yesterday",
    /// "today") and a part of the day before and after noon ("morning", "afternoon").
    let yesterday, today, morning, afternoon: String?
    /// The word "before 2 hours" is read with at its end, as "2 hours ago".
    let agoWord: String?
    /// Words that name or change a number though no parser reads them ("nan", "thousand", "minus").
    let numberLike: FewWords
    /// Words that give a number its meaning, which a number's reading must hold ("hours", "weekly").
    let unitsOfTime: Set<String>
    /// The units the suggestions offer after a slot's number ("minutes", "weeks"), by the slot.
    let offeredUnits: [SlotKind: [String]]
    /// The units of time that end a new name when a number comes before them ("dry for 80 mins").
    let unitsAfterANumber: Set<String>
    /// The numbers said in words, one word each ("five", "forty", "hundred").
    let numberWords: Set<String>

    init(_ roles: WordRoles) {
        func entries(_ role: WordRole) -> [(word: String, value: Substring)] {
            roles.list(role).map { entry in
                let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count == 2 ? parts[1] : "")
            }
        }
        func table<Value>(_ roles: WordRole..., value read: (Substring) -> Value?) -> WordTable<Value> {
            var values: [String: Value] = [:]
            for role in roles {
                for (word, text) in entries(role) where values[word] == nil { values[word] = read(text) }
            }
            return WordTable(values)
        }
        func words(_ role: WordRole) -> FewWords { FewWords(entries(role).map(\.word)) }
        let int = { (text: Substring) in Int(text) }, decimal = { (text: Substring) in Int(text).map { Decimal($0) } ?? Decimal(string: String(text)) }
        (numbers, tens, hundreds) = (table(.number, value: int), table(.numberTens, value: int), table(.numberHundred, value: int))
        (timesSaid, clockFractions, clockWords) = (table(.timesSaid, value: int), table(.clockFraction, value: int), table(.clockWord, value: int))
        (weekdays, months, dateOrdinals) = (table(.weekday, value: int), table(.month, value: int), table(.dateOrdinal, value: int))
        (fractions, pluralFractions) = (table(.fraction, value: decimal), table(.fractionPlural, value: decimal))
        durationUnits = table(.durationUnit, value: decimal)
        unitMinutes = table(.durationUnit, value: int)
        // A unit written onto a number ("3d", "2w") is read as the words' units are.
        (frequencyUnits, rangeUnits) = (table(.frequencyUnit, .unitSuffix, value: decimal), table(.rangeUnit, .unitSuffix, value: decimal))
        frequencies = table(.frequency, value: int)
        ranges = table(.range, value: Self.range)
        possessives = table(.rangePossessive) { String($0) }
        instantDays = table(.instantDay) { Self.instantDay(Int($0)) }
        var parts: [String: (day: InstantDay?, hour: Int)] = [:]
        for (role, day) in [(WordRole.dayPart, nil), (.dayPartToday, InstantDay.today), (.dayPartYesterday, .yesterday)] {
            for (word, text) in entries(role) where parts[word] == nil { parts[word] = Int(text).map { (day, $0) } }
        }
        dayParts = WordTable(parts)
        spanUnits = table(.spanUnit, value: Self.spanUnit)
        namedDays = table(.dayNamed, value: Self.calendarDay)
        (articles, ands, ofs, every) = (words(.article), words(.and), words(.of), words(.every))
        (frequencyPer, times, rangeLast, since) = (words(.frequencyPer), words(.times), words(.rangeLast), words(.since))
        (roughly, ago, agoBefore, ahead, dayUnits) = (words(.roughly), words(.ago), words(.agoBefore), words(.ahead), words(.dayUnit))
        (timeLeads, clockAt, oclock) = (words(.timeLead), words(.clockAt), words(.oclock))
        (clockPast, clockTo, couples) = (words(.clockPast), words(.clockTo), table(.couple, value: int))
        (dayAt, dayOn, dayNext, dayOfMonth) = (words(.dayAt), words(.dayOn), words(.dayNext), words(.dayOfMonth))
        halfDays = entries(.halfDay).compactMap { entry in Int(entry.value).map { (entry.word, $0) } }
        (roughlySuffixes, ordinalSuffixes) = (roles.list(.roughlySuffix), roles.list(.ordinalSuffix))
        hourMarks = roles.list(.hourMark).compactMap { $0.count == 1 ? $0.first : nil }
        nextMonth = roles.list(.nextMonth).map { $0.split(separator: " ").map(String.init) }
        agoWord = roles.list(.ago).first
        let days = entries(.instantDay), dayPartWords = entries(.dayPart).filter { !$0.word.contains(" ") }
        yesterday = days.first { Int($0.value) == -1 }?.word
        today = days.first { Int($0.value) == 0 }?.word
        morning = dayPartWords.first { Int($0.value).map { $0 < 12 } == true }?.word
        afternoon = dayPartWords.first { Int($0.value).map { $0 >= 12 } == true }?.word
        numberLike = words(.numberLike)
        unitsOfTime = Set(entries(.unitOfTime).map(\.word))
        var offered: [SlotKind: [String]] = [:]
        for (word, kind) in entries(.unitOffered) {
            if let kind = SlotKind(rawValue: String(kind)) { offered[kind, default: []].append(word) }
        }
        offeredUnits = offered
        unitsAfterANumber = Set(entries(.durationUnit).map(\.word) + entries(.rangeUnit).map(\.word))
        numberWords = Set(numbers.keys).union(tens.keys).union(hundreds.keys)
    }

    /// Every word the parsers read as a word of its own (not written onto a number, as "d" in
    /// "3d"): the words of ``vocabularyRoles`` (without their values), each word of a phrase apart.
    static func vocabulary(_ roles: WordRoles) -> Set<String> {
        var vocabulary: Set<String> = []
        for role in vocabularyRoles {
            for entry in roles.list(role) {
                for part in entry.prefix(while: { $0 != ":" }).split(separator: " ") { vocabulary.insert(String(part)) }
            }
        }
        return vocabulary
    }

    /// The roles whose words are words of their own: all the parsers' but those only written onto
    /// a number or into a word ("3d", "4ish", "12th", "8h30").
    static let vocabularyRoles: [WordRole] = [
        .number, .numberTens, .numberHundred, .article, .and, .of, .fraction, .fractionPlural, .durationUnit, .every, .frequency,
        .frequencyPer, .timesSaid, .times, .frequencyUnit, .range, .rangePossessive, .rangeLast, .rangeUnit, .since, .roughly,
        .ago, .agoBefore, .ahead, .dayUnit, .instantDay, .dayPart, .dayPartToday, .dayPartYesterday, .timeLead, .clockAt,
        .oclock, .clockFraction, .clockPast, .clockTo, .clockWord, .halfDay, .spanUnit, .couple, .dayAt, .dayOn, .dayNamed,
        .dayNext, .nextMonth, .dayOfMonth, .weekday, .month, .dateOrdinal,
    ]

    /// The words as the key of a phrase: the one word itself, or the words joined by a space.
    static func phrase<Words: Collection<String>>(_ words: Words) -> String {
        words.count == 1 ? words.first! : words.joined(separator: " ")
    }

    // MARK: - Values

    /// A named span ("this_week") or N, the last N days.
    private static func range(_ text: Substring) -> HistoryRange? {
        switch text {
        case "today": .today
        case "yesterday": .yesterday
        case "this_week": .thisWeek
        case "last_week": .lastWeek
        case "this_month": .thisMonth
        case "last_month": .lastMonth
        case "this_year": .thisYear
        case "all": .all
        default: Int(text).map { .lastDays(.whole($0)) }
        }
    }

    /// -1 yesterday, 0 today.
    private static func instantDay(_ offset: Int?) -> InstantDay? {
        offset == -1 ? .yesterday : offset == 0 ? .today : nil
    }

    /// UNIT or UNIT*N: "week", "week*2".
    private static func spanUnit(_ text: Substring) -> (unit: CalendarUnit, multiple: Decimal)? {
        let parts = text.split(separator: "*", maxSplits: 1)
        guard let first = parts.first, let unit = CalendarUnit(rawValue: String(first)) else { return nil }
        guard parts.count == 2 else { return (unit, 1) }
        return Int(parts[1]).map { (unit, Decimal($0)) }
    }

    /// +N days from today, wN weekday N (Sunday 1), nN day N of next month, M/D a date.
    private static func calendarDay(_ text: Substring) -> CalendarDay? {
        if text.hasPrefix("+") { return Int(text.dropFirst()).map { .daysFromToday($0) } }
        if text.hasPrefix("w") { return Int(text.dropFirst()).map { .weekday($0) } }
        if text.hasPrefix("n") { return Int(text.dropFirst()).map { .dayOfNextMonth($0) } }
        let date = text.split(separator: "/").compactMap { Int($0) }
        return date.count == 2 ? .date(month: date[0], day: date[1]) : nil
    }
}
