import Foundation

/// Reads `LAUNDRYTIME_NOW`: an ISO 8601 instant, with or without fractional seconds, with a zone
/// (`Z` or `+01:00`).
enum PinnedTime {
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(trimmed) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed)
    }
}
