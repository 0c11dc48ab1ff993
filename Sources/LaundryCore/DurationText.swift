import Foundation

/// How LaundryTime writes spans of time for people.
public enum DurationText {
    /// A countdown as the pet card writes it, minutes and seconds ("12:40", "60:00" for an hour's
    /// dryer) up to 99:59, then with hours ("1:45:00"), to the nearest second — but never "0:00"
    /// while time is left, so a running timer does not look finished.
    public static func countdown(_ seconds: TimeInterval) -> String {
        var total = Int(max(seconds, 0).rounded())
        if total == 0 && seconds > 0 { total = 1 }
        guard total >= 100 * 60 else { return "\(total / 60):\(twoDigits(total % 60))" }
        return "\(total / 3600):\(twoDigits(total / 60 % 60)):\(twoDigits(total % 60))"
    }

    /// A rough span in words, to the nearest unit: "less than a minute", "12 minutes",
    /// "2 hours", "7 days".
    public static func words(_ seconds: TimeInterval) -> String {
        let s = max(seconds, 0)
        func nearest(_ unit: Double) -> Int { Int((s / unit).rounded()) }
        switch s {
        case ..<60: return "less than a minute"
        case ..<(59.5 * 60): return plural(nearest(60), "minute")
        case ..<(3 * 3600 - 150):
            // To five minutes: "1 hour 15 minutes", not "1 hour" for a load that waited 75.
            let fives = nearest(300), hours = fives / 12, minutes = fives % 12 * 5
            return plural(hours, "hour") + (minutes == 0 ? "" : " " + plural(minutes, "minute"))
        case ..<(23.5 * 3600): return plural(nearest(3600), "hour")
        default: return plural(nearest(86_400), "day")
        }
    }

    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
