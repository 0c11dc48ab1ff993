import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// What else a pet is called: the kind of laundry it stands for and its nicknames ("Snowy is my
/// whites", "also call buddy the darks"). Each names one pet only — never another pet's name or
/// nickname — so that a line naming one is never in doubt.
struct NicknameHandlers: Handlers {
    let shared: HandlerContext

    func addNickname(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        // "create pet Fluffy for towels": a new pet with its kind, made and answered as create_pet
        // (the grammar reads it with the nicknames, and says why).
        let command = turn.command
        if command[.pet] == nil, command[.name] != nil, command[.value] != nil {
            let creation = Command(intent: .createPet, slots: command.slots, template: command.template, corrections: command.corrections)
            return try petHandlers.createPet(Turn(input: turn.input, command: creation, now: turn.now), pets: pets, transaction)
        }
        return try withPet(turn, pets: pets) { pet in
            // A kind of the grammar's list is kept as the list's word for it; a nickname as said.
            guard let said = turn.command[.value]?.listed ?? turn.command[.name]?.text else {
                return turn.failed(.refused, "What else should \(pet.name) be called? Say “also call \(pet.name) the towels”.", pet: pet)
            }
            let key: String
            do throws(PetNameError) {
                key = try PetNicknames.validated(said)
            } catch {
                return turn.failed(.refused, Self.problem(error), pet: pet)
            }
            if pet.answers(toNickname: key) {
                return turn.reply("\(pet.name) is already known as “\(key)”. Nothing changed.", pet: pet)
            }
            if let owner = Self.owner(ofNickname: key, among: pets, besides: pet) {
                return turn.failed(.refused, "“\(key)” already names \(owner.name). Nothing changed; pick another nickname for \(pet.name).", pet: pet)
            }
            guard pet.nicknames.count < PetNicknames.maximumCount else {
                return turn.failed(.refused,
                    "\(pet.name) already has \(PetNicknames.maximumCount) nicknames, the most a pet can have. Nothing changed.", pet: pet)
            }
            var named = pet
            named.nicknames.append(key)
            try transaction.update(named)
            try transaction.pushUndo(UndoRecord(summary: "called \(pet.name) “\(key)”", steps: [.restorePet(pet)]), at: turn.now)
            return turn.reply("\(pet.name) is also known as “\(key)” now — say it wherever you would say \(pet.name).", pet: named)
        }
    }

    /// The other pet that the nickname `key` already names, by its name or one of its nicknames.
    static func owner(ofNickname key: String, among pets: [Pet], besides pet: Pet? = nil) -> Pet? {
        pets.first { $0.id != pet?.id && $0.answers(toNickname: key) }
    }

    /// The other pet a new name would be one of the nicknames of: "Towels" beside the pet of the
    /// towels would leave "the towels" naming two pets.
    static func owner(ofNicknameLike name: PetName, among pets: [Pet], besides pet: Pet? = nil) -> Pet? {
        let key = PetNicknames.key(for: name.value)
        return pets.first { $0.id != pet?.id && $0.nicknames.contains(key) }
    }

    /// "“Towels” already names Fluffy (it is also known as “towels”). Pick another name."
    static func nameTaken(_ name: PetName, by owner: Pet) -> String {
        "“\(name)” already names \(owner.name) (it is also known as “\(PetNicknames.key(for: name.value))”). Pick another name."
    }

    static func problem(_ error: PetNameError) -> String {
        switch error {
        case .empty, .invisible:
            "A nickname needs a word you can see besides “the”, “my” or “our”, e.g. “also call Snowy the whites”. Nothing changed."
        case .tooLong(let count):
            "A nickname can be at most \(PetName.maximumLength) characters; that one has \(count). Nothing changed."
        case .overloadedCharacter, .forbiddenCharacter, .invisibleCharacter:
            "A nickname is held to a name's rules: no control, direction or invisible characters, nor towers of accents. Nothing changed."
        }
    }
}
