import Foundation

extension SlotParsers {
    /// A past instant, as words say it — for a step taken earlier ("I folded snowy yesterday at
    /// 6pm"): a time before now ("2 hours ago", "yesterday", "in 20 minutes" — still to come, which
    /// the assistant refuses), or a time of day ("at 9:30", "yesterday at 6pm", "this morning").
    package static let instant: @Sendable ([String]) -> SlotContent? = { words in
        pastInstant(words).map(SlotContent.instant)
    }

    static func pastInstant(_ words: [String]) -> PastInstant? {
        var words = words
        // "about an hour ago", "around 9", "like 10": roughly is as exact as it gets.
        if words.count > 1, let first = words.first, roughly.contains(first) { words.removeFirst() }
        guard !words.isEmpty else { return nil }
        // "before ten minutes", "before 2 hours": how "ago" is said in much of South Asia.
        if words.count >= 3, words.first == "before", let unit = words.last,
           DurationReader.units[unit] != nil || unit == "day" || unit == "days" {
            words = Array(words.dropFirst()) + ["ago"]
        }
        // "in 20 minutes": still to come — read, so that the step is refused for it, not offered
        // as one taken now.
        if words.count >= 2, words.first == "in" {
            var reader = DurationReader(words: splitCompact(Array(words.dropFirst())))
            guard let minutes = reader.read()?.whole(in: 1...(60 * 24 * 366)) else { return nil }
            return .secondsAgo(-minutes * 60)
        }
        if words.last == "ago" {
            // "two days ago", "a day ago": whole days.
            if words.count >= 3, words[words.count - 2] == "day" || words[words.count - 2] == "days" {
                let quantity = Array(words.dropLast(2))
                let days = quantity == ["a"] || quantity == ["one"] ? 1 : number(quantity, at: 0).flatMap { value, used in
                    used == quantity.count ? SlotNumber(value)?.whole(in: 1...366) : nil
                }
                return days.map { .secondsAgo($0 * 86400) }
            }
            var reader = DurationReader(words: splitCompact(Array(words.dropLast())))
            guard let minutes = reader.read()?.whole(in: 1...(60 * 24 * 366)) else { return nil }
            return .secondsAgo(minutes * 60)
        }
        var day = InstantDay.latest
        switch words.first {
        case "yesterday":
            day = .yesterday
            words.removeFirst()
            if words.isEmpty { return .secondsAgo(86400) }
        case "today":
            day = .today
            words.removeFirst()
        default:
            break
        }
        // Parts of a day: "this morning", "last night", "yesterday evening".
        if let part = partsOfDay[words] { return .clock(ClockTime(hour: part.hour, minute: 0), on: part.day ?? day, twelveHour: false) }
        // A part of a day before the time: "last night at 11", "this morning at 7:15".
        for length in [2, 1] where words.count > length + 1 && ["at", "around", "about", "by"].contains(words[length]) {
            guard let part = partsOfDay[Array(words[..<length])] else { continue }
            // "this evening at 8", "yesterday evening at 8" (the day said before the part).
            let said = part.day ?? day
            let dayWords = said == .yesterday ? ["yesterday"] : said == .today ? ["today"] : []
            return pastInstant(dayWords + Array(words[length...]) + (part.hour >= 12 ? ["evening"] : ["morning"]))
        }
        // "at 9", "by 5", "at about 7".
        if words.first == "at" || words.first == "by" { words.removeFirst() }
        if words.count > 1, let first = words.first, roughly.contains(first) { words.removeFirst() }
        // "at lunch", "yesterday at dinner".
        if words.count == 1, let part = partsOfDay[words], part.day == nil {
            return .clock(ClockTime(hour: part.hour, minute: 0), on: day, twelveHour: false)
        }
        // The day after the time: "7 last night", "9:30 this morning", "5:45 yesterday".
        var partHour: Int?
        if day == .latest, words.last == "yesterday" || words.last == "today" {
            day = words.removeLast() == "yesterday" ? .yesterday : .today
        } else if words.count > 2, ["yesterday", "today"].contains(words[words.count - 2]), let part = partsOfDay[[words.last!]] {
            // "7:30 yesterday evening"
            (day, partHour) = (words[words.count - 2] == "yesterday" ? .yesterday : .today, part.hour)
            words.removeLast(2)
        } else if words.count > 2, let part = partsOfDay[Array(words.suffix(2))] {
            words.removeLast(2)
            (day, partHour) = (part.day ?? day, part.hour)
        } else if words.count > 1, let part = partsOfDay[[words.last!]] {
            words.removeLast()
            (day, partHour) = (part.day ?? day, part.hour)
        }
        guard var time = clockTime(words) else { return nil }
        // "7 last night" is the evening's 7, "9 this morning" the morning's.
        if let partHour, time.twelveHour {
            time = (partHour >= 12 && time.hour < 12 ? time.hour + 12 : time.hour, time.minute, false)
        }
        return .clock(ClockTime(hour: time.hour, minute: time.minute), on: day, twelveHour: time.twelveHour)
    }

    /// The words that say a time is roughly it: "around 4", "at like 10", "earlier at 2".
    static let roughly: Set<String> = ["about", "around", "like", "roughly", "approximately", "approx", "earlier"]

