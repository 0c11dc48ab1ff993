import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

/// A question's bare answer is an answer — a name after
/// "what should it be called?", a number or ordinal after "which pet?", yes and no in more words
/// — and "when is … due?", "for all" get answers of their own.
@Suite struct QuestionAnswerTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture(calendar: Self.utc)
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @discardableResult
    func say(_ line: String) -> Reply { fixture.say(line) }

    func pets() throws -> [Pet] { try fixture.store.read { try $0.pets() } }

    @Test func aBareNameAnswersWhatTheNewPetIsCalled() throws {
        let question = say("create pet")
        #expect(question.awaiting == .name && question.text.hasPrefix("What should the new pet be called?"))
        let created = say("Snowy")
        #expect(created.ok && created.intent == .createPet && created.text.hasPrefix("Meet Snowy!"))
        say("create a pet")
        #expect(say("call it Mr. Fluff").text.hasPrefix("Meet Mr. Fluff!"))
        #expect(try pets().map(\.name.value) == ["Snowy", "Mr. Fluff"])
    }

    /// "which pet?" is answered by a word of one pet's name ("the sock one"
    /// for Sock Monster); a look typed meanwhile is answered and the question still waits.
    @Test func partOfANameAnswersWhichPet() throws {
        say("create pet Snowy")
        say("create pet Sock Monster")
        say("create pet Fluffy")
        #expect(say("start wash").awaiting == .pet)
        let started = say("the sock one")
        #expect(started.ok && started.intent == .startWash && started.pet == "Sock Monster", "\(started.text)")
        // A longer line naming a pet is no answer — least of all one that says not to.
        #expect(say("start wash").awaiting == .pet)
        let negated = say("please do not delete snowy")
        #expect(negated.intent != .startWash && !negated.text.contains("getting clean"), "\(negated.text)")
    }

    @Test func aLookMeanwhileKeepsTheQuestion() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        #expect(say("start wash").awaiting == .pet)
        let look = say("how is snowy")
        #expect(look.intent == .showPet && look.awaiting == .pet && look.text.contains("Which pet"), "\(look.text)")
        let started = say("fluffy")
        #expect(started.ok && started.intent == .startWash && started.pet == "Fluffy", "\(started.text)")
    }

    @Test func theNameQuestionCanBeDeclinedOrLeftForAnotherCommand() throws {
        say("create pet Snowy")
        say("create pet")
        #expect(say("no, never mind").text == "Okay — no pet was created.")
        say("create pet")
        // A command is itself, not a name: the question is dropped.
        let status = say("status")
        #expect(status.intent == .status)
        #expect(say("Fluffy").intent == .unknown)
        #expect(try pets().map(\.name.value) == ["Snowy"])
    }

    @Test(arguments: ["2", "#2", "the second one", "second", "2nd", "the last one", "Fluffy"])
    func whichPetIsAnsweredByNumberOrdinalOrName(answer: String) throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        let question = say("start wash")
        #expect(question.awaiting == .pet)
        let started = say(answer)
        #expect(started.ok && started.intent == .startWash && started.pet == "Fluffy", "“\(answer)”: \(started.text)")
    }

    @Test func aNumberPastTheListIsNoPet() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        say("start wash")
        #expect(say("7").intent != .startWash)
        #expect(try pets().allSatisfy { $0.stage(at: fixture.time.clock.now()) == .idle })
    }

    @Test(arguments: ["sure, do it", "yeah go ahead", "yes delete it", "yep, go for it"])
    func yesInMoreWordsConfirms(answer: String) throws {
        say("create pet Snowy")
        say("delete snowy")
        let done = say(answer)
        #expect(done.ok && done.intent == .confirm, "“\(answer)”: \(done.text)")
        #expect(try pets().isEmpty)
    }

    @Test(arguments: ["no, leave it", "nope, keep it", "no don't delete it", "i changed my mind"])
    func noInMoreWordsDeclines(answer: String) throws {
        say("create pet Snowy")
        say("delete snowy")
        let kept = say(answer)
        #expect(kept.intent == .deny && kept.text == "Okay, Snowy stays.", "“\(answer)”: \(kept.text)")
        #expect(try pets().count == 1)
    }

    @Test func whenIsAPetDueIsAnsweredWithTheDayAndTime() throws {
        say("create pet Fluffy")
        // With what becomes of it if nothing is done.
        #expect(say("when is fluffy due?").text == "Fluffy's laundry is due Sun 8 Mar 09:00 — in 7 days. "
                    + "Turns neutral Thu 5 Mar 00:21 · dies Sun 15 Mar 09:00 if nothing is done.")
        fixture.time.advance(days: 9)
        #expect(say("is fluffy overdue").text == "Fluffy's laundry was due Sun 8 Mar 09:00 — 2 days ago: it is time for a wash. "
                    + "Turns very sad Thu 12 Mar 00:21 · dies Sun 15 Mar 09:00 if nothing is done.")
    }

    @Test func startWashForAllAsksOnceAndStartsEachIdlePet() throws {
        for name in ["Snowy", "Fluffy", "Buddy"] { say("create pet \(name)") }
        say("start wash for fluffy")
        let question = say("start wash for all")
        #expect(question.awaiting == .confirmation)
        #expect(question.text == "Start the wash for Snowy and Buddy? (Not the other pet: Fluffy is getting clean!) (yes/no)")
        #expect(say("yes").ok)
        let now = fixture.time.clock.now()
        #expect(try pets().allSatisfy { if case .washing = $0.stage(at: now) { true } else { false } })
        // One undo takes back the whole change.
        #expect(say("undo").text.hasPrefix("Undone: started the wash for Snowy and Buddy."))
        #expect(try pets().filter { $0.stage(at: now) == .idle }.map(\.name.value) == ["Snowy", "Buddy"])
        say("wash everyone")
        #expect(say("no").text == "Okay — I did not start the wash for any pet.")
        #expect(try pets().filter { $0.stage(at: now) == .idle }.count == 2)
    }

    /// A sure guess at a change asks first — about the user's own pet, by its stored name (a
    /// misspelt or lower-case one resolved), in the words of the intent's own example.
    @Test func aGuessedChangeAsksAboutThePetByItsName() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        let question = say("snowey jumpers going in the washer")
        #expect(question.awaiting == .confirmation && question.pet == "Snowy", "\(question)")
        #expect(question.text == "Start wash for Snowy? (yes/no)")
        let started = say("yes")
        #expect(started.ok && started.intent == .startWash && started.pet == "Snowy", "\(started.text)")
        let folded = say("fluffy's shirts are folded up nicely")
        #expect(folded.pet == "Fluffy" && folded.text.hasSuffix("Fluffy folded? (yes/no)"), "\(folded.text)")
    }

    /// While a yes/no question waits, a line that says no in any words is a no — declining changes
    /// nothing, so it is safe to read generously ("wait no", "hmm nope not that").
    @Test func aNoInAnyWordsDeclinesAWaitingQuestion() throws {
        say("create pet Snowy")
        say("delete snowy")
        let kept = say("wait no")
        #expect(kept.intent == .deny && kept.text == "Okay, Snowy stays.", "\(kept.text)")
        say("delete snowy")
        #expect(say("hmm nope not that one").text == "Okay, Snowy stays.")
        say("delete snowy")
        #expect(say("yes but no").intent != .confirm)
        #expect(try pets().count == 1)
    }

    /// A yes in a person's own words confirms too ("yeah im sure", "absolutely, get rid of it") —
    /// but only a plain one: a line that also hesitates ("ok wait"), refuses, or
    /// names another pet or a number drops the question and changes nothing.
    @Test func aPlainYesInAnyWordsConfirmsAWaitingQuestion() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        for unsure in ["ok wait", "yeah but not snowy", "yes, fluffy instead", "sure, in 5 minutes", "hmm ok maybe"] {
            say("delete snowy")
            #expect(say(unsure).intent != .confirm, "\(unsure)")
            #expect(try pets().count == 2, "\(unsure)")
        }
        for yes in ["yeah im sure", "absolutely, get rid of it", "ok fine yes", "yup thats right 👍"] {
            say("delete snowy")
            let deleted = say(yes)
            #expect(deleted.intent == .confirm && deleted.text.hasPrefix("Deleted Snowy"), "\(yes): \(deleted.text)")
            #expect(try pets().count == 1, "\(yes)")
            say("undo")
        }
        // The same for a guessed change that asks first.
        let asked = say("fluffy's shirts are folded up nicely")
        try #require(asked.awaiting == .confirmation, "\(asked.text)")
        #expect(say("yeah go for it please").intent == .markFolded)
    }

    /// "What should I do next?" and "is anything overdue?" are answered in words: what each pet
    /// is ready for, with the sentence that does it — or, when nothing is, what comes next.
    @Test func whatToDoNextIsAnsweredWithTheStepsThatAreDue() throws {
        say("create pet Snowy")
        say("create pet Fluffy")
        #expect(say("is anything overdue?").text
            == "Nothing needs doing now. Next due: Snowy, Sun 8 Mar 09:00 — in 7 days.")
        say("start wash for snowy")
        fixture.time.advance(days: 8)
        let next = say("what should i do next")
        #expect(next.intent == .status)
        #expect(next.text == """
            Snowy is ready for the dryer! Say “start dryer for Snowy”.
            Fluffy is overdue (due Sun 8 Mar 09:00 — 1 day ago). Say “start wash for Fluffy”.
            """)
        // Each piece of advice works when typed.
        #expect(say("start dryer for Snowy").ok && say("start wash for Fluffy").ok)
    }
}

