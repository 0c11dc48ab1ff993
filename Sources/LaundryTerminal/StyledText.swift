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
/// reaches the screen through a span can act on the terminal (TERMINAL.md §10), and a tab
/// becomes a space, so that widths stay what they are measured to be.
struct Span: Sendable, Equatable {
    let text: String
    let style: Style

    init(_ text: String, _ style: Style = .plain) {
        var clean = TextSanitizer.sanitize(text)
        if clean.contains("\t") || clean.contains("\n") {
            clean = String(clean.map { $0 == "\t" || $0 == "\n" ? " " : $0 })
        }
        self.text = clean
        self.style = style
    }
}

/// One line of styled text, with no line breaks in it.
struct StyledLine: Sendable, Equatable, ExpressibleByStringLiteral {
    var spans: [Span]

    init(_ spans: [Span] = []) {
        self.spans = spans.filter { !$0.text.isEmpty }
    }

    init(_ text: String, _ style: Style = .plain) {
        self.init([Span(text, style)])
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// Display width in terminal cells.
    var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    var text: String { spans.map(\.text).joined() }

    static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine { StyledLine(lhs.spans + rhs.spans) }

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
            result.append(String(prefix), span.style)
            room -= used
            if prefix.endIndex != span.text.endIndex { break }
        }
        result.append("…", spans.last?.style ?? .plain)
        return result
    }

    /// Every span restyled with `ink` (for dimmed, earlier messages).
    func inked(_ ink: Ink) -> StyledLine {
        StyledLine(spans.map { Span($0.text, Style(ink: ink, bold: $0.style.bold)) })
    }
}

/// Breaks styled text into lines of at most a given display width.
///
/// Lines break at spaces; a word longer than a whole line is broken between grapheme clusters,
/// never inside one. A line that starts with spaces or a bullet ("• ", "- ") keeps its
/// continuation lines indented under the text, so lists stay readable when they wrap. Each output
/// line carries its own spans, so colour is closed before every break and reopened after it.
enum TextWrapper {
    static func wrap(_ line: StyledLine, width: Int) -> [StyledLine] {
        let width = max(width, 1)
        guard line.width > width else { return [line] }
        var builder = Builder(width: width, hanging: min(hangingIndent(of: line.text), width / 2))
        for piece in pieces(of: line) {
            if piece.isSpace {
                builder.addSpace(piece)
            } else {
                builder.addWord(piece)
            }
        }
        return builder.finish()
    }

    /// A run of spaces, or a word: a run of other characters, possibly in several styles.
    private struct Piece {
        var spans: [Span]
        let isSpace: Bool
        var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }
    }

    private struct Builder {
        let width: Int
        let hanging: Int
        var lines: [StyledLine] = []
        var current: [Span] = []
        var currentWidth = 0
        var pendingSpace: Piece?
        var hasWord = false

        init(width: Int, hanging: Int) {
            self.width = width
            self.hanging = hanging
        }

        mutating func addSpace(_ piece: Piece) {
            if lines.isEmpty && current.isEmpty {
                // The first line's indentation is kept.
                current = piece.spans
                currentWidth = piece.width
            } else {
                pendingSpace = piece
            }
        }

        mutating func addWord(_ word: Piece) {
            let spaceWidth = pendingSpace?.width ?? 0
            if currentWidth + spaceWidth + word.width <= width {
                current += (pendingSpace?.spans ?? []) + word.spans
                currentWidth += spaceWidth + word.width
                pendingSpace = nil
                hasWord = true
                return
            }
            pendingSpace = nil
            if !isAtLineStart { breakLine() }
            if currentWidth + word.width <= width {
                current += word.spans
                currentWidth += word.width
                hasWord = true
                return
            }
            // Wider than a whole line: cut between grapheme clusters.
            for span in word.spans {
                var rest = Substring(span.text)
                while !rest.isEmpty {
                    let (piece, used) = DisplayWidth.prefix(of: rest, fitting: width - currentWidth)
                    if piece.isEmpty {
                        if currentWidth == 0 {
                            // One cluster wider than the line itself: it goes alone.
                            current.append(Span(String(rest.prefix(1)), span.style))
                            rest = rest.dropFirst()
                            hasWord = true
                            if !rest.isEmpty { breakLine() }
                        } else if isAtLineStart {
                            // Not even one cluster fits beside the indent: drop the indent.
                            current = []
                            currentWidth = 0
                        } else {
                            breakLine()
                        }
                        continue
                    }
                    current.append(Span(String(piece), span.style))
                    currentWidth += used
                    hasWord = true
                    rest = rest[piece.endIndex...]
                    if !rest.isEmpty { breakLine() }
                }
            }
        }

        /// No word on the current line yet (only its indent).
        private var isAtLineStart: Bool { !hasWord }

        private mutating func breakLine() {
            lines.append(StyledLine(current))
            current = hanging > 0 ? [Span(String(repeating: " ", count: hanging))] : []
            currentWidth = hanging
            hasWord = false
        }

        mutating func finish() -> [StyledLine] {
            if !isAtLineStart || lines.isEmpty { lines.append(StyledLine(current)) }
            return lines
        }
    }

    /// Runs of spaces and words; a word that crosses a change of style stays one word.
    private static func pieces(of line: StyledLine) -> [Piece] {
        var result: [Piece] = []
        for span in line.spans {
            var start = span.text.startIndex
            while start < span.text.endIndex {
                let isSpace = span.text[start] == " "
                let end = span.text[start...].firstIndex { ($0 == " ") != isSpace } ?? span.text.endIndex
                let run = Span(String(span.text[start..<end]), span.style)
                if let last = result.last, last.isSpace == isSpace {
                    result[result.count - 1].spans.append(run)
                } else {
                    result.append(Piece(spans: [run], isSpace: isSpace))
                }
                start = end
            }
        }
        return result
    }

    /// The indent of a line's continuation: its leading spaces, plus a bullet and its space.
    static func hangingIndent(of text: String) -> Int {
        let leading = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(leading)
        for bullet in ["• ", "- ", "· "] where rest.hasPrefix(bullet) {
            return leading + bullet.count
        }
        return leading
    }
}
