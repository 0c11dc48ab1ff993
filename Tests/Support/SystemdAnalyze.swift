import Foundation

/// `systemd-analyze verify`, which reads unit files as systemd would (Debian's systemd package
/// installs it; a machine without it skips the tests that need it).
public enum SystemdAnalyze {
    public static let path = "/usr/bin/systemd-analyze"
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Verifies `units`: its exit status and everything it said.
    public static func verify(_ units: [URL]) throws -> (status: Int32, said: String) {
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: path)
        verify.arguments = ["verify"] + units.map(\.path)
        let said = Pipe()
        verify.standardOutput = said
        verify.standardError = said
        try verify.run()
        let text = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        return (verify.terminationStatus, text)
    }
}
