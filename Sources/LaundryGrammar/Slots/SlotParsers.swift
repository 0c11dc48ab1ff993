import Foundation
import LaundryCore

/// Turn the words of a typed slot into its value. Each parser takes the whole run of normalised
/// words the matcher offers and answers nil unless all of them make one value; the matcher tries
/// every run length, so "30 minutes please" finds "30 minutes".
///
/// Out-of-range values are parsed, not refused: "45 hours" is 2700 minutes, "-5 minutes" is -5,
/// "every 7.5 days" is 7.5, and forty nines saturate at ``SlotNumber/ceiling`` — the assistant
/// says why the number does not fit, and what would. Quantities are exact decimals until the
/// end, so "1.1 hours" is 66 minutes (in binary floating point it is 66.00000000000001), and no
/// number is ever turned into an `Int` before ``SlotNumber`` has bounded it.
package struct SlotParsers: Sendable {
    /// The grammar's words the parsers read (``SlotWords``), made on the first line that gives a
    /// typed slot words to read: most lines hold no number, time or day, and making their tables
    /// was a twentieth of a one-shot `/status` (perf).
    private let tables: LazyObject<SlotWords>

    /// The grammar's words the parsers read.
    var words: SlotWords { tables.value }

    /// Every word the typed slots' parsers read: number words, units of time, frequencies and
    /// ranges. They are words of the grammar too: never taken for a misspelling ("mins" is not
    /// "mind"), and what a misspelling may be read as ("minuts" is "minutes").
    package var vocabulary: Set<String> {
        switch held {
        case .made(let vocabulary): vocabulary
        case .marked(_, let vocabulary): vocabulary.value
        }
    }

    /// ``vocabulary``, made at once — or, for a grammar read from its tables, as the line
    /// preparer's word facts mark its words (``LinePreparer/WordFacts/numberWord``): asked about
    /// every word of a line, and looked up there where the tables lie, so that a start makes no set.
    private let held: Vocabulary

    private enum Vocabulary {
        case made(Set<String>)
        case marked(LinePreparer.WordFactsTable, Lazy<Set<String>>)
    }

    /// Whether `word` is one of ``vocabulary``.
    func hasWord(_ word: String) -> Bool {
        switch held {
        case .made(let vocabulary): vocabulary.contains(word)
        case .marked(let facts, _): facts[word]?.numberWord ?? false
        }
    }

    /// `wordFacts`: the line preparer's word facts as the grammar's tables hold them (they mark
    /// the vocabulary's words), or nil to make the vocabulary from the roles.
    init(_ roles: WordRoles, wordFacts: LaidOutWordTable? = nil) {
        held = wordFacts.map { .marked(LinePreparer.WordFactsTable(table: $0), Lazy { SlotWords.vocabulary(roles) }) }
            ?? .made(SlotWords.vocabulary(roles))
        tables = LazyObject { SlotWords(roles) }
    }

    /// The value the parser of a typed slot of `kind` reads in `words`; nil for a slot that
    /// reads no words so (``SlotKind/reading``).
    func read(_ kind: SlotKind, _ words: [String]) -> SlotContent? {
        switch kind {
        case .minutes: minutes(words)
        case .days: days(words)
        case .count: count(words)
        case .range: range(words)
        case .at: instant(words)
        case .until, .from: until(words)
        case .pet, .name, .setting, .value, .format, .path, .topic, .query: nil
        }
    }

    /// Minutes from "30", "30 minutes", "30 min", "1 hour", "1h 15m", "1h15m", "90min",
    /// "an hour and a half", "half an hour", "1.5 hours", "forty five", "forty-five minutes".
    package func minutes(_ input: [String]) -> SlotContent? {
        if let whole = plainMinutes(input) { return .number(whole) }
        var parser = DurationReader(words: Self.splitCompact(input), in: self)
        return parser.read().map(SlotContent.number)
    }

    /// Days from "4", "4 days", "every 4 days", "every day", "every other day", "daily",
    /// "weekly", "once a week", "twice a week", "3 times a week", "every 2 weeks",
    /// "fortnightly", "monthly", "once a month".
    package func days(_ input: [String]) -> SlotContent? {
        frequencyDays(Self.splitCompact(input)).map(SlotContent.number)
    }

    /// A number: "3", "twenty", "twenty one", "forty-five" — and "0", "-1", "1.5", which are
    /// no count, so that the assistant can answer with the counts there are.
    package func count(_ input: [String]) -> SlotContent? {
        let words = Self.splitCompact(input)
        guard !words.isEmpty, let (value, used) = number(words, at: 0), used == words.count else { return nil }
        return SlotNumber(value).map(SlotContent.number)
    }

    /// A span of time: "today", "yesterday", "this week", "last week", "this month",
    /// "last month", "last 30 days", "past two weeks", "all time", "ever". "Last N days, weeks or
    /// months" is `last_N_days` in days, for any number N (see ``SlotNumber``): "last 0 days" is
    /// understood, and answered with the range. A range may be possessive: "this week's",
    /// "today's" ("export this week's history"; ``SlotWords/possessives``).
    package func range(_ input: [String]) -> SlotContent? {
        guard let last = input.last, let said = words.possessives[last] else { return historyRange(input).map(SlotContent.range) }
        return historyRange(input.dropLast() + [said]).map(SlotContent.range)
    }

    private func historyRange(_ input: [String]) -> HistoryRange? {
        // "last week" is the calendar week before this one; "the past week" the last seven days.
        if input.count <= 2, let named = words.ranges[SlotWords.phrase(input)] { return named }
        // "since march 10", "since monday", "since 10th of march": a day that has been.
        if let first = input.first, words.since.contains(first), input.count > 1, let day = day(Array(input.dropFirst())) {
            switch day {
            case .weekday, .dayOfMonth, .date, .fullDate: return .since(day)
            case .daysFromToday, .dayOfNextMonth: return nil
            }
        }
        // "last 30 days", "past two weeks" — and, as an option's value, "7d", "2w", "30 days".
        var said = Self.splitCompact(input)
        if let first = said.first, words.rangeLast.contains(first) { said.removeFirst() }
        guard said.count >= 2, let (count, used) = number(said, at: 0), used == said.count - 1,
              let unit = words.rangeUnits[said.last!], let days = SlotNumber(count * unit)
        else { return nil }
        return .lastDays(days)
    }

    /// Whether a word may be part of what the number, duration, frequency and range parsers
    /// read: a word of their ``vocabulary``, or one starting with a digit, a sign or a point
    /// ("30", "-5", ".5", "1h15m"), a hyphenated word ("forty-five"), or any word beyond ASCII
    /// (digits of other scripts). Every parser refuses words for which this is false (a test
    /// holds them to it), so the matcher does not ask.
    package func mayRead(_ word: String) -> Bool {
        Self.mayReadByShape(word) || hasWord(word)
    }

    /// The part of ``mayRead(_:)`` that looks at the word's bytes, not at the vocabulary.
    static func mayReadByShape(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return first >= 0x80 || (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || word.utf8Contains { $0 == UInt8(ascii: "-") }
    }

    // MARK: - Frequencies

    /// Days from the words of a frequency; "N times a week" is the one reading that rounds.
    func frequencyDays(_ input: [String]) -> SlotNumber? {
        var said = input[...]
        if let first = said.first, words.every.contains(first) { said = said.dropFirst() }
        // "daily", "week", "other day".
        if (1...2).contains(said.count), let days = words.frequencies[SlotWords.phrase(said)] { return .whole(days) }
        let list = Array(said)
        // "once a week", "twice a week", "3 times a week", "three times per month"
        if list.count >= 3, words.frequencyPer.contains(list[list.count - 2]), let unit = words.frequencyUnits[list.last!] {
            let head = Array(list[..<(list.count - 2)])
            var times: Decimal?
            if head.count == 1, let said = words.timesSaid[head[0]] {
                times = Decimal(said)
            } else if let last = head.last, words.times.contains(last), let (value, used) = number(head, at: 0), used == head.count - 1 {
                times = value
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
        guard used == list.count - 1, let unit = words.frequencyUnits[list.last!] else { return nil }
        return SlotNumber(value * unit)
    }

    // MARK: - Numbers

    /// A number at `position`: digits ("30", "1.5", "-5", any length — see
    /// ``SlotNumber/decimal(_:)``) or words ("forty five", "a hundred and twenty"). Returns the
    /// value and how many words it took.
    func number(_ words: [String], at position: Int) -> (Decimal, Int)? {
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
    private func wordNumber(_ said: [String], at position: Int) -> (Decimal, Int)? {
        var index = position
        var value = 0
        var matched = false
        // "a hundred", "one hundred".
        if index + 1 < said.count, words.articles.contains(said[index]) || words.numbers[said[index]] == 1,
           let hundred = words.hundreds[said[index + 1]] {
            value = hundred
            index += 2
            matched = true
            if index + 1 < said.count, words.ands.contains(said[index]),
               words.tens[said[index + 1]] != nil || words.numbers[said[index + 1]] != nil {
                index += 1
            }
        }
        if index < said.count, let ten = words.tens[said[index]] {
            value += ten
            index += 1
            matched = true
            if index < said.count, let unit = words.numbers[said[index]], unit > 0, unit < 10 {
                value += unit
                index += 1
            }
        } else if index < said.count, let small = words.numbers[said[index]] {
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
