import Foundation

/// A value shared between threads, read and changed under a lock. (The Synchronization module's
/// `Mutex` needs macOS 15; the package supports 14.)
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    package init(_ value: Value) {
        stored = value
    }

    package var value: Value {
        lock.withLock { stored }
    }

    package func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&stored) }
    }
}
