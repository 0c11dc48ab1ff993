import Foundation
import LaundryPlatform

/// How replies are written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Bubbles when stdout is a terminal, plain text otherwise.
    case auto
    /// Message bubbles with box drawing and colour (docs/terminal.md).
    case bubbles
    /// The same words with no boxes and no escapes: for pipes, `grep` and screen readers.
    case plain
    case json
}

/// How output looks: the format, colour, and the environment that decides the rest (`TERM`,
/// `COLORTERM`, `NO_COLOR`, `COLORFGBG`, the locale, `XDG_STATE_HOME`).
public struct DisplayOptions: Sendable {
    public var format: OutputFormat
    public var color: ColorChoice
    /// No spinner (`--no-animation`, or `LAUNDRYTIME_REDUCE_MOTION=1`).
    public var reduceMotion: Bool
    public var environment: [String: String]

    public init(format: OutputFormat, color: ColorChoice = .auto, noAnimation: Bool = false,
                environment: [String: String] = ProcessEnvironment.current()) {
        self.format = format
        self.color = color
        self.environment = environment
        let asked = environment["LAUNDRYTIME_REDUCE_MOTION"] ?? ""
        reduceMotion = noAnimation || (!asked.isEmpty && asked != "0")
    }

    /// `auto` decided: bubbles on a terminal, plain text into a pipe or file.
    func resolvedFormat(stdoutIsTerminal: Bool) -> OutputFormat {
        format == .auto ? (stdoutIsTerminal ? .bubbles : .plain) : format
    }

    /// Box drawing needs a UTF-8 locale; `LAUNDRYTIME_BORDERS=ascii` asks for `+-|` anyway.
    var glyphs: BorderGlyphs {
        if environment["LAUNDRYTIME_BORDERS"] == "ascii" { return .ascii }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8") ? .rounded : .ascii
    }
}
