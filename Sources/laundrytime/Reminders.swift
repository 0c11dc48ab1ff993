import Foundation
import LaundryCore
import LaundryTerminal

/// `laundrytime reminders install | status | remove` (issue 18): a per-user schedule that runs
/// `laundrytime --deliver-due` every minute, so that a timer's end, or a pet falling due, is told
/// while no prompt is open — a systemd user timer where systemd runs the user's session, a crontab
/// line otherwise. It says which, and shows the files.
struct Reminders {
    /// The command the schedule runs, as absolute words: this binary, its data directory, the flag.
    let command: [String]
    let environment: [String: String]
    let out: (String) -> Void

    static let unitName = "laundrytime-reminders"
    /// What marks LaundryTime's line in a crontab.
    static let cronMarker = "# laundrytime-reminders"

    enum Scheduler: String {
        case systemd, cron
    }

    /// The systemd user units' folder: `$XDG_CONFIG_HOME/systemd/user`.
    var unitFolder: String {
        HomePath.xdgBase("XDG_CONFIG_HOME", fallback: ".config", environment: environment) + "/systemd/user"
    }

    /// systemd when it runs the user's session (its runtime folder is there) or when
    /// `LAUNDRYTIME_SCHEDULER` says so; cron otherwise.
    var scheduler: Scheduler {
        if let chosen = environment["LAUNDRYTIME_SCHEDULER"].flatMap(Scheduler.init(rawValue:)) { return chosen }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/systemd"),
           HomePath.program("systemctl", environment: environment) != nil {
            return .systemd
        }
        return .cron
    }

    // MARK: - The files

    /// The service: one run of `--deliver-due`.
    var service: String {
        """
        [Unit]
        Description=LaundryTime reminders: tell what is due (laundrytime --deliver-due)

        [Service]
        Type=oneshot
        ExecStart=\(command.map(Self.systemdQuoted).joined(separator: " "))

        """
    }

    /// The timer: every minute, and at once after a time the machine was off or asleep.
    static let timer = """
        [Unit]
        Description=LaundryTime reminders, every minute

        [Timer]
        OnCalendar=*-*-* *:*:00
        Persistent=true
        AccuracySec=1s

        [Install]
        WantedBy=timers.target

        """

    /// The crontab line: every minute, output discarded (the transcript keeps what was told).
    var cronLine: String {
        "* * * * * " + command.map(Self.shellQuoted).joined(separator: " ") + " >/dev/null 2>&1 " + Self.cronMarker
    }

    /// A word for systemd's command line: in double quotes when it needs them, `%` doubled.
    static func systemdQuoted(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" || $0 == ";" || $0 == "$" }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "$$") + "\""
    }

