import Foundation
import LaundryTestSupport
import Testing

/// `laundrytime reminders install` writes the data directory's path into a
/// crontab line or a systemd unit, so the path must not be able to say anything else there. A path
/// with a line break added a crontab line of its own choosing (`* * * * * …/evil.sh`), which
/// `reminders remove` then kept while `status` said "not installed"; ending in
/// `\nExecStartPre=…` it wrote a directive into the unit; a tab was left unquoted. Now a path with
/// a control character is refused, and every other path is quoted so that cron's shell and systemd
/// read back exactly the path — checked by running cron's command through `/bin/sh` and by
/// `systemd-analyze verify` where it is installed.
@Suite struct SchedulerEntryTests {
    let directory = TemporaryDirectory()
    var units: URL { directory.url.appendingPathComponent(".config/systemd/user") }
    static let crontab = "MAILTO=me\n\n# mine\n0 3 * * * backup\n"

    /// A path needing every kind of quoting, but no control character: spaces, a `%` (a specifier
    /// to systemd, a line break to cron) after a backslash and alone, both quotes, `$`, a
    /// backquote, `;`, `#`, `*`, a backslash at the end, letters beyond ASCII.
    static let awkward = "my data %d's \"q\" \\back\\%slash $HOME `id` ; # * é 🧺 end\\"

    func reminders(_ action: String, data: URL, _ environment: [String: String], binary: URL = LaundryTimeProcess.binary) throws
        -> LaundryTimeProcess.Result
    {
        try LaundryTimeProcess(dataDirectory: data).run(
            ["reminders", action], environment: ["HOME": directory.url.path].merging(environment) { $1 }, binary: binary)
    }

    static let controlPaths = [
        "data\n* * * * * /tmp/evil.sh\n", "data\nExecStartPre=/tmp/evil.sh", "da\tta", "da\rta", "da\u{1B}[2Jta", "da\u{85}ta",
    ]

