#if MCP
import Foundation
import LaundryTestSupport
import Testing

/// `laundrytime mcp` against a real client: the official MCP Python SDK, installed by
/// scripts/install-deps into .venv-mcp, drives the built binary (Tests/MCPClients/mcp_clients.py
/// says what it checks). Skipped, saying so, only on a machine without that environment and
/// outside CI; in CI a missing one fails.
@Suite struct MCPClientTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".venv-mcp/bin/python")
    static let available = FileManager.default.isExecutableFile(atPath: python.path)
        || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: available, "no .venv-mcp with the MCP Python SDK: run scripts/install-deps"))
    func thePythonSDKDrivesTheServer() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python.path),
                     "CI needs .venv-mcp/bin/python, with the MCP Python SDK: scripts/install-deps makes it")
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Self.repository.appendingPathComponent("Tests/MCPClients/mcp_clients.py").path, LaundryTimeProcess.binary.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(said.contains(" checks passed") && !said.contains("✘"), "\(said)")
    }
}
#endif
