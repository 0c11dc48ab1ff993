import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing
import LaundryTerminal

/// What an export or a notification says and writes, in the words a user reads.
@Suite struct ExportAndNoticeTextTests {
    let fixture: AssistantFixture
    init() throws { fixture = try AssistantFixture() }

    var directory: TemporaryDirectory { fixture.directory }
    @discardableResult
    func say(_ line: String) -> Reply { fixture.say(line) }

    /// A file's extension says its format when the sentence does not ("export history to
    /// h.json" writes JSON, not CSV); a format the sentence names wins.
    @Test func anExportWithoutAFormatTakesTheFileExtensions() throws {
        say("create pet Snowy")
        say("start wash")
        let json = directory.url.appendingPathComponent("h.json")
        let wrote = say("export history to \(json.path)")
        #expect(wrote.ok && wrote.text == "Wrote 1 event to \(json.path) (JSON).", "\(wrote.text)")
        #expect(wrote.contractSlots["format"] == "json")
        #expect(try String(contentsOf: json, encoding: .utf8).hasPrefix("["))
        let markdown = directory.url.appendingPathComponent("chat.md")
        #expect(say("save the chat to \(markdown.path)").text.hasSuffix("(Markdown)."))
        #expect(!say("export history to \(directory.url.appendingPathComponent("h.md").path)").ok, "a transcript's format for the history")
    }

    /// An export shown on screen is kept in the transcript as one line saying
    /// what it held, not as the whole document.
    @Test func anExportOnScreenIsKeptAsOneLine() throws {
        say("create pet Snowy")
        say("start wash")
        say("stop the wash")
        #expect(say("export snowy's history as csv").text.hasPrefix("id,pet,event,at,ends_at\n"))
        say("export the transcript for today")
        let kept = say("/transcript 4").text
        #expect(kept.contains("LaundryTime: (Showed the history for Snowy as CSV, 2 events.)"), "\(kept)")
        #expect(kept.contains("LaundryTime: (Showed the transcript (today) as Markdown, 8 messages.)"), "\(kept)")
        #expect(!kept.contains("wash_started"))
    }

    /// On a household's shared store each line records who typed it: the transcript and its
    /// export name another member ("Sam"), and keep "You" for this member's own lines.
    @Test func theTranscriptNamesTheOtherMembers() throws {
        say("create pet Snowy")
        let sams = try LaundryStore(location: StoreLocation(directory: directory.url), member: "Sam")
        try sams.write { transaction in
            try transaction.transcript.append([
                TranscriptMessage(at: fixture.time.clock.now(), role: .user, text: "start wash for snowy"),
                TranscriptMessage(at: fixture.time.clock.now(), role: .assistant, text: "Snowy is getting clean!"),
            ])
        }
        let shown = say("/transcript 6").text
        #expect(shown.contains("Sam: start wash for snowy") && shown.contains("You: create pet Snowy"), "\(shown)")
        let file = directory.url.appendingPathComponent("chat.md")
        #expect(say("save the chat to \(file.path)").ok)
        let markdown = try String(contentsOf: file, encoding: .utf8)
        #expect(markdown.contains("**Sam** ·") && markdown.contains("**You** ·"), "\(markdown)")
        #expect(markdown.contains("**You** · 2026-03-01T09:00:00Z  \ncreate pet Snowy"), "\(markdown)")
        #expect(markdown.contains("**Sam** · 2026-03-01T09:00:00Z  \nstart wash for snowy"), "\(markdown)")
    }

    /// A format the sentence names that the file's extension contradicts is asked about: yes writes
    /// the format asked for, no writes nothing and says how to get the other.
    @Test func aFormatTheFileNameContradictsIsAskedAbout() throws {
        say("create pet Snowy")
        say("start wash")
        let named = directory.url.appendingPathComponent("named.json")
        let question = say("export history as csv to \(named.path)")
        #expect(question.text == "You asked for CSV, but \(named.path) is named for JSON. Write CSV to it anyway? (yes/no)",
                "\(question.text)")
        #expect(question.awaiting == .confirmation && !FileManager.default.fileExists(atPath: named.path))
        let declined = say("no")
        #expect(declined.text == "Okay, nothing was written. For JSON, say “export history as json to \(named.path)”.", "\(declined.text)")
        #expect(!FileManager.default.fileExists(atPath: named.path))
        say("export history as csv to \(named.path)")
        let wrote = say("yes")
        #expect(wrote.text.hasSuffix("(CSV)."), "\(wrote.text)")
        #expect(try String(contentsOf: named, encoding: .utf8).hasPrefix("id,pet,event"))
    }

    /// What users read is spelled for them, not after a type: "Test Notification", and a
    /// notification's speaker in an exported transcript is "Notification".
    @Test func notificationsAreNamedInWordsNotTypes() throws {
        let test = say("test notification")
        guard case .delayedNotification(let notification, _)? = test.content else {
            Issue.record("no notification: \(test.text)")
            return
        }
        #expect(notification.title == "Test Notification")
        fixture.assistant.recordDelivery(of: notification)
        let exported = say("export transcript")
        #expect(exported.text.contains("**Notification** · "), "\(exported.text)")
        #expect(!exported.text.contains("LaundryNotification"))
    }
}
