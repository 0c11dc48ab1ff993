import Foundation
import LaundryAssistant
import LaundryCore
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// Seeds 001 and 003 draw a dead pet grey ("Gray tint, static"), not in the sad red —
/// in every palette, the 16 basic colours included.
@Suite struct DeadPetTests {
    @Test(arguments: [
        (ColorDepth.trueColor, Background.dark, "\u{1B}[38;2;153;153;153m"),
        (ColorDepth.trueColor, Background.light, "\u{1B}[38;2;107;107;107m"),
        (ColorDepth.palette256, Background.dark, "\u{1B}[38;5;102m"),
        (ColorDepth.palette256, Background.light, "\u{1B}[38;5;59m"),
        (ColorDepth.basic, Background.unknown, "\u{1B}[90m"),
    ])
    func aDeadPetIsGrey(depth: ColorDepth, background: Background, grey: String) {
        let theme = Theme(depth: depth, background: background)
        let dead = theme.draw(StyledLine("x_x", .ink(PetCardView.ink(for: .dead))))
        let sad = theme.draw(StyledLine("x_x", .ink(PetCardView.ink(for: .verySad))))
        #expect(dead.hasPrefix(grey), "\(dead.debugDescription)")
        #expect(dead != sad)
    }

    /// A pet left for 15 days (every 7 days: dead after 14), its card and the dashboard.
    static func drawn(theme: Theme) throws -> String {
        var (fixture, renderer) = try BubbleGoldenTests.fixture(columns: 80, theme: theme)
        let (time, assistant) = (fixture.time, fixture.assistant)
        _ = assistant.respond(to: "create pet Snowy")
        time.advance(minutes: 15 * 24 * 60)
        var out = ""
        for line in ["how is snowy", "/status"] {
            out += renderer.render(userLine: line, at: time.clock.now())
            out += renderer.render(assistant.respond(to: line))
        }
        return out
    }

    @Test(arguments: [BubbleGoldenTests.Palette.darkTrueColor, .light256])
    func aDeadPetsCardAndDashboard(palette: BubbleGoldenTests.Palette) throws {
        let text = try Self.drawn(theme: palette.theme)
        #expect(text.contains("has died from neglect"))
        try GoldenText.check(text, named: "dead-pet-80-\(palette.rawValue).txt")
    }
}
