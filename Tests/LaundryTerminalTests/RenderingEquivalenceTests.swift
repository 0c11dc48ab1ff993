import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// The fast sanitiser, measure and wrapper against the plain ones they replaced
/// (``ReferenceRendering``), on random text made of the pieces that tell them apart: ASCII words
/// and spaces of every length, CJK, ZWJ families, flags, combining marks (after spaces too),
/// controls, escapes, C1 and bidi characters, bullets. The seeds are fixed: every run checks the
/// same cases.
@Suite struct RenderingEquivalenceTests {
    static let fragments = [
        "a", "Snowy", "is", "ready", "abcdefghijklmnopqrstuvwxyz", " ", " ", "  ", "     ", "雪", "東京", "ｱ",
        "👨‍👩‍👧", "🇯🇵", "🇫", "🏳️‍🌈", "🧺", "❤️", "✓", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{0600}",
        "\u{0915}\u{094D}\u{0937}", "•", "• ", "- ", "\t", "\n", "\r\n", "\r", "\u{1B}", "\u{1B}[2J", "\u{1B}]0;x\u{07}",
        "[31m", "\u{07}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{AD}", "\u{200B}", "…",
    ]

    static func randomText(_ random: inout SplitMix64, maximumFragments: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maximumFragments, using: &random) {
            let fragment = fragments.randomElement(using: &random)!
            text += Int.random(in: 0..<8, using: &random) == 0
                ? String(repeating: fragment, count: Int.random(in: 2...40, using: &random)) : fragment
        }
        return text
    }

    @Test func theSanitiserAgreesWithTheScalarByScalarOne() {
        var random = SplitMix64(seed: 0x5A41_7001)
        for _ in 0..<2_000 {
            let text = Self.randomText(&random, maximumFragments: 12)
            #expect(TextSanitizer.sanitize(text) == ReferenceRendering.sanitize(text), "\(text.debugDescription)")
            #expect(Span(text).text == ReferenceRendering.spanText(text), "\(text.debugDescription)")
        }
    }

    @Test func widthsAndPrefixesAgreeWithTheClusterByClusterOnes() {
        var random = SplitMix64(seed: 0x5A41_7002)
        for _ in 0..<2_000 {
            let text = Self.randomText(&random, maximumFragments: 12)
            let expectedWidth = ReferenceRendering.width(of: text[...])
            #expect(DisplayWidth.of(text) == expectedWidth, "\(text.debugDescription)")
            #expect(Span(text).width == DisplayWidth.of(Span(text).text), "\(text.debugDescription)")
            let cells = Int.random(in: -1...(expectedWidth + 1), using: &random)
            let (prefix, width) = DisplayWidth.prefix(of: text, fitting: cells)
            let expected = ReferenceRendering.prefix(of: text[...], fitting: cells)
            #expect(prefix == expected.prefix && prefix.endIndex == expected.prefix.endIndex && width == expected.width,
                    "\(text.debugDescription) in \(cells) cells")
        }
    }

    /// A run of text and its style, where neighbours of one style count as one run: the lines
    /// the terminal receives do not tell them apart (`Theme.draw` gives them one escape).
    struct Run: Equatable, CustomStringConvertible {
        var text: String
        let style: Style
        var description: String { "\(text.debugDescription) \(style.ink)\(style.bold ? " bold" : "")" }
    }

    static func normalised(_ runs: [(text: String, style: Style)]) -> [Run] {
        var result: [Run] = []
        for run in runs where !run.text.isEmpty {
            if result.last?.style == run.style {
                result[result.count - 1].text += run.text
            } else {
                result.append(Run(text: run.text, style: run.style))
            }
        }
        return result
    }

    @Test func theWrapperGivesTheLinesOfTheStraightforwardOne() {
        var random = SplitMix64(seed: 0x5A41_7003)
        let styles: [Style] = [.plain, .ink(.accent), .ink(.accent, bold: true), .ink(.secondary)]
        for round in 0..<1_500 {
            let spans = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Span(Self.randomText(&random, maximumFragments: round < 1_250 ? 8 : 30), styles.randomElement(using: &random)!)
            }
            let line = StyledLine(spans, hangingIndent: round % 3 == 0 ? Int.random(in: 1...8, using: &random) : 0)
            let width = Int.random(in: 1...(round % 10 == 0 ? 120 : 24), using: &random)
            let lines = TextWrapper.wrap(line, width: width).map { Self.normalised($0.spans.map { ($0.text, $0.style) }) }
            let expected = ReferenceRendering.wrap(line.spans.map { ($0.text, $0.style) }, width: width, hangingIndent: line.hangingIndent).map(Self.normalised)
            #expect(lines == expected, "\(line.spans.map { $0.text.debugDescription }) at \(width)")
            for span in TextWrapper.wrap(line, width: width).flatMap(\.spans) {
                #expect(span.width == DisplayWidth.of(span.text), "each span's width is its text's: \(span.text.debugDescription)")
            }
        }
    }
}
