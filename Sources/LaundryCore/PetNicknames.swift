/// What a pet is also called besides its name: first the kind of laundry it stands for
/// ("towels"), then any nicknames ("darks"). Each is kept as its ``key(for:)``, the form it is
/// compared in, and names the pet wherever its name would.
///
/// The kind is simply the first (``kind``): both name the pet alike, so one list serves both and
/// one column stores it. A list of its own type rather than `[String]`: a pet read from an undo
/// record kept before there were nicknames has none, and the pet's synthesized Codable reads it
/// so through ``Swift/KeyedDecodingContainer/decode(_:forKey:)`` below.
public struct PetNicknames: Equatable, Hashable, Sendable, Codable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The keys, the kind first.
    public private(set) var keys: [String]

    public init(_ keys: [String]) {
        self.keys = keys
    }

    public init(arrayLiteral keys: String...) {
        self.keys = keys
    }

    public var startIndex: Int { keys.startIndex }
    public var endIndex: Int { keys.endIndex }
    public subscript(position: Int) -> String { keys[position] }

    /// The kind of laundry the pet stands for.
    public var kind: String? { keys.first }

    /// Adds a nickname's key (``validated(_:)``) after the others.
    public mutating func append(_ key: String) {
        keys.append(key)
    }

    public init(from decoder: any Decoder) throws {
        keys = try decoder.singleValueContainer().decode([String].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(keys)
    }

    /// Words said before a nickname that are not part of it: "the towels", "my towels" and
    /// "towels" are one nickname.
    public static let leadingWords: Set<String> = ["the", "my", "our"]

    /// How many a pet may have: enough for a kind and a few nicknames, few enough for one line of
    /// its card.
    public static let maximumCount = 5

    /// The form a nickname is kept and compared in: lower case, its words one space apart, without
    /// the leading words (a nickname that is nothing but one stays as it is).
    public static func key(for text: String) -> String {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace)
        while words.count > 1, leadingWords.contains(String(words[0])) { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// The key of a new nickname, held to a name's rules (1–30 characters, nothing hidden), which
    /// it is compared with. Nothing but a leading word is none: "the" would name the pet in every
    /// line that says it.
    public static func validated(_ text: String) throws(PetNameError) -> String {
        let key = key(for: text)
        guard !leadingWords.contains(key) else { throw .empty }
        _ = try PetName(key)
        return key
    }
}

extension KeyedDecodingContainer {
    /// A pet's nicknames, none when they are not there (a pet written before they were): the
    /// synthesized `Pet.init(from:)` calls this rather than the generic `decode`, which would throw.
    public func decode(_ type: PetNicknames.Type, forKey key: Key) throws -> PetNicknames {
        try decodeIfPresent(type, forKey: key) ?? []
    }
}

extension Pet {
    /// The kind of laundry the pet stands for: its first nickname.
    public var kind: String? { nicknames.kind }

    /// Whether the nickname `key` (a ``PetNicknames/key(for:)``) already names this pet: one of
    /// its nicknames, or its own name read as one (a pet called "My Whites" answers to "whites").
    public func answers(toNickname key: String) -> Bool {
        nicknames.contains(key) || PetNicknames.key(for: name.value) == key
    }
}
