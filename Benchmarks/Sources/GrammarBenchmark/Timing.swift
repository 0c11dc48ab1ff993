import Foundation
import LaundryGrammar

let clock = ContinuousClock()

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Everything the timed code produces lands here and is printed, so none of it can be optimised
/// away.
nonisolated(unsafe) var checksum = 0

@inline(never)
func keep(_ command: Command) -> Int {
    command.intent.rawValue.utf8.count &+ command.slots.count
}

@inline(never)
func keep(_ interpretation: Interpretation) -> Int {
    keep(interpretation.command) &+ interpretation.guesses.reduce(0) { $0 &+ $1.sentence.utf8.count &+ ($1.confidence == nil ? 0 : 1) }
}

@inline(never)
func keep(_ scores: [IntentClassifier.Score]) -> Int {
    scores[0].intent.rawValue.utf8.count &+ Int(scores[0].probability * 1000)
}

struct Throughput {
    let linesPerSecond: Double
    var microsecondsPerLine: Double { 1e6 / linesPerSecond }
}

/// Runs `body` on every line, over and over, until `seconds` have passed; returns lines per
/// second. What `body` returns goes into the checksum.
@inline(never)
func throughputRound(_ lines: [String], seconds: Double, _ body: (String) -> Int) -> Double {
    var done = 0
    let start = clock.now
    var elapsed = 0.0
    repeat {
        for line in lines { checksum &+= body(line) }
        done += lines.count
        elapsed = (clock.now - start).seconds
    } while elapsed < seconds
    return Double(done) / elapsed
}

func measureThroughput(_ lines: [String], settings: Settings, _ body: (String) -> Int) -> (median: Throughput, rounds: [Double]) {
    // Warm-up: caches, page faults, lazy initialisation.
    _ = throughputRound(lines, seconds: min(0.3, settings.secondsPerRound), body)
    let rounds = (0..<settings.rounds).map { _ in throughputRound(lines, seconds: settings.secondsPerRound, body) }
    return (Throughput(linesPerSecond: median(rounds)), rounds)
}

/// Median, min and max of `count` timed runs of `body` (after 10 untimed ones), in ms.
func timeLoads(_ count: Int, _ body: () -> Int) -> (median: Double, min: Double, max: Double) {
    for _ in 0..<10 { checksum &+= body() }  // warm-up
    var times: [Double] = []
    times.reserveCapacity(count)
    for _ in 0..<count {
        let start = clock.now
        checksum &+= body()
        times.append((clock.now - start).seconds * 1e3)
    }
    return (median(times), times.min()!, times.max()!)
}
