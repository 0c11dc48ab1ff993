import Foundation

/// A user's hooks folder for a test (`$XDG_CONFIG_HOME/laundrytime/hooks`), and the scripts in it.
public struct UserHooks {
    /// What `XDG_CONFIG_HOME` names.
    public let config: URL
    public var folder: URL { config.appendingPathComponent("laundrytime/hooks") }

    public init(config: URL) {
        self.config = config
    }

    /// Writes a hook: a shell script of the user's, mode 0700 (only they may write it) unless
    /// told otherwise, in a folder of theirs.
    public func write(_ event: String, _ body: String, mode: mode_t = 0o700) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = folder.appendingPathComponent(event).path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
    }

    /// The environment that makes `laundrytime` find these hooks, with their time limit: by
    /// default the longest allowed, since a test's hooks end at once, and on a loaded machine
    /// (the whole suite in parallel on CI's two cores) a shell may take more than the usual five
    /// seconds to start and write a line — a hook cut off there made a test fail once. A test of
    /// the limit itself gives its own.
    public func environment(timeout: String = "60") -> [String: String] {
        ["XDG_CONFIG_HOME": config.path, "LAUNDRYTIME_HOOK_TIMEOUT": timeout]
    }
}
