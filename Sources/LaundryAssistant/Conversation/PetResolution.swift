import LaundryCore
internal import LaundryGrammar

/// Finding the pet a command is about: the name in the line, or one of its nicknames (or a close
/// misspelling of exactly one pet's), a pronoun for the pet last talked about, the only pet there
/// is, or a question back.
enum PetResolution {
    /// How words that are not a pet's name were taken to mean it.
    enum Guess: Equatable {
        /// The start of exactly one pet's name ("snow" for Snowy): what was typed, only shorter.
        case prefix(String)
        /// Close to exactly one pet's name ("snowey" for Snowy): a guess at a misspelling.
        case typo(String)

        var words: String {
            switch self {
            case .prefix(let words), .typo(let words): words
            }
        }
    }

    /// `guess` says how the words were taken to mean the pet when they are not its name.
    case found(Pet, guess: Guess?)
    /// The words name no pet; `close` are pets whose names are near them.
    case unknown(String, close: [Pet], among: [Pet])
    /// No name was given (or a pronoun with no pet talked about yet) and there are several pets.
    case ambiguous([Pet])
    /// There are no pets at all.
    case noPets

    static func resolve(_ slot: SlotValue?, in pets: [Pet], lastPet: String?) -> PetResolution {
        guard !pets.isEmpty else { return slot.map { $0.isPronoun ? .noPets : .unknown($0.text, close: [], among: []) } ?? .noPets }
        guard let slot, !slot.isPronoun || lastPet != nil else {
            return pets.count == 1 ? .found(pets[0], guess: nil) : .ambiguous(pets)
        }
        let key = PetName.key(for: slot.isPronoun ? lastPet! : (slot.knownPet ?? slot.text))
        if let pet = pets.first(where: { $0.name.key == key }) { return .found(pet, guess: nil) }
        if slot.isPronoun { return pets.count == 1 ? .found(pets[0], guess: nil) : .ambiguous(pets) }
        // Said exactly, a nickname is as good as the name: before any guess at a name.
        if let pet = nicknamed(key, in: pets) { return .found(pet, guess: nil) }

        let starting = pets.filter { $0.name.key.hasPrefix(key) }
        if key.count >= 2, starting.count == 1 { return .found(starting[0], guess: .prefix(slot.text)) }
        // Its start without its stops and dashes: "mr wiggles" for Mr. Wiggles the Great.
        let bare = Self.bare(key)
        let startingBare = pets.filter { Self.bare($0.name.key).hasPrefix(bare) }
        if bare.count >= 2, starting.isEmpty, startingBare.count == 1 { return .found(startingBare[0], guess: .prefix(slot.text)) }
        let close = closePets(to: key, in: pets)
        if close.count == 1 { return .found(close[0], guess: .typo(slot.text)) }
        return .unknown(slot.text, close: close, among: pets)
    }

    /// A name's key with its punctuation taken out and its spaces single: "mr. wiggles" → "mr wiggles".
    static func bare(_ key: String) -> String {
        key.split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// The pet one of whose nicknames the words are ("the towels", "my towels", "towels").
    static func nicknamed(_ words: String, in pets: [Pet]) -> Pet? {
        let key = PetNicknames.key(for: words)
        return pets.first { $0.nicknames.contains(key) }
    }

    /// Pets whose names (or nicknames) are within a small edit distance of `key`: one edit for
    /// short names, two from six characters on; two letters swapped are one edit, as in the
    /// grammar's `PetNameIndex`. Only the closest distance counts.
    static func closePets(to key: String, in pets: [Pet]) -> [Pet] {
        let allowed = key.count >= 6 ? 2 : 1
        let typed = Array(key), asNickname = Array(PetNicknames.key(for: key))
        let distances = pets.map { pet in
            let nicknames = pet.nicknames.map { EditDistance.withSwaps(asNickname, Array($0)) }
            return (pet: pet, distance: min(EditDistance.withSwaps(typed, Array(pet.name.key)), nicknames.min() ?? .max))
        }.filter { $0.distance <= allowed }
        guard let best = distances.map(\.distance).min() else { return [] }
        return distances.filter { $0.distance == best }.map(\.pet)
    }
}

extension Array where Element == String {
    /// "Snowy", "Snowy or Fluffy", "Snowy, Fluffy or Buddy".
    func joinedAsChoice(_ conjunction: String = "or") -> String {
        switch count {
        case 0: ""
        case 1: self[0]
        default: dropLast().joined(separator: ", ") + " \(conjunction) " + last!
        }
    }
}
