import Foundation
import LaundryTestSupport
import Testing

/// `laundrytime --yes export history to TARGET` for every kind of thing a path can name: only a
/// new file, or a regular file the permission bits let the user write, is written;
/// everything else is refused with exit status 1 and stays exactly as it was — its type, inode and
/// mode — even for root, to whom access(2) would say yes.
@Suite struct ExportTargetTests {
    enum Target: String, CaseIterable, CustomTestStringConvertible {
        case newFile, regularFile, symbolicLinkToFile, symbolicLinkToDevNull, danglingSymbolicLink, namedPipe, socket
        case characterDevice, blockDevice, devNull, folder, readOnlyFile, readOnlyFileOfAnotherUser, missingFolder

        var testDescription: String { rawValue }

        /// Written; every other target is refused.
        var isWritten: Bool { self == .newFile || self == .regularFile }

        /// Making device nodes and giving files away take root.
        var needsRoot: Bool { self == .characterDevice || self == .blockDevice || self == .readOnlyFileOfAnotherUser }

        static var runnable: [Target] { allCases.filter { !$0.needsRoot || SpecialFile.isRoot } }

        /// Makes the target in `folder` and gives its path.
        func make(in folder: String) throws -> String {
            let path = folder + "/target.csv"
            switch self {
            case .newFile: break
            case .regularFile: try SpecialFile.regularFile(at: path, "keep me", mode: 0o640)
            case .symbolicLinkToFile:
                try SpecialFile.regularFile(at: folder + "/real.csv", "keep me")
                try SpecialFile.symbolicLink(at: path, to: folder + "/real.csv")
            case .symbolicLinkToDevNull: try SpecialFile.symbolicLink(at: path, to: "/dev/null")
            case .danglingSymbolicLink: try SpecialFile.symbolicLink(at: path, to: folder + "/nowhere.csv")
            case .namedPipe: try SpecialFile.fifo(at: path)
            case .socket: try SpecialFile.socket(at: path)
            case .characterDevice: try SpecialFile.device(at: path)
            case .blockDevice: try SpecialFile.device(at: path, block: true)
            case .devNull: return "/dev/null"
            case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .readOnlyFile: try SpecialFile.regularFile(at: path, "keep me", mode: 0o444)
            case .readOnlyFileOfAnotherUser:
                try SpecialFile.regularFile(at: path, "keep me", mode: 0o444, owner: 65_534, group: 65_534)
            case .missingFolder: return folder + "/missing/target.csv"
            }
            return path
        }
    }

    @Test(arguments: Target.runnable) func exportTo(_ target: Target) throws {
        // /dev/null goes last in its own test: a device made here must be refused first, so that a
        // program that would replace a device stops at one that is not the system's.
        if target == .devNull && SpecialFile.isRoot { try expectRefused(.characterDevice) }
        if target.isWritten { try expectWritten(target) } else { try expectRefused(target) }
    }

    private func expectWritten(_ target: Target) throws {
        let directory = TemporaryDirectory()
        let folder = try makeFolder(in: directory)
        let path = try target.make(in: folder)
        let before = FileIdentity(path)
        let newFilePermissions = try SpecialFile.permissionsOfANewFile(in: folder)
        let result = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
            .run(["--yes", "export", "history", "to", path])
        #expect(result.status == 0 && result.stdout == "Wrote 0 events to \(path) (CSV).\n", "\(result.stdout)\(result.stderr)")
        let after = try #require(FileIdentity(path))
        #expect(after.isRegularFile)
        #expect(after.permissions == before?.permissions ?? newFilePermissions)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,pet,event,at,ends_at\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") } == [])
    }

    private func expectRefused(_ target: Target, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = TemporaryDirectory()
        let folder = try makeFolder(in: directory)
        let path = try target.make(in: folder)
        let before = FileIdentity(path), entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        let result = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
            .run(["--yes", "export", "history", "to", path])
        #expect(result.status == 1, "\(target): \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasSuffix(" Nothing was written.\n") && !result.stdout.contains(".."),
                "\(target): \(result.stdout)", sourceLocation: sourceLocation)
        try #require(FileIdentity(path) == before, "\(target) changed", sourceLocation: sourceLocation)
        if target == .symbolicLinkToFile || target == .readOnlyFile || target == .readOnlyFileOfAnotherUser {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me", sourceLocation: sourceLocation)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == entries, sourceLocation: sourceLocation)
    }

    private func makeFolder(in directory: TemporaryDirectory) throws -> String {
        let folder = directory.url.appendingPathComponent("exports").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }
}
