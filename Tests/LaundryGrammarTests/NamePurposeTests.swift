import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// What a new pet is for, said after its name ("for my socks"), is no part of the name — a child's
/// "a new pet called Sparkle for my socks" made a pet named "Sparkle for my socks". In quotes, the
/// words are the name, whatever they are. (Here rather than in the sentence files: those train the
/// intent classifier too, and these lines teach it nothing.)
@Suite struct NamePurposeTests {
    func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: PetNameIndex(names: ["Snowy", "Fluffy"])) }

    @Test(arguments: [
        ("i want to make a new pet called Sparkle for my socks", "Sparkle"),
        ("add a pet named Towelie for the beach towels", "Towelie"),
        ("create pet Big Blue for all my jeans", "Big Blue"),
        ("create pet \"Sparkle for my socks\"", "Sparkle for my socks"),
        ("create pet Bread for breakfast", "Bread for breakfast"),
        ("create pet Sparkle for my", "Sparkle for my"),
    ])
    func aNewPetsNameEndsWhereItsPurposeStarts(line: String, name: String) throws {
        let command = try read(line)
        #expect(command.intent == .createPet && command[.name]?.text == name, "\(line) → \(command.intent) \(command.slots)")
    }

    @Test func aNewNameToo() throws {
        let command = try read("rename fluffy to Cloud for my pillow cases")
        #expect(command.intent == .renamePet && command[.pet]?.knownPet == "Fluffy" && command[.name]?.text == "Cloud")
    }
}
