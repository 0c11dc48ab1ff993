import EnglishGrammar
import Foundation
import LaundryGrammar

/// Section 4: the intent classifier — what reading it on first use costs, and what a line costs.
@MainActor
func printClassifierSection() {
    // A fresh grammar each time, so that every run reads the classifier's tables anew; the
    // grammar's own load (section 1) is timed apart and taken off.
    let grammarOnly = timeLoads(settings.compilations) { (try? Grammar.readEnglish())?.intents.count ?? 0 }
    let firstUse = timeLoads(settings.compilations) {
        guard let grammar = try? Grammar.readEnglish(), let scores = try? grammar.classify(["hello"]) else { return 0 }
        return keep(scores)
    }
    print("4. Intent classifier")
    print("   first use — the built-in grammar read, then its classifier's tables read and one word classified, "
        + "\(settings.compilations) times: median \(format(firstUse.median, 3)) ms, min \(format(firstUse.min, 3)) ms, "
        + "max \(format(firstUse.max, 3)) ms; the grammar alone: median \(format(grammarOnly.median, 3)) ms, "
        + "so reading the classifier ≈ \(format(firstUse.median - grammarOnly.median, 3)) ms")
    print("")
    report("4a. Classifying the no-match lines (\(noMatchTitle)): tokenised, pets masked, classified", noMatchLines,
           target: "target ≤ 50 µs/line", classifying)
    report("4b. Classifying the whole corpus: \(allLines.count) lines", allLines, target: "target ≤ 50 µs/line", classifying)
    report("4c. A no-match line in all, Grammar.interpret: matched (pets, typos, unknown pets), classified, suggestions spelled",
           noMatchLines, target: "target ≤ 200 µs/line", answering)
    // The same grammar without a classifier ranks the intents by the words they share with the line.
    guard let withoutClassifier = try? Grammar(source: grammarSource) else { fail("Grammars/en.grammar does not compile") }
    report("4d. The same without the classifier (Grammar(source:): intents ranked by shared words)", noMatchLines,
           target: "for comparison") { line in keep(withoutClassifier.interpret(line, pets: pets)) }
}

/// Section 5: the lines of `--sentences FILE`, matched, classified, and answered as the program
/// would; with `--show`, what became of each.
@MainActor
func printSentencesSection(_ path: String) {
    let lines = loadSentences(path)
    let unmatched = lines.filter { english.match($0, pets: pets).intent == .unknown }
    print("5. Sentences of \(path): \(lines.count) lines, \(lines.count - unmatched.count) fit a template, "
        + "\(unmatched.count) do not; pets \(petNames)")
    if settings.showsSentences {
        for line in lines {
            let interpretation = english.interpret(line, pets: pets)
            if interpretation.command.intent != .unknown {
                print("   = \(interpretation.command.intent.rawValue): \(line)")
            } else if let top = (try? english.classify(line, pets: pets))?.first {
                let guess = interpretation.guesses.first
                let mark = guess?.confidence != nil ? "≈" : "?"
                print("   \(mark) \(top.intent.rawValue) \(format(top.probability, 2)): \(line)"
                    + (guess.map { " → “\($0.sentence)”" } ?? ""))
            }
        }
        print("   (= a template fits; ≈ the first guess is confident — classified at or above "
            + "IntentClassifier.highConfidence, \(IntentClassifier.highConfidence), holding what the line gives it; ? not)")
    }
    print("")
    report("5a. Matching them", lines, matching)
    report("5b. Classifying them", lines, target: "target ≤ 50 µs/line", classifying)
    report("5c. Answering them (Grammar.interpret): matched, and when no template fits, classified and suggestions", lines,
           target: "target ≤ 200 µs for a line no template fits", answering)
    if !unmatched.isEmpty {
        report("5d. Answering the \(unmatched.count) that no template fits", unmatched, target: "target ≤ 200 µs/line", answering)
    }
}
