import Foundation
import LaundryTestSupport
import Testing

/// What people type, understood through the whole assistant (issue 15): the per-intent sentences
/// all of them, each blind corpus at least its floor. `scripts/understanding-report` prints the
/// figures; `LAUNDRYTIME_UNDERSTANDING_REPORT=1` prints them from this suite, a path writes them there.
@Suite struct UnderstandingScoreTests {
    /// The least share right, in per cent, that each blind corpus may score: a regression below it
    /// fails. A floor is the corpus's score when it was last raised, rounded down; raise it as
    /// understanding improves (never lower it to let a change pass). A corpus without an entry
    /// (a new `blind-N.tsv`) has the floor 0 until its first figure is written here.
    static let floors: [String: Double] = [
        "blind-1": 94,  // 364 of 387 (94.1 %) with shell forms, rambles and the sets of issue 33; 361 of 387 (93.3 %) with blind-18's and -19's phrasings; 358 of 387 (92.5 %) with blind-3's faults fixed; 359 (92.8 %): the classifier learns from training-*.tsv, more phrasings; 306 (79.1 %) help topics reported as typed; 304 (78.6 %) guessed changes asked about the pet by name; 289 (74.7 %) with the intent classifier; 143 (37.0 %) when the scorer was written
        "blind-2": 96,  // 374 of 388 (96.4 %) with blind-17's phrasings; 372 of 388 (95.9 %) with vowelless three-letter words read ("wsh", "dyr"); 368 of 388 (94.8 %) with "get the dryer going"; 363 (93.6 %) with blind-3's faults fixed; 360 (92.8 %) with training-*.tsv and more phrasings; 299 (77.1 %) at its first scoring (issue 15), written by a fresh blind writer
        "blind-3": 98,  // 392 of 400 (98.0 %) with shell forms, joined words and rambles; 389 of 400 (97.3 %) with blind-17's phrasings; 384 of 400 (96.0 %) with vowelless three-letter words read; 383 of 400 (95.8 %) with "get the dryer going"; 380 (95.0 %) with its faults fixed; 362 (90.5 %) at its first scoring (issue 15), by a fresh blind writer
        "blind-4": 96,  // 384 of 400 (96.0 %) with blind-18's and -19's phrasings; 383 of 400 (95.8 %) with vowelless three-letter words read; 381 of 400 (95.3 %) with reasons, kindness and misspelt clauses read around a command (issue 18); 380 of 400 (95.0 %) with swapped letters one edit in a name; 379 of 400 (94.8 %) at its first scoring (issue 15, 2026-11-25), by a fresh blind writer from the same one-page brief
        "blind-5": 99,  // 238 of 240 (99.2 %) with training-c (700 written lines for the newer intents) and its phrasings; 236 of 240 (98.3 %) with the phrasings it showed; 165 (68.8 %) at its first scoring, 2026-11-25, with the first templates for pausing, backdating and reminders — but I had read its pause lines while writing them (issue 18), so its first figure was not blind
        "blind-6": 97,  // 194 of 200 (97.0 %) with training-c (700 written lines for the newer intents) and its phrasings; 193 of 200 (96.5 %) with blind-12's phrasings; 192 of 200 (96.0 %) with the phrasings of it and blind-5; 120 of 200 (60.0 %) at its first scoring (issue 18, 2026-11-25), sealed unread, a fresh blind writer from the same brief
        "blind-7": 96,  // 193 of 200 (96.5 %) with blind-12's phrasings; 186 of 200 (93.0 %) with its phrasings and an instant said first; 165 (82.5 %) with a line read as its clauses; 155 of 200 (77.5 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5 and -6 had been learned from
        "blind-8": 98,  // 197 of 200 (98.5 %) with training-c (700 written lines for the newer intents) and its phrasings; 192 of 200 (96.0 %) with its phrasings; 171 of 200 (85.5 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5, -6 and -7 had been learned from
        "blind-9": 98,  // 197 of 200 (98.5 %) with training-c (700 written lines for the newer intents) and its phrasings; 195 of 200 (97.5 %) with the phrasings of blind-10; 192 (96.0 %) with its own; 178 of 200 (89.0 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5 to -8 had been learned from; it found the one data-changing misread ("snowy off pause please" paused Snowy), fixed
        "blind-10": 99,  // 199 of 200 (99.5 %) with training-c (700 written lines for the newer intents) and its phrasings; 195 of 200 (97.5 %) with its phrasings; 173 of 200 (86.5 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5 to -9 had been learned from
        "blind-11": 99,  // 198 of 200 (99.0 %) with training-c (700 written lines for the newer intents) and its phrasings; 197 of 200 (98.5 %) with its phrasings; 181 of 200 (90.5 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5 to -10 had been learned from
        "blind-12": 99,  // 198 of 200 (99.0 %) with training-c (700 written lines for the newer intents) and its phrasings; 198 of 200 (99.0 %) with its phrasings, a reason or a greeting around a command, misspelt clauses and military times; 173 of 200 (86.5 %) at its first scoring (issue 18, 2026-11-25), sealed unread, written after blind-5 to -11 had been learned from; not tuned on
        "blind-13": 98,  // 196 of 200 (98.0 %) with its phrasings, "so" and training-c; 177 of 200 (88.5 %) at its first scoring (issue 18, 2026-11-25): the newer intents, sealed unread, by the writer of blind-14, after blind-5 to -12 had been learned from
        "blind-14": 96,  // 193 of 200 (96.5 %) with the classifier retrained on CLINC150's small talk and cue lines (issue 33): “make a new one for my work shirts, call it Shirty” is now only suggested, not asked — the one line any set lost, to be won back by reading “…, call it NAME”; 194 of 200 (97.0 %) with blind-15's phrasings; 193 of 200 (96.5 %) with training-c (700 written lines for the newer intents) and its phrasings; 190 of 200 (95.0 %) at its first scoring (issue 18, 2026-11-25): the other intents, by blind-13's writer in the same sitting — what "the rest" scores
        "blind-15": 95,  // 190 of 200 (95.0 %) with a corrected filler word passed over, "but", and its phrasings; 175 of 200 (87.5 %) at its first scoring (issue 18, 2026-11-25): the newer intents, sealed unread, by the writer of blind-16, after training-c and blind-13 had been learned from
        "blind-16": 98,  // 98 of 100 (98.0 %) at its first scoring (issue 18, 2026-11-25): the other intents, by blind-15's writer in the same sitting
        "blind-17": 96,  // 240 of 250 (96.0 %) with its phrasings, a dash ending a clause, "her" for the one pet named around the command, meals as times; 227 of 250 (90.8 %) at its first scoring (issue 18, 2026-11-25): 220 lines of the newer intents (198 right, 90.0 %) and 30 of the rest (29), sealed unread, after blind-15 had been learned from
        "blind-18": 98,  // 246 of 250 (98.4 %) with its phrasings and blind-19's; 234 of 250 (93.6 %) at its first scoring (issue 18, 2026-11-25): lines 1–220 the newer intents, 207 right (94.1 %); 221–250 the rest, 27 (90.0 %); sealed unread, after blind-17 and training-c had been learned from
        "blind-19": 98,  // 255 of 260 (98.1 %) with its phrasings and blind-18's; 245 of 260 (94.2 %) at its first scoring (issue 18, 2026-11-25), on the same build as blind-18's: lines 1–200 the newer intents, 187 right (93.5 %; its 180 positive lines 169, 93.9 %); 201–260 the rest, 58 (96.7 %); sealed unread
        "blind-20": 82,  // 33 of 40 (82.5 %) with small talk and “who do i have again”; 31 of 40 (77.5 %) with cues that hold back a change said not to be made (issue 33); 29 of 40 (72.5 %) at its first scoring (issue 33, 2026-11-28): a tired parent typing one-thumbed at night, by a fresh writer who saw only the intents
        "blind-21": 97,  // 39 of 40 (97.5 %) with “with name Chotu” and more yes words; 37 of 40 (92.5 %) with cues that hold back a change and answers read for what they mean (issue 33); 35 of 40 (87.5 %) at its first scoring (issue 33, 2026-11-28): Indian English, by a fresh writer who saw only the intents
        "blind-22": 95,  // 38 of 40 (95.0 %) with a part of a line read, the classifier's sentences drawn per intent; 36 of 40 (90.0 %) at its first scoring (issue 33, 2026-11-28, after this session's cues, answers and CLINC150 small talk): a man in his seventies typing in capitals, formal, by a fresh writer from the same one-page brief as blind-20 and -21
        "blind-23": 97,  // 39 of 40 (97.5 %) with "was going to *wash*" held back; 38 of 40 (95.0 %) at its first scoring (issue 33, 2026-11-28, same build as blind-22): a screen-reader user, by a fresh writer from the same brief
        "blind-24": 97,  // 40 of 40 (100.0 %) with its misses taught ("leave … for now" is a negation, "tell me when … done" waits); 34 of 40 (85.0 %) at its first scoring (issue 33, 2026-11-29), by a fresh writer — from a brief that, by mistake, named blind-20's kind again (a tired parent, one thumb); one line right by meaning was labelled "this week"
        "blind-25": 95,  // 38 of 40 (95.0 %) with the classifier's sentences drawn per intent; 37 of 40 (92.5 %) with its misses taught; 36 of 40 (90.0 %) at its first scoring (issue 33, 2026-11-29): a German speaker writing English, by a fresh writer who saw only the intents; one line right by meaning was labelled "last 30 days"
        "blind-26": 97,  // 39 of 40 (97.5 %) with its misses taught ("kill", "cat", "man", "config ls", "mr_fluff.freq=7d"); 31 of 40 (77.5 %) at its first scoring (issue 33, 2026-11-29, the same build as blind-25): a developer who types as at a shell, by a fresh writer; one line right by meaning was labelled "last 30 days"
        "blind-27": 97,  // 40 of 40 (100.0 %) with its misses taught (a part of a line that asks, a pronoun for the pet named before it, "as" before a reason, kindness after a name); 32 of 40 (80.0 %) at its first scoring (issue 33, 2026-11-29: a retired teacher new to computers, polite whole sentences), 33 (82.5 %) with a range spelt as the brief spells it
        "blind-28": 97,  // 39 of 40 (97.5 %) with "si", "gracias" and "put the dark mode" taught; 36 of 40 (90.0 %) at its first scoring (issue 33, 2026-11-29, build e67dc23): a Mexican student writing English with Spanish habits, by a fresh writer who saw only the intents
        "blind-29": 85,  // 34 of 40 (85.0 %) at its first scoring (issue 33, 2026-11-29, build b7c9e15): a head chef typing kitchen slang between orders, by a fresh writer who saw only the intents
        "blind-30": 85,  // 34 of 40 (85.0 %) at its first scoring (2026-11-29, build 932d15f, with the files split since): a night-shift nurse typing one-handed on a phone whose autocorrect swaps words ("Star was Snowy's", "gold Snow"), by a fresh writer who saw only the intents
    ]

