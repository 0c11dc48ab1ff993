import Foundation

extension SlotParsers {
    /// A past instant, as words say it — for a step taken earlier ("I folded snowy yesterday at
    /// 6pm"): a time before now ("2 hours ago", "yesterday", "in 20 minutes" — still to come, which
    /// the assistant refuses), or a time of day ("at 9:30", "yesterday at 6pm", "this morning").
    package func instant(_ input: [String]) -> SlotContent? {
        pastInstant(input).map(SlotContent.instant)
    }

    func pastInstant(_ input: [String]) -> PastInstant? {
        var said = input
        // "about an hour ago", "around 9", "like 10": roughly is as exact as it gets.
        if said.count > 1, let first = said.first, words.roughly.contains(first) { said.removeFirst() }
        guard !said.isEmpty else { return nil }
        // "before ten minutes", "before 2 hours": how "ago" is said in much of South Asia.
        if said.count >= 3, words.agoBefore.contains(said[0]), let unit = said.last,
           words.durationUnits[unit] != nil || words.dayUnits.contains(unit), let ago = words.agoWord {
            said = Array(said.dropFirst()) + [ago]
        }
        // "in 20 minutes": still to come — read, so that the step is refused for it, not offered
        // as one taken now.
        if said.count >= 2, words.ahead.contains(said[0]) {
            var reader = DurationReader(words: Self.splitCompact(Array(said.dropFirst())), in: self)
            guard let minutes = reader.read()?.whole(in: 1...(60 * 24 * 366)) else { return nil }
            return .secondsAgo(-minutes * 60)
        }
        if let last = said.last, words.ago.contains(last) {
            // "two days ago", "a day ago": whole days.
            if said.count >= 3, words.dayUnits.contains(said[said.count - 2]) {
                let quantity = Array(said.dropLast(2))
                let days = quantity.count == 1 && words.articles.contains(quantity[0]) ? 1 : number(quantity, at: 0).flatMap { value, used in
                    used == quantity.count ? SlotNumber(value)?.whole(in: 1...366) : nil
                }
                return days.map { .secondsAgo($0 * 86400) }
            }
            var reader = DurationReader(words: Self.splitCompact(Array(said.dropLast())), in: self)
            guard let minutes = reader.read()?.whole(in: 1...(60 * 24 * 366)) else { return nil }
            return .secondsAgo(minutes * 60)
        }
        var day = InstantDay.latest
        if let first = said.first, let named = words.instantDays[first] {
            day = named
            said.removeFirst()
            if said.isEmpty && named == .yesterday { return .secondsAgo(86400) }
        }
        // Parts of a day: "this morning", "last night", "yesterday evening".
        if let part = dayPart(said) { return .clock(ClockTime(hour: part.hour, minute: 0), on: part.day ?? day, twelveHour: false) }
        // A part of a day before the time: "last night at 11", "this morning at 7:15".
        for length in [2, 1] where said.count > length + 1 && words.timeLeads.contains(said[length]) {
            guard let part = dayPart(said[..<length]) else { continue }
            // "this evening at 8", "yesterday evening at 8" (the day said before the part): read
            // again as the day, the time and a part of the day on the same side of noon.
            let saidDay = part.day ?? day
            let dayWord = saidDay == .yesterday ? words.yesterday : saidDay == .today ? words.today : nil
            guard let side = part.hour >= 12 ? words.afternoon : words.morning else { return nil }
            return pastInstant((dayWord.map { [$0] } ?? []) + Array(said[length...]) + [side])
        }
        // "at 9", "by 5", "at about 7".
        if let first = said.first, words.clockAt.contains(first) { said.removeFirst() }
        if said.count > 1, let first = said.first, words.roughly.contains(first) { said.removeFirst() }
        // "at lunch", "yesterday at dinner".
        if said.count == 1, let part = dayPart(said), part.day == nil {
            return .clock(ClockTime(hour: part.hour, minute: 0), on: day, twelveHour: false)
        }
        // The day after the time: "7 last night", "9:30 this morning", "5:45 yesterday".
        var partHour: Int?
        if day == .latest, let last = said.last, let named = words.instantDays[last] {
            day = named
            said.removeLast()
        } else if said.count > 2, let named = words.instantDays[said[said.count - 2]], let part = dayPart(said.suffix(1)) {
            // "7:30 yesterday evening"
            (day, partHour) = (named, part.hour)
            said.removeLast(2)
        } else if said.count > 2, let part = dayPart(said.suffix(2)) {
            said.removeLast(2)
            (day, partHour) = (part.day ?? day, part.hour)
        } else if said.count > 1, let part = dayPart(said.suffix(1)) {
            said.removeLast()
            (day, partHour) = (part.day ?? day, part.hour)
        }
        guard var time = clockTime(said) else { return nil }
        // "7 last night" is the evening's 7, "9 this morning" the morning's.
        if let partHour, time.twelveHour {
            time = (partHour >= 12 && time.hour < 12 ? time.hour + 12 : time.hour, time.minute, false)
        }
        return .clock(ClockTime(hour: time.hour, minute: time.minute), on: day, twelveHour: time.twelveHour)
    }

