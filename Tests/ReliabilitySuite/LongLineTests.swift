import Foundation
import LaundryTestSupport
import Testing

/// Long lines stalled everything. A refused 1 MiB line was stored whole in the
/// transcript; afterwards the prompt took 30 s to start and `/transcript` 34 s, and drawing such a
/// line as a bubble took 46–54 s. Lines over 4 KB are refused before parsing, the transcript keeps
/// at most 4 KB of a message, and drawing is linear.
///
/// "Quick" is held as processor time, not time on the wall clock, so that a loaded machine cannot
/// fail it: the child runs under `prlimit --cpu`, and the kernel stops it with SIGXCPU if it spends
/// more than ``cpuSeconds`` computing (a quadratic drawing spent 46 s; a linear one under 1 s).
@Suite struct LongLineTests {
    static let cpuSeconds = 10
    let directory = TemporaryDirectory()
    var data: URL { directory.url.appendingPathComponent("data") }
    var database: URL { data.appendingPathComponent("laundrytime.sqlite") }
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: data) }

    /// Runs `laundrytime` with at most ``cpuSeconds`` of processor time.
    func runWithinTheLimit(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> LaundryTimeProcess.Result {
        try laundrytime.run(arguments, input: Data(input.utf8), environment: environment,
                            launcher: ["/usr/bin/prlimit", "--cpu=\(Self.cpuSeconds)", "--"])
    }

    @Test func aMebibyteLineIsRefusedWithItsLengthAndKeptIn4KB() throws {
        let huge = String(repeating: "start wash for snowy ", count: 1 << 20 / 21)
        let started = ContinuousClock.now
        let result = try runWithinTheLimit(["--json"], input: "create pet Snowy\n" + huge + "\n/status\n")
        let took = started.duration(to: .now)
        print("a \(huge.utf8.count)-byte line in a script: answered in \(took)")
        let texts = result.jsonLines.map { $0["text"] as? String ?? "" }
        try #require(result.status == 1 && texts.count == 3, "exit \(result.status) after \(took) (9 or 24: stopped at the processor-time limit): \(result.stderr)")
        // The script's line without its last space, as every line is taken.
        #expect(texts[1] == "That line is too long (1,048,571 bytes); a command is at most 4,096 bytes. Nothing was changed.")
        #expect(texts[2].contains("Snowy"), "the script goes on after it")
        let longest = try SQLiteShell.rows(database, ["SELECT max(length(CAST(text AS BLOB))) FROM transcriptMessage"])
        #expect(Int(longest.first?.first ?? "") ?? .max <= 4096, "\(longest)")
    }

    /// A store written before the 4 KB limit may hold a huge message: showing it stays quick, in
    /// bubbles as in plain text.
    @Test func anOldHugeMessageIsShownQuickly() throws {
        try #require(try laundrytime.run(["create", "pet", "Snowy"]).status == 0)
        // 1 MiB of "ESC [2J" and 1 MiB of words: zeroblob(n) in hex is n "00" pairs, each replaced.
        _ = try SQLiteShell.rows(database, [
            "INSERT INTO transcriptMessage (at, role, text) VALUES ('2026-03-01 09:00:01.000', 'user', "
                + "replace(hex(zeroblob(262144)), '00', char(27) || '[2J'))",
            "INSERT INTO transcriptMessage (at, role, text) VALUES ('2026-03-01 09:00:02.000', 'user', "
                + "replace(hex(zeroblob(209715)), '00', 'word '))",
        ])
        for format in ["bubbles", "plain"] {
            let started = ContinuousClock.now
            let shown = try runWithinTheLimit(["--format", format, "--color", "always", "/transcript"], environment: ["COLUMNS": "80"])
            let took = started.duration(to: .now)
            print("/transcript with two 1 MiB messages, \(format): \(took)")
            #expect(shown.status == 0, "\(format): exit \(shown.status) after \(took) (9 or 24: stopped at the processor-time limit): \(shown.stderr)")
            #expect(!shown.stdout.contains("\u{1B}[2J"), "escapes are shown as text, never acted on")
        }
    }
}
