import Foundation
import LaundryTestSupport
import Testing

/// A name of one letter and 200 combining marks counted as one character of the
/// 30 a name may have — a pet whose name towers over every line it is shown in. A character of a
/// new name may hold at most ``PetName/maximumScalarsPerCharacter`` code points; names of living
/// scripts and emoji sequences stay well inside.
@Suite struct CombiningMarkNameTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func aLetterUnderTwoHundredMarksIsRefused() throws {
        let towering = "a" + String(repeating: "\u{0301}", count: 200)
        #expect(towering.count == 1)
        let result = try laundrytime.run(["--json"], script: "create pet \(towering)\ncreate pet Z\u{0335}\u{0301}\u{0300}\u{0302}\u{0303}\u{0304}\u{0306}\u{0307}\u{0308}\u{030A}oe\n")
        let replies = result.jsonLines
        try #require(replies.count == 2, "\(result.stdout)")
        for reply in replies {
            let text = reply["text"] as? String ?? ""
            #expect(reply["ok"] as? Bool == false, "\(text)")
            #expect(text.contains("at most 10 code points in one character"), "\(text)")
        }
        let pets = try laundrytime.run(["/pets"])
        #expect(!pets.stdout.contains("You have"), "no pet was made: \(pets.stdout)")
    }

    /// Vietnamese and Devanagari with their marks written apart, and the longest emoji sequences.
    @Test func namesOfLivingScriptsAndEmojiAreKept() throws {
        let names = [
            "Nguye\u{0302}\u{0303}n",  // Nguyễn, decomposed: two marks on the e
            "स्त्री",                        // a conjunct and its vowel sign: 6 code points in one character
            "👩🏻‍❤️‍💋‍👨🏼",                   // a kiss with two skin tones: 10 code points
            "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotty",                 // a subdivision flag: 7
        ]
        let script = names.map { "create pet \($0)\n" }.joined()
        let result = try laundrytime.run(["--json"], script: script)
        let ok = result.jsonLines.map { $0["ok"] as? Bool ?? false }
        #expect(ok == Array(repeating: true, count: names.count), "\(result.jsonLines.map { $0["text"] ?? "" })")
    }
}
