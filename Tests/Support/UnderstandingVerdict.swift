import LaundryAssistant
import LaundryGrammar
import LaundryTerminal

/// How the assistant's reply to a labelled line compares with the label — how well people's own
/// words are understood (docs/grammar.md), taken through the whole assistant so that every layer
/// between the words and the reply counts.
public enum UnderstandingVerdict: String, Sendable, CaseIterable {
    /// The intent, the pet and every other labelled slot are those of the label.
    case right
    /// Another intent than the label's (for an `unknown` line: any intent at all).
    case wrongIntent = "wrong intent"
    /// The right intent about another pet, or about none.
    case wrongPet = "wrong pet"
    /// The right intent and pet, with a labelled slot that differs (minutes, name, range, …).
    case wrongValue = "wrong value"
    /// The reply is `unknown`: the line was not understood at all.
    case notUnderstood = "not understood"

    /// Judges `reply` against `line`.
    ///
    /// A reply that asks back counts by the intent it proposes: "Delete Snowy? (yes/no)" and a
    /// guess waiting for a yes are `delete_pet` and the guessed intent; "Which pet?" is the intent
    /// without a pet. A labelled pet that is one of `pets` must be the reply's pet (so a
    /// misspelling counts when the assistant took it for the right pet); any other labelled pet —
    /// an unknown one, `pet=rex`, or a pronoun with nobody talked about yet, `pet=it` — must be
    /// the reply's words for it, about no pet. A rename's pet is the one it renamed.
    public init(_ reply: Reply, for line: LabelledLine, pets: [String]) {
        if line.intent == .unknown {
            self = reply.intent == .unknown ? .right : .wrongIntent
            return
        }
        guard reply.intent != .unknown else { self = .notUnderstood; return }
        guard reply.intent == line.intent else { self = .wrongIntent; return }
        if let pet = line.slots["pet"] {
            let named = pets.contains(pet)
                ? reply.pet == pet || Self.renamed(pet, in: reply)
                : reply.pet == nil && reply.contractSlots["pet"] == pet
            guard named else { self = .wrongPet; return }
        }
        let valuesMatch = line.slots.allSatisfy { key, value in
            key == "pet" || reply.contractSlots[key].map { Self.sameMeaning(key, $0, value) } == true
        }
        self = valuesMatch ? .right : .wrongValue
    }

    /// Whether a reply's slot value means what the label's does. "Last week" is the calendar week
    /// before this one, and "last month" the calendar month (they were spans of days once); the
    /// sets written before that labelled them either way (`last_week` or `last_7_days`, as each
    /// writer read the brief's "last 30 days"), and both answer what was asked: either reading is
    /// right.
    static func sameMeaning(_ key: String, _ replied: String, _ labelled: String) -> Bool {
        guard key == "range" else { return replied == labelled }
        let calendarSpans = ["last_week": "last_7_days", "last_month": "last_30_days"]
        return (calendarSpans[replied] ?? replied) == (calendarSpans[labelled] ?? labelled)
    }

    /// Whether `reply` renamed the pet called `pet`. Its `pet` is the pet's stored name, which is
    /// the new one once renamed; the old one only its text says ("Snowy is now called Flake.").
    private static func renamed(_ pet: String, in reply: Reply) -> Bool {
        guard reply.intent == .renamePet, reply.ok, let now = reply.pet else { return false }
        // After a guess at a misspelling, the text starts "(I took “snowi” to mean Snowy.) ".
        let renaming = "\(pet) is now called \(now)."
        return reply.text.hasPrefix(renaming) || reply.text.contains(") " + renaming)
    }
}
