import Foundation

/// The one place where LaundryTime reads the wall clock.
///
/// Everything else takes `now` as a parameter. The program builds one clock at its edge: the
/// system clock, or — for tests and demos — a clock that starts at a pinned instant
/// (`LAUNDRYTIME_NOW`) and runs on from there at the normal rate.
public struct Clock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public func now() -> Date { read() }

    /// The real wall clock.
    public static let system = Clock { Date() }

    /// A clock that reads `start` now and advances with the wall clock afterwards.
    public static func starting(at start: Date) -> Clock {
        let offset = start.timeIntervalSince(Date())
        return Clock { Date().addingTimeInterval(offset) }
    }

    /// A clock that never moves: for tests.
    public static func fixed(_ instant: Date) -> Clock {
        Clock { instant }
    }
}
