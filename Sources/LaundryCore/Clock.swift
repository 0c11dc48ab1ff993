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

    /// The instants LaundryTime keeps: from 1970 to the last millisecond of 9999 (UTC), what the
    /// store's dates ("YYYY-MM-DD HH:MM:SS.SSS") can hold and read back. The store refuses to
    /// write anything outside it, and a pinned clock must start inside ``pinnableRange``.
    public static let supportedRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// Where a pinned clock (`LAUNDRYTIME_NOW`) may start: the supported range less a day at its
    /// end, so that a timer started then (at most two hours) still ends inside it.
    public static let pinnableRange: ClosedRange<Date> =
        supportedRange.lowerBound...supportedRange.upperBound.addingTimeInterval(-86_400)

    /// A clock that never moves: for tests.
    public static func fixed(_ instant: Date) -> Clock {
        Clock { instant }
    }
}
