/// A pet's own timings: how long its wash and its dry take, and how often its laundry is due.
public struct CycleSettings: Equatable, Sendable, Codable {
    /// Minutes a wash takes, 1–120 (default 45).
    public var washMinutes: Int
    /// Minutes a dry takes, 1–120 (default 60).
    public var dryMinutes: Int
    /// Laundry is due every this many days, 1–30 (default 7).
    public var frequencyDays: Int

    public static let minutesRange = 1...120
    public static let frequencyRange = 1...30
    public static let standard = CycleSettings(washMinutes: 45, dryMinutes: 60, frequencyDays: 7)

    /// Builds settings from values already checked with ``validateMinutes(_:)`` and
    /// ``validateFrequency(_:)`` (or read back from the store, whose schema checks them too).
    public init(washMinutes: Int, dryMinutes: Int, frequencyDays: Int) {
        self.washMinutes = washMinutes
        self.dryMinutes = dryMinutes
        self.frequencyDays = frequencyDays
    }

    /// Checks a wash or dry duration a user asked for.
    public static func validateMinutes(_ minutes: Int) throws(SettingValueError) -> Int {
        guard minutesRange.contains(minutes) else { throw .outOfRange(minutes, minutesRange) }
        return minutes
    }

    /// Checks a frequency a user asked for.
    public static func validateFrequency(_ days: Int) throws(SettingValueError) -> Int {
        guard frequencyRange.contains(days) else { throw .outOfRange(days, frequencyRange) }
        return days
    }
}

public enum SettingValueError: Error, Equatable, Sendable {
    case outOfRange(Int, ClosedRange<Int>)
}
