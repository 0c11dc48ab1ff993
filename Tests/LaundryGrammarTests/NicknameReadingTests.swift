import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// A pet's kind and nicknames name it in a line as its name does: with or without "the", "my" or
/// "our", and before a grammar word that is also a kind of laundry ("towels").
@Suite struct NicknameReadingTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Buddy"], nicknames: ["Fluffy": ["towels"], "Snowy": ["whites"], "Buddy": ["darks"]])

    func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: pets) }

    @Test(arguments: ["fold the towels", "fold my towels", "fold towels", "fold our towels", "wash the towels", "how are the towels",
                      "is the towels done", "start wash for my towels"])
    func aNicknameNamesItsPet(line: String) throws {
        let command = try read(line)
        #expect(command[.pet]?.knownPet == "Fluffy", "\(line) → \(command.intent) \(command.slots)")
    }

    @Test func theWordsAsTypedAreTheSlotsText() throws {
        let command = try read("fold the darks")
        #expect(command.intent == .markFolded && command[.pet]?.knownPet == "Buddy" && command[.pet]?.text == "the darks")
    }

    /// A new pet with its kind is read with the nicknames (the grammar says why); the assistant
    /// makes it as create_pet. Without "for" and a kind, a name is a name, whatever its words.
    @Test func aNewPetIsReadWithItsKind() throws {
        func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: PetNameIndex(names: ["Snowy"])) }
        let fluffy = try read("create pet Fluffy for towels")
        #expect(fluffy.intent == .addNickname && fluffy[.name]?.text == "Fluffy" && fluffy[.value]?.value == "towels" && fluffy[.pet] == nil)
        #expect(try read("create a new pet called Mr Suds for our coloureds")[.value]?.value == "colours")
        let towels = try read("adopt a laundry pet named Towels")
        #expect(towels.intent == .createPet && towels[.name]?.text == "Towels")
        #expect(try read("create pet Bread for breakfast")[.name]?.text == "Bread for breakfast", "no kind of laundry")
    }

    /// Without the pet, the words are the grammar's as before.
    @Test func aKindNobodyHasIsOnlyLaundry() throws {
        let plain = PetNameIndex(names: ["Snowy", "Fluffy"])
        #expect(try Grammar.english.match("fold the towels", pets: plain)[.pet]?.knownPet == nil)
        #expect(try Grammar.english.match("snowy's towels went in at 9", pets: pets)[.pet]?.knownPet == "Snowy")
    }
}
