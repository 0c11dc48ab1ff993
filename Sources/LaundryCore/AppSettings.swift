/// The app-wide settings (notifications, sound, appearance, reminders), with their defaults.
public struct AppSettings: Equatable, Sendable, Codable {
    public var notificationsEnabled: Bool
    /// The terminal bell with notifications.
    public var soundEnabled: Bool
    public var appearance: Appearance
    /// How many days the transcript keeps its messages (older ones are pruned once a day).
    public var transcriptDays: Int
    /// Minutes a finished wash may wait for the dryer before a reminder (another at two hours);
    /// 0 for none.
    public var wetReminderMinutes = AppSettings.defaultReminderMinutes
    /// The same for a finished dry that is not folded.
    public var foldReminderMinutes = AppSettings.defaultReminderMinutes

    public static let defaults = AppSettings(notificationsEnabled: true, soundEnabled: true, appearance: .system)
    public static let defaultTranscriptDays = 365
    /// From a day to ten years.
    public static let transcriptDaysRange = 1...3650
    public static let defaultReminderMinutes = 30
    /// 0 (off) to a day.
    public static let reminderMinutesRange = 0...1440

    public init(notificationsEnabled: Bool, soundEnabled: Bool, appearance: Appearance,
                transcriptDays: Int = AppSettings.defaultTranscriptDays) {
        self.notificationsEnabled = notificationsEnabled
        self.soundEnabled = soundEnabled
        self.appearance = appearance
        self.transcriptDays = transcriptDays
    }

    /// Undo records written before `transcriptDays` existed have no such key: they read as the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationsEnabled = try container.decode(Bool.self, forKey: .notificationsEnabled)
        soundEnabled = try container.decode(Bool.self, forKey: .soundEnabled)
        appearance = try container.decode(Appearance.self, forKey: .appearance)
        transcriptDays = try container.decodeIfPresent(Int.self, forKey: .transcriptDays) ?? Self.defaultTranscriptDays
        wetReminderMinutes = try container.decodeIfPresent(Int.self, forKey: .wetReminderMinutes) ?? Self.defaultReminderMinutes
        foldReminderMinutes = try container.decodeIfPresent(Int.self, forKey: .foldReminderMinutes) ?? Self.defaultReminderMinutes
    }

    /// The settings' stored names.
    public enum Key: String, CaseIterable, Sendable {
        case notifications
        case sound
        case appearance
        /// Days the transcript is kept.
        case transcript
        /// Minutes before "the wash waits for the dryer" (0: never).
        case wetReminder = "wet_reminder"
        /// Minutes before "the dry load waits to be folded" (0: never).
        case foldReminder = "fold_reminder"

        /// As replies and the settings view name it: "Notifications", "Dryer reminder".
        public var label: String {
            switch self {
            case .wetReminder: "Dryer reminder"
            case .foldReminder: "Fold reminder"
            default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
            }
        }
    }

    /// The stored text of one setting.
    ///
    /// (The setting's name as replies and the settings view show it is ``Key/label``.)
    public func storedValue(of key: Key) -> String {
        switch key {
        case .notifications: notificationsEnabled ? "on" : "off"
        case .sound: soundEnabled ? "on" : "off"
        case .appearance: appearance.rawValue
        case .transcript: String(transcriptDays)
        case .wetReminder: String(wetReminderMinutes)
        case .foldReminder: String(foldReminderMinutes)
        }
    }

    /// One setting as a reply shows it: the stored text, with its unit where it has one ("365 days").
    public func shownValue(of key: Key) -> String {
        switch key {
        case .transcript: DurationText.plural(transcriptDays, "day")
        case .wetReminder: wetReminderMinutes == 0 ? "off" : "after \(wetReminderMinutes) min"
        case .foldReminder: foldReminderMinutes == 0 ? "off" : "after \(foldReminderMinutes) min"
        default: storedValue(of: key)
        }
    }

    /// Sets one setting from its stored text; a text that is not one of the setting's values is
    /// refused and changes nothing.
    public mutating func set(_ key: Key, to text: String) throws(AppSettingError) {
        switch key {
        case .notifications: notificationsEnabled = try Self.switchValue(text, key: key)
        case .sound: soundEnabled = try Self.switchValue(text, key: key)
        case .appearance:
            guard let mode = Appearance(rawValue: text) else {
                throw .invalidValue(key: key, value: text, allowed: Appearance.spokenOrder.map(\.rawValue))
            }
            appearance = mode
        case .transcript:
            guard let days = Int(text), Self.transcriptDaysRange.contains(days) else {
                throw .invalidValue(key: key, value: text, allowed: ["1 to 3650 days"])
            }
            transcriptDays = days
        case .wetReminder: wetReminderMinutes = try Self.reminderMinutes(text, key: key)
        case .foldReminder: foldReminderMinutes = try Self.reminderMinutes(text, key: key)
        }
    }

    /// A reminder's minutes: a number in the range, or "off" for 0.
    private static func reminderMinutes(_ text: String, key: Key) throws(AppSettingError) -> Int {
        if text == "off" { return 0 }
        guard let minutes = Int(text), reminderMinutesRange.contains(minutes) else {
            throw .invalidValue(key: key, value: text, allowed: ["0 (off) to 1440 minutes"])
        }
        return minutes
    }

    private static func switchValue(_ text: String, key: Key) throws(AppSettingError) -> Bool {
        switch text {
        case "on": return true
        case "off": return false
        default: throw .invalidValue(key: key, value: text, allowed: ["on", "off"])
        }
    }
}

/// Which palette the terminal uses: `system` follows the terminal's own background.
public enum Appearance: String, CaseIterable, Sendable, Codable {
    case system
    case light
    case dark

    /// As a sentence names them: "light, dark or system".
    public static let spokenOrder: [Appearance] = [.light, .dark, .system]
}

public enum AppSettingError: Error, Equatable, Sendable {
    case invalidValue(key: AppSettings.Key, value: String, allowed: [String])
}
