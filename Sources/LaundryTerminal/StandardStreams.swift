import Foundation

/// Writing to stdout and stderr, and asking whether they are terminals.
///
/// A reader that went away (`laundrytime … | head -1`) is not an error to report: the program
/// stops quietly, as `cat` does.
enum StandardStreams {
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var bothOutputsAreTerminals: Bool { stdoutIsTerminal && isatty(STDERR_FILENO) == 1 }

    /// Ignores SIGPIPE so a closed pipe shows up as EPIPE from `write`, handled below.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                // EPIPE or another dead end: nobody is reading any more.
                exit(descriptor == STDOUT_FILENO ? 0 : 1)
            }
        }
    }
}
