import Foundation
import Testing

/// The layering of docs/ARCHITECTURE.md: each module imports only the ones below it.
///
/// The compiler keeps most of this (MemberImportVisibility; the assistant imports the store
/// `internal`, and of the grammar makes public only the slots a reply carries, so nothing else
/// of theirs reaches the terminal through it). What it does
/// not stop is a module importing one it does not depend on directly but that is built anyway
/// (SwiftPM's `--explicit-target-dependency-import-check` let `import LaundryStore` in
/// LaundryTerminal through, tried with 6.3.1): these lines do.
@Suite struct ArchitectureTests {
    static let allowed: [String: Set<String>] = [
        // (Synchronization, the toolchain's, for values made on first use: ``Lazy``, ``LazyObject``.)
        "LaundryCore": ["Foundation", "Synchronization"],
        "LaundryPlatform": ["Foundation"],
        "LaundryConfusables": ["Foundation", "Synchronization"],
        "LaundryStore": ["Foundation", "Synchronization", "LaundryCore", "LaundryPlatform", "GRDB", "CStoreShim"],
        // The PostgreSQL store: beside SQLite's, on the store's own seam (StoreConnection), through
        // libpq.
        "LaundryPostgres": ["Foundation", "LaundryCore", "LaundryStore", "GRDB", "CLibpq"],
        // (Synchronization, the toolchain's, for the matcher's work counter.)
        "LaundryGrammar": ["Foundation", "Synchronization", "LaundryCore"],
        "EnglishGrammar": ["LaundryGrammar"],
        // Build-time only (the classifier's training): for GrammarEmbedder and the tests.
        "GrammarTraining": ["Foundation", "LaundryCore", "LaundryGrammar"],
        "LaundryAssistant": ["Foundation", "LaundryCore", "LaundryPlatform", "LaundryConfusables", "LaundryStore", "LaundryGrammar", "SystemPackage"],
        // (LaundryGrammar for the typed slot values a reply carries, which the JSON renderer spells.)
        "LaundryTerminal": ["Foundation", "Synchronization", "LaundryCore", "LaundryPlatform", "LaundryGrammar", "LaundryAssistant", "CLibEdit"],
        // `laundrytime mcp`: a front end beside the terminal, drawing its JSON with the terminal's.
        "LaundryMCP": ["Foundation", "Dispatch", "LaundryCore", "LaundryAssistant", "LaundryTerminal", "MCP"],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func noModuleImportsOneAboveIt() throws {
        for (module, allowed) in Self.allowed {
            let folder = Self.sources.appendingPathComponent(module)
            let files = Self.swiftFiles(in: folder)
            #expect(!files.isEmpty, "\(module) has sources")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let imported = Self.importedModule(line) else { continue }
                    #expect(allowed.contains(imported), "\(module)/\(file) imports \(imported)")
                }
            }
        }
    }

    /// The front ends reach the conversation through its protocol alone (``Conversation``, six
    /// members): the terminal never names the assistant's type, and the executable only makes
    /// one. Nothing is re-exported: a module that names another's types imports it.
    @Test func theFrontEndsSeeTheConversationOnly() throws {
        for module in ["LaundryTerminal", "LaundryMCP", "laundrytime"] {
            let folder = Self.sources.appendingPathComponent(module)
            for file in Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                let named = code.filter { $0.replacingOccurrences(of: "LaundryAssistant", with: "").contains("Assistant") }
                if module == "laundrytime" {
                    #expect(named.allSatisfy { $0.contains("Assistant(") }, "\(module)/\(file) uses the assistant beyond making it: \(named)")
                } else {
                    #expect(named.isEmpty, "\(module)/\(file) names the assistant: \(named)")
                }
            }
        }
        let protocolFile = Self.sources.appendingPathComponent("LaundryAssistant/Conversation/Conversation.swift")
        let text = try String(contentsOf: protocolFile, encoding: .utf8)
        let body = try #require(text.range(of: "public protocol Conversation").map { text[$0.upperBound...] }?.prefix { $0 != "}" })
        let members = body.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("func ") }
        #expect(members.count <= 6, "\(members)")
        for module in Self.allowed.keys {
            let folder = Self.sources.appendingPathComponent(module)
            for file in Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("@_exported"), "\(module)/\(file) re-exports a module")
            }
        }
    }

    /// The Swift files of a module's folder and its subfolders, as paths under it.
    static func swiftFiles(in folder: URL) -> [String] {
        let walk = FileManager.default.enumerator(atPath: folder.path)
        return (walk?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The module an import line names, whatever its attributes, access level or kind:
    /// `@_exported import struct LaundryCore.AppSettings` imports LaundryCore.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") || ["internal", "package", "public", "fileprivate", "private"].contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if words.count == 2 { words = words.dropFirst() }  // struct, enum, class, func, …
        return words.first.map { String($0.split(separator: ".")[0]) }
    }

    @Test func importLinesAreReadWhateverTheirForm() {
        #expect(Self.importedModule("import Foundation") == "Foundation")
        #expect(Self.importedModule("internal import LaundryStore") == "LaundryStore")
        #expect(Self.importedModule("@testable import LaundryGrammar") == "LaundryGrammar")
        #expect(Self.importedModule("@_exported import struct LaundryCore.AppSettings") == "LaundryCore")
        #expect(Self.importedModule("let important = 1") == nil)
    }
}
