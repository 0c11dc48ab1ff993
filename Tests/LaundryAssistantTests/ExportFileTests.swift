import Foundation
@testable import LaundryAssistant
import LaundryTestSupport
import Testing

/// Where an export may go: a new file, or — after asking, or with `--yes` — a
/// regular file whose permission bits let the user write it. Anything else a path can name is
/// refused in one sentence and left exactly as it was, even for root.
@Suite struct ExportFileTests {
    let fixture: AssistantFixture
    /// Where the exports go: a folder of their own beside the store, so that a test can see all
    /// that an export left there.
    let folder: URL

    init() throws {
        fixture = try AssistantFixture()
        folder = fixture.directory.url.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(fixture.assistant.respond(to: "create pet Snowy").ok)
        #expect(fixture.assistant.respond(to: "start wash for snowy").ok)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func export(to path: String, assumeYes: Bool = false) throws -> Reply {
        let assistant = assumeYes ? try fixture.makeAssistant(assumeYes: true) : fixture.assistant
        return assistant.respond(to: "export history as csv to \(path)")
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Refused both when asking and with `--yes`, in exactly `sentence`, and untouched.
    func expectRefused(_ path: String, saying sentence: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = FileIdentity(path)
        for assumeYes in [false, true] {
            let reply = try export(to: path, assumeYes: assumeYes)
            #expect(!reply.ok && reply.awaiting == nil, "\(path), --yes: \(assumeYes)", sourceLocation: sourceLocation)
            #expect(reply.text == sentence, sourceLocation: sourceLocation)
            #expect(FileIdentity(path) == before, "\(path) changed", sourceLocation: sourceLocation)
        }
    }

    func notAFile(_ path: String, _ kind: String) -> String {
        "\(path) is \(kind), not a file; LaundryTime writes exports only to regular files. Nothing was written."
    }

    // MARK: - Written

    @Test func aNewFileIsWrittenWithTheUsualModeForNewFiles() throws {
        let target = path("history.csv")
        let reply = try export(to: target)
        #expect(reply.ok && reply.text == "Wrote 1 event to \(target) (CSV).")
        #expect(contents(target)?.hasPrefix("id,pet,event,at,ends_at\r\n1,Snowy,wash_started,") == true)
        #expect(FileIdentity(target)?.isRegularFile == true)
        #expect(FileIdentity(target)?.permissions == (try SpecialFile.permissionsOfANewFile(in: folder.path)))
    }

    @Test func aRegularFileIsReplacedAfterAYesKeepingItsMode() throws {
        let target = path("kept.csv")
        try SpecialFile.regularFile(at: target, "keep me", mode: 0o640)
        let asked = try export(to: target)
        #expect(asked.awaiting == .confirmation && asked.text == "\(target) exists. Overwrite it? (yes/no)")
        #expect(contents(target) == "keep me")
        let replaced = fixture.assistant.respond(to: "yes")
        #expect(replaced.ok && replaced.text == "Wrote 1 event to \(target) (CSV).")
        #expect(contents(target)?.hasPrefix("id,pet,") == true)
        #expect(FileIdentity(target)?.isRegularFile == true && FileIdentity(target)?.permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.csv"])
    }

    @Test func withYesARegularFileIsReplacedWithoutAsking() throws {
        let target = path("kept.csv")
        try SpecialFile.regularFile(at: target, "keep me", mode: 0o600)
        let reply = try export(to: target, assumeYes: true)
        #expect(reply.ok && reply.text == "Wrote 1 event to \(target) (CSV).")
        #expect(contents(target)?.hasPrefix("id,pet,") == true)
        #expect(FileIdentity(target)?.permissions == 0o600)
    }

    @Test func aDryRunNamesTheFileAndWritesNothing() throws {
        let target = path("history.csv")
        let reply = try fixture.makeAssistant(dryRun: true).respond(to: "export history as csv to \(target)")
        #expect(reply.ok && reply.text == "Would write 1 event to \(target).")
        #expect(FileIdentity(target) == nil)
        let fifo = path("pipe")
        try SpecialFile.fifo(at: fifo)
        let refused = try fixture.makeAssistant(dryRun: true).respond(to: "export history as csv to \(fifo)")
        #expect(refused.text == notAFile(fifo, "a named pipe (FIFO)"))
    }

    // MARK: - Interrupted

    /// The export is written whole to a temporary beside the target and renamed over it: a
    /// failure at the last step leaves the old file as it was, and no temporary.
    @Test func anExportInterruptedBeforeTheRenameLeavesTheOldFile() throws {
        let target = path("kept.csv")
        try SpecialFile.regularFile(at: target, "keep me", mode: 0o640)
        let before = FileIdentity(target)
        let assistant = try fixture.makeAssistant(assumeYes: true)
        var temporaries: [String] = []
        assistant.shared.exportFile.willRename = { [self] temporary throws(ExportFile.Problem) in
            temporaries.append(temporary)
            #expect(ExportFile.folder(of: temporary) == folder.path)
            #expect(contents(temporary)?.hasPrefix("id,pet,event,at,ends_at\r\n1,Snowy,") == true)
            #expect(FileIdentity(temporary)?.permissions == 0o640)
            throw .system(EIO)
        }
        let reply = assistant.respond(to: "export history as csv to \(target)")
        #expect(!reply.ok && reply.text == "Cannot write \(target): input/output error. Nothing was written.")
        #expect(contents(target) == "keep me" && FileIdentity(target) == before)
        #expect(temporaries.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.csv"])
    }

    @Test func aNewExportInterruptedLeavesNothing() throws {
        let target = path("history.csv")
        fixture.assistant.shared.exportFile.willRename = { _ throws(ExportFile.Problem) in throw .system(ENOSPC) }
        let reply = fixture.assistant.respond(to: "export history as csv to \(target)")
        #expect(reply.text == "Cannot write \(target): no space left on device. Nothing was written.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    /// Looked at again just before the rename: what took the target's place is left alone.
    @Test func aTargetThatChangesWhileWritingIsLeftAlone() throws {
        let target = path("kept.csv"), appeared = path("new.csv")
        try SpecialFile.regularFile(at: target, "keep me")
        let assistant = try fixture.makeAssistant(assumeYes: true)
        assistant.shared.exportFile.willRename = { _ throws(ExportFile.Problem) in
            try? FileManager.default.removeItem(atPath: target)
            try? SpecialFile.symbolicLink(at: target, to: "/dev/null")
            try? SpecialFile.regularFile(at: appeared, "someone else's")
        }
        let replaced = assistant.respond(to: "export history as csv to \(target)")
        #expect(replaced.text == "\(target) changed while the export was being written, so it was left as it is; try again. Nothing was written.")
        #expect(FileIdentity(target)?.linkTarget == "/dev/null")
        try FileManager.default.removeItem(atPath: appeared)
        let created = assistant.respond(to: "export history as csv to \(appeared)")
        #expect(created.text == "\(appeared) changed while the export was being written, so it was left as it is; try again. Nothing was written.")
        #expect(contents(appeared) == "someone else's")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["kept.csv", "new.csv"])
    }

    /// The answer comes later than the question: the target is looked at again after the "yes".
    @Test func aTargetThatChangesWhileTheQuestionWaitsIsLookedAtAgain() throws {
        let target = path("kept.csv")
        try SpecialFile.regularFile(at: target, "keep me")
        #expect(try export(to: target).awaiting == .confirmation)
        try FileManager.default.removeItem(atPath: target)
        try SpecialFile.symbolicLink(at: target, to: "/dev/null")
        let answer = fixture.assistant.respond(to: "yes")
        #expect(!answer.ok && answer.text == notAFile(target, "a symbolic link"))
        #expect(FileIdentity(target)?.linkTarget == "/dev/null")
    }

    // MARK: - Refused

    @Test func aSymbolicLinkIsNotFollowed() throws {
        let file = path("real.csv"), link = path("link.csv")
        try SpecialFile.regularFile(at: file, "keep me")
        try SpecialFile.symbolicLink(at: link, to: file)
        try expectRefused(link, saying: notAFile(link, "a symbolic link"))
        #expect(contents(file) == "keep me")

        let toNull = path("null.csv"), dangling = path("dangling.csv")
        try SpecialFile.symbolicLink(at: toNull, to: "/dev/null")
        try SpecialFile.symbolicLink(at: dangling, to: path("nowhere.csv"))
        try expectRefused(toNull, saying: notAFile(toNull, "a symbolic link"))
        try expectRefused(dangling, saying: notAFile(dangling, "a symbolic link"))
        #expect(FileIdentity(path("nowhere.csv")) == nil)
    }

    @Test func aPipeOrASocketIsRefused() throws {
        let fifo = path("pipe"), socket = path("socket")
        try SpecialFile.fifo(at: fifo)
        try SpecialFile.socket(at: socket)
        try expectRefused(fifo, saying: notAFile(fifo, "a named pipe (FIFO)"))
        try expectRefused(socket, saying: notAFile(socket, "a socket"))
    }

    /// A device node made here goes first: were it replaced, the test stops before /dev/null.
    @Test func aDeviceIsRefusedAndDevNullStaysADevice() throws {
        if SpecialFile.isRoot {
            let character = path("null"), block = path("loop")
            try SpecialFile.device(at: character)
            try SpecialFile.device(at: block, block: true)
            try expectRefused(character, saying: notAFile(character, "a device"))
            try expectRefused(block, saying: notAFile(block, "a device"))
            try #require(FileIdentity(character)?.type == S_IFCHR && FileIdentity(block)?.type == S_IFBLK)
        }
        try expectRefused("/dev/null", saying: notAFile("/dev/null", "a device"))
        #expect(FileIdentity("/dev/null")?.type == S_IFCHR)
    }

    @Test func aFolderIsRefusedWithAFileNameToTry() throws {
        let target = path("exports")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try expectRefused(target, saying: "\(target) is a folder, not a file; name a file in it, e.g. “\(target)/laundry.csv”. Nothing was written.")
    }

    /// Judged by the permission bits for this user, not by access(2), which lets root write anything.
    @Test func aFileTheBitsDoNotLetUsWriteIsRefused() throws {
        let readOnly = path("read-only.csv"), othersOnly = path("others-only.csv")
        try SpecialFile.regularFile(at: readOnly, "keep me", mode: 0o444)
        // Ours: the owner's bits count, though the group and others may write.
        try SpecialFile.regularFile(at: othersOnly, "keep me", mode: 0o466)
        try expectRefused(readOnly, saying: "\(readOnly) is not writable for you (mode 0444); name another file, or make this one writable first. Nothing was written.")
        try expectRefused(othersOnly, saying: "\(othersOnly) is not writable for you (mode 0466); name another file, or make this one writable first. Nothing was written.")
        #expect(contents(readOnly) == "keep me" && contents(othersOnly) == "keep me")
    }

    @Test(.enabled(if: SpecialFile.isRoot, "needs root to give files away"))
    func filesOfOtherUsersAreJudgedByTheirGroupAndOtherBits() throws {
        let nobody: uid_t = 65_534
        let theirs = path("theirs.csv"), groupWritable = path("group.csv"), othersWritable = path("others.csv")
        try SpecialFile.regularFile(at: theirs, "keep me", mode: 0o444, owner: nobody, group: nobody)
        try SpecialFile.regularFile(at: groupWritable, "keep me", mode: 0o464, owner: nobody, group: getegid())
        try SpecialFile.regularFile(at: othersWritable, "keep me", mode: 0o446, owner: nobody, group: nobody)
        try expectRefused(theirs, saying: "\(theirs) is not writable for you (mode 0444); name another file, or make this one writable first. Nothing was written.")
        for target in [groupWritable, othersWritable] {
            let replaced = try export(to: target, assumeYes: true)
            #expect(replaced.ok && contents(target)?.hasPrefix("id,pet,") == true, "\(target): \(replaced.text)")
        }
    }

    // MARK: - Where it goes

    @Test func aMissingFolderIsNamedInOneSentence() throws {
        let target = path("missing/history.csv")
        let reply = try export(to: target)
        #expect(reply.text == "Cannot write \(target): there is no folder \(path("missing")). Nothing was written.")
        let inFile = path("notes.txt/history.csv")
        try SpecialFile.regularFile(at: path("notes.txt"), "keep me")
        let underFile = try export(to: inFile)
        #expect(underFile.text == "Cannot write \(inFile): \(path("notes.txt")) is not a folder. Nothing was written.")
    }

    @Test func aReasonFromTheSystemGetsOnePeriod() throws {
        let target = path(String(repeating: "a", count: 300) + ".csv")
        let reply = try export(to: target)
        #expect(!reply.ok && reply.text == "Cannot write \(target): file name too long. Nothing was written.")
    }
}
