import Foundation
import LaundryAssistant
import LaundryConfusables
import LaundryCore
import LaundryTestSupport
import Testing

/// Pet names people can tell apart: no blank-looking names, and no name that
/// looks the same as another pet's.
@Suite struct NameLegibilityTests {
    let fixture: AssistantFixture
    var assistant: Assistant { fixture.assistant }

    init() throws {
        fixture = try AssistantFixture()
    }

    @discardableResult
    func say(_ line: String) -> Reply { assistant.respond(to: line) }

    /// The refusal names the character, so the user can find what they pasted.
    @Test(arguments: [
        ("create pet Snowy\u{3164}", "U+3164 HANGUL FILLER"),
        ("create pet \u{2800}", "U+2800 BRAILLE PATTERN BLANK"),
        ("create pet \u{115F}", "U+115F HANGUL CHOSEONG FILLER"),
        ("create pet Snowy\u{E0073}", "U+E0073 TAG LATIN SMALL LETTER S"),
        ("create pet Sno\u{200D}wy", "U+200D ZERO WIDTH JOINER"),
    ])
    func anInvisibleCharacterIsRefusedByName(line: String, named: String) throws {
        let reply = say(line)
        #expect(!reply.ok && reply.failure == .refused, "\(line.debugDescription)")
        #expect(reply.text.contains(named), "\(reply.text)")
        #expect(reply.text.contains("shows as nothing"), "\(reply.text)")
        #expect(assistant.petNames().isEmpty)
    }

    @Test(arguments: ["👨‍👩‍👧", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "👋🏽", "Mr. Fluff 🧦"])
    func emojiNamesAreCreated(name: String) {
        let reply = say("create pet \(name)")
        #expect(reply.ok, "\(reply.text)")
        #expect(assistant.petNames() == [name])
    }

    /// The line check stays with what harms the terminal or the parse: a character that only
    /// shows as nothing is refused where it would be kept, in a name, and elsewhere in a line it
    /// just makes a pet not match.
    @Test func aLineWithAnInvisibleCharacterIsReadNotRefusedWhole() {
        say("create pet Snowy")
        let reply = say("how is snowy\u{3164}?")
        #expect(!reply.text.contains("control or invisible character"), "\(reply.text)")
    }

    /// The four pets the adversarial run made that all displayed as "Snowy".
    @Test(arguments: ["Ѕnоwy", "Ｓｎｏｗｙ", "𝖲𝗇𝗈𝗐𝗒", "Snοwу"])
    func aLookAlikeOfAPetIsNotCreated(name: String) {
        say("create pet Snowy")
        let reply = say("create pet \(name)")
        #expect(!reply.ok && reply.failure == .refused)
        #expect(reply.text == "“\(name)” looks the same as Snowy, which you already have. Pick a name that looks different.")
        #expect(assistant.petNames() == ["Snowy"])
    }

    @Test func noPetIsRenamedToALookAlikeOfAnother() {
        say("create pet Snowy")
        say("create pet Flake")
        let reply = say("rename flake to Ѕnоwy")
        #expect(!reply.ok && reply.failure == .refused)
        #expect(reply.text.hasPrefix("“Ѕnоwy” looks the same as Snowy, which you already have."))
        #expect(Set(assistant.petNames()) == ["Snowy", "Flake"])
    }

    /// A pet may take a name that looks like its own: the case changed, or a letter swapped.
    @Test func aPetMayBeRenamedToALookAlikeOfItself() {
        say("create pet Snowy")
        say("create pet Flake")
        #expect(say("rename snowy to SNOWY").ok)
        #expect(say("rename flake to F1ake").ok)
        #expect(Set(assistant.petNames()) == ["SNOWY", "F1ake"])
    }

    /// The confusables table is parsed only when a name has another pet's to be compared with:
    /// the status, the first pet and renaming the only pet do without it.
    @Test func theConfusablesAreLoadedOnlyWhenAnotherPetsNameIsCompared() throws {
        let table = ConfusableTable()
        let fixture = try AssistantFixture(confusables: table)
        for line in ["/status", "create pet Snowy", "show snowy", "rename snowy to SNOWY", "list pets"] {
            #expect(fixture.assistant.respond(to: line).ok, "\(line)")
        }
        #expect(!table.isLoaded)
        #expect(fixture.assistant.respond(to: "create pet Flake").ok)
        #expect(table.isLoaded)
    }
}
