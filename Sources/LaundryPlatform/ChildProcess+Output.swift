import Foundation

extension ChildProcess {
    /// How a program that was waited for ended, and what it wrote.
    public struct Outcome: Sendable {
        /// The raw status of `waitpid`: an exit status in bits 8–15, or a signal in bits 0–6.
        public let status: Int32
        public let output: String
        public let errors: String

        /// Exited with status 0.
        public var succeeded: Bool { status == 0 }
        /// The exit status, or nil when a signal ended it (WIFEXITED / WEXITSTATUS by hand: Swift
        /// does not import the macros).
        public var exitStatus: Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }
        /// The signal that ended it, or nil.
        public var signal: Int32? { status & 0x7F == 0 ? nil : status & 0x7F }
    }

    /// Runs `path` to its end, as ``spawn(_:arguments:environment:stdin:stdout:stderr:ownProcessGroup:)``
    /// starts it, with `input` on its stdin (nothing: /dev/null) and its stdout and stderr read
    /// together, so that neither pipe fills while the other is waited on. A program that stops
    /// reading its input early makes a write fail with EPIPE where SIGPIPE is ignored, as this
    /// program ignores it; its exit status then says why.
    public static func run(_ path: String, arguments: [String], environment: [String], input: String? = nil) -> Result<Outcome, Failure> {
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0], feed: [Int32] = [0, 0]
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for index in 0..<(input == nil ? 2 : 3) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return .failure(Failure(errorNumber: errno)) }
            // No other program started meanwhile (by another thread) may hold one of them.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            opened += ends
            switch index {
            case 0: output = ends
            case 1: errors = ends
            default: feed = ends
            }
        }
        let started = spawn(path, arguments: arguments, environment: environment,
                            stdin: input == nil ? .file("/dev/null", flags: O_RDONLY) : .descriptor(feed[0]),
                            stdout: .descriptor(output[1]), stderr: .descriptor(errors[1]))
        // The child's ends are its own now; ours are closed so that its end of input is seen.
        for end in [output[1], errors[1]] + (input == nil ? [] : [feed[0]]) {
            close(end)
            opened.removeAll { $0 == end }
        }
        let pid: pid_t
        switch started {
        case .success(let started): pid = started
        case .failure(let failure): return .failure(failure)
        }
        // Our end of the child's stdin never blocks: a write may take part of what is left, and
        // then stdout and stderr are read before the rest (the child may be writing while it reads).
        if input != nil { _ = fcntl(feed[1], F_SETFL, fcntl(feed[1], F_GETFL) | O_NONBLOCK) }
        var written = Array((input ?? "").utf8)[...]
        var received: [Int32: [UInt8]] = [output[0]: [], errors[0]: []]
        var watched = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)]
        if input != nil { watched.append(pollfd(fd: feed[1], events: Int16(POLLOUT), revents: 0)) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while !watched.isEmpty {
            if poll(&watched, nfds_t(watched.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in watched.indices.reversed() where watched[index].revents != 0 {
                let descriptor = watched[index].fd
                if descriptor == feed[1] {
                    let count = written.isEmpty ? 0 : written.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 { written = written.dropFirst(count) }
                    guard written.isEmpty || (count < 0 && errno != EINTR && errno != EAGAIN) else { continue }
                } else {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count > 0 { received[descriptor, default: []] += buffer[..<count] }
                    guard count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) else { continue }
                }
                close(descriptor)
                opened.removeAll { $0 == descriptor }
                watched.remove(at: index)
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .success(Outcome(status: status, output: String(decoding: received[output[0]] ?? [], as: UTF8.self),
                                errors: String(decoding: received[errors[0]] ?? [], as: UTF8.self)))
    }
}
