import LaundryCore
/// A word of the line read as another: "satrt" as "start".
public struct WordCorrection: Equatable, Sendable {
    /// The word as typed (normalised).
    public let typed: String
    /// The grammar word it was taken for.
    public let meant: String

    public init(typed: String, meant: String) {
        self.typed = typed
        self.meant = meant
    }
}

extension Command {
    /// The same command, read after correcting some words.
    func corrected(_ corrections: [WordCorrection]) -> Command {
        Command(intent: intent, slots: slots, template: template, corrections: corrections)
    }
}

extension StringProtocol {
    /// Without the white space at its ends.
    var trimmingWhitespace: SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// The word without the punctuation at its edges: "9pm," → "9pm", "(yesterday" → "yesterday".
    var trimmingPunctuation: String {
        let kept = { (character: Character) in character.isLetter || character.isNumber }
        guard let first = firstIndex(where: kept), let last = lastIndex(where: kept) else { return "" }
        return String(self[first...last])
    }
}
