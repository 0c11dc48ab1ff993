// grammar-benchmark: how fast LaundryGrammar compiles the English grammar, matches lines, and
// classifies the lines no template fits.
//
// usage: grammar-benchmark [--seconds S] [--rounds N] [--compilations N] [--sentences FILE [--show]] [--pets LIST]
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

let settings = Settings.parse(CommandLine.arguments)
let pets = PetNameIndex(names: settings.pets)
let petNames = settings.pets.joined(separator: ", ")
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

let tables = english.tables(source: grammarSource)
let compiling = timeLoads(settings.compilations) { (try? Grammar(source: grammarSource))?.intents.count ?? 0 }
let reading = timeLoads(settings.compilations) { (try? Grammar(tables: tables, source: grammarSource))?.intents.count ?? 0 }
let templateCount = english.intents.reduce(0) { $0 + $1.templates.count }
print("1. Grammar load: Grammars/en.grammar (\(grammarSource.utf8.count) bytes, \(english.intents.count) intents, \(templateCount) templates)")
print("   compiling, Grammar(source:), \(settings.compilations) times: median \(format(compiling.median, 3)) ms, min \(format(compiling.min, 3)) ms, max \(format(compiling.max, 3)) ms   (target < 2 ms)")
print("   reading its tables (\(tables.text.count) bytes, \(tables.numbers.count) numbers), Grammar(tables:source:) — what the program does, the tables built in: median \(format(reading.median, 3)) ms, min \(format(reading.min, 3)) ms, max \(format(reading.max, 3)) ms")
print("")

// The corpus, checked before it is timed: a benchmark of wrong answers would be worthless.
let corpus = loadCorpus()
let wrong = corpus.filter { $0.expected != nil && english.match($0.text, pets: pets).intent != $0.expected }
let allLines = corpus.map(\.text)
let unknownLines = corpus.filter { $0.expected == .unknown }.map(\.text)
let generated = generateNoMatchLines(count: settings.generatedNoMatchLines, grammar: english, pets: pets)
let noMatchLines = unknownLines + generated.lines

/// Times `body` on `lines` and prints the figures under `title`.
func report(_ title: String, _ lines: [String], target: String = "target > 200,000 lines/s", _ body: (String) -> Int) {
    let (result, rounds) = measureThroughput(lines, settings: settings, body)
    print(title)
    print("   \(grouped(result.linesPerSecond)) lines/s, \(format(result.microsecondsPerLine, 2)) µs/line   (median of \(settings.rounds) rounds of ≥ \(format(settings.secondsPerRound, 1)) s; \(target))")
    print("   rounds (lines/s): " + rounds.map(grouped).joined(separator: ", "))
    print("")
}

func matching(_ line: String) -> Int { keep(english.match(line, pets: pets)) }

func classifying(_ line: String) -> Int {
    guard let scores = try? english.classify(line, pets: pets) else { fail("the intent classifier cannot be read") }
    return keep(scores)
}

/// What the program does with a line (`Grammar.interpret`): match it, and when no template fits,
/// rank the intents by the classifier and spell the suggestions.
func answering(_ line: String) -> Int { keep(english.interpret(line, pets: pets)) }

// 2. Whole corpus.
report("2. Whole corpus: \(allLines.count) lines of Grammars/tests/*.txt (incl. \(unknownLines.count) of unknown.txt), "
       + "pets \(petNames); \(corpus.count - wrong.count)/\(corpus.count) match their file's intent", allLines, matching)
for sentence in wrong.prefix(5) { print("   note: “\(sentence.text)” does not match \(sentence.expected!.rawValue)\n") }
if settings.corpusOnly { exit(0) }

// 3. Lines that match nothing.
let noMatchTitle = "\(noMatchLines.count) lines = \(unknownLines.count) of unknown.txt + \(generated.lines.count) generated "
    + "(fixed seed; \(generated.drawn) drawn, those that matched dropped)"
report("3. No-match lines: \(noMatchTitle)", noMatchLines, matching)

// 4. The intent classifier.
printClassifierSection()

// 5. A file of sentences.
if let path = settings.sentencesFile { printSentencesSection(path) }

print("checksum: \(checksum)")
print("load:     \(loadAverage()) (at end)")
