import Foundation
import LaundryTestSupport
import Testing

/// The README's examples are what the program answers: each console block that pipes a script
/// into a fresh `laundrytime` is run at the README's stated time (2026-03-01 09:00 UTC) and its
/// output compared with the block, line for line.
@Suite struct ReadmeExampleTests {
    struct Example: CustomTestStringConvertible {
        let script: String
        let output: String
        var testDescription: String { script.split(separator: "\n").first.map(String.init) ?? "" }
    }

    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// Console blocks of one command, `$ printf '…' | laundrytime`, and the output under it.
    static var examples: [Example] {
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "```console\n").dropFirst().compactMap { block -> Example? in
            let body = block.components(separatedBy: "\n```")[0]
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            guard let command = lines.first, lines.dropFirst().allSatisfy({ !$0.hasPrefix("$ ") }),
                  command.hasPrefix("$ printf '"), command.hasSuffix("' | laundrytime") else { return nil }
            let quoted = command.dropFirst("$ printf '".count).dropLast("' | laundrytime".count)
            return Example(script: quoted.replacingOccurrences(of: "\\n", with: "\n"),
                           output: lines.dropFirst().joined(separator: "\n"))
        }
    }

    @Test func theReadmeHasScriptExamples() {
        #expect(Self.examples.count >= 2, "the README's piped-script examples are found")
    }

    @Test(arguments: examples) func aScriptExampleIsWhatTheProgramPrints(_ example: Example) throws {
        let directory = TemporaryDirectory()
        let result = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
            .run(script: example.script, now: "2026-03-01T09:00:00Z")
        let printed = result.stdout.trimmingCharacters(in: .newlines)
        #expect(printed == example.output.trimmingCharacters(in: .newlines), "README says:\n\(example.output)\n\nprinted:\n\(printed)")
    }
}
