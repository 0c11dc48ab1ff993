import LaundryCore
import LaundryGrammar
import LaundryTestSupport
import Testing

/// The engine knows no language: a grammar in German, with its own words for yes and no, its
/// own filler and its own cues, runs on it unchanged, and every sentence of its own is read
/// with the intent and the slots it says.
@Suite struct SecondLanguageTests {
    static let german = SecondLanguage.german

    /// Each sentence, its intent, and its slots as `slot=value` (a pet by its stored name).
    static let sentences: [(String, Intent, [String: String])] = [
        ("erstelle ein neues Haustier namens Flocke", .createPet, ["name": "Flocke"]),
        ("leg ein Wäschetier mit dem Namen Wuschel an", .createPet, ["name": "Wuschel"]),
        ("bitte neues Tier Knuddel", .createPet, ["name": "Knuddel"]),
        ("starte die Wäsche für Schneeflocke", .startWash, ["pet": "Schneeflocke"]),
        ("schalte die Waschmaschine für Flausch ein", .startWash, ["pet": "Flausch"]),
        ("Schneeflocke in die Waschmaschine waschen", .startWash, ["pet": "Schneeflocke"]),
        ("starte den Trockner für Flausch", .startDry, ["pet": "Flausch"]),
        ("mach mal den Trockengang mit Schneeflocke an", .startDry, ["pet": "Schneeflocke"]),
        ("Flausch in den Trockner", .startDry, ["pet": "Flausch"]),
        ("Schneeflocke ist gefaltet", .markFolded, ["pet": "Schneeflocke"]),
        ("Flausch ist fertig zusammengelegt, danke!", .markFolded, ["pet": "Flausch"]),
        ("lege Schneeflocke zusammen", .markFolded, ["pet": "Schneeflocke"]),
        ("starte die Wäsche für Flausch, weil morgen Besuch kommt", .startWash, ["pet": "Flausch"]),
        ("morgen kommt Besuch, also starte den Trockner für Schneeflocke", .startDry, ["pet": "Schneeflocke"]),
        ("Status", .status, [:]),
        ("Wie geht es meinen Tieren?", .status, [:]),
        ("was ist fällig", .status, [:]),
        ("ja", .confirm, [:]),
        ("Ja gerne!", .confirm, [:]),
        ("jawohl", .confirm, [:]),
        ("nein", .deny, [:]),
        ("lieber nicht", .deny, [:]),
        ("auf keinen Fall", .deny, [:]),
    ]

    static let pets = PetNameIndex(names: ["Schneeflocke", "Flausch"])

    @Test func aGermanGrammarRunsOnTheSameEngine() throws {
        let grammar = try Grammar(source: Self.german)
        #expect(grammar.intents.map(\.intent) == [.createPet, .startWash, .startDry, .markFolded, .setWashTime, .status, .confirm, .deny])
        for (sentence, intent, slots) in Self.sentences {
            let command = grammar.match(sentence, pets: Self.pets)
            #expect(command.intent == intent, "\(sentence)")
            for (slot, value) in slots {
                let read = SlotKind(rawValue: slot).flatMap { command[$0] }
                #expect((read?.knownPet ?? read?.text) == value, "\(sentence): \(slot)")
            }
        }
    }

    /// Its numbers and units of time are its own: a duration is read by the grammar's words.
    @Test(arguments: [
        ("stelle die Waschzeit für Flausch auf 30 Minuten", 30), ("setze die Waschzeit für Schneeflocke auf vierzig Minuten", 40),
        ("starte die Wäsche für Flausch für eine Stunde", 60), ("starte die Wäsche für Flausch für fünfundzwanzig", nil),
        ("stelle die Waschzeit für Flausch auf 2 hours", nil),
    ] as [(String, Int?)])
    func itsDurationsAreReadWithItsOwnWords(sentence: String, minutes: Int?) throws {
        let command = try Grammar(source: Self.german).match(sentence, pets: Self.pets)
        #expect(command[.minutes]?.number == minutes.map(SlotNumber.whole), "\(sentence)")
        if minutes != nil { #expect(command.intent == .setWashTime || command.intent == .startWash, "\(sentence)") }
    }

    /// Why a command is asked, said around it, is found by the grammar's own words for it.
    @Test func itsReasonWordsAreItsOwn() throws {
        let grammar = try Grammar(source: Self.german)
        #expect(grammar.match("starte die Wäsche für Flausch because Besuch kommt", pets: Self.pets).intent == .unknown)
        #expect(grammar.match("morgen kommt Besuch, so starte den Trockner für Schneeflocke", pets: Self.pets).intent == .unknown)
        #expect(GrammarError.compiling("words grund = weil\nintent help\n  hilfe")?.message.contains("ROLE one of reason") == true)
        #expect(GrammarError.compiling("words reason = weil | | da\nintent help\n  hilfe")?.line == 1)
    }

    /// Its own words say yes, no, not and maybe: none of English's.
    @Test func itsCuesAreItsOwn() throws {
        let grammar = try Grammar(source: Self.german)
        #expect(grammar.cues(in: "nein, falsch").map(\.kind) == [.refusal, .refusal])
        #expect(grammar.cues(in: "ja klar").map(\.kind) == [.assent, .assent])
        #expect(grammar.cues(in: "vielleicht nicht").map(\.kind) == [.doubt, .negation])
        #expect(grammar.cues(in: "no, not sure, yes").isEmpty, "English is no cue of the German grammar")
    }

    /// Who a line is about — the pet last talked about, a new pet's name after the word that
    /// leads to it — is found by its own words, and English ones are no such words there.
    @Test func itsPronounsAndNamingAreItsOwn() throws {
        let grammar = try Grammar(source: Self.german)
        #expect(grammar.match("starte die Wäsche für sie", pets: Self.pets)[.pet]?.isPronoun == true)
        #expect(grammar.match("starte die Wäsche für it", pets: Self.pets)[.pet]?.isPronoun != true)
        #expect(grammar.match("neues Tier genannt Flocke").slots[.name]?.text == "Flocke")
        #expect(grammar.match("neues Tier called Flocke").slots[.name]?.text == "called Flocke")
        #expect(grammar.words(.ordinal).prefix(2) == ["erste", "zweite"])
        #expect(grammar.stem("trocknen") == "trockn" && grammar.stem("drying") == "drying")
    }

    /// A misspelt word is read as the grammar's own word; a line no template fits is offered the
    /// grammar's own sentences.
    @Test func itsCorrectionsAndSuggestionsAreItsOwn() throws {
        let grammar = try Grammar(source: Self.german)
        let corrected = grammar.match("starte die wäsch für Schneeflocke", pets: Self.pets)
        #expect(corrected.intent == .startWash && corrected.corrections.map(\.meant) == ["wäsche"])
        let guesses = grammar.interpret("starte die wäsche fur Schneeflocke", pets: Self.pets).guesses
        #expect(guesses.first?.command.intent == .startWash)
        #expect(guesses.first?.sentence == "starte die wäsche für Schneeflocke an")
    }
}
