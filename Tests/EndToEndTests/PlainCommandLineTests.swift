import ArgumentParser
@testable import laundrytime
import LaundryTestSupport
import Testing

/// `LaundryTimeCommand.parsePlainly` reads the plain command lines without swift-argument-parser,
/// for a quicker start. It must never read a line differently from the parser. (A new option the
/// parser knows and the plain reader does not fails `itKnowsExactlyTheParsersOptions`.)
@Suite struct PlainCommandLineTests {
    /// The options the parser's help lists (the hidden completion option aside).
    @Test func itKnowsExactlyTheParsersOptions() throws {
        let help = LaundryTimeCommand.helpMessage(columns: 200)
        var listed = Set<String>()
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ") where word.hasPrefix("-") {
                listed.insert(String(word.prefix { $0 != "," && $0 != "<" }))
            }
        }
        let known: Set = ["--format", "--color", "--no-animation", "--json", "--data-dir", "--backup-and-reset",
                          "--dry-run", "--bail", "-y", "--yes", "--deliver-due", "--database", "--member"]
        #expect(listed == known.union(["--version", "-h", "--help"]), "the help lists \(listed.sorted())")
        let values = ["--format": "plain", "--color": "never", "--data-dir": "/tmp/d", "--database": "postgres:///laundry",
                      "--member": "Sam"]
        for option in known {
            #expect(LaundryTimeCommand.parsePlainly([option] + [values[option]].compactMap { $0 }) != nil, "\(option) is read plainly")
        }
    }

    @Test func theCommandLinesPeopleTypeAreReadPlainly() throws {
        let lines: [[String]] = [
            [], ["/status"], ["--data-dir", "/tmp/d", "/status"], ["--data-dir=/tmp/d", "how", "is", "snowy?"],
            ["--json", "start", "wash", "for", "snowy"], ["how", "is", "--json", "snowy"], ["-y", "reset", "everything"],
            ["--format", "plain", "--color", "never", "status"], ["--", "--not-an-option"], ["help"], ["--deliver-due", "--json"],
            ["--database", "postgres://sam@db/laundry", "--member", "Sam", "/status"],
            // A subcommand's name only as the first word, spelt as it is, and before `--`.
            ["--dry-run", "Reminders", "remove"], ["status", "reminders"], ["--", "migrate"], ["help", "me"],
            // Once the sentence has begun, a negative number is the sentence's.
            ["wash", "snowy", "every", "-5", "days"], ["--json", "set", "dry", "time", "to", "-3.5", "minutes", "--bail"],
        ]
        for line in lines {
            let plain = try #require(LaundryTimeCommand.parsePlainly(line), "\(line)")
            #expect(plain == (try LaundryTimeCommand.parse(line).options), "\(line)")
        }
    }

    /// `--` ends the options and is no word of the sentence; after it, everything is.
    @Test func theTerminatorIsNoWord() throws {
        let lines: [([String], [String])] = [
            (["--", "--json"], ["--json"]), (["wash", "--", "-5"], ["wash", "-5"]), (["--", "--", "x"], ["--", "x"]),
            (["--json", "--", "-5", "days"], ["-5", "days"]), (["a", "-5", "--", "-x", "--"], ["a", "-5", "-x", "--"]),
        ]
        for (line, words) in lines {
            let parsed = try LaundryTimeCommand.parse(line).options
            #expect(parsed.words == words && parsed.json == (line.first == "--json"), "\(line): \(parsed)")
            if let plain = LaundryTimeCommand.parsePlainly(line) { #expect(plain == parsed, "\(line)") }
        }
        // Before the sentence, a word like an option is a mistake the parser names; after it too,
        // unless it is a number.
        for line in [["--jsn", "status"], ["-5", "status"], ["-x"], ["status", "--jsn"], ["wash", "-x"]] {
            #expect(throws: (any Error).self, "\(line)") { try LaundryTimeCommand.parse(line) }
        }
    }

    @Test func whatIsNotPlainIsLeftToTheParser() {
        let lines: [[String]] = [
            ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--format", "nope"],
            ["--format"], ["--format="], ["--data-dir"], ["--data-dir", "-x"], ["--json=yes"], ["-yy"], ["-"],
            ["--json", "--format", "plain"], ["--nope"], ["-x", "status"], ["--deliver-due", "status"],
            // The subcommands, and the help on one.
            ["reminders"], ["--dry-run", "reminders", "install"], ["migrate", "--to", "postgres:///l"], ["help", "reminders"],
            ["reminders", "--", "status"],
        ]
        for line in lines {
            #expect(LaundryTimeCommand.parsePlainly(line) == nil, "\(line)")
        }
    }

    /// Random command lines from the pieces people (and mistakes) use: whatever the plain reader
    /// accepts, the parser accepts too, with the same values.
    @Test func itReadsEveryLineAsTheParserDoes() throws {
        let pieces = [
            "--format", "plain", "json", "bubbles", "auto", "JSON", "--format=json", "--format=", "--color", "never",
            "always", "--color=auto", "--data-dir", "/tmp/x", "--data-dir=/tmp/y", "--data-dir=", "--json", "--json=1",
            "--no-animation", "--backup-and-reset", "--dry-run", "--bail", "--yes", "-y", "-yy", "-h", "--help", "--deliver-due",
            "--version", "--", "-", "-x", "--nope", "status", "/status", "help", "how", "is", "snowy", "start", "wash",
            "for", "Zoë", "snowy's", "=", "a=b", "--database", "postgres:///l", "--member", "Sam", "--member=", "--to",
            "migrate", "--to=postgres:///m", "-5", "-3.5", "-0", "reminders", "install", "remove",
        ]
        var random = SplitMix64(seed: 7)
        var plainlyRead = 0
        for _ in 0..<2_000 {
            let line = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            guard let plain = LaundryTimeCommand.parsePlainly(line) else { continue }
            plainlyRead += 1
            let parsed: LaundryTimeCommand
            do {
                parsed = try LaundryTimeCommand.parse(line)
            } catch {
                Issue.record("\(line): read plainly, but the parser says \(LaundryTimeCommand.message(for: error))")
                continue
            }
            #expect(plain == parsed.options, "\(line)")
        }
        // The test means something only if many lines take the plain way.
        #expect(plainlyRead > 300)
    }
}
