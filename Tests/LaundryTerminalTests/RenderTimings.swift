import Foundation
import LaundryCore
import LaundryAssistant
import Testing

@testable import LaundryTerminal

/// How long one line of hostile size takes to render, in every output mode, at doubling sizes:
/// the ratio between neighbours is about 2 where rendering is linear and 4 where it is quadratic
///. A measurement, not a check: it runs only when asked, and prints a table.
///
///     LAUNDRYTIME_RENDER_TIMINGS=1 swift test -c release --filter RenderTimings
///
/// `LAUNDRYTIME_RENDER_SIZES` (KiB, comma-separated, default 64,128,256,512,1024) picks the sizes;
/// a case that took longer than `LAUNDRYTIME_RENDER_BUDGET` seconds (default 10) skips its larger sizes.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LAUNDRYTIME_RENDER_TIMINGS"] != nil))
struct RenderTimings {
    /// The kinds of line, each a unit repeated up to the size.
    static let inputs: [(name: String, unit: String)] = [
        ("plain words", "Snowy is ready for the dryer and wants a fold "),
        ("one long word", "abcdefghijklmnopqrstuvwxyz"),
        ("escapes", "\u{1B}[2J"),
        ("CJK words", "雪は洗濯機の中で幸せです "),
        ("CJK, no spaces", "雪は洗濯機の中で幸せです"),
        ("ZWJ emoji", "👨‍👩‍👧"),
        ("flags", "🇯🇵🇫🇷"),
        ("combining marks", "e\u{301}\u{302}"),
    ]

    /// The output modes: each turns a line of text into what the terminal or a pipe receives.
    static let modes: [(name: String, render: @Sendable (String) -> String)] = [
        ("user bubble 80", { text in render(bubbles(80), userLine: text) }),
        ("assistant bubble 80", { text in render(bubbles(80), reply(text)) }),
        ("code bubble 80", { text in render(bubbles(80), reply(text, content: .document(format: .csv, summary: "the history as CSV"))) }),
        ("user labelled 36", { text in render(bubbles(36), userLine: text) }),
        ("assistant labelled 36", { text in render(bubbles(36), reply(text)) }),
        ("colour assistant 80", { text in render(bubbles(80, theme: Theme(depth: .trueColor, background: .dark)), reply(text)) }),
        ("plain", { text in render(PlainRenderer(), reply(text)) }),
        ("json", { text in render(JSONRenderer(), reply(text)) }),
    ]

    static func render(_ renderer: some ReplyRenderer, _ reply: Reply) -> String {
        var renderer = renderer
        return renderer.render(reply)
    }

    static func render(_ renderer: some ReplyRenderer, userLine: String) -> String {
        var renderer = renderer
        return renderer.render(userLine: userLine, at: epoch)
    }

    static let epoch = Date(timeIntervalSince1970: 1_772_355_600)

    static func bubbles(_ columns: Int, theme: Theme = .plain) -> BubbleRenderer {
        BubbleRenderer(theme: theme, glyphs: .rounded, view: ReplyView(captionTime: { _ in "09:00" }, clockTime: { _ in "09:00" }),
                       columns: { columns })
    }

    static func reply(_ text: String, content: Reply.Content? = nil) -> Reply {
        Reply(input: "", intent: .status, text: text, at: epoch, content: content)
    }

    /// `unit` repeated to `bytes` of UTF-8 (whole units).
    static func line(of unit: String, bytes: Int) -> String {
        String(repeating: unit, count: max(bytes / unit.utf8.count, 1))
    }

    @Test func printTimings() {
        let environment = ProcessInfo.processInfo.environment
        let sizes = (environment["LAUNDRYTIME_RENDER_SIZES"] ?? "64,128,256,512,1024")
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let budget = Double(environment["LAUNDRYTIME_RENDER_BUDGET"] ?? "10") ?? 10
        let onlyInput = environment["LAUNDRYTIME_RENDER_INPUT"]
        let onlyMode = environment["LAUNDRYTIME_RENDER_MODE"]
        print("seconds per render; (×n) is the ratio to the previous size")
        print("input".padding(toLength: 18, withPad: " ", startingAt: 0) + "mode".padding(toLength: 24, withPad: " ", startingAt: 0)
              + sizes.map { "\($0) KiB".padding(toLength: 17, withPad: " ", startingAt: 0) }.joined())
        for input in Self.inputs where onlyInput.map({ input.name.contains($0) }) ?? true {
            for mode in Self.modes where onlyMode.map({ mode.name.contains($0) }) ?? true {
                var row = input.name.padding(toLength: 18, withPad: " ", startingAt: 0) + mode.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                var previous: Double?
                for size in sizes {
                    let text = Self.line(of: input.unit, bytes: size * 1024)
                    let clock = ContinuousClock()
                    var output = 0
                    let elapsed = clock.measure { output = mode.render(text).utf8.count }
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    #expect(output > 0)
                    let ratio = previous.map { String(format: " (×%.1f)", seconds / $0) } ?? ""
                    row += (String(format: "%.3f", seconds) + ratio).padding(toLength: 17, withPad: " ", startingAt: 0)
                    previous = seconds
                    if seconds > budget { break }
                }
                print(row)
            }
        }
    }
}
