import Foundation

/// A process that holds a lock on the store: what a "busy" message names.
public struct LockHolder: Equatable, Sendable, CustomStringConvertible {
    public let pid: Int32
    /// Its command line, shortened, where the system tells it (`/proc/PID/cmdline`).
    public let command: String?
    /// Stopped (Ctrl-Z, SIGSTOP): it will hold the lock until it is continued.
    public let isStopped: Bool

    public var description: String {
        "process \(pid)" + (command.map { " (\($0))" } ?? "") + (isStopped ? ", which is stopped" : "")
    }
}

/// Who holds locks on the store's files, and the lock LaundryTime takes on the data directory
/// while it opens the store.
///
/// SQLite locks with `fcntl` byte ranges; every connection to a database in WAL mode holds a
/// shared lock on its `-shm` file for as long as it is open. Linux lists every lock in
/// `/proc/locks` with the holder's pid and the file's device and inode, which is how a busy
/// message can name the process, and how `--backup-and-reset` can tell whether anyone else has
/// the store open. (Elsewhere the list is empty: messages say "another process".)
enum StoreLocks {
    /// The processes other than this one that hold a lock on any of `paths`.
    static func holders(of paths: [String]) -> [LockHolder] {
        #if os(Linux)
        let files = Set(paths.compactMap(FileIdentity.init(path:)))
        guard !files.isEmpty, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        var pids: [Int32] = []
        for line in table.split(separator: "\n") {
            // "1: POSIX  ADVISORY  READ 4242 08:01:1234567 128 128" (OFD locks show pid -1).
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let pidIndex = fields.firstIndex(where: { $0 == "READ" || $0 == "WRITE" }).map({ $0 + 1 }),
                  pidIndex + 1 < fields.count, let pid = Int32(fields[pidIndex]), pid > 0, pid != getpid(),
                  let file = FileIdentity(procLocksField: fields[pidIndex + 1]), files.contains(file),
                  !pids.contains(pid)
            else { continue }
            pids.append(pid)
        }
        return pids.map(describe)
        #else
        return []
        #endif
    }

    private static func describe(_ pid: Int32) -> LockHolder {
        let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        var command = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .map { $0.split(separator: "/").last.map(String.init) ?? $0 }  // the program's name, not its path
            .joined(separator: " ")
        if command.count > 60 { command = String(command.prefix(59)) + "…" }
        // /proc/PID/stat: "PID (comm) STATE …"; the command may hold spaces and parentheses.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.range(of: ") ", options: .backwards).map { stat[$0.upperBound...].first } ?? nil
        return LockHolder(pid: pid, command: command.isEmpty ? nil : command, isStopped: state == "T" || state == "t")
    }

    /// Takes an exclusive lock on the data directory, waiting at most `timeout` seconds for
    /// whoever holds it, and returns its descriptor (give it to ``unlock(_:)``). Throws ``StoreError/busy``
    /// naming the holder when the wait runs out: a process stopped while opening the store must
    /// not hang every other run.
    static func lockDirectory(_ directory: String, timeout: Double, databasePath: String) throws(StoreError) -> Int32? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }  // no lock to be had (e.g. no read permission): go on without
        let start = ContinuousClock.now
        var pause = 1  // milliseconds, doubling up to 50
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            // A file system without flock: go on without the lock, as before there was one.
            guard errno == EWOULDBLOCK || errno == EINTR else { return descriptor }
            guard start.duration(to: .now) < .seconds(timeout) else {
                Foundation.close(descriptor)
                throw .busy(path: databasePath, holders: holders(of: [directory]), waited: timeout)
            }
            usleep(useconds_t(pause * 1000))
            pause = min(pause * 2, 50)
        }
        return descriptor
    }

    static func unlock(_ descriptor: Int32?) {
        guard let descriptor else { return }
        flock(descriptor, LOCK_UN)
        Foundation.close(descriptor)
    }
}
