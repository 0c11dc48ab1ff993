import Foundation
import GrammarTraining
import LaundryCore
@testable import LaundryGrammar
import Testing

/// The classifier learns from sentences spelled out of the templates; a template added to one
/// intent must not change what the others are learned from (with one random sequence for all
/// intents, it moved every later intent's sentences, and a line or two of every blind set).
struct TemplateSamplerTests {
    static func sentences(_ source: String) throws -> [Intent: [[String]]] {
        let document = try GrammarDocument.parse(source)
        var sampler = TemplateSampler(document: document)
        return Dictionary(uniqueKeysWithValues: document.intents.map { ($0.intent, sampler.sentences(of: $0, limit: 60)) })
    }

    @Test func aTemplateAddedToOneIntentChangesNoOtherIntentsSentences() throws {
        let source = try String(contentsOf: SentenceCorpus.directory.deletingLastPathComponent().appendingPathComponent("en.grammar"),
                                encoding: .utf8)
        let marker = "intent clear\n"
        let range = try #require(source.range(of: marker))
        // The new template goes after the block's first line, among its templates.
        let blockStart = source[range.upperBound...]
        let firstTemplate = try #require(blockStart.range(of: "\n  (")?.lowerBound ?? blockStart.range(of: "\n  /")?.lowerBound)
        var changed = source
        changed.insert(contentsOf: "\n  wipe [the] (board | slate) clean", at: firstTemplate)
        let before = try Self.sentences(source), after = try Self.sentences(changed)
        #expect(before[.clear] != after[.clear], "the template is in")
        for (intent, sentences) in before where intent != .clear {
            #expect(after[intent] == sentences, "\(intent)'s sentences moved")
        }
    }
}
