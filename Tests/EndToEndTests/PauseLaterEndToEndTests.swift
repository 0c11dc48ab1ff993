import Foundation
import LaundryTestSupport
import Testing

/// A pause that begins later: "im going on vacation next week", typed on a Saturday, pauses from
/// Monday on — not until Monday — and asks until when; the end said next is its end.
@Suite struct PauseLaterEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }
    /// A Saturday.
    let saturday = "2026-11-28T10:00:00Z"

    @Test func nextWeekPausesFromMondayAndAsksUntilWhen() throws {
        let script = "create pet Snowy\ncreate pet Fluffy\nim going on vacation next week\nuntil sunday\n"
        let result = try laundrytime.run(["--json"], script: script, now: saturday)
        let texts = result.jsonLines.map { $0["text"] as? String ?? "" }
        #expect(texts[2].contains("Snowy pauses from Mon 30 Nov 00:00"), "\(texts[2])")
        #expect(texts[2].contains("Until when?"))
        #expect(texts[3] == "Snowy and Fluffy are paused from Mon 30 Nov 00:00 until Sun 6 Dec 00:00.", "\(texts[3])")
        // Until Monday nothing is held; from Monday on, health holds.
        let now = try laundrytime.run(["--json", "how is snowy"], now: saturday)
        #expect((now.jsonLines.first?["text"] as? String)?.contains("paused") == false)
        let monday = try laundrytime.run(["--json", "how is snowy"], now: "2026-11-30T12:00:00Z")
        #expect((monday.jsonLines.first?["text"] as? String)?.contains("paused") == true)
        let after = try laundrytime.run(["--json", "how is snowy"], now: "2026-12-06T12:00:00Z")
        #expect((after.jsonLines.first?["text"] as? String)?.contains("paused") == false)
    }

    @Test func aSpanWithItsStartAndEnd() throws {
        let result = try laundrytime.run(["--json"], script: "create pet Snowy\npause snowy from monday to friday\nundo\n", now: saturday)
        let texts = result.jsonLines.map { $0["text"] as? String ?? "" }
        #expect(texts[1].hasPrefix("Snowy pauses from Mon 30 Nov 00:00 until Fri 4 Dec 00:00"), "\(texts[1])")
        #expect(!texts[1].contains("Until when?"))
        #expect(result.status == 0)
        let monday = try laundrytime.run(["--json", "how is snowy"], now: "2026-11-30T12:00:00Z")
        #expect((monday.jsonLines.first?["text"] as? String)?.contains("paused") == false, "undone")
    }
}
