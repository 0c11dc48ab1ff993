/// The app-wide settings of seed 000 §4, with their defaults.
public struct AppSettings: Equatable, Sendable, Codable {
    public var notificationsEnabled: Bool
    /// The terminal bell with notifications.
    public var soundEnabled: Bool
    public var appearance: Appearance

    public static let defaults = AppSettings(notificationsEnabled: true, soundEnabled: true, appearance: .system)

    public init(notificationsEnabled: Bool, soundEnabled: Bool, appearance: Appearance) {
        self.notificationsEnabled = notificationsEnabled
        self.soundEnabled = soundEnabled
        self.appearance = appearance
    }

    /// The settings' stored names.
    public enum Key: String, CaseIterable, Sendable {
        case notifications
        case sound
        case appearance
    }

    /// The stored text of one setting.
    public func storedValue(of key: Key) -> String {
        switch key {
        case .notifications: notificationsEnabled ? "on" : "off"
        case .sound: soundEnabled ? "on" : "off"
        case .appearance: appearance.rawValue
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
                throw .invalidValue(key: key, value: text, allowed: Appearance.allCases.map(\.rawValue))
            }
            appearance = mode
        }
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
}

public enum AppSettingError: Error, Equatable, Sendable {
    case invalidValue(key: AppSettings.Key, value: String, allowed: [String])
}
