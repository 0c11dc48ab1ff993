import CLibEdit
import Foundation
import LaundryPlatform
import LaundryAssistant
import LaundryCore

/// The small process that runs one hook and makes its time limit hold for everything the hook
/// started: a child left running in the background (`sleep 31 &`), one that left the
/// hook's process group and session (`setsid`), a daemon that forked twice. Killing the hook's
/// process group reaches only the first.
///
/// On Linux the supervisor is the *subreaper* of what the hook starts
/// (`prctl(PR_SET_CHILD_SUBREAPER)`): a process whose parent ended is given to it, not to init, so
/// every process the hook started is its descendant for as long as it runs, wherever it moved.
/// It waits until the hook and all of them have ended — or until the limit, when it kills each
/// of them (found through `/proc`) until none is left. If the program that fired the hook ends
/// first (killed, say), it stops them all the same.
///
/// It is this same program started again under another name (``programName`` as its argv[0]),
/// so the program that fires hooks — a prompt that may run for hours — is no subreaper itself:
/// what its other children leave behind (`notify-send` and the services it starts) is adopted
/// by init as before, and never waits to be reaped by it.
///
/// Where the system has no subreapers (not Linux), the hook's process group is killed at the
/// limit, and a child that left it (`setsid`) may outlive the limit: docs/reminders.md says so.
///
/// It says how the hook went on its stdout, one sentence or nothing.
public enum HookSupervisor {
    /// The argv[0] that makes the program a hook's supervisor (main.swift looks for it).
    public static let programName = "laundrytime-hook"

    /// The program to start as the supervisor: this one, whatever its path.
    public static var thisProgram: String {
        #if os(Linux)
        "/proc/self/exe"
        #else
        Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    /// The supervisor's arguments after its name: the limit in seconds, the pid of the program
    /// that fired the hook, the hook's path, its event.
    static func arguments(timeout: TimeInterval, path: String, event: String) -> [String] {
        [programName, String(timeout), String(getpid()), path, event]
    }

    /// The supervisor's whole run (its arguments after its name): starts the hook with this
    /// process's stdin and environment, its output discarded, and watches it. Returns the exit
    /// status: 0 once it has told how the hook went, 2 when it was not started by `laundrytime`.
    public static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let timeout = Double(arguments[0]), timeout.isFinite, timeout > 0,
              let firer = Int32(arguments[1])
        else {
            StandardStreams.err("\(programName) runs one of laundrytime's hooks for it, when laundrytime starts it.\n")
            return 2
        }
        let path = arguments[2]
        _ = lt_become_child_subreaper()
        let environment = ProcessEnvironment.current().map { "\($0.key)=\($0.value)" }
        let hook: pid_t
        switch ChildProcess.spawn(path, arguments: [path, arguments[3]], environment: environment, stdin: .descriptor(STDIN_FILENO),
                                  stdout: .file("/dev/null", flags: O_WRONLY), stderr: .file("/dev/null", flags: O_WRONLY),
                                  ownProcessGroup: true) {
        case .success(let started): hook = started
        case .failure(let failure):
            tell("could not be started (\(failure))")
            return 0
        }

        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(timeout)
        var hookStatus: Int32?
        while reapChildren(hook: hook, status: &hookStatus) {
            // The program that fired the hook ended: nobody waits for it any more.
            if getppid() != firer {
                stopAll(hook: hook, hookStatus: &hookStatus)
                return 0
            }
            if clock.now >= deadline {
                let hookRan = hookStatus == nil
                stopAll(hook: hook, hookStatus: &hookStatus)
                let limit = timeout.formatted(.number.precision(.fractionLength(0...1)))
                tell(hookRan ? "did not end within \(limit) s and was stopped"
                        : "ended, but what it started was still running after \(limit) s and was stopped")
                return 0
            }
            usleep(10_000)
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: Swift does not import the macros.
        let status = hookStatus ?? 0
        if status & 0x7F != 0 {
            tell("was ended by signal \(status & 0x7F)")
        } else if (status >> 8) & 0xFF != 0 {
            tell("failed (exit status \((status >> 8) & 0xFF))")
        }
        return 0
    }

    /// Reaps every child that ended, keeping the hook's status; whether any child is left.
    private static func reapChildren(hook: pid_t, status hookStatus: inout Int32?) -> Bool {
        while true {
            var status: Int32 = 0
            let ended = waitpid(-1, &status, WNOHANG)
            if ended == hook { hookStatus = status }
            if ended > 0 { continue }
            if ended < 0 && errno == EINTR { continue }
            return ended == 0
        }
    }

    /// Kills the hook's process group (while the hook is not reaped, its number is the group's)
    /// and every descendant, until none is left. A process forked just before its parent was
    /// killed is adopted by this one, and killed in the next round.
    private static func stopAll(hook: pid_t, hookStatus: inout Int32?) {
        if hookStatus == nil { kill(-hook, SIGKILL) }
        while true {
            for pid in descendants() { kill(pid, SIGKILL) }
            guard reapChildren(hook: hook, status: &hookStatus) else { return }
            usleep(1_000)
        }
    }

    /// The processes below this one, children first, from each process's parent in
    /// `/proc/PID/stat`; none where there is no `/proc`.
    private static func descendants() -> [pid_t] {
        #if os(Linux)
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards)
            else { continue }
            // Fields after "(comm) ": state is field 3, the parent field 4.
            let fields = stat[close.upperBound...].split(separator: " ", maxSplits: 2)
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
        }
        var found: [pid_t] = [], next = [getpid()]
        while let parent = next.popLast() {
            let below = children[parent] ?? []
            found += below
            next += below
        }
        return found
        #else
        return []
        #endif
    }

    private static func tell(_ sentence: String) {
        StandardStreams.out(sentence)
    }
}
