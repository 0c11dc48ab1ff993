import Foundation
import LaundryCore

/// A ``Suggester`` made on first use, once, safely from any thread: read from its part of the
/// compiled tables, or — for a grammar compiled from its text — spelled out of the templates.
final class LazySuggester: @unchecked Sendable {
    private enum Origin {
        case document(GrammarDocument)
        case tables(TablePart)
    }

    private let lock = NSLock()
    private var origin: Origin?
    private var built: Suggester?

    init(document: GrammarDocument) {
        origin = .document(document)
    }

    init(tables: TablePart) {
        origin = .tables(tables)
    }

    var value: Suggester {
        lock.withLock {
            if let built { return built }
            let suggester: Suggester
            switch origin {
            case .document(let document): suggester = Suggester(document: document, normalizer: Normalizer(document: document))
            case .tables(let tables): suggester = Self.read(tables)
            case nil: suggester = Self.none
            }
            built = suggester
            origin = nil
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

/// A value made on first use, once, safely from any thread.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var make: (@Sendable () -> Value)?
    private var built: Value?

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        lock.withLock {
            if let built { return built }
            let value = make!()
            built = value
            make = nil
            return value
        }
    }
}
