import Foundation
import LaundryPlatform
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// What was kept: the history, the transcript, exports, and the data store itself.
struct RecordHandlers: Handlers {
    let shared: HandlerContext

    /// How many history events one reply shows.
    static let historyPageSize = 20

    /// How far back "last N days" may reach: 100 years, longer than any laundry was kept and
    /// well inside the dates the calendar computes, so that N days back is always a date.
    static let historyDays = 1...36_500

    /// How many messages "/transcript N" shows at most: a screenful or two, not a dump (export
    /// gives the whole transcript).
    static let transcriptCounts = 1...200

    func history(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard turn.command[.pet] != nil else { return try history(of: nil, turn, pets: pets, transaction) }
        return try withPet(turn, pets: pets) { pet in try history(of: pet, turn, pets: pets, transaction) }
    }

    /// The history of one pet, or of all when `pet` is nil.
    private func history(of pet: Pet?, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        let range: HistoryRange
        switch askedRange(of: turn) {
        case .fits(let value): range = value
        case .refused(let text): return turn.failed(.refused, text, pet: pet)
        }
        let (since, until) = Self.interval(of: range, at: turn.now, calendar: calendar)
        let events = try transaction.events(petId: pet?.id, since: since, until: until)
        // The weekly chart covers the range asked (at most a year of weeks, the latest), from no
        // earlier than the first pet it shows was made.
        let born = (pet.map { [$0] } ?? pets).map(\.createdAt).min() ?? turn.now
        let chartEnd = until.map { $0.addingTimeInterval(-1) } ?? turn.now
        let chartFrom = max(since ?? born, born)
        let weeks = min(max(Self.calendarWeeks(from: chartFrom, to: chartEnd, calendar: calendar), 1), Self.chartWeeks)
        let weekly = WeeklyCycles(
            events: try transaction.events(petId: pet?.id, since: calendar.date(byAdding: .weekOfYear, value: -weeks, to: chartEnd), until: until),
            weeks: weeks, now: chartEnd, calendar: calendar)
        let byID = Dictionary(uniqueKeysWithValues: pets.compactMap { p in p.id.map { ($0, p) } })
        let summary = HistorySummary(
            events: events, frequencyDays: { byID[$0]?.settings.frequencyDays }, since: { byID[$0]?.createdAt },
            foldBefore: try since.map { try transaction.lastFolds(before: $0, petId: pet?.id) } ?? [:])
        let view = HistoryView(summary: summary, weekly: weekly, events: events)

        let scope = Self.scope(pet: pet, range: range, at: turn.now, calendar: calendar)
        let title = "History" + (scope.isEmpty ? "" : " " + scope)
        guard !events.isEmpty else {
            return turn.reply("\(title): nothing yet. Start a wash to begin the history.", pet: pet, content: .history(view))
        }
        let shownPets = pet.map { [$0] } ?? pets
        var lines = [Reply.Line(.title, title), Reply.Line(.lead, HistoryText.summaryLine(summary, pets: shownPets))]
        lines += HistoryText.chart(weekly, calendar: calendar)
        lines += HistoryText.timeline(
            events, currentNames: byID.mapValues(\.name.value), now: turn.now, calendar: calendar, limit: Self.historyPageSize)
        return turn.reply(lines: lines, pet: pet, content: .history(view))
    }

