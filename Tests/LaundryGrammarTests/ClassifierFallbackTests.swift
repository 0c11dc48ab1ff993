import EnglishGrammar
import Foundation
import GrammarTraining
import LaundryCore
@testable import LaundryGrammar
import Testing

/// What the learned fallback makes of lines: what it says about clear sentences, how well it does
/// on sentences it never saw, and how `interpret` uses it for a line no template fits.
@Suite struct ClassifierFallbackTests {
    static let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"])

    // MARK: - Classifying

    /// Sentences whose meaning is clear to a person, written for this test (none is in a corpus).
    @Test(arguments: [
        ("order me a pizza", Intent.unknown),
        ("who was the first man on the moon", .unknown),
        ("could you chuck snowy's blanket into the washing machine", .startWash),
        ("what are my pets called again", .listPets),
        ("please rename mr fluff to Sir Fluffington", .renamePet),
        ("lets get a new laundry pet going, name it Blanky", .createPet),
    ])
    func clearSentences(_ line: String, _ intent: Intent) throws {
        let scores = try Grammar.english.classify(line, pets: Self.pets)
        #expect(scores.first?.intent == intent, "“\(line)”: \(scores.prefix(3).map { "\($0.intent.rawValue) \($0.probability)" })")
    }

    @Test func scoresAreEveryIntentByDescendingProbability() throws {
        let scores = try Grammar.english.classify("toss buddy's stuff in the washer", pets: Self.pets)
        #expect(Set(scores.map(\.intent)) == Set(Intent.allCases.filter(\.isLearned)))
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0.probability >= $1.probability })
        #expect(abs(scores.map(\.probability).reduce(0, +) - 1) < 1e-9)
        #expect(try Grammar.english.classify([]).count == Intent.allCases.filter(\.isLearned).count, "an empty line has scores too")
    }

    @Test func petsAndNumbersAreMasked() throws {
        let words = ["toss", "buddy's", "stuff", "to", "mr", "fluff", "snowey", "wash"]
        let isGrammarWord = { (word: String) in word == "wash" || word == "to" }
        #expect(IntentClassifier.maskingPets(in: words, pets: Self.pets, isGrammarWord: isGrammarWord)
            == ["toss", "‹pet›", "stuff", "to", "‹pet›", "‹pet›", "‹pet›", "wash"], "a close misspelling of one pet is that pet")
        let cases: [([String], [String])] = [
            (["wash", "for", "forty-five", "minutes"], ["wash", "for", "‹num›", "minutes"]),
            (["forty", "five", "min"], ["‹num›", "min"]),
            (["1h15m"], ["‹num›", "h", "‹num›", "m"]),
            (["set", "an", "alarm", "for", "7am"], ["set", "an", "alarm", "for", "‹num›", "am"]),
            (["-5", "minutes", "or", "1.5", "hours"], ["‹num›", "minutes", "or", "‹num›", "hours"]),
            (["‹pet›", "‹pet›", "is", "done"], ["‹pet›", "is", "done"]),
            (["-", "=", "?", "laundry.csv"], ["-", "=", "?", "laundry.csv"]),
        ]
        for (words, expected) in cases {
            #expect(ClassifierFeatures.modelWords(words, numberWords: try Grammar.english.numberWords) == expected, "\(words)")
        }
    }

    // MARK: - How well

    /// Each quarter of the written sentences (the per-intent files' and the training files') judged
    /// by a model trained on the grammar's sentences and the other three: the figures scripts/classifier-report prints (Benchmarks/README.md),
    /// less a line or two for another platform's floating point.
    @Test func crossValidatedFigures() throws {
        let data = try ClassifierTrainingData(IntentClassifierTests.inputs())
        let numberWords = try Grammar.english.numberWords
        let evaluation = ClassifierEvaluation.crossValidated(data, grammar: try Grammar.english) { examples in
            let model = ClassifierTraining.train(examples, grammarSource: GrammarTablesTests.source, numberWords: numberWords, trainingFingerprint: 0)
            return { model.classify($0, numberWords: numberWords) }
        }
        let written = data.examples.filter { $0.origin == .corpus }.count
        #expect(evaluation.outcomes.count == written && written > SentenceCorpus.load().count, "the per-intent and training sentences")
        #expect(ClassifierEvaluation.accuracy(evaluation.outcomes) >= 0.91, "2428 of 2652 right when measured (91.5 %)")
        let sure = ClassifierEvaluation.precision(evaluation.outcomes, threshold: IntentClassifier.highConfidence)
        #expect(sure.precision >= 0.99 && sure.changing.precision >= 0.99 && sure.coverage >= 0.7, "\(sure)")
    }

    // MARK: - The fallback in interpret

    /// A line no template fits, clear to the model: its reading comes first, with the model's
    /// probability, the user's pet and the grammar's sentence for it.
    @Test func aConfidentReadingLeadsWithItsProbability() throws {
        let line = "start fluffys wash thingy"
        let interpretation = try Grammar.english.interpret(line, pets: Self.pets)
        #expect(interpretation.command.intent == .unknown)
        let top = try #require(interpretation.guesses.first)
        #expect(top.command.intent == .startWash)
        #expect(top.command[.pet]?.knownPet == "Fluffy")
        #expect(try #require(top.confidence) >= Guess.confident)
        #expect(interpretation.guesses.dropFirst().allSatisfy { $0.confidence == nil }, "only the first guess is sure")
    }

    /// The reading the model is sure of is no surer than the line: an intent that takes a pet,
    /// from a line that names a pet the reading does not hold — or a number or unit of time it
    /// does not read — is not confident.
    @Test func aReadingWithoutWhatTheLineGivesIsNotConfident() throws {
        let document = try GrammarDocument.parse(GrammarTablesTests.source)
        let suggester = Suggester(document: document, normalizer: Normalizer(document: document))
        let matcher = Matcher(graph: try WordGraph(document: document), roles: WordRoles(document.wordLists))
        func holds(_ intent: Intent, _ slots: [SlotKind: SlotValue], _ text: String) throws -> Bool {
            let line = try #require(matcher.prepare(text, pets: Self.pets))
            return suggester.holdsWhatTheLineGives(
                Command(intent: intent, slots: slots), line, original: text, pets: Self.pets, words: matcher.words)
        }
        let snowy = [SlotKind.pet: SlotValue(text: "snowy", knownPet: "Snowy")]
        let named = "could you chuck snowy's blanket into the washing machine"
        #expect(try !holds(.startWash, [:], named))
        #expect(try holds(.startWash, snowy, named))
        #expect(try holds(.startWash, [:], "put the washer on"), "no pet named, none needed")
        var minutes = snowy
        minutes[.minutes] = SlotValue(text: "90 mins", content: .number(.whole(90)))
        #expect(try !holds(.setDryTime, snowy, "snowy needs like 90 mins in the dryer"))
        #expect(try holds(.setDryTime, minutes, "snowy needs like 90 mins in the dryer"))
        // Found by the number fuzz (ReliabilitySuite): a number or unit the reading leaves out.
        var days = snowy
        days[.days] = SlotValue(text: "11563731", content: .number(.whole(11563731)))
        #expect(try !holds(.setFrequency, days, "set snowy frequency to every 11563731 hours"))
        #expect(try !holds(.history, [:], "history past 7 hours"))
        var monthly = snowy
        monthly[.days] = SlotValue(text: "every 30 days", content: .number(.whole(30)))
        #expect(try holds(.setFrequency, monthly, "make fluffy monthly, like every 30 days"), "the same value said twice")
        #expect(try !holds(.transcript, [.count: SlotValue(text: "two", content: .number(.whole(2)))], "/transcript one two"))
        #expect(try !holds(.transcript, [:], "/transcript NaN"))
        #expect(try holds(.transcript, [:], "what did i say earlier"), "a word the grammar does not know is no number")
        #expect(try holds(.createPet, [.name: SlotValue(text: "Undies")], "add another one called Undies"), "a pronoun, not a number")
    }

    /// A value the line holds for another intent is not this one's: "getting on" holds the
    /// setting value "on", and "how is Fluffy" still leads.
    @Test func aReadingTakesOnlyTheValuesItsIntentTakesFromWords() throws {
        let top = try #require(try Grammar.english.interpret("how is fluffy getting on", pets: Self.pets).guesses.first)
        #expect(top.command.intent == .showPet && top.command.slots.keys.sorted { $0.rawValue < $1.rawValue } == [.pet], "\(top)")
    }

    /// A line a template fits never reads the classifier; the first one none fits does.
    @Test func onlyALineNoTemplateFitsReadsTheClassifier() throws {
        let grammar = try Grammar.readEnglish()
        _ = grammar.interpret("start wash for snowy", pets: Self.pets)
        #expect(!grammar.classifierIsLoaded)
        _ = grammar.interpret("order a pizza for snowy", pets: Self.pets)
        #expect(grammar.classifierIsLoaded)
    }

    /// A bare yes or no answers a question; it is never guessed, however sure the model is.
    @Test(arguments: ["yeah go ahead mate", "nah leave it", "yep sounds good to me", "nope, not now thanks"])
    func confirmAndDenyAreNeverGuessed(_ line: String) throws {
        let interpretation = try Grammar.english.interpret(line, pets: Self.pets)
        #expect(!interpretation.guesses.contains { [.confirm, .deny, .unknown].contains($0.command.intent) }, "\(line)")
    }

    /// Lines the model finds unclear, or a grammar without a classifier: suggestions only.
    @Test func withoutAClassifierOrASureOneThereIsNoConfidence() throws {
        let compiled = try Grammar(source: GrammarTablesTests.source)
        for line in ["could you chuck snowy's blanket into the washing machine", "srt wash for snowy", "banana"] {
            #expect(compiled.interpret(line, pets: Self.pets).guesses.allSatisfy { $0.confidence == nil }, "\(line)")
        }
        #expect(try Grammar.english.interpret("order me a pizza", pets: Self.pets).guesses.allSatisfy { $0.confidence == nil })
    }
}
