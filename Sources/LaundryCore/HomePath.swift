import Foundation

/// Paths as a shell reads them.
public enum HomePath {
    /// `path` with a leading "~" or "~/" standing for `$HOME` (the passwd entry's home only when
    /// `HOME` is unset or empty), as a shell expands it. "~user" is left alone.
    public static func expandingTilde(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
