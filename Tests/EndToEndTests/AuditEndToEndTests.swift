import Foundation
import LaundryTestSupport
import Testing

/// Issue 34: the rows of the seeds audit that worked only in part, each through the binary.
@Suite struct AuditEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    func texts(_ result: LaundryTimeProcess.Result) -> [String] {
        result.jsonLines.filter { $0["type"] as? String == "reply" }.map { $0["text"] as? String ?? "" }
    }

    /// Point 2: the appearance in any words, and a value there is not answered with those there are.
    @Test func appearanceInAnyWordsAndAWrongValueAnswered() throws {
        let result = try laundrytime.run(["--json"], script: """
            dark mode on
            light theme pls
            set appearance to purple
            set the theme to system
            set sound to off
            set the theme to hot pink, thanks
            set appearance to ...
            """)
        let replies = texts(result)
        #expect(replies == [
            "Appearance: dark.",
            "Appearance: light.",
            "Appearance can be light, dark or system, not “purple”.",
            "Appearance: system.",
            "Sound: off.",
            "Appearance can be light, dark or system, not “hot pink”.",
            "Appearance can be light, dark or system.",
        ], "\(replies)")
        #expect(result.jsonLines[2]["ok"] as? Bool == false)
    }

    /// Point 3: the seeds' haptics toggle gets one honest sentence, whatever words ask for it.
    @Test func hapticsAreSaidToBeAbsent() throws {
        let result = try laundrytime.run(["--json"], script: "turn on haptics\nhaptics off\nenable vibration\n")
        for reply in texts(result) {
            #expect(reply.hasPrefix("There are no haptics in a terminal."), "\(reply)")
        }
        #expect(texts(result).count == 3)
    }
}
