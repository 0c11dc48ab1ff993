import Foundation
import PackagePlugin

/// Compiles `Grammars/en.grammar` (with LaundryGrammar's compiler, in the GrammarEmbedder tool)
/// into Swift source for the target that uses this plugin: the grammar's text and its compiled
/// tables, and the intent classifier trained on the grammar and the sentence corpus. Rebuilt
/// whenever one of those files changes; a mistake in the grammar fails the build.
@main
struct EmbedGrammar: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let grammars = context.package.directoryURL.appending(path: "Grammars")
        let input = grammars.appending(path: "en.grammar")
        let training = try Self.trainingFiles(in: grammars.appending(path: "tests"))
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGrammar.swift")
        return [
            .buildCommand(
                displayName: "Compiling Grammars/en.grammar, training the intent classifier",
                executable: try context.tool(named: "GrammarEmbedder").url,
                arguments: [input.path, output.path] + training.map(\.path),
                inputFiles: [input] + training,
                outputFiles: [output]
            )
        ]
    }

    /// What the intent classifier learns from besides the grammar: the per-intent sentence files
    /// (`<intent>.txt`) and the written training sentences (`training-*.tsv`), by name order.
    /// Never a blind corpus (`blind-*.tsv`): those measure understanding, and GrammarEmbedder
    /// refuses them too.
    static func trainingFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { ($0.hasSuffix(".txt") && !$0.hasPrefix("blind-")) || ($0.hasPrefix("training-") && $0.hasSuffix(".tsv")) }
            .sorted()
            .map { directory.appending(path: $0) }
    }
}
