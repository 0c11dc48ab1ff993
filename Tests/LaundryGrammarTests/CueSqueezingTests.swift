@testable import LaundryGrammar
import Testing

/// Cue words are looked up squeezed ("nooo" as "no") for every word of every line, so the squeezing
/// has a fast path for ASCII; it must say what squeezing a character at a time says.
struct CueSqueezingTests {
    @Test(arguments: ["", "a", "no", "nooo", "yesss", "actualy", "actually", "aaa", "book", "2000", "ok!!", "--pet",
                      "éé", "café", "caffé", "ñoooo", "👍👍", "naïïve", "e\u{301}e\u{301}", "x\u{2000}\u{2000}y"])
    func theFastPathSaysWhatCharactersSay(word: String) {
        #expect(CueTable.squeezed(word) == CueTable.squeezedByCharacter(word))
    }
}
