import Foundation

/// The files a store needs before SQLite opens it: its directory (made 0700, as the XDG base
/// directory spec asks), the database file, and nothing foreign where SQLite keeps its own.
enum StoreFiles {
    static func prepareDirectory(_ directory: URL) throws(StoreError) {
        let path = directory.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .cannotCreateDirectory(path: path, reason: "a file that is not a directory is in the way")
            }
            return
        }
        if let code = makeDirectories(path) {
            throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// `mkdir -p` with mode 0700 (the XDG base directory spec's), giving the system's own reason
    /// when it cannot: the errno, or nil when the directory is there.
    static func makeDirectories(_ path: String) -> Int32? {
        if mkdir(path, 0o700) == 0 { return nil }
        switch errno {
        case EEXIST:
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
        case ENOENT:
            // URL, not NSString's path functions, which trap on some paths ("x", "é/").
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            guard !parent.isEmpty, parent != path else { return ENOENT }
            if let code = makeDirectories(parent) { return code }
            return mkdir(path, 0o700) == 0 || errno == EEXIST ? nil : errno
        default:
            return errno
        }
    }

    /// SQLite keeps two files beside the database, `-wal` and `-shm`: something else in their place
    /// (a directory, say) is named, rather than reported as a read-only database.
    static func checkCompanionFiles(of path: String) throws(StoreError) {
        for suffix in ["-wal", "-shm"] {
            var info = stat()
            guard lstat(path + suffix, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { continue }
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw .cannotOpen(path: path, reason: "\(path + suffix) is \(what), where SQLite keeps a file of its own; "
                + "move it away")
        }
    }

    /// How the store can be opened.
    enum Access: Equatable {
        case readWrite
        /// It can be read, not written: `reason` says why ("the file is read-only").
        case readOnly(reason: String)
    }

    /// Creates the database file when it is missing, and finds whether it can be written. A file
    /// that can be read but not written — its mode, its folder's (SQLite writes its `-wal` and
    /// `-shm` files beside it), or a read-only file system — is opened read-only, and nothing is
    /// added beside it. A symbolic link to a store is followed; a link to nowhere is refused, not
    /// followed to make a store wherever it points.
    static func createFileIfMissing(_ path: String, folder: String) throws(StoreError) -> Access {
        var descriptor = open(path, O_RDWR | O_CLOEXEC)
        // Only a file that is not there is made: O_EXCL never follows a link, even to nowhere.
        if descriptor < 0 && errno == ENOENT {
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno == EEXIST {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    throw .foreign(path: path, reason: "it is a symbolic link to \(target), which does not exist")
                }
                descriptor = open(path, O_RDWR | O_CLOEXEC)  // made by another process meanwhile
            }
        }
        if descriptor >= 0 {
            Foundation.close(descriptor)
            if access(folder, W_OK) != 0 {
                return .readOnly(reason: errno == EROFS ? "the file system is read-only" : "its folder \(folder) is not writable for you")
            }
            return .readWrite
        }
        let code = errno
        if code == EACCES || code == EROFS, access(path, R_OK) == 0 {
            return .readOnly(reason: code == EROFS ? "the file system is read-only" : "the file is not writable for you")
        }
        throw .cannotOpen(path: path, reason: String(cString: strerror(code)))
    }
}
