import Foundation
import LaundryAssistant
import LaundryCore

/// A chat in a terminal: each message a bubble, the user's on the right, the
/// assistant's on the left, drawn at the terminal's width of the moment (asked before every
/// message, so a resize changes the next bubbles) and in the theme's colours.
struct BubbleRenderer: ReplyRenderer {
    var theme: Theme
    let glyphs: BorderGlyphs
    var view: ReplyView
    /// The terminal's width now.
    let columns: () -> Int

    mutating func use(_ appearance: Appearance, environment: [String: String]) {
        theme = Theme(depth: theme.depth, background: Background.resolve(appearance, environment: environment))
    }

    mutating func use(_ time: TimeWords, now: @escaping () -> Date, reader: String) {
        view = ReplyView(time: time, now: now, reader: reader)
    }

    func hint(_ text: String) -> String { theme.draw(StyledLine(text, .ink(.secondary))) + "\n" }

    var promptStyle: String { theme.start(.ink(.accent, bold: true)) }

    var layout: BubbleLayout { BubbleLayout(columns: columns(), theme: theme, glyphs: glyphs) }

    mutating func render(_ reply: Reply) -> String {
        let layout = layout
        return view.bubbles(for: reply, in: layout).map(layout.draw).joined()
    }

    mutating func render(_ notification: LaundryNotification, at date: Date) -> String {
        layout.draw(view.bubble(for: notification, at: date))
    }

    mutating func render(userLine: String, at date: Date) -> String {
        layout.draw(Bubble(role: .user, body: [.text(StyledLine(userLine))], caption: view.captionTime(date)))
    }

    /// The header (title, the store's state, the pet count), the latest messages faint under
    /// "Earlier today", then the welcome for a new user or a one-line hint.
    mutating func render(opening: SessionOpening) -> String {
        let layout = layout
        let width = layout.columns
        var out = render(header: opening)
        if !opening.earlier.isEmpty {
            out += theme.draw(StyledLine(opening.earlierIsToday ? "Earlier today" : "Earlier", .ink(.faint, bold: true))) + "\n"
            out += opening.earlier.map { layout.draw(view.bubble(for: $0, dimmed: true)) }.joined()
            out += theme.draw(StyledLine(String(repeating: layout.glyphs.horizontal, count: max(width, 1)), .ink(.faint))) + "\n"
        }
        if opening.emptyState != nil {
            out += layout.draw(Bubble(role: .assistant, title: "No Pets Yet", body: ReplyView.emptyState))
        }
        var hint = StyledLine("Type ", .ink(.secondary))
        for (index, (command, meaning)) in [("help", "to see what you can say"), ("/quick", "for quick actions"), ("quit", "to leave")].enumerated() {
            hint.append("“\(command)”", .ink(.accent))
            hint.append(" \(meaning)" + (index == 0 ? ", " : index == 1 ? ", " : "."), .ink(.secondary))
        }
        out += TextWrapper.wrap(hint, width: width).map { theme.draw($0) + "\n" }.joined()
        return out
    }

    /// The title with the store's state and the pet count on its right, and a rule under them.
    mutating func render(header opening: SessionOpening) -> String {
        let layout = layout
        let width = layout.columns
        var title = StyledLine("🧺 LaundryTime", .ink(.accent, bold: true))
        let dot: Ink = switch opening.state {
        case .connected: .happy
        case .readOnly: .neutral
        case .unavailable: .sad
        }
        var status = StyledLine("●", .ink(dot))
        status.append(" " + opening.state.label, .ink(.secondary))
        status.append(" · " + DurationText.plural(opening.petCount, "pet"), .ink(.secondary))
        let gap = width - title.width - status.width
        title = gap >= 2 ? title + StyledLine(String(repeating: " ", count: gap)) + status : title
        var out = theme.draw(title) + "\n"
        if gap < 2 { out += theme.draw(status) + "\n" }
        return out + theme.draw(StyledLine(String(repeating: layout.glyphs.horizontal, count: max(width, 1)), .ink(.faint))) + "\n"
    }
}
