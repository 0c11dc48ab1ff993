import LaundryGrammar

extension Grammar {
    /// The English grammar, `Grammars/en.grammar`, built into the binary.
    ///
    /// It was compiled when the binary was built (the EmbedGrammar plugin runs the same compiler,
    /// `Grammar(source:)`, and a grammar with a mistake stops the build), so that a start only
    /// reads its tables. Read on first use, once.
    public static var english: Grammar {
        get throws(GrammarError) { try englishResult.get() }
    }

    private static let englishResult = Result { () throws(GrammarError) -> Grammar in
        try Grammar(tables: BundledGrammar.englishTables, source: BundledGrammar.englishSource)
    }
}
