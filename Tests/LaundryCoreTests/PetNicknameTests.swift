import Foundation
import LaundryCore
import Testing

/// What a pet is also called: the kind of laundry it stands for, and nicknames.
@Suite struct PetNicknameTests {
    @Test(arguments: [
        ("towels", "towels"),
        ("the towels", "towels"),
        ("My Towels", "towels"),
        ("  our   bath  towels ", "bath towels"),
        ("the my whites", "whites"),
        ("the", "the"),
        ("Darks", "darks"),
    ] as [(String, String)])
    func aNicknameIsKeptWithoutItsLeadingWords(typed: String, key: String) {
        #expect(PetNicknames.key(for: typed) == key)
    }

    @Test func aNewNicknameIsCheckedAsANameIs() throws {
        #expect(try PetNicknames.validated("the Towels") == "towels")
        #expect(throws: PetNameError.empty) { try PetNicknames.validated("   ") }
        #expect(throws: PetNameError.empty) { try PetNicknames.validated("the") }
        #expect(throws: PetNameError.tooLong(31)) { try PetNicknames.validated("my " + String(repeating: "x", count: 31)) }
    }

    @Test func theKindIsTheFirstNickname() throws {
        var pet = try makePet()
        #expect(pet.kind == nil && pet.nicknames.isEmpty)
        pet.nicknames = ["towels", "darks"]
        #expect(pet.kind == "towels")
    }

    /// A nickname names the pet however it is said; the pet's own name, read as a nickname, too
    /// (a pet called "My Whites" already answers to "whites").
    @Test func aPetAnswersToItsNicknamesAndName() throws {
        var pet = Pet(name: try PetName("My Whites"), createdAt: t0)
        #expect(pet.answers(toNickname: "whites"))
        pet.nicknames = ["darks"]
        #expect(pet.answers(toNickname: PetNicknames.key(for: "the Darks")))
        #expect(!pet.answers(toNickname: "towels"))
    }

    /// An undo record kept by a version without nicknames has none in its pets: it still reads.
    @Test func aPetWrittenBeforeNicknamesReadsWithNone() throws {
        var pet = try makePet()
        pet.nicknames = ["towels"]
        let json = try JSONEncoder().encode(pet)
        #expect(try JSONDecoder().decode(Pet.self, from: json) == pet)
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        object.removeValue(forKey: "nicknames")
        let older = try JSONDecoder().decode(Pet.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(older.nicknames.isEmpty)
        #expect(older.name == pet.name && older.cycle == pet.cycle && older.createdAt == pet.createdAt)
    }
}
