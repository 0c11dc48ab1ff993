import Foundation

/// Makes the things a path can name besides a regular file, for tests of where a program may write.
public enum SpecialFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether this process may make device nodes and give files away (it runs as root).
    public static var isRoot: Bool { geteuid() == 0 }

    public static func fifo(at path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw failure("mkfifo", path) }
    }

    /// A Unix domain socket bound to `path`; the node stays after the socket is closed.
    public static func socket(at path: String) throws {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw failure("socket", path) }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Failure(description: "\(path) is too long for a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw failure("bind", path) }
    }

    /// A character device node (1, 3: what /dev/null is on Linux) or a block device node (7, 0: a
    /// loop device); only root may make one.
    public static func device(at path: String, block: Bool = false) throws {
        let type = block ? S_IFBLK : S_IFCHR
        // makedev(3) is a C macro Swift does not import; for numbers this small both Linux's and
        // the BSDs' encodings are major << 8 | minor or major << 24 | minor.
        #if os(Linux)
        let number: dev_t = block ? 7 << 8 : 1 << 8 | 3
        #else
        let number: dev_t = block ? 7 << 24 : 1 << 24 | 3
        #endif
        guard mknod(path, type | 0o644, number) == 0 else { throw failure("mknod", path) }
    }

    public static func symbolicLink(at path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }

    /// A regular file holding `text`, with the permissions and (as root) the owner and group given.
    public static func regularFile(at path: String, _ text: String, mode: mode_t = 0o644, owner: uid_t? = nil, group: gid_t? = nil) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw Failure(description: "cannot create \(path)") }
        if owner != nil || group != nil, chown(path, owner ?? uid_t.max, group ?? gid_t.max) != 0 { throw failure("chown", path) }
        guard chmod(path, mode) == 0 else { throw failure("chmod", path) }
    }

    /// The permissions a file created with 0644 gets under this process's umask: those of a
    /// probe made in `folder` and removed.
    public static func permissionsOfANewFile(in folder: String) throws -> mode_t {
        let probe = folder + "/.permissions-probe"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw failure("open", probe) }
        close(fd)
        defer { unlink(probe) }
        guard let permissions = FileIdentity(probe)?.permissions else { throw failure("lstat", probe) }
        return permissions
    }

    private static func failure(_ call: String, _ path: String) -> Failure {
        Failure(description: "\(call) \(path): \(String(cString: strerror(errno)))")
    }
}
