import Foundation
import Synchronization
import LaundryCore

/// A ``Suggester`` made on first use, once, safely from any thread: read from its part of the
/// compiled tables, or — for a grammar compiled from its text — spelled out of the templates.
final class LazySuggester: Sendable {
    private enum State {
        case document(GrammarDocument)
        case tables(TablePart)
        case built(Suggester)
    }

    private let state: Mutex<State>

    init(document: GrammarDocument) {
        state = Mutex(.document(document))
    }

    init(tables: TablePart) {
        state = Mutex(.tables(tables))
    }

    var value: Suggester {
        state.withLock { state in
            let suggester: Suggester
            switch state {
            case .built(let built): return built
            case .document(let document): suggester = Suggester(document: document, normalizer: Normalizer(document: document))
            case .tables(let tables): suggester = Self.read(tables)
            }
            state = .built(suggester)
            return suggester
        }
    }

    /// The part was checked for its length when the tables were read, and the tables for the
    /// grammar text they came from; were it damaged all the same, there would be no suggestions
    /// rather than a crash.
    private static func read(_ tables: TablePart) -> Suggester {
        tables.read { bytes in
            var reader = TableReader(bytes)
            return (try? Suggester(reading: &reader, in: tables)) ?? none
        }
    }

    private static var none: Suggester {
        let document = GrammarDocument()
        return Suggester(document: document, normalizer: Normalizer(document: document))
    }
}
