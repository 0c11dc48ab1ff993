import Foundation

/// Which running program made a change: "pid:start@machine/boot" — the process id; the instant
/// the kernel started it (in clock ticks since boot, `/proc/PID/stat` field 22), so that a pid the
/// system has given to a newer process is not taken for the old one; and the machine and boot it
/// runs in (`/etc/machine-id`, `/proc/sys/kernel/random/boot_id`), because a household's members
/// share one store from their own computers, where this pid means nothing.
///
/// The undo stack records it with every change: `undo` takes back this session's changes and
/// those of sessions that have ended, never a change another running LaundryTime just made — nor
/// one made on another computer, where nobody here can tell whether its program still runs.
public struct ProcessSession: Equatable, Sendable, CustomStringConvertible {
    public let pid: Int32
    /// Nil where the system does not tell (no /proc): then a live pid counts as the same process.
    public let start: UInt64?
    /// The machine and its boot the process runs in; nil where the system does not tell, and in
    /// sessions recorded before they were (those were made on the machine that kept the store).
    public let machine: Machine?

    /// A computer, and which of its boots.
    public struct Machine: Equatable, Sendable {
        public let id: String
        public let boot: String
    }

    public static let current = ProcessSession(pid: getpid(), start: startTime(of: getpid()), machine: .this)

    public init(pid: Int32, start: UInt64?, machine: Machine? = nil) {
        self.pid = pid
        self.start = start
        self.machine = machine
    }

    /// "4242:123456@machine/boot", "4242:123456" or "4242".
    public init?(_ text: String) {
        let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = halves[0].split(separator: ":")
        guard let first = parts.first, let pid = Int32(first), parts.count <= 2 else { return nil }
        self.pid = pid
        start = parts.count == 2 ? UInt64(parts[1]) : nil
        if halves.count == 2 {
            let machine = halves[1].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard machine.count == 2 else { return nil }
            self.machine = Machine(id: String(machine[0]), boot: String(machine[1]))
        } else {
            machine = nil
        }
    }

    public var description: String {
        (start.map { "\(pid):\($0)" } ?? "\(pid)") + (machine.map { "@\($0.id)/\($0.boot)" } ?? "")
    }

    /// Whether the process ran on another computer: nothing here can tell whether it still runs.
    public var isOnAnotherComputer: Bool {
        guard let machine, let here = Machine.this else { return false }
        return machine.id != here.id
    }

    /// Whether this process still runs (a pid reused by another process does not count, nor one of
    /// an earlier boot). A process on another computer counts as running: it is its to undo.
    public var isRunning: Bool {
        if isOnAnotherComputer { return true }
        if let machine, let here = Machine.this, machine.boot != here.boot { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let start, let now = Self.startTime(of: pid) else { return true }
        return start == now
    }

    static func startTime(of pid: Int32) -> UInt64? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // Fields after "(comm) ": state is field 3, starttime field 22.
        let fields = stat[close.upperBound...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
        #else
        return nil
        #endif
    }
}

extension ProcessSession.Machine {
    /// This computer (systemd's machine id, or the host's name) and this boot of it; nil where the
    /// system names no boot.
    static let this: Self? = {
        #if os(Linux)
        func firstLine(_ path: String) -> String? {
            (try? String(contentsOfFile: path, encoding: .utf8))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let boot = firstLine("/proc/sys/kernel/random/boot_id") else { return nil }
        let id = firstLine("/etc/machine-id") ?? firstLine("/var/lib/dbus/machine-id") ?? ProcessInfo.processInfo.hostName
        // The session's text separates its parts with these.
        let name = String(id.unicodeScalars.filter { !["@", "/", ":"].contains($0) })
        return Self(id: name, boot: boot)
        #else
        return nil
        #endif
    }()
}
