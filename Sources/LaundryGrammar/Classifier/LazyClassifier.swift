import Foundation

extension IntentClassifier {
    /// A trained classifier's tables, as the build made them, and the fingerprint of the inputs
    /// they must have been trained on (the build writes both; a mismatch means tables from
    /// somewhere else).
    public struct Tables: Sendable {
        private enum Storage: Sendable {
            /// Built into the binary as a string literal: read where it lies.
            case literal(StaticString)
            case bytes([UInt8])
        }

        private let storage: Storage
        package let trainingFingerprint: Int

        public init(_ literal: StaticString, trainingFingerprint: Int) {
            storage = .literal(literal)
            self.trainingFingerprint = trainingFingerprint
        }

        public init(_ bytes: [UInt8], trainingFingerprint: Int) {
            storage = .bytes(bytes)
            self.trainingFingerprint = trainingFingerprint
        }

        func read(grammarSource: String) throws(GrammarError) -> IntentClassifier {
            let read: Result<IntentClassifier, GrammarError> = switch storage {
            case .literal(let literal):
                literal.withUTF8Buffer { tables in
                    Result { () throws(GrammarError) in
                        try IntentClassifier(tables: tables, grammarSource: grammarSource, trainingFingerprint: trainingFingerprint)
                    }
                }
            case .bytes(let bytes):
                bytes.withUnsafeBufferPointer { tables in
                    Result { () throws(GrammarError) in
                        try IntentClassifier(tables: tables, grammarSource: grammarSource, trainingFingerprint: trainingFingerprint)
                    }
                }
            }
            return try read.get()
        }
    }
}

/// The ``IntentClassifier`` of a ``Grammar``, read from its tables on first use, once, safely from
/// any thread. Most sessions type only lines the grammar knows and never need it; they do not pay
/// for reading it (nor for the pages of the binary that hold it).
final class LazyClassifier: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: IntentClassifier.Tables?
    private var grammarSource: String?
    private var result: Result<IntentClassifier, GrammarError>?

    /// - Parameter tables: nil for a grammar that has no classifier (one compiled from text).
    init(tables: IntentClassifier.Tables?, grammarSource: String) {
        self.tables = tables
        self.grammarSource = tables == nil ? nil : grammarSource
    }

    var isLoaded: Bool { lock.withLock { result != nil } }

    var value: IntentClassifier {
        get throws(GrammarError) {
            let outcome = lock.withLock {
                if let result { return result }
                let read: Result<IntentClassifier, GrammarError>
                if let tables, let grammarSource {
                    read = Result { () throws(GrammarError) in try tables.read(grammarSource: grammarSource) }
                } else {
                    read = .failure(GrammarError(
                        line: 0, message: "this grammar has no intent classifier: it is trained when the program is built"))
                }
                self.result = read
                tables = nil
                grammarSource = nil
                return read
            }
            return try outcome.get()
        }
    }
}
