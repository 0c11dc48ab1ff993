import Foundation
import LaundryTestSupport
import Testing

/// The small ones — a `-shm` that is a directory reported as "read-only",
/// messages ending in "..", and (in ExitStatusTests) Ctrl-C in a script leaving the `-wal`.
@Suite struct SmallFaultTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    @Test func aDirectoryWhereSQLiteKeepsAFileIsNamed() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"]).status == 0)
        for suffix in ["-shm", "-wal"] {
            let path = data.appendingPathComponent("laundrytime.sqlite" + suffix)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            let result = try laundrytime.run(["/status"])
            #expect(result.status == 3)
            #expect(result.stderr.contains("\(path.path) is a directory") && !result.stderr.contains("read-only"), "\(result.stderr)")
            try FileManager.default.removeItem(at: path)
        }
    }

    /// Reasons from the system end in a full stop of their own; messages never show two.
    @Test func messagesNeverEndAReasonTwice() throws {
        let file = directory.url.appendingPathComponent("a-file")
        try Data().write(to: file)
        let cases: [[String]] = [
            ["--data-dir", "/proc/no/such/place", "/status"],
            ["--data-dir", file.appendingPathComponent("sub").path, "/status"],
        ]
        for arguments in cases {
            let result = try LaundryTimeProcess(dataDirectory: data).run(arguments, dataDirectoryOption: false)
            #expect(result.status == 3)
            #expect(!result.stderr.contains("..") && !result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
            #expect(result.stderr.contains("No such file or directory") || result.stderr.contains("Not a directory"), "\(result.stderr)")
        }
        let export = try laundrytime.run(["export", "history", "to", directory.url.appendingPathComponent("none/x.csv").path])
        #expect(export.status == 1 && !export.stdout.contains(".."), "\(export.stdout)")
    }
}