    @Test func corporaAreReadAndComplete() async throws {
        let scores = try await MeasuredCorpora.scores
        for score in scores {
            #expect(score.corpus.problems.isEmpty, "\(score.corpus.problems)")
            #expect(!score.lines.isEmpty, "\(score.corpus.name) has no lines")
        }
        #expect(try await !MeasuredCorpora.blind.isEmpty, "no Grammars/tests/blind-*.tsv")
    }

    @Test func perIntentSentencesAreAllUnderstoodThroughTheAssistant() async throws {
        for scored in try await MeasuredCorpora.perIntent.lines where scored.verdict != .right {
            Issue.record(Comment(rawValue: UnderstandingReport.describe(scored).joined(separator: "\n")))
        }
    }

    @Test func blindCorporaStayAboveTheirFloors() async throws {
        for score in try await MeasuredCorpora.blind {
            let floor = Self.floors[score.corpus.name] ?? 0
            #expect(score.percent >= floor,
                    "\(score.corpus.name): \(UnderstandingReport.percentText(score.percent)) right, below its floor of \(floor) %")
        }
    }

    @Test func reportShowsEveryCorpus() async throws {
        let scores = try await MeasuredCorpora.scores
        let report = UnderstandingReport.text(of: scores)
        for score in scores {
            #expect(report.contains("\(score.corpus.name) — \(score.right) of \(score.lines.count) right"))
        }
        switch ProcessInfo.processInfo.environment["LAUNDRYTIME_UNDERSTANDING_REPORT"] {
        case nil, "", "0": break
        case "1": print(report, terminator: "")
        case let path?: try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
