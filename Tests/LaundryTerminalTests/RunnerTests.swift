import Foundation
import LaundryCore
import LaundryAssistant
import LaundryTestSupport
import Testing

@testable import LaundryTerminal

/// The runners in-process, over a console the test owns: what a script, a one-shot and the
/// format choice print, without a child process or a pseudo-terminal.
@Suite struct RunnerTests {
    /// A console whose output the test reads.
    final class Capture {
        var out = ""
        var err = ""

        func console(terminal: Bool = false, columns: Int = 80) -> Console {
            Console(out: { self.out += $0 }, err: { self.err += $0 }, stdinIsTerminal: terminal,
                    stdoutIsTerminal: terminal, stderrIsTerminal: terminal, columns: { columns })
        }
    }

    let fixture: AssistantFixture
    let capture = Capture()

    init() throws {
        fixture = try AssistantFixture()
    }

    func session(_ format: OutputFormat = .auto, terminal: Bool = false, bail: Bool = false) -> Session {
        Session(conversation: fixture.assistant, clock: fixture.time.clock, display: DisplayOptions(format: format, environment: ["LANG": "C.UTF-8"]),
                bail: bail, console: capture.console(terminal: terminal))
    }

    /// Runs `script` as if piped in.
    func runScript(_ script: String, in session: Session) throws -> LaundryTerminal.ExitStatus {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = Array(script.utf8)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        defer { close(ends[0]) }
        return session.runScript(descriptor: ends[0])
    }

    @Test func aScriptPrintsOnePlainReplyPerCommandAndNamesTheFailingLine() throws {
        let status = try runScript("create pet Snowy\n# a comment\n\nstart wsah for snowy\nflarp\n", in: session())
        #expect(status == .commandFailed)
        let lines = capture.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Meet Snowy!") == true, "\(capture.out)")
        #expect(lines.contains { $0.hasPrefix("(I took “wsah” as “wash”.) Snowy is getting clean!") }, "\(capture.out)")
        #expect(capture.err.hasPrefix("laundrytime: line 5: "), "the failure names its line: \(capture.err)")
    }

    @Test func bailStopsTheScriptAtTheFirstFailure() throws {
        let status = try runScript("flarp\ncreate pet Snowy\n", in: session(bail: true))
        #expect(status == .commandFailed)
        #expect(!capture.out.contains("Meet Snowy"), "\(capture.out)")
    }

    @Test func aOneShotInJSONIsOneObjectWithTheContractFields() throws {
        #expect(session(.json).runOneShot("create pet Snowy") == .success)
        let object = try #require(JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
        #expect(object["intent"] as? String == "create_pet" && object["ok"] as? Bool == true && object["pet"] as? String == "Snowy")
        #expect(capture.err.isEmpty)
    }

    @Test func autoMeansBubblesOnATerminalAndPlainTextElsewhere() throws {
        #expect(session(terminal: true).runOneShot("create pet Snowy") == .success)
        #expect(capture.out.contains("╭") && capture.out.contains("Meet Snowy!"), "bubbles: \(capture.out)")
        capture.out = ""
        #expect(session(terminal: false).runOneShot("how is snowy") == .success)
        #expect(!capture.out.contains("╭") && capture.out.hasPrefix("Snowy"), "plain: \(capture.out)")
    }

    @Test func anErrorIsNotCopiedToStderrWhenBothOutputsAreTheTerminal() throws {
        #expect(session(terminal: true).runOneShot("flarp") == .commandFailed)
        #expect(capture.err.isEmpty, "\(capture.err)")
        #expect(session(terminal: false).runOneShot("flarp") == .commandFailed)
        #expect(capture.err.hasPrefix("laundrytime: "), "\(capture.err)")
    }
}
