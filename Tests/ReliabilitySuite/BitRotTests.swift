import Foundation
import LaundryTestSupport
import Testing

/// Damage that keeps the file's size, modification time and inode — a disk's
/// bit rot, or a program that restores the time it found — leaves LaundryTime's seal intact. The
/// whole-file check was skipped for a sealed store checked in the last day, and 21 of 22 such
/// overwrites of a 123-page store were written into (exit 0). A small store is checked whole at
/// every start now, seal or not.
@Suite struct BitRotTests {
    let directory = TemporaryDirectory()

    /// 30 random overwrites of a sealed store of about 120 pages, each in place (same inode and
    /// size) with the modification time put back: every one that SQLite's own `integrity_check`
    /// calls damage is refused before a write — exit 3, the path — and the file is not written to.
    @Test func overwritesThatKeepSizeTimeAndInodeAreRefusedBeforeAWrite() throws {
        let made = directory.url.appendingPathComponent("made")
        var script = (1...6).map { "create pet P\($0)\n" }.joined()
        for _ in 1...6 { script += (1...6).map { "start wash for P\($0)\n" }.joined() }
        script += String(repeating: "how is P1\n", count: 900)
        try #require(try LaundryTimeProcess(dataDirectory: made).run(script: script).status == 0)
        let original = try Data(contentsOf: made.appendingPathComponent("laundrytime.sqlite"))
        let pages = original.count / 4096
        try #require((100...150).contains(pages), "a store the size of the issue's (123 pages): \(pages)")

        var random = SplitMix64(seed: 32)
        var damaged = 0, refused = 0
        for trial in 0..<30 {
            let folder = directory.url.appendingPathComponent("trial-\(trial)")
            let file = folder.appendingPathComponent("laundrytime.sqlite")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try original.write(to: file)
            // Opened and closed by LaundryTime here, at the same instant as the run below: the file
            // is sealed, and was checked whole within the day.
            try #require(try LaundryTimeProcess(dataDirectory: folder).run(["/status"]).status == 0)
            let sealed = try Data(contentsOf: file)

            var bytes = sealed
            let offset = Int.random(in: 0..<pages, using: &random) * 4096 + Int.random(in: 0..<(4096 - 64), using: &random)
            for index in offset..<offset + 64 { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            try overwriteInPlace(file, with: bytes[offset..<offset + 64], at: offset)
            #expect(try Data(contentsOf: file) == bytes)

            let verdict = try SQLiteShell.integrityCheck(of: bytes, in: directory.url)
            guard verdict != [["ok"]] else { continue }
            damaged += 1

            let result = try LaundryTimeProcess(dataDirectory: folder).run(["start", "wash", "for", "P1"])
            #expect(result.status == 3 && result.stderr.contains(file.path), "trial \(trial), \(verdict.prefix(1)): \(result.stdout) \(result.stderr)")
            if result.status == 3 { refused += 1 }
            #expect(try Data(contentsOf: file) == bytes, "trial \(trial): not a byte written")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["laundrytime.sqlite"], "nothing beside it")
        }
        print("in-place overwrites of a sealed \(pages)-page store: \(damaged) of 30 damaged it, \(refused) refused")
        #expect(damaged >= 10, "the overwrites mean something: \(damaged)")
        #expect(refused == damaged)
    }

    /// Writes `bytes` at `offset` into the file as it is — its inode and size stay — and puts its
    /// modification and access times back as they were (futimens), so that nothing but its
    /// content tells that it changed.
    private func overwriteInPlace(_ file: URL, with bytes: Data, at offset: Int) throws {
        var before = stat()
        try #require(stat(file.path, &before) == 0)
        let descriptor = open(file.path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        try #require(written == bytes.count)
        let times = [before.st_atim, before.st_mtim]
        try #require(futimens(descriptor, times) == 0)
        var after = stat()
        try #require(fstat(descriptor, &after) == 0)
        try #require(after.st_ino == before.st_ino && after.st_size == before.st_size
                     && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }
}
