/// The grammars built into the binary. `englishSource` and `englishTables` are generated at build
/// time from `Grammars/en.grammar` by the EmbedGrammar plugin.
enum BundledGrammar {}
