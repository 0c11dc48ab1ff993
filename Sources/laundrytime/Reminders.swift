import Foundation
import LaundryPlatform
import LaundryCore
import LaundryTerminal

/// `laundrytime reminders install | status | remove`: a per-user schedule that runs
/// `laundrytime --deliver-due` every minute, so that a timer's end, or a pet falling due, is told
/// while no prompt is open — a systemd user timer where systemd runs the user's session, a crontab
/// line otherwise. It says which, and shows the files.
struct Reminders {
    /// The command the schedule runs, as absolute words: this binary, its data directory, the flag.
    let command: [String]
    let environment: [String: String]
    /// `--dry-run`: install and remove say what they would do and change nothing.
    var dryRun = false
    let out: (String) -> Void

    static let unitName = "laundrytime-reminders"
    /// What marks LaundryTime's line in a crontab.
    static let cronMarker = "# laundrytime-reminders"

    /// Whether a crontab line is the one install writes: status shows, remove takes away and
    /// install replaces exactly these.
    static func isOurs(_ line: Substring) -> Bool {
        line.hasPrefix("* * * * * ") && line.hasSuffix(" " + cronMarker)
    }

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
        ExecStart=\(([Self.systemdExecutable(command[0])] + command.dropFirst().map(Self.systemdArgument)).joined(separator: " "))

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

    /// What a desktop notification (`notify-send`) needs to reach the session's desktop, which
    /// cron does not give its jobs (a systemd user unit has them from the user's manager).
    static let desktopVariables = ["XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS"]

    /// The crontab line: every minute, output discarded (the transcript keeps what was told),
    /// with the installing session's desktop variables set for the command.
    var cronLine: String {
        let desktop = Self.desktopVariables.compactMap { name in
            environment[name].flatMap { $0.isEmpty ? nil : "\(name)=" + Self.alwaysQuoted($0) }
        }
        return "* * * * * " + (desktop + command.map(Self.shellQuoted)).joined(separator: " ") + " >/dev/null 2>&1 " + Self.cronMarker
    }

    /// A value in single quotes (its `'` and `%` outside them), whatever it holds.
    static func alwaysQuoted(_ word: String) -> String {
        let quoted = shellQuoted(word)
        return quoted.hasPrefix("'") ? quoted : "'" + quoted + "'"
    }

    /// When this binary sits in a build folder (`.build/…`), which the next build replaces and a
    /// clean deletes: what that means for a schedule, and how to install one that stays.
    var buildFolderNote: String? {
        let components = command[0].split(separator: "/")
        guard components.contains(where: { $0 == ".build" || $0.hasPrefix(".build-") }) else { return nil }
        return "Note: \(command[0]) is in a build folder — the next “swift build” replaces it and “swift package clean” deletes it, "
            + "and the reminders would stop with it. Install a release binary and install the reminders from it:\n"
            + "  swift build -c release && install -D -m 755 .build/release/laundrytime ~/.local/bin/laundrytime\n"
            + "  ~/.local/bin/laundrytime reminders install\n"
    }

    /// An argument on systemd's command line (systemd.service(5), "Command lines"; the quoting of
    /// systemd.syntax(7)): in double quotes when it needs them, with `\` and `"` escaped there; `%`
    /// doubled, since specifiers are resolved in every word, and `$` doubled, since variables are
    /// substituted in arguments.
    static func systemdArgument(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        guard escaped.contains(where: { " \"\\';".contains($0) }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The program on systemd's command line: `%` doubled, but `$` as it is — systemd substitutes
    /// no variable in the program's path (a doubled one would name another file). It allows no
    /// quote or backslash there at all (``refusal``).
    static func systemdExecutable(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%")
        return escaped.contains(where: { $0 == " " || $0 == ";" }) ? "\"" + escaped + "\"" : escaped
    }

    /// A word for the shell cron runs: in single quotes when it needs them. Cron ends the command
    /// at a bare `%` and reads `\%` as a `%` (crontab(5)) — but a backslash of the path's own just
    /// before it would escape that backslash instead, so each `%` is written outside the quotes,
    /// after the closing quote: `'a\'\%'b'` is `a\%b`.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@+,".contains($0) }
        guard !plain else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "%", with: "'\\%'") + "'"
    }

