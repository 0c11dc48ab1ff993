import Foundation
import Synchronization
import LaundryPlatform
import LaundryAssistant
import LaundryCore

/// The user's hooks: executables in `$XDG_CONFIG_HOME/laundrytime/hooks/` named for
/// events — `wash-done`, `dry-done`, `folded`, `due`, `mood-changed`, `died`, `revived` — each
/// given one JSON object on stdin, the same as `--json` prints for the event.
///
/// A hook runs without a shell, in its own process group, with stdout and stderr discarded, and
/// is cut off (SIGKILL) at its time limit with everything it started (``HookSupervisor``). It runs only when it is a regular file
/// owned by the user, which nobody else may write, in a folder nobody else may write. A hook that
/// fails, hangs or is not run is reported once per process (on stderr), and never changes the
/// command's outcome. Each hook runs on a thread of its own; ``waitForAll()`` waits for those
/// still running before the program ends — all together at most about one time limit.
public final class Hooks: @unchecked Sendable {
    let folder: String
    let timeout: TimeInterval
    /// The program that runs each hook as its ``HookSupervisor``.
    let supervisor: String
    private let report: @Sendable (String) -> Void
    private let group = DispatchGroup()
    /// The troubles already reported, by their key: each once per process.
    private let reported = Mutex<Set<String>>([])

    /// The default time limit of a hook.
    public static let defaultTimeout: TimeInterval = 5

    /// - Parameters:
    ///   - environment: `XDG_CONFIG_HOME` (else `HOME`/.config) finds the folder;
    ///     `LAUNDRYTIME_HOOK_TIMEOUT` (seconds, 0.1–60) changes the time limit.
    ///   - supervisor: the program to run each hook through: this one (``HookSupervisor/thisProgram``),
    ///     whose main starts a ``HookSupervisor`` when its argv[0] says so.
    ///   - report: where a hook's trouble is told, one line.
    public init(environment: [String: String], supervisor: String,
                report: @escaping @Sendable (String) -> Void) {
        self.supervisor = supervisor
        folder = HomePath.xdgBase("XDG_CONFIG_HOME", fallback: ".config", environment: environment) + "/laundrytime/hooks"
        timeout = environment["LAUNDRYTIME_HOOK_TIMEOUT"].flatMap(Double.init).flatMap { (0.1...60).contains($0) ? $0 : nil }
            ?? Self.defaultTimeout
        self.report = report
    }

    /// Runs the hook for `event`, if there is one, with `payload` (one line of JSON) on stdin;
    /// `ended` is called once it has ended (on another thread), or at once when no hook runs.
    public func fire(_ event: PetEvent.Name, payload: String, ended: @escaping @Sendable () -> Void = {}) {
        let path = folder + "/" + event.rawValue
        var info = stat()
        guard lstat(path, &info) == 0 else { return ended() }
        if let refusal = Self.refusal(path: path, info: info, folder: folder) {
            tellOnce(event.rawValue, "laundrytime: hook \(path) was not run: \(refusal).")
            return ended()
        }
        group.enter()
        // A thread of its own, which mostly waits: on a dispatch queue, whose few threads grow
        // slowly, thirty hooks that hung ran a handful at a time and kept the run for six limits.
        Thread.detachNewThread { [self] in
            defer {
                ended()
                group.leave()
            }
            if let trouble = Self.run(path, event: event.rawValue, payload: payload, timeout: timeout, supervisor: supervisor) {
                tellOnce(event.rawValue, "laundrytime: hook \(path) \(trouble); the command was not affected.")
            }
        }
    }

    /// Waits for the hooks still running (each ends by its time limit).
    public func waitForAll() {
        group.wait()
    }

    private func tellOnce(_ key: String, _ message: String) {
        let first = reported.withLock { $0.insert(key).inserted }
        if first { report(message) }
    }

    /// Why a hook may not run: only a regular file of the user's, that only they may write, in a
    /// folder only they may write, is run.
    static func refusal(path: String, info: stat, folder: String) -> String? {
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard info.st_uid == geteuid() else { return "it belongs to another user" }
        guard info.st_mode & 0o022 == 0 else { return "others may write it (mode \(String(info.st_mode & 0o777, radix: 8)))" }
        guard info.st_mode & 0o100 != 0 else { return "it is not executable" }
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_uid == geteuid(), folderInfo.st_mode & 0o022 == 0 else {
            return "its folder is not yours alone"
        }
        return nil
    }

    /// Runs the hook through its supervisor (``HookSupervisor``), which ends it and everything it
    /// started by its time limit; what went wrong, or nil.
    static func run(_ path: String, event: String, payload: String, timeout: TimeInterval, supervisor: String) -> String? {
        var input: [Int32] = [0, 0], report: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { return "could not be started (pipe: \(String(cString: strerror(errno))))" }
        guard pipe(&report) == 0 else {
            input.forEach { close($0) }
            return "could not be started (pipe: \(String(cString: strerror(errno))))"
        }
        // None of the four may leak into a program another thread starts meanwhile (the children's
        // ends are given to the supervisor as its stdin and stdout, which do not keep the flag).
        for descriptor in input + report { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let environment = ProcessEnvironment.current().merging(["LAUNDRYTIME_EVENT": event]) { $1 }
        let started = ChildProcess.spawn(
            supervisor, arguments: HookSupervisor.arguments(timeout: timeout, path: path, event: event),
            environment: environment.map { "\($0.key)=\($0.value)" },
            stdin: .descriptor(input[0]), stdout: .descriptor(report[1]), stderr: .file("/dev/null", flags: O_WRONLY),
            ownProcessGroup: true)
        close(input[0])
        close(report[1])
        let pid: pid_t
        switch started {
        case .success(let started): pid = started
        case .failure(let failure):
            close(input[1])
            close(report[0])
            return "could not be started (\(failure))"
        }
        // The payload is small (one object): it fits the pipe, so writing never waits for the hook.
        let bytes = Array((payload + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])

        // The supervisor's one sentence; it ends by the time limit, and nothing else holds the pipe.
        let said = FileHandle(fileDescriptor: report[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return "could not be run (its supervisor ended with status \(status))" }
        return said.isEmpty ? nil : String(decoding: said, as: UTF8.self)
    }
}

extension JSONRenderer {
    /// What happened to a pet as `--json` prints it and a hook gets it on stdin: a notification
    /// (the end of a timer, a mood) with its title and text, or a command's event ("folded").
    static func object(for event: PetEvent, notification: LaundryNotification? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string(notification == nil ? "event" : "notification")),
            ("event", .string(event.name.rawValue)),
        ]
        if let notification {
            members += [("title", .string(notification.title)), ("text", .string(notification.text))]
        }
        members += [
            ("pet", .string(event.pet)), ("stage", .string(event.stage)), ("health", .number(event.health)),
            ("mood", .string(event.mood)), ("at", .string(isoTime(event.at))),
        ]
        return .object(members)
    }
}
