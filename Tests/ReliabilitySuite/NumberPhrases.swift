import LaundryTestSupport

/// Random number phrases for the number slots, each with what it stands for — the oracle the
/// number fuzz checks the assistant's answers against.
///
/// The meaning is worked out from the digits up, without the grammar's parsers and without
/// floating point: numerals of 1 to 40 characters (leading zeros, a point, a sign), word numbers
/// ("a hundred and twenty", "forty-five"), units and compact durations ("1h15m"), and words that
/// are no number at all.
struct NumberPhrases {
    /// What a phrase stands for, in the slot's unit (minutes, days, a count).
    enum Meaning: Equatable {
        /// A whole number: it fits a slot whose range holds it, and is refused elsewhere.
        case whole(Int)
        /// Not a whole number, or beyond 10⁹ in size: every slot refuses it, with its range.
        case neverFits
        /// Words that are no number LaundryTime reads: not understood.
        case notANumber
    }

    /// The shapes a slot takes its number in.
    enum Shape {
        /// "45", "1.5 hours", "1h15m", "an hour and a half".
        case duration
        /// "every 4 days", "2 weeks", "3 times a week", "7".
        case frequency
        /// "3", "twenty".
        case count
        /// "last 30 days", "past 2 weeks".
        case lastDays
    }

    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A phrase in `shape`, and its meaning.
    mutating func phrase(_ shape: Shape) -> (text: String, meaning: Meaning) {
        switch shape {
        case .duration: return duration()
        case .frequency: return frequency()
        case .count: return number(times: 1)
        case .lastDays:
            let (unit, days) = pick([("days", 1), ("day", 1), ("weeks", 7), ("months", 30), ("hours", 0)])
            let (text, meaning) = number(times: max(days, 1))
            return ("\(pick(["last", "past"])) \(text) \(unit)", days == 0 ? .notANumber : meaning)
        }
    }

    // MARK: - Shapes

