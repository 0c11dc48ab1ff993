import Foundation
import PackagePlugin

/// Makes Swift of the target's `confusables.txt` (Unicode's confusable prototypes, which
/// scripts/generate-confusables writes) in the ConfusablesEmbedder tool: the data stays data in
/// the repository, and the build makes it a string literal the program carries.
@main
struct EmbedConfusables: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = target.directoryURL.appending(path: "confusables.txt")
        let output = context.pluginWorkDirectoryURL.appending(path: "ConfusablePrototypes.swift")
        return [
            .buildCommand(
                displayName: "Embedding Unicode's confusable prototypes",
                executable: try context.tool(named: "ConfusablesEmbedder").url,
                arguments: [input.path, output.path],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