    @Test(arguments: controlPaths)
    func aPathWithAControlCharacterIsRefusedAndNothingIsInstalled(name: String) throws {
        let data = directory.url.appendingPathComponent(name)
        let cron = try FakeCrontab(in: directory.url, contents: Self.crontab)
        for scheduler in [cron.environment, ["LAUNDRYTIME_SCHEDULER": "systemd"]] {
            let install = try reminders("install", data: data, scheduler)
            #expect(install.status == 2, "refused as a usage error: \(install.stdout)")
            #expect(install.stdout.contains("holds a") && install.stdout.contains("Nothing was installed.")
                        && install.stdout.contains("--data-dir"), "\(install.stdout)")
            #expect(!install.stdout.contains("\n*") && !install.stdout.contains("\nExecStartPre") && !install.stdout.contains("\u{1B}"),
                    "the path is shown inert: \(install.stdout)")
            #expect(try cron.contents() == Self.crontab, "the crontab is as it was")
            #expect(!FileManager.default.fileExists(atPath: units.path), "no unit is written")
            let status = try reminders("status", data: data, cron.environment)
            #expect(status.stdout.hasPrefix("Reminders are not installed."), "status agrees: \(status.stdout)")
            let remove = try reminders("remove", data: data, cron.environment)
            #expect(remove.stdout.hasPrefix("Reminders were not installed; nothing to remove."), "\(remove.stdout)")
            #expect(try cron.contents() == Self.crontab)
        }
    }

    /// The crontab line, given to `/bin/sh` as cron gives it, runs `--deliver-due` on exactly that
    /// data directory (it makes its database there, and nothing anywhere else); status shows the
    /// line; remove takes exactly it away.
    @Test func theCrontabLineRunsOnExactlyThatPath() throws {
        let parent = directory.url.appendingPathComponent("place")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let data = parent.appendingPathComponent(Self.awkward)
        let cron = try FakeCrontab(in: directory.url, contents: Self.crontab)
        let install = try reminders("install", data: data, cron.environment)
        #expect(install.status == 0, "\(install.stdout)")
        let table = try cron.contents()
        try #require(table.hasPrefix(Self.crontab) && table.hasSuffix("\n") && table.dropFirst(Self.crontab.count).dropLast().allSatisfy { $0 != "\n" },
                     "one line added, the rest kept: \(table)")
        let line = String(table.dropFirst(Self.crontab.count).dropLast())
        #expect(line.hasPrefix("* * * * * ") && line.hasSuffix(" # laundrytime-reminders"), "\(line)")

        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", FakeCrontab.shellCommand(of: line)]
        shell.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.url.path, "LAUNDRYTIME_NOW": "2026-03-01T09:00:00Z"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "cron's command ran: \(FakeCrontab.shellCommand(of: line))")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("laundrytime.sqlite").path),
                "--deliver-due opened the store at that very path")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == [Self.awkward], "and nowhere else")

        let status = try reminders("status", data: data, cron.environment)
        #expect(status.stdout == "Reminders: a crontab line.\n\(line)\n", "\(status.stdout)")
        let remove = try reminders("remove", data: data, cron.environment)
        #expect(remove.stdout == "Removed the crontab line.\n", "\(remove.stdout)")
        #expect(try cron.contents() == Self.crontab, "exactly the line install added is gone")
    }

    /// A line of the user's that only mentions the marker is not LaundryTime's: status and remove
    /// agree that nothing is installed, and it stays.
    @Test func statusAndRemoveAgreeOnWhatIsOurs() throws {
        let table = Self.crontab + "0 4 * * * mine # laundrytime-reminders, kept by hand\n"
        let cron = try FakeCrontab(in: directory.url, contents: table)
        let data = directory.url.appendingPathComponent("data")
        #expect(try reminders("status", data: data, cron.environment).stdout.hasPrefix("Reminders are not installed."))
        let remove = try reminders("remove", data: data, cron.environment)
        #expect(remove.stdout.hasPrefix("Reminders were not installed; nothing to remove."), "\(remove.stdout)")
        #expect(try cron.contents() == table)
    }

    /// The unit's ExecStart, as text: each word that needs it in double quotes, `\` and `"`
    /// escaped, `%` and `$` doubled (systemd.service(5), systemd.syntax(7)).
    @Test func theUnitQuotesEveryWord() throws {
        let data = directory.url.appendingPathComponent(Self.awkward)
        let install = try reminders("install", data: data, ["LAUNDRYTIME_SCHEDULER": "systemd"])
        #expect(install.stdout.hasPrefix("Reminders through a systemd user timer"), "\(install.stdout)")
        let service = try String(contentsOf: units.appendingPathComponent("laundrytime-reminders.service"), encoding: .utf8)
        let binary = LaundryTimeProcess.binary.resolvingSymlinksInPath().path
        let quoted = #"my data %%d's \"q\" \\back\\%%slash $$HOME `id` ; # * é 🧺 end\\"#
        #expect(service.contains("\nExecStart=\(binary) --data-dir \"\(directory.url.path)/\(quoted)\" --deliver-due\n"), "\(service)")
        #expect(try reminders("status", data: data, [:]).stdout.hasPrefix("Reminders: a systemd user timer"))
        #expect(try reminders("remove", data: data, [:]).stdout.hasPrefix("Removed the systemd user timer"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path).isEmpty, "both units are gone")
    }

    /// systemd itself reads the unit back: the program, copied into a folder of an awkward name,
    /// installs a unit whose ExecStart names it; `systemd-analyze verify` finds that file (it
    /// checks that the program is there and executable) and has nothing to say about the rest.
    /// (It cannot show how it read the arguments: the data directory's quoting is checked as text
    /// above.) A program's path may not hold a quote or a backslash at all for systemd: refused,
    /// with a way out.
    @Test(.enabled(if: SystemdAnalyze.isInstalled,
                   "systemd-analyze is not installed (Debian's systemd package has it): the units are checked as text only"))
    func systemdReadsThePathBack() throws {
        let refused = try install(copyIn: "a \"quoted\" place", scheduler: ["LAUNDRYTIME_SCHEDULER": "systemd"])
        #expect(refused.status == 2 && refused.stdout.hasPrefix("systemd runs no program whose path holds a quote or a backslash")
                    && refused.stdout.contains("LAUNDRYTIME_SCHEDULER=cron"), "\(refused.stdout)")
        #expect(!FileManager.default.fileExists(atPath: units.path))

        let install = try install(copyIn: "my data %d $HOME `id` ; # * é 🧺", scheduler: ["LAUNDRYTIME_SCHEDULER": "systemd"])
        #expect(install.stdout.hasPrefix("Reminders through a systemd user timer"), "\(install.stdout)")
        let service = try String(contentsOf: units.appendingPathComponent("laundrytime-reminders.service"), encoding: .utf8)
        #expect(service.contains("\nExecStart=\"\(directory.url.path)/my data %%d $HOME `id` ; # * é 🧺/laundrytime\" --data-dir "),
                "the program's path: % doubled, $ as it is: \(service)")
        let files = ["service", "timer"].map { units.appendingPathComponent("laundrytime-reminders." + $0) }
        let verified = try SystemdAnalyze.verify(files)
        #expect(verified.status == 0 && verified.said.isEmpty, "systemd-analyze verify: \(verified.said)")

        // The check can fail: the same unit naming a program that is not there is refused.
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("my data %d $HOME `id` ; # * é 🧺/laundrytime"))
        #expect(try SystemdAnalyze.verify(files).status != 0, "systemd-analyze verify checks the program's path")
    }

    /// Runs `reminders install` through a copy of the program in a folder named `folder` (a hard
    /// link where the build is on the same file system, since it is large), with a data
    /// directory inside that folder.
    func install(copyIn folder: String, scheduler: [String: String]) throws -> LaundryTimeProcess.Result {
        let place = directory.url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let copy = place.appendingPathComponent("laundrytime"), built = LaundryTimeProcess.binary.resolvingSymlinksInPath()
        if (try? FileManager.default.linkItem(at: built, to: copy)) == nil {
            try FileManager.default.copyItem(at: built, to: copy)
        }
        return try reminders("install", data: place.appendingPathComponent("data"), scheduler, binary: copy)
    }
}
