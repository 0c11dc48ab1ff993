import EnglishGrammar
import FuzzHarness
import LaundryAssistant
import LaundryCore
import LaundryGrammar

// The fuzz target of the understanding path: each line of an input read by the grammar
// with a fixed household's pets, as the assistant reads a typed line (`Grammar.interpret`, after
// the assistant's own checks: at most 4 KB, not empty, no control or invisible character).
// A crash or a line taking longer than libFuzzer's `-timeout` is the finding; the checks below
// are what the assistant relies on from a reading.

/// Read once per process, as the program reads it once per run.
let grammar: Grammar = {
    do { return try Grammar.english } catch { fatalError("the built-in grammar does not load: \(error)") }
}()

/// The pets of the sentence corpora (Grammars/tests/README.md), and two more with the shapes
/// that trouble a matcher: a name of two words, one of them a grammar word.
let petNames = ["Snowy", "Fluffy", "Mr. Fluff", "Buddy", "Big Towels"]
let pets = PetNameIndex(names: petNames)

func understandingFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    for line in ScriptLines.lines(of: UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count)) {
        guard case .text(let text) = line else { continue }
        let input = text.trimmingWhitespace()
        guard !input.isEmpty, input.utf8.count <= Assistant.maximumLineBytes,
              !input.unicodeScalars.contains(where: { PetName.isForbidden($0) && $0 != "\t" })
        else { continue }
        check(grammar.interpret(input, pets: pets), of: input)
    }
    return 0
}

/// What a reading promises: guesses only for a line no template fits, at most three of them, and
/// a known pet only ever one of the user's.
func check(_ reading: Interpretation, of input: String) {
    if reading.command.intent != .unknown && !reading.guesses.isEmpty {
        fatalError("“\(input)” was read as \(reading.command.intent) and still has \(reading.guesses.count) guesses")
    }
    if reading.guesses.count > 3 {
        fatalError("“\(input)” has \(reading.guesses.count) guesses; the limit is 3")
    }
    for command in [reading.command] + reading.guesses.map(\.command) {
        for (kind, slot) in command.slots {
            if let known = slot.knownPet, !petNames.contains(known) {
                fatalError("“\(input)”: slot \(kind) names the pet “\(known)”, which is none of \(petNames)")
            }
        }
    }
}
