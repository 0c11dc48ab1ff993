import Foundation

/// Turn the words of a typed slot into its value. Each parser takes the whole run of normalised
/// words the matcher offers and answers nil unless all of them make one value; the matcher tries
/// every run length, so "30 minutes please" finds "30 minutes".
///
/// Out-of-range values are parsed, not refused: "45 hours" is 2700 minutes, "-5 minutes" is -5,
/// "every 7.5 days" is 7.5, and forty nines saturate at ``SlotNumber/ceiling`` — the assistant
/// says why the number does not fit, and what would. Quantities are exact decimals until the
/// end, so "1.1 hours" is 66 minutes (in binary floating point it is 66.00000000000001), and no
/// number is ever turned into an `Int` before ``SlotNumber`` has bounded it.
package enum SlotParsers {
    /// Minutes from "30", "30 minutes", "30 min", "1 hour", "1h 15m", "1h15m", "90min",
    /// "an hour and a half", "half an hour", "1.5 hours", "forty five", "forty-five minutes".
    package static let minutes: @Sendable ([String]) -> SlotContent? = { words in
        if let whole = plainMinutes(words) { return .number(whole) }
        var parser = DurationReader(words: splitCompact(words))
        return parser.read().map(SlotContent.number)
    }

    /// Days from "4", "4 days", "every 4 days", "every day", "every other day", "daily",
    /// "weekly", "once a week", "twice a week", "3 times a week", "every 2 weeks",
    /// "fortnightly", "monthly", "once a month".
    package static let days: @Sendable ([String]) -> SlotContent? = { words in
        frequencyDays(splitCompact(words)).map(SlotContent.number)
    }

    /// A number: "3", "twenty", "twenty one", "forty-five" — and "0", "-1", "1.5", which are
    /// no count, so that the assistant can answer with the counts there are.
    package static let count: @Sendable ([String]) -> SlotContent? = { input in
        let words = splitCompact(input)
        guard !words.isEmpty, let (value, used) = number(words, at: 0), used == words.count else { return nil }
        return SlotNumber(value).map(SlotContent.number)
    }

    /// A span of time: "today", "yesterday", "this week", "last week", "this month",
    /// "last month", "last 30 days", "past two weeks", "all time", "ever". "Last N days, weeks or
    /// months" is `last_N_days` in days, for any number N (see ``SlotNumber``): "last 0 days" is
    /// understood, and answered with the range. A range may be possessive: "this week's",
    /// "today's" ("export this week's history").
    package static let range: @Sendable ([String]) -> SlotContent? = { input in
        guard let last = input.last, possessiveRangeWords.contains(last) else { return historyRange(input).map(SlotContent.range) }
        return historyRange(input.dropLast() + [String(last.dropLast(last.hasSuffix("'s") ? 2 : 1))]).map(SlotContent.range)
    }

    /// The possessive words that may end a range ("the last 3 days'" for the plural).
    static let possessiveRangeWords: Set<String> = ["today's", "yesterday's", "week's", "month's", "days'", "weeks'", "months'"]

    private static func historyRange(_ input: [String]) -> HistoryRange? {
        let named: HistoryRange? = switch input {
        case ["today"]: .today
        case ["yesterday"]: .yesterday
        case ["this", "week"]: .thisWeek
        // "last week" is the calendar week before this one; "the past week" the last seven days.
        case ["last", "week"], ["previous", "week"]: .lastWeek
        case ["past", "week"], ["week"]: .lastDays(.whole(7))
        case ["this", "month"]: .thisMonth
        case ["last", "month"], ["previous", "month"]: .lastMonth
        case ["past", "month"], ["month"]: .lastDays(.whole(30))
        case ["this", "year"], ["year"]: .thisYear
        case ["all", "time"], ["ever"], ["everything"], ["all"]: .all
        default: nil
        }
        if let named { return named }
        // "since march 10", "since monday", "since 10th of march": a day that has been.
        if input.first == "since", input.count > 1, let day = day(Array(input.dropFirst())) {
            switch day {
            case .weekday, .dayOfMonth, .date, .fullDate: return .since(day)
            case .daysFromToday, .dayOfNextMonth: return nil
            }
        }
        // "last 30 days", "past two weeks" — and, as an option's value, "7d", "2w", "30 days".
        var words = splitCompact(input)
        let units: [String: Decimal] = ["day": 1, "days": 1, "week": 7, "weeks": 7, "month": 30, "months": 30, "d": 1, "w": 7]
        if ["last", "past"].contains(words.first) { words.removeFirst() }
        guard words.count >= 2, let (count, used) = number(words, at: 0), used == words.count - 1,
              let unit = units[words.last!], let days = SlotNumber(count * unit)
        else { return nil }
        return .lastDays(days)
    }

    /// Every word the typed slots' parsers read: number words, units of time, frequencies and
    /// ranges. They are words of the grammar too: never taken for a misspelling ("mins" is not
    /// "mind"), and what a misspelling may be read as ("minuts" is "minutes").
    package static let vocabulary: Set<String> = {
        var words = Set(smallNumbers.keys).union(tens.keys).union(DurationReader.units.keys)
        words.formUnion(["hundred", "half", "quarter", "quarters", "of", "and", "a", "an", "every", "each", "other", "once", "twice",
                         "thrice", "times", "per", "day", "days", "week", "weeks", "fortnight", "fortnights", "month",
                         "months", "daily", "weekly", "fortnightly", "biweekly", "monthly", "today", "yesterday",
                         "this", "last", "past", "all", "time", "ever", "everything", "since", "previous"])
        words.formUnion(possessiveRangeWords)
        words.formUnion(instantWords)
        words.formUnion(untilVocabulary)
        return words
    }()

    /// Whether a word may be part of what the number, duration, frequency and range parsers
    /// read: a word of their ``vocabulary``, or one starting with a digit, a sign or a point
    /// ("30", "-5", ".5", "1h15m"), a hyphenated word ("forty-five"), or any word beyond ASCII
    /// (digits of other scripts). Every parser refuses words for which this is false (a test
    /// holds them to it), so the matcher does not ask.
    package static func mayRead(_ word: String) -> Bool {
        mayReadByShape(word) || vocabulary.contains(word)
    }

    /// The part of ``mayRead(_:)`` that looks at the word's bytes, not at the vocabulary.
    static func mayReadByShape(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return first >= 0x80 || (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || word.utf8Contains { $0 == UInt8(ascii: "-") }
    }

    // MARK: - Frequencies

    /// Days from the words of a frequency; "N times a week" is the one reading that rounds.
    static func frequencyDays(_ input: [String]) -> SlotNumber? {
        var words = input[...]
        if words.first == "every" || words.first == "each" { words = words.dropFirst() }
        if words.count == 1, let days = singleWordDays[words.first!] { return .whole(days) }
        if words.count == 2, words.first == "other", words.last == "day" { return .whole(2) }
        let list = Array(words)
        // "once a week", "twice a week", "3 times a week", "three times per month"
        if list.count >= 3, ["a", "per", "every", "each"].contains(list[list.count - 2]), let unit = unitDays[list.last!] {
            let head = Array(list[..<(list.count - 2)])
            var times: Decimal?
            switch head {
            case ["once"]: times = 1
            case ["twice"]: times = 2
            case ["thrice"]: times = 3
            default:
                if head.last == "times", let (value, used) = number(head, at: 0), used == head.count - 1 { times = value }
            }
            guard let times else { return nil }
            // Said loosely, so rounded: twice a week is every 3.5 days, taken as every 4. More
            // often than daily rounds to 0 days, out of range; "0 times" is never, too far apart.
            guard times != 0 else { return .whole(SlotNumber.ceiling) }
            return SlotNumber(rounding: unit / times)
        }
        // "4", "4 days", "2 weeks"
        guard !list.isEmpty, let (value, used) = number(list, at: 0) else { return nil }
        if used == list.count { return SlotNumber(value) }
        guard used == list.count - 1, let unit = unitDays[list.last!] else { return nil }
        return SlotNumber(value * unit)
    }

    /// A frequency said in one word.
    private static let singleWordDays = WordTable<Int>([
        "daily": 1, "day": 1, "weekly": 7, "week": 7, "fortnightly": 14, "biweekly": 14,
        "fortnight": 14, "monthly": 30, "month": 30,
    ])
    /// The days of a unit of a frequency; "d" and "w" only after a number, as one word: "3d", "2w".
    private static let unitDays = WordTable<Decimal>([
        "day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14, "fortnights": 14, "month": 30, "months": 30,
        "d": 1, "w": 7,
    ])

    // MARK: - Numbers

    static let smallNumbers = WordTable<Int>([
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ])
    static let tens = WordTable<Int>([
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ])

    /// A number at `position`: digits ("30", "1.5", "-5", any length — see
    /// ``SlotNumber/decimal(_:)``) or words ("forty five", "a hundred and twenty"). Returns the
    /// value and how many words it took.
    static func number(_ words: [String], at position: Int) -> (Decimal, Int)? {
        guard position < words.count else { return nil }
        if let value = SlotNumber.decimal(words[position]) { return (value, 1) }
        // A sign on a word number: "-five", "-a hundred".
        if let sign = words[position].first, SlotNumber.isSign(sign), words[position].count > 1 {
            var unsigned = words
            unsigned[position].removeFirst()
            return wordNumber(unsigned, at: position).map { (sign == "+" ? $0.0 : -$0.0, $0.1) }
        }
        return wordNumber(words, at: position)
    }

    /// A number in words at `position`: "forty five", "a hundred and twenty".
    private static func wordNumber(_ words: [String], at position: Int) -> (Decimal, Int)? {
        var index = position
        var value = 0
        var matched = false
        if index < words.count, words[index] == "a" || words[index] == "one",
           index + 1 < words.count, words[index + 1] == "hundred" {
            value = 100
            index += 2
            matched = true
            if index + 1 < words.count, words[index] == "and", tens[words[index + 1]] != nil || smallNumbers[words[index + 1]] != nil {
                index += 1
            }
        }
        if index < words.count, let ten = tens[words[index]] {
            value += ten
            index += 1
            matched = true
            if index < words.count, let unit = smallNumbers[words[index]], unit > 0, unit < 10 {
                value += unit
                index += 1
            }
        } else if index < words.count, let small = smallNumbers[words[index]] {
            value += small
            index += 1
            matched = true
        }
        return matched ? (Decimal(value), index - position) : nil
    }

    /// Splits words the tokenizer keeps whole: "forty-five" → forty five, "1h15m" → 1 h 15 m,
    /// "90min" → 90 min. A sign in front stays with the number after it: "-5", "-1h15m" → -1 h
    /// 15 m.
    static func splitCompact(_ words: [String]) -> [String] {
        // Most words are letters only or digits only, and stay as they are.
        words.contains(where: mayBeCompact) ? splitEachWord(words) : words
    }

    /// ``splitCompact(_:)`` without its shortcut, word by word.
    static func splitEachWord(_ words: [String]) -> [String] {
        var result: [String] = []
        for word in words {
            let signed = word.count > 1 && SlotNumber.isSign(word.first!)
            let body = signed ? word.dropFirst() : Substring(word)
            var parts: [String]
            if body.utf8.contains(UInt8(ascii: "-")) {
                parts = body.split(separator: "-").map(String.init)
            } else if let first = body.first, first.isASCIIDigit || first == "." {
                parts = numberAndUnitRuns(body)
            } else {
                parts = [String(body)]
            }
            if signed, !parts.isEmpty { parts[0] = String(word.first!) + parts[0] }
            result += parts
        }
        return result
    }

    /// Whether ``splitCompact(_:)`` may split a word: one with a sign, a hyphen, a point or a
    /// character beyond ASCII, or with digits and other characters both. (A word of ASCII letters
    /// only, or of digits only, it keeps as it is.)
    private static func mayBeCompact(_ word: String) -> Bool {
        var digits = false, others = false
        for byte in word.utf8 {
            switch byte {
            case 0x30...0x39: digits = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), 0x80...: return true
            default: others = true
            }
        }
        return digits && others
    }

    /// "1h15m" → 1 h 15 m: the runs of digits (and points) and of everything else.
    private static func numberAndUnitRuns(_ word: Substring) -> [String] {
        var runs: [String] = []
        var part = ""
        var partIsNumber = true
        for character in word {
            let isNumber = character.isASCIIDigit || character == "."
            if !part.isEmpty && isNumber != partIsNumber {
                runs.append(part)
                part = ""
            }
            partIsNumber = isNumber
            part.append(character)
        }
        if !part.isEmpty { runs.append(part) }
        return runs
    }
}
