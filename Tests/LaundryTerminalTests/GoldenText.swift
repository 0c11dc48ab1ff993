import Foundation
import Testing

/// Compares rendered text with a file in `Golden/` beside this one. Run with
/// `LAUNDRYTIME_RECORD_GOLDEN=1` to write the files afresh (then read the diff before committing).
/// Escapes are written as "␛" so that the files read as text and diff cleanly.
enum GoldenText {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        let shown = visible(text)
        if ProcessInfo.processInfo.environment["LAUNDRYTIME_RECORD_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(shown.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(Comment(rawValue: "No golden file \(name): run with LAUNDRYTIME_RECORD_GOLDEN=1 to write it."), sourceLocation: sourceLocation)
            return
        }
        if expected != shown {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = shown.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            let expectedLine = first < expectedLines.count ? String(expectedLines[first]) : "(end)"
            let actualLine = first < actualLines.count ? String(actualLines[first]) : "(end)"
            let message = "\(name) differs from line \(first + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)\n"
                + "(LAUNDRYTIME_RECORD_GOLDEN=1 rewrites it, if the change is meant.)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
