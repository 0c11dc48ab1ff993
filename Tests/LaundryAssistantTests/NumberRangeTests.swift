import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// A number out of range is understood and answered with the range, quoting the user's own
/// words; it changes nothing (such numbers once crashed the program, or were read as
/// something else — "-5 minutes" as 5, "7.5 days" as 8).
@Suite struct NumberRangeTests {
    let fixture: AssistantFixture
    var store: LaundryStore { fixture.store }

    init() throws {
        fixture = try AssistantFixture()
        say("create pet Snowy")
    }

    @discardableResult
    func say(_ line: String) -> Reply { fixture.assistant.respond(to: line) }

    var snowy: Pet {
        get throws { try #require(try store.read { try $0.pet(named: "Snowy") }) }
    }

    /// Lines with a number out of range, and the whole answer to each: the user's words, what
    /// keeps them out, the range.
    static let refusals: [(line: String, answer: String)] = [
        ("wash snowy every 99999999999999999999 days",
         "“every 99999999999999999999 days” is more than 30 days: laundry can be due every 1 to 30 days."),
        ("set snowy's frequency to 31 days", "“31 days” is more than 30 days: laundry can be due every 1 to 30 days."),
        ("wash snowy every 7.5 days", "“every 7.5 days” is not a whole number of days: laundry can be due every 1 to 30 days."),
        ("wash snowy every -3 days", "“every -3 days” is below zero: laundry can be due every 1 to 30 days."),
        ("wash snowy 20 times a week", "“20 times a week” is less than 1 day: laundry can be due every 1 to 30 days."),
        ("set snowy wash time to 99999999999999999999 hours",
         "“99999999999999999999 hours” is more than 120 minutes: a wash takes 1 to 120 minutes."),
        ("set snowy's dry time to 45 hours", "“45 hours” is more than 120 minutes: a dry takes 1 to 120 minutes."),
        ("set snowy wash time to -5 minutes", "“-5 minutes” is below zero: a wash takes 1 to 120 minutes."),
        ("set snowy wash time to 0 minutes", "“0 minutes” is less than 1 minute: a wash takes 1 to 120 minutes."),
        ("set snowy wash time to 7.5 minutes", "“7.5 minutes” is not a whole number of minutes: a wash takes 1 to 120 minutes."),
        ("/quick 9223372036854775807", "There is no quick action 9223372036854775807; they go from 1 to 8."),
        ("/quick 0", "There is no quick action 0; they go from 1 to 8."),
        ("/quick -1", "There is no quick action -1; they go from 1 to 8."),
        ("/quick 1.5", "There is no quick action 1.5; they go from 1 to 8."),
        ("/transcript 99999999999999999999",
         "“99999999999999999999” is more than 200 messages: the transcript shows 1 to 200 messages at a time."),
        ("/transcript 0", "“0” is less than 1 message: the transcript shows 1 to 200 messages at a time."),
        ("/transcript 1.5", "“1.5” is not a whole number of messages: the transcript shows 1 to 200 messages at a time."),
        ("history for snowy last 2000000000000000000 weeks",
         "“last 2000000000000000000 weeks” is more than 36500 days: the history goes back 1 to 36500 days (100 years)."),
        ("history last 0 days", "“last 0 days” is less than 1 day: the history goes back 1 to 36500 days (100 years)."),
        ("history last 1.5 weeks",
         "“last 1.5 weeks” is not a whole number of days: the history goes back 1 to 36500 days (100 years)."),
        ("wait for snowy up to 99999999999999999999 minutes",
         "“99999999999999999999 minutes” is more than 1440 minutes: a wait can be limited to 1 to 1440 minutes (a day), or not at all."),
        ("wait for snowy up to 0 minutes",
         "“0 minutes” is less than 1 minute: a wait can be limited to 1 to 1440 minutes (a day), or not at all."),
    ]

    @Test(arguments: Self.refusals)
    func outOfRangeIsRefusedWithTheRangeAndChangesNothing(_ line: String, _ answer: String) throws {
        say("start wash for snowy")  // something to wait for
        let before = try snowy
        let reply = say(line)
        #expect(reply.failure == .refused, "\(line) → \(reply.text)")
        #expect(reply.text == answer)
        #expect(try snowy == before, "\(line) changed Snowy")
    }

    @Test func aNumberTypedAfterTheGridIsOneOfItsActionsOrTheGridIsSaid() throws {
        for number in ["9", "0", "-1", "1.5", "99999999999999999999"] {
            say("/quick")
            let reply = say(number)
            #expect(reply.failure == .refused && reply.text == "There is no quick action \(number); they go from 1 to 8.",
                    "\(number) → \(reply.text)")
        }
        say("/quick")
        #expect(say("2").intent == .listPets)
        #expect(say("9").intent == .unknown, "without the grid a number is no command")
    }

    @Test func theEdgesOfEachRangeAreTaken() throws {
        #expect(say("wash snowy twice a week").text.hasPrefix("Snowy's laundry is now due every 4 days (was 7)."))
        #expect(say("set snowy wash time to 1.1 hours").text == "Snowy's wash now takes 66 minutes (was 45).")
        #expect(say("/quick 8").intent == .help)
        let two = say("/transcript 2")
        #expect(two.ok && two.text.hasPrefix("The last 2 messages:"))
        #expect(say("show the last 200 messages").ok)
        let century = say("history for snowy last 36500 days")
        #expect(century.ok && century.text.hasPrefix("History for Snowy · last 36500 days"))
        #expect(say("history last 1200 months").ok)

        say("start wash for snowy")
        let wait = say("wait for snowy up to 1440 minutes")
        guard case .wait(let watch) = wait.content else {
            Issue.record("no wait: \(wait.text)")
            return
        }
        #expect(watch.deadline == AssistantFixture.start.addingTimeInterval(1440 * 60))
    }
}
