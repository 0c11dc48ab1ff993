import Foundation
import LaundryCore
import LaundryGrammar
import LaundryStore

/// The conversation itself: confirmations, undo, help, quick actions, greetings, and lines that
/// were not understood.
extension Assistant {
    // MARK: - Confirmations

    /// Asks before a change that deletes data — or does it at once with `--yes`.
    func askOrPerform(
        _ confirmation: ConversationContext.Confirmation, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction
    ) throws -> Reply {
        if assumeYes { return try perform(confirmation, turn, pets: pets, transaction) }
        context.pending = .confirmation(confirmation)
        let question: String
        switch confirmation {
        case .deletePet(let name):
            question = "Delete \(name)? This will permanently delete this pet and all its data. (yes/no)"
        case .resetAll:
            question = "Reset All Data? This will delete all pets, laundry history, and settings. This cannot be undone. (yes/no)"
        case .overwrite(let request):
            question = "\(request.path ?? "The file") exists. Overwrite it? (yes/no)"
        }
        let pet = if case .deletePet(let name) = confirmation { pets.first { $0.name.value == name } } else { Pet?.none }
        return turn.reply(question, pet: pet, awaiting: .confirmation)
    }

    func perform(
        _ confirmation: ConversationContext.Confirmation, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction
    ) throws -> Reply {
        switch confirmation {
        case .deletePet(let name): return try performDelete(of: name, turn, transaction)
        case .resetAll: return try performReset(turn, transaction)
        case .overwrite(let request): return try writeExport(request, turn, pets: pets, transaction, overwrite: true)
        }
    }

    func declined(_ confirmation: ConversationContext.Confirmation, _ turn: Turn) -> Reply {
        switch confirmation {
        case .deletePet(let name): turn.reply("Okay, \(name) stays.")
        case .resetAll: turn.reply("Okay, nothing was reset.")
        case .overwrite(let request): turn.reply("Okay, \(request.path ?? "the file") was left as it is.")
        }
    }

    // MARK: - Undo

    func undo(_ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        switch try transaction.undo() {
        case .nothingToUndo:
            return turn.failed(.refused, "There is nothing to undo.")
        case .madeElsewhere(let summary, let at, let session):
            return turn.failed(.refused,
                "The last change, “\(summary)” (\(captionTime(at))), was made in another LaundryTime that is still open "
                    + "(process \(session.pid)); undo it there. There is nothing of yours to undo.")
        case .changedSince(let summary, let at, let newer):
            let after = newer.map { newer in
                "“\(newer.summary)” (\(captionTime(newer.at))\(newer.elsewhere ? ", in another LaundryTime that is still open" : ""))"
                    + " came after it, and would be taken back too"
            } ?? "what it changed has changed again since"
            return turn.failed(.refused,
                "Not undone: “\(summary)” (\(captionTime(at))) — \(after). Nothing was changed"
                    + (newer.map { $0.elsewhere ? "." : "; say “undo” for that one first." } ?? "."))
        case .undone(let record, let at, let madeHere):
            let pets = try transaction.pets()
            // Say where the pet it touched stands now.
            let touched = record.steps.lazy.compactMap { step -> Pet? in
                if case .restorePet(let pet) = step { return pets.first { $0.id == pet.id } } else { return nil }
            }.first
            if let touched { context.lastPetName = touched.name.value }
            let status = touched.map { " " + $0.statusLine(at: turn.now) } ?? ""
            let origin = madeHere ? "" : " (made \(captionTime(at)), in an earlier session)"
            return turn.reply("Undone: \(record.summary)\(origin).\(status)", pet: touched)
        }
    }

    // MARK: - Help and quick actions

    func help(_ turn: Turn) -> Reply {
        if let topic = turn.command[.topic]?.text {
            return helpOnTopic(topic, turn)
        }
        let sections = helpSections(grammar.intents)
        var lines = ["Here is what you can say (“help TOPIC” for more, e.g. “help wash”):"]
        for section in sections {
            lines.append("\(section.title):")
            for entry in section.entries {
                let examples = entry.examples.map { "“\($0)”" }.joined(separator: ", ")
                lines.append("  \(examples) — \(entry.summary)")
            }
        }
        return turn.reply(lines.joined(separator: "\n"), content: .help(sections))
    }

    /// The intents a topic word is about, by their names, groups, summaries and sentences.
    private func helpOnTopic(_ topic: String, _ turn: Turn) -> Reply {
        let words = Self.stems(topic)
        // A topic word in the intent's name counts most, then its group, then its sentences.
        let scored = grammar.intents.map { help -> (IntentHelp, Int) in
            let name = Self.stems(help.intent.rawValue.replacingOccurrences(of: "_", with: " "))
            let group = Self.stems(help.group)
            let sentences = Self.stems(([help.summary] + help.examples + help.templates).joined(separator: " "))
            return (help, 4 * words.intersection(name).count + 2 * words.intersection(group).count
                + words.intersection(sentences).count)
        }
        let best = scored.map(\.1).max() ?? 0
        let matching = scored.filter { $0.1 == best && best > 0 }.map(\.0).prefix(6)
        guard !matching.isEmpty else {
            let groups = Array(NSOrderedSet(array: grammar.intents.map(\.group))).compactMap { $0 as? String }
            return turn.failed(.refused, "I have no help on “\(topic)”. Try one of: \(groups.map { $0.lowercased() }.joinedAsChoice()), or just “help”.")
        }
        let sections = helpSections(Array(matching))
        var lines = ["Help on “\(topic)”:"]
        for help in matching {
            lines.append("\(help.summary)")
            lines.append("  Say: " + help.examples.map { "“\($0)”" }.joined(separator: ", "))
        }
        return turn.reply(lines.joined(separator: "\n"), content: .help(sections))
    }

    private typealias IntentHelp = Grammar.IntentHelp

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

    private static func stems(_ text: String) -> Set<String> {
        Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map { stem(String($0)) })
    }

    /// "washing", "washes", "washed" → "wash", so topics find their intents.
    private static func stem(_ word: String) -> String {
        for suffix in ["ing", "es", "ed", "s"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    func quickActions(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        let actions = grammar.quickActions
        if let slot = turn.command[.count], let number = slot.number {
            // The user's words, not the number: forty nines are read as the slot's ceiling.
            guard case .whole(let wanted) = number, let action = actions.first(where: { $0.number == wanted }) else {
                return turn.failed(.refused, "There is no quick action \(slot.text); they go from 1 to \(actions.count).")
            }
            return try runQuickAction(action, turn, pets: pets, transaction)
        }
        context.pending = .quickActions
        let lines = actions.map { "  \($0.number)  \($0.label)" }
        return turn.reply((["⚡ Quick actions — type a number to run one:"] + lines).joined(separator: "\n"),
                          content: .quickActions(actions))
    }

    func runQuickAction(_ action: Grammar.QuickAction, _ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try handle(Turn(input: turn.input, command: Command(intent: action.intent), now: turn.now), pets: pets, transaction)
    }

    // MARK: - Small talk

    func greeting(_ turn: Turn, pets: [Pet]) -> Reply {
        guard !pets.isEmpty else { return turn.reply("Hi! 👋 " + PetText.emptyState) }
        let lines = pets.prefix(3).map { $0.statusLine(at: turn.now) }.joined(separator: ". ")
        return turn.reply("Hi! 👋 \(lines).".replacingOccurrences(of: "!.", with: "!"))
    }
}
