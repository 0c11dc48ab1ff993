import CLibEdit
import Foundation
import LaundryAssistant

/// Runs lines through the assistant and prints the replies: a piped script, one command, or the
/// interactive prompt. Keeps the exit status: the worst outcome of any line.
public final class Session {
    let assistant: Assistant
    let display: DisplayOptions
    let format: OutputFormat
    let bail: Bool
    var renderer: any ReplyRenderer
    var status = ExitStatus.success
    /// Whether the prompt is running (then Ctrl-C stops a watch instead of the program).
    var interactive = false
    /// In a script: the commands answered but not yet committed, and their held output.
    var group: CommandGroup?
    /// A group could not be committed: the store is in trouble and the script stops.
    var groupLost = false
    /// In a script: the line whose reply asked a question, while it waits for its answer.
    var lastQuestionLine: Int?
    /// At the prompt: delivers notifications above it while the user types.
    var notifier: Notifier?

    /// - Parameters:
    ///   - display: the format (`auto` is decided here, by whether stdout is a terminal) and colour.
    ///   - bail: stop a script at the first command that fails (like `sqlite3 -bail`).
    public init(assistant: Assistant, display: DisplayOptions, bail: Bool = false) {
        self.assistant = assistant
        self.display = display
        self.bail = bail
        format = display.resolvedFormat
        switch format {
        case .json:
            renderer = JSONRenderer()
        case .plain:
            // At the prompt (a screen reader, say) each reply says who speaks; in a pipe the
            // text stays bare for grep and scripts.
            renderer = PlainRenderer(labelled: StandardStreams.stdinIsTerminal && StandardStreams.stdoutIsTerminal)
        case .auto, .bubbles:
            let depth = ColorDepth.resolve(choice: display.color, environment: display.environment,
                                           stdoutIsTerminal: StandardStreams.stdoutIsTerminal)
            renderer = BubbleRenderer(
                theme: Theme(depth: depth, background: .unknown), glyphs: display.glyphs,
                view: ReplyView(captionTime: assistant.captionTime, clockTime: assistant.clockTime),
                columns: { TerminalSize.columns(environment: display.environment) })
        }
        StandardStreams.ignoreBrokenPipeSignal()
        lt_catch_termination()
    }

    /// Script mode: one command per line from a pipe, no prompt. Empty lines and lines starting
    /// with `#` are skipped. Stops at end of input, at `quit`, or (with `bail`) at a failure.
    ///
    /// Commands that are already waiting in the input when one is read are stored together, in
    /// one commit (a ``CommandGroup``), and their replies are shown once it is made; a command
    /// that arrives after the previous one was answered is stored and answered on its own. A
    /// long script thus pays for one commit per group, not per line, and every command that was
    /// answered is stored.
    public func runScript(descriptor: Int32 = 0) -> ExitStatus {
        var reader = InputLineReader(descriptor: descriptor)
        var number = 0
        while !groupLost {
            // Before waiting for more input, everything answered so far is stored and shown.
            if group != nil, !reader.hasCompleteLine || group?.isFull == true {
                commitGroup()
                continue
            }
            guard let line = reader.next() else { break }
            number += 1
            let dropped = assistant.droppedQuestions
            let reply: Reply
            switch line {
            case .text(let text):
                let trimmed = text.trimmingWhitespace()
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                joinGroup(line: number)
                out(renderer.render(userLine: trimmed, at: assistant.clock.now()))
                reply = assistant.respond(to: trimmed)
            case .undecodable(let bytes):
                joinGroup(line: number)
                reply = assistant.respond(toUndecodable: bytes)
            }
            // A question this line did not answer left its command undone.
            if assistant.droppedQuestions > dropped, let asked = lastQuestionLine {
                fold(.commandFailed)
                err("laundrytime: line \(asked): not answered, so not done (line \(number) is another command).\n")
            }
            lastQuestionLine = reply.awaiting != nil ? number : nil
            emit(reply, errorPrefix: "line \(number): ")
            // A store that failed inside a group may have lost the group: say so at once.
            if reply.failure == .store || reply.failure == .damagedStore { commitGroup() }
            // A damaged store is not written to again: the script stops here.
            if reply.kind == .goodbye || reply.failure == .damagedStore || (bail && !status.isSuccess)
                || lt_termination_signal() != 0 { break }
        }
        commitGroup()
        return terminationStatus ?? finish()
    }

    /// Adds a command to the group, beginning one when there is none. When the group cannot
    /// begin (the store is busy past its timeout, or failing), the command goes on alone and its
    /// own write reports the trouble.
    func joinGroup(line: Int) {
        if group == nil {
            guard assistant.beginBatch() else { return }
            group = CommandGroup(line: line)
        }
        group?.add(line: line)
    }

    /// Commits the group and shows what it held. When the commit fails, none of its commands was
    /// stored: their answers are not shown, the error names their lines, and the script stops.
    func commitGroup() {
        guard let finished = group else { return }
        group = nil
        do {
            try assistant.commitBatch()
        } catch {
            groupLost = true
            fold(.storeUnavailable)
            err("laundrytime: \(finished.lineRange): not stored, so not done. \(error.description)"
                    + (error.wayOut.map { " " + $0 } ?? "") + "\n")
            return
        }
        for (descriptor, text) in finished.output {
            descriptor == STDERR_FILENO ? StandardStreams.err(text) : StandardStreams.out(text)
        }
    }

    /// Writes to stdout — or holds it with the group its command belongs to.
    func out(_ text: String) {
        if group != nil { group?.hold(text, for: STDOUT_FILENO) } else { StandardStreams.out(text) }
    }

