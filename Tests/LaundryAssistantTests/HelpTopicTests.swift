import EnglishGrammar
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryTestSupport
import Testing
import LaundryTerminal

/// "help TOPIC" for every group and intent: the grammar's `help_topic` list says which intents a
/// topic word is about; an unknown topic lists the topics there are, each once.
@Suite struct HelpTopicTests {
    let fixture: AssistantFixture

    init() throws {
        fixture = try AssistantFixture()
    }

    @discardableResult
    func say(_ line: String) -> Reply { fixture.say(line) }

    /// The summaries a help reply shows.
    func summaries(_ reply: Reply) -> [String] {
        guard case .help(let sections) = reply.content else { return [] }
        return sections.flatMap(\.entries).map(\.summary)
    }

    func summary(of intent: Intent) throws -> String {
        try #require(try Grammar.english.help(for: intent)).summary
    }

    /// `help syntax` puts each short form beside its summary's first phrase: a form that changes a
    /// setting stands beside a phrase naming that setting ("set appearance=system" stood beside "Turn
    /// notifications or sound on or off").
    @Test func aShortFormStandsBesideWhatItDoes() throws {
        let grammar = try Grammar.english
        let pets = PetNameIndex(names: ["Snowy"])
        let entries = say("help syntax").lines.filter { $0.marker != nil }.map(\.text)
        for help in grammar.intents {
            for form in help.shortForms {
                let command = grammar.match(form.replacingOccurrences(of: "PET", with: "snowy"), pets: pets)
                guard let setting = command[.setting]?.text.lowercased() else { continue }
                let entry = try #require(entries.first { $0.contains(form) }, "\(form) is shown")
                let words = entry.components(separatedBy: " — ").last ?? ""
                #expect(words.lowercased().contains(setting), "\(entry)")
            }
        }
    }

    @Test func historyAndSettingsAreHelpNotAPet() throws {
        say("create pet Snowy")
        let history = say("help history")
        #expect(history.ok && history.intent == .help && history.text.hasPrefix("Help on “history”:"))
        let historySummary = try summary(of: .history)
        #expect(summaries(history).contains(historySummary))
        let settings = say("help settings")
        #expect(settings.ok && settings.intent == .help)
        let settingsSummaries = [try summary(of: .showSettings), try summary(of: .setSetting)]
        #expect(settingsSummaries.allSatisfy(summaries(settings).contains))
    }

    @Test(arguments: [
        ("help timers", [Intent.setWashTime, .setDryTime]), ("help exporting", [.export]), ("help frequency", [.setFrequency]),
        ("help wash", [.startWash, .setWashTime]), ("help export", [.export]), ("help undo", [.undo]),
        ("help me with renaming", [.renamePet]), ("how do i delete", [.deletePet]), ("/help transcript", [.transcript]),
    ])
    func aTopicWordFindsItsIntents(line: String, intents: [Intent]) throws {
        let reply = say(line)
        #expect(reply.ok, "“\(line)”: \(reply.text)")
        let expected = try intents.map(summary(of:))
        #expect(summaries(reply) == expected, "“\(line)”")
    }

    /// The topic is reported as the user said it (the JSON contract's slots are what was typed);
    /// which intents it stands for is the grammar's business.
    @Test func theTopicIsReportedAsTyped() {
        #expect(say("help timers").contractSlots["topic"] == "timers")
        #expect(say("help me with frequency").contractSlots["topic"] == "frequency")
    }

    @Test func everyGroupIsATopic() throws {
        let grammar = try Grammar.english
        for group in Set(grammar.intents.map(\.group)) {
            let reply = say("help \(group.lowercased())")
            let expected = grammar.intents.filter { $0.group == group }.map(\.summary)
            #expect(reply.ok && summaries(reply) == expected, "help \(group.lowercased())")
        }
    }

    @Test func everyIntentHasATopic() throws {
        // Each topic of the grammar's list names intents or groups that exist, and together they
        // cover every intent.
        let grammar = try Grammar.english
        var covered: Set<Intent> = []
        for (phrase, value) in try Self.topicList() {
            let reply = say("help \(phrase)")
            // "help syntax" lists the short forms, not the intents' help (HelpSyntaxViewTests).
            if value == "syntax" {
                #expect(reply.ok && reply.text.contains("Short forms"), "help \(phrase)")
                continue
            }
            #expect(reply.ok && !summaries(reply).isEmpty, "help \(phrase) (\(value))")
            covered.formUnion(grammar.intents.filter { summaries(reply).contains($0.summary) }.map(\.intent))
        }
        #expect(Set(grammar.intents.map(\.intent)).subtracting(covered).isEmpty)
    }

    @Test func anUnknownTopicListsTheTopicsOnce() {
        let reply = say("help foo")
        #expect(!reply.ok && reply.failure == .refused)
        #expect(reply.text.hasPrefix("I have no help on “foo”. Topics: pets, pet settings, laundry cycle, settings, history, general."))
    }

    /// The first phrase of each entry of the grammar's `help_topic` list, with its value.
    static func topicList() throws -> [(String, String)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammars/en.grammar")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "values help_topic") else { return [] }
        // An entry's continuation lines (indented deeper) hold no first phrase.
        let entries = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.filter { !$0.hasPrefix("   ") }
        return entries.map { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            let phrase = parts[1].split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
            return (phrase, parts[0].trimmingCharacters(in: .whitespaces))
        }
    }
}