    /// The parts of a day and their hours; `day` nil is the day said before.
    static let partsOfDay: [[String]: (day: InstantDay?, hour: Int)] = [
        ["this", "morning"]: (.today, 9), ["this", "afternoon"]: (.today, 15), ["this", "evening"]: (.today, 19),
        ["tonight"]: (.today, 19), ["last", "night"]: (.yesterday, 21), ["morning"]: (nil, 9), ["afternoon"]: (nil, 15),
        ["evening"]: (nil, 19), ["night"]: (nil, 21),
        // Meals: "at lunch", "yesterday at dinner".
        ["breakfast"]: (nil, 8), ["lunch"]: (nil, 12), ["lunchtime"]: (nil, 12), ["dinner"]: (nil, 19), ["dinnertime"]: (nil, 19),
    ]

    /// The words of instants that no other parser reads (``vocabulary`` holds them).
    static let instantWords: Set<String> = [
        "at", "ago", "morning", "afternoon", "evening", "night", "tonight", "noon", "midday", "midnight",
        "am", "pm", "a.m", "p.m", "o'clock", "oclock", "past", "by", "to", "around", "about", "like", "roughly",
        "approximately", "approx", "half", "quarter", "earlier", "breakfast", "lunch", "lunchtime", "dinner", "dinnertime",
        "before", "in",
    ]

    /// Minutes said before "past" or "to": "ten", "20", "five" (1 to 59).
    private static func minutesOffClock(_ word: String) -> Int? {
        let minutes = Int(word) ?? smallNumbers[word] ?? tens[word]
        return minutes.flatMap { (1...59).contains($0) ? $0 : nil }
    }

    /// "6pm", "6 pm", "6 p.m", "9:30", "18.30", "0630", "9", "noon", "midnight", "9 o'clock": the hour
    /// (0–23), the minute, and whether the hour may be morning or evening.
    /// What says which half of the day a time is in.
    private static let halfDayWords = ["am", "pm", "a.m", "p.m"]

    static func clockTime(_ words: [String]) -> (hour: Int, minute: Int, twelveHour: Bool)? {
        var words = words
        if words.last == "o'clock" || words.last == "oclock" { words.removeLast() }
        // "4ish", "10ish": roughly.
        if let last = words.last, last.hasSuffix("ish"), last.count > 3, last.dropLast(3).allSatisfy({ $0.isASCIIDigit || $0 == ":" }) {
            words[words.count - 1] = String(last.dropLast(3))
        }
        // "half 7": half past, the British way.
        if words.count == 2, words[0] == "half", let hour = clockTime([words[1]]), hour.minute == 0, hour.twelveHour {
            return (hour.hour, 30, true)
        }
        // "half past six", "quarter past 6", "quarter to 7", "a quarter to seven", "ten past six", "20 to 3".
        if words.first == "a", words.count > 1, words[1] == "quarter" { words.removeFirst() }
        if words.count >= 3, let offset = ["half": 30, "quarter": 15][words[0]] ?? minutesOffClock(words[0]), words[1] == "past" || words[1] == "to",
           !(words[0] == "half" && words[1] == "to"),
           let hour = clockTime(Array(words[2...])), hour.minute == 0 {
            let minutes = (hour.hour * 60 + (words[1] == "past" ? offset : -offset) + 24 * 60) % (24 * 60)
            return (minutes / 60, minutes % 60, hour.twelveHour)
        }
        if words.count == 1, let number = smallNumbers[words[0]] ?? tens[words[0]], (1...12).contains(number) {
            return (number, 0, true)  // "six", "twelve"
        }
        if words.count == 1, words[0] == "noon" || words[0] == "midday" { return (12, 0, false) }
        if words.count == 1, words[0] == "midnight" { return (0, 0, false) }
        guard var text = words.first, words.count <= 2 else { return nil }
        // "13h", "8h30": the European way.
        if words.count == 1, let h = text.firstIndex(of: "h"), text[..<h].allSatisfy(\.isASCIIDigit), !text[..<h].isEmpty,
           text[text.index(after: h)...].allSatisfy(\.isASCIIDigit) {
            let minutes = String(text[text.index(after: h)...])
            text = String(text[..<h]) + ":" + (minutes.isEmpty ? "00" : minutes)
        }
        // "0630", "2130": the military way, always on the 24-hour clock.
        if words.count == 1, text.utf8.count == 4, text.allSatisfy(\.isASCIIDigit),
           let hour = Int(text.prefix(2)), let minute = Int(text.suffix(2)), hour < 24, minute < 60 {
            return (hour, minute, false)
        }
        var half: String?
        for suffix in halfDayWords where text.hasSuffix(suffix) && text.count > suffix.count {
            half = String(suffix.first!)
            text = String(text.dropLast(suffix.count))
        }
        if words.count == 2 {
            guard half == nil, halfDayWords.contains(words[1]) else { return nil }
            half = String(words[1].first!)
        }
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false).flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(pieces[0]), let minute = pieces.count == 2 ? Int(pieces[1]) : 0, (0...59).contains(minute)
        else { return nil }
        switch half {
        case "a"?:
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12, minute, false)
        case "p"?:
            guard (1...12).contains(hour) else { return nil }
            return (hour % 12 + 12, minute, false)
        default:
            guard (0...23).contains(hour) else { return nil }
            // "9" may be morning or evening; "09" and "18" say which.
            return (hour, minute, (1...12).contains(hour) && !pieces[0].hasPrefix("0"))
        }
    }
}