    func transcript(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let messages: [TranscriptMessage]
        let heading: String
        if let query = turn.command[.query]?.text {
            messages = try transaction.transcript.messages(containing: query, limit: 20)
            guard !messages.isEmpty else { return turn.reply("Nothing in the transcript mentions “\(query)”.", content: .transcript([])) }
            heading = "Messages with “\(query)”:"
        } else {
            var count = 10
            if let slot = turn.command[.count], let number = slot.number {
                let range = Self.transcriptCounts
                switch RangeCheck(number, words: slot.text, in: range, unit: "message",
                                  allowed: "the transcript shows \(range.lowerBound) to \(range.upperBound) messages at a time") {
                case .fits(let value): count = value
                case .refused(let text): return turn.failed(.refused, text)
                }
            }
            messages = try transaction.transcript.latest(limit: count)
            guard !messages.isEmpty else { return turn.reply("The transcript is empty so far.", content: .transcript([])) }
            heading = "The last \(DurationText.plural(messages.count, "message")):"
        }
        let query = turn.command[.query]?.text
        let lines = messages.map { message in
            let who = switch message.role {
            case .user: message.typist(readBy: transaction.member)
            case .assistant: "LaundryTime"
            case .notification: "🔔"
            }
            let text = query.map { Self.excerpt(of: message.text, around: $0) } ?? message.text.split(separator: "\n").first.map(String.init) ?? ""
            return Reply.Line(.contentText, "\(HistoryText.dayAndTime(message.at, calendar: calendar)) \(who): \(text)")
        }
        return turn.reply(lines: [Reply.Line(.paragraph, heading)] + lines, content: .transcript(messages))
    }

    /// The line of `text` where `query` is (ignoring case), cut to about ``excerptLength``
    /// characters around it, with "…" where it was cut. A match longer than the excerpt is cut too.
    static func excerpt(of text: String, around query: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.first { $0.range(of: query, options: .caseInsensitive) != nil } ?? lines.first ?? ""
        guard line.count > excerptLength, let match = line.range(of: query, options: .caseInsensitive) else { return String(line) }
        let before = line.distance(from: line.startIndex, to: match.lowerBound)
        var start = line.index(line.startIndex, offsetBy: max(0, min(before - excerptLength / 3, line.count - excerptLength)))
        var end = line.index(start, offsetBy: excerptLength)
        // Whole words at the cuts, where a space is near and the match stays inside (a match that
        // does not fit is cut wherever the excerpt ends).
        if start > line.startIndex, start <= match.lowerBound, let space = line[start..<match.lowerBound].firstIndex(of: " ") {
            start = line.index(after: space)
        }
        if end < line.endIndex, match.upperBound <= end, let space = line[match.upperBound..<end].lastIndex(of: " ") { end = space }
        return (start > line.startIndex ? "…" : "") + line[start..<end].trimmingCharacters(in: .whitespaces)
            + (end < line.endIndex ? "…" : "")
    }

    static let excerptLength = 60

