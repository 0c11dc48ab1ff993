import Foundation
import LaundryTestSupport
import Testing

/// The exit status tells the truth. A failed write to stdout exited 0;
/// a failing script whose reader went away exited 0; Ctrl-C in a script left the `-wal` behind.
@Suite struct ExitStatusTests {
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// `export history as csv > /dev/full`: the disk is full, the reply was not seen.
    @Test func aFullOutputIsAFailure() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash\n")
        let result = try shell("'\(LaundryTimeProcess.binary.path)' --data-dir '\(data.path)' export history as csv > /dev/full")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "\(result.stderr)")
    }

    /// A reader that goes away (`| head -1`) ends the program quietly — with the status the script
    /// had earned: 1 when a command had failed, 0 when none had.
    @Test func aClosedPipeKeepsTheStatusTheScriptEarned() throws {
        let lines = Array(repeating: "how is snowy", count: 3000).joined(separator: "\n")
        for (first, expected) in [("create pet Snowy", Int32(0)), ("start dryer for nobody", 1)] {
            let script = directory.url.appendingPathComponent("script-\(expected).txt")
            try (first + "\n" + lines + "\n").write(to: script, atomically: true, encoding: .utf8)
            let result = try shell(
                "'\(LaundryTimeProcess.binary.path)' --data-dir '\(data.path)' < '\(script.path)' | head -c 1 > /dev/null; echo ${PIPESTATUS[0]}")
            #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(expected),
                    "after “\(first)”: \(result.stdout) \(result.stderr)")
        }
    }

    /// Ctrl-C (SIGINT) in a script ends it in order, as SIGTERM does: status 130, the database closed.
    @Test func ctrlCEndsAScriptInOrder() throws {
        let child = try RunningLaundryTime(["--json"], dataDirectory: data, script: "create pet Snowy\n", keepInputOpen: true)
        let answered = child.nextLine()
        #expect(answered?.contains("\"ok\":true") == true)
        kill(child.processIdentifier, SIGINT)
        let ending = child.finish()
        #expect(!ending.killed && ending.status == 130, "\(ending)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("laundrytime.sqlite-wal").path),
                "the database was closed: no -wal left")
        #expect(try laundrytime.run(["/pets"]).stdout.contains("Snowy"))
    }

    private func shell(_ command: String) throws -> LaundryTimeProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8", "HOME": directory.url.path,
                               "LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LaundryTimeProcess.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                         stderr: String(decoding: err, as: UTF8.self))
    }
}
