import Foundation

/// A number a typed slot read — the minutes of `{minutes}`, the days of `{days}`, a `{count}`,
/// the days of a `{range}` such as "last 3 weeks" — in the form the assistant checks against the
/// range the number must be in.
///
/// Numbers are bounded where they are read. A user can type forty digits; a slot keeps at most
/// ``ceiling`` in size, so that whatever is done with the value afterwards — times 60 minutes,
/// as days back from today, as an `Int` — cannot overflow or trap. A number beyond the ceiling
/// saturates at it rather than being dropped: it is still understood, and still too big for
/// every range, so the assistant can answer with the range (quoting the user's words, which the
/// slot keeps, never the ceiling).
///
/// Nothing else is bent into shape: a negative number stays negative ("-5 minutes" is not 5) and
/// a fraction stays a fraction ("7.5 days" is not rounded to 8). Whether a fraction may stand
/// depends on the unit — "1.5 hours" is a whole 90 minutes — so the parsers work in exact
/// decimals and decide at the end.
public enum SlotNumber: Hashable, Sendable {
    /// A whole number, at most ``ceiling`` in size.
    case whole(Int)
    /// A number with a fraction, less than ``ceiling`` in size.
    case fraction(Decimal)

    /// The largest size a slot's number has: far beyond every range a slot takes (the widest is
    /// 36,500 days of history), and small enough that any unit times it fits in an `Int`.
    public static let ceiling = 1_000_000_000

    /// An exact quantity: whole or not, saturated at ±``ceiling``. Nil for NaN, which is no
    /// number (no parser makes one; `Decimal` gives it for a division by zero).
    init?(_ quantity: Decimal) {
        guard !quantity.isNaN else { return nil }
        if quantity >= Decimal(Self.ceiling) {
            self = .whole(Self.ceiling)
        } else if quantity <= Decimal(-Self.ceiling) {
            self = .whole(-Self.ceiling)
        } else if let whole = Self.wholeValue(of: quantity) {
            self = .whole(whole)
        } else {
            self = .fraction(quantity)
        }
    }

    /// Reads a slot's value back: "75", "-5", "7.5" (see ``text``), or digits of any length,
    /// which saturate. Nil when the text is not a plain number.
    public init?(text: String) {
        guard let quantity = Self.decimal(text) else { return nil }
        self.init(quantity)
    }

    /// The number as a slot's value gives it: "75", "-5", "7.5".
    public var text: String {
        switch self {
        case .whole(let value): String(value)
        case .fraction(let value): "\(value)"
        }
    }

    /// The number, when it is a whole one in `range`; nil otherwise.
    public func whole(in range: ClosedRange<Int>) -> Int? {
        guard case .whole(let value) = self, range.contains(value) else { return nil }
        return value
    }

    /// Decimal digits with at most one point, after at most one sign ("-", "+" or U+2212 MINUS
    /// SIGN): "30", "1.5", ".5", "-5", "007". Exact up to 38 significant digits (`Decimal`'s
    /// precision). A longer numeral is rounded in its 39th digit, which changes nothing that
    /// matters — it is beyond the ceiling, or a fraction either way — except when every digit
    /// after the point but that last one is 0: "5.0000000000000000000000000000000000001" is 5.
    static func decimal(_ text: String) -> Decimal? {
        // Most numbers typed are a few plain digits ("30", "45"): read as an `Int`, which
        // `Decimal(string:)` reads the same (a test holds the two together) at a tenth of the cost.
        let utf8 = text.utf8
        if utf8.count <= 18, !utf8.isEmpty, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let whole = Int(text) {
            return Decimal(whole)
        }
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, isSign(sign) {
            negative = sign != "+"
            digits = digits.dropFirst()
        }
        // Decimal(string:) reads a prefix ("1.2.3" as 1.2) and takes exponents: check first.
        guard digits.contains(where: \.isASCIIDigit),
              digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }), digits.filter({ $0 == "." }).count <= 1,
              let value = Decimal(string: String(digits))
        else { return nil }
        return negative ? -value : value
    }

    /// The nearest whole number, halfway away from zero: for the one reading that is loose by
    /// nature, "twice a week" (every 3.5 days, so every 4).
    init?(rounding quantity: Decimal) {
        guard !quantity.isNaN else { return nil }
        self.init(Self.rounded(quantity))
    }

    /// "-", "+" or U+2212 MINUS SIGN, which the tokenizer keeps in front of a digit.
    static func isSign(_ character: Character) -> Bool {
        character == "-" || character == "+" || character == "\u{2212}"
    }

    private static func rounded(_ quantity: Decimal) -> Decimal {
        var rounded = Decimal()
        var exact = quantity
        NSDecimalRound(&rounded, &exact, 0, .plain)
        return rounded
    }

    /// The quantity as an `Int` when it is whole (and, as the caller checked, inside ±ceiling).
    private static func wholeValue(of quantity: Decimal) -> Int? {
        let whole = rounded(quantity)
        return whole == quantity ? NSDecimalNumber(decimal: whole).intValue : nil
    }
}

extension Character {
    /// "0" to "9" only: `isNumber` is true for "½" and "٣" as well.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
