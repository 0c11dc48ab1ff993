import Foundation
import Synchronization

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
final class LazyClassifier: Sendable {
    private enum State {
        /// The tables and the grammar text they were trained for; nil for a grammar that has no
        /// classifier (one compiled from text).
        case unread(IntentClassifier.Tables?, grammarSource: String)
        case read(Result<IntentClassifier, GrammarError>)
    }

    private let state: Mutex<State>

    /// - Parameter tables: nil for a grammar that has no classifier (one compiled from text).
    init(tables: IntentClassifier.Tables?, grammarSource: String) {
        state = Mutex(.unread(tables, grammarSource: tables == nil ? "" : grammarSource))
    }

    var isLoaded: Bool {
        state.withLock { state in
            if case .read = state { return true }
            return false
        }
    }

    var value: IntentClassifier {
        get throws(GrammarError) {
            let outcome = state.withLock { state -> Result<IntentClassifier, GrammarError> in
                switch state {
                case .read(let result): return result
                case .unread(let tables, let grammarSource):
                    let read: Result<IntentClassifier, GrammarError>
                    if let tables {
                        read = Result { () throws(GrammarError) in try tables.read(grammarSource: grammarSource) }
                    } else {
                        read = .failure(GrammarError(
                            line: 0, message: "this grammar has no intent classifier: it is trained when the program is built"))
                    }
                    state = .read(read)
                    return read
                }
            }
            return try outcome.get()
        }
    }
}
