import Foundation
import LaundryCore

/// The assistant's clock in the harness: back at the tests' instant (2026-03-01 09:00 UTC) for
/// each input and moved on by the harness after each line, so that an input reads the same every
/// time it is run, and timers end and pets grow sad within one script. The harness has one thread.
final class FuzzClock: @unchecked Sendable {
    static let start = Date(timeIntervalSince1970: 1_772_355_600)

    var now = FuzzClock.start

    var clock: Clock { Clock { [self] in now } }
}
