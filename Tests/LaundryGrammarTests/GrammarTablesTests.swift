import EnglishGrammar
import Foundation
import LaundryGrammar
import Testing

/// The compiled tables the binary starts from (`Grammar.tables(source:)`, read back by
/// `Grammar(tables:source:)`) must be the grammar file, exactly: same matches, same help, same
/// suggestions.
@Suite struct GrammarTablesTests {
    static let source = (try? String(
        contentsOf: SentenceCorpus.directory.deletingLastPathComponent().appendingPathComponent("en.grammar"),
        encoding: .utf8)) ?? ""
    static let pets = PetNameIndex(names: ["Snowy", "Fluffy", "Mr. Fluff"])

    @Test func tablesReadBackToTheGrammarTheyWereWrittenFrom() throws {
        let compiled = try Grammar(source: Self.source)
        let tables = compiled.tables(source: Self.source)
        let read = try Grammar(tables: tables, source: Self.source)

        // Writing is a function of the graph and the help texts: equal bytes, equal grammars.
        #expect(read.tables(source: Self.source) == tables)
        #expect(read.intents == compiled.intents)
        #expect(read.completionWords == compiled.completionWords)
        #expect(read.nextWords(after: "", pets: []) == compiled.nextWords(after: "", pets: []))
        for sentence in SentenceCorpus.load() {
            #expect(read.match(sentence.text, pets: Self.pets) == compiled.match(sentence.text, pets: Self.pets), "\(sentence.location)")
        }
        for line in ["please do not stop buddy's dryer", "that isn't right", "not sure, maybe", "if you can, start it"] {
            #expect(read.cues(in: line) == compiled.cues(in: line), "\(line)")
            #expect(!compiled.cues(in: line).isEmpty, "\(line)")
        }
        for line in ["srt wash for snowy", "how is fluffy", "set dry time", "banana", "helo", "snowy drier 40 mins",
                     "apperance dark pls", "exprot the histroy as csv", "turn of sond"] {
            let pets = PetNameIndex(names: ["Snowy"])
            #expect(read.interpret(line, pets: pets).guesses.map(\.sentence) == compiled.interpret(line, pets: pets).guesses.map(\.sentence),
                    "\(line)")
        }
    }

    /// The plugin compiled the file at build time; compiling it now gives the same tables (a
    /// stale build, or a plugin that wrote something else, would not).
    @Test func theBuiltInGrammarIsGrammarsEnGrammar() throws {
        #expect(!Self.source.isEmpty)
        #expect(try Grammar.english.tables(source: Self.source) == Grammar(source: Self.source).tables(source: Self.source))
    }

    /// A start reads the tables built in without checking them again: they were checked here.
    /// Read with every check, they hold no index out of range, are the built-in text's, and read
    /// back to themselves.
    @Test func theBuiltInTablesPassEveryCheck() throws {
        let text = BundledGrammar.englishTables.withUTF8Buffer { Array($0) }
        let tables = Grammar.CompiledTables(text: text, numbers: BundledGrammar.englishNumbers)
        let read = try Grammar(tables: tables, source: BundledGrammar.englishSource)
        #expect(read.tables(source: BundledGrammar.englishSource) == tables)
        #expect(try Grammar.english.tables(source: BundledGrammar.englishSource) == tables)
    }

    @Test func tablesOfAnotherTextAreRefused() throws {
        let tables = try Grammar(source: Self.source).tables(source: Self.source)
        let edited = Self.source.replacingOccurrences(of: "start wash", with: "begin wash")
        #expect(throws: GrammarError.self) { try Grammar(tables: tables, source: edited) }
    }

    /// Tables cut short anywhere, in either part, or with bytes or numbers added, are an error
    /// with a message — never a crash and never a grammar with a piece missing.
    @Test func damagedTablesAreRefused() throws {
        let tables = try Grammar(source: Self.source).tables(source: Self.source)
        let (text, numbers) = (tables.text, tables.numbers)
        func refuses(_ damaged: Grammar.CompiledTables, _ what: String) {
            do {
                _ = try Grammar(tables: damaged, source: Self.source)
                Issue.record("\(what) were accepted")
            } catch {
                #expect(error.message.hasPrefix("the compiled grammar tables are damaged"), "\(what): \(error.message)")
            }
        }
        for cut in Array(stride(from: 0, to: text.count, by: 211)) + Array(text.count - 40..<text.count) {
            refuses(Grammar.CompiledTables(text: Array(text.prefix(cut)), numbers: numbers), "tables cut at byte \(cut) of \(text.count)")
        }
        for cut in Array(stride(from: 0, to: numbers.count, by: 97)) + Array(numbers.count - 40..<numbers.count) {
            refuses(Grammar.CompiledTables(text: text, numbers: Array(numbers.prefix(cut))), "tables cut at number \(cut) of \(numbers.count)")
        }
        refuses(Grammar.CompiledTables(text: text + [0], numbers: numbers), "tables with a byte more")
        refuses(Grammar.CompiledTables(text: text, numbers: numbers + [0]), "tables with a number more")
        refuses(Grammar.CompiledTables(text: Array("not tables".utf8), numbers: numbers), "text that is no tables")
    }
}
