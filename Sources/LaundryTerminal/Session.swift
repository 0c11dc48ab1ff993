import Foundation
import LaundryAssistant

/// How replies are written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Plain text on a terminal for now; message bubbles come with the interactive renderer.
    case auto
    case plain
    case json
}

/// The program's exit status (PRODUCT.md §1).
public enum ExitStatus: Int32, Sendable {
    var isSuccess: Bool { self == .success }

    /// Every command was understood and done.
    case success = 0
    /// At least one command was not understood or could not be done.
    case commandFailed = 1
    /// A usage error: a bad option or value.
    case usage = 2
    /// The data store cannot be opened or is damaged.
    case storeUnavailable = 3
}

/// Runs lines through the assistant and prints the replies: a piped script, one command, or the
/// interactive prompt. Keeps the exit status: the worst outcome of any line.
public final class Session {
    private let assistant: Assistant
    private let format: OutputFormat
    private let bail: Bool
    private var renderer: any ReplyRenderer
    private var status = ExitStatus.success
    /// Whether the prompt is running (then Ctrl-C stops a watch instead of the program).
    private var interactive = false

    /// - Parameters:
    ///   - format: `auto` is resolved by the caller's terminal; here it means plain.
    ///   - bail: stop a script at the first command that fails (like `sqlite3 -bail`).
    public init(assistant: Assistant, format: OutputFormat, bail: Bool = false) {
        self.assistant = assistant
        self.format = format
        self.bail = bail
        renderer = format == .json ? JSONRenderer() : PlainRenderer()
        StandardStreams.ignoreBrokenPipeSignal()
    }

    /// Script mode: one command per line from a pipe, no prompt. Empty lines and lines starting
    /// with `#` are skipped. Stops at end of input, at `quit`, or (with `bail`) at a failure.
    public func runScript(descriptor: Int32 = 0) -> ExitStatus {
        var reader = InputLineReader(descriptor: descriptor)
        var number = 0
        while let line = reader.next() {
            number += 1
            let reply: Reply
            switch line {
            case .text(let text):
                let trimmed = text.trimmingWhitespace()
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                reply = assistant.respond(to: trimmed)
            case .undecodable(let bytes):
                reply = assistant.respond(toUndecodable: bytes)
            }
            emit(reply, errorPrefix: "line \(number): ")
            if reply.kind == .goodbye || (bail && !status.isSuccess) { break }
        }
        return finish()
    }

    /// One-shot mode: the words after the options are one command.
    public func runOneShot(_ line: String) -> ExitStatus {
        emit(assistant.respond(to: line), errorPrefix: "", copyErrors: !StandardStreams.stdoutIsTerminal)
        return finish()
    }

    /// The exit status; a question left unanswered means its command was not done.
    private func finish() -> ExitStatus {
        if assistant.isAwaitingAnswer { fold(.commandFailed) }
        return status
    }

    /// A terminal on stdin: a line-edited prompt until `quit`, Ctrl-D or end of input.
    public func runInteractive() -> ExitStatus {
        guard let editor = LineEditor(program: "laundrytime") else { return runScript() }
        interactive = true
        StandardStreams.out("LaundryTime — type “help” to see what you can say, “quit” to leave.\n")
        while true {
            switch editor.read(prompt: "laundrytime› ") {
            case .endOfInput:
                StandardStreams.out("\nBye! Your pets will be waiting. 🧺\n")
                return interactiveStatus
            case .cancelled:
                // The abandoned line stays on screen; the next prompt starts below it.
                StandardStreams.out("\n")
            case .line(let text):
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else { continue }
                editor.remember(trimmed)
                let reply = assistant.respond(to: trimmed)
                emit(reply, errorPrefix: "", copyErrors: false)
                if reply.kind == .goodbye { return interactiveStatus }
            }
        }
    }

    /// Prints a reply and folds its outcome into the exit status. In plain mode a failure is
    /// also written to stderr (sqlite3-style, with the line number), for scripts that log it.
    private func emit(_ reply: Reply, errorPrefix: String, copyErrors: Bool = true) {
        if case .clearScreen = reply.content, format != .json, StandardStreams.stdoutIsTerminal {
            StandardStreams.out("\u{1B}[H\u{1B}[2J\u{1B}[3J")
        } else {
            StandardStreams.out(renderer.render(reply))
        }
        if let failure = reply.failure {
            fold(failure == .store ? .storeUnavailable : .commandFailed)
            if copyErrors && format != .json {
                let firstLine = reply.text.split(separator: "\n").first.map(String.init) ?? ""
                StandardStreams.err("laundrytime: \(errorPrefix)\(TextSanitizer.sanitize(firstLine))\n")
            }
        }
        follow(reply)
    }

    /// A person at the prompt saw every answer; a typo along the way is no failure of the
    /// session (as in sqlite3 and psql). Only a data store that failed is reported.
    private var interactiveStatus: ExitStatus {
        status == .storeUnavailable ? .storeUnavailable : .success
    }

    private func fold(_ outcome: ExitStatus) {
        if outcome.rawValue > status.rawValue { status = outcome }
    }

    // MARK: - Timers

    /// What a reply asks the session to do after it is printed: wait, watch, notify later.
    private func follow(_ reply: Reply) {
        let clock = assistant.clock
        let follower = TimerFollower(now: { clock.now() }, interruptible: interactive)
        switch reply.content {
        case .wait(let watch):
            switch follower.wait(until: watch.timer.endsAt, deadline: watch.deadline) {
            case .reached: deliver(watch.notification)
            case .deadlinePassed, .interrupted:
                let now = assistant.clock.now()
                emit(Reply(input: reply.input, intent: reply.intent, slots: reply.slots, pet: watch.pet, failure: .refused,
                           text: watch.stoppedWaiting(at: now), at: now),
                     errorPrefix: "")
            }
        case .watch(let watch):
            watchTimer(watch, follower)
        case .delayedNotification(let notification, let delay):
            if follower.wait(until: assistant.clock.now().addingTimeInterval(delay)) == .reached {
                deliver(notification)
            }
        default:
            break
        }
    }

    /// Redraws a progress line in place once a second on a terminal; prints a line a minute
    /// otherwise (plain output, pipes, screen readers). Ends with the notification.
    private func watchTimer(_ watch: TimerWatch, _ follower: TimerFollower) {
        let redraws = format != .json && StandardStreams.stdoutIsTerminal
        var lastMinute = -1
        let outcome = follower.wait(until: watch.timer.endsAt) { now in
            if redraws {
                StandardStreams.out("\r\u{1B}[K" + TextSanitizer.sanitize(watch.progressLine(at: now)))
            } else if format != .json {
                let minute = watch.minutesLeft(at: now)
                if minute != lastMinute {
                    lastMinute = minute
                    StandardStreams.out(TextSanitizer.sanitize(watch.progressLine(at: now)) + "\n")
                }
            }
        }
        if redraws { StandardStreams.out("\r\u{1B}[K") }
        if outcome == .reached { deliver(watch.notification) }
    }

    private func deliver(_ notification: LaundryNotification) {
        StandardStreams.out(renderer.render(notification, at: assistant.clock.now()))
        assistant.recordDelivery(of: notification)
    }
}
