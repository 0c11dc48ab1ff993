import Foundation
import LaundryAssistant
import Testing

@testable import LaundryTerminal

/// Issue 14, item 7: a hostile line of any length is drawn in time linear in its length, so
/// that a mebibyte pasted or piped in does not hold the terminal for a minute (nor make it deaf
/// to SIGTERM meanwhile). The limits hold in debug builds, with room to spare.
@Suite struct LongLineTests {
    /// A mebibyte of "erase the screen", each shown as the visible `^[[2J`.
    static let escapes = String(repeating: "\u{1B}[2J", count: 1 << 18)

    static let epoch = Date(timeIntervalSince1970: 1_772_355_600)

    /// The seconds `body` takes.
    static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func aMebibyteOfEscapesIsPlainTextOrJSONInUnderASecond() {
        let reply = Reply(input: "", intent: .status, text: Self.escapes, at: Self.epoch)
        var plain = PlainRenderer(), json = JSONRenderer()
        var plainText = "", jsonText = ""
        let plainSeconds = Self.seconds { plainText = plain.render(reply) }
        let jsonSeconds = Self.seconds { jsonText = json.render(reply) }
        #expect(plainSeconds < 1, "plain text took \(plainSeconds) s")
        #expect(jsonSeconds < 1, "JSON took \(jsonSeconds) s")
        #expect(plainText == String(repeating: "^[[2J", count: 1 << 18) + "\n")
        #expect(jsonText.contains(String(repeating: "\\u001b[2J", count: 1 << 18)))
    }
}
