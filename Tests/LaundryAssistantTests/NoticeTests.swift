import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

/// Timers that end and moods that fall, told once — moved by a hand clock, never by waiting.
@Suite struct NoticeTests {
    let fixture: AssistantFixture
    var time: ManualTime { fixture.time }
    var store: LaundryStore { fixture.store }
    var assistant: Assistant { fixture.assistant }

    init() throws {
        fixture = try AssistantFixture()
        _ = assistant.respond(to: "create pet Snowy")
    }

    private var titles: [String] { assistant.claimDueNotices().map(\.notification.title) }

    /// Every hook event is in README's table of events.
    @Test func readmeListsEveryHookEvent() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| event | when |").dropFirst().first?.components(separatedBy: "\n\n").first)
        for event in PetEvent.Name.allCases {
            #expect(table.contains("`\(event.rawValue)`"), "\(event.rawValue)")
        }
    }

    @Test func aWashEndsExactlyOnceAtItsEndInstant() {
        _ = assistant.respond(to: "start wash for snowy")
        #expect(assistant.nextTimerEnd() == time.start.addingTimeInterval(45 * 60))
        time.advance(minutes: 44, seconds: 59)
        #expect(titles.isEmpty)
        time.advance(seconds: 1)
        let notices = assistant.claimDueNotices()
        #expect(notices.map(\.notification) == [LaundryNotification(title: "Wash Complete!", text: "Snowy is ready for the dryer!", pet: "Snowy")])
        #expect(titles.isEmpty, "told once")
        time.advance(minutes: 29)
        #expect(titles.isEmpty, "still once, later")
        #expect(assistant.nextTimerEnd() == nil)
        // At 30 minutes the load left waiting is a reminder of its own, told once too.
        time.advance(minutes: 1)
        #expect(titles == ["Wet laundry waiting"])
        #expect(titles.isEmpty)
    }

    @Test func theDryersEndIsItsOwnNotice() {
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 46)
        #expect(titles == ["Wash Complete!"])
        _ = assistant.respond(to: "start dryer")
        time.advance(minutes: 60)
        #expect(assistant.claimDueNotices().map(\.notification.text) == ["Time to fold Snowy's laundry!"])
    }

    @Test func twoProcessesOnOneDatabaseDeliverItOnce() throws {
        let other = try fixture.makeAssistant()
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 45)
        let first = other.claimDueNotices()
        let second = assistant.claimDueNotices()
        #expect(first.count == 1 && second.isEmpty)
    }

    @Test func aReplanAfterUndoOrAChangedTimeIsFollowed() {
        _ = assistant.respond(to: "start wash for snowy")
        _ = assistant.respond(to: "undo")
        #expect(assistant.nextTimerEnd() == nil, "nothing runs after undo")
        _ = assistant.respond(to: "set snowy's wash time to 10 minutes")
        _ = assistant.respond(to: "start wash for snowy")
        #expect(assistant.nextTimerEnd() == time.start.addingTimeInterval(10 * 60))
        time.advance(minutes: 10)
        #expect(titles == ["Wash Complete!"])
    }

    @Test func theAwaySummarySaysWhatFinishedAndHowLongAgo() {
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 57)
        #expect(assistant.awaySummary() == "While you were away: Snowy's wash finished 12 minutes ago — ready for the dryer.")
        #expect(assistant.awaySummary() == nil, "and only once")
        #expect(titles.isEmpty, "nor as a notification afterwards")
    }

    /// What happened while the program was closed is told by the session's first opening only:
    /// the header drawn again later (after `/clear`, a pet made) claims nothing, and a timer that
    /// ends meanwhile is still the prompt's to announce.
    @Test func onlyTheFirstOpeningTellsWhatHappenedWhileAway() throws {
        #expect(try #require(assistant.opening(messageLimit: 6)).away == nil)
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 46)
        #expect(try #require(assistant.opening(messageLimit: 0)).away == nil, "a header drawn again tells nothing")
        #expect(titles == ["Wash Complete!"], "the end is the prompt's to announce")
    }

    @Test func moodsThatFellAreToldOncePerCrossing() {
        time.advance(days: 7.2)  // past due: health 49 %
        #expect(assistant.awaySummary() == "While you were away: Snowy got sadder — it needs some laundry love.")
        time.advance(days: 1)
        #expect(titles.isEmpty, "still sad: nothing new")
        time.advance(days: 3)
        #expect(titles == ["Laundry is overdue!"])
        time.advance(days: 4)
        #expect(assistant.claimDueNotices().map(\.summary) == ["Snowy has died from neglect — “start wash for Snowy” brings it back."])
    }

    @Test func anEndedTimerIsKeptInTheTranscriptWhenNotificationsAreOn() throws {
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 45)
        _ = assistant.claimDueNotices()
        let last = try store.read { try $0.transcript.latest(limit: 1) }
        #expect(last.first?.role == .notification && last.first?.text == "🔔 Wash Complete! — Snowy is ready for the dryer!")
    }

    @Test func withNotificationsOffNothingIsKeptButNothingIsToldLaterEither() throws {
        _ = assistant.respond(to: "turn off notifications")
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 45)
        #expect(assistant.claimDueNotices().count == 1)
        let last = try store.read { try $0.transcript.latest(limit: 1) }
        #expect(last.first?.role == .assistant)
        _ = assistant.respond(to: "turn on notifications")
        #expect(titles.isEmpty)
    }

    @Test func aDryRunClaimsNothing() throws {
        _ = assistant.respond(to: "start wash for snowy")
        time.advance(minutes: 45)
        let dry = try fixture.makeAssistant(dryRun: true)
        #expect(dry.claimDueNotices().count == 1)
        #expect(titles == ["Wash Complete!"], "the real run still has it")
    }
}
