/// The grammars built into the binary. `englishSource` is generated at build time from
/// `Grammars/en.grammar` by the EmbedGrammar plugin.
enum BundledGrammar {}
