import Foundation
import LaundryCore
import LaundryGrammar

/// Multinomial naive Bayes over the classifier's own features, trained on the same weighted
/// examples: the baseline the softmax regression was chosen over. It is as accurate on the top
/// intent, but its probabilities are far too sure of themselves — features of one sentence are
/// counted as independent evidence, and a sentence has dozens that say the same thing — so no
/// threshold on them means much (GrammarEmbedder's `--report` prints both).
package struct NaiveBayesBaseline: Sendable {
    private let classes: [Intent]
    private let rows: [UInt32: Int]
    /// log P(feature | intent), a row of `classes.count` per feature.
    private let logLikelihoods: [Double]
    private let logPriors: [Double]
    /// The grammar's numbers in words, masked as numbers (``Grammar/numberWords``).
    private let numberWords: Set<String>

    /// - Parameter smoothing: the pseudo-count added to every (feature, intent) (Lidstone).
    package init(_ examples: [ClassifierTrainingData.Example], numberWords: Set<String>, smoothing: Double = 0.1, writtenWeight: Double = 3) {
        self.numberWords = numberWords
        let design = ClassifierTraining.Design(examples, writtenWeight: writtenWeight, numberWords: numberWords)
        let columns = design.classes.count, features = design.keys.count
        var counts = [Double](repeating: 0, count: features * columns)
        var totals = [Double](repeating: 0, count: columns)
        var priors = [Double](repeating: 0, count: columns)
        for example in 0..<design.count {
            let column = Int(design.labels[example]), weight = design.weights[example]
            priors[column] += weight
            for row in design.features[Int(design.starts[example])..<Int(design.starts[example + 1])] {
                counts[Int(row) * columns + column] += weight
                totals[column] += weight
            }
        }
        let denominators = totals.map { log($0 + smoothing * Double(features)) }
        logLikelihoods = counts.indices.map { log(counts[$0] + smoothing) - denominators[$0 % columns] }
        let prior = priors.reduce(0, +)
        logPriors = priors.map { log($0 / prior) }
        classes = design.classes
        rows = Dictionary(uniqueKeysWithValues: design.keys.enumerated().map { ($1, $0) })
    }

    /// Like ``IntentClassifier/classify(_:numberWords:)``; features no training sentence had are left out.
    package func classify(_ words: [String]) -> [IntentClassifier.Score] {
        var sums = logPriors
        for key in ClassifierFeatures.keys(of: ClassifierFeatures.modelWords(words, numberWords: numberWords)) {
            guard let row = rows[key] else { continue }
            for column in sums.indices { sums[column] += logLikelihoods[row * classes.count + column] }
        }
        return zip(classes, IntentClassifier.softmax(sums))
            .map { IntentClassifier.Score(intent: $0, probability: $1) }
            .sorted { $0.probability > $1.probability }
    }
}