    /// Minutes said before "past" or "to": "ten", "20", "five" (1 to 59).
    private func minutesOffClock(_ word: String) -> Int? {
        let minutes = Int(word) ?? words.numbers[word] ?? words.tens[word]
        return minutes.flatMap { (1...59).contains($0) ? $0 : nil }
    }

    /// "6pm", "6 pm", "6 p.m", "9:30", "18.30", "0630", "9", "noon", "midnight", "9 o'clock": the hour
    /// (0–23), the minute, and whether the hour may be morning or evening.
    func clockTime(_ input: [String]) -> (hour: Int, minute: Int, twelveHour: Bool)? {
        var said = input
        if let last = said.last, words.oclock.contains(last) { said.removeLast() }
        // "4ish", "10ish": roughly.
        if let last = said.last {
            for suffix in words.roughlySuffixes where last.hasSuffix(suffix) && last.count > suffix.count
                && last.dropLast(suffix.count).allSatisfy({ $0.isASCIIDigit || $0 == ":" }) {
                said[said.count - 1] = String(last.dropLast(suffix.count))
                break
            }
        }
        // "half 7": half past, the British way.
        if said.count == 2, words.clockFractions[said[0]] == 30, let hour = clockTime([said[1]]), hour.minute == 0, hour.twelveHour {
            return (hour.hour, 30, true)
        }
        // "half past six", "quarter past 6", "quarter to 7", "a quarter to seven", "ten past six", "20 to 3".
        if said.count > 1, words.articles.contains(said[0]), words.clockFractions[said[1]] == 15 { said.removeFirst() }
        if said.count >= 3, let offset = words.clockFractions[said[0]] ?? minutesOffClock(said[0]),
           case let past = words.clockPast.contains(said[1]), past || words.clockTo.contains(said[1]),
           past || words.clockFractions[said[0]] != 30,
           let hour = clockTime(Array(said[2...])), hour.minute == 0 {
            let minutes = (hour.hour * 60 + (past ? offset : -offset) + 24 * 60) % (24 * 60)
            return (minutes / 60, minutes % 60, hour.twelveHour)
        }
        if said.count == 1, let number = words.numbers[said[0]] ?? words.tens[said[0]], (1...12).contains(number) {
            return (number, 0, true)  // "six", "twelve"
        }
        if said.count == 1, let hour = words.clockWords[said[0]] { return (hour, 0, false) }  // "noon", "midnight"
        guard var text = said.first, said.count <= 2 else { return nil }
        // "13h", "8h30": the European way.
        if said.count == 1, let h = words.hourMarks.lazy.compactMap({ text.firstIndex(of: $0) }).first,
           text[..<h].allSatisfy(\.isASCIIDigit), !text[..<h].isEmpty, text[text.index(after: h)...].allSatisfy(\.isASCIIDigit) {
            let minutes = String(text[text.index(after: h)...])
            text = String(text[..<h]) + ":" + (minutes.isEmpty ? "00" : minutes)
        }
        // "0630", "2130": the military way, always on the 24-hour clock.
        if said.count == 1, text.utf8.count == 4, text.allSatisfy(\.isASCIIDigit),
           let hour = Int(text.prefix(2)), let minute = Int(text.suffix(2)), hour < 24, minute < 60 {
            return (hour, minute, false)
        }
        // "am", "pm": the hours they add, written onto the time or after it.
        var added: Int?
        for half in words.halfDays where text.hasSuffix(half.word) && text.count > half.word.count {
            added = half.hours
            text = String(text.dropLast(half.word.count))
        }
        if said.count == 2 {
            guard added == nil, let half = words.halfDays.first(where: { $0.word == said[1] }) else { return nil }
            added = half.hours
        }
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false).flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(pieces[0]), let minute = pieces.count == 2 ? Int(pieces[1]) : 0, (0...59).contains(minute)
        else { return nil }
        if let added {
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12 + added, minute, false)
        }
        guard (0...23).contains(hour) else { return nil }
        // "9" may be morning or evening; "09" and "18" say which.
        return (hour, minute, (1...12).contains(hour) && !pieces[0].hasPrefix("0"))
    }
}
