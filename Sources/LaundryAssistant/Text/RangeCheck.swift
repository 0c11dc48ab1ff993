import LaundryCore
internal import LaundryGrammar

/// A number from a slot checked against the range it must be in: the whole number when it fits,
/// or else the refusal — the user's own words in quotes, what keeps them out, and the range:
/// "“every 7.5 days” is not a whole number of days: laundry can be due every 1 to 30 days."
///
/// The refusal quotes the words, never the number, because the number may not be the user's: a
/// slot saturates forty nines at its ceiling (``SlotNumber``) and turns "45 hours" into 2700
/// minutes. Saying "1000000000 days is too many" would answer something nobody typed.
enum RangeCheck: Equatable {
    case fits(Int)
    /// The whole sentence to answer with.
    case refused(String)

    /// - Parameters:
    ///   - words: the slot's words as typed, quoted in the refusal.
    ///   - unit: what the number counts, in the singular ("day", "minute", "message").
    ///   - allowed: the end of the refusal, which names the range: "a wash takes 1 to 120 minutes".
    init(_ number: SlotNumber, words: String, in range: ClosedRange<Int>, unit: String, allowed: String) {
        let problem: String
        switch number {
        case .whole(let value) where range.contains(value):
            self = .fits(value)
            return
        case .fraction:
            problem = "is not a whole number of \(unit)s"
        case .whole(let value) where value < 0:
            problem = "is below zero"
        case .whole(let value) where value < range.lowerBound:
            problem = "is less than \(DurationText.plural(range.lowerBound, unit))"
        case .whole:
            problem = "is more than \(DurationText.plural(range.upperBound, unit))"
        }
        self = .refused("“\(words)” \(problem): \(allowed).")
    }
}
