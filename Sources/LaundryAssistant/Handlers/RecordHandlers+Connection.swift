import Foundation
import LaundryPlatform
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// The connection report: the store, its schema and size, how fast it answers, today's work.
extension RecordHandlers {
    func connection(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let url = shared.location.databaseURL
        let size = ["", "-wal"].compactMap { suffix in
            (try? FileManager.default.attributesOfItem(atPath: url.path + suffix))?[.size] as? Int
        }.reduce(0, +)
        let schema = try transaction.appliedMigrations()
        let latency = try transaction.measureQueryLatency()
        let today = calendar.startOfDay(for: turn.now)
        let messages = try transaction.transcript.count(since: today)
        let folds = try transaction.events(since: today).filter(\.kind.isFold).count
        let lines = [
            "LaundryTime \(LaundryTimeVersion.current) — laundry pets in your terminal",
            shared.readOnlyReason.map { "● Read-only — \(url.path) (\($0))" } ?? "● Connected — \(url.path)",
            "Schema: \(schema.count) migrations (latest “\(schema.last ?? "none")”)",
            "Size: \(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file))",
            "Query latency: \(String(format: "%.2f", latency * 1000)) ms",
            "Today: \(DurationText.plural(messages, "message")), \(DurationText.plural(folds, "cycle")) completed",
        ]
        return turn.reply(lines.joined(separator: "\n"))
    }
}
