import Foundation
import LaundryCore
import LaundryGrammar

/// How a classifier does on held-out sentences: how often its top intent is right, and — what a
/// threshold on its probability is for — how precise it is on the lines where it is at least that
/// sure, and how many lines those are.
///
/// Two sets are judged: all held-out sentences, and those no template fits, the only ones the
/// fallback ever sees (the grammar answers the others first).
package struct ClassifierEvaluation {
    package struct Outcome: Sendable {
        package let text: String
        package let expected: Intent
        package let top: IntentClassifier.Score
        /// The probability it gave the right intent.
        package let probabilityOfExpected: Double
        /// Whether a template fits the line (then the classifier is not asked).
        package let templateFits: Bool

        package var isRight: Bool { top.intent == expected }
    }

    package let outcomes: [Outcome]

    package init(outcomes: [Outcome]) {
        self.outcomes = outcomes
    }

    /// - Parameter pets: the pets the sentences were written for.
    package init(
        _ examples: [ClassifierTrainingData.Example], pets: [String], grammar: Grammar, classify: ([String]) -> [IntentClassifier.Score]
    ) {
        let pets = PetNameIndex(names: pets)
        outcomes = examples.map { example in
            let scores = classify(example.words)
            return Outcome(
                text: example.text, expected: example.intent, top: scores[0],
                probabilityOfExpected: scores.first { $0.intent == example.intent }?.probability ?? 0,
                templateFits: grammar.match(example.text, pets: pets).intent != .unknown)
        }
    }

    /// Each fold of `data`'s written sentences judged by a model `train` makes from the grammar's
    /// sentences and the other folds: the outcomes of all folds together — figures for sentences
    /// the model judging them never saw.
    package static func crossValidated(
        _ data: ClassifierTrainingData, grammar: Grammar,
        train: ([ClassifierTrainingData.Example]) -> ([String]) -> [IntentClassifier.Score]
    ) -> ClassifierEvaluation {
        var outcomes: [Outcome] = []
        for fold in 0..<ClassifierTrainingData.folds {
            let classify = train(data.training(leavingOut: fold))
            outcomes += ClassifierEvaluation(data.written(in: fold), pets: ClassifierTrainingData.corpusPets,
                                             grammar: grammar, classify: classify).outcomes
        }
        return ClassifierEvaluation(outcomes: outcomes)
    }

    package var unmatched: [Outcome] { outcomes.filter { !$0.templateFits } }

    /// The share of `outcomes` whose top intent is right.
    package static func accuracy(_ outcomes: [Outcome]) -> Double {
        Double(outcomes.filter(\.isRight).count) / Double(max(outcomes.count, 1))
    }

    /// The mean of −log P(right intent): how well the probabilities fit, not only the top one.
    package static func logLoss(_ outcomes: [Outcome]) -> Double {
        outcomes.map { -log(max($0.probabilityOfExpected, 1e-12)) }.reduce(0, +) / Double(max(outcomes.count, 1))
    }

    /// At `threshold`: the share of `outcomes` whose top probability reaches it (coverage), how
    /// many of those are right (precision), and the same precision among those whose top intent
    /// changes data.
    package static func precision(_ outcomes: [Outcome], threshold: Double)
        -> (coverage: Double, precision: Double, sure: Int, changing: (precision: Double, sure: Int))
    {
        let sure = outcomes.filter { $0.top.probability >= threshold }
        let changing = sure.filter { $0.top.intent.changesData }
        func share(_ subset: [Outcome]) -> Double { Double(subset.filter(\.isRight).count) / Double(max(subset.count, 1)) }
        return (Double(sure.count) / Double(max(outcomes.count, 1)), share(sure), sure.count, (share(changing), changing.count))
    }

    /// The lowest of `thresholds` from which on the top intent of the lines no template fits is
    /// right at least `target` of the time, at that threshold and every higher one.
    package func threshold(reaching target: Double, among thresholds: [Double]) -> Double? {
        var found: Double?
        for threshold in thresholds.sorted().reversed() {
            guard Self.precision(unmatched, threshold: threshold).precision >= target else { break }
            found = threshold
        }
        return found
    }

    package static let thresholds = [0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98]

    /// One line of figures, for a comparison.
    package func summary() -> String {
        let unmatched = unmatched
        return "held-out \(Self.percent(Self.accuracy(outcomes))) of \(outcomes.count), "
            + "log loss \(String(format: "%.3f", Self.logLoss(outcomes))); "
            + "no template fits: \(Self.percent(Self.accuracy(unmatched))) of \(unmatched.count), "
            + "log loss \(String(format: "%.3f", Self.logLoss(unmatched)))"
    }

    /// The precision/coverage table, a Markdown table.
    package func table() -> String {
        var lines = [
            "| threshold | all held-out: coverage | precision | data-changing precision | no template fits: coverage | precision | data-changing precision |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for threshold in Self.thresholds {
            let all = Self.precision(outcomes, threshold: threshold), miss = Self.precision(unmatched, threshold: threshold)
            lines.append("| \(threshold) | \(Self.percent(all.coverage)) | \(Self.percent(all.precision)) | "
                + "\(Self.percent(all.changing.precision)) (\(all.changing.sure)) | \(Self.percent(miss.coverage)) | "
                + "\(Self.percent(miss.precision)) (\(miss.sure)) | \(Self.percent(miss.changing.precision)) (\(miss.changing.sure)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Accuracy per intent, weakest first, for the intents below `limit`.
    package func weakIntents(below limit: Double) -> String {
        let byIntent = Dictionary(grouping: outcomes, by: \.expected)
        return byIntent.map { ($0, Self.accuracy($1), $1.count) }
            .filter { $0.1 < limit }
            .sorted { ($0.1, $0.0.rawValue) < ($1.1, $1.0.rawValue) }
            .map { "\($0.0.rawValue) \(Self.percent($0.1)) of \($0.2)" }
            .joined(separator: ", ")
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
}
