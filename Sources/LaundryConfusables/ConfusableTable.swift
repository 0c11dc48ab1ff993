import Foundation
import Synchronization

/// Which texts look alike: Unicode's confusable skeletons (UTS #39 §4), for telling whether a new
/// pet's name would look the same as one the user already has ("Ѕnоwy" in Cyrillic and "Snowy").
///
/// The prototypes are parsed from ``ConfusablePrototypes`` the first time a skeleton is asked for,
/// not before: only creating or renaming a pet while another exists needs them, and LaundryTime's
/// start time is benchmarked (a one-shot `/status` must not pay for 5,000 mappings). The parsed
/// table is kept for the life of the instance, and ``isLoaded`` tells whether that has happened.
public final class ConfusableTable: Sendable {
    /// Unicode's table, shared by the program. Creating it parses nothing.
    public static let unicode = ConfusableTable()

    /// The version of Unicode's confusables.txt the shared table comes from.
    public static let unicodeVersion = ConfusablePrototypes.unicodeVersion

    private let source: String
    /// The prototypes once parsed (set once; the table may be shared between threads).
    private let parsed = Mutex<[UInt32: String]?>(nil)

    /// A table of `prototypes` in ``ConfusablePrototypes``' form: one mapping a line, a code point
    /// and the code points it looks like, in hex.
    public init(prototypes: String) {
        source = prototypes
    }

    /// A table of Unicode's prototypes of its own, parsed on its own first use (a test can watch
    /// when that happens without depending on what else used ``unicode``).
    public convenience init() {
        self.init(prototypes: ConfusablePrototypes.text)
    }

    /// Whether the prototypes have been parsed: false until the first skeleton or ``count``.
    public var isLoaded: Bool { parsed.withLock { $0 != nil } }

    /// How many characters have a prototype.
    public var count: Int { prototypes.count }

    /// UTS #39 §4: skeleton(X) = NFD(X), each character replaced by its prototype, then NFD again.
    /// Two texts with the same skeleton look alike (case counts: "S" and "s" differ).
    public func skeleton(_ text: String) -> String {
        let table = prototypes
        return Self.replacing(text.decomposedStringWithCanonicalMapping) { table[$0.value] }.decomposedStringWithCanonicalMapping
    }

    /// The form two names are compared by for looking the same, case ignored: pets are told
    /// apart ignoring case, so "SNOWY" and "Ѕnоwy" must meet too. It is the skeleton of the
    /// lower-cased skeleton — skeleton first, so that "I" and "l", which look alike only as capital
    /// and small letter, still meet — with two additions to UTS #39 that names need:
    /// - fullwidth forms ("Ｓｎｏｗｙ") count as the ASCII they widen: UTS #39 leaves them to the
    ///   NFKC that identifiers get first, and a name is kept as the user spelled it;
    /// - variation selectors are dropped: they pick a glyph of the same character ("❤" and "❤️").
    public func lookAlikeKey(_ text: String) -> String {
        let table = prototypes
        let first = Self.replacing(text.decomposedStringWithCanonicalMapping) { scalar in
            if Self.isVariationSelector(scalar) { return "" }
            if (0xFF01...0xFF5E).contains(scalar.value), let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
                return table[narrow.value] ?? String(narrow)
            }
            return table[scalar.value]
        }
        return skeleton(first.decomposedStringWithCanonicalMapping.lowercased())
    }

    private var prototypes: [UInt32: String] {
        parsed.withLock { parsed in
            if let parsed { return parsed }
            let table = Self.parse(source)
            parsed = table
            return table
        }
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
            || (0x180B...0x180D).contains(scalar.value) || scalar.value == 0x180F
    }

    /// `text` with each character that `replacement` has a string for replaced by it.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { result += replaced } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Reads lines of hex code points ("405 53"); a line without a character and a prototype, or
    /// with a number that is no code point, is skipped.
    static func parse(_ text: String) -> [UInt32: String] {
        var reader = PrototypeReader()
        for byte in text.utf8 { reader.read(byte) }
        reader.read(UInt8(ascii: "\n"))
        return reader.table
    }
}

/// Reads ``ConfusablePrototypes``' lines a byte at a time, building each prototype as it goes: 0.9
/// ms for Unicode's table in a release build, where collecting each line's numbers in an array
/// first took ten times that.
private struct PrototypeReader {
    private(set) var table: [UInt32: String] = Dictionary(minimumCapacity: ConfusablePrototypes.count)
    private var source: UInt32?
    private var prototype = String.UnicodeScalarView()
    private var lineIsValid = true
    private var code: UInt32 = 0
    private var digits = 0

    mutating func read(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): addDigit(UInt32(byte - UInt8(ascii: "0")))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): addDigit(UInt32(byte - UInt8(ascii: "A") + 10))
        default:
            if digits > 0 { endCode() }
            if byte == UInt8(ascii: "\n") { endLine() }
        }
    }

    private mutating func addDigit(_ value: UInt32) {
        code = code << 4 | value
        digits += 1
    }

    private mutating func endCode() {
        if digits <= 6, let scalar = Unicode.Scalar(code) {
            if source == nil { source = code } else { prototype.append(scalar) }
        } else {
            lineIsValid = false
        }
        code = 0
        digits = 0
    }

    private mutating func endLine() {
        if lineIsValid, let source, !prototype.isEmpty { table[source] = String(prototype) }
        source = nil
        prototype = String.UnicodeScalarView()
        lineIsValid = true
    }
}
