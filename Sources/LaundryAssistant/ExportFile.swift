import Foundation

/// The file an export goes to: checked so that only a new file, or a regular file the user may
/// write, is ever replaced.
///
/// `Data.write(to:options: .atomic)` renames its temporary over whatever the path names — a
/// symbolic link, a named pipe, a device (as root, /dev/null itself) — and `access(2)` tells root
/// that every file is writable. So the path is looked at with `lstat`, never followed, and a
/// file's permission bits are read for this user as the kernel reads them for anyone else.
struct ExportFile {
    /// What the path names.
    enum Target: Equatable {
        /// Nothing yet, in a folder that exists.
        case new
        /// A regular file the user may write, as `lstat` found it.
        case existing(device: UInt64, inode: UInt64, permissions: mode_t)
    }

    /// Why an export does not go to the path.
    enum Problem: Error, Equatable {
        /// Something other than a regular file: "a symbolic link", "a device", …
        case notAFile(String)
        case folder
        /// A regular file whose permission bits do not let this user write it.
        case notWritable(permissions: mode_t)
        /// The folder the file would go into does not exist, or is not a folder.
        case noFolder(String)
        case notAFolder(String)
        /// The system's reason, an `errno` value.
        case system(Int32)
    }

    /// What `path` names now, or why an export cannot go there.
    func target(at path: String) throws(Problem) -> Target {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let error = errno
            // Missing, or a part of the way is not a folder: say which folder.
            guard error == ENOENT || error == ENOTDIR else { throw .system(error) }
            return try newFile(in: Self.folder(of: path))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Self.mayWrite(info) else { throw .notWritable(permissions: info.st_mode & 0o7777) }
            return .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), permissions: info.st_mode & 0o7777)
        case S_IFDIR: throw .folder
        case S_IFLNK: throw .notAFile("a symbolic link")
        case S_IFIFO: throw .notAFile("a named pipe (FIFO)")
        case S_IFSOCK: throw .notAFile("a socket")
        case S_IFCHR, S_IFBLK: throw .notAFile("a device")
        default: throw .notAFile("a special file")
        }
    }

    /// A new file goes into a folder that exists (a link to one will do: the user named it).
    private func newFile(in folder: String) throws(Problem) -> Target {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let error = errno
            throw error == ENOENT ? .noFolder(folder) : error == ENOTDIR ? .notAFolder(folder) : .system(error)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(folder) }
        return .new
    }

    /// The folder `path` is in: "." for a bare file name.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Whether the permission bits let this process's user write the file: the owner's bits if
    /// it is theirs, else the group's if they are in its group, else everyone else's — root
    /// included, whom the kernel would let write anything.
    static func mayWrite(_ info: stat) -> Bool {
        if info.st_uid == geteuid() { return info.st_mode & S_IWUSR != 0 }
        if groups().contains(info.st_gid) { return info.st_mode & S_IWGRP != 0 }
        return info.st_mode & S_IWOTH != 0
    }

    /// The effective group and the supplementary groups.
    private static func groups() -> Set<gid_t> {
        var groups = [gid_t](repeating: 0, count: Int(max(getgroups(0, nil), 0)))
        let count = getgroups(Int32(groups.count), &groups)
        return Set(groups.prefix(Int(max(count, 0)))).union([getegid()])
    }
}
