import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// A whole conversation drawn as bubbles at 40, 80 and 120 columns, without colour and in the
/// light and dark palettes, compared with golden text — and checked for what a user would see
/// go wrong first: a line wider than the terminal, or a frame whose sides do not line up.
@Suite struct BubbleGoldenTests {
    static let script = [
        "create pet Snowy", "create pet 雪", "create pet 👨‍👩‍👧 Crew", "start wash for snowy", "/status", "how is snowy",
        "start dryer for snowy", "/quick", "help wash", "/settings", "export history as csv", "history", "delete zoë",
    ]

    /// An assistant on a fresh store with the clock at 2026-03-01 09:00 UTC, and a bubble
    /// renderer for it.
    static func fixture(columns: Int, theme: Theme) throws -> (AssistantFixture, BubbleRenderer) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let fixture = try AssistantFixture(calendar: calendar)
        let assistant = fixture.assistant
        let renderer = BubbleRenderer(
            theme: theme, glyphs: .rounded, view: ReplyView(time: TimeWords(calendar: assistant.calendar), now: fixture.time.clock.now, reader: fixture.store.member),
            columns: { columns })
        return (fixture, renderer)
    }

    /// The conversation as the renderer draws it, with the clock moving a minute per line.
    static func conversation(columns: Int, theme: Theme) throws -> String {
        var (fixture, renderer) = try fixture(columns: columns, theme: theme)
        let (time, assistant) = (fixture.time, fixture.assistant)
        var out = renderer.render(opening: try #require(assistant.opening(messageLimit: 6)))
        for line in script {
            out += renderer.render(userLine: line, at: time.clock.now())
            out += renderer.render(assistant.respond(to: line))
            time.advance(minutes: 1)
        }
        time.advance(minutes: 45)
        out += renderer.render(LaundryNotification(title: "Wash Complete!", text: "Snowy is ready for the dryer!", pet: "Snowy"), at: time.clock.now())
        return out
    }

    /// The palettes the goldens are drawn in.
    enum Palette: String, CaseIterable, Sendable {
        case none
        case darkTrueColor = "dark-truecolor"
        case light256 = "light-256"

        var theme: Theme {
            switch self {
            case .none: .plain
            case .darkTrueColor: Theme(depth: .trueColor, background: .dark)
            case .light256: Theme(depth: .palette256, background: .light)
            }
        }

        /// The colour sequence the palette must use (nil: no escapes at all).
        var colourSequence: String? {
            switch self {
            case .none: nil
            case .darkTrueColor: "\u{1B}[38;2;"
            case .light256: "\u{1B}[38;5;"
            }
        }
    }

    @Test(arguments: [40, 80, 120], Palette.allCases)
    func conversationAt(columns: Int, palette: Palette) throws {
        let text = try Self.conversation(columns: columns, theme: palette.theme)
        if let sequence = palette.colourSequence {
            #expect(text.contains(sequence))
            #expect(!text.contains(palette == .light256 ? "\u{1B}[38;2;" : "\u{1B}[38;5;"), "one colour depth only")
        } else {
            #expect(!text.contains("\u{1B}"))
        }
        try Self.checkFrames(text, columns: columns)
        try GoldenText.check(text, named: "conversation-\(columns)" + (palette == .none ? "" : "-\(palette.rawValue)") + ".txt")
    }

    @Test func narrowTerminalsGetLabelledLinesWithoutFrames() throws {
        let text = try Self.conversation(columns: 36, theme: .plain)
        #expect(!text.contains("╭"))
        #expect(text.contains("You: create pet Snowy"))
        #expect(text.contains("LaundryTime:\nMeet Snowy!"))
        try GoldenText.check(text, named: "conversation-36.txt")
    }

    /// No line is wider than the terminal (the CSV document excepted: it is never re-wrapped),
    /// and every line of a framed bubble ends in the same column as its top border.
    static func checkFrames(_ text: String, columns: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var frameWidth: Int?
        var inDocument = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let width = DisplayWidth.of(line)
            let trimmed = line.drop { $0 == " " }
            let plain = String(trimmed).replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            if plain.hasPrefix("╭─ CSV") { inDocument = true }
            if inDocument {
                if plain.hasPrefix("╰") { inDocument = false }
                continue
            }
            #expect(width <= columns, "line \(number + 1) is \(width) columns wide: \(line)", sourceLocation: sourceLocation)
            if plain.hasPrefix("╭") { frameWidth = width }
            if plain.hasPrefix("│"), let frameWidth {
                #expect(width == frameWidth, "line \(number + 1) does not line up with its frame: \(line)", sourceLocation: sourceLocation)
            }
            if plain.hasPrefix("╰") {
                #expect(width == frameWidth, "line \(number + 1) does not close its frame: \(line)", sourceLocation: sourceLocation)
                frameWidth = nil
            }
        }
    }
}
