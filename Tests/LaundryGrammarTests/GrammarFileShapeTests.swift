import Foundation
import LaundryGrammar
import Testing

/// Grammars/en.grammar is read by people adding a synonym: every line fits a screen, and every
/// notation the file uses is explained in its header, so that nobody has to read the compiler.
@Suite struct GrammarFileShapeTests {
    static let text = GrammarTablesTests.source
    static let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    /// The comment block at the top of the file.
    static let header = lines.prefix { $0.isEmpty || $0.hasPrefix("#") }.joined(separator: "\n")
    /// Every line that is not a comment.
    static let body = lines.filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }

    static let widest = 120

    @Test func noLineIsWiderThanAScreen() {
        #expect(!Self.lines.isEmpty)
        for (index, line) in Self.lines.enumerated() where line.count > Self.widest {
            Issue.record("en.grammar:\(index + 1) is \(line.count) characters wide (at most \(Self.widest))")
        }
    }

    @Test func everyKindOfLineIsExplained() {
        var kinds: Set<String> = []
        for line in Self.body where !line.isEmpty {
            if line.first != " " && line.first != "\t" {
                kinds.insert(String(line.prefix { $0 != " " }))
            } else if let colon = line.firstIndex(of: ":"), case let prefix = line[..<colon].trimmingCharacters(in: .whitespaces),
                      !prefix.isEmpty, prefix.allSatisfy(\.isLetter) {
                kinds.insert(prefix + ":")
            }
        }
        #expect(kinds.isSuperset(of: ["intent", "rule", "values", "skip", "expand", "homophone", "cue", "summary:"]))
        for kind in kinds {
            #expect(Self.header.contains("#   \(kind) ") || Self.header.contains("#     \(kind) "), "'\(kind)' is not explained")
        }
        #expect(Self.header.contains("indented deeper"), "continuation lines are not explained")
    }

    /// `{pet}`, `{value:switch}`, `{setting=wet_reminder}`: each slot, and each of the two ways a
    /// slot is written beside its name alone.
    @Test func everySlotAndEveryWayOfWritingOneIsExplained() throws {
        let slots = try Regex("\\{([a-z_]+)([:=]?)")
        var used: Set<String> = [], forms: Set<String> = []
        for line in Self.body {
            for match in String(line).matches(of: slots) {
                used.insert(String(match.output[1].substring ?? ""))
                forms.insert(String(match.output[2].substring ?? ""))
            }
        }
        #expect(used.contains("pet") && forms == ["", ":", "="])
        for slot in used {
            // Those that take their words from a value list only are explained with one.
            #expect(Self.header.contains("{\(slot)}") || Self.header.contains("{\(slot):"), "the slot {\(slot)} is not explained")
        }
        #expect(Self.header.contains("{slot:list}"))
        #expect(Self.header.contains("{slot=value}"))
    }
}
