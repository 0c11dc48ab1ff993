import Foundation
import LaundryAssistant
import LaundryCore

/// The interactive prompt: line editing, the opening screen, notifications above the prompt.
struct PromptRunner {
    let printer: ReplyPrinter
    private var conversation: any Conversation { printer.conversation }
    private var display: DisplayOptions { printer.display }
    private var console: Console { printer.console }

    /// A terminal on stdin: a line-edited prompt until `quit`, Ctrl-D, two Ctrl-C in a row on
    /// an empty line, or the end of input. Nil when there is no line editor (the caller reads
    /// the lines as a script).
    func run() -> ExitStatus? {
        let completer = Completer { [conversation] typed in conversation.completion(after: typed) }
        let drawOnStandardError = !console.stdoutIsTerminal && console.stderrIsTerminal
        guard let editor = LineEditor(program: "laundrytime", historyFile: LineEditor.historyFile(environment: display.environment),
                                      completer: completer, drawOnStandardError: drawOnStandardError)
        else {
            if let reason = LineEditor.unavailableReason {
                console.err("laundrytime: \(reason), so there is no line editing: each line is read as in a script.\n")
            }
            return nil
        }
        printer.interactive = true
        // What belongs to the prompt goes where the prompt is drawn.
        let screen = { (text: String) in drawOnStandardError ? console.err(text) : console.out(text) }
        let opening = showOpening()
        let notifier = Notifier(conversation: conversation, clock: printer.clock, environment: display.environment)
        notifier.hooks = printer.hooks
        printer.notifier = notifier
        if let opening { notifier.use(opening.settings) }
        editor.idle = { before in self.notificationsAbovePrompt(notifier, lineBeforeCursor: before) }
        var leaveOnNextInterrupt = false
        // What the header last said of the store and the pets: drawn again when that changes.
        var shown = (state: opening?.state, pets: opening?.petCount)
        while true {
            let input = editor.read(prompt: prompt(utf8: editor.localeIsUTF8))
            if case .interrupted(hadText: false) = input {} else { leaveOnNextInterrupt = false }
            switch input {
            case .endOfInput:
                screen("\n")
                sayGoodbye()
                return printer.interactiveStatus
            case .terminated:
                // Every line is in the history file already; the database closes on the way out.
                editor.saveHistory()
                screen("\n")
                return printer.terminationStatus ?? .terminated
            case .interrupted(hadText: true):
                // The abandoned line stays on screen (with the terminal's ^C); a fresh prompt follows.
                screen("\n")
            case .interrupted(hadText: false):
                screen("\n")
                if leaveOnNextInterrupt {
                    sayGoodbye()
                    return printer.status == .storeUnavailable ? .storeUnavailable : .interrupted
                }
                leaveOnNextInterrupt = true
                screen(printer.renderer.hint("Press Ctrl-C again or Ctrl-D to leave."))
            case .line(let text):
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else { continue }
                replaceTypedLine(trimmed)
                let reply = conversation.respond(to: .line(trimmed))
                // Up after a restart should bring back the last real command, not "quit".
                if reply.intent != .quit { editor.remember(trimmed) }
                printer.emit(reply, errorPrefix: "", copyErrors: false)
                if reply.kind == .goodbye { return printer.interactiveStatus }
                // A cleared screen starts with the header; a store that went away, or a pet made or
                // deleted (here or by another member), draws it again as it is now.
                let now = (state: reply.context?.storeState ?? shown.state, pets: reply.context?.petCount ?? shown.pets)
                if now != shown || reply.content?.clearsScreen == true {
                    shown = now
                    showHeader()
                }
                if reply.failure == .damagedStore { return .storeUnavailable }
            }
        }
    }

    /// The header, the last few messages and the welcome (or a hint), before the first prompt;
    /// nil when the store cannot be read.
    @discardableResult
    func showOpening() -> SessionOpening? {
        guard let opening = conversation.opening(messageLimit: Self.earlierMessages) else { return nil }
        printer.use(opening)
        printer.out(printer.renderer.render(opening: opening))
        if let away = opening.away {
            printer.out(printer.renderer.render(away))
        }
        return opening
    }

    /// The header again, as the store is now ("● Unavailable" once its file went away).
    func showHeader() {
        guard let opening = conversation.opening(messageLimit: 0) else { return }
        printer.out(printer.renderer.render(header: opening))
    }

    /// The line editor's idle hook: due notifications as bubbles (with the bell and a desktop
    /// notification), after escapes that clear the prompt's rows — libedit redraws the prompt and
    /// the half-typed line under them.
    func notificationsAbovePrompt(_ notifier: Notifier, lineBeforeCursor: String) -> (message: String?, nextMilliseconds: Int) {
        let (notifications, next) = notifier.due()
        guard !notifications.isEmpty else { return (nil, next) }
        let columns = max(console.columns(), 1)
        let rowsAbove = (Self.promptWidth + DisplayWidth.of(TextSanitizer.sanitize(lineBeforeCursor))) / columns
        var out = (rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : "") + "\r\u{1B}[J"
        let now = printer.clock.now()
        for notification in notifications {
            out += printer.renderer.render(notification, at: now) + notifier.alerts(for: notification)
        }
        return (out, next)
    }

    /// "laundrytime› ", in the accent colour when there is colour; the escapes sit between
    /// `\u{1}` marks so that libedit does not count them toward the prompt's width. In a locale
    /// that is not UTF-8 "laundrytime> ": libedit crashes on a prompt it cannot decode.
    func prompt(utf8: Bool) -> String {
        let text = utf8 ? "laundrytime›" : "laundrytime>"
        let start = printer.renderer.promptStyle
        return start.isEmpty ? text + " " : "\u{1}\(start)\u{1}\(text)\u{1}\(Theme.reset)\u{1} "
    }

    static let promptWidth = 13
    /// How many of the latest messages the opening shows, faint, above the first prompt.
    static let earlierMessages = 6

    /// In bubbles, the line just typed becomes the user's bubble: the prompt's rows are erased
    /// and the bubble is drawn in their place.
    func replaceTypedLine(_ line: String) {
        guard printer.format == .bubbles, console.stdoutIsTerminal else { return }
        let columns = max(console.columns(), 1)
        let rows = (Self.promptWidth + DisplayWidth.of(TextSanitizer.sanitize(line))) / columns + 1
        printer.out("\u{1B}[\(rows)A\r\u{1B}[J" + printer.renderer.render(userLine: line, at: printer.clock.now()))
    }

    func sayGoodbye() {
        printer.emit(conversation.respond(to: .goodbye), errorPrefix: "")
    }
}
