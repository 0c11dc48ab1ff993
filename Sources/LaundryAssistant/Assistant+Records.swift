import Foundation
import LaundryCore
import LaundryGrammar
import LaundryStore

/// What was kept: the history, the transcript, exports, and the data store itself.
extension Assistant {
    /// How many history events one reply shows.
    static let historyPageSize = 20

    func history(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        var pet: Pet?
        if turn.command[.pet] != nil {
            let resolved = withPet(turn, pets: pets) { found in turn.reply("", pet: found) }
            guard resolved.ok, let name = resolved.pet else { return resolved }
            pet = pets.first { $0.name.value == name }
        }
        let rangeName = turn.command[.range]?.value ?? "all"
        let (since, until) = Self.interval(of: rangeName, at: turn.now)
        let events = try transaction.events(petId: pet?.id, since: since, until: until, limit: Self.historyPageSize + 1)
        let scope = [pet.map { "for \($0.name)" }, rangeName == "all" ? nil : Self.rangeLabel(rangeName)]
            .compactMap { $0 }.joined(separator: " ")
        guard !events.isEmpty else {
            return turn.reply("No laundry history\(scope.isEmpty ? "" : " " + scope) yet. Start a wash to begin one.", pet: pet,
                              content: .history([]))
        }
        let shown = Array(events.prefix(Self.historyPageSize))
        var lines = ["History\(scope.isEmpty ? "" : " " + scope), newest first:"]
        lines += shown.map(Self.historyLine)
        if events.count > shown.count {
            lines.append("… and earlier events. “export history as csv” gives them all.")
        }
        return turn.reply(lines.joined(separator: "\n"), pet: pet, content: .history(shown))
    }

    static func historyLine(_ event: RecordedEvent) -> String {
        let what = event.kind.replacingOccurrences(of: "_", with: " ")
        var line = "\(dayAndTime(event.at)) · \(event.petName) · \(what)"
        if let end = event.endsAt {
            line += " (\(DurationText.words(end.timeIntervalSince(event.at))))"
        }
        return line
    }

