import Foundation
import LaundryCore

/// The fuzzed assistant's whole world: a fresh folder, made once per process, that is its HOME,
/// every XDG folder and TMPDIR, its working directory while an input runs (``inside(_:)``), and
/// that holds its store. An export may name any path: a relative one or one under "~" lands here,
/// and a line whose export would land anywhere else is not run (``holds(_:)``) — the harness runs
/// as whoever started it, root too.
enum Sandbox {
    /// Where the process was started: libFuzzer's own paths (corpus, artifacts) are relative to it.
    static let started = FileManager.default.currentDirectoryPath

    static let folder: String = {
        var template = Array((FileManager.default.temporaryDirectory.path + "/laundrytime-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template), let real = realpath(made, nil) else {
            fatalError("no sandbox folder: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: real)
        free(real)
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "TMPDIR"] { setenv(name, path, 1) }
        // No desktop to notify, no other store to open, no pinned clock but the harness's own.
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "LAUNDRYTIME_DATABASE_URL", "LAUNDRYTIME_NOW"] { unsetenv(name) }
        guard HomePath.expandingTilde("~/x") == path + "/x" else { fatalError("HOME is not the sandbox") }
        atexit { try? FileManager.default.removeItem(atPath: Sandbox.folder) }
        return path
    }()

    /// Runs `body` with the folder as the working directory.
    static func inside<T>(_ body: () -> T) -> T {
        let back = started  // read first: a static is made on first use
        move(to: folder)
        defer { move(to: back) }
        return body()
    }

    private static func move(to path: String) {
        guard chdir(path) == 0 else { fatalError("cannot work in \(path): \(String(cString: strerror(errno)))") }
    }

    /// Whether `path`, resolved as an export resolves it (a leading "~" is HOME, a relative path
    /// is in the working directory), lies inside the folder. "." and ".." are resolved here by
    /// hand: Foundation's path functions are among what is being fuzzed, not what may guard it.
    static func holds(_ path: String) -> Bool {
        let expanded = HomePath.expandingTilde(path)
        let absolute = expanded.hasPrefix("/") ? expanded : folder + "/" + expanded
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        let inside = folder.split(separator: "/")
        return parts.count > inside.count && parts.starts(with: inside)
    }
}
