import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// The prompt's scheduler, driven by a hand clock: what is due when, and how long it sleeps.
@Suite struct NotifierTests {
    let fixture: AssistantFixture
    var time: ManualTime { fixture.time }
    var assistant: Assistant { fixture.assistant }
    let notifier: Notifier

    init() throws {
        fixture = try AssistantFixture()
        notifier = Notifier(conversation: fixture.assistant, clock: fixture.time.clock, environment: [:])
        _ = assistant.respond(to: "create pet Snowy")
    }

    @Test func theTestNotificationArrivesThreeSecondsLater() {
        let test = LaundryNotification(title: "Test", text: "This is how a notification looks.", pet: nil)
        notifier.schedule(test, at: time.clock.now().addingTimeInterval(3))
        let before = notifier.due()
        #expect(before.notifications.isEmpty)
        #expect(before.nextMilliseconds <= 1000, "the clock is read again within a second")
        time.advance(seconds: 2.5)
        #expect(notifier.due().notifications.isEmpty)
        #expect(notifier.due().nextMilliseconds == 500, "it wakes exactly at the due instant")
        time.advance(seconds: 0.5)
        #expect(notifier.due().notifications == [test])
        #expect(notifier.due().notifications.isEmpty, "once")
    }

    @Test func aWashStartedAtThePromptIsAnnouncedAtItsEnd() {
        _ = notifier.due()
        _ = assistant.respond(to: "set snowy's wash time to 1 minute")
        _ = assistant.respond(to: "start wash for snowy")
        notifier.lookSoon()
        #expect(notifier.due().notifications.isEmpty)
        time.advance(seconds: 59.7)
        let almost = notifier.due()
        #expect(almost.notifications.isEmpty && almost.nextMilliseconds == 300)
        time.advance(seconds: 0.3)
        #expect(notifier.due().notifications.map(\.title) == ["Wash Complete!"])
    }

    @Test func aTimerStartedByAnotherProcessIsFoundWithinTheLookInterval() throws {
        _ = notifier.due()
        let other = try fixture.makeAssistant()
        _ = other.respond(to: "set snowy's wash time to 1 minute")
        _ = other.respond(to: "start wash for snowy")
        time.advance(seconds: Notifier.lookInterval)
        #expect(notifier.due().notifications.isEmpty, "seen, not yet due")
        time.advance(seconds: 60)
        #expect(notifier.due().notifications.map(\.title) == ["Wash Complete!"])
    }

    /// The bell follows the sound setting as the last reply (or the last look) found it.
    @Test func theBellRingsOnlyWithSoundOn() throws {
        let notification = LaundryNotification(title: "Wash Complete!", text: "Snowy is ready for the dryer!", pet: "Snowy")
        #expect(notifier.alerts(for: notification) == "\u{07}")
        let reply = assistant.respond(to: .line("turn off sound"))
        notifier.use(try #require(reply.context).settings)
        #expect(notifier.alerts(for: notification) == "")
    }
}

@Suite struct DesktopNotificationTests {
    @Test func terminalsThatShowNotificationsGetTheirSequence() {
        #expect(DesktopNotification.sequence(title: "Wash Complete!", body: "Snowy is ready", environment: ["TERM_PROGRAM": "iTerm.app"])
            == "\u{1B}]9;Wash Complete! — Snowy is ready\u{07}")
        #expect(DesktopNotification.sequence(title: "Wash Complete!", body: "a;b", environment: ["VTE_VERSION": "7600"])
            == "\u{1B}]777;notify;Wash Complete!;a,b\u{07}")
        #expect(DesktopNotification.sequence(title: "T", body: "B", environment: ["TERM": "xterm-256color"]) == nil)
    }

    @Test func insideTmuxTheSequencePassesThrough() {
        let wrapped = DesktopNotification.sequence(title: "T", body: "B", environment: ["TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/x,1,0"])
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}]9;T — B\u{07}\u{1B}\\")
    }

    @Test func aHostileNameCannotEndTheSequenceEarly() throws {
        let sequence = try #require(DesktopNotification.sequence(
            title: "Wash Complete!", body: "\u{1B}]0;x\u{07}\u{1B}[2J is ready", environment: ["TERM_PROGRAM": "iTerm.app"]))
        #expect(sequence == "\u{1B}]9;Wash Complete! — ^[]0;x^G^[[2J is ready\u{07}")
    }
}
