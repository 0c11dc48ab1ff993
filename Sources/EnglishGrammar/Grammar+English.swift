import LaundryGrammar

extension Grammar {
    /// The English grammar, `Grammars/en.grammar`, built into the binary.
    ///
    /// It was compiled when the binary was built (the EmbedGrammar plugin runs the same compiler,
    /// `Grammar(source:)`, and a grammar with a mistake stops the build), so that a start only
    /// reads its tables. Read on first use, once. Its intent classifier was trained then too, and
    /// is read on the first line no template fits.
    public static var english: Grammar {
        get throws(GrammarError) { try englishResult.get() }
    }

    private static let englishResult = Result { () throws(GrammarError) -> Grammar in try readEnglish() }

    /// The English grammar read anew from the tables built into the binary, its intent classifier
    /// not yet read: for measuring what a start and a first fallback cost (Benchmarks/). The
    /// program uses ``english``, read once.
    public static func readEnglish() throws(GrammarError) -> Grammar {
        try Grammar(tables: BundledGrammar.englishTables, numbers: BundledGrammar.englishNumbers, source: BundledGrammar.englishSource,
                    classifier: BundledGrammar.englishClassifier)
    }
}
