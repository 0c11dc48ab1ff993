import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport
import Testing

/// Huge numbers crashed the program. Random number phrases (``NumberPhrases``)
/// go through the real grammar and assistant, in-process, at every number slot, with a pinned
/// clock: 100,000 in CI (`CI=true`, what `.ci/run` runs), 20,000 in a developer's run, any count
/// with `LAUNDRYTIME_NUMBER_FUZZ=N`.
/// Each answer must be one of three: done (and then exactly what the phrase says is stored),
/// refused with the slot's range (and nothing changed), or not understood (and nothing
/// changed). No answer may name the number a huge one saturates at.
///
/// A line costs about 0.7 ms of CPU in a debug build (matching it is half of that), so 100,000
/// take a minute; 20,000 keep the suite quick. What makes that affordable:
/// - four shards run side by side, each on stores of its own, with seeds of its own;
/// - each shard has two assistants: one gets the phrases whose meaning is in range, and its pet
///   is read after every change; the other gets all the rest, so that its pet must never change
///   — it is compared once per 1,000 lines, and any change at all is a wrong answer;
/// - the lines of a batch share one commit (a script's group commit), each in a savepoint;
/// - a line the grammar does not match at all is answered by the assistant only with "did you
///   mean" suggestions, which look at no number and cost about 0.1 s each in a debug build: one
///   in 500 of those still goes through the assistant, the others stop at the grammar.
@Suite struct NumberFuzzTests {
    static let shards = 4
    static let phrasesPerShard: Int = {
        let environment = ProcessInfo.processInfo.environment
        let asked = environment["LAUNDRYTIME_NUMBER_FUZZ"].flatMap { Int($0) } ?? (environment["CI"] == "true" ? 100_000 : 20_000)
        return (max(asked, shards) + shards - 1) / shards
    }()
    static let batch = 1_000

    /// A number slot and the sentences the fuzz says it in.
    struct Slot: Sendable {
        let intent: Intent
        let shape: NumberPhrases.Shape
        let range: ClosedRange<Int>
        /// Sentences with "{}" for the number.
        let templates: [String]
        /// Sentences in which words that are no number can be read as a pet's name, wholly or in
        /// part: "wash snowy 1e5" is start_wash for a pet called "snowy 1e5", "/drytime one two"
        /// is the dry time of a pet called "one" — both answered "There is no pet called …".
        var petTakesOtherWords: Set<String> = []
    }

    static let slots = [
        Slot(intent: .setWashTime, shape: .duration, range: CycleSettings.minutesRange,
             templates: ["set snowy wash time to {}", "snowy's wash takes {}", "/washtime snowy {}"],
             petTakesOtherWords: ["/washtime snowy {}"]),
        Slot(intent: .setDryTime, shape: .duration, range: CycleSettings.minutesRange,
             templates: ["set snowy dry time to {}", "/drytime {}", "dryer takes {} for snowy"], petTakesOtherWords: ["/drytime {}"]),
        Slot(intent: .setFrequency, shape: .frequency, range: CycleSettings.frequencyRange,
             templates: ["wash snowy {}", "set snowy frequency to {}", "/frequency {}"],
             petTakesOtherWords: ["wash snowy {}", "/frequency {}"]),
        Slot(intent: .wait, shape: .duration, range: 1...1440,
             templates: ["wait for snowy up to {}", "/wait snowy {}", "wait for the wash up to {}"], petTakesOtherWords: ["/wait snowy {}"]),
        Slot(intent: .transcript, shape: .count, range: 1...200, templates: ["/transcript {}", "show the last {} messages"]),
        Slot(intent: .quickActions, shape: .count, range: 1...8, templates: ["/quick {}"]),
        Slot(intent: .history, shape: .lastDays, range: 1...36_500,
             templates: ["history for snowy {}", "history {}", "/history snowy {}"], petTakesOtherWords: ["history for snowy {}"]),
    ]

    /// How the answers came out.
    struct Tally: Sendable {
        var phrases = 0, done = 0, refused = 0, notUnderstood = 0, askedTheAssistant = 0, takenForAPet = 0, wrong = 0
        var failures: [String] = []

        mutating func add(_ other: Tally) {
            phrases += other.phrases
            done += other.done
            refused += other.refused
            notUnderstood += other.notUnderstood
            askedTheAssistant += other.askedTheAssistant
            takenForAPet += other.takenForAPet
            wrong += other.wrong
            failures += other.failures.prefix(max(0, 20 - failures.count))
        }

        mutating func fail(_ line: String, _ meaning: NumberPhrases.Meaning, _ reply: Reply, _ problem: String) {
            fail("“\(line)” (\(meaning)) → \(reply.failure.map { "\($0)" } ?? "ok"): \(reply.text.prefix(160)) — \(problem)")
        }

        mutating func fail(_ description: String) {
            wrong += 1
            if failures.count < 20 { failures.append(description) }
        }
    }

