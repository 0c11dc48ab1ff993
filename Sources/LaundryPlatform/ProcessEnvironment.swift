import Foundation

/// The process's environment as `ProcessInfo.processInfo.environment` gives it, read from
/// `environ` itself: each `NAME=value` split at its first "=", an entry without one left out, a
/// later entry for a name winning. ProcessInfo's first use — its own state, and a dictionary type
/// found by name — was 3–4 % of a one-shot command (docs/speed.md).
///
/// Read it before starting threads that may change the environment: `environ` is read as it is.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var entries: [String] = []
        var entry = environ
        while let text = entry.pointee {
            entries.append(String(cString: text))
            entry += 1
        }
        return parse(entries)
    }

    /// `NAME=value` entries as the environment holds them. The "=" is looked for as a character,
    /// as ProcessInfo does (an "=" with a combining mark after it is part of a name).
    package static func parse(_ entries: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        environment.reserveCapacity(entries.count)
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            environment[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return environment
    }
}
