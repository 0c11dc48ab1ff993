/// Who speaks in a bubble: it decides the side, the border's colour and the label.
enum BubbleRole: Sendable, Equatable {
    /// The user's message: right-aligned.
    case user
    case assistant
    /// Monospace text meant to be copied (an export to the screen): wider, never re-wrapped, no
    /// side borders, so that a copied line is exactly the line.
    case code
    case notification
    case error
    case celebration

    /// The label of the speaker in narrow, boxless output (and for screen readers).
    var label: String {
        switch self {
        case .user: "You"
        case .assistant, .code, .celebration: "LaundryTime"
        case .notification: "🔔 Notification"
        case .error: "LaundryTime (error)"
        }
    }

    var borderInk: Ink {
        switch self {
        case .user: .user
        case .assistant, .code: .faint
        case .notification: .accent
        case .error: .danger
        case .celebration: .happy
        }
    }

    /// The share of the terminal's width a bubble may take.
    var widthShare: Double { self == .code ? 0.9 : 0.85 }
}

/// One line of a bubble's body.
enum BodyLine: Sendable, Equatable {
    /// Prose: wrapped to the bubble's width.
    case text(StyledLine)
    /// Laid out for the width already (a card, a bar, a grid row): cut with "…" if too wide.
    case fixed(StyledLine)
}

/// A message bubble, before it is drawn at a width.
struct Bubble: Sendable {
    var role: BubbleRole
    /// Shown in the top border: "🔔 Wash Complete!", "Error".
    var title: String?
    var body: [BodyLine]
    /// The small timestamp under the bubble.
    var caption: String?
    /// Earlier messages, shown faint.
    var dimmed = false
    /// Who speaks, when not the role's own speaker: another member of the household ("Sam"),
    /// named in the frame (or the label, on a narrow terminal).
    var speaker: String?
}

/// The characters of a bubble's frame: rounded box drawing, or ASCII where the terminal's
/// character set cannot show box drawing (docs/terminal.md, "Frames").
struct BorderGlyphs: Sendable {
    let topLeft: String, topRight: String, bottomLeft: String, bottomRight: String
    let horizontal: String, vertical: String
    /// A card's square corners (stat boxes, the dashboard's pets), inside a bubble's round ones.
    let cardTopLeft: String, cardTopRight: String, cardBottomLeft: String, cardBottomRight: String
    /// A bar's filled and empty cells, and the eighths of a cell a bar may end in (none in ASCII).
    let barFull: String, barEmpty: String, barEighths: [String]

    /// Whether these are the ASCII stand-ins (for other text drawn with blocks, like a progress line).
    var isASCII: Bool { barFull == BorderGlyphs.ascii.barFull }

    static let rounded = BorderGlyphs(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│",
        cardTopLeft: "┌", cardTopRight: "┐", cardBottomLeft: "└", cardBottomRight: "┘",
        barFull: "█", barEmpty: "░", barEighths: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"])
    static let ascii = BorderGlyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        cardTopLeft: "+", cardTopRight: "+", cardBottomLeft: "+", cardBottomRight: "+",
        barFull: "#", barEmpty: "-", barEighths: [])
}

/// Draws bubbles at the terminal's current width.
///
/// A bubble is as wide as its content, at most 85 % of the columns (90 % for code); the user's
/// bubbles sit at the right edge, everyone else's at the left. Below ``narrowColumns`` there is no
/// room for frames: each message becomes a labelled block of plain lines.
struct BubbleLayout: Sendable {
    static let narrowColumns = 40

    let columns: Int
    let theme: Theme
    let glyphs: BorderGlyphs

    var isNarrow: Bool { columns < Self.narrowColumns }

    /// The widest body a bubble of `role` may have, in cells.
    func bodyWidth(for role: BubbleRole) -> Int {
        if isNarrow { return max(columns, 1) }
        let outer = Int((Double(columns) * role.widthShare).rounded(.down))
        return max(outer - (role == .code ? 0 : 4), 8)
    }

