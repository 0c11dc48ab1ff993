import Foundation
import LaundryCore
internal import LaundryGrammar

/// `help` and `help TOPIC`, built from the grammar: its intents' groups, summaries and examples,
/// and its `help_topic` value list, which says which intents or groups a topic word is about.
struct HelpHandlers: Handlers {
    let shared: HandlerContext

    func help(_ turn: Turn) -> Reply {
        switch turn.command[.topic] {
        case let topic? where topic.listed == "syntax": return shortForms(turn)
        case let topic? where topic.listed == "all": return everything(turn)
        case let topic?: return helpOnTopic(topic, turn)
        case nil: return overview(turn)
        }
    }

    /// Intents the overview leaves to "help all": answers and small talk, which need no example.
    private static let notInOverview: Set<Intent> = [.confirm, .deny, .greeting, .thanks]

    /// `help`: one screen — each group with the first example of each of its commands, and where
    /// the rest is.
    private func overview(_ turn: Turn) -> Reply {
        var lines = [Reply.Line(.lead, "A few things you can say:")]
        var groups: [(title: String, examples: [String])] = []
        for help in grammar.intents where !Self.notInOverview.contains(help.intent) {
            guard let example = help.examples.first else { continue }
            if let index = groups.firstIndex(where: { $0.title == help.group }) {
                groups[index].examples.append(example)
            } else {
                groups.append((help.group, [example]))
            }
        }
        for group in groups {
            lines.append(Reply.Line(.paragraph, "\(group.title): " + group.examples.map { "“\($0)”" }.joined(separator: " · ")))
        }
        lines.append(Reply.Line(.lead, "“help all” lists everything, “help wash” (or any subject) explains one, “help syntax” shows short forms."))
        return turn.reply(lines: lines)
    }

    /// `help all`: every command, by group, with its examples and what it does.
    private func everything(_ turn: Turn) -> Reply {
        let sections = helpSections(grammar.intents)
        var lines = [Reply.Line(.lead, "Here is what you can say (“help TOPIC” for more, e.g. “help wash”):")]
        for section in sections {
            lines.append(Reply.Line(.contentText, "\(section.title):"))
            for entry in section.entries {
                let examples = entry.examples.map { "“\($0)”" }.joined(separator: ", ")
                lines.append(.entry("\(examples) — \(entry.summary)", marker: "  ", role: .contentText))
            }
        }
        return turn.reply(lines: lines, content: .help(sections))
    }

    /// Help on the intents a topic is about: those its value names (a topic word of the
    /// grammar's list), else those whose names, groups and sentences share its words.
    private func helpOnTopic(_ slot: SlotValue, _ turn: Turn) -> Reply {
        let topic = slot.text
        let matching = slot.listed.map(intents(named:)) ?? intents(about: topic)
        guard !matching.isEmpty else {
            let topics = helpSections(grammar.intents).map { $0.title.lowercased() }
            return turn.failed(.refused,
                "I have no help on \(PetText.quoted(topic)). Topics: \(topics.joined(separator: ", ")). "
                    + "Say “help” and one of them, e.g. “help \(topics.first ?? "pets")”, or “help” alone for everything.")
        }
        var lines = [Reply.Line(.lead, "Help on “\(topic)”:")]
        for help in matching {
            lines.append(Reply.Line(.contentText, help.summary))
            lines.append(.entry("Say: " + help.examples.map { "“\($0)”" }.joined(separator: ", "), marker: "  ", role: .contentText))
        }
        return turn.reply(lines: lines, content: .help(helpSections(matching)))
    }

    /// `help syntax`: the short forms people with a shell's habits type, one line an intent.
    private func shortForms(_ turn: Turn) -> Reply {
        let forms = grammar.intents.filter { !$0.shortForms.isEmpty }
        var lines = [Reply.Line(.lead, "Short forms, as at a shell prompt (PET and NAME are yours to fill in):")]
        for help in forms {
            lines.append(.entry(help.shortForms.joined(separator: "  ·  ") + " — " + Self.brief(help.summary)))
        }
        lines.append(Reply.Line(.paragraph,
            "Words may be joined by - _ . = (“start-wash”, “dry_time=70”); an option names what follows it (“--pet snowy”)."))
        return turn.reply(lines: lines)
    }

    /// A summary's first phrase, for a list that should fit a screen: "Pause a pet (or, …" →
    /// "Pause a pet".
    static func brief(_ summary: String) -> String {
        let stops = [":", " (", ". ", ";", ","].compactMap { summary.range(of: $0)?.lowerBound }
        let end = stops.min() ?? summary.endIndex
        return summary[..<end].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// The intents a `help_topic` value names, in the value's order: intent names, or groups
    /// (lower case, "_" for a space: the group's intents in the grammar's order), joined by "+".
    private func intents(named value: String) -> [IntentHelp] {
        var found: [IntentHelp] = []
        for name in value.split(separator: "+").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            for help in grammar.intents where (help.intent.rawValue == name || Self.groupKey(help.group) == name)
                && !found.contains(where: { $0.intent == help.intent }) {
                found.append(help)
            }
        }
        return found
    }

    /// "Pet settings" → "pet_settings": a group as the grammar's `help_topic` list names it.
    static func groupKey(_ group: String) -> String {
        group.lowercased().replacingOccurrences(of: " ", with: "_")
    }

    /// The intents a topic word of no list is about, by their names, groups, summaries and sentences.
    private func intents(about topic: String) -> [IntentHelp] {
        let words = stems(topic)
        // A topic word in the intent's name counts most, then its group, then its sentences.
        let scored = grammar.intents.map { help -> (IntentHelp, Int) in
            let name = stems(help.intent.rawValue.replacingOccurrences(of: "_", with: " "))
            let group = stems(help.group)
            let sentences = stems(([help.summary] + help.examples + help.templates).joined(separator: " "))
            return (help, 4 * words.intersection(name).count + 2 * words.intersection(group).count
                + words.intersection(sentences).count)
        }
        let best = scored.map(\.1).max() ?? 0
        return Array(scored.filter { $0.1 == best && best > 0 }.map(\.0).prefix(6))
    }

    private typealias IntentHelp = Grammar.IntentHelp

    /// The intents under their group headings, each group once, in the grammar's order.
    private func helpSections(_ intents: [Grammar.IntentHelp]) -> [HelpSection] {
        var sections: [HelpSection] = []
        for help in intents {
            let entry = HelpSection.Entry(summary: help.summary, examples: help.examples)
            if let index = sections.firstIndex(where: { $0.title == help.group }) {
                sections[index] = HelpSection(title: help.group, entries: sections[index].entries + [entry])
            } else {
                sections.append(HelpSection(title: help.group, entries: [entry]))
            }
        }
        return sections
    }

    /// The words of `text` without their endings ("washing", "washes" → "wash"), so that topics
    /// find their intents.
    private func stems(_ text: String) -> Set<String> {
        Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map { grammar.stem(String($0)) })
    }
}
