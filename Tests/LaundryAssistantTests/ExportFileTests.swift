import Foundation
import LaundryAssistant
import LaundryTestSupport
import Testing

/// Where an export may go (issue 14, item 5): only to a new file or a regular file the user may
/// write, and a sentence that reads as one when the system gives the reason.
@Suite struct ExportFileTests {
    let fixture: AssistantFixture
    var folder: URL { fixture.directory.url }

    init() throws {
        fixture = try AssistantFixture()
        #expect(fixture.assistant.respond(to: "create pet Snowy").ok)
        #expect(fixture.assistant.respond(to: "start wash for snowy").ok)
    }

    func export(to path: String, assumeYes: Bool = false) throws -> Reply {
        let assistant = assumeYes ? try fixture.makeAssistant(assumeYes: true) : fixture.assistant
        return assistant.respond(to: "export history as csv to \(path)")
    }

    @Test func aMissingFolderIsNamedInOneSentence() throws {
        let path = folder.path + "/missing/history.csv"
        let reply = try export(to: path)
        #expect(!reply.ok && reply.text.hasPrefix("Cannot write \(path): "))
        #expect(reply.text.hasSuffix(" Nothing was written.") && !reply.text.contains(".."), "\(reply.text)")
    }

    @Test func aReasonFromTheSystemGetsOnePeriod() throws {
        let path = folder.path + "/" + String(repeating: "a", count: 300) + ".csv"
        let reply = try export(to: path)
        #expect(!reply.ok && reply.text.hasPrefix("Cannot write \(path): "))
        #expect(reply.text.hasSuffix(" Nothing was written.") && !reply.text.contains(".."), "\(reply.text)")
    }
}
