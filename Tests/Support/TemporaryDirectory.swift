import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
/// Keep it in a stored property or a local `let` for as long as the test uses the directory.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("laundrytime-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
