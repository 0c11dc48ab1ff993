import Foundation
import LaundryAssistant
import LaundryCore

/// Turns a ``Reply`` into bubbles: the reply's words, and what its content draws around them
/// (a pet card, the dashboard grid, the quick-actions grid, help, history, the transcript).
struct ReplyView {
    /// A message's time as its caption ("09:45").
    let captionTime: (Date) -> String
    /// A wall-clock time for "ends at 09:45".
    let clockTime: (Date) -> String
    /// Who reads: this session's member. On a household's shared store another member's earlier
    /// lines are named (``LaundryCore/TranscriptMessage/typist(readBy:)``); nil names nobody.
    var reader: String?

    init(captionTime: @escaping (Date) -> String, clockTime: @escaping (Date) -> String, reader: String? = nil) {
        self.captionTime = captionTime
        self.clockTime = clockTime
        self.reader = reader
    }

    /// Times in `time`'s time zone, a caption against `now` (the session's clock).
    init(time: TimeWords, now: @escaping () -> Date, reader: String?) {
        self.init(captionTime: { time.caption($0, now: now()) }, clockTime: time.clockTime, reader: reader)
    }

    /// The reply's bubbles as `layout` will draw them: its width, its glyphs, and boxes inside a
    /// bubble only where it draws frames (not below 40 columns).
    func bubbles(for reply: Reply, in layout: BubbleLayout) -> [Bubble] {
        let role = role(of: reply)
        let width = layout.bodyWidth(for: role)
        let drawing = CardDrawing(glyphs: layout.glyphs, boxes: !layout.isNarrow)
        let caption = captionTime(reply.at)
        if case .transcript(let messages) = reply.content, !messages.isEmpty {
            // The stored messages are drawn faint, so that they do not read as new ones.
            return [Bubble(role: .assistant, body: Self.words(of: reply), caption: caption)]
                + messages.map { self.bubble(for: $0, dimmed: true) }
        }
        var bubble = Bubble(role: role, title: title(of: reply), body: body(of: reply, width: width, drawing: drawing), caption: caption)
        if role == .code { bubble.caption = nil }
        return [bubble]
    }

    /// A stored message as a bubble: the user's on the right, everything else on the left. A line
    /// another member typed (not ``reader``) is named with them.
    func bubble(for message: TranscriptMessage, dimmed: Bool) -> Bubble {
        let role: BubbleRole =
            switch message.role {
            case .user: .user
            case .notification: .notification
            case .assistant: message.ok == false ? .error : .assistant
            }
        var bubble = Bubble(role: role, body: Self.paragraphs(message.text), caption: captionTime(message.at), dimmed: dimmed)
        if role == .user, let reader, case let typist = message.typist(readBy: reader), typist != "You" { bubble.speaker = typist }
        return bubble
    }

    func bubble(for notification: LaundryNotification, at date: Date) -> Bubble {
        Bubble(role: .notification, title: "🔔 " + notification.title,
               body: [.text(StyledLine(notification.text, .ink(.plain, bold: true)))], caption: captionTime(date))
    }

    private func role(of reply: Reply) -> BubbleRole {
        if case .document = reply.content { return .code }
        switch reply.kind {
        case .error: return .error
        case .celebration: return .celebration
        case .answer, .question, .goodbye: return .assistant
        }
    }

    private func title(of reply: Reply) -> String? {
        switch reply.content {
        case .document(let format, _): return format.rawValue.uppercased()
        case .quickActions: return "⚡ Quick actions"
        case .help: return "Help"
        case .settings: return "Settings"
        case .dashboard(let pets) where pets.isEmpty: return "No Pets Yet"
        default: break
        }
        switch reply.kind {
        case .error: return "Not done"
        case .question: return "Question"
        default: return nil
        }
    }

    /// The reply's words, each styled by its role, then what its content draws in place of the
    /// words that only describe it (``Reply/Line/Role/contentText``).
    private func body(of reply: Reply, width: Int, drawing: CardDrawing) -> [BodyLine] {
        let words = Self.words(of: reply)
        switch reply.content {
        case .petCard(let pet):
            // "How is Snowy?" is answered by the card, with its status line (and above it, only a
            // note such as how a typo was read); after a change, the sentence says what happened
            // and the card shows where the pet is now.
            let card = PetCardView(pet: pet, clockTime: clockTime, showsStatus: reply.intent == .showPet, drawing: drawing).lines(width: width)
            return words.isEmpty ? card : words + [.fixed(StyledLine())] + card
        case .dashboard(let pets) where pets.isEmpty:
            return words + Self.emptyState
        case .dashboard(let pets):
            return words + CompactPetCard.grid(pets, width: width, drawing: drawing, clockTime: clockTime).map(BodyLine.fixed)
        case .quickActions(let actions):
            return words + QuickActionsView(actions: actions).lines(width: width)
        case .help(let sections):
            return words + helpLines(sections)
        case .document:
            var lines = reply.lines.map(\.text)
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines.map { .fixed(StyledLine($0)) }
        case .settings(let settings, let pets):
            return words + settingsLines(settings, pets: pets)
        default:
            return words
        }
    }

