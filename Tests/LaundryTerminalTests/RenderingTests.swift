import Foundation
import LaundryAssistant
import LaundryCore
import Testing

@testable import LaundryTerminal

@Suite struct TextWrapperTests {
    private func wrap(_ text: String, _ width: Int) -> [String] {
        TextWrapper.wrap(StyledLine(text), width: width).map(\.text)
    }

    @Test func breaksAtSpacesAndKeepsEveryWord() {
        #expect(wrap("Snowy is ready for the dryer!", 12) == ["Snowy is", "ready for", "the dryer!"])
        #expect(wrap("short", 40) == ["short"])
    }

    @Test func cutsOverlongWordsBetweenGraphemeClustersOnly() {
        let family = "👨‍👩‍👧"
        let lines = wrap(String(repeating: family, count: 5), 5)
        #expect(lines == [family + family, family + family, family])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 5 })
        #expect(wrap("雪雪雪", 3) == ["雪", "雪", "雪"])
        #expect(wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        // A wide character in a one-column terminal goes alone rather than being lost.
        #expect(wrap("雪x", 1) == ["雪", "x"])
    }

    @Test func measuresCJKAndEmojiAsTwoColumns() {
        for line in wrap("雪 is so happy! 🧺 Laundry is due 東京 every 7 days", 10) {
            #expect(DisplayWidth.of(line) <= 10, "\(line)")
        }
    }

    /// A list's entry says where its words start, and wraps under them.
    @Test func entriesHangUnderTheirText() {
        let entry = StyledLine("• Start the washer for a pet", hangingIndent: 2)
        #expect(TextWrapper.wrap(entry, width: 14).map(\.text) == ["• Start the", "  washer for a", "  pet"])
        #expect(TextWrapper.wrap(StyledLine("Start the washer", hangingIndent: 20), width: 12).map(\.text) == ["Start the", "      washer"],
                "at most half the width")
    }

    /// Words that merely start like a list — a pet called "- Bob", a line quoted back — are no
    /// entry: what hangs is said by whoever made the line, never guessed from its words.
    @Test func wordsThatLookLikeABulletDoNotHang() {
        #expect(wrap("- Bob is ready for the dryer", 12) == ["- Bob is", "ready for", "the dryer"])
        #expect(wrap("• Bob is ready for the dryer", 12) == ["• Bob is", "ready for", "the dryer"])
    }

    /// The assistant's entries (help's short forms) carry their marker, and the bubble hangs them;
    /// the JSON contract's text is the same words, marker first.
    @Test func aRepliesEntryHangsInItsBubble() {
        let line = Reply.Line.entry("snowy wash  ·  wash snowy — Start the washer for a pet")
        #expect(line.text == "• snowy wash  ·  wash snowy — Start the washer for a pet" && line.marker == "• " && line.role == .paragraph)
        guard case .text(let styled)? = ReplyView.words(of: Reply(input: "", intent: .help, lines: [line], at: Date(timeIntervalSince1970: 0))).first else {
            Issue.record("the entry is words of the bubble")
            return
        }
        #expect(TextWrapper.wrap(styled, width: 20).dropFirst().allSatisfy { $0.text.hasPrefix("  ") && !$0.text.hasPrefix("   ") })
    }

    /// A stored message keeps only its words: an entry the assistant wrote is known by its start.
    @Test func aStoredEntryHangsUnderItsText() {
        guard case .text(let styled)? = ReplyView.paragraphs("• Snowy ^‿^ — is so happy! (health 100%)").first else {
            Issue.record("a stored line is a paragraph")
            return
        }
        #expect(TextWrapper.wrap(styled, width: 14).map(\.text) == ["• Snowy ^‿^ —", "  is so happy!", "  (health", "  100%)"])
    }

    @Test func colourIsClosedAtEveryBreak() {
        let line = StyledLine("one two three four", .ink(.sad))
        let theme = Theme(depth: .basic, background: .dark)
        for drawn in TextWrapper.wrap(line, width: 8).map(theme.draw) {
            #expect(drawn.hasPrefix("\u{1B}[31m") && drawn.hasSuffix(Theme.reset), "\(drawn)")
        }
    }
}

@Suite struct ThemeTests {
    private func depth(_ environment: [String: String], choice: ColorChoice = .auto, terminal: Bool = true) -> ColorDepth {
        ColorDepth.resolve(choice: choice, environment: environment, stdoutIsTerminal: terminal)
    }

