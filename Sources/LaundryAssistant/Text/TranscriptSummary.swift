import LaundryCore
internal import LaundryGrammar

extension Reply {
    /// What the transcript keeps of the reply.
    ///
    /// A view of data that is stored anyway — the dashboard, a history, an export or the
    /// transcript shown on screen, help, the settings, the quick actions — is kept as one line
    /// saying what was shown: a `/status` of 2,000 pets is 100 KB of text, and kept whole at
    /// every look, it would make the transcript the largest thing in the store (and a search of
    /// it would find its own earlier results). Everything else is kept as it was said.
    var transcriptText: String {
        guard ok, let content else { return text }
        switch content {
        case .dashboard(let pets) where !pets.isEmpty:
            let names = pets.prefix(3).map(\.name).joined(separator: ", ") + (pets.count > 3 ? ", …" : "")
            return "(Showed \(DurationText.plural(pets.count, "pet")): \(names).)"
        case .history(let view):
            let title = headline
            return view.events.isEmpty ? String(title) : "(Showed \(title): \(DurationText.plural(view.events.count, "event")).)"
        case .document(_, let summary):
            return "(Showed \(summary).)"
        case .transcript(let messages) where !messages.isEmpty:
            return "(Showed \(DurationText.plural(messages.count, "message")) of the transcript.)"
        case .help:
            return "(Showed " + (slots[.topic].map { "help on “\($0.text)”" } ?? "help") + ".)"
        case .settings:
            return "(Showed the settings.)"
        case .quickActions:
            return "(Showed the quick actions.)"
        default:
            return text
        }
    }
}