    func export(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        // A format the sentence does not name is the file's: "to h.json" is JSON.
        var turn = turn
        let formatNamed = turn.command[.format] != nil
        if turn.command[.format] == nil, let path = turn.command[.path]?.text, let format = Self.format(ofFileNamed: path) {
            turn = Turn(input: turn.input, command: turn.command.with(.format, SlotValue(text: path, content: .listed(format))), now: turn.now)
        }
        let formatValue = turn.command[.format]?.listed
        let kind: ExportRequest.Kind =
            ExportRequest.Kind(rawValue: turn.command[.value]?.listed ?? "") ?? (formatValue == "markdown" ? .transcript : .history)
        let formats = kind == .history
            ? "The history exports as CSV or JSON, e.g. “export history as csv to laundry.csv”."
            : "The transcript exports as Markdown, e.g. “export transcript as markdown to chat.md”."
        // A format there is not, said ("as xml") or in the file's name ("to h.xml"), is never
        // written as one there is under its name.
        let named = formatValue.flatMap { ExportRequest.Format(rawValue: $0) == nil ? $0 : nil }
        let path = turn.command[.path]?.text
        if let other = named ?? (formatNamed ? nil : path.flatMap { Self.otherFormat(ofFileNamed: $0)?.uppercased() }) {
            // A file that must not be written (the store itself) is said first: that matters more.
            if let path {
                do { _ = try exportFile.target(at: HomePath.expandingTilde(path)) } catch {
                    return turn.failed(.refused, Self.refusal(error, path: path, format: kind == .history ? .csv : .markdown))
                }
            }
            return turn.failed(.refused, "There is no \(other) export. \(formats) Nothing was written.")
        }
        let format: ExportRequest.Format
        switch (kind, formatValue) {
        case (.history, nil): format = .csv
        case (.transcript, nil): format = .markdown
        case (.history, "csv"): format = .csv
        case (.history, "json"): format = .json
        case (.transcript, "markdown"): format = .markdown
        default:
            return turn.failed(.refused, formats)
        }
        // A file name is one word: words after it ("… for snowy as json to out.json") mean the
        // sentence was not understood as meant, and writing would put a file where the user did
        // not name one.
        if let path, path.contains(where: \.isWhitespace) {
            return turn.failed(.refused,
                "“\(path)” is not a file name I will write to: a file name has no spaces. "
                    + "Say, e.g., “export history as csv to laundry.csv”. Nothing was written.")
        }
        let range: HistoryRange
        switch askedRange(of: turn) {
        case .fits(let value): range = value
        case .refused(let text): return turn.failed(.refused, text)
        }
        let request = ExportRequest(kind: kind, format: format, path: path, range: range)
        // A format the sentence names that the file's name contradicts ("as csv to h.json") is asked about.
        let fileFormat = path.flatMap(Self.format(ofFileNamed:)).flatMap(ExportRequest.Format.init(rawValue:))
        let contradicted = formatNamed && fileFormat != format ? fileFormat : nil
        func export(_ request: ExportRequest) throws -> Reply {
            if let contradicted {
                return try conversationHandlers.askOrPerform(.exportAnyway(request, fileFormat: contradicted), turn, pets: pets, transaction)
            }
            return try writeExport(request, turn, pets: pets, transaction, overwrite: assumeYes)
        }
        guard turn.command[.pet] != nil else { return try export(request) }
        guard kind == .history else {
            return turn.failed(.refused,
                "The transcript is one conversation: it exports whole or for a span of time "
                    + "(“export the transcript for this week”), not for one pet.")
        }
        return try withPet(turn, pets: pets) { pet in
            var request = request
            request.pet = pet
            return try export(request)
        }
    }

    /// The sentence that exports what `request` does as `format`, when that kind can have it:
    /// "export history for Snowy this month as json to h.json".
    static func sentence(for request: ExportRequest, as format: ExportRequest.Format) -> String? {
        let fits = request.kind == .history ? format != .markdown : format == .markdown
        guard fits, let path = request.path else { return nil }
        return ["export", request.kind.rawValue, request.pet.map { "for \($0.name)" }, request.range == .all ? nil : request.range.label,
                "as", format.rawValue, "to", path].compactMap { $0 }.joined(separator: " ")
    }

    /// The format a file's extension names when it is none there is ("h.xml", "report.xlsx"): a
    /// word of letters other than a format's, or a plain text file's (`.txt`, `.text`).
    static func otherFormat(ofFileNamed path: String) -> String? {
        guard let ext = ExportFile.fileExtension(of: path), !ext.isEmpty, ext.allSatisfy(\.isLetter),
              format(ofFileNamed: path) == nil, !["txt", "text"].contains(ext.lowercased()) else { return nil }
        return ext
    }

    /// The export format a file's extension names: `csv`, `json` or `markdown` (`.md`).
    static func format(ofFileNamed path: String) -> String? {
        switch ExportFile.fileExtension(of: path)?.lowercased() {
        case "csv": "csv"
        case "json": "json"
        case "md", "markdown": "markdown"
        default: nil
        }
    }

