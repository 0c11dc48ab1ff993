import EnglishGrammar
import Foundation
import GrammarTraining
import LaundryCore
@testable import LaundryGrammar
import Testing

/// The learned fallback built into the binary: what it learned from (never a blind corpus), its
/// tables, and that a session that never needs it never reads it. (What it says about lines:
/// ClassifierFallbackTests.)
@Suite struct IntentClassifierTests {
    /// What the build trained on, read again from Grammars/: the same files, by the list the
    /// build wrote down.
    static func inputs() -> ClassifierTrainingData.Inputs {
        let files = BundledGrammar.englishClassifierTrainingFiles.map { name in
            (name, (try? String(contentsOf: SentenceCorpus.directory.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
        return ClassifierTrainingData.Inputs(grammarSource: GrammarTablesTests.source, files: files)
    }

    /// The grammar built in, with `tables` for its classifier.
    static func grammar(classifier tables: [UInt8], trainingFingerprint: Int? = nil) throws -> Grammar {
        try Grammar(tables: BundledGrammar.englishTables, numbers: BundledGrammar.englishNumbers, source: BundledGrammar.englishSource,
                    classifier: IntentClassifier.Tables(
                        tables, trainingFingerprint: trainingFingerprint ?? BundledGrammar.englishClassifier.trainingFingerprint))
    }

    // MARK: - What it learns from

    /// The blind corpora measure understanding as a newcomer would: the model must never have
    /// seen them. The build trained on exactly the per-intent sentence files of Grammars/tests —
    /// no `blind-*.tsv` — and training refuses a blind corpus however it is handed one.
    @Test func theBlindCorporaAreNeverTrainedOn() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: SentenceCorpus.directory.path)
        let blind = onDisk.filter { $0.hasPrefix("blind-") }
        #expect(!blind.isEmpty, "no blind corpus to keep out")
        let trained = BundledGrammar.englishClassifierTrainingFiles
        #expect(trained == onDisk.filter {
            ($0.hasSuffix(".txt") && !$0.hasPrefix("blind-")) || ($0.hasPrefix("training-") && $0.hasSuffix(".tsv"))
        }.sorted())
        #expect(!trained.contains { $0.hasPrefix("blind-") }, "\(trained)")
        for name in blind {
            #expect(!ClassifierTrainingData.isTrainingFile(name))
            var inputs = Self.inputs()
            inputs.files.append((name, (try? String(contentsOf: SentenceCorpus.directory.appendingPathComponent(name), encoding: .utf8)) ?? ""))
            let refusal = #expect(throws: GrammarError.self) { _ = try ClassifierTrainingData(inputs) }
            #expect(refusal?.message.contains("a blind corpus is measured, never learned from") == true, "\(name)")
        }
        // Every sentence learned from is the grammar's, a per-intent file's or a training file's.
        let data = try ClassifierTrainingData(Self.inputs())
        let written = Self.inputs().files.filter { ClassifierTrainingData.isWrittenTrainingFile($0.name) }.flatMap { file in
            file.text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let corpusLines = Set(SentenceCorpus.load().map(\.text) + written)
        for example in data.examples where example.origin == .corpus {
            #expect(corpusLines.contains(example.text), "\(example.text)")
        }
    }

    /// The build trained on the files as they are now, and training is a function of them: doing
    /// it again gives the model built in (a stale build, or training that depended on anything
    /// else — the order of a dictionary, the clock — would not).
    @Test func theBuiltInClassifierIsWhatTrainingGivesNow() throws {
        let inputs = Self.inputs()
        #expect(inputs.fingerprint == BundledGrammar.englishClassifier.trainingFingerprint, "Grammars/ changed since the build")
        let data = try ClassifierTrainingData(inputs)
        let trained = ClassifierTraining.train(
            data.training(leavingOut: nil), grammarSource: inputs.grammarSource, numberWords: try Grammar.english.numberWords,
            trainingFingerprint: inputs.fingerprint)
        #expect(try Grammar.english.intentClassifier == trained)
    }

    @Test func everyIntentLearnsFromItsWrittenSentences() throws {
        var inputs = Self.inputs()
        inputs.files.removeAll { $0.name == "start_wash.txt" }
        let refusal = #expect(throws: GrammarError.self) { _ = try ClassifierTrainingData(inputs) }
        #expect(refusal?.message == "start_wash.txt is not among the classifier's training files")
    }

    // MARK: - Tables

    @Test func tablesReadBackToTheSameModel() throws {
        let model = try Grammar.english.intentClassifier
        let tables = model.tables()
        let read = try Self.grammar(classifier: tables).intentClassifier
        #expect(read == model)
        #expect(read.tables() == tables)
    }

    /// Tables cut short anywhere, with bytes added, of another kind, trained on other sentences or
    /// for another grammar are refused with a message — never a crash, never a model with a piece
    /// missing — and the refusal stands at every later call.
    @Test func damagedOrOtherTablesAreRefused() throws {
        let tables = try Grammar.english.intentClassifier.tables()
        func refusal(_ grammar: Grammar) -> String? {
            do {
                _ = try grammar.classify(["wash", IntentClassifier.petPlaceholder])
                return nil
            } catch {
                return error.message
            }
        }
        let cuts = Array(stride(from: 0, to: tables.count, by: 997)) + Array(tables.count - 30..<tables.count)
        for cut in cuts {
            let message = refusal(try Self.grammar(classifier: Array(tables.prefix(cut))))
            #expect(message?.hasPrefix("the intent classifier's tables are damaged") == true, "cut at \(cut): \(message ?? "accepted")")
        }
        let longer = try Self.grammar(classifier: tables + Array("0".utf8))
        #expect(refusal(longer) == "the intent classifier's tables are damaged: they go on after their end")
        #expect(refusal(longer) != nil, "the refusal is remembered")

        let grammarTables = try Grammar.english.tables(source: BundledGrammar.englishSource).text
        #expect(refusal(try Self.grammar(classifier: grammarTables))?.contains("the format's mark is missing") == true)
        let otherSentences = try Self.grammar(classifier: tables, trainingFingerprint: 42)
        #expect(refusal(otherSentences)?.hasSuffix("they were trained on other sentences than the ones this build names") == true)

        let edited = BundledGrammar.englishSource.replacingOccurrences(of: "start wash", with: "begin wash")
        let otherGrammar = try Grammar(
            tables: Grammar(source: edited).tables(source: edited), source: edited,
            classifier: IntentClassifier.Tables(tables, trainingFingerprint: BundledGrammar.englishClassifier.trainingFingerprint))
        #expect(refusal(otherGrammar)?.hasSuffix("they were trained for another grammar text") == true)

        #expect(refusal(try Grammar(source: edited))?.contains("has no intent classifier") == true)
    }

    // MARK: - Laziness

    /// A session that never needs the classifier — `/status`, any line a template fits, help,
    /// completion — never reads it; the first question to it does.
    @Test func theClassifierIsReadOnlyWhenFirstNeeded() throws {
        let grammar = try Grammar.readEnglish()
        let pets = PetNameIndex(names: ["Snowy"])
        #expect(!grammar.classifierIsLoaded)
        _ = grammar.match("/status", pets: pets)
        _ = grammar.interpret("start wash for snowy", pets: pets)
        _ = grammar.help(for: .startWash)
        _ = grammar.completionWords
        #expect(!grammar.classifierIsLoaded)
        _ = try grammar.classify("order me a pizza", pets: pets)
        #expect(grammar.classifierIsLoaded)
    }
}
