import Foundation

/// A value shared between threads, read and changed under a lock. (The Synchronization module's
/// `Mutex` needs macOS 15; the package supports 14.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.withLock { stored }
    }

    func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&stored) }
    }
}
