import Foundation
import LaundryCore

/// 2025-01-01T00:00:00Z. Every instant in these tests is built from this one, so that no test reads
/// the wall clock and every difference is a whole number of seconds (exact in a `Double`).
let t0 = Date(timeIntervalSince1970: 1_735_689_600)

let minute: TimeInterval = 60
let hour: TimeInterval = 3_600
let day: TimeInterval = 86_400

extension Date {
    /// `self` moved by whole units; `Double` keeps half days ("3.5 days") exact.
    func plus(days: Double = 0, hours: Double = 0, minutes: Double = 0, seconds: Double = 0) -> Date {
        addingTimeInterval(days * day + hours * hour + minutes * minute + seconds)
    }
}

/// A pet named Snowy (or `name`), cared for at `caredAt`.
func makePet(
    _ name: String = "Snowy",
    settings: CycleSettings = .standard,
    caredAt: Date = t0,
    stats: PetStats = PetStats(),
    cycle: CycleState = .idle
) throws -> Pet {
    Pet(name: try PetName(name), settings: settings, createdAt: caredAt, stats: stats, cycle: cycle)
}

extension CycleOutcome {
    /// The changed pet, when the step was taken.
    var pet: Pet? {
        if case .changed(let pet, _) = self { return pet }
        return nil
    }

    /// The event to record, when the step was taken.
    var event: CycleEvent? {
        if case .changed(_, let event) = self { return event }
        return nil
    }
}
