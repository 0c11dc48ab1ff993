import Foundation
import LaundryTestSupport
import Testing

/// `laundrytime reminders install | status | remove` — the generated systemd units (as
/// text, and through `systemd-analyze verify` where it exists) and the crontab line, with a
/// crontab of the test's own.
@Suite struct RemindersInstallTests {
    let directory = TemporaryDirectory()
    /// A data directory whose path needs quoting: a space, a per cent sign, a quote.
    var data: URL { directory.url.appendingPathComponent("my data %d's") }
    var units: URL { directory.url.appendingPathComponent(".config/systemd/user") }

    func reminders(_ action: String, _ environment: [String: String]) throws -> LaundryTimeProcess.Result {
        try LaundryTimeProcess(dataDirectory: data).run(
            ["reminders", action], environment: ["HOME": directory.url.path].merging(environment) { $1 })
    }

    @Test func theSystemdUnitsRunDeliverDueEveryMinuteAndVerify() throws {
        let install = try reminders("install", ["LAUNDRYTIME_SCHEDULER": "systemd"])
        #expect(install.stdout.hasPrefix("Reminders through a systemd user timer, every minute"), "\(install.stdout)")
        let service = try String(contentsOf: units.appendingPathComponent("laundrytime-reminders.service"), encoding: .utf8)
        let timer = try String(contentsOf: units.appendingPathComponent("laundrytime-reminders.timer"), encoding: .utf8)
        let binary = LaundryTimeProcess.binary.resolvingSymlinksInPath().path
        #expect(service.contains("Type=oneshot\nExecStart=\(binary) --data-dir \"\(data.path.replacingOccurrences(of: "%", with: "%%"))\" --deliver-due\n"),
                "\(service)")
        #expect(timer.contains("OnCalendar=*-*-* *:*:00\nPersistent=true\n") && timer.contains("WantedBy=timers.target"), "\(timer)")
        #expect(install.stdout.contains(service) && install.stdout.contains(timer), "the files are shown")
        if SystemdAnalyze.isInstalled {
            let verified = try SystemdAnalyze.verify(["service", "timer"].map { units.appendingPathComponent("laundrytime-reminders." + $0) })
            #expect(verified.status == 0 && verified.said.isEmpty, "systemd-analyze verify: \(verified.said)")
        }
        let status = try reminders("status", [:])
        #expect(status.stdout.hasPrefix("Reminders: a systemd user timer"), "\(status.stdout)")
        let remove = try reminders("remove", [:])
        #expect(remove.status == 0 && remove.stdout.hasPrefix("Removed the systemd user timer"), "\(remove.stdout)")
        #expect(!FileManager.default.fileExists(atPath: units.appendingPathComponent("laundrytime-reminders.timer").path))
    }

    @Test func theCrontabGetsOneLineAndLosesIt() throws {
        let cron = try FakeCrontab(in: directory.url, contents: "MAILTO=me\n0 3 * * * backup\n")
        let environment = cron.environment
        _ = try reminders("install", environment)
        let install = try reminders("install", environment)
        #expect(install.status == 0 && install.stdout.hasPrefix("Reminders through cron, every minute."), "\(install.stdout)")
        let lines = try cron.contents().split(separator: "\n")
        let binary = LaundryTimeProcess.binary.resolvingSymlinksInPath().path
        // The path in single quotes; its `'` and `%` outside them (SchedulerEntryTests runs it).
        #expect(lines == ["MAILTO=me", "0 3 * * * backup",
                          "* * * * * \(binary) --data-dir '\(directory.url.path)/my data '\\%'d'\\''s' --deliver-due >/dev/null 2>&1 # laundrytime-reminders"],
                "installed once, the rest kept: \(lines)")
        #expect(try reminders("status", environment).stdout.hasPrefix("Reminders: a crontab line."))
        _ = try reminders("remove", environment)
        #expect(try cron.contents() == "MAILTO=me\n0 3 * * * backup\n")
    }

    /// Cron runs a job without the desktop's session, so the line carries
    /// what `notify-send` needs to reach it, as the installing session has them; and a binary in a
    /// build folder (which the next build replaces) is said to be one, with how to install one.
    @Test func theCrontabLineReachesTheDesktopAndABuildFolderIsNamed() throws {
        let cron = try FakeCrontab(in: directory.url, contents: "")
        let runtime = directory.url.appendingPathComponent("run user").path
        let environment = cron.environment.merging(
            ["XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime)/bus"]) { $1 }
        let install = try reminders("install", environment)
        #expect(install.status == 0, "\(install.stdout)")
        let line = try #require(try cron.contents().split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("* * * * * XDG_RUNTIME_DIR='\(runtime)' DBUS_SESSION_BUS_ADDRESS='unix:path=\(runtime)/bus' /"), "\(line)")
        #expect(line.hasSuffix("--deliver-due >/dev/null 2>&1 # laundrytime-reminders"), "\(line)")
        // The test binary is in .build: the reply says what that means, and what to do.
        #expect(install.stdout.contains("is in a build folder"), "\(install.stdout)")
        #expect(install.stdout.contains("swift build -c release"), "\(install.stdout)")
        #expect(try reminders("status", environment).stdout.hasPrefix("Reminders: a crontab line."))
        _ = try reminders("remove", environment)
        #expect(try cron.contents().isEmpty)
    }

    /// `--dry-run` changes nothing (README, "Options"): install and remove say what they would do —
    /// the line or the units, in full — and leave the crontab and the unit folder as they were.
    @Test func aDryRunSaysWhatItWouldDoAndDoesNothing() throws {
        let cron = try FakeCrontab(in: directory.url, contents: "MAILTO=me\n")
        func dryRun(_ action: String, _ environment: [String: String]) throws -> LaundryTimeProcess.Result {
            try LaundryTimeProcess(dataDirectory: data).run(
                ["--dry-run", "reminders", action], environment: ["HOME": directory.url.path].merging(environment) { $1 })
        }
        let cronInstall = try dryRun("install", cron.environment)
        #expect(cronInstall.status == 0 && cronInstall.stdout.hasPrefix("Dry run: reminders would go through cron, every minute"),
                "\(cronInstall.stdout)")
        #expect(cronInstall.stdout.contains("--deliver-due >/dev/null 2>&1 # laundrytime-reminders"), "the line is shown")
        #expect(try cron.contents() == "MAILTO=me\n", "the crontab is untouched")

        let unitInstall = try dryRun("install", ["LAUNDRYTIME_SCHEDULER": "systemd"])
        #expect(unitInstall.status == 0 && unitInstall.stdout.hasPrefix("Dry run: reminders would go through a systemd user timer"),
                "\(unitInstall.stdout)")
        #expect(unitInstall.stdout.contains("ExecStart=") && unitInstall.stdout.contains("OnCalendar="), "the units are shown")
        #expect(!FileManager.default.fileExists(atPath: units.path), "no unit is written")

        _ = try reminders("install", cron.environment)
        let installed = try cron.contents()
        let cronRemove = try dryRun("remove", cron.environment)
        #expect(cronRemove.status == 0 && cronRemove.stdout.hasPrefix("Dry run: would remove the crontab line"), "\(cronRemove.stdout)")
        #expect(try cron.contents() == installed, "the line is still there")
    }

    /// `crontab` and `systemctl` are started as the hooks and `notify-send` are (``ChildProcess``):
    /// not with the program's ignored SIGPIPE (Foundation's `Process` passed it on); and what they
    /// are given on stdin and say on stdout is as before.
    @Test func theSchedulersProgramsStartWithNothingOfOurs() throws {
        let cron = try FakeCrontab(in: directory.url, contents: "MAILTO=me\n")
        let report = directory.url.appendingPathComponent("signals").path
        let fake = cron.bin.appendingPathComponent("crontab").path
        // Read by the shell itself, and before anything it runs could change the table.
        try """
            #!/bin/sh
            while read -r line; do case $line in SigIgn:*) echo "$line";; esac; done < /proc/$$/status >> '\(report)'
            if [ "$1" = -l ]; then cat '\(cron.table.path)'; else cat > '\(cron.table.path)'; fi

            """.write(toFile: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake, 0o755) == 0)
        let install = try reminders("install", cron.environment)
        #expect(install.status == 0, "\(install.stdout)")
        #expect(try cron.contents().hasPrefix("MAILTO=me\n* * * * * "), "the table kept its line and took ours")
        let said = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        let ignored = said.filter { $0.hasPrefix("SigIgn:") }.compactMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) }
        #expect(ignored.count == 2, "crontab -l, then crontab -: \(said)")
        // The mask is hexadecimal, signal n at bit n − 1.
        #expect(ignored.allSatisfy { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 }, "SIGPIPE is not ignored: \(said)")
    }
}