    /// A reply's lines that are words of their own (not the description of its content), each
    /// styled by its role.
    static func words(of reply: Reply) -> [BodyLine] {
        reply.lines.compactMap { line in
            let style: Style
            switch line.role {
            case .paragraph: style = .plain
            case .title: style = .ink(.accent, bold: true)
            case .lead: style = .ink(.secondary)
            case .groupHeading: style = .ink(.secondary, bold: true)
            case .contentText: return nil
            }
            return .text(StyledLine(line.text, style, hangingIndent: line.marker.map(DisplayWidth.of) ?? 0))
        }
    }

    /// Each line of a stored message's `text` as a paragraph that wraps. The transcript keeps only
    /// the words, so an entry of a list the assistant wrote is known again by how it starts —
    /// a bullet, or spaces — and its continuation is set under its words.
    static func paragraphs(_ text: String) -> [BodyLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            .text(StyledLine(String($0), hangingIndent: storedEntryIndent(of: $0)))
        }
    }

    /// The indent of a stored line's continuation: its leading spaces, then a bullet and its space.
    static func storedEntryIndent(of line: Substring) -> Int {
        let leading = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(leading)
        for bullet in ["• ", "- ", "· "] where rest.hasPrefix(bullet) {
            return leading + bullet.count
        }
        return leading
    }

    /// The welcome shown while there are no pets: what to do, and the sentence to type.
    static let emptyState: [BodyLine] = [
        .text(StyledLine("Create your first laundry pet to get started!")),
        .text(StyledLine()),
        .text(StyledLine("Type ", .ink(.secondary)) + StyledLine("“create pet Snowy”", .ink(.accent, bold: true))
            + StyledLine(" — or any name you like.", .ink(.secondary))),
    ]

    private func helpLines(_ sections: [HelpSection]) -> [BodyLine] {
        var lines: [BodyLine] = []
        for section in sections {
            lines.append(.text(StyledLine()))
            lines.append(.text(StyledLine(section.title, .ink(.accent, bold: true))))
            for entry in section.entries {
                var line = StyledLine("• " + entry.summary + " — ", hangingIndent: 2)
                for (index, example) in entry.examples.enumerated() {
                    if index > 0 { line.append(", ", .ink(.secondary)) }
                    line.append("“\(example)”", .ink(.accent))
                }
                lines.append(.text(line))
            }
        }
        return lines
    }

    /// The settings as a table: each name beside its value, the app's first, then each pet's.
    private func settingsLines(_ settings: AppSettings, pets: [PetSnapshot]) -> [BodyLine] {
        var rows: [(String, String)] = AppSettings.Key.allCases.map { key in
            (key.label, settings.shownValue(of: key))
        }
        rows += pets.map { pet in
            let s = pet.settings
            return (pet.name, "wash \(s.washMinutes) min · dry \(s.dryMinutes) min · every \(DurationText.plural(s.frequencyDays, "day"))")
        }
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines = rows.enumerated().map { index, row -> BodyLine in
            var line = StyledLine(row.0, .ink(index < AppSettings.Key.allCases.count ? .secondary : .plain, bold: index >= AppSettings.Key.allCases.count))
            line = line.padded(to: labelWidth + 2)
            line.append(row.1)
            return .text(line)
        }
        if pets.isEmpty {
            lines.append(.text(StyledLine("No pets yet — their wash time, dry time and frequency show here once you create one.", .ink(.secondary))))
        }
        lines.insert(.text(StyledLine("Change one by saying it, e.g. “turn off sound”.", .ink(.faint))), at: lines.count)
        return lines
    }
}

/// The quick actions (`/quick`): numbered cells in a grid as wide as the bubble allows.
struct QuickActionsView {
    let actions: [Reply.QuickAction]

    func lines(width: Int) -> [BodyLine] {
        let cells = actions.map { action -> StyledLine in
            var cell = StyledLine(" \(action.number) ", .ink(.accent, bold: true))
            cell.append(" " + action.label)
            return cell
        }
        let cellWidth = (cells.map(\.width).max() ?? 0) + 2
        let perRow = max(min((width + 1) / (cellWidth + 1), 4), 1)
        var lines: [BodyLine] = [.text(StyledLine("Type a number to run one.", .ink(.secondary)))]
        for start in stride(from: 0, to: cells.count, by: perRow) {
            let row = cells[start..<min(start + perRow, cells.count)]
            let line = row.enumerated().reduce(StyledLine()) { line, cell in
                line + (cell.offset == row.count - 1 ? cell.element : cell.element.padded(to: cellWidth + 1))
            }
            lines.append(.fixed(line))
        }
        return lines
    }
}
