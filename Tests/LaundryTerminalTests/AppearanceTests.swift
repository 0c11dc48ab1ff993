import Foundation
import LaundryAssistant
import LaundryCore
import Testing

@testable import LaundryTerminal

/// The appearance setting reaches the screen (it once changed nothing, because `use(_:)`,
/// `hint` and `promptStyle` were only in a protocol extension, and the session calls them through
/// `any ReplyRenderer`, which reached the extension's empty defaults).
@Suite struct AppearanceTests {
    static let epoch = Date(timeIntervalSince1970: 1_772_355_600)

    static func renderer(depth: ColorDepth = .trueColor) -> any ReplyRenderer {
        BubbleRenderer(theme: Theme(depth: depth, background: .unknown), glyphs: .rounded,
                       view: ReplyView(captionTime: { _ in "09:00" }, clockTime: { _ in "09:00" }), columns: { 80 })
    }

    static func drawn(after appearance: Appearance) -> (reply: String, hint: String, prompt: String) {
        var renderer = renderer()
        renderer.use(appearance, environment: [:])
        let reply = renderer.render(Reply(input: "how is snowy", intent: .showPet, text: "Snowy is so happy!", at: epoch))
        return (reply, renderer.hint("Press Ctrl-C again or Ctrl-D to leave."), renderer.promptStyle)
    }

    @Test func lightAndDarkDifferThroughTheSessionsRenderer() {
        let light = Self.drawn(after: .light), dark = Self.drawn(after: .dark)
        #expect(light.reply != dark.reply, "the palette follows the setting")
        #expect(light.hint != dark.hint)
        #expect(!light.prompt.isEmpty && light.prompt.hasPrefix("\u{1B}["), "the prompt has its colour")
        // The same drawing as a renderer made in that palette.
        var made = BubbleRenderer(theme: Theme(depth: .trueColor, background: .dark), glyphs: .rounded,
                                  view: ReplyView(captionTime: { _ in "09:00" }, clockTime: { _ in "09:00" }), columns: { 80 })
        #expect(dark.reply == made.render(Reply(input: "how is snowy", intent: .showPet, text: "Snowy is so happy!", at: Self.epoch)))
    }

    @Test func plainTextIgnoresTheAppearance() {
        var plain: any ReplyRenderer = PlainRenderer()
        plain.use(.dark, environment: [:])
        #expect(plain.promptStyle.isEmpty && plain.hint("x") == "x\n")
    }
}
