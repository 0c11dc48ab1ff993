import Foundation
import LaundryCore
internal import LaundryGrammar

/// The formats a document is exported in; the raw value is the format's name in the grammar's
/// list and in a file's extension.
public enum DocumentFormat: String, Sendable {
    case csv, json, markdown

    /// As a reply names it: "CSV", "JSON", "Markdown".
    public var title: String { self == .markdown ? "Markdown" : rawValue.uppercased() }
}

/// What to export, where to.
struct ExportRequest: Equatable {
    enum Kind: String {
        case history
        case transcript
    }

    typealias Format = DocumentFormat

    let kind: Kind
    let format: Format
    /// The file as the user typed it; nil for the screen (stdout).
    let path: String?
    /// Only this pet's history (all pets' when nil).
    var pet: Pet? = nil
    /// Only what happened in this span of time.
    var range: HistoryRange = .all

    /// What it holds, as the history's title says it: "for Snowy · this month"; empty for all.
    func scope(at now: Date, calendar: Calendar) -> String {
        RecordHandlers.scope(pet: pet, range: range, at: now, calendar: calendar)
    }
}

/// Turns history and transcript rows into CSV, JSON and Markdown.
enum Exporter {
    /// The history in CSV or JSON, written an event at a time: `start`, then `add` for each event
    /// (oldest first), then `end`. The pieces joined are exactly ``csv(_:lineEnding:)`` or
    /// ``json(_:)`` of all the events, so that an export of any length streams to its file.
    struct HistoryStream {
        let format: ExportRequest.Format
        /// CSV's line end: the standard's CRLF for files, LF for the screen (a CR shows as `^M`).
        let lineEnding: String
        private(set) var count = 0

        init(format: ExportRequest.Format, lineEnding: String = "\r\n") {
            self.format = format
            self.lineEnding = lineEnding
        }

        var start: String {
            format == .json ? "[" : ["id", "pet", "event", "at", "ends_at"].joined(separator: ",") + lineEnding
        }

        mutating func add(_ event: RecordedEvent) -> String {
            defer { count += 1 }
            guard format == .json else {
                let fields = [String(event.id), event.petName, event.kind.rawValue, iso(event.at), event.endsAt.map(iso) ?? ""]
                return fields.map(Exporter.csvField).joined(separator: ",") + lineEnding
            }
            // The object as JSONSerialization writes it inside a pretty-printed array: indented by two.
            var object: [String: Any] = ["id": event.id, "pet": event.petName, "event": event.kind.rawValue, "at": iso(event.at)]
            object["ends_at"] = event.endsAt.map(iso) ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
            let indented = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n")
            return (count == 0 ? "\n" : ",\n") + indented
        }

        var end: String {
            guard format == .json else { return "" }
            return (count == 0 ? "\n\n]" : "\n]") + "\n"
        }
    }

    /// RFC 4180: a header row, fields with a comma, quote or line break quoted, quotes doubled.
    /// Files get the standard's CRLF line ends; the screen gets LF (a CR would show as `^M`).
    static func csv(_ events: [RecordedEvent], lineEnding: String = "\r\n") -> String {
        whole(HistoryStream(format: .csv, lineEnding: lineEnding), events)
    }

    /// An array of objects with ISO 8601 times, pretty-printed, keys sorted.
    static func json(_ events: [RecordedEvent]) -> String {
        whole(HistoryStream(format: .json), events)
    }

    private static func whole(_ stream: HistoryStream, _ events: [RecordedEvent]) -> String {
        var stream = stream
        return events.reduce(into: stream.start) { $0 += stream.add($1) } + stream.end
    }

    fileprivate static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The Markdown transcript's first line; each message follows (``markdown(_:readBy:)``): one
    /// paragraph per message, who and when in bold.
    static let markdownHeading = "# LaundryTime transcript\n"

    /// One message of the Markdown transcript, after the blank line that sets it apart. It is written
    /// for `reader`: their own lines are "You", another member's are named.
    static func markdown(_ message: TranscriptMessage, readBy reader: String) -> String {
        let who = switch message.role {
        case .user: message.typist(readBy: reader)
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
