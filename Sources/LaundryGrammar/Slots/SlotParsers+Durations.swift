import Foundation

extension SlotParsers {
    // MARK: - Durations

    /// Reads a duration word by word: quantities ("forty five", "1.5", "an", "half") each
    /// followed by an optional unit; "and a half" adds half of the last unit. The first
    /// quantity may have a sign, which is the whole duration's ("-1h 15m" is -75 minutes); a
    /// sign further on ("1 hour -15 minutes") makes no duration.
    struct DurationReader {
        let words: [String]
        /// The parsers it reads numbers with, and their words.
        let parsers: SlotParsers, said: SlotWords
        var position = 0
        var total: Decimal = 0
        var pending: Decimal?
        var lastUnit: Decimal?
        var sawNumber = false
        var negative = false

        static let half = Decimal(1) / 2

        init(words: [String], in parsers: SlotParsers) {
            (self.words, self.parsers, said) = (words, parsers, parsers.words)
        }

        mutating func read() -> SlotNumber? {
            guard !words.isEmpty else { return nil }
            while position < words.count {
                let word = words[position]
                if let unit = said.durationUnits[word] {
                    guard let quantity = pending else { return nil }
                    total += quantity * unit
                    pending = nil
                    lastUnit = unit
                    position += 1
                } else if said.ands.contains(word), position + 2 < words.count, let part = andPart(words[position + 1], words[position + 2]) {
                    // "one and a half hours" (pending) or "an hour and a half", "… and three
                    // quarters" (after a unit).
                    guard part > 0 else { return nil }
                    if pending != nil {
                        pending! += part
                    } else if let unit = lastUnit {
                        total += part * unit
                    } else {
                        return nil
                    }
                    position += 3
                } else if said.ands.contains(word), position + 2 == words.count, said.fractions[words[position + 1]] == Self.half,
                          pending == nil, let unit = lastUnit {
                    // "one hour and half": the half of the last unit, as "and a half" is.
                    total += Self.half * unit
                    position += 2
                } else if said.ands.contains(word) {
                    // "1 hour and 15 minutes"
                    guard lastUnit != nil, pending == nil else { return nil }
                    position += 1
                } else if let fraction = said.fractions[word] {
                    guard pending == nil else { return nil }
                    pending = fraction
                    sawNumber = true
                    position += 1
                    // "half an hour", "a quarter of an hour": the article belongs to the unit.
                    if position < words.count, said.ofs.contains(words[position]) { position += 1 }
                    if position < words.count, said.articles.contains(words[position]) { position += 1 }
                } else if let (value, used) = parsers.number(words, at: position) {
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
                } else if said.articles.contains(word) {
                    // "a quarter of an hour": the article belongs to the fraction.
                    if position + 1 < words.count, said.fractions[words[position + 1]] != nil, pending == nil {
                        position += 1
                        continue
                    }
                    guard pending == nil, position + 1 < words.count, said.durationUnits[words[position + 1]] != nil else { return nil }
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

        /// What "and" `count` `fraction` adds ("and a half", "and three quarters"), in the last
        /// unit; nil when the words are none such, and -1 — no duration — for a count that does
        /// not fit its fraction ("and one quarters", "and three quarter").
        private func andPart(_ count: String, _ fraction: String) -> Decimal? {
            let times = said.articles.contains(count) ? 1 : said.numbers[count]
            guard let times, times > 0 else { return nil }
            if let single = said.fractions[fraction] { return times == 1 ? single : -1 }
            if let plural = said.pluralFractions[fraction] { return times > 1 ? Decimal(times) * plural : -1 }
            return nil
        }
    }

    /// What most durations typed are — "45", "45 minutes", "2 hours": digits, then a unit or
    /// none — read in whole minutes, without `Decimal` (a tenth of the work; a test holds it to
    /// ``DurationReader``). Nil for any other words, which the reader reads.
    func plainMinutes(_ input: [String]) -> SlotNumber? {
        guard input.count <= 2, let digits = input.first, (1...9).contains(digits.utf8.count),
              digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits),
              let unit = input.count == 1 ? 1 : words.unitMinutes[input[1]]
        else { return nil }
        return .whole(min(value * unit, SlotNumber.ceiling))
    }
}
