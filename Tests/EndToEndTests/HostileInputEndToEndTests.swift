import Foundation
import LaundryTestSupport
import Testing

/// Whatever comes down the pipe, every line is answered, nothing leaks onto the terminal, and
/// files go only where the user named them.
@Suite struct HostileInputEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func randomBytesThroughThePipeAreEachAnswered() throws {
        var random = SplitMix64(seed: 0xB17E5)
        var input = Data("create pet Snowy\n".utf8)
        var lines = 1
        for _ in 0..<400 {
            let length = Int.random(in: 0...(Bool.random(using: &random) ? 40 : 3_000), using: &random)
            var line = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != UInt8(ascii: "\n") }
            if Int.random(in: 0..<10, using: &random) == 0 { line += Array("\u{1B}]0;pwned\u{07}\u{1B}[2J".utf8) }
            input += line + [UInt8(ascii: "\n")]
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            // Lines the script mode skips: empty (after trimming) and comments.
            if !(text.isEmpty || text.hasPrefix("#")) || String(validating: line, as: UTF8.self) == nil { lines += 1 }
        }
        let result = try laundrytime.run(["--json"], input: input)
        #expect(result.status == 1, "some lines failed, none crashed: \(result.stderr.suffix(300))")
        let replies = result.jsonLines
        #expect(replies.count >= lines - 5 && replies.count <= lines, "\(replies.count) replies for about \(lines) lines")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "escapes are escaped in JSON")
        #expect(try laundrytime.run(["/status"]).stdout.contains("Snowy"), "the store is fine afterwards")
    }

    @Test func plainOutputShowsEscapesAsText() throws {
        let result = try laundrytime.run(script: "how is \u{1B}]0;x\u{07}\u{1B}[2J?\n")
        #expect(result.stdout.contains("U+001B"))
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
    }

    @Test func exportsGoOnlyWhereTheUserNamedThem() throws {
        let work = directory.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // Pet names that look like paths are only names.
        let setup = try laundrytime.run(script: "create pet /etc/passwd\ncreate pet ~root\nstart wash for /etc/passwd\n")
        #expect(setup.status == 0, "\(setup.stdout)")
        let toStdout = try laundrytime.run(["export", "history", "as", "csv"], directory: work)
        #expect(toStdout.stdout.contains("/etc/passwd,wash_started"))
        // Words around a path are not made part of it: this is one pet's history, of a
        // pet there is not, and nothing is written.
        let misread = try laundrytime.run(["export", "history", "for", "../../escape", "as", "json", "to", "out.json"], directory: work)
        #expect(misread.status == 1 && misread.stdout.contains("There is no pet called “escape”"), "\(misread.stdout)")
        let named = try laundrytime.run(["export", "history", "as", "json", "to", "out.json"], directory: work)
        #expect(named.status == 0, "\(named.stdout)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.url.path).filter { !$0.hasPrefix("data") }.sorted()
        #expect(files == ["work", "work/out.json"], "no file anywhere but the one named: \(files)")
    }
}
