import CLibEdit
import Foundation
import LaundryAssistant
import LaundryCore

/// Prints replies for every runner — script, prompt, one-shot: renders each in the session's
/// format, copies a failure to stderr, folds outcomes into the exit status, and follows what a
/// reply asks for (a wait, a watch, a later notification). In a script it holds what it prints
/// with the batch of commands it belongs to, until that batch is stored.
final class ReplyPrinter {
    let conversation: any Conversation
    /// The session's clock: what the conversation's clock reads.
    let clock: Clock
    let console: Console
    let display: DisplayOptions
    let format: OutputFormat
    var renderer: any ReplyRenderer
    var status = ExitStatus.success
    /// Whether the prompt is running (then Ctrl-C stops a watch instead of the program).
    var interactive = false
    /// In a script: the commands answered but not yet committed, and their held output.
    var group: CommandGroup?
    /// A group could not be committed: the store is in trouble and the script stops.
    var groupLost = false
    /// At the prompt: delivers notifications above it while the user types.
    var notifier: Notifier?
    /// The user's hooks, told of each command's events once they are stored.
    var hooks: Hooks?
    /// What the conversation said last of the session (``ReplyContext``).
    private(set) var context: ReplyContext?
    /// The batch of commands being stored together, while there is one.
    private var batch: (any ConversationBatch)?

    /// - Parameter display: the format (`auto` is decided here, by whether stdout is a terminal)
    ///   and colour.
    init(conversation: any Conversation, clock: Clock, console: Console, display: DisplayOptions) {
        self.conversation = conversation
        self.clock = clock
        self.console = console
        self.display = display
        format = display.resolvedFormat(stdoutIsTerminal: console.stdoutIsTerminal)
        switch format {
        case .json:
            renderer = JSONRenderer()
        case .plain:
            // At the prompt (a screen reader, say) each reply says who speaks; in a pipe the
            // text stays bare for grep and scripts.
            renderer = PlainRenderer(labelled: console.stdinIsTerminal && console.stdoutIsTerminal)
        case .auto, .bubbles:
            let depth = ColorDepth.resolve(choice: display.color, environment: display.environment,
                                           stdoutIsTerminal: console.stdoutIsTerminal)
            renderer = BubbleRenderer(
                theme: Theme(depth: depth, background: .unknown), glyphs: display.glyphs,
                view: ReplyView(time: TimeWords(), now: { clock.now() }, reader: nil),
                columns: console.columns)
        }
    }

    // MARK: - Batches

    /// Adds a command to the group, beginning one when there is none. When the group cannot
    /// begin (the store is busy past its timeout, or failing), the command goes on alone and its
    /// own write reports the trouble.
    func joinGroup(line: Int) {
        if group == nil {
            guard let begun = conversation.beginBatch() else { return }
            batch = begun
            group = CommandGroup(line: line)
        }
        group?.add(line: line)
    }

    /// Commits the group and shows what it held. When the commit fails, none of its commands was
    /// stored: their answers are not shown, the error names their lines, and the script stops.
    func commitGroup() {
        guard let finished = group, let stored = batch else { return }
        group = nil
        batch = nil
        do {
            try stored.commit()
        } catch {
            groupLost = true
            fold(.storeUnavailable)
            err("laundrytime: \(finished.lineRange): \(error.mayBeStored ? "perhaps stored, perhaps not" : "not stored, so not done"). \(error.description)"
                    + (error.wayOut.map { " " + $0 } ?? "") + "\n")
            return
        }
        for (descriptor, text) in finished.output {
            descriptor == STDERR_FILENO ? console.err(text) : console.out(text)
        }
        fire(finished.events)
    }

    /// Tells the hooks of `events` — or holds them with the group, until it is stored.
    func fire(_ events: [PetEvent]) {
        guard !events.isEmpty else { return }
        if group != nil {
            group?.hold(events)
        } else {
            for event in events { hooks?.fire(event.name, payload: JSONRenderer.object(for: event).serialized) }
        }
    }

    /// Writes to stdout — or holds it with the group its command belongs to.
    func out(_ text: String) {
        if group != nil { group?.hold(text, for: STDOUT_FILENO) } else { console.out(text) }
    }