    /// The local-calendar interval a range name stands for; nil ends are open.
    static func interval(of range: String, at now: Date) -> (Date?, Date?) {
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: now)
        switch range {
        case "today": return (today, nil)
        case "yesterday": return (calendar.date(byAdding: .day, value: -1, to: today), today)
        case "this_week": return (calendar.dateInterval(of: .weekOfYear, for: now)?.start, nil)
        case "this_month": return (calendar.dateInterval(of: .month, for: now)?.start, nil)
        default:
            if range.hasPrefix("last_"), let days = Int(range.dropFirst(5).split(separator: "_").first ?? "") {
                return (calendar.date(byAdding: .day, value: -days, to: now), nil)
            }
            return (nil, nil)
        }
    }

    static func rangeLabel(_ range: String) -> String {
        if range.hasPrefix("last_") { return range.replacingOccurrences(of: "_", with: " ") }
        return range.replacingOccurrences(of: "_", with: " ")
    }

    /// "Sun 1 Mar 09:00", local time.
    static func dayAndTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.weekday, .day, .month], from: date)
        let weekday = Calendar.current.shortWeekdaySymbols[(parts.weekday ?? 1) - 1]
        let month = Calendar.current.shortMonthSymbols[(parts.month ?? 1) - 1]
        return "\(weekday) \(parts.day ?? 1) \(month) \(PetText.clockTime(date))"
    }

    func transcript(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let messages: [TranscriptMessage]
        let heading: String
        if let query = turn.command[.query]?.text {
            messages = try transaction.messages(containing: query, limit: 20)
            guard !messages.isEmpty else { return turn.reply("Nothing in the transcript mentions “\(query)”.", content: .transcript([])) }
            heading = "Messages with “\(query)”:"
        } else {
            let count = max(1, min(turn.command[.count]?.number ?? 10, 200))
            messages = try transaction.latestMessages(limit: count)
            guard !messages.isEmpty else { return turn.reply("The transcript is empty so far.", content: .transcript([])) }
            heading = "The last \(DurationText.plural(messages.count, "message")):"
        }
        let lines = messages.map { message in
            let who = switch message.role {
            case .user: "You"
            case .assistant: "LaundryTime"
            case .notification: "🔔"
            }
            let text = message.text.split(separator: "\n").first.map(String.init) ?? ""
            return "\(Self.dayAndTime(message.at)) \(who): \(text)"
        }
        return turn.reply(([heading] + lines).joined(separator: "\n"), content: .transcript(messages))
    }

    func connection(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let url = store.location.databaseURL
        let size = ["", "-wal"].compactMap { suffix in
            (try? FileManager.default.attributesOfItem(atPath: url.path + suffix))?[.size] as? Int
        }.reduce(0, +)
        let schema = try transaction.appliedMigrations()
        let latency = try transaction.measureQueryLatency()
        let today = Calendar.current.startOfDay(for: turn.now)
        let messages = try transaction.messageCount(since: today)
        let folds = try transaction.events(since: today).filter { $0.kind == "folded" || $0.kind == "revived" }.count
        let lines = [
            "● Connected — \(url.path)",
            "Schema: \(schema.count) migrations (latest “\(schema.last ?? "none")”)",
            "Size: \(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file))",
            "Query latency: \(String(format: "%.2f", latency * 1000)) ms",
            "Today: \(DurationText.plural(messages, "message")), \(DurationText.plural(folds, "cycle")) completed",
        ]
        return turn.reply(lines.joined(separator: "\n"))
    }

    func export(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        let formatValue = turn.command[.format]?.value
        let kind: ExportRequest.Kind =
            ExportRequest.Kind(rawValue: turn.command[.value]?.value ?? "") ?? (formatValue == "markdown" ? .transcript : .history)
        let format: ExportRequest.Format
        switch (kind, formatValue) {
        case (.history, nil): format = .csv
        case (.transcript, nil): format = .markdown
        case (.history, "csv"): format = .csv
        case (.history, "json"): format = .json
        case (.transcript, "markdown"): format = .markdown
        default:
            return turn.failed(.refused, kind == .history
                ? "The history exports as CSV or JSON, e.g. “export history as csv to laundry.csv”."
                : "The transcript exports as Markdown, e.g. “export transcript as markdown to chat.md”.")
        }
        return try writeExport(ExportRequest(kind: kind, format: format, path: turn.command[.path]?.text), turn, pets: pets,
                               transaction, overwrite: assumeYes)
    }

    /// Writes an export to its file — asking before replacing one — or gives it as the reply.
    func writeExport(_ request: ExportRequest, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction, overwrite: Bool) throws -> Reply {
        let content: String
        let rows: Int
        switch (request.kind, request.format) {
        case (.transcript, _):
            let messages = try transaction.latestMessages(limit: .max)
            content = Exporter.markdown(messages)
            rows = messages.count
        case (.history, .json):
            let events = try transaction.events().reversed() as [RecordedEvent]
            content = Exporter.json(events)
            rows = events.count
        case (.history, _):
            let events = try transaction.events().reversed() as [RecordedEvent]
            content = Exporter.csv(events)
            rows = events.count
        }
        guard let path = request.path else {
            return turn.reply(content)
        }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                return turn.failed(.refused, "\(path) is a directory. Name a file, e.g. “\(path)/laundry.\(request.format == .markdown ? "md" : request.format.rawValue)”.")
            }
            if !overwrite {
                return try askOrPerform(.overwrite(request), turn, pets: pets, transaction)
            }
        }
        let what = request.kind == .history ? DurationText.plural(rows, "event") : DurationText.plural(rows, "message")
        if dryRun { return turn.reply("Would write \(what) to \(path).") }
        do {
            try Data(content.utf8).write(to: url, options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "it cannot be written"
            return turn.failed(.refused, "Cannot write \(path): \(reason). Nothing was written.")
        }
        return turn.reply("Wrote \(what) to \(path) (\(request.format.rawValue.uppercased())).")
    }
}
