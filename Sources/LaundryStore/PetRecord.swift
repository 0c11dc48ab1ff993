import Foundation
import GRDB
import LaundryCore

/// A pet's row. Converts to and from ``LaundryCore/Pet``; the stage is stored as the last
/// commanded step with its timer, never as "done" (that is a question of time).
struct PetRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "pet"

    var id: Int64?
    var name: String
    var nameKey: String
    var washMinutes: Int
    var dryMinutes: Int
    var frequencyDays: Int
    var createdAt: Date
    var lastCaredAt: Date
    var totalCycles: Int
    var currentStreak: Int
    var bestStreak: Int
    var stage: String
    var timerStartedAt: Date?
    var timerEndsAt: Date?

    init(_ pet: Pet) {
        id = pet.id
        name = pet.name.value
        nameKey = pet.name.key
        washMinutes = pet.settings.washMinutes
        dryMinutes = pet.settings.dryMinutes
        frequencyDays = pet.settings.frequencyDays
        createdAt = pet.createdAt
        lastCaredAt = pet.lastCaredAt
        totalCycles = pet.stats.totalCycles
        currentStreak = pet.stats.currentStreak
        bestStreak = pet.stats.bestStreak
        switch pet.cycle {
        case .idle: stage = "idle"
        case .washing: stage = "washing"
        case .washDone: stage = "wash_done"
        case .drying: stage = "drying"
        case .dryDone: stage = "dry_done"
        }
        timerStartedAt = pet.cycle.timer?.startedAt
        timerEndsAt = pet.cycle.timer?.endsAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The pet, or nil when the row holds something no LaundryTime writes.
    func pet() -> Pet? {
        guard let petName = try? PetName(name), let cycle = cycleState() else { return nil }
        return Pet(
            id: id,
            name: petName,
            settings: CycleSettings(washMinutes: washMinutes, dryMinutes: dryMinutes, frequencyDays: frequencyDays),
            createdAt: createdAt,
            lastCaredAt: lastCaredAt,
            stats: PetStats(totalCycles: totalCycles, currentStreak: currentStreak, bestStreak: bestStreak),
            cycle: cycle
        )
    }

    private func cycleState() -> CycleState? {
        func window() -> TimerWindow? {
            guard let start = timerStartedAt, let end = timerEndsAt, end >= start else { return nil }
            return TimerWindow(startedAt: start, endsAt: end)
        }
        switch stage {
        case "idle": return .idle
        case "washing": return window().map(CycleState.washing)
        case "wash_done": return .washDone
        case "drying": return window().map(CycleState.drying)
        case "dry_done": return .dryDone
        default: return nil
        }
    }
}

/// A row of a pet's laundry history.
struct CycleEventRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "cycleEvent"

    var id: Int64?
    var petId: Int64
    var petName: String
    var kind: String
    var at: Date
    var endsAt: Date?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var recorded: RecordedEvent {
        RecordedEvent(id: id ?? 0, petId: petId, petName: petName, kind: kind, at: at, endsAt: endsAt)
    }
}

struct UndoEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "undoEntry"

    var id: Int64?
    var at: Date
    var summary: String
    var payload: String
}

/// One message of the conversation.
struct TranscriptMessageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "transcriptMessage"

    var id: Int64?
    var at: Date
    var role: String
    var text: String
    var intent: String?
    var ok: Bool?
    var petName: String?

    var message: TranscriptMessage {
        TranscriptMessage(
            at: at, role: TranscriptMessage.Role(rawValue: role) ?? .assistant,
            text: text, intent: intent, ok: ok, petName: petName)
    }
}

struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"

    var key: String
    var value: String
}
