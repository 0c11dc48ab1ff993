import LaundryCore
import Testing

@Suite struct AppSettingsTests {
    @Test func defaults() {
        let settings = AppSettings.defaults
        #expect(settings.notificationsEnabled)
        #expect(settings.soundEnabled)
        #expect(settings.appearance == .system)
        #expect(settings.storedValue(of: .notifications) == "on")
        #expect(settings.storedValue(of: .sound) == "on")
        #expect(settings.storedValue(of: .appearance) == "system")
    }

    @Test func storedNames() {
        #expect(AppSettings.Key.allCases.map(\.rawValue) == ["notifications", "sound", "appearance", "transcript", "wet_reminder", "fold_reminder"])
        #expect(Appearance.allCases.map(\.rawValue) == ["system", "light", "dark"])
    }

    /// A load left waiting is reminded of after 30 minutes unless set otherwise; 0 or
    /// "off" is never; outside 0…1440 is refused and changes nothing.
    @Test func remindersTakeMinutesOrOff() throws {
        var settings = AppSettings.defaults
        #expect(settings.wetReminderMinutes == 30 && settings.foldReminderMinutes == 30)
        try settings.set(.wetReminder, to: "45")
        try settings.set(.foldReminder, to: "off")
        #expect(settings.wetReminderMinutes == 45 && settings.foldReminderMinutes == 0)
        #expect(settings.shownValue(of: .wetReminder) == "after 45 min" && settings.shownValue(of: .foldReminder) == "off")
        #expect(throws: AppSettingError.self) { try settings.set(.wetReminder, to: "1441") }
        #expect(throws: AppSettingError.self) { try settings.set(.wetReminder, to: "-5") }
        #expect(settings.wetReminderMinutes == 45)
    }

    @Test func switchesTurnOffAndOnAgain() throws {
        var settings = AppSettings.defaults
        try settings.set(.notifications, to: "off")
        #expect(!settings.notificationsEnabled)
        #expect(settings.soundEnabled)
        #expect(settings.storedValue(of: .notifications) == "off")

        try settings.set(.sound, to: "off")
        #expect(!settings.soundEnabled)
        #expect(settings.storedValue(of: .sound) == "off")

        try settings.set(.notifications, to: "on")
        try settings.set(.sound, to: "on")
        #expect(settings == .defaults)
    }

    @Test(arguments: [Appearance.light, .dark, .system])
    func appearanceRoundTrips(mode: Appearance) throws {
        var settings = AppSettings.defaults
        try settings.set(.appearance, to: mode.rawValue)
        #expect(settings.appearance == mode)
        #expect(settings.storedValue(of: .appearance) == mode.rawValue)
    }

    /// Every stored text read back gives the same settings.
    @Test func everyStoredValueSetsBackTheSameSettings() throws {
        let original = AppSettings(notificationsEnabled: false, soundEnabled: true, appearance: .dark)
        var copy = AppSettings.defaults
        for key in AppSettings.Key.allCases {
            try copy.set(key, to: original.storedValue(of: key))
        }
        #expect(copy == original)
    }

    @Test(arguments: ["yes", "ON", "Off", "true", "1", "", " on"])
    func switchValuesOtherThanOnOffAreRefusedAndChangeNothing(text: String) {
        for key in [AppSettings.Key.notifications, .sound] {
            var settings = AppSettings(notificationsEnabled: false, soundEnabled: false, appearance: .light)
            let before = settings
            #expect(throws: AppSettingError.invalidValue(key: key, value: text, allowed: ["on", "off"])) {
                try settings.set(key, to: text)
            }
            #expect(settings == before)
        }
    }

    @Test(arguments: ["blue", "Dark", "", "on"])
    func unknownAppearanceIsRefusedAndChangesNothing(text: String) {
        var settings = AppSettings(notificationsEnabled: true, soundEnabled: false, appearance: .dark)
        let before = settings
        #expect(throws: AppSettingError.invalidValue(key: .appearance, value: text, allowed: ["light", "dark", "system"])) {
            try settings.set(.appearance, to: text)
        }
        #expect(settings == before)
    }
}
