import Foundation

/// A file as the kernel knows it: device and inode — how `/proc/locks` names a locked file, and
/// how an open store tells that the file at its path is still the one it opened.
struct FileIdentity: Hashable {
    let major: UInt64, minor: UInt64, inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let device = UInt64(info.st_dev)
        // glibc's gnu_dev_major / gnu_dev_minor.
        major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        inode = UInt64(info.st_ino)
    }

    /// "08:01:1234567": major and minor in hex, the inode in decimal.
    init?(procLocksField field: Substring) {
        let parts = field.split(separator: ":")
        guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16),
              let inode = UInt64(parts[2])
        else { return nil }
        self.major = major
        self.minor = minor
        self.inode = inode
    }
}
