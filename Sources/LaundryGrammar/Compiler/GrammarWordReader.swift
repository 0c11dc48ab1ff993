import LaundryCore

/// What the build-time tools (GrammarTraining) need of the grammar's own reading: words as the
/// matcher reads a typed line — normalised, contractions expanded — and which are the grammar's.
/// The classifier must learn from words read exactly as a line will be read when it infers, so
/// the training reads them here, through the matcher's own code, not through a copy of it.
package struct GrammarWordReader: Sendable {
    private let normalizer: Normalizer
    /// The templates' words, when asked for (``isGrammarWord(_:)``): compiling them takes time.
    private let graph: WordGraph?

    /// A reader that knows the grammar's expansions only.
    package init(document: GrammarDocument) {
        normalizer = Normalizer(document: document)
        graph = nil
    }

    /// A reader that also knows which words are the templates'.
    package init(withVocabularyOf document: GrammarDocument) throws(GrammarError) {
        normalizer = Normalizer(document: document)
        graph = try WordGraph(document: document)
    }

    /// A typed line's words, as the matcher reads them.
    package func words(of text: String) -> [String] {
        normalizer.expand(Tokenizer.tokens(of: text)).map(\.word)
    }

    /// A word of the grammar's templates, as the matcher reads it (one word may expand to several).
    package func templateWords(_ word: String) -> [String] {
        normalizer.expand([Tokenizer.normalize(word)])
    }

    /// Whether some template holds `word` (never, for a reader made without the vocabulary).
    package func isGrammarWord(_ word: String) -> Bool { (graph?.id(of: word) ?? -1) >= 0 }

    /// The fingerprint the grammar's tables carry for a text (FNV-1a).
    package static func fingerprint(of text: String) -> Int { GrammarTables.fingerprint(of: text) }
}
