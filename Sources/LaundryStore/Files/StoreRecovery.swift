import Foundation

/// The way out of a store that cannot be opened: the database is moved aside — never deleted —
/// and the next open starts a fresh one.
public enum StoreRecovery {
    /// Moves `laundrytime.sqlite` and its `-wal` and `-shm` files to `….backup-YYYYMMDD-HHMMSS`
    /// beside them. Returns the new path of the database file. Refuses while another process has
    /// the database open (it would go on writing into the moved file), and moves nothing then.
    public static func moveAside(
        _ location: StoreLocation, at now: Date, busyTimeout: TimeInterval = LaundryStore.defaultBusyTimeout
    ) throws(StoreError) -> URL {
        let path = location.databaseURL.path
        // Nobody may open the store while it moves: the same lock as opening takes.
        let lock = try StoreLocks.lockDirectory(location.directory.path, timeout: busyTimeout, databasePath: path)
        defer { StoreLocks.unlock(lock) }
        let holders = StoreLocks.holders(of: [path, path + "-wal", path + "-shm"])
        guard holders.isEmpty else { throw .inUse(path: path, holders: holders) }
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let stamp = String(format: "%04d%02d%02d-%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                           parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let database = location.databaseURL
        var backup = database.appendingPathExtension("backup-\(stamp)")
        var suffix = 1
        while FileManager.default.fileExists(atPath: backup.path) {
            suffix += 1
            backup = database.appendingPathExtension("backup-\(stamp)-\(suffix)")
        }
        for part in ["", "-wal", "-shm"] {
            let from = database.path + part
            guard FileManager.default.fileExists(atPath: from) else { continue }
            guard rename(from, backup.path + part) == 0 else {
                throw .cannotOpen(path: from, reason: "it cannot be moved aside (\(String(cString: strerror(errno))))")
            }
        }
        return backup
    }
}
