import Foundation
import LaundryCore

/// How the assistant describes pets in words. The same words serve plain output, JSON and the
/// screen reader; the terminal may draw more around them.
enum PetText {
    static let emptyState =
        "No Pets Yet — Create your first laundry pet to get started! Type “create pet NAME”, e.g. “create pet Snowy”."

    /// "Snowy ^‿^ 100% — is so happy! · next: Start Wash" ("· next: Start Dryer at 09:45" while
    /// it washes).
    static func statusLine(_ pet: PetSnapshot) -> String {
        var line = "\(pet.name) \(pet.mood.face) \(pet.health)% — \(pet.statusText)"
        if let timer = pet.stage.timer {
            line += " (\(DurationText.countdown(timer.remaining(at: pet.at))) left)"
        }
        return line + " · next: \(pet.nextStep { clockTime($0) })"
    }

    /// "Snowy ^‿^ — is so happy! (health 100%)", an entry of the list of pets.
    static func listLine(_ pet: PetSnapshot) -> String {
        "\(pet.name) \(pet.mood.face) — \(pet.statusText) (health \(pet.health)%)"
    }

    /// The pet card in words.
    static func card(_ pet: PetSnapshot) -> String {
        var lines = ["\(pet.name) \(pet.mood.face) \(pet.statusText)"]
        if let knownAs = pet.knownAs { lines.append(knownAs) }
        lines.append("Health \(pet.health)% (\(pet.mood.text)) · Stage: \(pet.stage.words) · Next: \(pet.nextStep { clockTime($0) })")
        if let timer = pet.stage.timer {
            let percent = Int((timer.progress(at: pet.at) * 100).rounded(.down))
            lines.append("\(DurationText.countdown(timer.remaining(at: pet.at))) left · \(percent)% done · ends at \(clockTime(timer.endsAt))")
        }
        lines.append(
            "Cycles \(pet.stats.totalCycles) · Streak \(pet.stats.currentStreak) (best \(pet.stats.bestStreak)) · "
                + "Next due \(pet.dueText)")
        if let forecast = pet.forecast() { lines.append(forecast) }
        return lines.joined(separator: "\n")
    }

    /// "U+0007", "U+202E".
    /// What the user typed, quoted in a reply: “…”, cut to its first ``quotedLength`` characters
    /// (a reply that repeats a pasted page back is no help, and the transcript would keep it twice).
    static func quoted(_ text: String) -> String {
        var shown = text.prefix(quotedLength + 1)
        if shown.count > quotedLength { shown = shown.prefix(quotedLength - 1) + "…" }
        return "“\(shown)”"
    }

    static let quotedLength = 60

    static func unicodeName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// "paused until Mon 9 Mar 00:00", "paused until you resume it".
    static func pausedText(_ pet: Pet, now: Date, calendar: Calendar) -> String {
        guard let until = pet.pausedUntil else { return "paused until you resume it" }
        return "paused until \(HistoryText.dayAndTime(until, calendar: calendar, from: now))"
    }

    /// "in 3 days", "now", "2 days ago".
    static func dueText(_ due: Date, now: Date) -> String {
        let seconds = due.timeIntervalSince(now)
        if abs(seconds) < 60 { return "now" }
        return seconds > 0 ? "in \(DurationText.words(seconds))" : "\(DurationText.words(-seconds)) ago"
    }

    /// A local wall-clock time, "09:45", in `calendar`'s time zone (the user's `TZ` by default).
    static func clockTime(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        func twoDigits(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
    }

    static func nameProblem(_ error: PetNameError, raw: String) -> String {
        switch error {
        case .empty:
            "A pet needs a name. Say “create pet NAME”, e.g. “create pet Snowy”."
        case .tooLong(let count):
            "A pet's name can be at most \(PetName.maximumLength) characters; that one has \(count). Pick a shorter name."
        case .overloadedCharacter(let count):
            "A pet's name can hold at most \(PetName.maximumScalarsPerCharacter) code points in one character "
                + "(a letter with its accents, or one emoji); one of this name's has \(count). "
                + "Pick a name with fewer marks on its letters."
        case .invisible:
            "A pet's name needs at least one visible character. Pick another name."
        case .forbiddenCharacter(let scalar):
            "A pet's name cannot contain control or direction characters (it has \(unicodeName(scalar))). Pick another name."
        case .invisibleCharacter(let scalar):
            "A pet's name cannot hold a character that shows as nothing (it has \(characterName(scalar))), "
                + "or two pets could look the same. Pick another name."
        }
    }

    /// "“Ѕnowy” looks the same as Snowy, …": the new name quoted, so the difference can be looked for.
    static func looksTheSame(_ name: PetName, as existing: PetName) -> String {
        "“\(name)” looks the same as \(existing), which you already have. Pick a name that looks different."
    }

    /// "U+3164 HANGUL FILLER": the code and, where Unicode has one, the name, so that an invisible
    /// character can be found and recognised.
    static func characterName(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.name.map { "\(unicodeName(scalar)) \($0)" } ?? unicodeName(scalar)
    }
}
