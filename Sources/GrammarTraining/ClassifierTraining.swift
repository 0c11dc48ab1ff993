import Foundation
import LaundryCore
import LaundryGrammar

/// Trains the ``IntentClassifier``: softmax regression with an L2 penalty, by stochastic gradient
/// descent in a fixed order — the examples shuffled by a seeded generator each epoch — so that
/// the same inputs give the same model (Bottou, "Stochastic Gradient Descent Tricks", 2012: the
/// step size 𝜂₀ / (1 + 𝜂₀λt), the penalty as a scale on all the weights).
///
/// The examples are weighted so that every intent weighs the same in total (the grammar spells
/// some intents in far more ways than others, and `unknown` has few sentences), and a written
/// sentence weighs ``Settings/writtenWeight`` times a spelled-out one: it is how people write.
///
/// It runs at build time (in GrammarEmbedder), in whatever configuration the package is built
/// in — usually debug — so the loop works on flat buffers and takes well under a second there.
package enum ClassifierTraining {
    package struct Settings: Sendable {
        package var epochs = 10
        /// 𝜂₀, the first step's size.
        package var learningRate = 0.1
        /// C: the larger, the weaker the L2 penalty (λ = 1 / (C · examples)).
        package var inverseRegularization = 3.0
        /// The weight of a corpus sentence relative to one spelled from a template.
        package var writtenWeight = 3.0
        package var seed: UInt64 = 0x4C54_2D53_4744_3031  // "LT-SGD01"

        package init() {}
    }

    /// Sentences as the trainers see them: every example's feature rows, flat.
    package struct Design {
        /// The feature hashes, one per row of the weights.
        package let keys: [UInt32]
        /// Example `i`'s feature rows are `features[starts[i]..<starts[i + 1]]`.
        let features: [Int32]
        let starts: [Int32]
        /// Each example's intent, as its column among ``classes``.
        let labels: [Int32]
        /// Each example's weight: mean 1, every intent the same total.
        let weights: [Double]
        package let classes: [Intent]

        /// - Parameter numberWords: the grammar's numbers in words (``Grammar/numberWords``).
        package init(_ examples: [ClassifierTrainingData.Example], writtenWeight: Double, numberWords: Set<String>) {
            var rows: [UInt32: Int32] = [:]
            var keys: [UInt32] = [], features: [Int32] = [], starts: [Int32] = [0]
            for example in examples {
                for key in ClassifierFeatures.keys(of: ClassifierFeatures.modelWords(example.words, numberWords: numberWords)) {
                    if let row = rows[key] {
                        features.append(row)
                    } else {
                        rows[key] = Int32(keys.count)
                        features.append(Int32(keys.count))
                        keys.append(key)
                    }
                }
                starts.append(Int32(features.count))
            }
            let present = Set(examples.map(\.intent))
            let classes = Intent.allCases.filter(present.contains)
            let columns = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, Int32($0)) })
            let labels = examples.map { columns[$0.intent]! }
            var perClass = [Int](repeating: 0, count: classes.count)
            for label in labels { perClass[Int(label)] += 1 }
            let raw = examples.indices.map { index in
                (examples[index].origin == .grammar ? 1 : writtenWeight) / Double(perClass[Int(labels[index])])
            }
            let mean = raw.reduce(0, +) / Double(max(raw.count, 1))
            weights = raw.map { $0 / mean }
            self.classes = classes
            self.labels = labels
            self.keys = keys
            self.features = features
            self.starts = starts
        }

        var count: Int { labels.count }
    }

    /// The model trained on `examples`, its weights quantised for the tables.
    package static func train(
        _ examples: [ClassifierTrainingData.Example], settings: Settings = Settings(),
        grammarSource: String, numberWords: Set<String>, trainingFingerprint: Int
    ) -> IntentClassifier {
        let design = Design(examples, writtenWeight: settings.writtenWeight, numberWords: numberWords)
        let (weights, biases) = fit(design, settings: settings)
        return quantised(design, weights: weights, biases: biases, grammarSource: grammarSource, trainingFingerprint: trainingFingerprint)
    }

    /// The fitted weights (a row of `classes.count` per feature) and biases.
    static func fit(_ design: Design, settings: Settings) -> (weights: [Double], biases: [Double]) {
        var descent = Descent(design, settings: settings)
        defer { descent.deallocate() }
        var random = SplitMix64(seed: settings.seed)
        var order = Array(0..<design.count)
        for _ in 0..<settings.epochs {
            // Fisher–Yates, with the generator's own bounded numbers.
            for index in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(index, random.below(index + 1))
            }
            for example in order { descent.step(example) }
        }
        return descent.result()
    }

    /// The state of the descent, in buffers it owns: the package is usually built in debug, where
    /// an array's subscript is a call and a pointer's is not — the difference between training
    /// in 0.3 s and in 2.5 s. (`while` loops for the same reason: a range's iterator is a call.)
    private struct Descent {
        let columns: Int
        let features: UnsafeMutablePointer<Int32>
        let starts: UnsafeMutablePointer<Int32>
        let labels: UnsafeMutablePointer<Int32>
        let exampleWeights: UnsafeMutablePointer<Double>
        /// The weights are `scale` times what is stored: the penalty shrinks them all at every
        /// step, which costs one multiplication this way.
        let weights: UnsafeMutablePointer<Double>
        let weightCount: Int
        var scale = 1.0
        let biases: UnsafeMutablePointer<Double>
        /// Per column: the line's score, then its probability, then the step to take.
        let work: UnsafeMutablePointer<Double>
        let learningRate: Double
        let penalty: Double
        var steps = 0.0

        init(_ design: Design, settings: Settings) {
            func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
                let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
                _ = buffer.initialize(from: values)
                return buffer.baseAddress!
            }
            columns = design.classes.count
            features = copy(design.features)
            starts = copy(design.starts)
            labels = copy(design.labels)
            exampleWeights = copy(design.weights)
            weightCount = design.keys.count * columns
            weights = copy([Double](repeating: 0, count: weightCount))
            biases = copy([Double](repeating: 0, count: columns))
            work = copy([Double](repeating: 0, count: columns))
            learningRate = settings.learningRate
            penalty = 1 / (settings.inverseRegularization * Double(max(design.count, 1)))
        }

        /// One step of gradient descent on one example's loss (and its share of the penalty).
        mutating func step(_ example: Int) {
            let rate = learningRate / (1 + learningRate * penalty * steps)
            steps += 1
            let first = Int(starts[example]), end = Int(starts[example + 1])
            var column = 0
            while column < columns {
                work[column] = 0
                column += 1
            }
            var position = first
            while position < end {
                let base = Int(features[position]) * columns
                column = 0
                while column < columns {
                    work[column] += weights[base + column]
                    column += 1
                }
                position += 1
            }
            // Softmax, in place.
            var largest = -Double.infinity
            column = 0
            while column < columns {
                work[column] = work[column] * scale + biases[column]
                largest = max(largest, work[column])
                column += 1
            }
            var total = 0.0
            column = 0
            while column < columns {
                work[column] = exp(work[column] - largest)
                total += work[column]
                column += 1
            }
            scale *= 1 - rate * penalty
            if scale < 1e-6 { rescale() }
            let weight = exampleWeights[example], label = Int(labels[example])
            column = 0
            while column < columns {
                let gradient = weight * (work[column] / total - (column == label ? 1 : 0))
                work[column] = rate * gradient / scale
                biases[column] -= rate * gradient
                column += 1
            }
            position = first
            while position < end {
                let base = Int(features[position]) * columns
                column = 0
                while column < columns {
                    weights[base + column] -= work[column]
                    column += 1
                }
                position += 1
            }
        }

        private mutating func rescale() {
            var index = 0
            while index < weightCount {
                weights[index] *= scale
                index += 1
            }
            scale = 1
        }

        mutating func result() -> (weights: [Double], biases: [Double]) {
            rescale()
            return (Array(UnsafeBufferPointer(start: weights, count: weightCount)), Array(UnsafeBufferPointer(start: biases, count: columns)))
        }

        func deallocate() {
            for pointer in [features, starts, labels] { pointer.deallocate() }
            for pointer in [exampleWeights, weights, biases, work] { pointer.deallocate() }
        }
    }

    /// The model with its weights rounded to multiples of ``IntentClassifier/weightQuantum``;
    /// those that round to 0 (seven in eight) are not stored, nor features left with none.
    static func quantised(
        _ design: Design, weights: [Double], biases: [Double], grammarSource: String, trainingFingerprint: Int
    ) -> IntentClassifier {
        let columns = design.classes.count
        var keys: [UInt32] = [], rowStarts: [Int32] = [0], entries: [IntentClassifier.Entry] = []
        for (row, key) in design.keys.enumerated().sorted(by: { $0.element < $1.element }) {
            let start = entries.count
            for column in 0..<columns {
                let units = (weights[row * columns + column] / IntentClassifier.weightQuantum).rounded()
                let weight = Int8(max(Double(Int8.min), min(Double(Int8.max), units)))
                if weight != 0 { entries.append(IntentClassifier.Entry(column: UInt8(column), weight: weight)) }
            }
            if entries.count > start {
                keys.append(key)
                rowStarts.append(Int32(entries.count))
            }
        }
        return IntentClassifier(
            classes: design.classes, biases: biases.map { Int32(($0 / IntentClassifier.biasQuantum).rounded()) },
            keys: keys, rowStarts: rowStarts, entries: entries, grammarSource: grammarSource, trainingFingerprint: trainingFingerprint)
    }
}
