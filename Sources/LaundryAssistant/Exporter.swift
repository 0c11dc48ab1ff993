import Foundation
import LaundryCore

/// What to export, where to.
struct ExportRequest: Equatable {
    enum Kind: String {
        case history
        case transcript
    }

    enum Format: String {
        case csv, json, markdown
    }

    let kind: Kind
    let format: Format
    /// The file as the user typed it; nil for the screen (stdout).
    let path: String?
}

/// Turns history and transcript rows into CSV, JSON and Markdown.
enum Exporter {
    /// RFC 4180: a header row, fields with a comma, quote or line break quoted, quotes doubled.
    /// Files get the standard's CRLF line ends; the screen gets LF (a CR would show as `^M`).
    static func csv(_ events: [RecordedEvent], lineEnding: String = "\r\n") -> String {
        var rows = [["id", "pet", "event", "at", "ends_at"]]
        for event in events {
            rows.append([String(event.id), event.petName, event.kind.rawValue, iso(event.at), event.endsAt.map(iso) ?? ""])
        }
        return rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: lineEnding) + lineEnding
    }

    private static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An array of objects with ISO 8601 times.
    static func json(_ events: [RecordedEvent]) -> String {
        let objects: [[String: Any]] = events.map { event in
            var object: [String: Any] = ["id": event.id, "pet": event.petName, "event": event.kind.rawValue, "at": iso(event.at)]
            object["ends_at"] = event.endsAt.map(iso) ?? NSNull()
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The transcript as Markdown: one paragraph per message, who and when in bold.
    static func markdown(_ messages: [TranscriptMessage]) -> String {
        messages.reduce(into: markdownHeading) { $0 += markdown($1) }
    }

    /// The Markdown transcript's first line; each message follows (``markdown(_:)-(TranscriptMessage)``).
    static let markdownHeading = "# LaundryTime transcript\n"

    /// One message of the Markdown transcript, after the blank line that sets it apart.
    static func markdown(_ message: TranscriptMessage) -> String {
        let who = switch message.role {
        case .user: "You"
        case .assistant: "LaundryTime"
        case .notification: "Notification"
        }
        return "\n**\(who)** · \(iso(message.at))  \n"
            + message.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "  \n") + "\n"
    }

    static func iso(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
    }
}
