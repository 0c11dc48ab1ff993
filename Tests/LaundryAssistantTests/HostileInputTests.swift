import Foundation
import LaundryAssistant
import LaundryCore
import LaundryStore
import LaundryTestSupport
import Testing

/// A long randomized run with a fixed seed: random bytes, invalid UTF-8, huge lines, NULs,
/// control characters, escape sequences and mangled sentences — every line gets an answer, the
/// program does not crash, and a bad line changes nothing.
@Suite struct HostileInputTests {
    let fixture: AssistantFixture
    var assistant: Assistant { fixture.assistant }

    init() throws {
        fixture = try AssistantFixture()
        for line in ["create pet Snowy", "create pet 雪", "start wash for snowy"] { _ = assistant.respond(to: line) }
    }

    /// Exports go to an absolute path in the fixture's own directory: a mangled one fails to write
    /// rather than landing in the working directory (checked below).
    var sentences: [String] {
        Self.sentences + ["export history as csv to \(fixture.directory.url.path)/out.csv"]
    }

    static let sentences = [
        "create pet Snowy", "start wash for snowy", "how is snowy?", "set snowy's wash time to 30 minutes",
        "rename snowy to Flake", "delete snowy", "wash snowy every 3 days",
        "/quick", "3", "help wash", "undo", "history for snowy this week", "wait for snowy up to 10 minutes",
    ]
    static let hostile = ["\u{1B}]0;x\u{07}", "\u{1B}[2J", "\u{0}", "\u{7F}", "\u{9B}31m", "\u{202E}", "\u{2066}", "\r", "\t",
                          "\u{FEFF}", "👨‍👩‍👧", "e\u{301}", "雪", "%s%n", "'; DROP TABLE pet; --", "../../etc/passwd", "~", "{pet}"]

    /// A line made of the above, mangled at random.
    static func line(from sentences: [String], using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:  // random scalars, controls and surrogate-free noise
            return String(String.UnicodeScalarView((0..<Int.random(in: 0...80, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x2FFFF, using: &random))
            }))
        case 1:  // a sentence with hostile pieces spliced in
            var words = sentences.randomElement(using: &random)!.split(separator: " ").map(String.init)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                words.insert(hostile.randomElement(using: &random)!, at: Int.random(in: 0...words.count, using: &random))
            }
            return words.joined(separator: " ")
        case 2:  // a sentence with a letter dropped, doubled or swapped
            var characters = Array(sentences.randomElement(using: &random)!)
            let index = Int.random(in: 0..<characters.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: characters.remove(at: index)
            case 1: characters.insert(characters[index], at: index)
            default: characters.swapAt(index, min(index + 1, characters.count - 1))
            }
            return String(characters)
        case 3:  // a huge line
            return String(repeating: hostile.randomElement(using: &random)! + "snowy ", count: Int.random(in: 200...20_000, using: &random))
        case 4:  // a name holding escapes
            return "create pet " + hostile.shuffled(using: &random).prefix(3).joined()
        default:
            return sentences.randomElement(using: &random)!
        }
    }

    @Test func everyLineOfRandomJunkIsAnsweredAndNothingCrashes() throws {
        var random = SplitMix64(seed: 0x4C41_554E_4452_59)
        let workingDirectory = Set((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? [])
        defer {
            let after = Set((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? [])
            #expect(after.subtracting(workingDirectory).isEmpty, "no file written outside the test's directory")
        }
        for _ in 0..<1_000 {
            let line = Self.line(from: sentences, using: &random)
            let reply = assistant.respond(to: line)
            #expect(!reply.text.isEmpty, "an answer to \(line.debugDescription.prefix(200))")
            // Only the user's own words come back; the names it stores never hold controls.
            for name in assistant.petNames() {
                #expect(!name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                        "stored name \(name.debugDescription)")
            }
            if reply.awaiting != nil { _ = assistant.respond(to: "no") }
        }
    }

    @Test func bytesThatAreNotUTF8AreAnsweredAndChangeNothing() throws {
        var random = SplitMix64(seed: 7)
        let before = assistant.petNames()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let reply = assistant.respond(toUndecodable: bytes + [0xC3])  // a cut-off sequence: never valid
            #expect(!reply.ok && !reply.text.isEmpty)
        }
        #expect(assistant.petNames() == before)
    }

    @Test func aRefusedLineChangesNothing() throws {
        let before = try fixture.store.read { try $0.pets() }
        for line in ["create pet \u{1B}[2J", "create pet " + String(repeating: "x", count: 31), "set snowy's wash time to 500 minutes",
                     "rename snowy to 雪", "start wash for nobody", String(repeating: "a", count: 100_000)] {
            #expect(!assistant.respond(to: line).ok, "\(line.prefix(40))")
        }
        #expect(try fixture.store.read { try $0.pets() } == before)
    }
}
