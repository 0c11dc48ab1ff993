import CLibEdit
import Foundation
import LaundryAssistant
import LaundryCore

/// Runs lines through the assistant and prints the replies: a piped script, one command, or the
/// interactive prompt — each a small runner over one ``ReplyPrinter``, which keeps the exit
/// status: the worst outcome of any line.
public final class Session {
    let printer: ReplyPrinter
    let bail: Bool

    ///   - display: the format (`auto` is decided by whether stdout is a terminal) and colour.
    ///   - bail: stop a script at the first command that fails (like `sqlite3 -bail`).
    ///   - console: where output goes and what the terminal is; the process's own streams (and
    ///     its signals) unless a test gives its own.
    /// - Parameters:
    ///   - conversation: what answers the lines.
    ///   - clock: the conversation's clock, for the times the session draws and the timers it
    ///     follows.
    public init(conversation: any Conversation, clock: Clock, display: DisplayOptions, bail: Bool = false, console: Console? = nil) {
        printer = ReplyPrinter(conversation: conversation, clock: clock, console: console ?? .standard(environment: display.environment),
                               display: display)
        self.bail = bail
        if console == nil {
            // The process's own streams: a closed pipe and a signal end it as ReplyPrinter says.
            StandardStreams.ignoreBrokenPipeSignal()
            lt_catch_termination()
        }
    }

    /// The user's hooks, told of what happens (commands' events, notices) — nil for none.
    public var hooks: Hooks? {
        get { printer.hooks }
        set { printer.hooks = newValue }
    }

    /// `--deliver-due`, what the reminders' timer runs every minute: see ``DueDelivery``.
    public func deliverDue() -> ExitStatus {
        DueDelivery(printer: printer, hooks: hooks).run()
    }

    /// One-shot mode: the words after the options are one command.
    public func runOneShot(_ line: String) -> ExitStatus {
        printer.emit(printer.conversation.respond(to: .line(line)), errorPrefix: "")
        return printer.terminationStatus ?? printer.finish()
    }

    /// Script mode: one command per line from `descriptor` (stdin by default), no prompt. Empty
    /// lines and lines starting with `#` are skipped. Stops at end of input, at `quit`, or (with
    /// `bail`) at a failure.
    ///
    /// Commands that are already waiting in the input when one is read are stored together, in
    /// one commit (a ``CommandGroup``), and their replies are shown once it is made; a command
    /// that arrives after the previous one was answered is stored and answered on its own. A
    /// long script thus pays for one commit per group, not per line, and every command that was
    /// answered is stored.
    public func runScript(descriptor: Int32 = STDIN_FILENO) -> ExitStatus {
        ScriptRunner(printer: printer, bail: bail).run(descriptor: descriptor)
    }

    /// A terminal on stdin: a line-edited prompt until `quit`, Ctrl-D, two Ctrl-C in a row on an
    /// empty line, or the end of input. Without a line editor, the lines are read as a script.
    public func runInteractive() -> ExitStatus {
        PromptRunner(printer: printer).run() ?? runScript()
    }
}
