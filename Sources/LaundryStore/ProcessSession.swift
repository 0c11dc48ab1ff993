import Foundation

/// Which running program made a change: "pid:start", the process id and the instant the kernel
/// started it (in clock ticks since boot, `/proc/PID/stat` field 22), so that a pid the system
/// has given to a newer process is not taken for the old one.
///
/// The undo stack records it with every change: `undo` takes back this session's changes and
/// those of sessions that have ended, never a change another running LaundryTime just made.
public struct ProcessSession: Equatable, Sendable, CustomStringConvertible {
    public let pid: Int32
    /// Nil where the system does not tell (no /proc): then a live pid counts as the same process.
    public let start: UInt64?

    public static let current = ProcessSession(pid: getpid(), start: startTime(of: getpid()))

    public init(pid: Int32, start: UInt64?) {
        self.pid = pid
        self.start = start
    }

    /// "4242:123456" or "4242".
    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard let first = parts.first, let pid = Int32(first), parts.count <= 2 else { return nil }
        self.pid = pid
        start = parts.count == 2 ? UInt64(parts[1]) : nil
    }

    public var description: String { start.map { "\(pid):\($0)" } ?? "\(pid)" }

    /// Whether this process still runs (a pid reused by another process does not count).
    public var isRunning: Bool {
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