    @Test func colourFollowsTheOrderOfTerminalConventions() {
        #expect(depth(["TERM": "xterm"]) == .basic)
        #expect(depth(["TERM": "xterm-256color"]) == .palette256)
        #expect(depth(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(depth(["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
        #expect(depth(["TERM": "xterm", "NO_COLOR": "1"]) == ColorDepth.none)
        #expect(depth(["TERM": "xterm", "NO_COLOR": ""]) == .basic, "an empty NO_COLOR does not count")
        #expect(depth(["TERM": "dumb"]) == ColorDepth.none)
        #expect(depth(["TERM": "xterm"], terminal: false) == ColorDepth.none)
        #expect(depth(["TERM": "xterm", "FORCE_COLOR": "1"], terminal: false) == .basic)
        #expect(depth(["TERM": "xterm", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"]) == ColorDepth.none)
        #expect(depth(["TERM": "dumb", "NO_COLOR": "1"], choice: .always, terminal: false) == .basic)
        #expect(depth(["TERM": "xterm-256color", "FORCE_COLOR": "1"], choice: .never) == ColorDepth.none)
    }

    @Test func systemAppearanceReadsTheTerminalsBackground() {
        #expect(Background.resolve(.system, environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(Background.resolve(.system, environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(Background.resolve(.system, environment: ["COLORFGBG": "0;default;7"]) == .light)
        #expect(Background.resolve(.system, environment: [:]) == .unknown)
        #expect(Background.resolve(.light, environment: ["COLORFGBG": "15;0"]) == .light)
        #expect(Background.resolve(.dark, environment: [:]) == .dark)
    }

    @Test func thePaletteIsSeed001sDownsampledNeverAssumed() {
        let style = Style.ink(.accent)
        #expect(Theme(depth: .trueColor, background: .dark).start(style) == "\u{1B}[38;2;51;153;255m")
        #expect(Theme(depth: .palette256, background: .dark).start(style) == "\u{1B}[38;5;\(Theme.index256(Theme.RGB(0x3399FF)))m")
        #expect(Theme(depth: .basic, background: .dark).start(style) == "\u{1B}[34m")
        #expect(Theme(depth: .none, background: .dark).start(style) == "")
        // Light backgrounds get darker tones, so pale yellow stays readable.
        #expect(Theme(depth: .trueColor, background: .light).start(.ink(.dry)) != Theme(depth: .trueColor, background: .dark).start(.ink(.dry)))
        // With the background unknown, faint text uses the terminal's own dim attribute.
        #expect(Theme(depth: .trueColor, background: .unknown).start(.ink(.faint)) == "\u{1B}[2m")
    }
}

@Suite struct BubbleLayoutTests {
    private func layout(_ columns: Int, glyphs: BorderGlyphs = .rounded) -> BubbleLayout {
        BubbleLayout(columns: columns, theme: .plain, glyphs: glyphs)
    }

    private let long = String(repeating: "Snowy is ready for the dryer! ", count: 10)

    @Test func bubblesTakeAtMost85PercentAndCode90() {
        for columns in [40, 80, 120] {
            let text = layout(columns).draw(Bubble(role: .assistant, body: [.text(StyledLine(String(repeating: "x", count: 300)))]))
            let widest = text.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
            #expect(widest == Int(Double(columns) * 0.85), "at \(columns) columns")
        }
        #expect(layout(100).bodyWidth(for: .code) == 90)
        #expect(layout(100).bodyWidth(for: .assistant) == 81)
    }

