import Foundation
import LaundryCore

/// A clock the test moves by hand.
public final class ManualTime: @unchecked Sendable {
    public let start: Date
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) {
        self.start = start
        current = start
    }

    public var clock: Clock { Clock { [self] in lock.withLock { current } } }

    public func advance(days: Double = 0, minutes: Double = 0, seconds: Double = 0) {
        lock.withLock { current = current.addingTimeInterval(days * 86_400 + minutes * 60 + seconds) }
    }
}
