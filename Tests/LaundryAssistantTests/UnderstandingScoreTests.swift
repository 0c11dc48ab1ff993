import Foundation
import LaundryTestSupport
import Testing

/// What people type, understood through the whole assistant: the per-intent sentences all of them,
/// each blind corpus at least its floor. `scripts/understanding-report` prints the figures;
/// `LAUNDRYTIME_UNDERSTANDING_REPORT=1` prints them from this suite, a path writes them there.
@Suite struct UnderstandingScoreTests {
    /// The least share right, in per cent, that each blind corpus may score: a regression below it
    /// fails. A floor is the corpus's score when it was last raised, rounded down; raise it as
    /// understanding improves (never lower it to let a change pass). A corpus without an entry
    /// (a new `blind-N.tsv`) has the floor 0 until its first figure is written here. How each
    /// set's score got where it is, and who wrote it, is in docs/grammar.md ("Each set's history").
    static let floors: [String: Double] = [
        "blind-1": 94,
        "blind-2": 96,
        "blind-3": 98,
        "blind-4": 96,
        "blind-5": 99,
        "blind-6": 97,
        "blind-7": 96,
        "blind-8": 98,
        "blind-9": 98,
        "blind-10": 99,
        "blind-11": 99,
        "blind-12": 99,
        "blind-13": 98,
        "blind-14": 96,
        "blind-15": 95,
        "blind-16": 98,
        "blind-17": 96,
        "blind-18": 98,
        "blind-19": 98,
        "blind-20": 82,
        "blind-21": 97,
        "blind-22": 95,
        "blind-23": 97,
        "blind-24": 97,
        "blind-25": 95,
        "blind-26": 97,
        "blind-27": 97,
        "blind-28": 97,
        "blind-29": 85,
        "blind-30": 85,
        "blind-31": 92,
        "blind-32": 77,
        "blind-33": 75,
    ]

    @Test func corporaAreReadAndComplete() async throws {
        let scores = try await MeasuredCorpora.scores
        for score in scores {
            #expect(score.corpus.problems.isEmpty, "\(score.corpus.problems)")
            #expect(!score.lines.isEmpty, "\(score.corpus.name) has no lines")
        }
        #expect(try await !MeasuredCorpora.blind.isEmpty, "no Grammars/tests/blind-*.tsv")
    }

    @Test func perIntentSentencesAreAllUnderstoodThroughTheAssistant() async throws {
        for scored in try await MeasuredCorpora.perIntent.lines where scored.verdict != .right {
            Issue.record(Comment(rawValue: UnderstandingReport.describe(scored).joined(separator: "\n")))
        }
    }

    @Test func blindCorporaStayAboveTheirFloors() async throws {
        for score in try await MeasuredCorpora.blind {
            let floor = Self.floors[score.corpus.name] ?? 0
            #expect(score.percent >= floor,
                    "\(score.corpus.name): \(UnderstandingReport.percentText(score.percent)) right, below its floor of \(floor) %")
        }
    }

    @Test func reportShowsEveryCorpus() async throws {
        let scores = try await MeasuredCorpora.scores
        let report = UnderstandingReport.text(of: scores)
        for score in scores {
            #expect(report.contains("\(score.corpus.name) — \(score.right) of \(score.lines.count) right"))
        }
        switch ProcessInfo.processInfo.environment["LAUNDRYTIME_UNDERSTANDING_REPORT"] {
        case nil, "", "0": break
        case "1": print(report, terminator: "")
        case let path?: try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
