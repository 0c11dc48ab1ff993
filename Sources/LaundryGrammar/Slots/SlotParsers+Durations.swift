import Foundation

extension SlotParsers {
    // MARK: - Durations

    /// Reads a duration word by word: quantities ("forty five", "1.5", "an", "half") each
    /// followed by an optional unit; "and a half" adds half of the last unit. The first
    /// quantity may have a sign, which is the whole duration's ("-1h 15m" is -75 minutes); a
    /// sign further on ("1 hour -15 minutes") makes no duration.
    struct DurationReader {
        let words: [String]
        var position = 0
        var total: Decimal = 0
        var pending: Decimal?
        var lastUnit: Decimal?
        var sawNumber = false
        var negative = false

        static let half = Decimal(1) / 2
        // (Word tables, as the parsers' other words are: hashed with SipHash, looking words up
        // was a tenth of what parsing cost.)
        static let fractions = WordTable<Decimal>(["half": half, "quarter": Decimal(1) / 4, "quarters": Decimal(1) / 4])
        static let units = WordTable<Decimal>([
            "m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1,
            "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
        ])

        mutating func read() -> SlotNumber? {
            guard !words.isEmpty else { return nil }
            while position < words.count {
                let word = words[position]
                if let unit = Self.units[word] {
                    guard let quantity = pending else { return nil }
                    total += quantity * unit
                    pending = nil
                    lastUnit = unit
                    position += 1
                } else if word == "and", position + 2 < words.count, let fraction = Self.fractions[words[position + 2]],
                          ["a", "an", "one", "three"].contains(words[position + 1]) {
                    // "one and a half hours" (pending) or "an hour and a half", "… and three
                    // quarters" (after a unit).
                    let part = words[position + 1] == "three" ? (words[position + 2] == "quarters" ? 3 * fraction : -1)
                        : (words[position + 2] == "quarters" ? -1 : fraction)
                    guard part > 0 else { return nil }
                    if pending != nil {
                        pending! += part
                    } else if let unit = lastUnit {
                        total += part * unit
                    } else {
                        return nil
                    }
                    position += 3
                } else if word == "and", position + 2 == words.count, words[position + 1] == "half", pending == nil,
                          let unit = lastUnit {
                    // "one hour and half": the half of the last unit, as "and a half" is.
                    total += Self.half * unit
                    position += 2
                } else if word == "and" {
                    // "1 hour and 15 minutes"
                    guard lastUnit != nil, pending == nil else { return nil }
                    position += 1
                } else if word == "half" || word == "quarter" {
                    guard pending == nil else { return nil }
                    pending = Self.fractions[word]
                    sawNumber = true
                    position += 1
                    // "half an hour", "a quarter of an hour": the article belongs to the unit.
                    if position < words.count, words[position] == "of" { position += 1 }
                    if position < words.count, words[position] == "an" || words[position] == "a" { position += 1 }
                } else if let (value, used) = SlotParsers.number(words, at: position) {
                    // Before "a" on its own: "a hundred and twenty" is a number.
                    guard pending == nil else { return nil }
                    if let first = word.first, SlotNumber.isSign(first) {
                        guard !sawNumber else { return nil }
                        // By the sign, not the value: "-0h80" is -80 minutes though -0 is 0.
                        negative = first != "+"
                    }
                    pending = abs(value)
                    sawNumber = true
                    position += used
                } else if word == "a" || word == "an" {
                    // "a quarter of an hour": the article belongs to the fraction.
                    if position + 1 < words.count, words[position + 1] == "quarter" || words[position + 1] == "half", pending == nil {
                        position += 1
                        continue
                    }
                    guard pending == nil, position + 1 < words.count, Self.units[words[position + 1]] != nil else { return nil }
                    pending = 1
                    sawNumber = true
                    position += 1
                } else {
                    return nil
                }
            }
            guard sawNumber else { return nil }
            // A bare number is minutes: "30", or the minutes after hours in "1 hour 15".
            if let quantity = pending { total += quantity }
            return SlotNumber(negative ? -total : total)
        }
    }

    /// What most durations typed are — "45", "45 minutes", "2 hours": digits, then a unit or
    /// none — read in whole minutes, without `Decimal` (a tenth of the work; a test holds it to
    /// ``DurationReader``). Nil for any other words, which the reader reads.
    static func plainMinutes(_ words: [String]) -> SlotNumber? {
        guard words.count <= 2, let digits = words.first, (1...9).contains(digits.utf8.count),
              digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits),
              let unit = words.count == 1 ? 1 : plainUnitMinutes[words[1]]
        else { return nil }
        return .whole(min(value * unit, SlotNumber.ceiling))
    }

    /// ``DurationReader/units`` in whole minutes.
    private static let plainUnitMinutes = WordTable<Int>(Dictionary(uniqueKeysWithValues: DurationReader.units.keys.map { unit in
        (unit, NSDecimalNumber(decimal: DurationReader.units[unit]!).intValue)
    }))
}