    /// Writes to stderr — or holds it with the group, in order with stdout.
    func err(_ text: String) {
        if group != nil { group?.hold(text, for: STDERR_FILENO) } else { console.err(text) }
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

    /// The exit status; a question left unanswered means its command was not done.
    func finish() -> ExitStatus {
        if context?.awaitsAnswer == true { fold(.commandFailed) }
        return status
    }

    /// Prints a reply and folds its outcome into the exit status. A failure is also written to
    /// stderr (sqlite3-style, with the line number) for scripts that log it — unless stdout and
    /// stderr are both the terminal, where the reply already said it.
    func emit(_ reply: Reply, errorPrefix: String, copyErrors: Bool? = nil) {
        notifier?.lookSoon()
        if let context = reply.context { use(context) }
        // The outcome counts before the reply is written: a reader that goes away while it is
        // written leaves the status this reply earned.
        if let failure = reply.failure {
            fold(failure == .store || failure == .damagedStore ? .storeUnavailable : .commandFailed)
        }
        if case .clearScreen = reply.content, format != .json, console.stdoutIsTerminal {
            out("\u{1B}[H\u{1B}[2J\u{1B}[3J")
        } else {
            out(renderer.render(reply))
        }
        fire(reply.events)
        if reply.failure != nil, copyErrors ?? !console.bothOutputsAreTerminals, format != .json {
            err("laundrytime: \(errorPrefix)\(TextSanitizer.sanitize(reply.headline))\n")
        }
        follow(reply)
    }

    /// Draws as `context` says: the appearance (another process, or the last reply, may have
    /// changed it), the time zone, who reads.
    func use(_ context: ReplyContext) {
        self.context = context
        notifier?.use(context.settings)
        guard format == .bubbles else { return }
        renderer.use(context.settings.appearance, environment: display.environment)
        renderer.use(context.time, now: { [clock] in clock.now() }, reader: context.member)
    }

    /// Draws as the session's opening says (``use(_:)``).
    func use(_ opening: SessionOpening) {
        guard format == .bubbles else { return }
        renderer.use(opening.settings.appearance, environment: display.environment)
        renderer.use(opening.time, now: { [clock] in clock.now() }, reader: opening.member)
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
        let follower = TimerFollower(now: { [clock] in clock.now() }, interruptible: interactive)
        switch reply.content {
        case .wait(let watch):
            switch follower.wait(until: watch.timer.endsAt, deadline: watch.deadline) {
            case .reached: deliver(watch.notification)
            case .deadlinePassed, .interrupted:
                let now = clock.now()
                emit(Reply(input: reply.input, intent: reply.intent, slots: reply.slots, pet: watch.pet, nicknames: reply.nicknames,
                           failure: .refused, text: watch.stoppedWaiting(at: now), at: now),
                     errorPrefix: "")
            }
        case .watch(let watch):
            watchTimer(watch, follower)
        case .delayedNotification(let notification, let delay):
            if let notifier {
                // At the prompt it arrives above the prompt, while the user goes on typing.
                notifier.schedule(notification, at: clock.now().addingTimeInterval(delay))
            } else if follower.wait(until: clock.now().addingTimeInterval(delay)) == .reached {
                out(renderer.render(notification, at: clock.now()))
                conversation.delivered(.notification(notification))
            }
        default:
            break
        }
    }

    /// Redraws a progress line in place once a second on a terminal; prints a line a minute
    /// otherwise (plain output, pipes, screen readers). Ends with the notification.
    func watchTimer(_ watch: TimerWatch, _ follower: TimerFollower) {
        let redraws = format == .bubbles && console.stdoutIsTerminal
        // A spinner shows the view is alive — unless motion is to be reduced.
        let ascii = display.glyphs.isASCII
        let spinner = !redraws || display.reduceMotion ? [] : ascii ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        var follower = follower
        if !spinner.isEmpty { follower.tickInterval = 0.1 }
        var frame = 0
        var lastMinute = -1
        let outcome = follower.wait(until: watch.timer.endsAt) { now in
            if redraws {
                let turning = spinner.isEmpty ? "" : spinner[frame % spinner.count] + " "
                frame += 1
                out("\r\u{1B}[K" + turning + TextSanitizer.sanitize(watch.progressLine(at: now, ascii: ascii)))
            } else if format != .json {
                let minute = watch.minutesLeft(at: now)
                if minute != lastMinute {
                    lastMinute = minute
                    out(TextSanitizer.sanitize(watch.progressLine(at: now, ascii: ascii)) + "\n")
                }
            }
        }
        if redraws { out("\r\u{1B}[K") }
        if outcome == .reached {
            deliver(watch.notification)
        } else if format != .json {
            out(renderer.hint(watch.stoppedWatching(at: clock.now())))
        }
    }

    /// The end of a timer that `wait` or `watch` followed: printed here whoever else shows it, and
    /// claimed, so that a prompt open on the same data, or the next one, does not announce it again.
    func deliver(_ notification: LaundryNotification) {
        out(renderer.render(notification, at: clock.now()))
        let claimed = (try? conversation.dueNotices(.shown).notices) ?? []
        if !claimed.contains(where: { $0.notification == notification }) {
            conversation.delivered(.notification(notification))
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