    /// A word for the shell cron runs: in single quotes when it needs them, `%` escaped (cron
    /// reads a bare `%` as a line break).
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@+,".contains($0) }
        let quoted = plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return quoted.replacingOccurrences(of: "%", with: "\\%")
    }

    // MARK: - Install, status, remove

    func run(_ action: String) -> ExitStatus {
        switch (action, scheduler) {
        case ("install", .systemd): return installSystemd()
        case ("install", .cron): return installCron()
        case ("status", _): return status()
        case ("remove", _): return remove()
        default:
            out("Say “laundrytime reminders install”, “laundrytime reminders status” or “laundrytime reminders remove”.\n")
            return .usage
        }
    }

    private var servicePath: String { unitFolder + "/\(Self.unitName).service" }
    private var timerPath: String { unitFolder + "/\(Self.unitName).timer" }

    private func installSystemd() -> ExitStatus {
        do {
            try FileManager.default.createDirectory(atPath: unitFolder, withIntermediateDirectories: true)
            try service.write(toFile: servicePath, atomically: true, encoding: .utf8)
            try Self.timer.write(toFile: timerPath, atomically: true, encoding: .utf8)
        } catch {
            out("Could not write the systemd units in \(unitFolder): \(error.localizedDescription)\n")
            return .commandFailed
        }
        out("Reminders through a systemd user timer, every minute (Persistent=true: a minute missed while the machine slept is made up).\n")
        out("\(servicePath):\n\(service)\n\(timerPath):\n\(Self.timer)\n")
        let started = Self.execute(["systemctl", "--user", "daemon-reload"], environment)
            .flatMap { _ in Self.execute(["systemctl", "--user", "enable", "--now", "\(Self.unitName).timer"], environment) }
        switch started {
        case .success:
            out("Started: “systemctl --user list-timers \(Self.unitName).timer” shows the next run.\n")
            return .success
        case .failure(let problem):
            out("The units are written, but systemd did not start the timer (\(problem.reason)). "
                + "Start it with “systemctl --user enable --now \(Self.unitName).timer”.\n")
            return .commandFailed
        }
    }

    private func installCron() -> ExitStatus {
        guard HomePath.program("crontab", environment: environment) != nil else {
            out("There is no systemd user session and no crontab here. Add this line to your scheduler by hand:\n\(cronLine)\n")
            return .commandFailed
        }
        let existing = (try? Self.execute(["crontab", "-l"], environment).get()) ?? ""
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.hasSuffix(Self.cronMarker) }
        while lines.last == "" { lines.removeLast() }
        lines.append(cronLine)
        switch Self.execute(["crontab", "-"], environment, input: lines.joined(separator: "\n") + "\n") {
        case .success:
            out("Reminders through cron, every minute. The line in your crontab (“crontab -l”):\n\(cronLine)\n")
            return .success
        case .failure(let problem):
            out("Could not change your crontab (\(problem.reason)). Add this line by hand (“crontab -e”):\n\(cronLine)\n")
            return .commandFailed
        }
    }

    private func status() -> ExitStatus {
        let files = FileManager.default.fileExists(atPath: timerPath)
        let cron = ((try? Self.execute(["crontab", "-l"], environment).get()) ?? "").split(separator: "\n").first { $0.hasSuffix(Self.cronMarker) }
        if files {
            let active = (try? Self.execute(["systemctl", "--user", "is-active", "\(Self.unitName).timer"], environment).get())?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
            out("Reminders: a systemd user timer (\(active)).\n\(servicePath)\n\(timerPath)\n")
        }
        if let cron { out("Reminders: a crontab line.\n\(cron)\n") }
        if !files && cron == nil { out("Reminders are not installed. “laundrytime reminders install” sets them up.\n") }
        return .success
    }

    private func remove() -> ExitStatus {
        var removed: [String] = []
        if FileManager.default.fileExists(atPath: timerPath) || FileManager.default.fileExists(atPath: servicePath) {
            _ = Self.execute(["systemctl", "--user", "disable", "--now", "\(Self.unitName).timer"], environment)
            try? FileManager.default.removeItem(atPath: timerPath)
            try? FileManager.default.removeItem(atPath: servicePath)
            _ = Self.execute(["systemctl", "--user", "daemon-reload"], environment)
            removed.append("the systemd user timer (\(timerPath), \(servicePath))")
        }
        if let existing = try? Self.execute(["crontab", "-l"], environment).get(), existing.contains(Self.cronMarker) {
            let kept = existing.split(separator: "\n").filter { !$0.hasSuffix(Self.cronMarker) }.joined(separator: "\n")
            _ = Self.execute(["crontab", "-"], environment, input: kept.isEmpty ? "" : kept + "\n")
            removed.append("the crontab line")
        }
        out(removed.isEmpty ? "Reminders were not installed; nothing to remove.\n" : "Removed \(removed.joined(separator: " and ")).\n")
        return .success
    }

    // MARK: - Running programs

    struct Problem: Error {
        let reason: String
    }

    /// Runs a program (found on `PATH`, no shell) and gives its stdout, or why it failed.
    static func execute(_ words: [String], _ environment: [String: String], input: String? = nil) -> Result<String, Problem> {
        guard let path = HomePath.program(words[0], environment: environment) else { return .failure(Problem(reason: "there is no \(words[0])")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = Array(words.dropFirst())
        process.environment = environment
        let output = Pipe(), errors = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        do {
            try process.run()
        } catch {
            return .failure(Problem(reason: "\(words[0]) did not start"))
        }
        if let input {
            // A program that stops reading early says why in its exit status, read below.
            try? feed.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? feed.fileHandleForWriting.close()
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = complaint.split(separator: "\n").first.map { ": \($0)" } ?? ""
            return .failure(Problem(reason: "\(words.prefix(2).joined(separator: " ")) exited with \(process.terminationStatus)\(said)"))
        }
        return .success(text)
    }
}
