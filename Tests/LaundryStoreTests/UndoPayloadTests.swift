import Foundation
import LaundryCore
@testable import LaundryStore
import LaundryTestSupport
import Testing

/// The undo payload (``JSONStreamEncoder``) must be the JSON `JSONEncoder` writes, and read back
/// through `JSONDecoder` as exactly the record it was written from.
@Suite struct UndoPayloadTests {
    @Test func randomRecordsReadBackExactly() throws {
        var random = SplitMix64(seed: 0x5EED_0DD0)
        for round in 0..<2_000 {
            let record = Self.record(using: &random)
            let payload = try UndoPayload.json(record)
            let decoded = try JSONDecoder().decode(UndoRecord.self, from: Data(payload.utf8))
            #expect(decoded == record, "round \(round): \(payload)")
            // The same JSON as JSONEncoder's text.
            let ours = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? NSDictionary
            #expect(ours != nil && ours == theirs, "round \(round): \(payload)")
            if decoded != record || ours != theirs { return }
        }
    }

    @Test func textIsEscaped() throws {
        let summary = "renamed \"Mr. \\Fluff\" to Zoë 🧺\n\u{1}"
        let record = UndoRecord(summary: summary, steps: [.removePet(id: 7)])
        let payload = try UndoPayload.json(record)
        #expect(!payload.contains("\n") && !payload.contains("\u{1}"))
        #expect(try JSONDecoder().decode(UndoRecord.self, from: Data(payload.utf8)) == record)
    }

    /// Every key JSONEncoder writes is written, for a record that holds every kind of step with
    /// every optional set.
    @Test func everyFieldJSONEncoderWritesIsWritten() throws {
        let at = Date(timeIntervalSinceReferenceDate: 800_000_000.5)
        let window = TimerWindow(startedAt: at, endsAt: at.addingTimeInterval(2700))
        let pets = [CycleState.idle, .washing(window), .washDone, .drying(window), .dryDone].map { cycle in
            Pet(id: 3, name: try! PetName("Snowy"), settings: CycleSettings(washMinutes: 40, dryMinutes: 50, frequencyDays: 4),
                createdAt: at, lastCaredAt: at, stats: PetStats(totalCycles: 9, currentStreak: 2, bestStreak: 4), cycle: cycle,
                pausedAt: at, pausedUntil: at.addingTimeInterval(86_400), heldMilliseconds: 3_600_000)
        }
        let events = RecordedEvent.Kind.allCases.map { kind in
            RecordedEvent(id: 5, petId: 3, petName: "Snowy", kind: kind, at: at, endsAt: at.addingTimeInterval(60))
        }
        let settings = AppSettings(notificationsEnabled: false, soundEnabled: true, appearance: .dark, transcriptDays: 30)
        for value in [pets[1] as Any, events[0], settings] {
            #expect(Self.unsetOptionals(in: value).isEmpty,
                    "set every optional of this sample, so that the keys compared below include it: \(Self.unsetOptionals(in: value))")
        }
        let record = UndoRecord(summary: "everything", steps: pets.map(UndoStep.restorePet)
            + [.removePet(id: 3), .removeEvent(id: 5), .restoreEvents(events), .restoreSettings(settings)])
        let byHand = Self.keyPaths(try JSONSerialization.jsonObject(with: Data(try UndoPayload.json(record).utf8)))
        let byEncoder = Self.keyPaths(try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)))
        #expect(byEncoder.subtracting(byHand).isEmpty, "written by JSONEncoder only: \(byEncoder.subtracting(byHand).sorted())")
        #expect(byHand.subtracting(byEncoder).isEmpty, "written by JSONStreamEncoder only: \(byHand.subtracting(byEncoder).sorted())")
    }

    /// Every path of object keys in a JSON value ("steps.restorePet._0.cycle"), array positions left out.
    private static func keyPaths(_ json: Any, prefix: String = "") -> Set<String> {
        switch json {
        case let object as [String: Any]:
            object.reduce(into: Set<String>()) { paths, member in
                let path = prefix.isEmpty ? member.key : prefix + "." + member.key
                paths.insert(path)
                paths.formUnion(keyPaths(member.value, prefix: path))
            }
        case let array as [Any]:
            array.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1, prefix: prefix)) }
        default:
            []
        }
    }

    /// The labels of the optional stored properties that are nil, at any depth.
    private static func unsetOptionals(in value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return unsetOptionals(in: wrapped, path: path)
        }
        return mirror.children.flatMap { child in
            unsetOptionals(in: child.value, path: path.isEmpty ? child.label ?? "?" : path + "." + (child.label ?? "?"))
        }
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
            cycle: cycles.randomElement(using: &random)!,
            pausedAt: Bool.random(using: &random) ? nil : date(using: &random),
            pausedUntil: Bool.random(using: &random) ? nil : date(using: &random),
            heldMilliseconds: Bool.random(using: &random) ? nil : .random(in: 1...86_400_000_000, using: &random))
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
