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

/// A value made on first use, once, safely from any thread.
final class Lazy<Value: Sendable>: Sendable {
    private enum State {
        case unmade(@Sendable () -> Value)
        case made(Value)
    }

    private let state: Mutex<State>

    init(_ make: @escaping @Sendable () -> Value) {
        state = Mutex(.unmade(make))
    }

    var value: Value {
        state.withLock { state in
            switch state {
            case .made(let value): return value
            case .unmade(let make):
                let value = make()
                state = .made(value)
                return value
            }
        }
    }
}

/// An object made on first use, safely from any thread, and read without a lock: for what is
/// asked for many times a line once it is made (the slot parsers' words), where ``Lazy``'s lock
/// would be taken at every read. Two threads asking first may both make one; the first stored is
/// kept, the other dropped.
final class LazyObject<Value: AnyObject & Sendable>: Sendable {
    private let made = Atomic<Unmanaged<Value>?>(nil)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue() }
        let new = Unmanaged.passRetained(make())
        let (stored, held) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        guard stored else {
            new.release()
            return held!.takeUnretainedValue()
        }
        return new.takeUnretainedValue()
    }

    deinit {
        made.load(ordering: .acquiring)?.release()
    }
}
