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
            if reply.kind == .goodbye || (bail && !reply.ok) { break }
        }
        return status
    }

    /// One-shot mode: the words after the options are one command.
    public func runOneShot(_ line: String) -> ExitStatus {
        emit(assistant.respond(to: line), errorPrefix: "", copyErrors: !StandardStreams.stdoutIsTerminal)
        return status
    }

    /// A terminal on stdin: a line-edited prompt until `quit`, Ctrl-D or end of input.
    public func runInteractive() -> ExitStatus {
        guard let editor = LineEditor(program: "laundrytime") else { return runScript() }
        StandardStreams.out("LaundryTime — type “help” to see what you can say, “quit” to leave.\n")
        while true {
            switch editor.read(prompt: "laundrytime› ") {
            case .endOfInput:
                StandardStreams.out("\nBye! Your pets will be waiting. 🧺\n")
                return status
            case .cancelled:
                // The abandoned line stays on screen; the next prompt starts below it.
                StandardStreams.out("\n")
            case .line(let text):
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else { continue }
                editor.remember(trimmed)
                let reply = assistant.respond(to: trimmed)
                emit(reply, errorPrefix: "", copyErrors: false)
                if reply.kind == .goodbye { return status }
            }
        }
    }

    /// Prints a reply and folds its outcome into the exit status. In plain mode a failure is
    /// also written to stderr (sqlite3-style, with the line number), for scripts that log it.
    private func emit(_ reply: Reply, errorPrefix: String, copyErrors: Bool = true) {
        StandardStreams.out(renderer.render(reply))
        guard let failure = reply.failure else { return }
        let outcome: ExitStatus = failure == .store ? .storeUnavailable : .commandFailed
        if outcome.rawValue > status.rawValue { status = outcome }
        if copyErrors && format != .json {
            let firstLine = reply.text.split(separator: "\n").first.map(String.init) ?? ""
            StandardStreams.err("laundrytime: \(errorPrefix)\(TextSanitizer.sanitize(firstLine))\n")
        }
    }
}
