import Foundation
import LaundryPlatform

/// The terminal's width, asked afresh before every reply, so that a resized window changes the
/// width of the next bubbles (what is printed already stays as it is).
enum TerminalSize {
    /// Columns from the terminal on stdout (or stdin, or stderr), else `COLUMNS`, else 80.
    static func columns(environment: [String: String] = ProcessEnvironment.current()) -> Int {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }
}
