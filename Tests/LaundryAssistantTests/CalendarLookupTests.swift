import Foundation
import LaundryAssistant
import LaundryTestSupport
import Testing

/// The user's calendar (locale and time zone data) is looked up only by a line that counts days
/// or draws a time: the status, a card and a new pet do without it, and so does the reply's context.
@Suite struct CalendarLookupTests {
    @Test func theStatusAndACardLookUpNoCalendar() throws {
        let time = TimeWords(lookingUp: { Calendar(identifier: .gregorian) })
        let fixture = try AssistantFixture(time: time)
        for line in ["create pet Snowy", "/status", "status", "list pets"] {
            // As a front end asks: the reply comes with what drawing it needs.
            #expect(fixture.assistant.respond(to: .line(line, keepsQuestions: false)).ok, "\(line)")
        }
        #expect(!time.isLookedUp)
        #expect(fixture.assistant.respond(to: "history").ok)
        #expect(time.isLookedUp)
    }
}
