import LaundryAssistant
import LaundryCore

/// `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto
    case always
    case never
}

/// How many colours the terminal shows.
enum ColorDepth: Sendable, Equatable {
    case none
    /// The 16 ANSI colours.
    case basic
    case palette256
    case trueColor

    /// The depth to use, the first rule that applies winning (docs/terminal.md, "Colour"): the
    /// `--color` option, then `NO_COLOR` (any non-empty value), then `FORCE_COLOR` /
    /// `CLICOLOR_FORCE`, then whether stdout is a terminal that is not `dumb`. How deep:
    /// `COLORTERM=truecolor|24bit` → 24-bit, a `*-256color` TERM → 256, otherwise 16.
    static func resolve(choice: ColorChoice, environment: [String: String], stdoutIsTerminal: Bool) -> ColorDepth {
        func isSet(_ name: String) -> Bool {
            guard let value = environment[name] else { return false }
            return !value.isEmpty && value != "0"
        }
        let term = environment["TERM"] ?? ""
        let enabled: Bool
        switch choice {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
                enabled = false
            } else if isSet("FORCE_COLOR") || isSet("CLICOLOR_FORCE") {
                enabled = true
            } else {
                enabled = stdoutIsTerminal && term != "dumb"
            }
        }
        guard enabled else { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.hasSuffix("256color") { return .palette256 }
        return .basic
    }
}

/// Whether the terminal's background is light or dark: it decides the text tones.
enum Background: Sendable, Equatable {
    case light
    case dark
    /// Not known: faint text uses the terminal's own "dim" attribute, readable on both.
    case unknown

    /// The background for an appearance setting; `system` reads `COLORFGBG` ("15;0" is light
    /// text on a dark background) when the terminal sets it.
    static func resolve(_ appearance: Appearance, environment: [String: String]) -> Background {
        switch appearance {
        case .light: return .light
        case .dark: return .dark
        case .system:
            guard let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
                let background = Int(last)
            else { return .unknown }
            return background == 7 || (9...15).contains(background) ? .light : .dark
        }
    }
}

/// The palette (docs/terminal.md, "Colour"), for a background and a colour depth: turns a
/// ``Style`` into the escape codes that draw it, or into nothing when colour is off.
struct Theme: Sendable {
    let depth: ColorDepth
    let background: Background

    static let plain = Theme(depth: .none, background: .unknown)

    /// The SGR sequence that starts `style`; empty for the plain style or without colour.
    func start(_ style: Style) -> String {
        guard depth != .none else { return "" }
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if let color = color(for: style.ink) {
            codes.append(color)
        } else if style.ink == .faint || style.ink == .secondary {
            codes.append("2")
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static let reset = "\u{1B}[0m"

    /// The line as the terminal should receive it: each styled span opened and closed, so that no
    /// colour runs past the line (into a border or the next line).
    func draw(_ line: StyledLine) -> String {
        var out = ""
        var index = line.spans.startIndex
        while index < line.spans.endIndex {
            // Neighbouring spans of one style share one escape.
            let style = line.spans[index].style
            var text = ""
            while index < line.spans.endIndex, line.spans[index].style == style {
                text += line.spans[index].text
                index += 1
            }
            let start = start(style)
            out += start.isEmpty ? text : start + text + Self.reset
        }
        return out
    }

    // MARK: - The palette

    struct RGB: Equatable {
        let red: Int, green: Int, blue: Int

        init(_ hex: Int) {
            red = hex >> 16 & 0xFF
            green = hex >> 8 & 0xFF
            blue = hex & 0xFF
        }

        /// Mixed toward black by `amount` (0…1): the palette's brights are too pale as text on a
        /// light background.
        func darkened(_ amount: Double) -> RGB {
            func mix(_ c: Int) -> Int { Int((Double(c) * (1 - amount)).rounded()) }
            return RGB(mix(red) << 16 | mix(green) << 8 | mix(blue))
        }
    }

    /// The colour of an ink on this background, as SGR parameters; nil for the terminal's default.
    private func color(for ink: Ink) -> String? {
        guard let rgb = rgb(for: ink) else { return nil }
        switch depth {
        case .none: return nil
        case .trueColor: return "38;2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        case .palette256: return "38;5;\(Self.index256(rgb))"
        case .basic: return Self.basicCode(for: ink)
        }
    }

    private func rgb(for ink: Ink) -> RGB? {
        let base: RGB
        switch ink {
        case .plain: return nil
        case .secondary, .faint:
            switch background {
            case .unknown: return nil  // drawn with SGR 2 (dim) instead
            case .light: return RGB(ink == .secondary ? 0x666666 : 0x999999)
            case .dark: return RGB(ink == .secondary ? 0xB3B3B3 : 0x808080)
            }
        case .accent: base = RGB(0x3399FF)
        case .user: base = RGB(0x007AFF)
        case .happy: base = RGB(0x33CC66)
        case .neutral: base = RGB(0xFF9933)
        case .sad, .danger: base = RGB(0xFF4D4D)
        case .dead: base = RGB(0x999999)
        case .wash: base = RGB(0x66CCFF)
        case .dry: base = RGB(0xFFCC33)
        case .fold: base = RGB(0x9966FF)
        }
        return background == .light ? base.darkened(0.3) : base
    }

    /// The nearest colour of the 6×6×6 cube of the 256-colour palette.
    static func index256(_ rgb: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearest(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
        }
        return 16 + 36 * nearest(rgb.red) + 6 * nearest(rgb.green) + nearest(rgb.blue)
    }

    /// The 16-colour stand-ins, chosen by meaning rather than by distance.
    private static func basicCode(for ink: Ink) -> String? {
        switch ink {
        case .plain, .secondary, .faint: nil
        case .accent, .user: "34"
        case .happy: "32"
        case .neutral, .dry: "33"
        case .sad, .danger: "31"
        case .dead: "90"
        case .wash: "36"
        case .fold: "35"
        }
    }
}
