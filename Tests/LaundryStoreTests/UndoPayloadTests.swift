import Foundation
import LaundryCore
@testable import LaundryStore
import LaundryTestSupport
import Testing

/// The hand-written undo payload must read back, through `JSONDecoder` and the types' own Codable,
/// as exactly the record it was written from — as `JSONEncoder`'s output does.
@Suite struct UndoPayloadTests {
    @Test func randomRecordsReadBackExactly() throws {
        var random = SplitMix64(seed: 0x5EED_0DD0)
        for round in 0..<2_000 {
            let record = Self.record(using: &random)
            let payload = UndoPayload.json(record)
            let decoded = try JSONDecoder().decode(UndoRecord.self, from: Data(payload.utf8))
            #expect(decoded == record, "round \(round): \(payload)")
            // The same value JSONEncoder's text gives.
            let reference = try JSONDecoder().decode(UndoRecord.self, from: JSONEncoder().encode(record))
            #expect(decoded == reference, "round \(round)")
            if decoded != record { return }
        }
    }

    @Test func textIsEscaped() throws {
        let summary = "renamed \"Mr. \\Fluff\" to Zoë 🧺\n\u{1}"
        let record = UndoRecord(summary: summary, steps: [.removePet(id: 7)])
        let payload = UndoPayload.json(record)
        #expect(!payload.contains("\n") && !payload.contains("\u{1}"))
        #expect(try JSONDecoder().decode(UndoRecord.self, from: Data(payload.utf8)) == record)
    }

    // MARK: - Random records

    private static func record(using random: inout SplitMix64) -> UndoRecord {
        let steps = (0..<Int.random(in: 0...4, using: &random)).map { _ in step(using: &random) }
        return UndoRecord(summary: text(using: &random), steps: steps)
    }

    private static func step(using random: inout SplitMix64) -> UndoStep {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .restorePet(pet(using: &random))
        case 1: .removePet(id: .random(in: 1...Int64.max, using: &random))
        case 2: .removeEvent(id: .random(in: 1...1_000_000, using: &random))
        case 3: .restoreEvents((0..<Int.random(in: 0...3, using: &random)).map { _ in event(using: &random) })
        default:
            .restoreSettings(AppSettings(notificationsEnabled: .random(using: &random), soundEnabled: .random(using: &random),
                                         appearance: Appearance.allCases.randomElement(using: &random)!,
                                         transcriptDays: .random(in: AppSettings.transcriptDaysRange, using: &random)))
        }
    }

    private static func pet(using random: inout SplitMix64) -> Pet {
        let window = TimerWindow(startedAt: date(using: &random), endsAt: date(using: &random))
        let cycles: [CycleState] = [.idle, .washing(window), .washDone, .drying(window), .dryDone]
        // A name that PetName takes: no controls, trimmed, not too long.
        let name = String(String(text(using: &random).unicodeScalars.filter { !PetName.isForbidden($0) }).prefix(20))
            .trimmingCharacters(in: .whitespaces)
        return Pet(
            id: Bool.random(using: &random) ? nil : .random(in: 1...10_000, using: &random),
            name: try! PetName(name.isEmpty ? "P" : name),
            settings: CycleSettings(washMinutes: .random(in: 1...120, using: &random), dryMinutes: .random(in: 1...120, using: &random),
                                    frequencyDays: .random(in: 1...30, using: &random)),
            createdAt: date(using: &random), lastCaredAt: date(using: &random),
            stats: PetStats(totalCycles: .random(in: 0...10_000, using: &random), currentStreak: .random(in: 0...99, using: &random),
                            bestStreak: .random(in: 0...99, using: &random)),
            cycle: cycles.randomElement(using: &random)!)
    }

    private static func event(using random: inout SplitMix64) -> RecordedEvent {
        RecordedEvent(id: .random(in: 1...1_000_000, using: &random), petId: .random(in: 1...10_000, using: &random),
                      petName: text(using: &random), kind: RecordedEvent.Kind.allCases.randomElement(using: &random)!,
                      at: date(using: &random), endsAt: Bool.random(using: &random) ? date(using: &random) : nil)
    }

    /// Whole seconds, milliseconds (what the store keeps), and any double at all.
    private static func date(using random: inout SplitMix64) -> Date {
        let seconds = Double.random(in: -3e10...3e10, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Date(timeIntervalSinceReferenceDate: seconds.rounded())
        case 1: return Date(timeIntervalSinceReferenceDate: (seconds * 1000).rounded() / 1000)
        default: return Date(timeIntervalSinceReferenceDate: seconds / Double.random(in: 1...1e12, using: &random))
        }
    }

    private static func text(using random: inout SplitMix64) -> String {
        let pieces = ["Snowy", "Mr. Fluff", "Zoë", "🧺", "👨‍👩‍👧", "\"", "\\", "/", " ", "née", "日本", "\u{7F}", "\t", "x"]
        return (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
}
