#if PostgreSQL
import Foundation

/// Whether to look for the server's answer without sleeping, for a moment, before sleeping until
/// it comes: an adaptive spin, as adaptive mutexes do.
///
/// A process that sleeps until the answer comes must be woken by the server's process, and waking
/// a processor that has gone idle is dear — on a virtual machine above all: on this project's
/// machine, the household benchmark's program and server spent about a fifth of their time waking
/// each other (`perf`: the kernel's wake-up in each side's `send`), and took 2.6–3.0 s for its
/// 10,000 lines; looking for the answer for up to 300 µs first, 1.9–2.0 s
/// (Benchmarks/RESULTS.md). The answer of a server on the same machine comes well within that.
///
/// Looking costs the processor it runs on, so it is done only where it pays: never with one
/// processor (the server could not run meanwhile), and not for a while after an answer that did
/// not come in time — a server across a network, or a machine busy with other work — after which
/// it is tried again.
struct AnswerSpin {
    /// How long to look for the answer before sleeping.
    static let window: Duration = .microseconds(300)
    /// After an answer that did not come within the window: how many waits sleep at once.
    static let pause = 64

    /// Whether looking can pay at all: the process may run on more than one processor.
    let mayPay: Bool
    /// The waits left to sleep through at once, after an answer that was too slow.
    private(set) var sleepsLeft = 0

    init(processors: Int = Self.processorsToRunOn()) {
        mayPay = processors > 1
    }

    /// How many processors this thread may run on: `taskset` may allow fewer than the machine
    /// has, which is what Foundation counts. Linux says it in `/proc/thread-self/status`
    /// (`Cpus_allowed`, a mask in hexadecimal); elsewhere, the machine's count.
    static func processorsToRunOn() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
        else { return ProcessInfo.processInfo.activeProcessorCount }
        return allowed(inMask: line.dropFirst("Cpus_allowed:".count))
    }

    /// The processors a `Cpus_allowed` mask allows: hexadecimal digits, in groups separated by
    /// commas.
    static func allowed(inMask mask: Substring) -> Int {
        mask.reduce(0) { count, digit in count + (digit.hexDigitValue?.nonzeroBitCount ?? 0) }
    }

    /// Looks for the answer (`arrived`, which must not sleep) until it has come or the window has
    /// passed, when looking pays; returns whether it came. `now` reads the clock.
    mutating func wait(
        for arrived: () -> Bool, now: () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) -> Bool {
        guard mayPay else { return false }
        if sleepsLeft > 0 {
            sleepsLeft -= 1
            return false
        }
        let deadline = now() + Self.window
        repeat {
            if arrived() { return true }
        } while now() < deadline
        sleepsLeft = Self.pause
        return false
    }
}
#endif