    /// The bubble's lines as the terminal should receive them, each ending in a newline.
    func draw(_ bubble: Bubble) -> String {
        let width = bodyWidth(for: bubble.role)
        var lines = fit(bubble.body, width: width, reflow: bubble.role != .code)
        if bubble.dimmed { lines = lines.map { $0.inked(.faint) } }
        return isNarrow ? drawLabelled(bubble, lines) : drawFramed(bubble, lines, maximumWidth: width)
    }

    private func fit(_ body: [BodyLine], width: Int, reflow: Bool) -> [StyledLine] {
        body.flatMap { line -> [StyledLine] in
            switch line {
            case .text(let text): reflow ? TextWrapper.wrap(text, width: width) : [text]
            case .fixed(let text): reflow ? [text.clipped(to: width)] : [text]
            }
        }
    }

    private func drawFramed(_ bubble: Bubble, _ lines: [StyledLine], maximumWidth: Int) -> String {
        let borderStyle = Style.ink(bubble.dimmed ? .faint : bubble.role.borderInk)
        let title = (bubble.title ?? bubble.speaker).map { " \($0) " } ?? ""
        let titleWidth = DisplayWidth.of(title)
        let contentWidth = lines.map(\.width).max() ?? 0
        let inner = min(max(contentWidth, titleWidth + 1), maximumWidth)
        let isCode = bubble.role == .code
        let outerWidth = isCode ? inner : inner + 4
        let indent = bubble.role == .user ? String(repeating: " ", count: max(columns - outerWidth, 0)) : ""
        let ruleWidth = isCode ? inner - 2 : inner + 2
        let shownTitle = titleWidth <= ruleWidth - 1 ? title : ""

        var out = ""
        func emit(_ line: StyledLine) { out += indent + theme.draw(line) + "\n" }
        let top = glyphs.topLeft + glyphs.horizontal + shownTitle
            + String(repeating: glyphs.horizontal, count: max(ruleWidth - 1 - DisplayWidth.of(shownTitle), 0)) + glyphs.topRight
        emit(StyledLine(top, borderStyle))
        let (left, right) = (StyledLine(glyphs.vertical + " ", borderStyle), StyledLine(" " + glyphs.vertical, borderStyle))
        for line in lines {
            if isCode {
                // Copied as it is: no frame beside it, no padding after it.
                out += theme.draw(line) + "\n"
            } else {
                emit(left + line.padded(to: inner) + right)
            }
        }
        emit(StyledLine(glyphs.bottomLeft + String(repeating: glyphs.horizontal, count: ruleWidth) + glyphs.bottomRight, borderStyle))
        if let caption = bubble.caption {
            let captionLine = StyledLine(caption, .ink(.faint))
            let pad = bubble.role == .user ? max(columns - captionLine.width - 1, 0) : 2
            out += String(repeating: " ", count: pad) + theme.draw(captionLine) + "\n"
        }
        return out
    }

    /// Narrow terminals: "You: …" / "LaundryTime: …" with no frame, an empty line after each
    /// message. The user's line follows its label; a reply starts on the line under its label.
    private func drawLabelled(_ bubble: Bubble, _ lines: [StyledLine]) -> String {
        let speaker = bubble.speaker ?? bubble.role.label
        let labelText = bubble.title.map { "\(speaker) — \($0):" } ?? "\(speaker):"
        let label = StyledLine(labelText, .ink(bubble.dimmed ? .faint : bubble.role.borderInk, bold: true))
        var out = ""
        if bubble.role == .user, case .text(let text)? = bubble.body.first, bubble.body.count == 1 {
            let inline = TextWrapper.wrap(label + StyledLine(" ") + (bubble.dimmed ? text.inked(.faint) : text), width: columns)
            out = inline.map { theme.draw($0) + "\n" }.joined()
        } else {
            out = theme.draw(label) + "\n" + lines.map { theme.draw($0) + "\n" }.joined()
        }
        return out + "\n"
    }
}
