/// A laundry pet's name: 1–30 characters after trimming, none of more than 10 code points, no
/// control or direction-override characters, and nothing that shows as nothing (outside an emoji).
///
/// Names are unique ignoring case; ``key`` is the form two names are compared by.
public struct PetName: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The name as the user spelled it, trimmed.
    public let value: String

    public static let maximumLength = 30

    /// How many code points one character of a new name may be made of. A character is what a
    /// reader sees as one, and a letter under 200 combining marks is one: counted as
    /// one of the 30, it towered over every line the name was shown in. Ten is what the longest
    /// emoji sequences in use take (a kiss with two skin tones: 👩🏻‍❤️‍💋‍👨🏼), and more than any letter
    /// of a living script carries with its accents and vowel signs written apart (Vietnamese
    /// "ễ" is three, Tibetan "སྒྲུ" four, Devanagari "स्त्री", a conjunct and its vowel sign, six); a
    /// name can still stack a few marks on a letter, never a tower.
    public static let maximumScalarsPerCharacter = 10

    /// Validates and trims `raw`, a new name.
    public init(_ raw: String) throws(PetNameError) {
        try self.init(stored: raw)
        if let tallest = value.lazy.map(\.unicodeScalars.count).max(), tallest > Self.maximumScalarsPerCharacter {
            throw .overloadedCharacter(tallest)
        }
        if let hidden = InvisibleCharacters.firstHidden(in: value) { throw .invisibleCharacter(hidden) }
    }

    /// A new name as the user typed it, capitalised as a phone's name field does (each word's first
    /// letter): a name with no capital letter gets one at the start of each word ("snowy white" →
    /// "Snowy White"); a name typed with any capital ("iPhone Socks") is the user's own spelling,
    /// kept. Validated as ``init(_:)`` does.
    public init(typed raw: String) throws(PetNameError) {
        try self.init(raw.contains(where: \.isUppercase) ? raw : Self.capitalizingWords(raw))
    }

    /// Each word's first letter in its title case ("ß" → "Ss", "ǆ" → "ǅ"); the rest as typed.
    static func capitalizingWords(_ text: String) -> String {
        var result = "", atWordStart = true
        for character in text {
            if atWordStart, character.isLowercase, let first = character.unicodeScalars.first {
                result += first.properties.titlecaseMapping
                result.unicodeScalars.append(contentsOf: character.unicodeScalars.dropFirst())
            } else {
                result.append(character)
            }
            atWordStart = character.isWhitespace
        }
        return result
    }

    /// Validates and trims `raw`, a name read back from the store or an undo record, by the rules
    /// names have been written under from the start: length, and no control or direction
    /// characters (those would reach the terminal). The rules added since, about characters that
    /// show as nothing, apply to new names only: a pet an earlier version accepted must not
    /// vanish, nor make the store look damaged, because the program became stricter.
    public init(stored raw: String) throws(PetNameError) {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(trimmed.count) }
        if let bad = trimmed.unicodeScalars.first(where: PetName.isForbidden) {
            throw .forbiddenCharacter(bad)
        }
        guard trimmed.unicodeScalars.contains(where: PetName.isVisible) else { throw .invisible }
        value = trimmed
    }

    /// "Snowy's", and for a name ending in s "Big Towels'" (not "Big Towels's").
    public var possessive: String { Self.possessive(value) }

    /// `name` with its possessive ending: "Snowy's", "Big Towels'".
    public static func possessive(_ name: String) -> String {
        name.last == "s" || name.last == "S" ? name + "'" : name + "'s"
    }

    /// The comparison key: case-folded, so "Snowy" and "SNOWY" are the same pet.
    public var key: String { Self.key(for: value) }

    /// The comparison key of any text, for looking a pet up by what the user typed.
    public static func key(for text: String) -> String {
        text.trimmingWhitespace().lowercased()
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(stored: raw)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "invalid pet name"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// Controls (C0, C1, DEL), line and paragraph separators, and format characters — among
    /// them the bidirectional overrides that make text display differently from what it is, and
    /// zero-width spaces that make two names look alike. The zero-width joiner and the tag
    /// characters stay allowed: emoji sequences (👨‍👩‍👧, subdivision flags) are built from them.
    ///
    /// Every input line is checked with this too, one character at a time. The characters that
    /// only show as nothing (a stray joiner or tag, the Hangul fillers, the braille blank) are
    /// deliberately not refused here but in new names (``InvisibleCharacters``, judged in
    /// context): kept in a name they make a pet no one can tell apart, whereas in a line they at
    /// worst make a pet's name not match, and judging them needs the characters around them,
    /// which a per-character check of every line should not pay for.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        // Every line and name is checked: ASCII, nearly all of it, needs no Unicode table.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar.value != 0x200D && !(0xE0020...0xE007F).contains(scalar.value)
        default: false
        }
    }

    /// Whether a character shows something: not a space, a mark or a format character.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value > 0x20 && scalar.value != 0x7F }
        return switch scalar.properties.generalCategory {
        case .spaceSeparator, .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: false
        default: true
        }
    }
}

public enum PetNameError: Error, Equatable, Sendable {
    case empty
    case tooLong(Int)
    /// A character made of more than ``PetName/maximumScalarsPerCharacter`` code points (a letter
    /// under a stack of combining marks): how many the largest has.
    case overloadedCharacter(Int)
    case forbiddenCharacter(Unicode.Scalar)
    /// A character that shows as nothing where it stands (a Hangul filler, the braille blank, a
    /// joiner or tag outside an emoji): the name would look blank, or like another.
    case invisibleCharacter(Unicode.Scalar)
    /// Only spaces, marks or format characters: nothing a reader could see.
    case invisible
}

extension String {
    /// The string without leading and trailing white space (including newlines).
    public func trimmingWhitespace() -> String {
        // Nearly always: printable ASCII at both ends, nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
