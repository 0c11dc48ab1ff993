import Foundation
import LaundryCore
import GrammarTraining
import LaundryGrammar

/// `GrammarEmbedder --report`: the figures behind the intent classifier — naive Bayes against the
/// softmax regression over the four folds of the written sentences in turn (each fold judged by a
/// model trained on the grammar's sentences and the other three), the precision/coverage table
/// the high-confidence threshold is read from, the shipped model's size and training time, and —
/// measured, never trained on — the blind corpora. Run it in release (scripts/classifier-report).
struct TrainingReport {
    let data: ClassifierTrainingData
    let inputs: ClassifierTrainingData.Inputs
    let grammar: Grammar
    /// The blind corpora to measure the shipped model on: (name, text).
    let blind: [(name: String, text: String)]

    private typealias Classify = ([String]) -> [IntentClassifier.Score]

    var text: String {
        var lines: [String] = []
        for origin in ClassifierTrainingData.Origin.allCases {
            lines.append("\(origin.rawValue): \(data.examples.filter { $0.origin == origin }.count) sentences")
        }
        lines.append("")

        let candidates: [(name: String, train: ([ClassifierTrainingData.Example]) -> Classify)] = [
            ("naive Bayes, smoothing 0.1", { NaiveBayesBaseline($0, numberWords: grammar.numberWords, smoothing: 0.1).classify }),
            ("naive Bayes, smoothing 1", { NaiveBayesBaseline($0, numberWords: grammar.numberWords, smoothing: 1).classify }),
            ("softmax regression, C = 1", { examples in classify(regression(examples, inverseRegularization: 1)) }),
            ("softmax regression, C = 3 (shipped)", { examples in classify(regression(examples, inverseRegularization: 3)) }),
            ("softmax regression, C = 10", { examples in classify(regression(examples, inverseRegularization: 10)) }),
        ]
        let written = data.examples.filter { $0.fold != nil }.count
        lines.append("## \(ClassifierTrainingData.folds)-fold cross-validation over the \(written) written sentences "
            + "(each fold judged by a model trained on the grammar's sentences and the other folds)")
        var crossValidated: [String: ClassifierEvaluation] = [:]
        for candidate in candidates {
            let evaluation = crossValidation(candidate.train)
            crossValidated[candidate.name] = evaluation
            lines.append("- \(candidate.name): \(evaluation.summary())")
        }
        for name in [candidates[0].name, candidates[3].name] {
            guard let evaluation = crossValidated[name] else { continue }
            lines.append("")
            lines.append("\(name), all folds:")
            lines += tableAndThreshold(evaluation)
            if name == candidates[3].name {
                lines.append("intents below 80 %: \(evaluation.weakIntents(below: 0.8))")
                lines.append("")
                lines.append("wrong, no template fits, from \(IntentClassifier.highConfidence) on (probability, expected → guessed):")
                for outcome in evaluation.unmatched.filter({ !$0.isRight && $0.top.probability >= IntentClassifier.highConfidence }) {
                    lines.append(String(format: "  %.2f  ", outcome.top.probability)
                        + "\(outcome.expected.rawValue) → \(outcome.top.intent.rawValue): \(outcome.text)")
                }
            }
        }
        lines.append("")

        let clock = ContinuousClock()
        let start = clock.now
        let shipped = ClassifierTraining.train(
            data.training(leavingOut: nil), grammarSource: inputs.grammarSource, numberWords: grammar.numberWords,
            trainingFingerprint: inputs.fingerprint)
        let trainingTime = clock.now - start
        for corpus in blind {
            guard let examples = try? ClassifierTrainingData.measured(blindCorpus: corpus.text, grammarSource: inputs.grammarSource)
            else {
                lines.append("\(corpus.name): cannot be read")
                continue
            }
            let evaluation = ClassifierEvaluation(examples, pets: ClassifierTrainingData.blindPets, grammar: grammar,
                                                  classify: classify(shipped))
            lines.append("## \(corpus.name), never trained on, the shipped model: \(evaluation.summary())")
            lines += tableAndThreshold(evaluation)
            lines.append("")
        }
        let size = shipped.storedSize, classes = Set(data.examples.map(\.intent)).count
        lines.append("shipped model (all sentences): \(shipped.tables().count) bytes of tables: \(size.features) features × "
            + "\(classes) intents, \(size.weights) weights stored "
            + "(\(String(format: "%.1f", 100 * Double(size.weights) / Double(size.features * classes))) %); training took \(trainingTime)")
        return lines.joined(separator: "\n")
    }

    /// The precision/coverage table, and the threshold it recommends.
    private func tableAndThreshold(_ evaluation: ClassifierEvaluation) -> [String] {
        let threshold = evaluation.threshold(reaching: 0.95, among: ClassifierEvaluation.thresholds)
        return ["", evaluation.table(), "",
                "lowest threshold from which lines no template fits are ≥ 95 % right: \(threshold.map { "\($0)" } ?? "none")"]
    }

    /// The model's answers, asked with the grammar's numbers in words.
    private func classify(_ model: IntentClassifier) -> Classify {
        { [numberWords = grammar.numberWords] in model.classify($0, numberWords: numberWords) }
    }

    private func regression(_ examples: [ClassifierTrainingData.Example], inverseRegularization: Double) -> IntentClassifier {
        var settings = ClassifierTraining.Settings()
        settings.inverseRegularization = inverseRegularization
        return ClassifierTraining.train(examples, settings: settings, grammarSource: inputs.grammarSource, numberWords: grammar.numberWords,
                                       trainingFingerprint: 0)
    }

    /// Each fold of the written sentences judged by a model trained on the grammar's sentences
    /// and the other folds; the outcomes of all of them together.
    private func crossValidation(_ train: ([ClassifierTrainingData.Example]) -> Classify) -> ClassifierEvaluation {
        ClassifierEvaluation.crossValidated(data, grammar: grammar, train: train)
    }
}
