import Foundation

/// Where a session writes and what it knows of the terminal: the two output streams, which of
/// the three standard streams are terminals, and the width. The program uses ``standard(environment:)``;
/// a test passes its own, so that a runner and every renderer can be run in-process.
public struct Console {
    /// Writes to standard output.
    public var out: (String) -> Void
    /// Writes to standard error.
    public var err: (String) -> Void
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The terminal's width in columns, asked each time (the window may have been resized).
    public var columns: () -> Int

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, stdinIsTerminal: Bool,
                stdoutIsTerminal: Bool, stderrIsTerminal: Bool, columns: @escaping () -> Int) {
        self.out = out
        self.err = err
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.columns = columns
    }

    /// The process's own stdout and stderr (a closed pipe ends the program quietly; see
    /// ``StandardStreams``), and its terminal's width (`COLUMNS` first).
    public static func standard(environment: [String: String]) -> Console {
        Console(out: StandardStreams.out, err: StandardStreams.err, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
                columns: { TerminalSize.columns(environment: environment) })
    }

    /// Whether stdout and stderr are both the terminal: then an error said in a reply is not
    /// copied to stderr (the user would read it twice).
    var bothOutputsAreTerminals: Bool { stdoutIsTerminal && stderrIsTerminal }
}
