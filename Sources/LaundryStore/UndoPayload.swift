import Foundation
import LaundryCore

/// The undo stack's payload: an ``LaundryCore/UndoRecord`` as the JSON that `JSONEncoder` makes of
/// it (the types' synthesized Codable, dates as seconds since 2001), written by hand.
///
/// Most commands push an undo record, and encoding it through Codable and `JSONEncoder` was about
/// a tenth of what a scripted command cost (Benchmarks/RESULTS.md). Reading stays with
/// `JSONDecoder`, so payloads written before, and any written here, read the same way;
/// `UndoPayloadTests` decodes random records written here and compares them with the originals.
enum UndoPayload {
    static func json(_ record: UndoRecord) -> String {
        let out = JSONText()
        out.object {
            out.key("summary"); out.string(record.summary)
            out.key("steps"); out.array(record.steps) { out.step($0) }
        }
        return out.text
    }
}

/// A JSON text being written, with the shapes Swift's synthesized Codable gives our types. A class:
/// the closures that write an object's members write to the same text.
private final class JSONText {
    private(set) var text = ""
    /// Whether the next member of the object or array being written needs a comma first.
    private var needsComma = false

    func object(_ members: () -> Void) {
        separate()
        text += "{"
        needsComma = false
        members()
        text += "}"
        needsComma = true
    }

    func array<Element>(_ elements: [Element], _ write: (Element) -> Void) {
        separate()
        text += "["
        needsComma = false
        elements.forEach(write)
        text += "]"
        needsComma = true
    }

    func key(_ name: String) {
        separate()
        text += "\""
        text += name
        text += "\":"
        needsComma = false
    }

    func string(_ value: String) {
        separate()
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
        needsComma = true
    }

    func number(_ value: Int64) { raw(String(value)) }
    func number(_ value: Int) { raw(String(value)) }
    func bool(_ value: Bool) { raw(value ? "true" : "false") }

    /// A date as `Date`'s own Codable has it: seconds since 2001-01-01, a Double written so that it
    /// reads back exactly (Swift's shortest round-tripping form).
    func date(_ value: Date) {
        let seconds = value.timeIntervalSinceReferenceDate
        raw(seconds.isFinite && seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : "\(seconds)")
    }

    private func raw(_ literal: String) {
        separate()
        text += literal
        needsComma = true
    }

    private func separate() {
        if needsComma { text += "," }
        needsComma = false
    }

    // MARK: - LaundryCore's types, member by member as their synthesized Codable writes them

    /// An enum case with associated values: `{"case":{"label":value}}`, `_0` for an unlabelled one.
    func enumCase(_ name: String, _ associated: () -> Void = {}) {
        object {
            key(name)
            object(associated)
        }
    }

    func step(_ step: UndoStep) {
        switch step {
        case .restorePet(let pet): enumCase("restorePet") { key("_0"); self.pet(pet) }
        case .removePet(let id): enumCase("removePet") { key("id"); number(id) }
        case .removeEvent(let id): enumCase("removeEvent") { key("id"); number(id) }
        case .restoreEvents(let events): enumCase("restoreEvents") { key("_0"); array(events) { event($0) } }
        case .restoreSettings(let settings): enumCase("restoreSettings") { key("_0"); self.settings(settings) }
        }
    }

    func pet(_ pet: Pet) {
        object {
            if let id = pet.id { key("id"); number(id) }
            key("name"); string(pet.name.value)
            key("settings")
            object {
                key("washMinutes"); number(pet.settings.washMinutes)
                key("dryMinutes"); number(pet.settings.dryMinutes)
                key("frequencyDays"); number(pet.settings.frequencyDays)
            }
            key("createdAt"); date(pet.createdAt)
            key("lastCaredAt"); date(pet.lastCaredAt)
            key("stats")
            object {
                key("totalCycles"); number(pet.stats.totalCycles)
                key("currentStreak"); number(pet.stats.currentStreak)
                key("bestStreak"); number(pet.stats.bestStreak)
            }
            key("cycle"); cycle(pet.cycle)
        }
    }

    func cycle(_ cycle: CycleState) {
        switch cycle {
        case .idle: enumCase("idle")
        case .washing(let window): enumCase("washing") { key("_0"); timer(window) }
        case .washDone: enumCase("washDone")
        case .drying(let window): enumCase("drying") { key("_0"); timer(window) }
        case .dryDone: enumCase("dryDone")
        }
    }

    func timer(_ window: TimerWindow) {
        object {
            key("startedAt"); date(window.startedAt)
            key("endsAt"); date(window.endsAt)
        }
    }

    func event(_ event: RecordedEvent) {
        object {
            key("id"); number(event.id)
            key("petId"); number(event.petId)
            key("petName"); string(event.petName)
            key("kind"); string(event.kind.rawValue)
            key("at"); date(event.at)
            if let endsAt = event.endsAt { key("endsAt"); date(endsAt) }
        }
    }

    func settings(_ settings: AppSettings) {
        object {
            key("notificationsEnabled"); bool(settings.notificationsEnabled)
            key("soundEnabled"); bool(settings.soundEnabled)
            key("appearance"); string(settings.appearance.rawValue)
            key("transcriptDays"); number(settings.transcriptDays)
        }
    }
}