    @Test func theUsersBubbleSitsAtTheRightEdge() {
        let text = layout(60).draw(Bubble(role: .user, body: [.text("create pet Snowy")], caption: "09:00"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("╮") && DisplayWidth.of(lines[0]) == 60)
        #expect(lines[1] == String(repeating: " ", count: 40) + "│ create pet Snowy │")
        #expect(lines[3] == String(repeating: " ", count: 54) + "09:00", "the time sits under the bubble's right edge")
    }

    @Test func aResizeChangesTheNextBubble() {
        let bubble = Bubble(role: .assistant, body: [.text(StyledLine(long))])
        let wide = layout(120).draw(bubble).split(separator: "\n").map { DisplayWidth.of($0) }.max()
        let narrow = layout(50).draw(bubble).split(separator: "\n").map { DisplayWidth.of($0) }.max()
        #expect(wide == 102 && narrow == 42)
    }

    @Test func asciiBordersForTerminalsWithoutBoxDrawing() {
        let text = layout(40, glyphs: .ascii).draw(Bubble(role: .assistant, title: "Help", body: [.text("hi")]))
        #expect(text == "+- Help --+\n| hi      |\n+---------+\n")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func codeIsNeitherWrappedNorFramedAtTheSides() {
        let row = "1,Snowy,wash_started,2026-03-01T09:00:00Z,2026-03-01T09:45:00Z"
        let text = layout(40).draw(Bubble(role: .code, title: "CSV", body: [.fixed(StyledLine(row))]))
        #expect(text.split(separator: "\n").contains { $0 == row })
    }

    @Test func escapeSequencesInNamesAndMessagesAreShownInertly() {
        let hostile = "\u{1B}]0;x\u{07}\u{1B}[2J"
        let theme = Theme(depth: .trueColor, background: .dark)
        let text = BubbleLayout(columns: 80, theme: theme, glyphs: .rounded)
            .draw(Bubble(role: .user, body: [.text(StyledLine("create pet \(hostile)"))]))
        #expect(text.contains("^[]0;x^G^[[2J"))
        // Only the theme's own colour sequences remain: no OSC, no BEL, no erase.
        let withoutColour = text.replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        #expect(!withoutColour.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.contains("\u{07}") && !text.contains("\u{1B}]") && !text.contains("\u{1B}[2J"))
    }
}

@Suite struct CompleterTests {
    /// A grammar of a few sentences: what can come after the words typed.
    private static func next(_ typed: String) -> (words: [String], petNames: [String])? {
        let pets = ["Snowy", "Zoë", "Mr Fluffy"]
        switch typed.split(separator: " ").joined(separator: " ").lowercased() {
        case "": return (["/quick", "/stop", "/status", "how", "start", "status"], pets)
        case "start": return (["dryer", "wash"], [])
        case "start wash": return (["for"], pets)
        case "start wash for", "how is": return ([], pets)
        case "start wash for snowy", "how is snowy", "how is zoë", "how is mr fluffy": return ([], [])
        default: return nil
        }
    }

    /// What the conversation offers after `typed`: ``next(_:)``, else every word and every pet.
    private let completer = Completer { typed in
        if let next = CompleterTests.next(typed) { return Completion(words: next.words, petNames: next.petNames, followsTyped: true) }
        return Completion(words: ["dryer", "for", "is", "start", "wash"], petNames: ["Snowy", "Zoë", "Mr Fluffy"], followsTyped: false)
    }

    @Test func oneMatchCompletesWithASpace() {
        #expect(completer.complete("/sta") == .init(delete: 4, insert: "/status ", candidates: []))
        #expect(completer.complete("start wa") == .init(delete: 2, insert: "wash ", candidates: []))
    }

    @Test func petNamesCompleteIgnoringCaseInTheirOwnSpelling() {
        #expect(completer.complete("how is sn") == .init(delete: 2, insert: "Snowy ", candidates: []))
        #expect(completer.complete("how is zo") == .init(delete: 2, insert: "Zoë ", candidates: []))
        #expect(completer.complete("how is mr f") == .init(delete: 4, insert: "Mr Fluffy ", candidates: []))
    }

    @Test func aChoiceIsListed() {
        #expect(completer.complete("/s")?.insert == "/st")
        #expect(completer.complete("/st")?.candidates == ["/status", "/stop"])
    }

    @Test func nothingToCompleteBeeps() {
        #expect(completer.complete("xyz") == nil)
        #expect(completer.complete("how is snowy ") == nil)
    }

    /// Only the words that can come next, and pet names where a pet can stand
    /// — also before anything of the word is typed.
    @Test func onlyWhatCanComeNextIsOffered() {
        #expect(completer.complete("start ")?.candidates == ["dryer", "wash"])
        #expect(completer.complete("start d") == .init(delete: 1, insert: "dryer ", candidates: []))
        #expect(completer.complete("start s") == nil, "“start”/“status” cannot follow “start”")
        #expect(completer.complete("start wash for ")?.candidates == ["Mr Fluffy", "Snowy", "Zoë"])
        #expect(completer.complete("start wash f") == .init(delete: 1, insert: "for ", candidates: []))
        #expect(completer.complete("start wash ")?.candidates == ["Mr Fluffy", "Snowy", "Zoë", "for"], "the pets first")
    }

    /// Words no sentence starts with still complete from the whole grammar and the pets.
    @Test func outsideTheGrammarEveryWordCompletes() {
        #expect(completer.complete("please pretty wa") == .init(delete: 2, insert: "wash ", candidates: []))
    }
}
