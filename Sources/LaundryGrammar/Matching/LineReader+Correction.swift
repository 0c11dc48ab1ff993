import Foundation
import LaundryCore

/// A line that corrects itself: "set buddy's wash to 30, make that 35", "start wash for
/// snowy, sorry I meant fluffy", "fold snowy, no wait, start her dryer". What follows the
/// correction replaces what came before it — a whole command, or the pet, number or time it
/// names — and nothing is ever read from the part taken back.
extension LineReader {
    enum CorrectionReading {
        /// The command as corrected.
        case corrected(Command)
        /// The command was taken back ("start wash for snowy no wait"), or what replaces it is not
        /// clear: nothing is read from the line.
        case takenBack
    }

    /// The kinds of cue that may correct what came before them. (A switch, not a `Set`: a
    /// `Set` of the kinds hashes each one's raw value, asked for every word of every line.)
    static func corrects(_ kind: Cue.Kind) -> Bool {
        switch kind {
        case .correction, .restatement: true
        default: false
        }
    }

    /// The first correction after a command, read; nil when the line holds none (then it is read
    /// as any other line).
    func readCorrection(_ line: Matcher.Line, original text: String, pets: PetNameIndex) -> CorrectionReading? {
        guard cues.mayHoldCorrection(in: line.words) else { return nil }
        for cue in cues.cues(in: line.words, clause: 0) where Self.corrects(cue.kind) && cue.position > 0 {
            let first = line.tokens[cue.position], last = line.tokens[cue.position + cue.words.count - 1]
            let before = Self.trimmed(text[..<first.chunk.lowerBound]), after = Self.trimmed(text[last.chunk.upperBound...])
            guard let earlier = readPart(before, pets: pets) else { continue }
            guard !after.isEmpty else { return cue.kind == .correction ? .takenBack : nil }
            // A pet's name alone is what replaces the earlier pet, not "show fluffy".
            if let later = readPart(after, pets: pets), !isOnlyAPet(after, pets: pets) {
                // "…, no wait, start her dryer": the pet of the command taken back, when the later
                // one names none.
                if let pet = earlier[.pet], later[.pet]?.isPronoun ?? matcher.graph.intentsTakingPet.contains(later.intent) {
                    return .corrected(later.with(.pet, pet))
                }
                return .corrected(later)
            }
            return replacing(in: earlier, said: before, with: after, pets: pets).map(CorrectionReading.corrected) ?? .takenBack
        }
        return nil
    }

    /// The earlier command with one of its values replaced by the words after the correction:
    /// its pet ("…, sorry I meant fluffy"), a number ("…, make that 35") or a time ("…, no wait,
    /// monday") — tried in the words that said it, the first that reads as the same command with
    /// that value changed.
    private func replacing(in earlier: Command, said before: String, with fragment: String, pets: PetNameIndex) -> Command? {
        let order: [SlotKind] = [.pet, .minutes, .days, .count, .until, .at, .range, .name, .value, .format, .path]
        for kind in order {
            guard let slot = earlier[kind], let range = before.range(of: slot.text, options: [.caseInsensitive, .backwards]) else { continue }
            // "until friday" → "until monday": the slot's first word kept, when the fragment alone does not read.
            let kept = slot.text.split(separator: " ").first.map { "\($0) \(fragment)" }
            for replacement in [fragment, kept].compactMap({ $0 }) {
                let sentence = before.replacingCharacters(in: range, with: replacement)
                guard let command = readPart(sentence, pets: pets), command.intent == earlier.intent,
                      let changed = command[kind], changed.content != slot.content || changed.knownPet != slot.knownPet
                else { continue }
                return command
            }
        }
        return nil
    }

    /// A part of a line read as typed, or with a pet set aside.
    private func readPart(_ part: String, pets: PetNameIndex) -> Command? {
        guard !part.isEmpty, let line = matcher.prepare(part, pets: pets) else { return nil }
        return readExactly(line, original: part, pets: pets)
    }

    private func isOnlyAPet(_ part: String, pets: PetNameIndex) -> Bool {
        guard let line = matcher.prepare(part, pets: pets) else { return false }
        return line.words.indices.allSatisfy(line.isPetWord)
    }

    /// A part of a line without the spaces and the punctuation around it (", no wait, 40").
    private static func trimmed(_ part: Substring) -> String {
        String(part.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",;:.!?—–-"))))
    }
}
