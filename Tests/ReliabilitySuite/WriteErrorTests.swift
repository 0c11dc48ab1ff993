import Foundation
import LaundryTestSupport
import Testing

/// With stdout on /dev/full, `reminders status` and `remove` crashed (exit 132, a
/// `try!` inside FileHandle's `write(_:)`), and `--help`, `--version` and
/// `--generate-completion-script` said nothing and exited 0. coreutils' rule: a program that could
/// not write its answer says so on stderr and exits non-zero. Every mode is run here with its
/// stdout on /dev/full.
@Suite struct WriteErrorTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }

    enum Mode: String, CaseIterable, CustomTestStringConvertible {
        case oneShot, script, json, exportToStdout, remindersStatus, remindersRemove, remindersInstall
        case help, version, completionScript

        var testDescription: String { rawValue }

        var arguments: [String] {
            switch self {
            case .oneShot: ["/status"]
            case .script: []
            case .json: ["--json", "/status"]
            case .exportToStdout: ["export", "history"]
            case .remindersStatus: ["reminders", "status"]
            case .remindersRemove: ["reminders", "remove"]
            case .remindersInstall: ["reminders", "install"]
            case .help: ["--help"]
            case .version: ["--version"]
            case .completionScript: ["--generate-completion-script", "bash"]
            }
        }
    }

    @Test(arguments: Mode.allCases) func aFullStdoutIsAnErrorSaidOnStderr(_ mode: Mode) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let result = try LaundryTimeProcess(dataDirectory: data).run(
            mode.arguments, input: Data((mode == .script ? "/status\nhow is snowy?\n" : "").utf8),
            environment: try environment(for: mode), standardOutput: full)
        #expect(result.status == 1, "\(mode): exit status \(result.status), stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("laundrytime: ") && result.stderr.contains("No space left on device"), "\(mode): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(mode): \(result.stderr)")
    }

    /// The reminders with a crontab of the test's own (never the machine's), which takes the line:
    /// only writing the answer fails.
    func environment(for mode: Mode) throws -> [String: String] {
        guard mode.rawValue.hasPrefix("reminders") else { return [:] }
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let table = directory.url.appendingPathComponent("crontab.txt").path
        let fake = bin.appendingPathComponent("crontab").path
        try "#!/bin/sh\nif [ \"$1\" = -l ]; then cat '\(table)' 2>/dev/null; else cat > '\(table)'; fi\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        return ["LAUNDRYTIME_SCHEDULER": "cron", "PATH": bin.path + ":/usr/bin:/bin"]
    }

    /// FileHandle's `write(_:)` traps on a write error in swift-corelibs-foundation (a `try!`
    /// inside), as `try!` itself does: neither has a place in Sources. (`write(contentsOf:)` throws,
    /// `write(2)` returns its error: those are fine.)
    @Test func noSourceWritesWithATrapOnFailure() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 50)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("try!")
                || line.range(of: #"(FileHandle\.\w+|fileHandleFor\w+|\.write\(Data\()"#, options: .regularExpression) != nil
                    && line.range(of: #"\.write\((?!contentsOf:)"#, options: .regularExpression) != nil {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
