import Foundation
import LaundryTestSupport
import Testing

/// A data folder deleted (or moved) while the program ran. Commands went on
/// answering "Snowy is getting clean!" while what they stored went with the unlinked file. The
/// open store is the store at its path: before each write the file there must be the one open,
/// or the command is refused — nothing changed — and the prompt's header says "● Unavailable".
@Suite struct DeletedStoreTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }

    enum Removal: String, CaseIterable, CustomTestStringConvertible {
        case deleted, moved, replaced
        var testDescription: String { rawValue }
    }

    /// A script fed line by line: between two lines the folder goes. Each later line is refused in
    /// one sentence, and the run ends with 3; a moved store holds what it held, and no more.
    @Test(arguments: Removal.allCases)
    func aScriptIsRefusedOnceItsStoreIsGone(_ removal: Removal) throws {
        let child = try RunningLaundryTime(["--json"], dataDirectory: data, script: "", keepInputOpen: true)
        child.send("create pet Snowy")
        let created = try #require(child.nextLine())
        #expect(created.contains("\"ok\":true") && created.contains("Meet Snowy"), "\(created)")

        let moved = directory.url.appendingPathComponent("moved")
        switch removal {
        case .deleted:
            try FileManager.default.removeItem(at: data)
        case .moved:
            try FileManager.default.moveItem(at: data, to: moved)
        case .replaced:
            // Another store is made where this one was.
            try FileManager.default.moveItem(at: data, to: moved)
            try #require(try LaundryTimeProcess(dataDirectory: data).run(["create", "pet", "Other"]).status == 0)
        }
        for line in ["start wash for snowy", "how is snowy"] {
            child.send(line)
            let reply = try #require(child.nextLine())
            #expect(reply.contains("\"ok\":false"), "\(line): \(reply)")
            #expect(reply.contains("was deleted or moved while LaundryTime had it open") && reply.contains("Nothing was changed")
                        && reply.contains("start LaundryTime again"), "\(line): \(reply)")
        }
        let ending = child.finish()
        #expect(ending.status == 3, "\(ending.stderr)")

        switch removal {
        case .deleted:
            #expect(!FileManager.default.fileExists(atPath: data.path), "nothing was made again")
        case .moved, .replaced:
            let store = moved.appendingPathComponent("laundrytime.sqlite")
            #expect(try SQLiteShell.rows(store, ["PRAGMA integrity_check"]) == [["ok"]])
            #expect(try SQLiteShell.rows(store, ["SELECT name, stage FROM pet"]) == [["Snowy", "idle"]], "no wash was started")
            #expect(try SQLiteShell.rows(store, ["SELECT count(*) FROM transcriptMessage"]) == [["2"]], "only the first line's")
        }
        if removal == .replaced {
            let other = data.appendingPathComponent("laundrytime.sqlite")
            #expect(try SQLiteShell.rows(other, ["SELECT name FROM pet"]) == [["Other"]], "the new store is not written to")
            #expect(try SQLiteShell.rows(other, ["SELECT count(*) FROM transcriptMessage"]) == [["2"]])
        }
    }

    /// At the prompt, the header is drawn again when the store goes: "● Unavailable".
    @Test(.enabled(if: TerminalScreen.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func thePromptSaysTheStoreIsUnavailable() throws {
        let terminal = try TerminalScreen(rows: 40, arguments: ["--data-dir", data.path],
                                          environment: ["LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"])
        try terminal.waitForPrompt()
        try terminal.waitFor("● Connected")
        try terminal.enter("create pet Snowy")
        try terminal.waitFor("Meet Snowy")
        try FileManager.default.removeItem(at: data)
        try terminal.enter("start wash for snowy")
        try terminal.waitFor("● Unavailable")
        try terminal.waitFor("Nothing was changed")
        #expect(!terminal.screen().contains("getting clean"))
        // "quit" still leaves, with the status of a store that became unavailable.
        terminal.type("quit")
        try terminal.waitForPrompt(showing: "quit")
        terminal.press("Enter")
        #expect(try terminal.waitForExit() == 3)
    }
}
