import Foundation
import LaundryTestSupport
import Testing

/// Huge numbers, through the real binary: these lines killed it with SIGILL (exit status
/// 132), or were not understood. Each is now a refusal that names the range — exit status 1 —
/// and a script goes on after it.
@Suite struct HugeNumberEndToEndTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    /// The lines of the issue, and the range each answer must name.
    static let lines = [
        ("wash snowy every 99999999999999999999 days", "every 1 to 30 days"),
        ("/quick 9223372036854775807", "from 1 to 8"),
        ("/transcript 99999999999999999999", "1 to 200 messages"),
        ("history for snowy last 2000000000000000000 weeks", "1 to 36500 days (100 years)"),
        ("set snowy wash time to 99999999999999999999 hours", "1 to 120 minutes"),
    ]

    @Test(arguments: Self.lines)
    func aHugeNumberIsRefusedWithItsRangeNotACrash(_ line: String, _ range: String) throws {
        #expect(try laundrytime.run(["create", "pet", "snowy"]).status == 0)
        let result = try laundrytime.run(line.split(separator: " ").map(String.init))
        #expect(result.status == 1, "a refusal, not a crash (132 was SIGILL): \(result.stderr.suffix(300))")
        #expect(result.stdout.contains(range), "\(result.stdout)")
        let number = try #require(line.split(separator: " ").max { $0.count < $1.count })
        #expect(result.stdout.contains(number), "the user's own number is quoted: \(result.stdout)")
        #expect(!result.stdout.contains("1000000000"), "not the number it saturates at")
    }

    @Test func aScriptGoesOnAfterAHugeNumberAndKeepsWhatFollows() throws {
        let script = [
            "create pet Snowy",
            "wash snowy every 99999999999999999999 days",
            "wash snowy every 3 days",
            "/quick 9223372036854775807",
            "/transcript 99999999999999999999",
            "history for snowy last 2000000000000000000 weeks",
            "set snowy wash time to 99999999999999999999 hours",
            "set snowy wash time to 30 minutes",
            "create pet Fluffy",
        ]
        let result = try laundrytime.run(["--json"], script: script.joined(separator: "\n") + "\n")
        #expect(result.status == 1, "some lines were refused, none crashed: \(result.stderr.suffix(300))")
        let replies = result.jsonLines
        try #require(replies.count == script.count, "every line is answered: \(result.stdout)")
        #expect(replies.map { $0["ok"] as? Bool } == [true, false, true, false, false, false, false, true, true])
        #expect(replies.compactMap { $0["error"] as? String } == Array(repeating: "refused", count: 5))

        // Another process finds what the script stored after the refusals.
        let settings = try laundrytime.run(["/settings"])
        #expect(settings.stdout.contains("Snowy: wash 30 min · dry 60 min · every 3 days"), "\(settings.stdout)")
        #expect(settings.stdout.contains("Fluffy:"), "\(settings.stdout)")
        let transcript = try laundrytime.run(["/transcript", "200"])
        #expect(transcript.stdout.contains("You: history for snowy last 2000000000000000000 weeks"), "\(transcript.stdout)")
    }
}
