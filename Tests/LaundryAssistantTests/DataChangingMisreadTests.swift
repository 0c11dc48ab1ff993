import LaundryTestSupport
import Testing

/// The worst misunderstanding is one that changes data: no line of any corpus may fire a
/// data-changing intent (`Intent.changesData`) other than its own. A line fires when its reply is
/// ok and waits for no answer; a yes fires the change its question proposed. A reply that asks
/// first ("Delete Snowy? (yes/no)", a guess to confirm) fires nothing.
@Suite struct DataChangingMisreadTests {
    /// Misreads the assistant makes today, by corpus and sentence, with what they do. Each is
    /// expected until it is fixed; then this test says so, and its entry goes.
    static let known: [String: String] = [:]

    @Test func dataChangingMisreads() async throws {
        var seen: Set<String> = []
        for score in try await MeasuredCorpora.scores {
            for scored in score.dataChangingMisreads {
                let key = "\(score.corpus.name): \(scored.line.text)"
                let description = Comment(rawValue: UnderstandingReport.describe(scored).joined(separator: "\n"))
                if let known = Self.known[key] {
                    seen.insert(key)
                    withKnownIssue(Comment(rawValue: known)) { Issue.record(description) }
                } else {
                    Issue.record(description)
                }
            }
        }
        for (key, known) in Self.known.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
            Issue.record("“\(key)” no longer \(known): take it out of DataChangingMisreadTests.known")
        }
    }
}
