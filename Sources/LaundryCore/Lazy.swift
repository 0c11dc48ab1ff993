import Synchronization

/// A value made on first use, once, safely from any thread: for what a start should not pay for
/// unless a line needs it (the user's calendar, a table read from the binary).
public final class Lazy<Value: Sendable>: Sendable {
    private enum State {
        case unmade(@Sendable () -> Value)
        case made(Value)
    }

    private let state: Mutex<State>

    public init(_ make: @escaping @Sendable () -> Value) {
        state = Mutex(.unmade(make))
    }

    /// A value already made: reading it costs nothing more.
    public init(made value: Value) {
        state = Mutex(.made(value))
    }

    public var value: Value {
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

    /// Whether the value has been made (for tests that watch what a line costs).
    public var isMade: Bool {
        state.withLock { state in
            if case .made = state { true } else { false }
        }
    }
}
