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

/// `notify-send` is started as the hooks are (``ChildProcess``): with its arguments and the
/// display's environment, and with nothing of the prompt's that it should not inherit — no blocked
/// or ignored signal (the program ignores SIGPIPE), no descriptor opened without close-on-exec.
@Suite(.serialized) struct DesktopNotificationProcessTests {
    @Test func notifySendStartsWithNothingOfOurs() throws {
        let folder = TemporaryDirectory()
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let report = folder.url.appendingPathComponent("report").path
        #expect(mkfifo(report, 0o600) == 0)
        let leaked = open(folder.url.appendingPathComponent("leaked").path, O_CREAT | O_WRONLY, 0o600)
        defer { close(leaked) }
        let fake = bin.appendingPathComponent("notify-send").path
        try """
        #!/bin/sh
        {
          printf '%s\\n' "$@"
          # Read by the shell itself: a child (grep) could catch it mid-fork, its signals blocked.
          while read -r line; do case $line in SigBlk:*|SigIgn:*) echo "$line";; esac; done < /proc/$$/status
          readlink /proc/$$/fd/\(leaked) 2>/dev/null || echo "no descriptor \(leaked)"
          echo "DISPLAY=$DISPLAY"
        } > \(report)

        """.write(toFile: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake, 0o755) == 0)

        // As at the prompt: SIGPIPE ignored, and (as on a thread that blocks it) SIGINT blocked.
        let pipeHandler = signal(SIGPIPE, SIG_IGN)
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let started = DesktopNotification.sendThroughDesktop(
            title: "Wash Complete!", body: "Snowy\u{1B}[2J is ready", environment: ["DISPLAY": ":7", "PATH": bin.path + ":/usr/bin:/bin"])
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        signal(SIGPIPE, pipeHandler)
        try #require(started, "notify-send was started")

        let said = try Self.readToEnd(fifo: report).split(separator: "\n").map(String.init)
        #expect(said.filter { !$0.hasPrefix("Sig") }
            == ["--app-name=LaundryTime", "Wash Complete!", "Snowy^[[2J is ready", "no descriptor \(leaked)", "DISPLAY=:7"], "\(said)")
        // The masks are hexadecimal, signal n at bit n − 1.
        func mask(_ name: String) -> UInt64? {
            said.first { $0.hasPrefix(name + ":") }.flatMap { UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        let blockedMask = try #require(mask("SigBlk")), ignoredMask = try #require(mask("SigIgn"))
        #expect(blockedMask & (1 << (SIGINT - 1)) == 0, "SIGINT is not blocked: \(said)")
        #expect(ignoredMask & (1 << (SIGPIPE - 1)) == 0, "SIGPIPE is not ignored: \(said)")
    }

    /// What the fake writes into the FIFO, to its end; a bound in case it never opens it.
    private static func readToEnd(fifo: String) throws -> String {
        let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096), opened = false
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[..<count]
                opened = true
            } else if count == 0 && (opened || poller.revents & Int16(POLLHUP) != 0) {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
