import Foundation
import LaundryCore

/// A learned guess at the intent of a line no template fits: the fallback behind the grammar's
/// exact matcher, as Snips NLU's probabilistic parser stands behind its deterministic one.
///
/// It is a softmax (multinomial logistic) regression over the words of a line — word unigrams
/// and bigrams, and letter trigrams inside words for typos (``ClassifierFeatures``) — with the
/// user's pets and the numbers masked. It is trained at build time (``ClassifierTraining``) on the
/// grammar's own sentences and the per-intent sentence files (never a blind corpus), and ships in
/// the binary as tables read on first use. It knows every ``Intent``; `unknown` was trained on
/// lines that are none ("order me a pizza").
///
/// It only ever guesses: the probabilities say how sure the guess is, and the conversation decides
/// what a guess may do (``highConfidence``).
public struct IntentClassifier: Sendable, Equatable {
    /// One intent and how probable the model finds it.
    public struct Score: Equatable, Sendable {
        public let intent: Intent
        public let probability: Double

        package init(intent: Intent, probability: Double) {
            self.intent = intent
            self.probability = probability
        }
    }

    /// "High confidence": the lowest probability from which, judging each fold of the written
    /// sentences by a model trained without it, the top intent was right at least 99 % of the
    /// time, and so was every top intent that changes data (99.2 % and 99.0 %, on three quarters of
    /// them). Measured afterwards on lines by people who never saw the grammar, never tuned on: those no template fits are right
    /// 90 % of the time from there on, and those that change data all of them
    /// (scripts/classifier-report; Benchmarks/README.md, "Intent classifier"). ``Guess/confident``
    /// is this number: the assistant acts on a guess only from here on.
    public static let highConfidence = 0.9

    /// The intents, in the order of the weights' columns.
    let classes: [Intent]
    /// Per intent, its bias, in units of ``biasQuantum``.
    let biases: [Int32]
    /// The features that carry a weight, as their hashes, ascending.
    let keys: [UInt32]
    /// For the feature `keys[i]`, its weights are `entries[rowStarts[i]..<rowStarts[i + 1]]`.
    let rowStarts: [Int32]
    /// A weight: the intent's column, and the weight in units of ``weightQuantum``.
    let entries: [Entry]
    /// Fingerprints of the grammar text and of all the training inputs.
    let grammarFingerprint: Int
    package let trainingFingerprint: Int

    package struct Entry: Equatable, Sendable {
        let column: UInt8
        let weight: Int8

        package init(column: UInt8, weight: Int8) {
            self.column = column
            self.weight = weight
        }
    }

    /// Weights are stored as multiples of this, biases of the finer other.
    package static let weightQuantum = 1.0 / 8
    package static let biasQuantum = 1.0 / 256

    /// The intents of a line's words, most probable first, probabilities summing to 1.
    ///
    /// - Parameter words: the line's words, normalised as the grammar's tokenizer gives them
    ///   (lower case, punctuation at the edges dropped), each word of a pet's name replaced by
    ///   ``petPlaceholder`` (``maskingPets(in:pets:)``). Numbers are masked here.
    /// - Parameter numberWords: the numbers in words of the grammar the model was trained for
    ///   (``Grammar/numberWords``).
    public func classify(_ words: [String], numberWords: Set<String>) -> [Score] {
        let features = ClassifierFeatures.keys(of: ClassifierFeatures.modelWords(words, numberWords: numberWords))
        var sums = biases.map { Double($0) * Self.biasQuantum }
        var weights = [Int32](repeating: 0, count: classes.count)
        for feature in features {
            guard let row = row(of: feature) else { continue }
            for entry in entries[Int(rowStarts[row])..<Int(rowStarts[row + 1])] {
                weights[Int(entry.column)] += Int32(entry.weight)
            }
        }
        for column in sums.indices { sums[column] += Double(weights[column]) * Self.weightQuantum }
        let probabilities = Self.softmax(sums)
        return zip(classes, probabilities)
            .map { Score(intent: $0, probability: $1) }
            .sorted { $0.probability > $1.probability || ($0.probability == $1.probability && $0.intent.rawValue < $1.intent.rawValue) }
    }

    /// The row of a feature's weights: a binary search of the sorted keys.
    private func row(of key: UInt32) -> Int? {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }

    package static func softmax(_ values: [Double]) -> [Double] {
        let largest = values.max() ?? 0
        let exponentials = values.map { exp($0 - largest) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }
}

extension IntentClassifier {
    /// A model from its trained parts (GrammarTraining's ``quantised``), for a grammar's text.
    package init(
        classes: [Intent], biases: [Int32], keys: [UInt32], rowStarts: [Int32], entries: [Entry], grammarSource: String,
        trainingFingerprint: Int
    ) {
        self.init(classes: classes, biases: biases, keys: keys, rowStarts: rowStarts, entries: entries,
                  grammarFingerprint: GrammarTables.fingerprint(of: grammarSource), trainingFingerprint: trainingFingerprint)
    }
}
