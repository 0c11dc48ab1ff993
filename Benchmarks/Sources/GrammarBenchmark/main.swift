// grammar-benchmark: how fast LaundryGrammar compiles the English grammar and matches lines.
//
// usage: grammar-benchmark [--seconds S] [--rounds N] [--compilations N]
//
// Everything runs on one thread. It prints a plain-text report; see Benchmarks/README.md.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EnglishGrammar
import Foundation
import LaundryGrammar

// MARK: - Settings

struct Settings {
    /// Minimum duration of one throughput round.
    var secondsPerRound = 2.0
    /// Throughput rounds per line set; the median is reported.
    var rounds = 5
    /// Grammar compilations timed one by one.
    var compilations = 200
    /// Generated non-matching lines (besides unknown.txt).
    var generatedNoMatchLines = 200

    static func parse(_ arguments: [String]) -> Settings {
        var settings = Settings()
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            func value() -> Double {
                guard let text = iterator.next(), let number = Double(text), number > 0 else {
                    fail("\(argument) needs a positive number")
                }
                return number
            }
            switch argument {
            case "--seconds": settings.secondsPerRound = value()
            case "--rounds": settings.rounds = Int(value())
            case "--compilations": settings.compilations = Int(value())
            case "-h", "--help":
                print("usage: grammar-benchmark [--seconds S (2)] [--rounds N (5)] [--compilations N (200)]")
                exit(0)
            default: fail("unknown argument \(argument) (try --help)")
            }
        }
        return settings
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("grammar-benchmark: \(message)\n".utf8))
    exit(1)
}

// MARK: - Files

/// The root of the LaundryTime package: this file is Benchmarks/Sources/GrammarBenchmark/main.swift.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // GrammarBenchmark
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // Benchmarks
    .deletingLastPathComponent()

func readText(_ relativePath: String) -> String {
    let url = packageRoot.appendingPathComponent(relativePath)
    do { return try String(contentsOf: url, encoding: .utf8) } catch { fail("cannot read \(url.path): \(error)") }
}

struct Sentence {
    let text: String
    /// The intent the corpus file stands for (its name), `unknown` for unknown.txt; nil when the
    /// file names an intent this build of LaundryGrammar does not know.
    let expected: Intent?
}

/// All sentences of Grammars/tests/*.txt, in file order (format in Grammars/tests/README.md).
func loadCorpus() -> [Sentence] {
    let directory = packageRoot.appendingPathComponent("Grammars/tests")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var sentences: [Sentence] = []
    for file in files.sorted() where file.hasSuffix(".txt") {
        let intent = Intent(rawValue: String(file.dropLast(4)))
        for line in readText("Grammars/tests/\(file)").split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let text = trimmed.components(separatedBy: " => ")[0].trimmingCharacters(in: .whitespaces)
            sentences.append(Sentence(text: text, expected: intent))
        }
    }
    if sentences.isEmpty { fail("no sentences in \(directory.path)") }
    return sentences
}

// MARK: - Generated non-matching lines

/// SplitMix64: a fixed seed gives the same lines on every machine and every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Lines of random words that match nothing. Half the words come from the grammar, so that most
/// lines start like a template and the matcher has to walk before it gives up (the slow path);
/// lines a template accepts are dropped.
func generateNoMatchLines(count: Int, grammar: Grammar, pets: PetNameIndex) -> (lines: [String], drawn: Int) {
    let grammarWords = """
        start wash dry the a for of on please now stop fold mark show me status pet pets my new \
        create add named called how is are what's put in into washer dryer laundry cycle check \
        snowy fluffy mr. fluff /wash /status i folded done tell about needs is to it
        """.split(separator: " ").map(String.init)
    let otherWords = """
        banana weather nice today order pizza appointment tomorrow noon paint fence meaning life \
        garden towels socks blue quickly seven purple river keyboard lamp ? !!! 12345 zoë 🐑 \
        elephant window sandwich thursday carefully orange bicycle
        """.split(separator: " ").map(String.init)
    var random = SplitMix64(state: 0x4C61_756E_6472_7954)  // "LaundrT"
    var lines: [String] = []
    var drawn = 0
    while lines.count < count {
        drawn += 1
        let length = Int.random(in: 1...12, using: &random)
        let words = (0..<length).map { _ in
            Bool.random(using: &random) ? grammarWords.randomElement(using: &random)! : otherWords.randomElement(using: &random)!
        }
        let line = words.joined(separator: " ")
        if grammar.match(line, pets: pets).intent == .unknown { lines.append(line) }
    }
    return (lines, drawn)
}

// MARK: - Timing

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
func keep(_ command: Command) {
    checksum &+= command.intent.rawValue.utf8.count &+ command.slots.count
}

struct Throughput {
    let linesPerSecond: Double
    var microsecondsPerLine: Double { 1e6 / linesPerSecond }
}

/// Matches every line, over and over, until `seconds` have passed; returns lines per second.
@inline(never)
func throughputRound(_ lines: [String], grammar: Grammar, pets: PetNameIndex, seconds: Double) -> Double {
    var matched = 0
    let start = clock.now
    var elapsed = 0.0
    repeat {
        for line in lines { keep(grammar.match(line, pets: pets)) }
        matched += lines.count
        elapsed = (clock.now - start).seconds
    } while elapsed < seconds
    return Double(matched) / elapsed
}

