import Foundation
import LaundryCore
import Testing

@testable import LaundryTerminal

@Suite struct TextSafetyTests {
    @Test func escapeSequencesInANameAreShownInertly() {
        let name = "\u{1B}]0;x\u{07}\u{1B}[2J"
        let shown = TextSanitizer.sanitize("Meet \(name)!")
        #expect(shown == "Meet ^[]0;x^G^[[2J!")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func controlAndBidiCharactersAreVisible() {
        #expect(TextSanitizer.sanitize("a\u{7F}b\u{9B}c\u{202E}d\u{2066}") == "a^?b<U+9B>c<U+202E>d<U+2066>")
        #expect(TextSanitizer.sanitize("line one\nline\ttwo") == "line one\nline\ttwo")
        #expect(TextSanitizer.sanitize("Zoë 雪 🐑 👨‍👩‍👧") == "Zoë 雪 🐑 👨‍👩‍👧")
    }

    @Test func jsonEscapesEverythingATerminalCouldAct() {
        let value = JSONValue.object([
            ("text", .string("quote \" back \\ nl \n esc \u{1B} c1 \u{85} rlo \u{202E} ls \u{2028} é 雪")),
            ("n", .number(-3)), ("b", .bool(false)), ("nil", .null), ("list", .array([.number(1)])),
        ])
        #expect(value.serialized
            == #"{"text":"quote \" back \\ nl \n esc \u001b c1 \u0085 rlo \u202e ls \u2028 é 雪","n":-3,"b":false,"nil":null,"list":[1]}"#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(value.serialized.utf8)) as? [String: Any]
        #expect((parsed?["text"] as? String)?.contains("\u{1B}") == true, "the escapes decode back to the text")
    }
}

@Suite struct InputLineReaderTests {
    func lines(_ bytes: [UInt8]) -> [InputLine] {
        var descriptors: [Int32] = [0, 0]
        pipe(&descriptors)
        let writeEnd = descriptors[1]
        let writer = Thread {
            bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        var reader = InputLineReader(descriptor: descriptors[0])
        var result: [InputLine] = []
        while let line = reader.next() { result.append(line) }
        close(descriptors[0])
        return result
    }

    @Test func splitsLinesAndKeepsTheLastOneWithoutANewline() {
        #expect(lines(Array("a\r\nb\n\nc".utf8)) == [.text("a"), .text("b"), .text(""), .text("c")])
        #expect(lines([]) == [])
        #expect(lines(Array("only\n".utf8)) == [.text("only")])
    }

    @Test func invalidUTF8IsHandedBackAsBytes() {
        #expect(lines([0x61, 0xFF, 0x0A, 0x62]) == [.undecodable([0x61, 0xFF]), .text("b")])
    }

    @Test func aHugeLineIsCutAndTheNextLineStillArrives() {
        let huge = [UInt8](repeating: UInt8(ascii: "x"), count: InputLineReader.maximumLineBytes + 5000)
        let result = lines(huge + Array("\nnext\n".utf8))
        #expect(result.count == 2)
        if case .text(let text) = result[0] { #expect(text.utf8.count == InputLineReader.maximumLineBytes) }
        #expect(result[1] == .text("next"))
    }
}
