import Foundation
import PackagePlugin

/// Turns `Grammars/en.grammar` into Swift source for the target that uses this plugin, so the
/// grammar is compiled into the binary. Rebuilt whenever the grammar file changes.
@main
struct EmbedGrammar: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "Grammars/en.grammar")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGrammar.swift")
        return [
            .buildCommand(
                displayName: "Embedding Grammars/en.grammar",
                executable: try context.tool(named: "GrammarEmbedder").url,
                arguments: [input.path, output.path],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
