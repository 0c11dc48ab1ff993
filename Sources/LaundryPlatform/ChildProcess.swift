import Foundation

/// Starting another program cleanly: with `posix_spawn`, its standard streams as asked, no other
/// descriptor of ours, an empty signal mask and default signal handlers. (Foundation's `Process`
/// passes on the blocked signals of the thread that starts it — Ctrl-C would never reach the
/// child — its ignored SIGPIPE, and descriptors opened without close-on-exec.) The hooks and
/// `notify-send` run this way, and so does the
/// tests' tmux.
public enum ChildProcess {
    /// Why a program could not be started: the error number, and its words.
    public struct Failure: Error, CustomStringConvertible {
        public let errorNumber: Int32
        public var description: String { String(cString: strerror(errorNumber)) }
    }

    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// One of our descriptors (a pipe's end), as it is.
        case descriptor(Int32)
        /// A file opened for the child: `/dev/null`, a log.
        case file(String, flags: Int32, mode: mode_t = 0)
    }

    /// Starts `path` with `arguments` (its own name first) and `environment` ("NAME=value"); in a
    /// process group of its own when asked, so that what it starts can be stopped with it. The
    /// child's pid, or what kept it from starting.
    public static func spawn(
        _ path: String, arguments: [String], environment: [String],
        stdin: Stream, stdout: Stream, stderr: Stream, ownProcessGroup: Bool = false
    ) -> Result<pid_t, Failure> {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t(), attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?, attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (number, stream) in [stdin, stdout, stderr].enumerated() {
            switch stream {
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(number))
            case .file(let file, let flags, let mode): posix_spawn_file_actions_addopen(&actions, Int32(number), file, flags, mode)
            }
        }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        #if os(Linux)
        // Every descriptor past the three: glibc 2.34+, whose Swift module does not show it, so it
        // is looked up by name.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }
        #else
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .failure(Failure(errorNumber: spawned)) }
        return .success(pid)
    }
}
