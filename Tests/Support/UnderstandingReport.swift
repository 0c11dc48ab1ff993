import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar

/// The figures of measured corpora as text for a person: per corpus the score, the outcomes,
/// the score per kind of phrasing and per intent, the data-changing misreads, and every line
/// not understood right with what the reply said.
public enum UnderstandingReport {
    /// The kinds of phrasing of the blind corpora, in the order the README lists them.
    public static let kinds = ["plain", "typo", "polite", "casual", "possessive", "punct", "petfirst", "question", "yesno", "negative"]

    /// A line a corpus with its score, then each corpus in full.
    public static func text(of scores: [UnderstandingScore]) -> String {
        let summary = scores.map { "\($0.corpus.name): \($0.right) of \($0.lines.count) right (\(percentText($0.percent)))" }
        return ([summary.joined(separator: "\n")] + scores.map(text(of:))).joined(separator: "\n\n") + "\n"
    }

    public static func text(of score: UnderstandingScore) -> String {
        var lines = [
            "\(score.corpus.name) — \(score.right) of \(score.lines.count) right (\(percentText(score.percent))), "
                + "through the assistant, pets \(score.corpus.pets.joined(separator: ", "))",
            "  outcomes: " + UnderstandingVerdict.allCases.map { verdict in
                "\(verdict.rawValue) \(score.lines.count { $0.verdict == verdict })"
            }.joined(separator: " · "),
        ]
        let byKind = score.tally { $0.kind }
        if !byKind.isEmpty {
            lines.append("  by kind:")
            lines += table(byKind.sorted { rank($0.key) < rank($1.key) })
        }
        lines.append("  by intent:")
        let intentOrder = Intent.allCases.map(\.rawValue)
        lines += table(score.tally { $0.intent.rawValue }.sorted {
            intentOrder.firstIndex(of: $0.key)! < intentOrder.firstIndex(of: $1.key)!
        })
        let misreads = score.dataChangingMisreads
        lines.append("  data-changing misreads (another intent's change made): \(misreads.count)")
        lines += misreads.flatMap(describe)
        let nearMisses = score.lines.filter(\.isDataChangingNearMiss)
        lines.append("  near misses (read as another intent's change, refused or asked first): \(nearMisses.count)")
        lines += nearMisses.map(brief)
        let wrongChanges = score.lines.filter(\.madeItsChangeWrongly)
        lines.append("  own change made with a wrong pet or value: \(wrongChanges.count)")
        lines += wrongChanges.map(brief)
        let wrong = score.lines.filter { $0.verdict != .right }
        lines.append("  not right: \(wrong.count)")
        lines += wrong.flatMap(describe)
        return lines.joined(separator: "\n")
    }

    /// "    blind-1.tsv:3 [not understood] “make me a pet” — create_pet name=Denim (casual)" and,
    /// under it, what the reply said.
    public static func describe(_ scored: ScoredLine) -> [String] {
        let line = scored.line
        let label = ([line.intent.rawValue] + (line.slots.isEmpty ? [] : [line.slotsText])).joined(separator: " ")
        let after = scored.question.map { " (after “\($0.input)”)" } ?? ""
        return [
            "    \(line.location) [\(scored.verdict.rawValue)] “\(line.text)”\(after) — \(label)\(line.kind.map { " (\($0))" } ?? "")",
            "        → \(scored.replySummary)",
        ]
    }

    /// "    blind-1.tsv:386 “call a plumber” → rename_pet, refused": where a line is, and what it became.
    public static func brief(_ scored: ScoredLine) -> String {
        let reply = scored.reply
        let outcome = reply.awaiting.map { "asks for \($0.rawValue)" } ?? (reply.ok ? "done" : "refused")
        return "    \(scored.line.location) “\(scored.line.text)” → \(reply.intent.rawValue), \(outcome)"
    }

    /// "23.5 %": one decimal, the same on every machine.
    public static func percentText(_ percent: Double) -> String {
        let tenths = Int((percent * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }

    private static func table(_ rows: [(key: String, right: Int, total: Int)]) -> [String] {
        let counts = rows.map { "\($0.right)/\($0.total)" }
        let nameWidth = rows.map(\.key.count).max() ?? 0, countWidth = counts.map(\.count).max() ?? 0
        return zip(rows, counts).map { row, count in
            let percent = percentText(UnderstandingScore.percent(row.right, of: row.total))
            return "    " + padded(row.key, nameWidth) + "  " + padded(count, countWidth, left: true) + "  "
                + padded(percent, 7, left: true)
        }
    }

    private static func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }

    /// Where a kind stands in ``kinds``; kinds it does not list come after, in name order.
    private static func rank(_ kind: String) -> (Int, String) {
        (kinds.firstIndex(of: kind) ?? kinds.count, kind)
    }
}
