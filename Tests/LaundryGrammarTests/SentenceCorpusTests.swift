import EnglishGrammar
import Foundation
import LaundryCore
import LaundryGrammar
import Testing

/// Runs every sentence of `Grammars/tests/` against the grammar built into the binary.
@Suite struct SentenceCorpusTests {
    static let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff"])

    @Test(arguments: SentenceCorpus.load().filter { $0.intent != .unknown })
    func sentenceMatchesItsIntentAndSlots(_ sentence: SentenceCorpus.Sentence) throws {
        let command = try Grammar.english.match(sentence.text, pets: Self.pets)
        #expect(command.intent == sentence.intent, "\(sentence.location): “\(sentence.text)” → \(command.intent.rawValue)")
        var slots: [String: String] = [:]
        for (kind, value) in command.slots {
            // A pet is its stored name (or the words when they name none); every other slot is
            // its normalised value ("90" for "an hour and a half", "off" for "mute"), or the words
            // as typed for free text. A fixed slot ({setting=sound}) has no words, only a value.
            slots[kind.rawValue] = switch kind {
            case .pet: value.knownPet ?? value.text
            case .topic: value.text  // as typed; which intents it is about, HelpTopicTests checks
            default: value.value ?? value.text
            }
        }
        #expect(slots == sentence.slots, "\(sentence.location): “\(sentence.text)” via “\(command.template ?? "")”")
    }

    @Test(arguments: SentenceCorpus.load().filter { $0.intent == .unknown })
    func negativeSentenceMatchesNothing(_ sentence: SentenceCorpus.Sentence) throws {
        let command = try Grammar.english.match(sentence.text, pets: Self.pets)
        #expect(command.intent == .unknown, "\(sentence.location): “\(sentence.text)” matched “\(command.template ?? "")”")
    }

    /// Like the intents repository: every intent has a test file, with at least as many
    /// sentences as it has templates, and never fewer than eight.
    @Test func everyIntentIsCoveredBySentences() throws {
        let corpus = SentenceCorpus.load()
        for help in try Grammar.english.intents {
            let count = corpus.filter { $0.intent == help.intent }.count
            #expect(count >= max(8, help.templates.count),
                    "\(help.intent.rawValue): \(count) sentences for \(help.templates.count) templates")
        }
        #expect(corpus.filter { $0.intent == .unknown }.count >= 8)
    }

    @Test func everyHelpExampleMatchesItsIntent() throws {
        let grammar = try Grammar.english
        for help in grammar.intents {
            #expect(!help.summary.isEmpty && !help.group.isEmpty && !help.examples.isEmpty, "\(help.intent)")
            for example in help.examples {
                #expect(grammar.match(example, pets: Self.pets).intent == help.intent, "example “\(example)”")
            }
        }
    }
}

/// The sentence files of `Grammars/tests/` (format in its README).
enum SentenceCorpus {
    struct Sentence: CustomTestStringConvertible, Sendable {
        let intent: Intent
        let text: String
        let slots: [String: String]
        let location: String

        var testDescription: String { "\(intent.rawValue): \(text)" }
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Grammars/tests")

    static func load() -> [Sentence] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var sentences: [Sentence] = []
        for file in files.sorted() where file.hasSuffix(".txt") {
            let name = String(file.dropLast(4))
            guard let intent = Intent(rawValue: name),
                let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            else {
                Issue.record("Grammars/tests/\(file) is not named after an intent")
                continue
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                let parts = trimmed.components(separatedBy: " => ")
                var slots: [String: String] = [:]
                if parts.count > 1 {
                    for pair in parts[1].split(separator: ";") {
                        let keyValue = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                        if keyValue.count == 2 { slots[keyValue[0]] = keyValue[1] }
                    }
                }
                sentences.append(Sentence(
                    intent: intent, text: parts[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " =>", with: ""),
                    slots: slots, location: "\(file):\(index + 1)"))
            }
        }
        return sentences
    }
}
