import Foundation
import LaundryTestSupport
import Testing

/// The one-shot `laundrytime wash snowy every -5 days` exited 2 with "Unknown
/// option '-5'", where the same sentence on stdin is refused politely. Once the sentence has begun,
/// a negative number belongs to it; the options before the sentence, the known ones after it, `--`,
/// and the usage error for a mistyped option work as they did. (PlainCommandLineTests holds
/// the quick reader of the command line to swift-argument-parser on such lines.)
@Suite struct OptionLikeWordTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func aNegativeNumberInAOneShotIsTheSentencesToRefuse() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"]).status == 0)
        let settings = try laundrytime.run(["/settings"]).stdout
        let piped = try laundrytime.run(script: "wash snowy every -5 days\n")
        let oneShot = try laundrytime.run(["wash", "snowy", "every", "-5", "days"])
        #expect(oneShot.status == 1, "\(oneShot.status) \(oneShot.stderr)")
        #expect(oneShot.stdout.hasPrefix("“every -5 days” is below zero"), "\(oneShot.stdout)")
        #expect(piped.stderr.hasSuffix(oneShot.stdout), "\(piped.stderr) / \(oneShot.stdout)")
        #expect(try laundrytime.run(["/settings"]).stdout == settings, "nothing changed")
    }

    @Test func optionsBeforeTheSentenceAndAfterItStillWork() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"]).status == 0)
        let json = try laundrytime.run(["--json", "wash", "snowy", "every", "-5", "days"])
        #expect(json.status == 1 && json.jsonLines.first?["ok"] as? Bool == false, "\(json.stdout)")
        let after = try laundrytime.run(["how", "is", "--json", "snowy"])
        #expect(after.status == 0 && after.jsonLines.count == 1, "\(after.stdout)")
        let terminated = try laundrytime.run(["--", "wash", "snowy", "every", "-5", "days"])
        #expect(terminated.status == 1 && terminated.stdout.hasPrefix("“every -5 days” is below zero"), "\(terminated.stdout)")
        // Before the sentence, an unknown option is still a mistake in the command line.
        for line in [["--jsn", "status"], ["status", "--jsn"]] {
            let unknown = try laundrytime.run(line)
            #expect(unknown.status == 2 && unknown.stderr.contains("Unknown option '--jsn'"), "\(line): \(unknown.stderr)")
        }
        let negative = try laundrytime.run(["-5", "status"])
        #expect(negative.status == 2 && negative.stderr.contains("Unknown option '-5'"), "\(negative.stderr)")
    }
}
