import Foundation
import SystemPackage

/// The file an export goes to: checked so that only a new file, or a regular file the user may
/// write, is ever replaced — and never one of the store's (``ProtectedFiles``).
///
/// `Data.write(to:options: .atomic)` renames its temporary over whatever the path names — a
/// symbolic link, a named pipe, a device (as root, /dev/null itself) — and `access(2)` tells root
/// that every file is writable. So the path is looked at with `lstat`, never followed, and a
/// file's permission bits are read for this user as the kernel reads them for anyone else.
///
/// The path is whatever the user typed: it is taken apart by swift-system's `FilePath`, which
/// reads any bytes, and not by NSString's path functions, which trap on some ("x", "é", "//é").
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
        /// A path that can only name a folder ("a/", ".", "..", "/"), where nothing is.
        case namesAFolder
        /// One of the store's files, or a file the program has open: what it is to the store
        /// ("LaundryTime's own database").
        case storeFile(String)
        /// A regular file whose permission bits do not let this user write it.
        case notWritable(permissions: mode_t)
        /// The folder the file would go into does not exist, or is not a folder.
        case noFolder(String)
        case notAFolder(String)
        /// The target became something else while the export was being written.
        case changed
        /// The system's reason, an `errno` value.
        case system(Int32)
    }

    /// Runs when the temporary holds the whole export, synced, just before it is renamed into
    /// place: tests throw here to play an export interrupted at its last step.
    var willRename: (_ temporary: String) throws(Problem) -> Void = { _ throws(Problem) in }

    /// The store's files, which no export may replace; nil where no store is kept.
    var protected: ProtectedFiles?

    /// What `path` names now, or why an export cannot go there.
    func target(at path: String) throws(Problem) -> Target {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let error = errno
            // Missing, or a part of the way is not a folder: say which folder.
            guard error == ENOENT || error == ENOTDIR else { throw .system(error) }
            if Self.namesAFolder(path) { throw .namesAFolder }
            return try newFile(path, in: Self.folder(of: path))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let role = protected?.role(of: info) { throw .storeFile(role) }
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

    /// A new file goes into a folder that exists (a link to one will do: the user named it), and
    /// not where the store would take it for one of its own.
    private func newFile(_ path: String, in folder: String) throws(Problem) -> Target {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let error = errno
            throw error == ENOENT ? .noFolder(folder) : error == ENOTDIR ? .notAFolder(folder) : .system(error)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(folder) }
        if let name = FilePath(path).lastComponent?.string, let role = protected?.role(ofNewFile: name, in: info) {
            throw .storeFile(role)
        }
        return .new
    }

    /// Writes `data` to `path`, which ``target(at:)`` found to be `target`: into a temporary
    /// beside it, made for this write only (`O_EXCL`, never through a link) and readable by the
    /// user alone until it is whole, then given the file's mode — the old file's (without a
    /// set-ID or sticky bit, which an export has no use for), or 0644 less the umask — synced,
    /// and renamed over the path, which is looked at once more just before. An
    /// export that fails at any step leaves the old file as it was and removes its temporary; a
    /// half-written file never stands at `path`.
    func save(_ data: Data, to path: String, replacing target: Target) throws(Problem) {
        do {
            try save(to: path, replacing: target) { output in try output.write(data) }
        } catch let problem as Problem {
            throw problem
        } catch {
            preconditionFailure("writing data throws only export problems: \(error)")
        }
    }

    /// The same, with the content written by `produce` a piece at a time (an export of the whole
    /// transcript is never held in memory at once). What `produce` throws (a store that cannot be
    /// read) is thrown on, and the file is left as it was.
    func save(to path: String, replacing target: Target, _ produce: (inout Output) throws -> Void) throws {
        let folder = Self.folder(of: path)
        let permissions = switch target {
        case .new: 0o644 & ~Self.umaskValue()
        case .existing(_, _, let permissions): permissions & 0o777
        }
        let (fd, temporary) = try Self.createTemporary(in: folder)
        do {
            var output = Output(fd: fd)
            do {
                try produce(&output)
                try output.flush()
            } catch {
                close(fd)
                throw error
            }
            try Self.finish(fd, permissions: permissions)
            try willRename(temporary)
            guard (try? self.target(at: path)) == target else { throw Problem.changed }
            guard rename(temporary, path) == 0 else { throw Problem.system(errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        // The rename is kept through a crash once the folder is synced; a file system that cannot
        // sync a folder has still renamed the file, so a failure here changes nothing.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// A new, empty file in `folder` that only this user may read, and its path.
    private static func createTemporary(in folder: String) throws(Problem) -> (Int32, String) {
        for _ in 0..<16 {
            let name = ".laundrytime-export-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = folder == "." ? name : FilePath(folder).appending(name).string
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST else { throw .system(errno) }
        }
        throw .system(EEXIST)
    }

    /// What an export writes into its temporary file, gathered into pieces of ``pieceSize`` bytes.
    struct Output {
        static let pieceSize = 1 << 16
        let fd: Int32
        private var pending = Data()

        init(fd: Int32) {
            self.fd = fd
            pending.reserveCapacity(Self.pieceSize)
        }

        mutating func write(_ text: String) throws(Problem) {
            try write(Data(text.utf8))
        }

        mutating func write(_ data: Data) throws(Problem) {
            pending.append(data)
            if pending.count >= Self.pieceSize { try flush() }
        }

        mutating func flush() throws(Problem) {
            let failure = ExportFile.writeAll(pending, to: fd)
            if failure != 0 { throw .system(failure) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Gives the written temporary its permissions, syncs it and closes it.
    private static func finish(_ fd: Int32, permissions: mode_t) throws(Problem) {
        var failure: Int32 = 0
        if fchmod(fd, permissions) != 0 || fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw .system(failure) }
    }

    /// 0, or the `errno` of the write that failed.
    fileprivate static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// The process's umask. Linux tells it in /proc; elsewhere the only way to read it is to set
    /// it and set it back, and a file another thread creates in between gets 0o022.
    private static func umaskValue() -> mode_t {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return mask
        }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// The folder `path` is in: "." for a bare file name.
    static func folder(of path: String) -> String {
        let folder = FilePath(path).removingLastComponent()
        return folder.isEmpty ? "." : folder.string
    }

    /// Whether `path` can only name a folder: it ends in "/", its last part is "." or "..", or it
    /// is the root (or nothing at all).
    static func namesAFolder(_ path: String) -> Bool {
        guard path.utf8.last != UInt8(ascii: "/"), let last = FilePath(path).lastComponent else { return true }
        return last.kind != .regular
    }

    /// The extension of the file `path` names ("csv" for "h.csv"), as written; nil when it has none.
    static func fileExtension(of path: String) -> String? {
        FilePath(path).extension
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
