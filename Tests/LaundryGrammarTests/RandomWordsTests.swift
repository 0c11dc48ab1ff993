import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// Lines made of the grammar's own words, pets' names, filler and symbols in random order — the
/// lines that walk furthest into the matcher, the slot scanner and the suggester before failing —
/// are answered, never a crash. (A name cue with nothing after it, "snowy called 🧦", once asked
/// for an empty range's last word.)
@Suite struct RandomWordsTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])

    @Test(arguments: ["snowy called 🧦", "called ?", "called", "name it !!", "call it, please", "new name pls",
                      "create pet called", "rename snowy called !!", "named \"\"", "help called ?"])
    func aNameCueWithNoNameAfterItIsAnswered(line: String) throws {
        let answer = try Grammar.english.interpret(line, pets: pets)
        #expect(answer.command.intent != .createPet || answer.command[.name].map { !$0.text.isEmpty } ?? false,
                "\(line) → \(answer.command.intent)")
    }

    @Test func randomLinesOfGrammarWordsAreAnswered() throws {
        let grammar = try Grammar.english
        let words = grammar.completionWords
            + ["snowy", "fluffy", "mr.", "fluff", "buddy", "please", "pls", "could", "you", "!!", "?", "🧦", ",", "\"", "'s", "-5", "7.5"]
        var random = SplitMix64(seed: 0x5EED_15)
        var answered = 0
        for _ in 0..<3_000 {
            let line = (0..<Int.random(in: 1...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            _ = grammar.interpret(line, pets: pets)
            answered += 1
        }
        #expect(answered == 3_000)
    }
}
