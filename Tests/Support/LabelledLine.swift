import Foundation
import LaundryCore
import LaundryGrammar

/// A sentence of a corpus with what it should be understood as: its intent, its slots and, in a
/// blind corpus, the kind of phrasing. The labels are those of `Grammars/tests/README.md`: a pet
/// is the stored name of the pet the words name (or the words, when they name none), every other
/// slot its normalised value (`minutes=90`, `range=this_week`) or, for free text, the words.
public struct LabelledLine: Sendable, Equatable {
    public let text: String
    public let intent: Intent
    /// The labelled slots by slot name; slots the line has and the label leaves out are not judged.
    public let slots: [String: String]
    /// The kind of phrasing ("plain", "typo", "petfirst", …), in a blind corpus; nil in the
    /// per-intent files, which do not say.
    public let kind: String?
    /// Where the line is: "start_wash.txt:4", "blind-1.tsv:12".
    public let location: String

    public init(text: String, intent: Intent, slots: [String: String], kind: String? = nil, location: String) {
        self.text = text
        self.intent = intent
        self.slots = slots
        self.kind = kind
        self.location = location
    }

    /// Whether the line answers a yes/no question, so that it is said after one.
    public var answersAQuestion: Bool { intent == .confirm || intent == .deny }

    /// "pet=Snowy; minutes=40": the slots as the corpus files write them, in key order.
    public var slotsText: String { Self.text(of: slots) }

    /// Reads `key=value; key=value` (spaces around either side ignored; a range's inner spaces
    /// are underscores).
    public static func slots(in text: String) -> [String: String] {
        var slots: [String: String] = [:]
        for pair in text.split(separator: ";") {
            let keyValue = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard keyValue.count == 2 else { continue }
            // A range as the writers' brief spells it ("last 30 days") is the value it names.
            slots[keyValue[0]] = keyValue[0] == "range" ? keyValue[1].replacingOccurrences(of: " ", with: "_") : keyValue[1]
        }
        return slots
    }

    /// Slots written the way the corpus files write them, in key order.
    public static func text(of slots: [String: String]) -> String {
        slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }
}
