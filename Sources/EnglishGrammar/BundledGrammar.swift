/// The grammars built into the binary. `englishSource`, `englishTables`, `englishNumbers` and
/// `englishClassifier` are generated at build time from `Grammars/en.grammar` and the sentence
/// corpus by the EmbedGrammar plugin. (Package-visible, so that the tests can read the tables a
/// second time.)
package enum BundledGrammar {}