    @Test func everyNumberAtEverySlotIsDoneRefusedWithItsRangeOrNotUnderstood() throws {
        let started = ContinuousClock.now
        let results = ShardResults()
        DispatchQueue.concurrentPerform(iterations: Self.shards) { shard in
            results.add(Result { try Self.run(shard: shard) })
        }
        let elapsed = ContinuousClock.now - started
        let tally = try results.total()
        let summary = "Number fuzz: \(tally.phrases) phrases at \(Self.slots.count) slots in \(elapsed) "
            + "(\(Self.shards) shards): \(tally.done) done, \(tally.refused) refused with the range, "
            + "\(tally.notUnderstood) not understood (\(tally.askedTheAssistant) of them asked of the assistant), "
            + "\(tally.takenForAPet) taken for a pet's name; \(tally.wrong) wrong answers, 0 crashes"
        print(summary)
        for failure in tally.failures { Issue.record(Comment(rawValue: failure)) }
        #expect(tally.wrong == 0, "\(summary)")
        #expect(tally.phrases == Self.shards * Self.phrasesPerShard)
        // Every outcome is tried, in about the shares of a 20,000 run: 28 %, 56 %, 15 %, 1 %.
        #expect(tally.done > tally.phrases / 5 && tally.refused > tally.phrases / 2 && tally.notUnderstood > tally.phrases / 10
                && tally.askedTheAssistant > 0 && tally.takenForAPet > 0, "every outcome is tried: \(summary)")
    }

    /// One shard: its own phrases, on its own two stores.
    static func run(shard: Int) throws -> Tally {
        let inRange = try Side(), outOfRange = try Side()
        let grammar = inRange.fixture.grammar
        let pets = PetNameIndex(names: ["Snowy"])
        var generator = NumberPhrases(seed: 0x0014_0000 + UInt64(shard))
        var pick = SplitMix64(seed: 0x0014_1000 + UInt64(shard))
        var tally = Tally()

        for index in 0..<phrasesPerShard {
            if index > 0, index % batch == 0 {
                try inRange.endBatch(&tally)
                try outOfRange.endBatch(&tally)
            }
            let slot = slots[Int.random(in: 0..<slots.count, using: &pick)]
            let template = slot.templates[Int.random(in: 0..<slot.templates.count, using: &pick)]
            let (phrase, meaning) = generator.phrase(slot.shape)
            let line = template.replacingOccurrences(of: "{}", with: phrase)
            tally.phrases += 1

            switch meaning {
            case .whole(let value) where slot.range.contains(value):
                tally.done += 1
                let reply = inRange.respond(to: line)
                if let problem = try inRange.problemWhenDone(reply, slot: slot, value: value) {
                    tally.fail(line, meaning, reply, problem)
                }
            case .whole, .neverFits:
                tally.refused += 1
                let reply = outOfRange.respond(to: line)
                if reply.failure != .refused || reply.intent != slot.intent {
                    tally.fail(line, meaning, reply, "not refused as \(slot.intent.rawValue)")
                } else if !reply.text.contains("\(slot.range.lowerBound) to \(slot.range.upperBound)") {
                    tally.fail(line, meaning, reply, "the refusal does not give the range \(slot.range)")
                } else if let problem = Self.namesTheCeiling(reply, line) {
                    tally.fail(line, meaning, reply, problem)
                }
            case .notANumber:
                guard grammar.match(line, pets: pets).intent != .unknown || tally.notUnderstood % 500 == 0 else {
                    tally.notUnderstood += 1
                    continue
                }
                let reply = outOfRange.respond(to: line)
                if slot.petTakesOtherWords.contains(template), reply.failure == .refused,
                   reply.text.hasPrefix("There is no pet called") {
                    tally.takenForAPet += 1
                } else {
                    tally.notUnderstood += 1
                    tally.askedTheAssistant += 1
                    if reply.failure != .notUnderstood { tally.fail(line, meaning, reply, "understood as \(reply.intent.rawValue)") }
                }
            }
        }
        try inRange.endBatch(&tally, last: true)
        try outOfRange.endBatch(&tally, last: true)
        return tally
    }

    /// Never a number the user did not type: a saturated slot is quoted by its words.
    static func namesTheCeiling(_ reply: Reply, _ line: String) -> String? {
        let ceiling = String(SlotNumber.ceiling)
        return reply.text.contains(ceiling) && !line.contains(ceiling) ? "names the ceiling" : nil
    }
}

/// The shards' tallies, gathered from the threads they ran on.
private final class ShardResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<NumberFuzzTests.Tally, Error>] = []

    func add(_ result: Result<NumberFuzzTests.Tally, Error>) { lock.withLock { results.append(result) } }

    func total() throws -> NumberFuzzTests.Tally {
        try lock.withLock { try results.reduce(into: NumberFuzzTests.Tally()) { $0.add(try $1.get()) } }
    }
}
