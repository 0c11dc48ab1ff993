import Foundation
import LaundryAssistant
import LaundryTestSupport
import Testing

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
        #expect(wrote.slots["format"] == "json")
        #expect(try String(contentsOf: json, encoding: .utf8).hasPrefix("["))
        let markdown = directory.url.appendingPathComponent("chat.md")
        #expect(say("save the chat to \(markdown.path)").text.hasSuffix("(MARKDOWN)."))
        let named = directory.url.appendingPathComponent("named.json")
        #expect(say("export history as csv to \(named.path)").text.hasSuffix("(CSV)."))
        #expect(!say("export history to \(directory.url.appendingPathComponent("h.md").path)").ok, "a transcript's format for the history")
    }

    /// What users read is spelled for them, not after a type: "Test Notification", and a
    /// notification's speaker in an exported transcript is "Notification" (issue 16).
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
