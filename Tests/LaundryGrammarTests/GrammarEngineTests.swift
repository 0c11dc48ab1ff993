import EnglishGrammar
import LaundryCore
import LaundryGrammar
import Testing

/// The engine on small grammars of its own: syntax, errors with line numbers, and the ranking.
@Suite struct GrammarEngineTests {
    func grammar(_ source: String) throws -> Grammar { try Grammar(source: source) }

    func error(_ source: String) -> GrammarError? { GrammarError.compiling(source) }

    /// Cue lines: their kind is one of the known ones; a phrase is found where it
    /// starts, the longest first, in the clause it stands in, each run of a letter said once.
    @Test func cuesAreReadClauseByClause() throws {
        #expect(error("cue denial = not")?.message.contains("negation") == true)
        #expect(error("cue negation = not | ")?.line == 1)
        #expect(error("cue negation = not\ncue doubt = maybe | not")?.message.contains("already a cue of kind negation") == true)
        let grammar = try grammar("""
            expand isn't = is not
            cue negation = not | never
            cue doubt = not sure
            cue courtesy = if you can
            cue hypothetical = if
            intent status
              status
            """)
        let cues = grammar.cues(in: "that isn't right, not sure, nooot! if you can")
        #expect(cues.map(\.kind) == [.negation, .doubt, .negation, .courtesy])
        #expect(cues.map(\.clause) == [0, 1, 2, 3])
        #expect(cues[0].words == ["not"])
    }

    /// `ask:` templates are matched as any other, but the command they read says to ask before
    /// the change is made ("mute" alone may mean the sound, or "be quiet"); compiled tables keep it.
    @Test func askTemplatesAreMarkedOnTheirCommand() throws {
        let source = """
            intent set_setting
              turn off [the] sound {setting=sound} {value=off}
              ask: mute {setting=sound} {value=off}
            """
        let compiled = try grammar(source)
        let read = try Grammar(tables: compiled.tables(source: source), source: source)
        for g in [compiled, read] {
            #expect(g.match("mute").intent == .setSetting)
            #expect(g.asksFirst(g.match("mute")))
            #expect(!g.asksFirst(g.match("turn off the sound")))
            #expect(!g.asksFirst(g.match("banana")))
        }
        #expect(error("intent status\n  ask:\n")?.line == 2)
    }

    @Test func alternativesOptionalsAndRules() throws {
        let g = try grammar("""
            rule wash = (wash | washer)
            intent start_wash
              [please] start [the] <wash> [for {pet}]
            """)
        for line in ["start wash", "please start the washer", "Start Wash!", "START   the   WASH for snowy"] {
            #expect(g.match(line).intent == .startWash, "\(line)")
        }
        #expect(g.match("start").intent == .unknown)
        #expect(g.match("start the wash the").intent == .unknown)
        #expect(g.match("").intent == .unknown)
    }

    @Test func punctuationAndSlashesAreTokenisedBeforeStripping() throws {
        let g = try grammar("""
            intent help
              ?
              /help
              help
            intent status
              /status
            """)
        #expect(g.match("?").intent == .help)
        #expect(g.match("  /help ").intent == .help)
        #expect(g.match("help?!").intent == .help)
        #expect(g.match("/status").intent == .status)
        #expect(g.match("status").intent == .unknown, "the slash is part of the word")
    }

    @Test func slotsKeepTheUsersSpelling() throws {
        let g = try grammar("""
            intent create_pet
              create pet [named] {name}
            """)
        #expect(g.match("create pet Zoë")[.name]?.text == "Zoë")
        #expect(g.match("create pet named Mr. Fluff!")[.name]?.text == "Mr. Fluff")
        #expect(g.match("CREATE PET 雪")[.name]?.text == "雪")
        #expect(g.match("create pet named")[.name]?.text == "named", "the only way the line fits")
    }

    @Test func moreLiteralWordsWin() throws {
        let g = try grammar("""
            intent create_pet
              create pet {name}
              create pet named {name}
            """)
        let command = g.match("create pet named Bob")
        #expect(command[.name]?.text == "Bob")
        #expect(command.template == "create pet named {name}")
    }

    @Test func aKnownPetBeatsUnknownWordsAndTheLongestNameWins() throws {
        let g = try grammar("""
            intent show_pet
              show {pet}
            """)
        let pets = PetNameIndex(names: ["Mr", "Mr. Fluff", "Snowy"])
        #expect(g.match("show mr fluff", pets: pets)[.pet]?.knownPet == "Mr. Fluff")
        #expect(g.match("show MR", pets: pets)[.pet]?.knownPet == "Mr")
        #expect(g.match("show snowy's", pets: pets)[.pet]?.knownPet == "Snowy")
        let unknown = g.match("show rex the dog", pets: pets)[.pet]
        #expect(unknown?.text == "rex the dog" && unknown?.knownPet == nil)
        #expect(g.match("show one two three four", pets: pets).intent == .unknown, "an unknown pet has at most three words")
    }

    @Test func emojiAndTypographicApostrophesAreWords() throws {
        let g = try grammar("""
            intent status
              what's up
            intent show_pet
              show {pet}
            """)
        #expect(g.match("what’s up").intent == .status)
        #expect(g.match("show 🐑", pets: PetNameIndex(names: ["🐑"]))[.pet]?.knownPet == "🐑")
    }

    @Test func errorsNameTheLine() {
        #expect(error("intent start_wash\n  start (wash")?.description == "grammar line 2: '(' is not closed (column 12) in 'start (wash'")
        #expect(error("intent start_wash\n  start {petz}")?.line == 2)
        #expect(error("intent start_wash\n  start {petz}")?.message.contains("unknown slot {petz}") == true)
        #expect(error("intent launch_rocket\n  go")?.message == "unknown intent 'launch_rocket'")
        #expect(error("intent start_wash\n  start <nope>")?.message == "rule <nope> is not defined")
        #expect(error("rule a = x <a>\nintent help\n  <a>")?.message == "rule <a> refers to itself")
        #expect(error("intent help\n  help\nintent help\n  ?")?.message == "intent 'help' is defined twice")
        #expect(error("intent help\n  summary: only words")?.message == "intent 'help' has no template sentences")
        #expect(error("  help")?.line == 1)
        #expect(error("intent help\n  (a | | b)")?.line == 2)
        #expect(error("banana")?.message.hasPrefix("expected 'intent NAME'") == true)
        #expect(error("intent help\n  help }")?.message.hasPrefix("unexpected '}'") == true, "a stray brace does not hang")
        #expect(error("intent help\n  help >")?.line == 2)
    }

    @Test func aFileWithWindowsLineEndsReadsLineByLine() throws {
        let g = try grammar("intent help\r\n  help\r\nintent quit\r\n  quit\r\n")
        #expect(g.match("help").intent == .help && g.match("quit").intent == .quit)
    }

    @Test func longLinesAreUnknownNotSlow() throws {
        let g = try Grammar.english
        let line = Array(repeating: "wash", count: 10_000).joined(separator: " ")
        #expect(g.match(line).intent == .unknown)
    }

    @Test func helpComesFromTheGrammar() throws {
        let g = try grammar("""
            intent quit
              group: General
              summary: Leave.
              example: quit
              (quit | exit)
            """)
        let help = try #require(g.help(for: .quit))
        #expect(help.group == "General" && help.summary == "Leave." && help.examples == ["quit"])
        #expect(help.templates == ["(quit | exit)"])
    }
}
