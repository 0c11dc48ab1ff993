/// A laundry pet's name: 1–30 characters after trimming, no control or direction-override
/// characters.
///
/// Names are unique ignoring case; ``key`` is the form two names are compared by.
public struct PetName: Hashable, Sendable, CustomStringConvertible {
    /// The name as the user spelled it, trimmed.
    public let value: String

    public static let maximumLength = 30

    /// Validates and trims `raw`.
    public init(_ raw: String) throws(PetNameError) {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(trimmed.count) }
        if let bad = trimmed.unicodeScalars.first(where: PetName.isForbidden) {
            throw .forbiddenCharacter(bad)
        }
        value = trimmed
    }

    /// The comparison key: case-folded, so "Snowy" and "SNOWY" are the same pet.
    public var key: String { Self.key(for: value) }

    /// The comparison key of any text, for looking a pet up by what the user typed.
    public static func key(for text: String) -> String {
        text.trimmingWhitespace().lowercased()
    }

    public var description: String { value }

    /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that can make text
    /// display differently from what it is.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: true
        default: false
        }
    }
}

public enum PetNameError: Error, Equatable, Sendable {
    case empty
    case tooLong(Int)
    case forbiddenCharacter(Unicode.Scalar)
}

extension String {
    /// The string without leading and trailing white space (including newlines).
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
