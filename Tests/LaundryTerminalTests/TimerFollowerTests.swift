import Foundation
import LaundryCore
import Testing

@testable import LaundryTerminal

/// The follower re-reads the clock on every wake-up; a clock that jumps (suspend, NTP) is noticed.
@Suite struct TimerFollowerTests {
    /// A clock that moves on by `step` each time it is read.
    final class SteppingClock: @unchecked Sendable {
        private var current: Date
        let step: TimeInterval
        private(set) var reads = 0

        init(_ start: Date, step: TimeInterval) {
            current = start
            self.step = step
        }

        func read() -> Date {
            defer { current += step; reads += 1 }
            return current
        }
    }

    let start = Date(timeIntervalSince1970: 1_772_355_600)

    @Test func reachesTheEndAfterAClockJump() {
        let clock = SteppingClock(start, step: 3600)  // an hour passes between wake-ups
        let follower = TimerFollower(now: clock.read, interruptible: false)
        #expect(follower.wait(until: start.addingTimeInterval(45 * 60)) == .reached)
        #expect(clock.reads == 2)
    }

    @Test func givesUpAtTheDeadline() {
        let clock = SteppingClock(start, step: 30)
        let follower = TimerFollower(now: clock.read, interruptible: false)
        var ticks = 0
        let outcome = follower.wait(until: start.addingTimeInterval(3600), deadline: start.addingTimeInterval(60)) { _ in ticks += 1 }
        #expect(outcome == .deadlinePassed)
        #expect(ticks == 2)
    }

    @Test func anEndInThePastIsReachedAtOnce() {
        let follower = TimerFollower(now: { self.start }, interruptible: false)
        #expect(follower.wait(until: start.addingTimeInterval(-1)) == .reached)
    }
}
