import Foundation

/// Paths as a shell reads them, and the XDG base directories.
public enum HomePath {
    /// `path` with a leading "~" or "~/" standing for `$HOME` (the passwd entry's home only when
    /// `HOME` is unset or empty), as a shell expands it. "~user" is left alone.
    public static func expandingTilde(_ path: String, environment: [String: String] = ProcessEnvironment.current()) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// A base directory of the XDG spec: `$variable` when it is an absolute path (a relative one is
    /// invalid and ignored), else `$HOME/fallback` ("XDG_CONFIG_HOME", ".config").
    public static func xdgBase(_ variable: String, fallback: String,
                               environment: [String: String] = ProcessEnvironment.current()) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return expandingTilde("~/" + fallback, environment: environment)
    }

    /// Where `name` is on `$PATH` (`/usr/bin:/bin` when unset), or nil.
    public static func program(_ name: String, environment: [String: String] = ProcessEnvironment.current()) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
