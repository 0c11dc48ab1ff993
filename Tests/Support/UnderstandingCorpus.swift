import Foundation
import LaundryCore
import LaundryGrammar

/// A corpus of labelled sentences from `Grammars/tests/` (formats in its README), with the pets
/// the user has while it is scored: the per-intent files (`start_wash.txt`, …, `unknown.txt`) as
/// one corpus, and every blind corpus (`blind-*.tsv`) and written training file (`training-*.tsv`)
/// as one each.
public struct UnderstandingCorpus: Sendable {
    /// "sentences" for the per-intent files, the file's name for the others ("blind-1").
    public let name: String
    /// The pets the user has, by their stored names.
    public let pets: [String]
    public let lines: [LabelledLine]
    /// What could not be read: a file not named after an intent, a line without its fields.
    public let problems: [String]

    /// The name of the per-intent corpus.
    public static let perIntentName = "sentences"

    /// `Grammars/tests/` of this checkout.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Grammars/tests")

    /// The per-intent corpus, then every blind corpus and every training file in the order of
    /// their names.
    public static func all(in directory: URL = directory) -> [UnderstandingCorpus] {
        [perIntent(in: directory)] + blind(in: directory) + training(in: directory)
    }

    /// Whether the corpus measures understanding (a blind one), rather than being learned from.
    public var isBlind: Bool { name.hasPrefix("blind-") }

    /// `<intent>.txt`: a sentence, then optionally ` => ` and its slots. The user has Snowy,
    /// Fluffy and Mr. Fluff.
    public static func perIntent(in directory: URL = directory) -> UnderstandingCorpus {
        var lines: [LabelledLine] = []
        var problems: [String] = []
        for file in files(in: directory, ending: ".txt") {
            guard let intent = Intent(rawValue: String(file.dropLast(4))), let text = contents(of: file, in: directory) else {
                problems.append("Grammars/tests/\(file) is not named after an intent")
                continue
            }
            for (number, line) in numberedLines(of: text) {
                let parts = line.components(separatedBy: " => ")
                lines.append(LabelledLine(
                    text: parts[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " =>", with: ""),
                    intent: intent, slots: parts.count > 1 ? LabelledLine.slots(in: parts[1]) : [:],
                    location: "\(file):\(number)"))
            }
        }
        return UnderstandingCorpus(name: perIntentName, pets: ["Snowy", "Fluffy", "Mr. Fluff"], lines: lines, problems: problems)
    }

    /// Every `blind-*.tsv`: `sentence`, `intent`, `slots` and `kind`, separated by tabs. The user
    /// has Snowy, Fluffy, Mr. Fluff and Buddy.
    public static func blind(in directory: URL = directory) -> [UnderstandingCorpus] {
        tabSeparated(in: directory, prefix: "blind-")
    }

    /// Every `training-*.tsv`, written as the blind corpora are and in their format, which the
    /// intent classifier learns from: its score says little, but no line of it may misread into a
    /// change.
    public static func training(in directory: URL = directory) -> [UnderstandingCorpus] {
        tabSeparated(in: directory, prefix: "training-")
    }

    private static func tabSeparated(in directory: URL, prefix: String) -> [UnderstandingCorpus] {
        files(in: directory, ending: ".tsv").filter { $0.hasPrefix(prefix) }.map { file in
            var lines: [LabelledLine] = []
            var problems: [String] = []
            for (number, line) in numberedLines(of: contents(of: file, in: directory) ?? "", trimming: .newlines) {
                let fields = line.components(separatedBy: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count == 4, let intent = Intent(rawValue: fields[1]) else {
                    problems.append("Grammars/tests/\(file):\(number) is not “sentence, intent, slots, kind” with a known intent")
                    continue
                }
                lines.append(LabelledLine(
                    text: fields[0], intent: intent, slots: LabelledLine.slots(in: fields[2]), kind: fields[3],
                    location: "\(file):\(number)"))
            }
            return UnderstandingCorpus(
                name: String(file.dropLast(4)), pets: ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"], lines: lines, problems: problems)
        }
    }

    /// The file names in `directory` with that ending, in natural order (blind-10 after blind-9).
    private static func files(in directory: URL, ending: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(ending) }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    private static func contents(of file: String, in directory: URL) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// The lines that are neither blank nor comments, trimmed, with their numbers from 1. A
    /// tab-separated file trims only line ends, so that an empty last field keeps its tab.
    private static func numberedLines(of text: String, trimming: CharacterSet = .whitespaces) -> [(Int, String)] {
        // "\r\n" is one Character, and a newline: a file saved on Windows reads the same.
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: trimming)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : (index + 1, trimmed)
        }
    }
}
