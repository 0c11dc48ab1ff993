import Foundation
import LaundryTestSupport

/// Every corpus of `Grammars/tests/` measured through the assistant, once for all the tests that
/// judge the figures. The measuring runs on Dispatch's threads, not on the tests' own (Swift's
/// cooperative pool, one thread a processor), so that other tests run while it does.
enum MeasuredCorpora {
    private static let measuring = Task<[UnderstandingScore], any Error> {
        try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async {
                done.resume(with: Result { try UnderstandingCorpus.all().map { try UnderstandingScore.measure($0) } })
            }
        }
    }

    static var scores: [UnderstandingScore] {
        get async throws { try await measuring.value }
    }

    static var perIntent: UnderstandingScore {
        get async throws { try await scores.first { $0.corpus.name == UnderstandingCorpus.perIntentName }! }
    }

    static var blind: [UnderstandingScore] {
        get async throws { try await scores.filter(\.corpus.isBlind) }
    }
}
