import Foundation
import LaundryCore

extension TranscriptMessage {
    /// The most of a message the transcript keeps, in UTF-8 bytes: a line is at most this long
    /// anyway, and a reply longer than this is a view (a dashboard, an export) kept as a summary.
    public static let maximumBytes = 4096

    /// `text` when it fits, else its first whole characters that fit with "…" after them.
    static func kept(_ text: String) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var kept = ""
        var bytes = 0
        let room = maximumBytes - "…".utf8.count
        for character in text {
            let size = character.utf8.count
            guard bytes + size <= room else { break }
            kept.append(character)
            bytes += size
        }
        return kept + "…"
    }
}