    /// Why the schedule cannot hold ``command``, or nil. A control character — a line break, a tab,
    /// an escape — in a path would end the crontab line or the unit's directive and begin one of
    /// the path's own choosing (`* * * * * …/evil.sh`, `ExecStartPre=…`); neither format has a
    /// way to write it that both cron's shell and systemd read back, so the path is refused. systemd
    /// also runs no program whose path holds a quote or a backslash.
    func refusal(for scheduler: Scheduler) -> String? {
        let wayOut = "Move laundrytime to a folder whose path has none."
        for (index, word) in command.enumerated() {
            guard let bad = word.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { continue }
            let which = index == 0 ? "This program's path" : "The data directory's path"
            let named = switch bad {
            case "\n": "a line break"
            case "\t": "a tab"
            default: "a control character"
            }
            return "\(which) \(Self.shown(word)) holds \(named) (\(String(format: "U+%04X", bad.value))), which a crontab line or a "
                + "systemd unit cannot carry safely. Nothing was installed. "
                + (index == 0 ? wayOut : "Use a data directory whose path has no control characters: --data-dir PATH (or LAUNDRYTIME_HOME).")
        }
        if scheduler == .systemd, command[0].contains(where: { "\"'\\".contains($0) }) {
            return "systemd runs no program whose path holds a quote or a backslash, as this one does: \(command[0]). "
                + "Nothing was installed. \(wayOut) Or use cron: LAUNDRYTIME_SCHEDULER=cron laundrytime reminders install."
        }
        return nil
    }

    /// A path as the refusal shows it: each control character written out (`\n`, `\u{1B}`), so
    /// that it neither breaks the sentence nor acts on the terminal.
    static func shown(_ word: String) -> String {
        word.unicodeScalars.reduce(into: "") { text, scalar in
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.properties.generalCategory == .control: text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
    }

    // MARK: - Install, status, remove

    func run(_ action: RemindersCommand.Action) -> ExitStatus {
        if action == .install, let refusal = refusal(for: scheduler) {
            out(refusal + "\n")
            return .usage
        }
        switch (action, scheduler) {
        case (.install, .systemd) where dryRun:
            out("Dry run: reminders would go through a systemd user timer, every minute. These units would be written, "
                + "and the timer started (nothing was changed):\n\(servicePath):\n\(service)\n\(timerPath):\n\(Self.timer)\n")
            return .success
        case (.install, .cron) where dryRun:
            out("Dry run: reminders would go through cron, every minute. This line would be added to your crontab "
                + "(nothing was changed):\n\(cronLine)\n")
            return .success
        case (.install, let scheduler):
            let status = scheduler == .systemd ? installSystemd() : installCron()
            if let note = buildFolderNote { out(note) }
            return status
        case (.status, _): return status()
        case (.remove, _): return remove()
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
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !Self.isOurs($0[...]) }
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
        let cron = ((try? Self.execute(["crontab", "-l"], environment).get()) ?? "").split(separator: "\n").first(where: Self.isOurs)
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
            removed.append("the systemd user timer (\(timerPath), \(servicePath))")
        }
        let crontab = try? Self.execute(["crontab", "-l"], environment).get()
        let cronLines = crontab?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        if cronLines.contains(where: Self.isOurs) { removed.append("the crontab line") }
        if dryRun {
            out(removed.isEmpty ? "Dry run: reminders are not installed; there is nothing to remove.\n"
                : "Dry run: would remove \(removed.joined(separator: " and ")) (nothing was changed).\n")
            return .success
        }
        if FileManager.default.fileExists(atPath: timerPath) || FileManager.default.fileExists(atPath: servicePath) {
            _ = Self.execute(["systemctl", "--user", "disable", "--now", "\(Self.unitName).timer"], environment)
            try? FileManager.default.removeItem(atPath: timerPath)
            try? FileManager.default.removeItem(atPath: servicePath)
            _ = Self.execute(["systemctl", "--user", "daemon-reload"], environment)
        }
        if cronLines.contains(where: Self.isOurs) {
            // Every other line as it was, blank ones too.
            let kept = cronLines.filter { !Self.isOurs($0) }.joined(separator: "\n")
            _ = Self.execute(["crontab", "-"], environment, input: kept.isEmpty || kept.hasSuffix("\n") ? kept : kept + "\n")
        }
        out(removed.isEmpty ? "Reminders were not installed; nothing to remove.\n" : "Removed \(removed.joined(separator: " and ")).\n")
        return .success
    }

    // MARK: - Running programs

    struct Problem: Error {
        let reason: String
    }

    /// Runs a program (found on `PATH`, no shell) and gives its stdout, or why it failed. Started as
    /// the hooks are (``ChildProcess``): with no signal of ours ignored, no descriptor of ours.
    static func execute(_ words: [String], _ environment: [String: String], input: String? = nil) -> Result<String, Problem> {
        guard let path = HomePath.program(words[0], environment: environment) else { return .failure(Problem(reason: "there is no \(words[0])")) }
        let ran = ChildProcess.run(path, arguments: [path] + words.dropFirst(), environment: environment.map { "\($0.key)=\($0.value)" },
                                   input: input)
        guard case .success(let outcome) = ran else { return .failure(Problem(reason: "\(words[0]) did not start")) }
        guard outcome.succeeded else {
            let said = outcome.errors.split(separator: "\n").first.map { ": \($0)" } ?? ""
            let ending = outcome.exitStatus.map { "exited with \($0)" } ?? "was ended by signal \(outcome.signal ?? 0)"
            return .failure(Problem(reason: "\(words.prefix(2).joined(separator: " ")) \(ending)\(said)"))
        }
        return .success(outcome.output)
    }
}
