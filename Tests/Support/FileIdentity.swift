import Foundation

/// What `lstat` says of a path — its type, inode and permissions, and where a symbolic link
/// points — so that a test can show a refused export left its target exactly as it was.
public struct FileIdentity: Equatable, CustomStringConvertible {
    /// The `S_IFMT` bits: `S_IFREG`, `S_IFLNK`, `S_IFCHR`, …
    public let type: mode_t
    public let device: UInt64
    public let inode: UInt64
    /// The permission bits, e.g. 0o644.
    public let permissions: mode_t
    /// The owner's user id.
    public let owner: uid_t
    public let linkTarget: String?

    /// Nil when there is nothing at `path`. A symbolic link is described, not followed.
    public init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        type = info.st_mode & S_IFMT
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        permissions = info.st_mode & 0o7777
        owner = info.st_uid
        linkTarget = type == S_IFLNK ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil
    }

    public var isRegularFile: Bool { type == S_IFREG }

    public var description: String {
        "type 0o\(String(type, radix: 8)), inode \(inode), mode 0o\(String(permissions, radix: 8)), owner \(owner)"
            + (linkTarget.map { ", → \($0)" } ?? "")
    }
}
