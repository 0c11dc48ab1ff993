import Foundation
internal import LaundryStore

/// The files no export may replace: the store's own — the database and the three files SQLite
/// keeps beside it, whether they are there now or not — and every file the program holds open.
///
/// An export renamed over the database replaced every pet, setting and message with a CSV, and
/// one renamed over the `-wal` of a store in use lost the holder's answered commands at its next
/// crash. Files are told apart as the kernel tells them, by device and inode, so that
/// another name for one — a hard link, a folder reached through a symbolic link — is known too;
/// a name not made yet is judged by its folder's device and inode and its own name.
struct ProtectedFiles {
    /// A file as the kernel knows it.
    struct Identity: Hashable {
        let device: UInt64, inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// What `path` names, through links; nil when nothing is there.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// The store's folder (the data directory).
    let folder: String
    /// The names the store keeps in it, and what each is, in a refusal's words.
    let names: [(name: String, role: String)]

    init(location: StoreLocation) {
        folder = location.directory.path
        let database = StoreLocation.fileName
        names = [
            (database, "LaundryTime's own database"),
            (database + "-wal", "the write-ahead log of LaundryTime's database"),
            (database + "-shm", "the shared-memory index of LaundryTime's database"),
            (database + "-journal", "the rollback journal of LaundryTime's database"),
        ]
    }

    /// What the existing file `info` describes is to the store ("LaundryTime's own database"), or
    /// nil when it is none of the store's files and the program does not hold it open.
    func role(of info: stat) -> String? {
        let file = Identity(info)
        if let kept = names.first(where: { Identity(path: folder + "/" + $0.name) == file }) { return kept.role }
        return Self.openFiles().contains(file) ? "a file LaundryTime has open" : nil
    }

    /// What a new file called `name`, made in the folder `stat` found as `folderInfo`, would be to
    /// the store: SQLite would take it for its log or journal at the next start (or drop it).
    func role(ofNewFile name: String, in folderInfo: stat) -> String? {
        guard Identity(path: folder) == Identity(folderInfo) else { return nil }
        return names.first { $0.name == name }?.role
    }

    /// The regular files this process holds open — the database and its log and index, whatever
    /// they are called by now — but for its standard streams, where the user sends its output on
    /// purpose. Linux lists them in /proc/self/fd; elsewhere the store's names alone protect it.
    static func openFiles() -> Set<Identity> {
        #if os(Linux)
        let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        return Set(descriptors.filter { $0 > STDERR_FILENO }.compactMap { descriptor in
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return Identity(info)
        })
        #else
        return []
        #endif
    }
}
