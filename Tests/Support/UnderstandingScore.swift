import Foundation
import Synchronization
import LaundryAssistant
import LaundryGrammar

/// A corpus measured through the whole assistant: each line in a fresh conversation (a new
/// `Assistant`, as a new session would start) on a store that holds the corpus's pets, in a dry
/// run so that nothing a line does is kept, at a pinned instant in a pinned calendar (UTC).
/// Lines that answer a yes/no question (`confirm`, `deny`) are said after ``question``.
public struct UnderstandingScore: Sendable {
    /// Why a corpus cannot be measured.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// What is said before a `confirm` or `deny` line: it waits for a yes or a no.
    public static let question = "delete Snowy"

    public let corpus: UnderstandingCorpus
    public let lines: [ScoredLine]

    /// Answers every line of `corpus`, on as many stores at once as there are processors: a
    /// line that is not understood costs most (its "did you mean" ranks the grammar's sentences).
    public static func measure(
        _ corpus: UnderstandingCorpus, workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> UnderstandingScore {
        let workers = max(1, min(workers, corpus.lines.count))
        let chunks = Mutex([Result<[ScoredLine], any Error>?](repeating: nil, count: workers))
        // Worker w answers lines w, w + workers, …: the lines not understood, which cluster at
        // the end of a corpus, are shared out evenly.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let lines = stride(from: worker, to: corpus.lines.count, by: workers).map { corpus.lines[$0] }
            let answered = Result { try answer(lines, pets: corpus.pets, corpus: corpus.name) }
            chunks.withLock { $0[worker] = answered }
        }
        let answered = try chunks.withLock { $0 }.map { try $0!.get() }
        let lines = corpus.lines.indices.map { answered[$0 % workers][$0 / workers] }
        return UnderstandingScore(corpus: corpus, lines: lines)
    }

    /// Answers `lines` on a store of their own that holds `pets`.
    private static func answer(_ lines: [LabelledLine], pets: [String], corpus: String) throws -> [ScoredLine] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let fixture = try AssistantFixture(calendar: utc)
        for pet in pets {
            let created = fixture.assistant.respond(to: "create pet \(pet)")
            guard created.ok, created.pet == pet else {
                throw SetupError(description: "\(corpus): “create pet \(pet)” answered “\(created.text)”")
            }
        }
        return try lines.map { line in
            let assistant = fixture.makeDryRunConversation()
            var question: Reply?
            if line.answersAQuestion {
                let asked = assistant.respond(to: Self.question)
                guard asked.awaiting == .confirmation else {
                    throw SetupError(description: "\(corpus): “\(Self.question)” asked nothing: “\(asked.text)”")
                }
                question = asked
            }
            return ScoredLine(line: line, question: question, reply: assistant.respond(to: line.text), pets: pets)
        }
    }

    public var right: Int { lines.count { $0.verdict == .right } }

    /// The share of lines understood right, in per cent (100 for no lines).
    public var percent: Double { Self.percent(right, of: lines.count) }

    /// The lines the assistant understood as a data-changing intent they did not ask for.
    public var dataChangingMisreads: [ScoredLine] { lines.filter(\.isDataChangingMisread) }

    /// The lines grouped by a property of theirs (kind, intent; nil leaves a line out), each group
    /// with how many of its lines are right, in the order the groups first appear.
    public func tally(by key: (LabelledLine) -> String?) -> [(key: String, right: Int, total: Int)] {
        var order: [String] = []
        var counts: [String: (right: Int, total: Int)] = [:]
        for scored in lines {
            guard let name = key(scored.line) else { continue }
            if counts[name] == nil { order.append(name) }
            let count = counts[name, default: (0, 0)]
            counts[name] = (count.right + (scored.verdict == .right ? 1 : 0), count.total + 1)
        }
        return order.map { (key: $0, right: counts[$0]!.right, total: counts[$0]!.total) }
    }

    public static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 100 : Double(part) * 100 / Double(whole)
    }
}
