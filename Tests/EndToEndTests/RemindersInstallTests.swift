import Foundation
import LaundryTestSupport
import Testing

/// Issue 18: `laundrytime reminders install | status | remove` — the generated systemd units (as
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
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verify = Process()
            verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
            verify.arguments = ["verify", units.appendingPathComponent("laundrytime-reminders.service").path,
                                units.appendingPathComponent("laundrytime-reminders.timer").path]
            let errors = Pipe()
            verify.standardError = errors
            try verify.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            verify.waitUntilExit()
            #expect(verify.terminationStatus == 0 && said.isEmpty, "systemd-analyze verify: \(said)")
        }
        let status = try reminders("status", [:])
        #expect(status.stdout.hasPrefix("Reminders: a systemd user timer"), "\(status.stdout)")
        let remove = try reminders("remove", [:])
        #expect(remove.status == 0 && remove.stdout.hasPrefix("Removed the systemd user timer"), "\(remove.stdout)")
        #expect(!FileManager.default.fileExists(atPath: units.appendingPathComponent("laundrytime-reminders.timer").path))
    }

    @Test func theCrontabGetsOneLineAndLosesIt() throws {
        // A crontab of the test's own: `crontab -l` prints the file, `crontab -` replaces it.
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let table = directory.url.appendingPathComponent("crontab.txt")
        try "MAILTO=me\n0 3 * * * backup\n".write(to: table, atomically: true, encoding: .utf8)
        let fake = bin.appendingPathComponent("crontab").path
        try "#!/bin/sh\nif [ \"$1\" = -l ]; then cat '\(table.path)'; else cat > '\(table.path)'; fi\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let environment = ["LAUNDRYTIME_SCHEDULER": "cron", "PATH": bin.path + ":/usr/bin:/bin"]
        _ = try reminders("install", environment)
        let install = try reminders("install", environment)
        #expect(install.status == 0 && install.stdout.hasPrefix("Reminders through cron, every minute."), "\(install.stdout)")
        let lines = try String(contentsOf: table, encoding: .utf8).split(separator: "\n")
        let binary = LaundryTimeProcess.binary.resolvingSymlinksInPath().path
        #expect(lines == ["MAILTO=me", "0 3 * * * backup",
                          "* * * * * \(binary) --data-dir '\(data.path.replacingOccurrences(of: "'", with: "'\\''"))' --deliver-due >/dev/null 2>&1 # laundrytime-reminders"
                            .replacingOccurrences(of: "%", with: "\\%")[...]],
                "installed once, the rest kept: \(lines)")
        #expect(try reminders("status", environment).stdout.hasPrefix("Reminders: a crontab line."))
        _ = try reminders("remove", environment)
        #expect(try String(contentsOf: table, encoding: .utf8) == "MAILTO=me\n0 3 * * * backup\n")
    }
}