    /// Writes to stderr — or holds it with the group, in order with stdout.
    func err(_ text: String) {
        if group != nil { group?.hold(text, for: STDERR_FILENO) } else { StandardStreams.err(text) }
    }

    /// After SIGTERM, SIGHUP or (in a script or a one-shot) SIGINT: 128 + the signal, as a shell
    /// reports it.
    var terminationStatus: ExitStatus? {
        switch lt_termination_signal() {
        case SIGTERM: .terminated
        case SIGHUP: .hangUp
        case SIGINT: .interrupted
        default: nil
        }
    }

    /// One-shot mode: the words after the options are one command.
    public func runOneShot(_ line: String) -> ExitStatus {
        emit(assistant.respond(to: line), errorPrefix: "")
        return terminationStatus ?? finish()
    }

    /// The exit status; a question left unanswered means its command was not done.
    func finish() -> ExitStatus {
        if assistant.isAwaitingAnswer { fold(.commandFailed) }
        return status
    }

    /// Prints a reply and folds its outcome into the exit status. A failure is also written to
    /// stderr (sqlite3-style, with the line number) for scripts that log it — unless stdout and
    /// stderr are both the terminal, where the reply already said it.
    func emit(_ reply: Reply, errorPrefix: String, copyErrors: Bool = !StandardStreams.bothOutputsAreTerminals) {
        notifier?.lookSoon()
        if format == .bubbles {
            // Another process, or this reply, may have changed the appearance.
            renderer.use(assistant.currentSettings().appearance, environment: display.environment)
        }
        // The outcome counts before the reply is written: a reader that goes away while it is
        // written leaves the status this reply earned.
        if let failure = reply.failure {
            fold(failure == .store || failure == .damagedStore ? .storeUnavailable : .commandFailed)
        }
        if case .clearScreen = reply.content, format != .json, StandardStreams.stdoutIsTerminal {
            out("\u{1B}[H\u{1B}[2J\u{1B}[3J")
        } else {
            out(renderer.render(reply))
        }
        if reply.failure != nil, copyErrors, format != .json {
            err("laundrytime: \(errorPrefix)\(TextSanitizer.sanitize(reply.headline))\n")
        }
        follow(reply)
    }

    /// A person at the prompt saw every answer; a typo along the way is no failure of the
    /// session (as in sqlite3 and psql). Only a data store that failed is reported.
    var interactiveStatus: ExitStatus {
        status == .storeUnavailable ? .storeUnavailable : .success
    }

    func fold(_ outcome: ExitStatus) {
        if outcome.rawValue > status.rawValue { status = outcome }
        StandardStreams.earnedStatus = status.rawValue
    }

    // MARK: - Timers

    /// What a reply asks the session to do after it is printed: wait, watch, notify later.
    func follow(_ reply: Reply) {
        guard reply.content?.isFollowed == true else { return }
        // What follows takes time and shows progress: the commands before it are stored and shown
        // first, and no transaction is held while it waits.
        commitGroup()
        guard !groupLost else { return }
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
            if let notifier {
                // At the prompt it arrives above the prompt, while the user goes on typing.
                notifier.schedule(notification, at: assistant.clock.now().addingTimeInterval(delay))
            } else if follower.wait(until: assistant.clock.now().addingTimeInterval(delay)) == .reached {
                out(renderer.render(notification, at: assistant.clock.now()))
                assistant.recordDelivery(of: notification)
            }
        default:
            break
        }
    }

    /// Redraws a progress line in place once a second on a terminal; prints a line a minute
    /// otherwise (plain output, pipes, screen readers). Ends with the notification.
    func watchTimer(_ watch: TimerWatch, _ follower: TimerFollower) {
        let redraws = format == .bubbles && StandardStreams.stdoutIsTerminal
        // A spinner shows the view is alive — unless motion is to be reduced.
        let spinner = redraws && !display.reduceMotion ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : []
        var follower = follower
        if !spinner.isEmpty { follower.tickInterval = 0.1 }
        var frame = 0
        var lastMinute = -1
        let outcome = follower.wait(until: watch.timer.endsAt) { now in
            if redraws {
                let turning = spinner.isEmpty ? "" : spinner[frame % spinner.count] + " "
                frame += 1
                out("\r\u{1B}[K" + turning + TextSanitizer.sanitize(watch.progressLine(at: now)))
            } else if format != .json {
                let minute = watch.minutesLeft(at: now)
                if minute != lastMinute {
                    lastMinute = minute
                    out(TextSanitizer.sanitize(watch.progressLine(at: now)) + "\n")
                }
            }
        }
        if redraws { out("\r\u{1B}[K") }
        if outcome == .reached {
            deliver(watch.notification)
        } else if format != .json {
            out(renderer.hint(watch.stoppedWatching(at: assistant.clock.now())))
        }
    }

    /// The end of a timer that `wait` or `watch` followed: printed here whoever else shows it, and
    /// claimed, so that a prompt open on the same data, or the next one, does not announce it again.
    func deliver(_ notification: LaundryNotification) {
        out(renderer.render(notification, at: assistant.clock.now()))
        if !assistant.claimDueNotices().contains(where: { $0.notification == notification }) {
            assistant.recordDelivery(of: notification)
        }
    }
}

private extension Reply.Content {
    /// Whether the session follows the reply once it is printed: waits, watches, notifies later.
    var isFollowed: Bool {
        switch self {
        case .wait, .watch, .delayedNotification: true
        default: false
        }
    }
}
