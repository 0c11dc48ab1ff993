import Foundation

/// A crontab of a test's own: a `crontab` program on a private `PATH` whose `crontab -l` prints a
/// file and `crontab -` replaces it, so that `laundrytime reminders` can be tested without
/// touching the user's. (The machine may have no cron at all.)
public struct FakeCrontab {
    /// The table the fake keeps.
    public let table: URL
    /// The folder that holds the fake `crontab`, first on ``environment``'s `PATH`.
    public let bin: URL

    /// Makes the fake in `directory`, its table holding `contents`.
    public init(in directory: URL, contents: String) throws {
        bin = directory.appendingPathComponent("bin")
        table = directory.appendingPathComponent("crontab.txt")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try contents.write(to: table, atomically: true, encoding: .utf8)
        let fake = bin.appendingPathComponent("crontab").path
        try "#!/bin/sh\nif [ \"$1\" = -l ]; then cat '\(table.path)'; else cat > '\(table.path)'; fi\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
    }

    /// What `laundrytime reminders` needs to use the fake: cron as the scheduler, the fake on `PATH`.
    public var environment: [String: String] {
        ["LAUNDRYTIME_SCHEDULER": "cron", "PATH": bin.path + ":/usr/bin:/bin"]
    }

    /// The table as it is now.
    public func contents() throws -> String {
        try String(contentsOf: table, encoding: .utf8)
    }

    /// The command cron would give to `/bin/sh` for `line`, as crontab(5) and Debian's cron read
    /// it: the five time fields dropped; a `%` not escaped by a backslash ends the command (the rest
    /// would be its stdin), `\%` is a `%`, and any other backslash stays with the character it
    /// escapes.
    public static func shellCommand(of line: String) -> String {
        var fields = Substring(line)
        for _ in 0..<5 {
            fields = fields.drop { $0 == " " || $0 == "\t" }
            fields = fields.drop { $0 != " " && $0 != "\t" }
        }
        var command = ""
        var escaped = false
        for character in fields.drop(while: { $0 == " " || $0 == "\t" }) {
            if escaped {
                if character != "%" { command.append("\\") }
                command.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "%" {
                return command
            } else {
                command.append(character)
            }
        }
        return escaped ? command + "\\" : command
    }
}
