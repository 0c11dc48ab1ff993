import Foundation
import LaundryTestSupport
import Testing

extension InteractiveTerminalTests {
    // MARK: - Bubbles

    @Test func myMessageIsABoxAtTheRightAndTheReplyABoxAtTheLeft() throws {
        let terminal = try launch()
        try terminal.enter("create pet Snowy")
        let bubbles = ScreenBubble.all(in: terminal.scrollback())

        let mine = try #require(bubbles.last { $0.text.contains("create pet Snowy") }, "\(terminal.screen())")
        #expect(mine.isAligned, "\(mine.text)")
        #expect(mine.right > 60 && mine.left > 0, "at the right edge: \(mine.text)")

        let reply = try #require(bubbles.last { $0.text.contains("Snowy") && !$0.text.contains("create pet") },
                                 "\(terminal.screen())")
        #expect(reply.left == 0, "at the left edge: \(reply.text)")
        #expect(reply.isAligned, "\(reply.text)")
    }

    @Test func wideAndAccentedNamesKeepTheBordersStraight() throws {
        let terminal = try launch()
        try terminal.enter("create pet 雪")
        try terminal.enter("how is 雪")
        let bubbles = ScreenBubble.all(in: terminal.scrollback())
        let reply = try #require(bubbles.last { $0.left == 0 && $0.text.contains("雪") }, "\(terminal.screen())")
        #expect(reply.isAligned, "\(reply.text)")
        #expect(bubbles.filter { $0.text.contains("雪") }.allSatisfy { $0.isAligned }, "every bubble with 雪")

        try terminal.enter("create pet Zoë")
        let zoe = try #require(ScreenBubble.all(in: terminal.scrollback()).last { $0.left == 0 && $0.text.contains("Zoë") },
                               "\(terminal.screen())")
        #expect(zoe.isAligned, "\(zoe.text)")
    }

    @Test func bubblesFollowTheWindowWhenItIsResized() throws {
        let terminal = try launch(columns: 100)
        try terminal.enter("help")
        let wide = ScreenBubble.all(in: terminal.scrollback())
        #expect(wide.contains { $0.width > 70 }, "a help bubble wider than 70 at 100 columns")

        try terminal.resize(columns: 50, rows: 24)
        // Joined, a line the terminal wrapped shows as long as the program wrote it.
        let shown = terminal.scrollback(joiningWrappedLines: true).split(separator: "\n").count
        try terminal.enter("help")
        let lines = terminal.scrollback(joiningWrappedLines: true).split(separator: "\n").dropFirst(shown - 1)
        #expect(lines.count > 3, "the help after the resize")
        let tooLong = lines.filter { displayWidth($0) > 50 }
        #expect(tooLong.isEmpty, "lines wider than 50 columns:\n\(tooLong.joined(separator: "\n"))")
    }

    @Test func aNarrowTerminalShowsLabelledLinesInsteadOfBoxes() throws {
        let terminal = try launch(columns: 36)
        try terminal.enter("create pet Snowy")
        let shown = terminal.scrollback()
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let label = try #require(lines.lastIndex { $0.hasPrefix("LaundryTime:") }, "\(shown)")
        let prose = lines[label...].filter { $0.contains("Snowy") }
        #expect(!prose.isEmpty, "the reply after its label:\n\(shown)")
        #expect(prose.allSatisfy { !$0.contains("│") }, "no side borders:\n\(prose.joined(separator: "\n"))")
        #expect(!shown.contains("╭") && !shown.contains("╰"), "no rounded frames:\n\(shown)")
    }

    /// Ctrl-R searches the history in the product's words ("search history:",
    /// not libedit's "bck:"); Ctrl-C takes the search off the screen; Enter runs the match.
    @Test func ctrlRSearchesTheHistoryInTheProductsWords() throws {
        let terminal = try launch(rows: 40)
        try terminal.enter("create pet Snowy")
        try terminal.enter("/clear")
        terminal.press("C-r")
        terminal.type("crea")
        var screen = try terminal.waitFor("search history: crea create pet Snowy")
        #expect(!screen.contains("bck:"), "\(screen)")
        terminal.type("zzz")
        screen = try terminal.waitFor("search history (nothing found): creazzz")
        terminal.press("C-c")
        screen = try terminal.waitUntil("the search to leave the screen") { !$0.contains("search history") }
        try terminal.waitForPrompt()
        terminal.press("C-r")
        terminal.type("pet")
        try terminal.waitFor("search history: pet create pet Snowy")
        terminal.press("Enter")
        screen = try terminal.waitFor("You already have a pet called Snowy")
        #expect(!screen.contains("search history"), "\(screen)")
    }

    /// "help" (and "what can you do?") fits one 80×24 screen — the groups and
    /// a few examples — with "help all" for the rest.
    @Test(arguments: ["help", "what can you do?"])
    func helpFitsOneScreen(line: String) throws {
        let terminal = try launch(rows: 24)
        try terminal.enter("/clear")
        try terminal.enter(line)
        let screen = terminal.screen()
        #expect(screen.contains("A few things you can say:") && screen.contains("“help all” lists everything"), "\(screen)")
        #expect(screen.contains("╭") && screen.contains("╰"), "the whole bubble is on the screen:\n\(screen)")
    }

    /// The header is true — its pet count follows a create and a delete, and
    /// a cleared screen starts with it.
    @Test func theHeaderFollowsThePetCountAndComesBackAfterClear() throws {
        let terminal = try launch(rows: 40)
        #expect(terminal.screen().contains("● Connected · 0 pets"), "\(terminal.screen())")
        try terminal.enter("create pet Snowy")
        #expect(terminal.screen().contains("● Connected · 1 pet"), "\(terminal.screen())")
        try terminal.enter("create pet Fluffy")
        #expect(terminal.screen().contains("● Connected · 2 pets"), "\(terminal.screen())")
        try terminal.enter("/clear")
        let cleared = terminal.screen().split(separator: "\n")
        #expect(cleared.first?.hasPrefix("🧺 LaundryTime") == true && cleared.first?.hasSuffix("● Connected · 2 pets") == true,
                "\(cleared.joined(separator: "\n"))")
        try terminal.enter("how is snowy")
        #expect(terminal.scrollback().components(separatedBy: "● Connected").count == 2, "one header since the clear, none after a look:\n\(terminal.scrollback())")
    }

    /// Below 40 columns no boxes at all — the card's stats and the dashboard's
    /// pets become lines too; at 40 a long name gives way to the face and the washing mark.
    @Test func belowFortyColumnsNoBoxesAndAtFortyTheWashingMarkStays() throws {
        try prepare("create pet Snowy\ncreate pet Abcdefghijklmnopqrstuvwxyzabcd\nstart wash for snowy\n"
                    + "start wash for abcdefghijklmnopqrstuvwxyzabcd\n", now: "2026-03-01T09:00:00Z")
        let narrow = try launch(columns: 39, rows: 60, environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:10:00Z"])
        try narrow.enter("how is snowy")
        try narrow.enter("status")
        let shown = narrow.scrollback()
        #expect(shown.contains("CYCLES 0") && shown.contains("^‿^ o°O Abcdefghijklmnopqrstuvwxyzabcd"), "\(shown)")
        for box in ["┌", "└", "│", "╭", "╰"] { #expect(!shown.contains(box), "no \(box) at 39 columns:\n\(shown)") }

        let forty = try launch(columns: 40, rows: 60, environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:10:00Z"])
        try forty.enter("how is abcdef")
        let card = forty.scrollback()
        #expect(card.contains("…  ^‿^ o°O │"), "the name gives way, the mark stays:\n\(card)")
    }

    /// With ASCII borders (asked for, or a locale that is not UTF-8) the cards,
    /// stat boxes and bars are ASCII too, not only the bubbles' frames.
    @Test(arguments: [["LAUNDRYTIME_BORDERS": "ascii"], ["LC_ALL": "C", "LANG": "C"]])
    func asciiBordersDrawCardsAndBarsInASCII(environment: [String: String]) throws {
        try prepare("create pet Snowy\ncreate pet Fluffy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let terminal = try launch(rows: 60, environment: environment.merging(["LAUNDRYTIME_NOW": "2026-03-01T09:10:00Z"]) { $1 })
        try terminal.enter("how is snowy")
        try terminal.enter("status")
        let shown = terminal.scrollback()
        #expect(shown.contains("| CYCLES") && shown.contains("Health ####") && shown.contains("----"), "\(shown)")
        for glyph in ["┌", "└", "│", "─", "█", "░", "▏", "╭"] { #expect(!shown.contains(glyph), "no \(glyph):\n\(shown)") }
    }

    // MARK: - Colour

    @Test func noColorMeansNoColours() throws {
        let terminal = try launch(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
        try terminal.enter("create pet Snowy")
        #expect(!terminal.screenWithEscapes().contains("\u{1B}[38"), "\(terminal.screenWithEscapes().debugDescription)")
    }

    @Test func aTruecolorTerminalGetsTrueColours() throws {
        let terminal = try launch(environment: ["COLORTERM": "truecolor"])
        try terminal.enter("create pet Snowy")
        #expect(terminal.screenWithEscapes().contains("\u{1B}[38;2;"), "\(terminal.screenWithEscapes().debugDescription)")
    }

    // MARK: - Line editing

    @Test func upRecallsALineFromAnEarlierRun() throws {
        let state = directory.url.appendingPathComponent("state")
        let environment = ["XDG_STATE_HOME": state.path, "HOME": directory.url.path]
        do {
            let first = try launch(environment: environment)
            try first.enter("create pet Snowy")
            try first.enter("how is snowy")
            first.type("quit")
            try first.waitForPrompt(showing: "quit")
            first.press("Enter")
            let status = try first.waitForExit()
            #expect(status == 0)
        }
        let history = state.appendingPathComponent("laundrytime/history").path
        #expect(FileManager.default.fileExists(atPath: history), "the history file \(history)")

        let second = try launch(environment: environment)
        second.press("Up")
        try second.waitForPrompt(showing: "how is snowy")
    }

    @Test func tabCompletesCommandsAndPetNames() throws {
        let terminal = try launch()
        try terminal.enter("create pet Snowy")

        try terminal.complete("/sta", showing: "/status")
        try terminal.erase("/status ")
        try terminal.complete("how is sn", showing: "how is Snowy")
    }

    /// Tab offers only what can come next in some sentence — pet names after
    /// "start wash for ", nothing about weeks or questions after "start w".
    @Test func tabOffersOnlyWhatCanComeNext() throws {
        let terminal = try launch()
        try terminal.enter("create pet Snowy")
        try terminal.enter("create pet Fluffy")

        terminal.type("start wash for ")
        try terminal.waitForPrompt(showing: "start wash for")
        terminal.press("Tab")
        let listed = try terminal.waitUntil("the pets listed") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("Fluffy") && $0.contains("Snowy") }
        }
        #expect(!listed.contains("Fluffy  for"), "\(listed)")
        try terminal.complete("s", showing: "start wash for Snowy")
        try terminal.erase("start wash for Snowy ")
        try terminal.complete("start w", showing: "start wash")
        terminal.press("Tab")
        let choices = try terminal.waitUntil("the words after “start wash” listed") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("wash ") && $0.contains("washer") }
        }
        let line = choices.split(separator: "\n").first { $0.hasPrefix("wash ") && $0.contains("washer") } ?? ""
        #expect(!line.contains("week") && !line.contains("what") && !line.contains("watch"), "\(line)")
    }
}
