import Foundation
import LaundryPlatform
import LaundryCore

/// Where the database lives: `--data-dir`, else `LAUNDRYTIME_HOME`, else
/// `$XDG_DATA_HOME/laundrytime`, else `~/.local/share/laundrytime`.
public struct StoreLocation: Equatable, Sendable {
    public let directory: URL

    public static let fileName = "laundrytime.sqlite"

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    public var databaseURL: URL { directory.appendingPathComponent(Self.fileName) }

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
