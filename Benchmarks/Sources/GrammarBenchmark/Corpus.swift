import Foundation
import LaundryCore
import LaundryGrammar

/// The root of the LaundryTime package: this file is Benchmarks/Sources/GrammarBenchmark/Corpus.swift.
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



/// The lines of a file of sentences (`--sentences`): one a line, blank lines and `#` comments left
/// out. A corpus file's ` => slots` and a blind corpus's tab-separated fields are cut off, so that
/// those files can be measured as they are.
func loadSentences(_ path: String) -> [String] {
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch { fail("cannot read \(path): \(error)") }
    let lines = text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
        let sentence = line.split(separator: "\t", omittingEmptySubsequences: false)[0]
            .components(separatedBy: " => ")[0].trimmingCharacters(in: .whitespaces)
        return sentence.isEmpty || sentence.hasPrefix("#") ? nil : sentence
    }
    if lines.isEmpty { fail("no sentences in \(path)") }
    return lines
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
    // LaundryGrammar's generator: a fixed seed gives the same lines on every machine and every run.
    var random = SplitMix64(seed: 0x4C61_756E_6472_7954)  // "LaundrT"
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


