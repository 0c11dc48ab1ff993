import Foundation
import Testing

/// The grammar file is where every word of English the program reads lives (its `words` lines):
/// the grammar engine and the assistant name no list of such words. This finds one written back
/// into their Swift: a collection literal of two or more strings that are words of the grammar's
/// `words` lines ("it", "her"; "first", "second"). (A reply sentence is no list, and a list of
/// other words — file extensions, column names — names no word the grammar reads.)
@Suite struct EnglishWordListTests {
    static let grammar = ArchitectureTests.sources.deletingLastPathComponent().appendingPathComponent("Grammars/en.grammar")

    /// The words of the grammar's `words` lines, their continuation lines included.
    static func roleWords() throws -> Set<String> {
        var statements: [String] = []
        for line in try String(contentsOf: grammar, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" "), let last = statements.last, last.hasPrefix("words ") {
                statements[statements.count - 1] = last + " " + line.trimmingCharacters(in: .whitespaces)
            } else if !line.hasPrefix(" ") {
                statements.append(String(line))
            }
        }
        return Set(statements.filter { $0.hasPrefix("words ") }.flatMap { statement in
            statement.split(separator: "=", maxSplits: 1).last!.split(whereSeparator: { $0 == "|" || $0 == " " })
                .map { String($0.split(separator: ":")[0]) }
        })
    }

    /// The collection literals of `code` (comments left out) of which two or more, and most, are of
    /// `words`: an array or set (`["it", "her"]`), the keys of a dictionary (`["sunday": 1, "monday": 2]`).
    static func wordLists(in code: String, of words: Set<String>) -> [[String]] {
        let code = code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
        }.joined(separator: "\n")
        let literal = try! NSRegularExpression(
            pattern: #"\[\s*("[^"\\\n]*"\s*(:\s*[^,\]"\n]+)?,\s*)+"[^"\\\n]*"\s*(:\s*[^,\]"\n]+)?,?\s*\]"#)
        let element = try! NSRegularExpression(pattern: #""([^"\\\n]*)""#)
        return literal.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            let list = (code as NSString).substring(with: match.range)
            let elements = element.matches(in: list, range: NSRange(list.startIndex..., in: list)).map {
                (list as NSString).substring(with: $0.range(at: 1))
            }
            // Most of them: a list of other things may hold a word or two of the grammar's (the
            // columns "id", "pet", "event", "at").
            let held = elements.filter(words.contains).count
            return held >= 2 && 2 * held > elements.count ? elements : nil
        }
    }

    @Test func theEngineAndTheAssistantNameNoListOfTheGrammarsWords() throws {
        let words = try Self.roleWords()
        #expect(words.isSuperset(of: ["it", "her", "first", "called", "them"]), "the grammar's words lines were read")
        for module in ["LaundryGrammar", "LaundryAssistant"] {
            let folder = ArchitectureTests.sources.appendingPathComponent(module)
            for file in ArchitectureTests.swiftFiles(in: folder) {
                let code = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(Self.wordLists(in: code, of: words).isEmpty, "\(module)/\(file) lists words of the grammar's: \(Self.wordLists(in: code, of: words))")
            }
        }
    }

    /// The check finds such a list, over lines too, and passes a sentence or other words by.
    @Test func aListOfTheGrammarsWordsIsFound() {
        let words: Set = ["it", "her", "him", "them"]
        #expect(Self.wordLists(in: #"static let pronouns: FewWords = ["it", "her",\n "him"]"#.replacingOccurrences(of: "\\n", with: "\n"), of: words)
            == [["it", "her", "him"]])
        #expect(Self.wordLists(in: #"reply("Pause \(name) until you resume it")"#, of: words).isEmpty)
        #expect(Self.wordLists(in: #"["txt", "text"].contains(ext)"#, of: words).isEmpty)
        #expect(Self.wordLists(in: #"["id", "it", "event", "her"].joined()"#, of: words).isEmpty)
        #expect(Self.wordLists(in: #"// ["it", "her"] in a comment"#, of: words).isEmpty)
    }

    /// The words of numbers, times and days are the grammar's too, and a dictionary of them is a
    /// list: the slot parsers' old table of weekdays is found.
    @Test func aTableOfTheGrammarsWordsIsFound() throws {
        let words = try Self.roleWords()
        #expect(words.isSuperset(of: ["monday", "minutes", "fortnight", "tomorrow", "yesterday", "noon", "twenty"]))
        let weekdays = #"""
            static let weekdays: [String: Int] = [
                "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3,
            ]
            """#
        #expect(Self.wordLists(in: weekdays, of: words) == [["sunday", "sun", "monday", "mon", "tuesday"]])
        #expect(Self.wordLists(in: #"let units = ["m": 1, "min": 1]"#, of: words) == [["m", "min"]])
        #expect(Self.wordLists(in: #"let shape = ["x": 1, "y": 2]"#, of: words).isEmpty)
    }
}
