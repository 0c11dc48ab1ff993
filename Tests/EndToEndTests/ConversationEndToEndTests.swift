import Foundation
import LaundryTestSupport
import Testing

/// The conversation's memory, questions and undo, as a piped script sees them.
@Suite struct ConversationEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    func texts(_ result: LaundryTimeProcess.Result) -> [String] {
        result.jsonLines.map { $0["text"] as? String ?? "" }
    }

    @Test func whichPetThenJustTheName() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Snowy\ncreate pet Fluffy\nstart wash\nfluffy\nwash it\n")
        let lines = result.jsonLines
        #expect(lines[2]["awaiting"] as? String == "pet" && lines[2]["text"] as? String == "Which pet — Snowy or Fluffy?")
        #expect(lines[3]["intent"] as? String == "start_wash" && lines[3]["pet"] as? String == "Fluffy")
        #expect(lines[4]["pet"] as? String == "Fluffy" && (lines[4]["text"] as? String)?.contains("already washing") == true)
        #expect(result.status == 0)
    }

    @Test func aConfirmationIsNeverTakenFromAnotherCommand() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Snowy\ndelete snowy\nstatus\nyes\n/pets\n")
        let lines = result.jsonLines
        #expect(lines[1]["awaiting"] as? String == "confirmation")
        #expect(lines[3]["intent"] as? String == "confirm" && lines[3]["ok"] as? Bool == false)
        #expect((lines[4]["text"] as? String)?.contains("Snowy") == true, "Snowy is still there")
    }

    /// "that isn't right" to "Delete Snowy?" is a no; "maybe" asks again and the
    /// question still waits; a line that says not to stop a dryer stops nothing and asks nothing.
    @Test func answersAndNegationsAreReadForWhatTheyMean() throws {
        let script = "create pet Snowy\ncreate pet Buddy\nstart wash for buddy\ndelete snowy\nthat isn't right\ndelete snowy\nmaybe\nno\n"
            + "please do not stop buddy's dryer\nyes\n/pets\n"
        let result = try laundrytime.run(["--json"], script: script)
        let lines = result.jsonLines
        #expect(lines[4]["intent"] as? String == "deny" && texts(result)[4] == "Okay, Snowy stays.")
        #expect(lines[6]["awaiting"] as? String == "confirmation" && texts(result)[6].contains("delete Snowy"))
        #expect(lines[7]["intent"] as? String == "deny")
        #expect(lines[8]["awaiting"] == nil && lines[8]["ok"] as? Bool == true && texts(result)[8].hasPrefix("Okay — I'll leave Buddy"))
        #expect(lines[9]["intent"] as? String == "confirm" && lines[9]["ok"] as? Bool == false)
        #expect(texts(result)[10].contains("Snowy") && texts(result)[10].contains("Buddy ^‿^ — is getting clean!"), "\(texts(result)[10])")
    }

    /// A script that ends on a question names its line on stderr; with `--bail`, a line that would
    /// drop an unanswered question is not run. "mute" or "be quiet" alone says what to change only
    /// loosely (CLINC150's people say it to cancel what an assistant is doing): it asks before the
    /// sound goes off; "mute the sound" does not.
    @Test func aLooseMuteAsksFirst() throws {
        let result = try laundrytime.run(["--json"], script: "mute\nno\n/settings\nplease be quiet\nyes\n/settings\nunmute\nmute the sound\n")
        let lines = texts(result)
        #expect(lines[0] == "Turn off sound? (yes/no)" && result.jsonLines[0]["awaiting"] as? String == "confirmation", "\(lines)")
        #expect(lines[1] == "Okay — nothing was done.", "\(lines)")
        #expect(lines[2].contains("Sound: on"), "\(lines[2])")
        #expect(lines[3] == "Turn off sound? (yes/no)", "\(lines)")
        #expect(lines[5].contains("Sound: off"), "\(lines[5])")
        #expect(lines[7].hasPrefix("Sound: off"), "\(lines)")
    }

    @Test func anUnansweredQuestionIsNamedAndBailStopsThere() throws {
        let ended = try laundrytime.run(script: "create pet Snowy\ncreate pet Fluffy\nstart wash\n")
        #expect(ended.status == 1 && ended.stderr.contains("line 3: not answered, so not done (the script ended)"), "\(ended.stderr)")
        let bailed = try laundrytime.run(["--bail", "--json"], script: "start wash\nstart wash for snowy\n")
        #expect(bailed.status == 1 && bailed.stderr.contains("line 1: not answered"), "\(bailed.stderr)")
        let last = try #require(bailed.jsonLines.last)
        #expect(last["ok"] as? Bool == false && last["input"] as? String == "start wash for snowy", "\(last)")
        let pets = try laundrytime.run(["--json", "/pets"])
        #expect(texts(pets).first?.contains("Snowy ^‿^ — is so happy!") == true, "line 2 was not run: \(texts(pets))")
    }

    @Test func yesAndUndoInAScript() throws {
        let script = "create pet Snowy\nstart wash\ndelete snowy\nyes\nundo\nundo\nhow is snowy\n"
        let result = try laundrytime.run(["--json"], script: script)
        let text = texts(result)
        #expect(text[3] == "Deleted Snowy and its history. Changed your mind? Say “undo”.")
        #expect(text[4].hasPrefix("Undone: deleted Snowy. Snowy is getting clean!"))
        #expect(text[5].hasPrefix("Undone: started Snowy's wash. Snowy is so happy!"))
        #expect(text[6].hasPrefix("Snowy ^‿^ is so happy!"))
    }

    @Test func jsonRepliesCarryTheirLinesWithRolesAndSpans() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Snowy\nhow is snowy\nstart dryer for snowy\n")
        let card = try #require(result.jsonLines[1]["lines"] as? [[String: Any]])
        #expect(card.map { $0["text"] as? String ?? "" }.joined(separator: "\n") == result.jsonLines[1]["text"] as? String)
        #expect(card.allSatisfy { $0["role"] as? String == "content_text" })
        let spans = card.flatMap { $0["spans"] as? [[String: Any]] ?? [] }
        #expect(spans.contains { $0["kind"] as? String == "pet_name" && $0["text"] as? String == "Snowy" })
        #expect(spans.contains { $0["kind"] as? String == "mood" && $0["text"] as? String == "is so happy!" })
        #expect(spans.contains { $0["kind"] as? String == "number" && $0["text"] as? String == "100%" })
        let refused = try #require(result.jsonLines[2]["lines"] as? [[String: Any]])
        let warning = try #require((refused.first?["spans"] as? [[String: Any]])?.first)
        #expect(warning["kind"] as? String == "warning" && warning["start"] as? Int == 0)
    }

    @Test func undoWorksAcrossProcesses() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash\n")
        let undo = try laundrytime.run(["--json", "undo"])
        #expect(undo.status == 0 && texts(undo).first?.hasPrefix("Undone: started Snowy's wash (made 09:00, in an earlier session).") == true)
    }

    @Test func theYesFlagAnswersConfirmations() throws {
        let result = try laundrytime.run(["--yes", "--json"], script: "create pet Snowy\ndelete snowy\n/pets\n")
        #expect(texts(result)[1].hasPrefix("Deleted Snowy"))
        #expect(texts(result)[2].hasPrefix("No Pets Yet"))
        #expect(result.status == 0)
    }

    @Test func anUnansweredQuestionFailsTheScript() throws {
        let result = try laundrytime.run(script: "create pet Snowy\ncreate pet Fluffy\nstart wash\n")
        #expect(result.status == 1)
    }

    /// A question a script's next line does not answer is dropped, and the command that asked
    /// it was not done: the script fails, as when the script ends on a question, and says which
    /// line asked.
    @Test(arguments: [
        "create pet Snowy\nstart snowys wash thingy\nstatus\n",  // a sure guess, asked: "Start wash for Snowy?"
        "create pet Snowy\ncreate pet Fluffy\nstart wash\nstatus\n",  // which pet?
        "create pet Snowy\ndelete snowy\n/pets\n",  // a confirmation
    ])
    func aQuestionTheNextLineDropsFailsTheScript(script: String) throws {
        let result = try laundrytime.run(script: script)
        #expect(result.status == 1, "\(result.stdout)")
        let asked = script.split(separator: "\n").count - 1
        #expect(result.stderr.contains("line \(asked): not answered, so not done"), "\(result.stderr)")
    }

    @Test func suggestionsAreOfferedNotRun() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Fluffy\nsrt the wsh for fluffy\n/status\n")
        #expect(texts(result)[1].contains("Did you mean"), "\(texts(result)[1])")
        #expect(texts(result)[1].contains("wash for Fluffy"), "\(texts(result)[1])")
        #expect(texts(result)[2].contains("is so happy!"), "nothing was started")
        #expect(result.status == 1)
        // A change the classifier is sure of is asked about; another line drops the question.
        let asked = try laundrytime.run(["--json"], script: "start fluffys wash thingy\n/status\n")
        #expect(texts(asked)[0] == "Start wash for Fluffy? (yes/no)", "\(texts(asked)[0])")
        #expect(texts(asked)[1].contains("is so happy!"), "nothing was started")
    }

    /// A misspelt command word is read as the one word it is close to — and says so; with --yes,
    /// where nobody reads that, a change is not made on such a guess.
    @Test func aMisspeltWordIsReadAndSaidSoButNeverChangesDataUnderYes() throws {
        let read = try laundrytime.run(["--json"], script: "create pet Fluffy\nstrat wash for fluffy\n")
        #expect(texts(read)[1].hasPrefix("(I took “strat” as “start”.) Fluffy is getting clean!"), "\(texts(read))")
        let guessed = try laundrytime.run(["--json", "--yes"], script: "stpo fluffy\n/status\n")
        #expect(guessed.status == 1 && texts(guessed)[0].contains("Nothing was changed"), "\(texts(guessed))")
        #expect(texts(guessed)[1].contains("is getting clean"), "the wash still runs")
    }

    @Test func dryRunGivesIntentSlotsAndPetForNewPhrasings() throws {
        _ = try laundrytime.run(script: "create pet Snowy\ncreate pet Fluffy\n")
        let script = """
            could you start the washing machine for snowy please
            put fluffy in the dryer
            mute
            wash snowy twice a week
            fluffy's dry time should take an hour and a half
            history for snowy this week
            export transcript as markdown to notes.md
            """
        let result = try laundrytime.run(["--json", "--dry-run"], script: script)
        let lines = result.jsonLines
        #expect(lines.map { $0["intent"] as? String } == [
            "start_wash", "start_dry", "set_setting", "set_frequency", "set_dry_time", "history", "export",
        ])
        #expect(lines[1]["pet"] as? String == "Fluffy")
        #expect(lines[2]["slots"] as? [String: String] == ["setting": "sound", "value": "off"])
        #expect(lines[3]["slots"] as? [String: String] == ["pet": "snowy", "days": "4"])
        #expect(lines[4]["slots"] as? [String: String] == ["pet": "fluffy", "minutes": "90"])
        #expect(lines[5]["slots"] as? [String: String] == ["pet": "snowy", "range": "this_week"])
        #expect(lines[6]["slots"] as? [String: String] == ["value": "transcript", "format": "markdown", "path": "notes.md"])
        let after = try laundrytime.run(["--json", "/settings"])
        #expect(texts(after).first?.hasPrefix("Notifications: on · Sound: on") == true, "a dry run changes nothing")
    }

    @Test func waitReturnsWithTheNotificationWhenTheWashEnds() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nset snowy's wash time to 1 minute\nstart wash\n", now: "2026-03-01T09:00:00Z")
        let started = Date()
        let result = try laundrytime.run(["--json", "wait", "for", "snowy"], now: "2026-03-01T09:00:58Z")
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) < 15)
        let lines = result.jsonLines
        #expect(lines.count == 2)
        #expect(lines[1]["type"] as? String == "notification")
        #expect(lines[1]["title"] as? String == "Wash Complete!")
        #expect(lines[1]["text"] as? String == "Snowy is ready for the dryer!")
        #expect(lines[1]["pet"] as? String == "Snowy")

        let nothing = try laundrytime.run(["wait", "for", "snowy"], now: "2026-03-01T09:02:00Z")
        #expect(nothing.status == 1 && nothing.stdout.hasPrefix("Nothing is running for Snowy"))
    }
}
