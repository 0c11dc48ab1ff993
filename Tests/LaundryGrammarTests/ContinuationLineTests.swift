import LaundryCore
import LaundryGrammar
import Testing

/// A rule, a value list's entry or a template too long for one line goes on over the lines below
/// it, each indented deeper than its first line: the grammar reads them as the one line they are
/// joined into, and a mistake on any line is reported at that line, not at the first.
@Suite struct ContinuationLineTests {
    func error(_ source: String) -> GrammarError? { GrammarError.compiling(source) }

    @Test func aContinuedGrammarIsTheOneWrittenOnSingleLines() throws {
        let single = """
            skip please | thanks
            cue negation = not | never
            rule start = (start | begin | run)
            values switch
              on = on | enable
              off = off | disable
            intent start_wash
              summary: Start the wash.
              <start> [the] (wash | washer) [for] {pet}
            intent set_setting
              turn sound {value:switch}
            """
        let continued = """
            skip please
              | thanks
            cue negation = not
                | never
            rule start = (start
              | begin
              | run)
            values switch
              on = on
                | enable
              off =
                off | disable
            intent start_wash
              summary: Start
                the wash.
              <start> [the]
                (wash | washer)
                  [for] {pet}
            intent set_setting
              turn sound
                {value:switch}
            """
        let pets = PetNameIndex(names: ["Snowy"])
        let a = try Grammar(source: single), b = try Grammar(source: continued)
        #expect(a.intents == b.intents)
        #expect(a.completionWords == b.completionWords)
        for line in ["run the washer for snowy", "begin wash snowy", "please start wash for snowy thanks",
                     "turn sound enable", "turn sound off"] {
            #expect(a.match(line, pets: pets) == b.match(line, pets: pets), "\(line)")
            #expect(b.match(line, pets: pets).intent != .unknown, "\(line)")
        }
        #expect(b.cues(in: "never say never").map(\.kind) == [.negation, .negation])
    }

    @Test func aMistakeOnAContinuationLineNamesThatLine() {
        let stray = error("rule a = (x\n  | y }\n  | z)\nintent help\n  <a>")
        #expect(stray?.line == 2)
        #expect(stray?.message.hasPrefix("unexpected '}' (column 5)") == true, "\(String(describing: stray))")
        #expect(error("rule a = (x }\n  | y\n  | z)\nintent help\n  <a>")?.message.hasPrefix("unexpected '}' (column 5)") == true,
                "on the first line, the column counts from the \"=\", as on a line not continued")
        #expect(error("rule a = (x\n  | y\n  | (z\nintent help\n  <a>")?.line == 3, "an unclosed '(' is found where the text ends")
        #expect(error("values v\n  a = x\n    | {petz}\nintent help\n  help")?.line == 3)
        #expect(error("intent help\n  help\n    me\n    {petz}")?.line == 4)
        #expect(error("intent help\n  summary: a\n    b\n  help }")?.line == 4)
    }

    @Test func linesAfterAContinuedLineKeepTheirNumbers() {
        let before = "skip a\n  | b\n  | c\nrule r = (x\n  | y)\nvalues v\n  k = p\n    | q\n"
        #expect(error(before + "intent help\n  help\n  (oops")?.line == 11)
        #expect(error(before + "banana")?.line == 9)
        #expect(error(before + "intent help\n  summary: no templates")?.line == 9)
    }

    @Test func anIntentOrAValueListIsNoLineToContinue() {
        // Its indented lines are its own, however deep: the first of them is no continuation.
        #expect(error("intent help\n      help\n  ?") == nil)
        #expect(error("values v\n    k = p\nintent help\n  help") == nil)
        // An indented line before anything is still a mistake.
        #expect(error("  help")?.line == 1)
    }
}
