import Foundation
import LaundryCore
/// The stored form of a trained ``IntentClassifier``, in the printable integers of
/// ``GrammarTables`` (``TableWriter``, ``TableReader``), so that the EmbedGrammar plugin can build
/// it into the binary as a string literal, read where it lies.
///
/// It starts with a magic word, a format number, and the fingerprints of the grammar's text and
/// of every training input: tables of another grammar, or trained on other sentences, are
/// refused. Then the intents (as their places in `Intent.allCases`) and their biases, and the
/// features that carry weights: their hashes, each as its distance from the one before (they are
/// sorted, 24 bits each, so most distances take three digits), and each feature's weights as
/// (distance from the previous intent's column, weight) pairs — only the weights that are not 0
/// once quantised, about one in eight.
enum ClassifierTables {
    static let magic: [UInt8] = Array("LTIC".utf8)
    static let formatVersion = 1

    static func damaged(_ detail: String) -> GrammarError {
        GrammarError(line: 0, message: "the intent classifier's tables are damaged: \(detail)")
    }
}

extension IntentClassifier {
    /// The model read from tables that ``tables()`` wrote, checked against the grammar text it
    /// must belong to and the fingerprint of the inputs it must have been trained on.
    init(tables: UnsafeBufferPointer<UInt8>, grammarSource: String, trainingFingerprint expected: Int) throws(GrammarError) {
        do {
            self = try Self.read(tables, grammarSource: grammarSource, trainingFingerprint: expected)
        } catch {
            // The reader speaks of the grammar's tables, which share its format.
            let detail = error.message.components(separatedBy: "damaged: ").dropFirst().joined(separator: "damaged: ")
            throw ClassifierTables.damaged(detail.isEmpty ? error.message : detail)
        }
    }

    private static func read(_ tables: UnsafeBufferPointer<UInt8>, grammarSource: String, trainingFingerprint expected: Int) throws(GrammarError) -> IntentClassifier {
        var reader = TableReader(tables)
        func damaged(_ detail: String) -> GrammarError { ClassifierTables.damaged(detail) }
        try reader.expect(ClassifierTables.magic, "the format's mark")
        guard try reader.integer() == ClassifierTables.formatVersion else {
            throw damaged("they are of another format version; rebuild")
        }
        guard try reader.integer() == GrammarTables.fingerprint(of: grammarSource) else {
            throw damaged("they were trained for another grammar text")
        }
        let trainingFingerprint = try reader.integer()
        guard trainingFingerprint == expected else {
            throw damaged("they were trained on other sentences than the ones this build names")
        }
        let intentCases = Intent.allCases
        let classes = try reader.array { reader throws(GrammarError) in try reader.ordinal(in: intentCases) }
        guard !classes.isEmpty, Set(classes).count == classes.count, classes.count <= Int(UInt8.max) else {
            throw damaged("their list of intents is empty or repeats one")
        }
        var biases: [Int32] = []
        for _ in classes { biases.append(try reader.int32()) }
        let rows = try reader.count()
        var keys: [UInt32] = [], rowStarts: [Int32] = [0], entries: [Entry] = []
        keys.reserveCapacity(rows)
        rowStarts.reserveCapacity(rows + 1)
        var key = -1
        for _ in 0..<rows {
            key += try reader.integer(in: 1..<Int(ClassifierFeatures.keyLimit) + 1)
            guard key < ClassifierFeatures.keyLimit else { throw damaged("a feature's hash is too large") }
            keys.append(UInt32(key))
            let count = try reader.integer(in: 1..<classes.count + 1)
            var column = -1
            for _ in 0..<count {
                column += try reader.integer(in: 1..<classes.count - column)
                let weight = try reader.integer(in: Int(Int8.min)..<Int(Int8.max) + 1)
                guard weight != 0 else { throw damaged("a weight of 0 is stored") }
                entries.append(Entry(column: UInt8(column), weight: Int8(weight)))
            }
            rowStarts.append(Int32(entries.count))
        }
        guard reader.isAtEnd else { throw damaged("they go on after their end") }
        return IntentClassifier(classes: classes, biases: biases, keys: keys, rowStarts: rowStarts, entries: entries,
                  grammarFingerprint: GrammarTables.fingerprint(of: grammarSource), trainingFingerprint: trainingFingerprint)
    }

    /// How much the tables hold: the features that carry weights, and the weights (not 0) stored.
    package var storedSize: (features: Int, weights: Int) { (keys.count, entries.count) }

    /// The model in the form ``init(tables:grammarSource:trainingFingerprint:)`` reads.
    package func tables() -> [UInt8] {
        var writer = TableWriter()
        writer.raw(ClassifierTables.magic)
        writer.integer(ClassifierTables.formatVersion)
        writer.integer(grammarFingerprint)
        writer.integer(trainingFingerprint)
        let intentCases = Intent.allCases
        writer.integer(classes.count)
        for intent in classes { writer.ordinal(intent, in: intentCases) }
        for bias in biases { writer.integer(bias) }
        writer.integer(keys.count)
        var previousKey = -1
        for (row, key) in keys.enumerated() {
            writer.integer(Int(key) - previousKey)
            previousKey = Int(key)
            let row = entries[Int(rowStarts[row])..<Int(rowStarts[row + 1])]
            writer.integer(row.count)
            var previousColumn = -1
            for entry in row {
                writer.integer(Int(entry.column) - previousColumn)
                previousColumn = Int(entry.column)
                writer.integer(Int(entry.weight))
            }
        }
        return writer.bytes
    }
}
