import Foundation
@testable import LaundryAssistant
import LaundryCore
@testable import LaundryTerminal

/// One of the program's own printers (``ReplyPrinter``: the renderer it picks, its copy of a
/// failure to stderr), with what it writes kept for the checks instead of written.
final class CapturedPrinter {
    private(set) var printer: ReplyPrinter!
    private var written = ""

    /// - Parameter format: `.json`, or `.bubbles` with colour off.
    init(assistant: Assistant, format: OutputFormat, columns: Int) {
        let console = Console(
            out: { [unowned self] in written += $0 }, err: { [unowned self] in written += $0 },
            stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false, columns: { columns })
        printer = ReplyPrinter(
            assistant: assistant, console: console,
            display: DisplayOptions(format: format, color: .never, environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"]))
    }

    /// The line echoed, as a script echoes it before its reply (bubbles show it; JSON does not).
    func echo(_ line: String, at now: Date) {
        printer.out(printer.renderer.render(userLine: line, at: now))
    }

    /// A reply, as the script runner prints it — except that what follows a wait, a watch or the
    /// test notification is not followed: that takes real seconds (``ReplyPrinter/follow(_:)``),
    /// and the harness's clock stands still while a line is answered.
    func show(_ reply: Reply, line number: Int) {
        switch reply.content {
        case .wait, .watch, .delayedNotification:
            if printer.format == .bubbles {
                printer.renderer.use(printer.assistant.currentSettings().appearance, environment: printer.display.environment)
            }
            printer.out(printer.renderer.render(reply))
        default:
            printer.emit(reply, errorPrefix: "line \(number): ")
        }
    }

    /// A notice that came due, as the prompt shows it.
    func show(_ notification: LaundryNotification, at now: Date) {
        printer.out(printer.renderer.render(notification, at: now))
    }

    /// What was written since the last call.
    func take() -> String {
        defer { written = "" }
        return written
    }
}
