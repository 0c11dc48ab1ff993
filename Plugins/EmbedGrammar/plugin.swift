import Foundation
import PackagePlugin

/// Compiles `Grammars/en.grammar` (with LaundryGrammar's compiler, in the GrammarEmbedder tool)
/// into Swift source for the target that uses this plugin: the grammar's text and its compiled
/// tables. Rebuilt whenever the grammar file changes; a mistake in the grammar fails the build.
@main
struct EmbedGrammar: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "Grammars/en.grammar")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGrammar.swift")
        return [
            .buildCommand(
                displayName: "Compiling Grammars/en.grammar",
                executable: try context.tool(named: "GrammarEmbedder").url,
                arguments: [input.path, output.path],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
