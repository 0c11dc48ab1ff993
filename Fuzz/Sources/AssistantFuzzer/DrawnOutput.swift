import Foundation

/// What the program may write for a reply, whatever the line said (untrusted text is data:
/// docs/terminal.md, "Untrusted text"). Breaking a rule is a crash, for libFuzzer to keep the
/// input.
enum DrawnOutput {
    /// Drawn for a terminal with colour off, the renderer writes no escape of its own: nothing may
    /// act on the terminal — no C0 control but tab and newline, no DEL, no C1 control (ESC's
    /// one-byte forms), no bidirectional override or isolate.
    static func checkInert(_ text: String, after line: String, in format: String) {
        guard let bad = text.unicodeScalars.first(where: acts) else { return }
        fatalError("the \(format) drawn after the line \(String(reflecting: line)) holds U+\(String(bad.value, radix: 16, uppercase: true)): \(String(reflecting: text))")
    }

    /// `--json` writes one JSON object a line.
    static func checkJSONLines(_ text: String, after line: String) {
        guard text.isEmpty || text.hasSuffix("\n") else {
            fatalError("the JSON written after the line \(String(reflecting: line)) does not end its line: \(String(reflecting: text))")
        }
        for object in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard (try? JSONSerialization.jsonObject(with: Data(object.utf8))) is [String: Any] else {
                fatalError("the JSON written after the line \(String(reflecting: line)) is no object: \(String(reflecting: String(object)))")
            }
        }
    }

    private static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
