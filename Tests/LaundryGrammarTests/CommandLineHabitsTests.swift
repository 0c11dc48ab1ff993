import EnglishGrammar
import Foundation
import LaundryCore
import LaundryGrammar
import Testing

/// People with a shell's habits type verb-noun and noun-verb forms, options and assignments:
/// each is read as the sentence it stands for, and `help syntax` shows only forms that work.
@Suite struct CommandLineHabitsTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy", "T-Rex"])

    func read(_ line: String) throws -> Command { try Grammar.english.match(line, pets: pets) }

    @Test(arguments: [
        ("pet add Rex", Intent.createPet, "name=Rex"),
        ("pet new Rex", .createPet, "name=Rex"),
        ("pet rm fluffy", .deletePet, "pet=Fluffy"),
        ("rm fluffy", .deletePet, "pet=Fluffy"),
        ("mv buddy shadow", .renamePet, "pet=Buddy; name=shadow"),
        ("rename buddy shadow", .renamePet, "pet=Buddy; name=shadow"),
        ("ls", .listPets, ""),
        ("pet show snowy", .showPet, "pet=Snowy"),
        ("snowy wash start", .startWash, "pet=Snowy"),
        ("start-wash --pet=snowy", .startWash, "pet=Snowy"),
        ("start_wash --pet snowy", .startWash, "pet=Snowy"),
        ("dryer --pet buddy", .startDry, "pet=Buddy"),
        ("fold --pet=snowy", .markFolded, "pet=Snowy"),
        ("config set dry_time snowy 70", .setDryTime, "pet=Snowy; minutes=70"),
        ("snowy.dry_time=70", .setDryTime, "pet=Snowy; minutes=70"),
        ("buddy.frequency = 3d", .setFrequency, "pet=Buddy; days=3"),
        ("log --pet snowy --since week", .history, "pet=Snowy; range=last_7_days"),
        ("history --since 7d", .history, "range=last_7_days"),
        ("set appearance=system", .setSetting, "setting=appearance; value=system"),
        ("export --format csv --file laundry.csv", .export, "format=csv; path=laundry.csv"),
        ("pause --all", .pausePet, ""),
        ("kill snowy", .stopCycle, "pet=Snowy"),
        ("cat snowy", .showPet, "pet=Snowy"),
        ("config ls", .showSettings, ""),
        ("mr_fluff.freq=7d", .setFrequency, "pet=Mr. Fluff; days=7"),
        ("man", .help, ""),
        ("alias", .quickActions, ""),
    ])
    func shellFormsReadAsTheirSentence(line: String, intent: Intent, slots: String) throws {
        let command = try read(line)
        #expect(command.intent == intent, "\(line) → \(command.intent)")
        #expect(Self.describe(command) == slots, "\(line)")
    }

    /// Joined words come apart only where a part is a word the grammar knows: names, numbers and
    /// the grammar's own hyphenated words stay whole.
    @Test func namesNumbersAndKnownWordsStayWhole() throws {
        #expect(try read("wash t-rex").intent == .startWash)
        #expect(try read("wash t-rex")[.pet]?.knownPet == "T-Rex")
        #expect(try read("create pet Mary-Kate")[.name]?.text == "Mary-Kate")
        #expect(try read("create pet Dry-Fit")[.name]?.text == "Dry-Fit", "a name with a grammar word in it is kept as typed")
        #expect(try read("set snowy's dry time to 1.5 hours")[.minutes]?.value == "90")
        #expect(try read("wet-laundry reminder off")[.setting]?.value == "wet_reminder")
        // An option the grammar does not name is its bare word.
        #expect(try read("wash --snowy")[.pet]?.knownPet == "Snowy")
    }

    /// Every short form `help syntax` shows is read as its intent, with the pet filled in.
    @Test func everyShortFormInHelpWorks() throws {
        let grammar = try Grammar.english
        let forms = grammar.intents.flatMap { help in help.shortForms.map { (help.intent, $0) } }
        #expect(forms.count >= 15)
        for (intent, form) in forms {
            let line = form.replacingOccurrences(of: "PET", with: "snowy").replacingOccurrences(of: "NAME", with: "Rex")
            let command = grammar.match(line, pets: pets)
            #expect(command.intent == intent, "\(form) → \(command.intent)")
            if form.contains("PET") { #expect(command[.pet]?.knownPet == "Snowy", "\(form)") }
            if form.contains("NAME") { #expect(command[.name]?.text == "Rex", "\(form)") }
        }
    }

    static func describe(_ command: Command) -> String {
        let order: [SlotKind] = [.pet, .name, .minutes, .days, .range, .setting, .value, .format, .path]
        return order.compactMap { kind in
            command[kind].map { "\(kind.rawValue)=\(kind == .pet ? $0.knownPet ?? $0.text : $0.value ?? $0.text)" }
        }.joined(separator: "; ")
    }
}
