@testable import LaundryGrammar
import EnglishGrammar
import Foundation
import LaundryCore
import Testing

/// A short line of filler hung the program — "hold . . . … no" took over 20 s
/// with 14 dots, the time doubling with each word that may be passed over. Whatever a line is
/// built of, the matcher's walk must stay within a low polynomial of its length: these count the
/// walk's steps (never the time, which a shared machine makes flaky) over generated lines.
@Suite struct FillerLineWorkTests {
    let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr Wiggles", "Big Towels"])

    /// The steps the matcher takes to read `line` as the assistant does when no template fits it
    /// (every reading, then the guesses).
    func steps(_ line: String) throws -> Int {
        let counter = Matcher.WorkCounter()
        try Matcher.$workCounter.withValue(counter) { _ = try Grammar.english.interpret(line, pets: pets) }
        return counter.steps
    }

    /// The most steps any line may take. An ordinary command takes tens to hundreds; the worst
    /// generated line here about 27,000, and the release build answers a 40-word line of filler in
    /// about 2 ms. The walk that doubled took 406,849 steps for "hold" and six dots.
    static let stepLimit = 100_000

    /// Words the matcher may pass over, punctuation it may pass over, and a few command words
    /// for them to stand between.
    static let filler = ["um", "uh", "please", "so", "just", "like", "okay", "hmm", "well", "really", "now", "for me",
                         "could you", "i want to", "thanks", "lol", "actually", "again", "hey", "oh"]
    static let punctuation = [".", "...", "!", "?", ",", "-", "—", ";", ":", "🙏", "🧺", "!!", "…", "(", ")", "'", "\""]
    static let commandWords = ["hold", "pause", "no", "start", "wash", "for", "snowy", "stop", "fold", "it", "the",
                               "dryer", "mr", "wiggles", "every", "5", "days", "called", "rename", "to", "history"]

    static func line(_ random: inout SplitMix64, bytes: Int) -> String {
        var words: [String] = []
        var length = 0
        while length < bytes {
            let pool = switch random.next() % 10 { case 0...3: filler; case 4...7: punctuation; default: commandWords }
            let word = pool.randomElement(using: &random)!
            words.append(word)
            length += word.utf8.count + 1
        }
        // Sometimes with no spaces around the punctuation ("hold...no").
        return random.next() % 4 == 0 ? words.joined() : words.joined(separator: " ")
    }

    @Test(arguments: [
        "hold . . . . . . . . . . . . . . no", "hold . . . . . . . . . . . . . . . . . . . . no",
        "hold um um um um um um um um um um um um um um no", "pause . . . . . . . . . . . . . . . . . . . . snowy",
        "please please please please please please please please please please please please start wash for snowy",
    ])
    func theLinesThatHungAreWalkedInFewSteps(line: String) throws {
        let taken = try steps(line)
        #expect(taken <= Self.stepLimit, "\(line): \(taken) steps")
    }

    /// Twice the filler, at most four times the work (it is about twice): the walk grows with the
    /// line, never by a factor for each word of it.
    @Test(arguments: [" um", " .", " please", " 🙏", " um ."])
    func twiceTheFillerIsAtMostFourTimesTheWork(filler: String) throws {
        let half = try steps("hold" + String(repeating: filler, count: 9) + " no")
        let whole = try steps("hold" + String(repeating: filler, count: 18) + " no")
        #expect(whole <= 4 * half, "\(filler): \(half) → \(whole) steps")
    }

    @Test func anyLineOfFillerAndPunctuationIsWalkedInFewSteps() throws {
        var random = SplitMix64(seed: 0x32_F111E8)
        var worst = (steps: 0, line: "")
        for index in 0..<200 {
            // Mostly lines of up to 40 words, the most the matcher reads as one; some up to 4 KB,
            // which are read clause by clause.
            let bytes = index % 10 == 0 ? Int(random.next() % 4096) + 1 : Int(random.next() % 240) + 1
            let line = Self.line(&random, bytes: bytes)
            let taken = try steps(line)
            if taken > worst.steps { worst = (taken, line) }
        }
        #expect(worst.steps <= Self.stepLimit, "\(worst.line.debugDescription): \(worst.steps) steps")
    }

    /// Stopping at places already reached changes no reading: the same command as walking every
    /// path, for the sentence corpus and for lines of filler short enough to walk every path of.
    @Test func stoppingWhereAPathWasChangesNoReading() throws {
        let grammar = try Grammar.english
        let matcher = grammar.matcher
        var lines = SentenceCorpus.load().map(\.text)
        var random = SplitMix64(seed: 0x5A_3E0)
        lines += (0..<300).map { _ in Self.line(&random, bytes: Int(random.next() % 24) + 1) }
        var compared = 0
        for text in lines {
            // (Only a line with words to pass over is walked another way.)
            guard let line = matcher.prepare(text, pets: pets), !line.skips.isEmpty else { continue }
            for unknownPets in [false, true] {
                let remembering = matcher.match(line, original: text, pets: pets, options: .init(unknownPets: unknownPets))
                let every = matcher.match(line, original: text, pets: pets, options: .init(unknownPets: unknownPets, remembersPlaces: false))
                #expect(remembering == every, "\(text.debugDescription), unknownPets: \(unknownPets)")
                compared += 1
            }
        }
        #expect(compared > 500)
    }
}
