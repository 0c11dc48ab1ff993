import Foundation
import LaundryTestSupport
import Testing

/// The helper that finds the binary under test says so when it cannot, instead of testing a
/// binary that is missing or built from other sources.
@Suite struct BinaryLocationTests {
    let folder = TemporaryDirectory()

    /// An executable file at `name`, last modified at `date`.
    func executable(_ name: String, modified date: Date) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        return url
    }

    var sources: URL { folder.url.appendingPathComponent("Sources") }

    @Test func theBinaryBuiltWithTheTestsIsTakenWhateverItsAge() throws {
        _ = try executable("Sources/A/main.swift", modified: Date())
        let built = try executable("debug/laundrytime", modified: Date(timeIntervalSinceNow: -3600))
        let found = try LaundryTimeProcess.locate(built: [built], fallback: folder.url.appendingPathComponent("none"), sources: sources).get()
        #expect(found == built)
    }

    @Test func noBinaryAnywhereIsSaidWithTheWayOut() throws {
        let result = LaundryTimeProcess.locate(built: [folder.url.appendingPathComponent("a/laundrytime")],
                                               fallback: folder.url.appendingPathComponent("b/laundrytime"), sources: sources)
        guard case .failure(let problem) = result else { Issue.record("found \(result)"); return }
        #expect(problem.description.contains("Run `swift build` first"), "\(problem)")
    }

    @Test func aFallbackOlderThanTheSourcesIsRefused() throws {
        let fallback = try executable(".build/debug/laundrytime", modified: Date(timeIntervalSinceNow: -3600))
        _ = try executable("Sources/A/main.swift", modified: Date(timeIntervalSinceNow: -7200))
        #expect((try? LaundryTimeProcess.locate(built: [], fallback: fallback, sources: sources).get()) == fallback,
                "newer than every source: taken")
        let changed = try executable("Sources/B/Changed.swift", modified: Date())
        let result = LaundryTimeProcess.locate(built: [], fallback: fallback, sources: sources)
        guard case .failure(let problem) = result else { Issue.record("took a stale binary"); return }
        #expect(problem.description.contains(changed.lastPathComponent), "\(problem)")
    }
}
