#if PostgreSQL
import Foundation
import Testing

@testable import LaundryPostgres

/// The spin before sleeping for a server's answer (``AnswerSpin``) looks only where it pays.
@Suite struct AnswerSpinTests {
    /// A clock that moves on by `step` each time it is read.
    final class SteppingClock {
        var instant = ContinuousClock.now
        let step: Duration
        init(step: Duration) { self.step = step }
        func read() -> ContinuousClock.Instant {
            instant += step
            return instant
        }
    }

    @Test func anAnswerThatComesInTimeIsWaitedForWithoutSleeping() {
        var spin = AnswerSpin(processors: 2)
        let clock = SteppingClock(step: .microseconds(10))
        var looks = 0
        let came = spin.wait(for: { looks += 1; return looks == 5 }, now: clock.read)
        #expect(came && looks == 5)
        #expect(spin.sleepsLeft == 0, "it paid: the next wait looks too")
    }

    @Test func anAnswerTooSlowMakesTheNextWaitsSleepThenItLooksAgain() {
        var spin = AnswerSpin(processors: 2)
        let clock = SteppingClock(step: .microseconds(10))
        var looks = 0
        let came = spin.wait(for: { looks += 1; return false }, now: clock.read)
        #expect(!came)
        #expect((25...35).contains(looks), "looked for the window (300 µs at 10 µs a look): \(looks)")
        looks = 0
        for _ in 0..<AnswerSpin.pause {
            let looked = spin.wait(for: { looks += 1; return true }, now: clock.read)
            #expect(!looked)
        }
        #expect(looks == 0, "the pause's waits do not look")
        let again = spin.wait(for: { looks += 1; return true }, now: clock.read)
        #expect(again, "after the pause, it looks again")
    }

    /// The processors counted are those this thread may run on, as `taskset` limits them.
    @Test func theProcessorsCountedAreThoseThisThreadMayRunOn() throws {
        #expect(AnswerSpin.allowed(inMask: "\t3") == 2)
        #expect(AnswerSpin.allowed(inMask: "\t1") == 1)
        #expect(AnswerSpin.allowed(inMask: " ffffffff,ffffffff") == 64)
        let taskset = "/usr/bin/taskset"
        try #require(FileManager.default.isExecutableFile(atPath: taskset))
        // A child limited to one processor reads the same mask as this thread would.
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: taskset)
        process.arguments = ["-c", "0", "grep", "Cpus_allowed:", "/proc/thread-self/status"]
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(AnswerSpin.allowed(inMask: line.dropFirst("Cpus_allowed:".count).dropLast()) == 1, "\(line)")
        #expect(AnswerSpin.processorsToRunOn() >= 1)
    }

    @Test func withOneProcessorItNeverLooks() {
        var spin = AnswerSpin(processors: 1)
        var looks = 0
        for _ in 0..<3 {
            let looked = spin.wait(for: { looks += 1; return true }, now: { ContinuousClock.now })
            #expect(!looked)
        }
        #expect(looks == 0)
    }
}
#endif