    private mutating func duration() -> (String, Meaning) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            return pick([("an hour and a half", .whole(90)), ("half an hour", .whole(30)), ("one and a half hours", .whole(90)),
                         ("an hour", .whole(60)), ("a minute", .whole(1)), ("half a minute", .neverFits)])
        case 1:
            // "1h15m", "-2 hours and 5 minutes": the sign in front is the whole duration's.
            let hours = Int.random(in: 0...3, using: &random), minutes = Int.random(in: 0...99, using: &random)
            let sign = chance(10) ? "-" : ""
            let text = pick(["\(hours)h\(minutes)m", "\(hours)h \(minutes)m", "\(hours) hours \(minutes) minutes",
                             "\(hours) hours and \(minutes) minutes", "\(hours)h\(minutes)"])
            return (sign + text, .whole((sign.isEmpty ? 1 : -1) * (hours * 60 + minutes)))
        case 2:
            let (text, _) = number(times: 1)
            return ("\(text) \(pick(["days", "weeks"]))", .notANumber)
        default:
            let (unit, factor) = pick([("", 1), (" minutes", 1), (" minute", 1), (" min", 1), (" mins", 1), ("m", 1),
                                       (" hours", 60), (" hour", 60), (" h", 60), ("h", 60), (" hrs", 60)])
            // A unit written onto the number ("90m", "1.5h") needs digits in front.
            let (text, meaning) = unit.first == " " || unit.isEmpty ? number(times: factor) : numeral(times: factor)
            return (text + unit, meaning)
        }
    }

    private mutating func frequency() -> (String, Meaning) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            // Said loosely and rounded: N times a week is every 7/N days, half a day up.
            let (perWeek, days) = pick([("week", 7), ("month", 30)])
            let (times, count) = numeral(times: 1, whole: true)
            let meaning: Meaning = switch count {
            case .whole(let n) where n > 0: .whole((2 * days + n) / (2 * n))
            case .whole: .neverFits  // never, or a negative number of times
            default: .whole(0)  // more than 10⁹ times: more often than daily
            }
            return ("\(times) times \(pick(["a", "per"])) \(perWeek)", meaning)
        case 1:
            return pick([("once a week", .whole(7)), ("twice a week", .whole(4)), ("every other day", .whole(2)),
                         ("weekly", .whole(7)), ("daily", .whole(1)), ("fortnightly", .whole(14)), ("monthly", .whole(30))])
        case 2:
            let (text, _) = number(times: 1)
            return ("every \(text) hours", .notANumber)
        default:
            let (unit, factor) = pick([("", 1), (" days", 1), (" day", 1), (" weeks", 7), (" months", 30), (" fortnights", 14)])
            let (text, meaning) = number(times: factor)
            return ((chance(2) ? "every " : "") + text + unit, meaning)
        }
    }

    // MARK: - Numbers

    /// A numeral, a word number or (now and then) words that are no number, times `factor`.
    private mutating func number(times factor: Int) -> (String, Meaning) {
        if chance(12) { return (pick(Self.noNumbers), .notANumber) }
        return chance(4) ? wordNumber(times: factor) : numeral(times: factor)
    }

    /// Digits, 1 to 40 characters with the point: mostly short, so that many land inside the
    /// ranges; some with leading zeros, a point, a sign.
    private mutating func numeral(times factor: Int, whole: Bool = false) -> (String, Meaning) {
        let length = switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: Int.random(in: 1...3, using: &random)
        case 5..<8: Int.random(in: 4...12, using: &random)
        default: Int.random(in: 13...39, using: &random)
        }
        var digits = (0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }
        if chance(5) {
            for index in 0..<Int.random(in: 1...max(1, length / 2), using: &random) { digits[index] = "0" }
        }
        var integer = String(digits), fraction = "", point = ""
        if !whole, chance(3) {
            // Anywhere: ".5" and "5." too.
            let at = Int.random(in: 0...digits.count, using: &random)
            (integer, point, fraction) = (String(digits[..<at]), ".", String(digits[at...]))
        }
        let sign = chance(8) ? pick(["-", "-", "-", "+", "\u{2212}"]) : ""
        return (sign + integer + point + fraction,
                Self.meaning(integer: integer, fraction: fraction, negative: sign != "" && sign != "+", times: factor))
    }

    /// The exact value of a numeral times `factor`, in integers.
    ///
    /// For the factors used (1, 7, 14, 30, 60), a fraction with more than two digits after its
    /// trailing zeros are dropped never makes a whole number: its last digit is not 0, so it is
    /// odd or not a multiple of 5, and no factor holds more than 2² or 5¹.
    static func meaning(integer: String, fraction: String, negative: Bool, times factor: Int) -> Meaning {
        let integer = integer.drop { $0 == "0" }
        let fraction = String(fraction.reversed().drop { $0 == "0" }.reversed())
        guard integer.count <= 9, fraction.count <= 2 else { return .neverFits }
        let scale = fraction.count == 0 ? 1 : fraction.count == 1 ? 10 : 100
        let scaled = ((Int(integer) ?? 0) * scale + (Int(fraction) ?? 0)) * factor
        guard scaled % scale == 0 else { return .neverFits }
        return .whole((negative ? -1 : 1) * scaled / scale)
    }

    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// "seven", "forty-five", "forty five", "a hundred and twenty", "one hundred five", "-two":
    /// -199 to 199.
    private mutating func wordNumber(times factor: Int) -> (String, Meaning) {
        let value = Int.random(in: 0...199, using: &random)
        var rest = value % 100
        var words: [String] = []
        if value >= 100 {
            words.append(pick(["a hundred", "one hundred"]))
            if rest > 0, chance(2) { words.append("and") }
        }
        if rest >= 20 {
            let unit = rest % 10
            words.append(unit == 0 ? Self.tens[rest / 10] : Self.tens[rest / 10] + pick(["-", " "]) + Self.ones[unit])
            rest = 0
        } else if rest > 0 || value == 0 {
            words.append(Self.ones[rest])
        }
        // A sign the tokenizer strips from a word, and the slots put back: "-forty-five".
        let sign = chance(10) ? pick(["-", "\u{2212}", "+"]) : ""
        return (sign + words.joined(separator: " "), .whole((sign == "" || sign == "+" ? 1 : -1) * value * factor))
    }

    /// Words that are no number the slots read (at least two characters: a single stray
    /// character after a pet's name is within a misspelling of it).
    static let noNumbers = [
        "1.2.3", "1,000", "1e5", "1e20", "0x1F", "5five", "1-2", "twenty twenty", "five hundred", "a thousand",
        "minus five", "one two", "hundred", "NaN", "inf",
    ]

    // MARK: - Chance

    private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &random)] }
}
