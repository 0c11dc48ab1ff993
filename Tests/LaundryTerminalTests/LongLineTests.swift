import Foundation
import LaundryCore
import LaundryAssistant
import Testing

@testable import LaundryTerminal

/// A hostile line of any length is drawn in time linear in its length, so
/// that a mebibyte pasted or piped in does not hold the terminal for a minute (nor make it deaf
/// to SIGTERM meanwhile). The limits hold in debug builds, with room to spare. They are processor
/// time spent by the drawing thread, not time on the wall clock, so a loaded machine cannot fail
/// them.
@Suite struct LongLineTests {
    /// A mebibyte of "erase the screen", each shown as the visible `^[[2J`.
    static let escapes = String(repeating: "\u{1B}[2J", count: 1 << 18)

    static let epoch = Date(timeIntervalSince1970: 1_772_355_600)

    static func bubbles(columns: Int) -> BubbleRenderer {
        BubbleRenderer(theme: .plain, glyphs: .rounded, view: ReplyView(captionTime: { _ in "09:00" }, clockTime: { _ in "09:00" }),
                       columns: { columns })
    }

    /// The processor seconds this thread spends running `body`.
    static func seconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let started = now()
        body()
        return now() - started
    }

    /// The body of a framed bubble's text lines, without the frame and the padding. (Read as
    /// UTF-8: a mebibyte a Character at a time would take longer than drawing it.)
    static func framedText(_ drawn: String) -> String {
        let side = Array("│".utf8)
        var bytes: [UInt8] = []
        for line in drawn.utf8.split(separator: 0x0A) {
            var text = line.drop { $0 == 0x20 }
            guard text.starts(with: side) else { continue }
            text = text.dropFirst(side.count + 1).dropLast(side.count + 1)
            while text.last == 0x20 { text = text.dropLast() }
            bytes += text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aMebibyteOfEscapesRendersAsABubbleAt80ColumnsInUnderASecond() {
        var renderer = Self.bubbles(columns: 80)
        var user = "", assistant = ""
        let userSeconds = Self.seconds { user = renderer.render(userLine: Self.escapes, at: Self.epoch) }
        let assistantSeconds = Self.seconds {
            assistant = renderer.render(Reply(input: "", intent: .status, text: Self.escapes, at: Self.epoch))
        }
        #expect(userSeconds < 1, "the user's bubble took \(userSeconds) s")
        #expect(assistantSeconds < 1, "the assistant's bubble took \(assistantSeconds) s")

        let shown = String(repeating: "^[[2J", count: 1 << 18)
        for drawn in [user, assistant] {
            #expect(!drawn.utf8.contains(0x1B))
            #expect(drawn.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
            #expect(Self.framedText(drawn) == shown, "every character is shown, in order")
        }
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
