import Foundation
@testable import LaundryAssistant
import LaundryTestSupport
import Testing

/// Three one-line crashes (exit 132) that fuzzing hit in over half its batches — an export to a
/// one-character path that does not exist (`export x`, `export a/`, `export é`: NSString's
/// `deletingLastPathComponent`), `export //é` (NSString's `pathExtension`), and a transcript search
/// for more than the 60 characters an excerpt shows, which also took back the batch's earlier
/// commands. Then the property: no path and no query, however odd, stops the program.
@Suite struct PathCrashTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// The fuzzer's paths, typed in a folder of the test's own (they are relative), for real and in
    /// a dry run: each is written, or refused in a sentence — never a crash.
    @Test(arguments: ["x", "a/", "é", "DIR//é"])
    func anExportToAShortPathEndsInASentence(_ typed: String) throws {
        let folder = directory.url.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = typed.replacingOccurrences(of: "DIR", with: folder.path)
        for dryRun in [true, false] {
            let result = try laundrytime.run((dryRun ? ["--dry-run"] : []) + ["export", path], directory: folder)
            #expect(result.status == 0 || result.status == 1, "\(path), dry run \(dryRun): \(result.status) \(result.stderr)")
            #expect(result.stdout.hasSuffix(".\n") && !result.stdout.contains(".."), "\(result.stdout)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        switch typed {
        case "a/":
            // A path ending in "/" names a folder: nothing is written, not even beside it.
            #expect(written.isEmpty, "\(written)")
            let result = try laundrytime.run(["export", path], directory: folder)
            #expect(result.status == 1 && result.stdout.contains("names a folder"), "\(result.stdout)")
        default:
            #expect(written == [typed == "DIR//é" ? "é" : typed], "\(written)")
        }
    }

    /// `export //é` names a file at the root: only its dry run is tried here (the tests may run as
    /// root, and would write there).
    @Test func anExportToADoubleSlashAtTheRootIsDryRun() throws {
        let result = try laundrytime.run(["--dry-run", "export", "//é"])
        #expect(result.status == 0 || result.status == 1, "\(result.status) \(result.stderr)")
        #expect(result.stdout.hasSuffix(".\n"), "\(result.stdout)")
    }

    /// The search found a message with the whole long query in it, and the excerpt's window could
    /// not hold it: the crash took back the script's earlier command (its pet) too.
    @Test func aSearchForMoreThanAnExcerptShowsIsAnswered() throws {
        let query = "the quick brown fox jumps over the lazy dog and keeps on running far away"
        #expect(query.count > RecordHandlers.excerptLength)
        let script = "create pet Snowy\nhello \(query) and more words after it here\n/transcript search \(query)\n"
        let result = try laundrytime.run(["--json"], script: script)
        let replies = result.jsonLines
        #expect(result.status == 1 && replies.count == 3, "\(result.status) \(result.stderr)")  // "hello …" is not understood
        let found = replies.last?["text"] as? String ?? ""
        #expect(found.hasPrefix("Messages with “\(query)”:") && found.contains("quick brown"), "\(found)")
        let pets = try laundrytime.run(["/pets"])
        #expect(pets.stdout.hasPrefix("You have 1 pet"), "\(pets.stdout)")
    }

    // MARK: - The property

    /// What fuzzers and people type where a path goes: the empty path, the root, dots, one
    /// character, non-ASCII, marks with nothing to sit on, trailing slashes, control characters
    /// (not NUL: no line holds one), and very long ones.
    static let pathPieces = [
        "", "/", "//", "///", ".", "..", "./", "../", "a", "x", "é", "e\u{301}", "\u{301}", "/\u{301}", "é/", "a/", "ß",
        "🐑", "👨‍👩‍👧", "雪", ".csv", ".json", "x.md", "x.CSV", "h.json/", "~", "~/", "-", " ", "\u{1}", "\u{7F}", "\u{85}",
        "\u{202E}", "\u{200D}", "\u{FEFF}", "\\", ":", "%", "*", "?", "'", "\"", String(repeating: "a", count: 300),
        String(repeating: "é/", count: 40), String(repeating: "/", count: 100),
    ]

    /// Fixed paths first (the fuzzer's among them), then random joins of the pieces.
    static func oddPaths(count: Int) -> [String] {
        var random = SplitMix64(seed: 32)
        let fixed = pathPieces + ["x", "a/", "é", "//é", "/tmp//é", "a//é", "//", "/.", "/..", "a/.", "a/..", "é/x.csv"]
        return fixed + (0..<count).map { _ in
            (0..<Int(1 + random.next() % 5)).map { _ in pathPieces[Int(random.next() % UInt64(pathPieces.count))] }.joined()
        }
    }

    @Test func noPathStopsTheExportPathCode() {
        let file = ExportFile()
        var outcomes: [String: Int] = [:]
        for path in Self.oddPaths(count: 3_000) {
            _ = ExportFile.folder(of: path)
            _ = RecordHandlers.format(ofFileNamed: path)
            // Only looked at (lstat, stat), never written: relative paths are the test runner's.
            let outcome: String
            do {
                outcome = "\(try file.target(at: path))"
            } catch {
                outcome = "\(error)".prefix { $0 != "(" }.description
            }
            outcomes[outcome, default: 0] += 1
        }
        // The paths reached the checks rather than stopping short of them: new files and refusals both.
        #expect(outcomes["new", default: 0] > 0 && outcomes["namesAFolder", default: 0] > 0, "\(outcomes)")
    }

    /// The whole way through the assistant, in a dry run: the grammar reads the path, the export
    /// looks at it and says what it would write, or why not.
    @Test func noPathStopsADryRunExport() throws {
        let fixture = try AssistantFixture()
        #expect(fixture.say("create pet Snowy").ok)
        let conversation = fixture.makeDryRunConversation()
        for path in Self.oddPaths(count: 300) where !path.contains(where: \.isWhitespace) {
            let reply = conversation.respond(to: "export history to \(path)")
            #expect(!reply.text.isEmpty, "\(path)")
        }
    }

    @Test func noQueryStopsTheSearchExcerpt() {
        var random = SplitMix64(seed: 60)
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "ß", "SS", "İ", "i", "🐑", "👨‍👩‍👧", " ", "  ", "fox", "FOX", "\n", "雪", "ﬀ", "ff"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<3_000 {
            let line = text(Int(random.next() % 120))
            // A query taken from the line (so it is found), of any length, or one made up.
            let query: String
            if random.next() % 4 == 0 || line.isEmpty {
                query = text(Int(1 + random.next() % 90))
            } else {
                let start = Int(random.next() % UInt64(line.count))
                let length = Int(1 + random.next() % UInt64(line.count - start))
                query = String(line.dropFirst(start).prefix(length))
            }
            let excerpt = RecordHandlers.excerpt(of: line, around: query)
            #expect(excerpt.count <= max(line.count, RecordHandlers.excerptLength + 2), "\(line.debugDescription) / \(query.debugDescription)")
        }
    }
}
