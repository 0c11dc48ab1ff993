import Foundation

/// Writing to stdout and stderr, and asking whether they are terminals.
///
/// A reader that went away (`laundrytime … | head -1`) is not an error to report: the program
/// stops quietly, as `cat` does, with the status it had earned so far (1 if a command had
/// failed). Any other failure to write — a full disk, an I/O error — is: the program says so on
/// stderr and exits 1, since what it answered was not seen (coreutils' rule). Everything the
/// program writes goes through here — `--help` and the reminders too — and nothing through
/// `print` (stdio would lose the error at exit) or FileHandle's `write(_:)` (which traps on it).
public enum StandardStreams {
    /// The exit status earned so far, for an end forced by a closed pipe. The session keeps it.
    nonisolated(unsafe) static var earnedStatus: Int32 = 0

    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var bothOutputsAreTerminals: Bool { stdoutIsTerminal && isatty(STDERR_FILENO) == 1 }

    /// Ignores SIGPIPE so a closed pipe shows up as EPIPE from `write`, handled below.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func out(_ text: String) { write(text, to: STDOUT_FILENO) }
    public static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                let code = written < 0 ? errno : EIO
                // Nobody is reading any more: stop quietly.
                if code == EPIPE { exit(earnedStatus) }
                if descriptor != STDERR_FILENO {
                    let stream = descriptor == STDOUT_FILENO ? "standard output" : "descriptor \(descriptor)"
                    let message = "laundrytime: cannot write to \(stream): \(String(cString: strerror(code))).\n"
                    _ = message.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) }
                }
                exit(1)
            }
        }
    }
}
