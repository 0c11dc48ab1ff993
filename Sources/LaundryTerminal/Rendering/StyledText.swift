/// What a piece of text means on screen. The ``Theme`` turns it into a colour (or into nothing,
/// when colour is off), so views say what text is, never which escape code it gets.
enum Ink: Sendable, Equatable {
    /// The terminal's own foreground: body text.
    case plain
    /// Less important text: labels, hints.
    case secondary
    /// The least important text: timestamps, borders, earlier messages.
    case faint
    /// The brand blue: headings, the assistant's accents.
    case accent
    /// The user's own messages.
    case user
    case happy
    case neutral
    case sad
    /// A dead pet: a still grey, not the sad red.
    case dead
    case wash
    case dry
    case fold
    /// Errors.
    case danger
}

/// How a span of text is drawn.
struct Style: Sendable, Equatable {
    var ink: Ink = .plain
    var bold = false

    static let plain = Style()
    static func ink(_ ink: Ink, bold: Bool = false) -> Style { Style(ink: ink, bold: bold) }
}

/// A run of text in one style. The text is sanitised when the span is made, so nothing that
/// reaches the screen through a span can act on the terminal (docs/terminal.md, "Untrusted
/// text"), and a tab becomes a space, so that widths stay what they are measured to be. Its width
/// is measured then too, once: lines add up their spans' widths many times while they are laid
/// out.
struct Span: Sendable, Equatable {
    let text: String
    let style: Style
    /// Display width in terminal cells.
    let width: Int

    init(_ text: String, _ style: Style = .plain) {
        let clean = TextSanitizer.sanitize(text, spacingWhitespace: true)
        self.init(clean: clean, style, width: DisplayWidth.of(clean))
    }

    /// A span of text that is sanitised already (a part of another span's text) and measured.
    init(clean text: String, _ style: Style, width: Int) {
        self.text = text
        self.style = style
        self.width = width
    }
}

/// One line of styled text, with no line breaks in it.
struct StyledLine: Sendable, Equatable, ExpressibleByStringLiteral {
    var spans: [Span]
    /// Where the line's continuation starts when it wraps, in cells: under the words after a list
    /// entry's marker ("• "). Said by whoever made the line, which knows it is an entry; 0 for
    /// flush continuation lines.
    var hangingIndent = 0

    init(_ spans: [Span] = [], hangingIndent: Int = 0) {
        self.spans = spans.filter { !$0.text.isEmpty }
        self.hangingIndent = hangingIndent
    }

    init(_ text: String, _ style: Style = .plain, hangingIndent: Int = 0) {
        self.init([Span(text, style)], hangingIndent: hangingIndent)
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// Display width in terminal cells.
    var width: Int { spans.reduce(0) { $0 + $1.width } }

    var text: String { spans.map(\.text).joined() }

    static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
        StyledLine(lhs.spans + rhs.spans, hangingIndent: lhs.hangingIndent)
    }

    mutating func append(_ text: String, _ style: Style = .plain) {
        if !text.isEmpty { spans.append(Span(text, style)) }
    }

    /// The line followed by spaces up to `width` cells.
    func padded(to width: Int) -> StyledLine {
        let missing = width - self.width
        return missing > 0 ? self + StyledLine(String(repeating: " ", count: missing)) : self
    }

    /// The line cut to at most `width` cells at a grapheme boundary, with "…" when cut.
    func clipped(to width: Int) -> StyledLine {
        guard self.width > width else { return self }
        var result = StyledLine()
        var room = max(width - 1, 0)
        for span in spans {
            let (prefix, used) = DisplayWidth.prefix(of: span.text, fitting: room)
            if !prefix.isEmpty { result.spans.append(Span(clean: String(prefix), span.style, width: used)) }
            room -= used
            if prefix.endIndex != span.text.endIndex { break }
        }
        result.append("…", spans.last?.style ?? .plain)
        return result
    }

    /// Every span restyled with `ink` (for dimmed, earlier messages).
    func inked(_ ink: Ink) -> StyledLine {
        StyledLine(spans.map { Span(clean: $0.text, Style(ink: ink, bold: $0.style.bold), width: $0.width) }, hangingIndent: hangingIndent)
    }
}
