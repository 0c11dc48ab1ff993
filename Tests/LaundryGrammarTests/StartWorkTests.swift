@testable import LaundryGrammar
import EnglishGrammar
import LaundryCore
import Testing

/// What reading the grammar leaves for later: work a line that matches never needs is done at the
/// first line that does (docs/speed.md has what each costs a start).
@Suite struct StartWorkTests {
    /// The filler words (every word of a `skip` phrase) serve only a line no template fits.
    @Test func aLineThatMatchesLeavesTheFillerWordsUngathered() throws {
        let grammar = try Grammar.readEnglish()
        var gathered: Bool { grammar.matcher.graph.normalizer.fillerWordsAreGathered }
        #expect(grammar.interpret("/status").command.intent == .status)
        #expect(grammar.interpret("please show me snowy right now", pets: PetNameIndex(names: ["Snowy"])).command.intent == .showPet)
        #expect(!gathered)
        #expect(grammar.interpret("flarp zork snowy please").command.intent == .unknown)
        #expect(gathered)
        #expect(grammar.matcher.graph.normalizer.fillerWords.contains("please"))
    }
}