func measureThroughput(_ lines: [String], grammar: Grammar, pets: PetNameIndex, settings: Settings) -> (median: Throughput, rounds: [Double]) {
    // Warm-up: caches, page faults, lazy initialisation.
    _ = throughputRound(lines, grammar: grammar, pets: pets, seconds: min(0.3, settings.secondsPerRound))
    let rounds = (0..<settings.rounds).map { _ in
        throughputRound(lines, grammar: grammar, pets: pets, seconds: settings.secondsPerRound)
    }
    return (Throughput(linesPerSecond: median(rounds)), rounds)
}

// MARK: - Machine

func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
        return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
    return "unknown"
}

func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "n/a" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func kernel() -> String {
    var name = utsname()
    uname(&name)
    func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
}

func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}

// MARK: - Run

let settings = Settings.parse(CommandLine.arguments)
let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff"])
let dateFormatter = ISO8601DateFormatter()
dateFormatter.timeZone = .current

#if DEBUG
let buildConfiguration = "debug (numbers are meaningless; use -c release)"
#else
let buildConfiguration = "release"
#endif

print("LaundryGrammar benchmark")
print("========================")
print("date:     \(dateFormatter.string(from: Date()))")
print("machine:  \(cpuModel()), nproc \(sysconf(Int32(_SC_NPROCESSORS_ONLN))), \(kernel())")
print("load:     \(loadAverage()) (1/5/15-min load average at start; other work on the machine skews results)")
print("build:    \(buildConfiguration), single thread")
print("")

// 1. Grammar load cost.
let grammarSource = readText("Grammars/en.grammar")
let english: Grammar
do { english = try Grammar.english } catch { fail("the built-in grammar does not compile: \(error)") }
do {
    // The source is read from disk (the embedded copy is internal to EnglishGrammar); make sure
    // it is the grammar the library was built with.
    let fromDisk = try Grammar(source: grammarSource)
    if fromDisk.tables(source: grammarSource) != english.tables(source: grammarSource) {
        print("warning: Grammars/en.grammar differs from the grammar built into EnglishGrammar; rebuild")
    }
} catch { fail("Grammars/en.grammar does not compile: \(error)") }

/// Median, min and max of `settings.compilations` timed runs of `body`, in ms.
func timeLoads(_ body: () -> Int) -> (median: Double, min: Double, max: Double) {
    for _ in 0..<10 { checksum &+= body() }  // warm-up
    var times: [Double] = []
    times.reserveCapacity(settings.compilations)
    for _ in 0..<settings.compilations {
        let start = clock.now
        checksum &+= body()
        times.append((clock.now - start).seconds * 1e3)
    }
    return (median(times), times.min()!, times.max()!)
}
let tables = english.tables(source: grammarSource)
let compiling = timeLoads { (try? Grammar(source: grammarSource))?.intents.count ?? 0 }
let reading = timeLoads { (try? Grammar(tables: tables, source: grammarSource))?.intents.count ?? 0 }
let templateCount = english.intents.reduce(0) { $0 + $1.templates.count }
print("1. Grammar load: Grammars/en.grammar (\(grammarSource.utf8.count) bytes, \(english.intents.count) intents, \(templateCount) templates)")
print("   compiling, Grammar(source:), \(settings.compilations) times: median \(format(compiling.median, 3)) ms, min \(format(compiling.min, 3)) ms, max \(format(compiling.max, 3)) ms   (target < 2 ms)")
print("   reading its \(tables.count) bytes of tables, Grammar(tables:source:) — what the program does, the tables built in: median \(format(reading.median, 3)) ms, min \(format(reading.min, 3)) ms, max \(format(reading.max, 3)) ms")
print("")

// The corpus, checked before it is timed: a benchmark of wrong answers would be worthless.
let corpus = loadCorpus()
let wrong = corpus.filter { $0.expected != nil && english.match($0.text, pets: pets).intent != $0.expected }
let allLines = corpus.map(\.text)
let unknownLines = corpus.filter { $0.expected == .unknown }.map(\.text)
let generated = generateNoMatchLines(count: settings.generatedNoMatchLines, grammar: english, pets: pets)
let noMatchLines = unknownLines + generated.lines

func report(_ title: String, _ lines: [String]) {
    let (result, rounds) = measureThroughput(lines, grammar: english, pets: pets, settings: settings)
    print(title)
    print("   \(grouped(result.linesPerSecond)) lines/s, \(format(result.microsecondsPerLine, 2)) µs/line   (median of \(settings.rounds) rounds of ≥ \(format(settings.secondsPerRound, 1)) s; target > 200,000 lines/s)")
    print("   rounds (lines/s): " + rounds.map(grouped).joined(separator: ", "))
    print("")
}

// 2. Whole corpus.
report("2. Whole corpus: \(allLines.count) lines of Grammars/tests/*.txt (incl. \(unknownLines.count) of unknown.txt), "
       + "pets Snowy, Fluffy, Mr. Fluff; \(corpus.count - wrong.count)/\(corpus.count) match their file's intent", allLines)
for sentence in wrong.prefix(5) { print("   note: “\(sentence.text)” does not match \(sentence.expected!.rawValue)\n") }

// 3. Lines that match nothing.
report("3. No-match lines: \(noMatchLines.count) lines = \(unknownLines.count) of unknown.txt + \(generated.lines.count) generated "
       + "(fixed seed; \(generated.drawn) drawn, those that matched dropped)", noMatchLines)

print("checksum: \(checksum)")
print("load:     \(loadAverage()) (at end)")
