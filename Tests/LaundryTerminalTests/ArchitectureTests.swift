import Foundation
import Testing

/// DESIGN.md's layering: each module imports only the ones below it.
@Suite struct ArchitectureTests {
    static let allowed: [String: Set<String>] = [
        "LaundryCore": ["Foundation"],
        "LaundryStore": ["Foundation", "LaundryCore", "GRDB", "CStoreShim"],
        "LaundryGrammar": ["Foundation", "LaundryCore"],
        "EnglishGrammar": ["LaundryGrammar"],
        "LaundryAssistant": ["Foundation", "LaundryCore", "LaundryStore", "LaundryGrammar"],
        "LaundryTerminal": ["Foundation", "LaundryAssistant", "CLibEdit"],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func noModuleImportsOneAboveIt() throws {
        for (module, allowed) in Self.allowed {
            let folder = Self.sources.appendingPathComponent(module)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(module) has sources")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                    let imported = String(line.split(separator: " ").last ?? "")
                    #expect(allowed.contains(imported), "\(module)/\(file) imports \(imported)")
                }
            }
        }
    }
}
