import Foundation
import LaundryCore
import Testing

@Suite struct DurationTextTests {
    /// To the nearest second, but at least 0:01 while any time is left.
    @Test(arguments: [
        (0.0, "0:00"),
        (-5, "0:00"),
        (0.1, "0:01"),
        (1, "0:01"),
        (0.4, "0:01"),
        (0.5, "0:01"),
        (1.4, "0:01"),
        (59.2, "0:59"),
        (59.5, "1:00"),
        (60, "1:00"),
        (61, "1:01"),
        (760, "12:40"),
        (759.6, "12:40"),
        (760.4, "12:40"),
        (760.000_000_1, "12:40"),
        (2_700, "45:00"),
        (3_599, "59:59"),
        (3_599.4, "59:59"),
        // MM:SS up to 99:59 (a 60-minute dryer starts at "60:00"), hours beyond.
        (3_599.5, "60:00"),
        (3_600, "60:00"),
        (3_900, "65:00"),
        (5_999, "99:59"),
        (5_999.4, "99:59"),
        (5_999.5, "1:40:00"),
        (6_000, "1:40:00"),
        (7_265, "2:01:05"),
        (86_400, "24:00:00"),
    ] as [(TimeInterval, String)])
    func countdown(seconds: TimeInterval, text: String) {
        #expect(DurationText.countdown(seconds) == text)
    }

    /// A running timer never shows 0:00: any time left shows at least one second.
    @Test func runningTimerNeverShowsZero() {
        let window = TimerWindow(startedAt: t0, minutes: 45)
        let almostDone = t0.plus(minutes: 45, seconds: -0.25)
        #expect(DurationText.countdown(window.remaining(at: almostDone)) == "0:01")
        #expect(DurationText.countdown(window.remaining(at: t0.plus(minutes: 45, seconds: -0.001))) == "0:01")
        #expect(DurationText.countdown(window.remaining(at: t0.plus(minutes: 45))) == "0:00")
        #expect(DurationText.countdown(window.remaining(at: t0)) == "45:00")
    }

    @Test(arguments: [
        (0.0, "less than a minute"),
        (-10, "less than a minute"),
        (59.9, "less than a minute"),
        (60, "1 minute"),
        (89, "1 minute"),
        (90, "2 minutes"),
        (720, "12 minutes"),
        (3_569, "59 minutes"),
        (3_570, "1 hour"),
        // Under three hours, to five minutes: a load that waited 75 minutes was told "1 hour".
        (4_500, "1 hour 15 minutes"),
        (5_400, "1 hour 30 minutes"),
        (7_200, "2 hours"),
        (7_360, "2 hours 5 minutes"),
        (10_500, "2 hours 55 minutes"),
        (10_650, "3 hours"),
        (10_800, "3 hours"),
        (12_600, "4 hours"),
        (84_599, "23 hours"),
        (84_600, "1 day"),
        (7 * 86_400, "7 days"),
        (14 * 86_400, "14 days"),
    ] as [(TimeInterval, String)])
    func words(seconds: TimeInterval, text: String) {
        #expect(DurationText.words(seconds) == text)
    }

    @Test func plural() {
        #expect(DurationText.plural(0, "cycle") == "0 cycles")
        #expect(DurationText.plural(1, "cycle") == "1 cycle")
        #expect(DurationText.plural(2, "cycle") == "2 cycles")
    }
}

@Suite struct ClockTests {
    @Test func fixedClockNeverMoves() {
        let clock = Clock.fixed(t0)
        #expect(clock.now() == t0)
        #expect(clock.now() == t0)
    }

    @Test func customReading() {
        let clock = Clock { t0.plus(days: 1) }
        #expect(clock.now() == t0.plus(days: 1))
    }

    /// `LAUNDRYTIME_NOW`: the first reading is the pinned start, then time runs on from there.
    @Test(arguments: [t0, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_102_444_800)])
    func startingClockBeginsAtItsStart(start: Date) {
        let clock = Clock.starting(at: start)
        let first = clock.now()
        #expect(abs(first.timeIntervalSince(start)) < 1)
        let second = clock.now()
        #expect(second >= first)
        #expect(second.timeIntervalSince(start) < 60)
    }
}
