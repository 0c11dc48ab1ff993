import Foundation
import LaundryPlatform
import LaundryCore

/// Where the database lives: `--data-dir`, else `LAUNDRYTIME_HOME`, else
/// `$XDG_DATA_HOME/laundrytime`, else `~/.local/share/laundrytime`.
public struct StoreLocation: Equatable, Sendable {
    public let directory: URL

    public static let fileName = "laundrytime.sqlite"

    public init(directory: URL) {
        self.directory = Self.isStandard(directory) ? directory : directory.standardizedFileURL
    }

    /// Whether Foundation's `standardizedFileURL` would give `url` back as it is: an absolute file
    /// path with no `.` or `..`, no doubled or trailing slash, and none of the automount prefixes
    /// Foundation strips. Such a path — the usual one — skips the standardising, whose first use
    /// costs a one-shot command 2 % (docs/speed.md; StoreLocationTests hold it to Foundation).
    package static func isStandard(_ url: URL) -> Bool {
        guard url.isFileURL, url.baseURL == nil else { return false }
        // As the URL holds it: a directory's ends with one "/", which standardising keeps.
        let path = url.path(percentEncoded: true)
        guard path.hasPrefix("/"), !path.contains("//"), !path.contains("\\"),
              !path.hasPrefix("/private"), !path.hasPrefix("/var/automount") else { return false }
        return !path.split(separator: "/").contains { $0 == "." || $0 == ".." }
    }

    /// The database file. Made from the directory's path: Foundation's `appendingPathComponent`
    /// gives the same URL (StoreLocationTests), but its first use costs a one-shot command 1 %.
    public var databaseURL: URL {
        let folder = directory.path
        return URL(fileURLWithPath: (folder.hasSuffix("/") ? folder : folder + "/") + Self.fileName, isDirectory: false)
    }

    /// Picks the directory from an explicit option and the environment, in that order.
    public static func resolve(dataDirectory: String?, environment: [String: String]) -> StoreLocation {
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        if let explicit = dataDirectory, !explicit.isEmpty {
            return StoreLocation(directory: URL(fileURLWithPath: HomePath.expandingTilde(explicit, environment: environment)))
        }
        if let home = nonEmpty("LAUNDRYTIME_HOME") {
            return StoreLocation(directory: URL(fileURLWithPath: HomePath.expandingTilde(home, environment: environment)))
        }
        let data = HomePath.xdgBase("XDG_DATA_HOME", fallback: ".local/share", environment: environment)
        return StoreLocation(directory: URL(fileURLWithPath: data).appendingPathComponent("laundrytime"))
    }
}
