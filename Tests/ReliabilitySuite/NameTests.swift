import Foundation
import LaundryTestSupport
import Testing

/// Invisible and look-alike names passed — U+3164, U+2800, U+115F, tag
/// characters and a ZWJ made blank-looking pets, and four different pets all displayed as "Snowy".
@Suite struct NameTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func blankAndLookAlikeNamesAreRefused() throws {
        let lines = [
            "create pet Snowy",
            "create pet \u{3164}", "create pet \u{2800}", "create pet \u{115F}", "create pet \u{200D}",
            "create pet Bo\u{E0041}\u{E0042}",
            "create pet \u{0405}nowy",  // Cyrillic DZE
            "create pet Ｓｎｏｗｙ",        // fullwidth
            "create pet 𝖲𝗇𝗈𝗐𝗒",           // mathematical sans-serif
            "create pet 👨‍👩‍👧 Crew",          // a family emoji: joiners that belong
        ]
        let result = try laundrytime.run(["--json"], script: lines.joined(separator: "\n") + "\n")
        let replies = result.jsonLines
        try #require(replies.count == lines.count, "\(result.stdout)")
        // A joiner alone is no name at all: the assistant asks for one (no pet is made).
        let ok = replies.map { ($0["ok"] as? Bool ?? false) && $0["awaiting"] == nil }
        #expect(replies[4]["awaiting"] as? String == "name", "\(replies[4])")
        #expect(ok == [true, false, false, false, false, false, false, false, false, true], "\(replies.map { $0["text"] ?? "" })")
        for reply in replies[6...8] {
            #expect((reply["text"] as? String)?.contains("looks the same as Snowy") == true, "\(reply)")
        }
        let pets = try laundrytime.run(["--json", "/pets"]).jsonLines.first?["text"] as? String ?? ""
        #expect(pets.hasPrefix("You have 2 pets"), "\(pets)")
    }
}
