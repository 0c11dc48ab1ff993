import LaundryCore
import LaundryGrammar
import LaundryStore

/// Finding the pet a command is about: the name in the line, the only pet there is, or a
/// question back.
enum PetResolution {
    case found(Pet)
    /// The words name no pet.
    case unknown(String, among: [Pet])
    /// No name was given and there are several pets.
    case ambiguous([Pet])
    /// There are no pets at all.
    case noPets

    static func resolve(_ slot: SlotValue?, in pets: [Pet]) -> PetResolution {
        guard !pets.isEmpty else { return slot.map { .unknown($0.text, among: []) } ?? .noPets }
        guard let slot else {
            return pets.count == 1 ? .found(pets[0]) : .ambiguous(pets)
        }
        let key = PetName.key(for: slot.knownPet ?? slot.text)
        if let pet = pets.first(where: { $0.name.key == key }) { return .found(pet) }
        return .unknown(slot.text, among: pets)
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
