import Foundation
import LaundryTestSupport
import Testing

/// The real binary, run as a user would, with a temporary data directory and `LAUNDRYTIME_NOW`.
@Suite struct EndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func aPipedScriptGetsOnePlainReplyPerCommand() throws {
        let result = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\nstatus\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let blocks = result.stdout.components(separatedBy: "\n\n")
        #expect(blocks.count == 3)
        #expect(blocks[0].hasPrefix("Meet Snowy!"))
        #expect(blocks[1] == "Snowy is getting clean! 🫧 The wash takes 45 min and ends at 09:45.")
        #expect(blocks[2] == "Snowy ^‿^ 100% — is getting clean! (45:00 left) · next: Start Dryer at 09:45\n")
        #expect(!result.stdout.contains("\u{1B}"), "no escapes when stdout is not a terminal")
    }

    /// Names are capitalised as a phone's name field does, unless typed with a
    /// capital — in a create, a rename and the answer to "what should it be called?".
    @Test func namesAreCapitalisedUnlessTypedWithACapital() throws {
        let result = try laundrytime.run(["--json"], script: """
            create pet snowy white
            create pet iPhone Socks
            rename snowy white to big towels
            create pet
            mr. fluff 🧦
            /pets
            """)
        let texts = result.jsonLines.map { $0["text"] as? String ?? "" }
        #expect(texts[0].hasPrefix("Meet Snowy White!"), "\(texts[0])")
        #expect(texts[1].hasPrefix("Meet iPhone Socks!"), "\(texts[1])")
        #expect(texts[2].hasPrefix("Snowy White is now called Big Towels."), "\(texts[2])")
        #expect(texts[4].hasPrefix("Meet Mr. Fluff 🧦!"), "\(texts[4])")
        #expect(result.jsonLines[4]["pet"] as? String == "Mr. Fluff 🧦")
    }

    @Test func aWashStartedInOneProcessIsDoneInALaterOne() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let later = try laundrytime.run(["--json", "how", "is", "snowy?"], now: "2026-03-01T09:46:00Z")
        #expect(later.status == 0)
        let reply = try #require(later.jsonLines.first)
        #expect(reply["intent"] as? String == "show_pet")
        #expect((reply["text"] as? String)?.hasPrefix("Snowy ^‿^ is ready for the dryer!") == true)

        let dryer = try laundrytime.run(["--json", "start", "dryer", "for", "snowy"], now: "2026-03-01T09:46:00Z")
        #expect(dryer.status == 0 && dryer.jsonLines.first?["ok"] as? Bool == true)

        let fold = try laundrytime.run(["--json"], script: "mark snowy folded\n", now: "2026-03-01T10:47:00Z")
        let folded = try #require(fold.jsonLines.first)
        #expect(fold.status == 0)
        #expect(folded["intent"] as? String == "mark_folded" && folded["pet"] as? String == "Snowy")
        #expect((folded["text"] as? String)?.hasPrefix("Snowy is so happy! 🎉") == true)
    }

    @Test func jsonLinesCarryTheContractFields() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Snowy\nstart wash for snowy\nbanana\n")
        #expect(result.status == 1)
        let lines = result.jsonLines
        #expect(lines.count == 3)
        for line in lines {
            for key in ["type", "input", "ok", "intent", "slots", "pet", "text", "at"] {
                #expect(line[key] != nil, "\(key) in \(line)")
            }
            #expect(line["type"] as? String == "reply")
        }
        #expect(lines[1]["slots"] as? [String: String] == ["pet": "snowy"])
        // The pinned clock runs on from 09:00:00 while the process works.
        #expect((lines[1]["at"] as? String)?.hasPrefix("2026-03-01T09:0") == true)
        #expect(lines[2]["ok"] as? Bool == false && lines[2]["intent"] as? String == "unknown")
        #expect(lines[2]["pet"] is NSNull)
        #expect(result.stderr.isEmpty, "JSON mode keeps errors in the replies")
    }

    @Test func badInputGetsClearRepliesAndChangesNothing() throws {
        _ = try laundrytime.run(script: "create pet Snowy\n")
        let before = try laundrytime.run(["--json", "/status"]).jsonLines.first?["text"] as? String

        var input = Data("start wash for rex\nstart dryer for snowy\n\n   \n".utf8)
        input.append(Data(String(repeating: "w", count: 100_000).utf8))
        input.append(Data("\n".utf8))
        input.append(Data([0x73, 0x74, 0xFF, 0xFE, 0x0A]))
        let result = try laundrytime.run(["--json"], input: input)
        #expect(result.status == 1)
        let replies = result.jsonLines
        #expect(replies.count == 4, "the two empty lines are skipped")
        #expect(replies.allSatisfy { $0["ok"] as? Bool == false })
        let texts = replies.map { $0["text"] as? String ?? "" }
        #expect(texts[0] == "There is no pet called “rex” — you have Snowy.")
        #expect(texts[1] == "Snowy's laundry has not been washed yet. Start with “start wash for Snowy”.")
        #expect(texts[2] == "That line is too long (100,000 bytes); a command is at most 4,096 bytes. Nothing was changed.")
        #expect(texts[3] == "That line is not valid UTF-8 text, so I cannot read it. Nothing was changed.")

        let after = try laundrytime.run(["--json", "/status"]).jsonLines.first?["text"] as? String
        #expect(before != nil && before == after)
    }

    @Test func plainModeNamesTheFailingLineOnStderr() throws {
        let result = try laundrytime.run(script: "create pet Snowy\nstart wash for rex\n")
        #expect(result.status == 1)
        #expect(result.stderr == "laundrytime: line 2: There is no pet called “rex” — you have Snowy.\n")
    }

    @Test func bailStopsAtTheFirstFailure() throws {
        let result = try laundrytime.run(["--bail", "--json"], script: "banana\ncreate pet Snowy\n")
        #expect(result.status == 1 && result.jsonLines.count == 1)
    }

    @Test func anEmptyOneShotCommandIsAnsweredNotGuessed() throws {
        let result = try laundrytime.run(["--json", ""])
        #expect(result.status == 1)
        #expect(result.jsonLines.first?["text"] as? String == "That command is empty. Type “help” to see what you can say.")
    }

    @Test func quitEndsTheScript() throws {
        let result = try laundrytime.run(["--json"], script: "quit\ncreate pet Snowy\n")
        #expect(result.status == 0 && result.jsonLines.count == 1)
        #expect(result.jsonLines.first?["intent"] as? String == "quit")
    }

    @Test func dryRunChangesNothing() throws {
        let dry = try laundrytime.run(["--dry-run", "--json"], script: "create pet Snowy\n")
        #expect(dry.status == 0 && dry.jsonLines.first?["intent"] as? String == "create_pet")
        let status = try laundrytime.run(["--json", "/pets"])
        #expect((status.jsonLines.first?["text"] as? String)?.hasPrefix("No Pets Yet") == true)
    }

    /// A dry run looks like one — in the words and in JSON — and a real run does not.
    @Test func aDryRunSaysSo() throws {
        _ = try laundrytime.run(script: "create pet Snowy\n")
        let plain = try laundrytime.run(["--dry-run", "--yes", "delete", "snowy"])
        #expect(plain.status == 0)
        #expect(plain.stdout.trimmingCharacters(in: .newlines).hasSuffix("(Dry run — nothing was changed.)"), "\(plain.stdout)")
        let json = try laundrytime.run(["--dry-run", "--json"], script: "start wash for snowy\nhow is snowy\n")
        #expect(json.jsonLines.count == 2 && json.jsonLines.allSatisfy { $0["dryRun"] as? Bool == true })
        #expect((json.jsonLines.first?["text"] as? String)?.hasSuffix("(Dry run — nothing was changed.)") == true)
        #expect((json.jsonLines.last?["text"] as? String)?.contains("Dry run") == false, "a question that changes nothing is not marked")
        let real = try laundrytime.run(["--json", "how", "is", "snowy"])
        #expect(real.jsonLines.first?["dryRun"] == nil && (real.jsonLines.first?["text"] as? String)?.contains("Dry run") == false)
        #expect(try laundrytime.run(["--json", "/pets"]).jsonLines.first?["text"] as? String != nil)
        let pets = try laundrytime.run(["/pets"])
        #expect(pets.stdout.contains("Snowy"), "the dry-run delete left Snowy")
    }

    /// `version` and `about` at the prompt answer, with the same version as `--version`.
    @Test func versionAndAboutAreAnswered() throws {
        let version = try laundrytime.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty)
        let result = try laundrytime.run(["--json"], script: "version\nabout\n/version\n/about\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.jsonLines.count == 4)
        for reply in result.jsonLines {
            #expect(reply["intent"] as? String == "connection")
            #expect((reply["text"] as? String)?.hasPrefix("LaundryTime \(version)") == true, "\(reply)")
        }
    }

    /// Timers read as MM:SS up to 99:59 — a 60-minute dryer starts at "60:00".
    @Test func anHourLongTimerCountsInMinutes() throws {
        _ = try laundrytime.run(script: "create pet Snowy\nstart wash for snowy\n", now: "2026-03-01T09:00:00Z")
        let dryer = try laundrytime.run(script: "start dryer for snowy\nhow is snowy\n", now: "2026-03-01T09:46:00Z")
        #expect(dryer.stdout.contains("60:00 left"), "\(dryer.stdout)")
        #expect(!dryer.stdout.contains("1:00:00"))
    }

    @Test func worksFromAnyWorkingDirectory() throws {
        let result = try laundrytime.run(["--json", "help"], directory: URL(fileURLWithPath: "/"))
        #expect(result.status == 0 && result.jsonLines.first?["intent"] as? String == "help")
    }

    @Test func theDataDirectoryComesFromTheEnvironmentToo() throws {
        let home = directory.url.appendingPathComponent("lthome")
        let result = try laundrytime.run(["create", "pet", "Snowy"], environment: ["LAUNDRYTIME_HOME": home.path],
                                         dataDirectoryOption: false)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("laundrytime.sqlite").path))
        let xdg = directory.url.appendingPathComponent("xdg")
        _ = try laundrytime.run(["/status"], environment: ["XDG_DATA_HOME": xdg.path], dataDirectoryOption: false)
        #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("laundrytime/laundrytime.sqlite").path))
    }

    @Test func exitStatusesFollowTheProductSpec() throws {
        #expect(try laundrytime.run(["--bogus"]).status == 2)
        #expect(try laundrytime.run(["status", "--bogus"]).status == 2)
        #expect(try laundrytime.run(["--json", "--", "--not-an-option"]).jsonLines.first?["input"] as? String == "--not-an-option")
        #expect(try laundrytime.run(["--format", "fancy"]).status == 2)
        #expect(try laundrytime.run(["--json", "--format", "plain"]).status == 2)
        let badClock = try laundrytime.run(["/status"], now: "yesterday")
        #expect(badClock.status == 2 && badClock.stderr.contains("LAUNDRYTIME_NOW=yesterday"))

        let version = try laundrytime.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
        let help = try laundrytime.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("--data-dir") && help.stdout.contains("LAUNDRYTIME_NOW"))
    }

    @Test func aDamagedStoreExitsWithThreeAndIsLeftAlone() throws {
        let data = directory.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("laundrytime.sqlite")
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: file)
        let result = try laundrytime.run(["/status"])
        #expect(result.status == 3)
        #expect(result.stderr.contains(file.path) && result.stderr.contains("damaged"))
        #expect(try Data(contentsOf: file) == garbage)

        let blocked = LaundryTimeProcess(dataDirectory: file)  // a file where the directory should be
        let unusable = try blocked.run(["/status"])
        #expect(unusable.status == 3 && unusable.stderr.contains("Cannot create the data directory"))
    }

    @Test func aClosedStdoutEndsQuietly() throws {
        _ = try laundrytime.run(script: "create pet Snowy\n")
        let script = String(repeating: "status\n", count: 2000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" --data-dir \"$1\" | head -1", LaundryTimeProcess.binary.path, laundrytime.dataDirectory.path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: out, as: UTF8.self).hasPrefix("Snowy "))
        #expect(err.isEmpty, "no broken-pipe noise: \(String(decoding: err, as: UTF8.self))")
    }
}
