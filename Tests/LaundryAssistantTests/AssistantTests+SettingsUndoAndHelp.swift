import EnglishGrammar
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

extension AssistantTests {
    /// On a household's shared store, the latest change may be a member's on another computer:
    /// undo leaves it to them, and says where it was made.
    @Test func undoLeavesAnotherComputersChangeToIt() throws {
        say("create pet Snowy")
        try madeOnSamsLaptop(where: "summary = 'created Snowy'")
        let refused = say("undo")
        #expect(!refused.ok && refused.text.hasPrefix("The last change, “created Snowy” (09:00), was made on another computer, "
            + "in a LaundryTime that may still be open there; undo it there."), "\(refused.text)")
        #expect(try store.read { try $0.petCount() } == 1)
    }

    /// Marks the undo entries matching `condition` as made by a session on another computer,
    /// through a connection of its own, as that session's writes would come.
    func madeOnSamsLaptop(where condition: String) throws {
        let laptop = try LaundryStore(location: StoreLocation(directory: fixture.directory.url))
        _ = try laptop.write { try $0.connection.execute("UPDATE undoEntry SET session = '4242:7@sams-laptop/boot-1' WHERE \(condition)", []) }
    }

    /// A change this session would undo has a newer one on top, made on another computer: the
    /// refusal says where that one was made.
    @Test func aNewerChangeOnAnotherComputerIsNamedAsSuch() throws {
        say("create pet Snowy")
        say("start wash for snowy")
        try madeOnSamsLaptop(where: "summary LIKE 'started%'")
        let refused = say("undo")
        #expect(!refused.ok && refused.text.contains("“started Snowy's wash” (09:00, on another computer, in a LaundryTime that may "
            + "still be open there) came after it"), "\(refused.text)")
        #expect(try store.read { try $0.petCount() } == 1)
    }

    @Test func settingsChangeAndOutOfRangeValuesAreRefusedWithTheRange() throws {
        say("create pet Snowy")
        #expect(say("set snowy's wash time to an hour and a half").text == "Snowy's wash now takes 90 minutes (was 45).")
        let tooLong = say("set snowy's dry time to 45 hours")
        #expect(!tooLong.ok && tooLong.text == "“45 hours” is more than 120 minutes: a dry takes 1 to 120 minutes.")
        #expect(say("wash snowy every 4 days").text.hasPrefix("Snowy's laundry is now due every 4 days (was 7)."))
        #expect(say("set snowy's frequency to 31 days").text == "“31 days” is more than 30 days: laundry can be due every 1 to 30 days.")
        let pet = try #require(try store.read { try $0.pet(named: "Snowy") })
        #expect(pet.settings == CycleSettings(washMinutes: 90, dryMinutes: 60, frequencyDays: 4))

        #expect(say("turn off sound").text == "Sound: off.")
        #expect(try store.read { try $0.settings() }.soundEnabled == false)
        #expect(say("undo").text == "Undone: set sound to off.")
        #expect(try store.read { try $0.settings() }.soundEnabled == true)
        #expect(say("use dark mode").text == "Appearance: dark.")
        #expect(!say("set sound to dark").ok)
    }

    /// A misspelt command word that can only be one grammar word, in a line that then fits a
    /// template, is read as that word — and the reply says so.
    @Test func aMisspeltCommandWordIsReadAsTheOneItIsCloseTo() throws {
        say("create pet Fluffy")
        let reply = say("strat wash for fluffy")
        #expect(reply.ok && reply.intent == .startWash)
        #expect(reply.text.hasPrefix("(I took “strat” as “start”.) Fluffy is getting clean!"), "\(reply.text)")
    }

    /// A line that fits no template even corrected gets suggestions, which are never run — or,
    /// when the intent classifier is sure of a change, a question that only a yes answers.
    @Test func unknownLinesGetSuggestionsThatAreNeverRun() throws {
        say("create pet Fluffy")
        let reply = say("srt wash for fluffy")  // three letters: too short to correct
        #expect(reply.text.contains("Did you mean") || reply.text == "Start wash for Fluffy? (yes/no)", "\(reply.text)")
        #expect(!reply.ok || reply.awaiting == .confirmation, "\(reply.text)")
        #expect(try store.read { try $0.pet(named: "Fluffy") }?.cycle == .idle)
    }

    @Test func quickActionsRunByNumber() {
        say("create pet Snowy")
        let grid = say("/quick")
        #expect(grid.text.contains("3  Start wash") && grid.text.contains("8  Help"))
        let run = say("3")
        #expect(run.intent == .startWash && run.pet == "Snowy")
        #expect(say("3").intent == .unknown, "a number without the grid is not a command")
        #expect(say("/quick 1").intent == .status)
    }

    @Test func helpTopicsComeFromTheGrammar() {
        let reply = say("help wash")
        #expect(reply.ok && reply.text.hasPrefix("Help on “wash”:"))
        #expect(reply.text.contains("Start the washer for a pet."))
        #expect(!say("help zebras").ok)
    }

    @Test func resetAllAsksAndDeletesEverything() throws {
        say("create pet Snowy")
        #expect(say("reset all data").awaiting == .confirmation)
        #expect(say("yes").text.hasPrefix("Data reset"))
        #expect(try store.read { try $0.petCount() } == 0)
        #expect(say("undo").text == "There is nothing to undo.")
    }

    @Test func historyExportIsRFC4180AndRefusesToOverwrite() throws {
        say("create pet Snowy, \"the\" cat")
        say("start wash")
        let file = directory.url.appendingPathComponent("history.csv")
        let wrote = say("export history as csv to \(file.path)")
        #expect(wrote.ok && wrote.text == "Wrote 1 event to \(file.path) (CSV).")
        let csv = try String(contentsOf: file, encoding: .utf8)
        #expect(csv.hasPrefix("id,pet,event,at,ends_at\r\n1,\"Snowy, \"\"the\"\" cat\",wash_started,2026-03-01T09:00:00Z,2026-03-01T09:45:00Z\r\n"))
        let again = say("export history as csv to \(file.path)")
        #expect(again.awaiting == .confirmation)
        #expect(say("no").text == "Okay, \(file.path) was left as it is.")
        #expect(!say("export history as csv to /nonexistent-dir/x.csv").ok)
    }

    @Test func namesAreCheckedAndUnique() {
        #expect(say("create pet Snowy").ok)
        let duplicate = say("create pet SNOWY")
        #expect(!duplicate.ok && duplicate.text == "You already have a pet called Snowy. Pick another name.")
        let long = say("create pet " + String(repeating: "x", count: 31))
        #expect(!long.ok && long.text.contains("at most 30 characters; that one has 31"))
        #expect(say("create pet").awaiting == .name)
        #expect(say("create pet Zoë").pet == "Zoë")
    }

    @Test func aDryRunAnswersTheSameAndChangesNothing() throws {
        say("create pet Snowy")
        let dry = try fixture.makeAssistant(dryRun: true)
        let reply = dry.respond(to: "start wash for snowy")
        #expect(reply.ok && reply.intent == .startWash && reply.pet == "Snowy")
        #expect(reply.text.hasPrefix("Snowy is getting clean!"))
        #expect(try store.read { try $0.pet(named: "Snowy") }?.cycle == .idle)
        #expect(try store.read { try $0.transcript.latest(limit: 100) }.count == 2, "only the real create was recorded")
    }

    @Test func badLinesGetClearAnswersAndChangeNothing() throws {
        say("create pet Snowy")
        let long = say(String(repeating: "a", count: 100_000))
        #expect(!long.ok && long.failure == .notUnderstood && long.text.contains("too long (100,000 bytes)"))
        let bytes = assistant.respond(toUndecodable: [0x73, 0xFF, 0xFE])
        #expect(!bytes.ok && bytes.text.contains("not valid UTF-8"))
        let unknown = say("order a pizza")
        #expect(unknown.intent == .unknown && unknown.failure == .notUnderstood)
        #expect(try store.read { try $0.pets() }.map(\.cycle) == [.idle])
        #expect(try store.read { try $0.eventCount() } == 0)
    }

    @Test func everyLineAndReplyIsInTheTranscript() throws {
        say("create pet Snowy")
        say("banana")
        let messages = try store.read { try $0.transcript.latest(limit: 10) }
        #expect(messages.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(messages[2].text == "banana" && messages[3].ok == false && messages[3].intent == "unknown")
        #expect(messages[1].petName == "Snowy" && messages[1].intent == "create_pet")
    }

    @Test func statusAndListShowEveryPetOrTheEmptyState() {
        #expect(say("status").text.hasPrefix("No Pets Yet — Create your first laundry pet to get started!"))
        say("create pet Snowy")
        say("create pet Fluffy")
        say("wash snowy")
        time.advance(minutes: 10)
        #expect(say("/status").text == """
            Snowy ^‿^ 100% — is getting clean! (35:00 left) · next: Start Dryer at 09:45
            Fluffy ^‿^ 100% — is so happy! · next: Start Wash
            """)
        time.advance(days: 8)
        #expect(say("list pets").text == """
            You have 2 pets:
            • Snowy •︵• — is ready for the dryer! (health 43%)
            • Fluffy •︵• — needs some laundry love (health 43%)
            """)
    }

    @Test func aDeadPetIsRevivedByAFold() throws {
        say("create pet Snowy")
        time.advance(days: 14)
        #expect(say("how is snowy").text.hasPrefix("Snowy x_x has died from neglect"))
        say("start wash")
        time.advance(minutes: 45)
        say("start dryer")
        time.advance(minutes: 60)
        let fold = say("fold snowy")
        #expect(fold.kind == .celebration && fold.text.hasPrefix("Snowy is back to life! 🎉"))
        #expect(say("how is snowy").text.hasPrefix("Snowy ^‿^ is so happy!"))
    }

    /// "help all" has every intent's summary; "help" (one screen) the first example of each
    /// command, answers and small talk aside.
    @Test func helpIsBuiltFromTheGrammar() throws {
        let all = say("help all")
        #expect(all.ok)
        let overview = say("help")
        #expect(overview.ok && overview.text.split(separator: "\n").count <= 10, "\(overview.text)")
        for intent in try Grammar.english.intents {
            #expect(all.text.contains(intent.summary))
            if ![.confirm, .deny, .greeting, .thanks].contains(intent.intent), let example = intent.examples.first {
                #expect(overview.text.contains("“\(example)”"), "\(intent.intent)")
            }
        }
    }
}
