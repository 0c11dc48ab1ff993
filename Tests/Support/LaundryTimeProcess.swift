import Foundation

/// Runs the built `laundrytime` binary the way a user's shell would: arguments, piped stdin,
/// a private data directory, a pinned clock and time zone.
public struct LaundryTimeProcess {
    public struct Result {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Each stdout line parsed as a JSON object.
        public var jsonLines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    /// The binary under test: the one built beside the tests — or `LAUNDRYTIME_TEST_BINARY`, to run
    /// the same tests against another build (an older one, to see a fault's test fail). With
    /// neither, `.build/debug/laundrytime` — only if it is newer than every source. Anything else
    /// stops the run with a message saying what to do, rather than testing a binary that is not
    /// there or not this code.
    public static let binary: URL = {
        if let chosen = ProcessInfo.processInfo.environment["LAUNDRYTIME_TEST_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        switch locate(built: [beside.appendingPathComponent("laundrytime"),
                              beside.deletingLastPathComponent().appendingPathComponent("laundrytime")],
                      fallback: root.appendingPathComponent(".build/debug/laundrytime"),
                      sources: root.appendingPathComponent("Sources")) {
        case .success(let url): return url
        case .failure(let problem): fatalError(problem.description)
        }
    }()

    /// Why no binary can be tested.
    public struct BinaryProblem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first of `built` that exists (SwiftPM built it with the tests, so it is this code);
    /// else `fallback` when it exists and is newer than every file under `sources`.
    public static func locate(built: [URL], fallback: URL, sources: URL) -> Swift.Result<URL, BinaryProblem> {
        let files = FileManager.default
        if let found = built.first(where: { files.isExecutableFile(atPath: $0.path) }) { return .success(found) }
        guard files.isExecutableFile(atPath: fallback.path) else {
            return .failure(BinaryProblem(description:
                "No laundrytime binary to test: none beside the tests (\(built.map(\.path).joined(separator: ", "))) "
                    + "and none at \(fallback.path). Run `swift build` first, or set LAUNDRYTIME_TEST_BINARY."))
        }
        let built = modified(fallback) ?? .distantPast
        if let newer = newestSource(under: sources), let changed = modified(newer), changed > built {
            return .failure(BinaryProblem(description:
                "\(fallback.path) is older than \(newer.path): it is not this code. Run `swift build` first, "
                    + "or set LAUNDRYTIME_TEST_BINARY to test that build on purpose."))
        }
        return .success(fallback)
    }

    private static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    private static func newestSource(under folder: URL) -> URL? {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" || $0.pathExtension == "c" || $0.pathExtension == "h" } ?? []
        return all.max { (modified($0) ?? .distantPast) < (modified($1) ?? .distantPast) }
    }

    public let dataDirectory: URL

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
        // A child that exits before reading all of its input must not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs `laundrytime --data-dir DIR ARGUMENTS` with `input` on stdin, at `now`; with a
    /// `launcher` (a program and its arguments, such as `setpriv …`), that program runs `binary`.
    /// With `standardOutput` (/dev/full, say), the child writes there, and the result's stdout is empty.
    public func run(
        _ arguments: [String] = [], input: Data = Data(), now: String? = "2026-03-01T09:00:00Z",
        environment extra: [String: String] = [:], dataDirectoryOption: Bool = true, directory: URL? = nil,
        launcher: [String] = [], binary: URL = Self.binary, standardOutput: FileHandle? = nil
    ) throws -> Result {
        let process = Process()
        let command = launcher + [binary.path] + (dataDirectoryOption ? ["--data-dir", dataDirectory.path] : []) + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": dataDirectory.path, "LANG": "C.UTF-8"]
        if let now { environment["LAUNDRYTIME_NOW"] = now }
        environment.merge(extra) { $1 }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        try process.run()
        if standardOutput != nil { try stdout.fileHandleForWriting.close() }

        // Dedicated threads, not the shared pool, which other tests' harnesses keep busy with reads
        // that block until their child ends: the child's clock runs from its start, and its script
        // must reach it at once (HarnessStarvationTests).
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        onThread(group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        onThread(group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        onThread(group) {
            if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    public func run(_ arguments: [String] = [], script: String, now: String? = "2026-03-01T09:00:00Z") throws -> Result {
        try run(arguments, input: Data(script.utf8), now: now)
    }

    /// Runs with `script` on stdin from a file, as `laundrytime < script` reads it: every line is
    /// there at the first read, so the lines a script stores together are all of them. (Through a
    /// pipe written after the start, a loaded machine may let the program read line 1 alone and
    /// store it in a group of its own.)
    public func run(_ arguments: [String] = [], scriptFile script: String, now: String? = "2026-03-01T09:00:00Z") throws -> Result {
        let file = dataDirectory.deletingLastPathComponent().appendingPathComponent("script-\(UUID().uuidString).txt")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(arguments, now: now, launcher: ["/bin/sh", "-c", "exec \"$@\" < \"$0\"", file.path])
    }
}