    /// Writes an export to its file — asking before replacing one — or gives it as the reply.
    /// An export goes to its file a record at a time, so that the length of the history or the
    /// transcript does not decide the memory it takes.
    func writeExport(_ request: ExportRequest, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction, overwrite: Bool) throws -> Reply {
        guard let path = request.path else {
            var text = ""
            let rows = try write(request, at: turn.now, lineEnding: "\n", transaction) { text += $0 }
            let summary = "the \(request.kind.rawValue)" + (request.pet.map { " for \($0.name)" } ?? "")
                + (request.range == .all ? "" : " (\(request.range.label))") + " as \(request.format.title), \(Self.counted(rows, request))"
            return turn.reply(text, pet: request.pet, content: .document(format: request.format, summary: summary))
        }
        let file = HomePath.expandingTilde(path)
        let target: ExportFile.Target
        do {
            target = try exportFile.target(at: file)
        } catch {
            return turn.failed(.refused, Self.refusal(error, path: path, format: request.format), pet: request.pet)
        }
        if target != .new && !overwrite {
            return try conversationHandlers.askOrPerform(.overwrite(request), turn, pets: pets, transaction)
        }
        var rows = 0
        if dryRun {
            rows = try write(request, at: turn.now, lineEnding: "\r\n", transaction) { _ in }
            return turn.reply("Would write \(Self.counted(rows, request)) to \(path).", pet: request.pet)
        }
        do {
            try exportFile.save(to: file, replacing: target) { output in
                rows = try write(request, at: turn.now, lineEnding: "\r\n", transaction) { try output.write($0) }
            }
        } catch let problem as ExportFile.Problem {
            return turn.failed(.refused, Self.refusal(problem, path: path, format: request.format), pet: request.pet)
        }
        let scope = request.scope(at: turn.now, calendar: calendar)
        return turn.reply("Wrote \(Self.counted(rows, request))\(scope.isEmpty ? "" : " (\(scope))") to \(path) (\(request.format.title)).", pet: request.pet)
    }

    /// Writes the export through `output` a piece at a time, and gives how many events or
    /// messages it held.
    private func write(
        _ request: ExportRequest, at now: Date, lineEnding: String, _ transaction: StoreTransaction, _ output: (String) throws -> Void
    ) throws -> Int {
        let (since, until) = Self.interval(of: request.range, at: now, calendar: calendar)
        switch request.kind {
        case .transcript:
            var count = 0
            try output(Exporter.markdownHeading)
            try transaction.transcript.forEachMessage(since: since, until: until) { message in
                try output(Exporter.markdown(message, readBy: transaction.member))
                count += 1
            }
            return count
        case .history:
            var stream = Exporter.HistoryStream(format: request.format, lineEnding: lineEnding)
            try output(stream.start)
            try transaction.forEachEvent(petId: request.pet?.id, since: since, until: until) { try output(stream.add($0)) }
            try output(stream.end)
            return stream.count
        }
    }

    /// "4 events", "1 message".
    private static func counted(_ rows: Int, _ request: ExportRequest) -> String {
        DurationText.plural(rows, request.kind == .history ? "event" : "message")
    }

    /// Why an export does not go to `path` (as the user typed it), in one sentence.
    private static func refusal(_ problem: ExportFile.Problem, path: String, format: ExportRequest.Format) -> String {
        let example = "laundry.\(format == .markdown ? "md" : format.rawValue)"
        let sentence = switch problem {
        case .notAFile(let kind):
            "\(path) is \(kind), not a file; LaundryTime writes exports only to regular files."
        case .folder:
            "\(path) is a folder, not a file; name a file in it, e.g. “\(path.hasSuffix("/") ? path : path + "/")\(example)”."
        case .namesAFolder:
            "\(path) names a folder, not a file; name a file, e.g. “\(path.isEmpty || path.hasSuffix("/") ? path : path + "/")\(example)”."
        case .storeFile(let role):
            "\(path) is \(role): an export written there could lose your pets, their history, settings and messages. "
                + "Name another file, e.g. “\(example)”."
        case .notWritable(let permissions):
            "\(path) is not writable for you (mode \(String(format: "%04o", permissions))); name another file, or make this one writable first."
        case .changed: "\(path) changed while the export was being written, so it was left as it is; try again."
        case .noFolder(let folder): "Cannot write \(path): there is no folder \(folder)."
        case .notAFolder(let folder): "Cannot write \(path): \(folder) is not a folder."
        case .system(let code): "Cannot write \(path): \(String(cString: strerror(code)).asReason)."
        }
        return sentence + " Nothing was written."
    }
}
