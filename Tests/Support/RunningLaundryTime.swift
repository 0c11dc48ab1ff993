import Foundation

/// A `laundrytime` child process that is read while it runs: its replies come line by line, and
/// it can be killed with SIGKILL at any moment. (``LaundryTimeProcess`` runs a child to its end;
/// the reliability tests need to stop one mid-flight, or to run two at once.)
///
/// The script is written to stdin on a background thread; stderr is collected on another. Call
/// ``finish()`` exactly once: it reaps the child, waits for both threads and closes every pipe.
/// (Sendable so that ``finishTogether(_:)`` can drain several children at once; each instance is
/// used by one thread at a time.)
public final class RunningLaundryTime: @unchecked Sendable {
    /// How a child ended, with everything it wrote that was not read line by line yet.
    public struct Ending {
        public let killed: Bool
        public let status: Int32
        public let remainingLines: [String]
        public let stderr: String
        public let timedOut: Bool

        public var exitedNormally: Bool { !killed && !timedOut }
    }

    private let process = Process()
    private let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    private let background = DispatchGroup()
    private let errors = Box<Data>(Data())
    private let watchdogFired = Box<Bool>(false)
    private let inputClosed = Box<Bool>(false)
    private let watchdog: DispatchWorkItem
    private var buffer: [UInt8] = []
    private var atEnd = false
    private let keepsInputOpen: Bool

    /// Starts `laundrytime --data-dir DIR ARGUMENTS` with `script` on stdin, `LAUNDRYTIME_NOW`
    /// pinned to `now` and TZ=UTC. A child still running after `timeLimit` seconds is killed
    /// (and the ending says so), so a hung program fails the test instead of hanging it.
    /// With `keepInputOpen`, stdin stays open after the script: ``send(_:)`` writes more lines and
    /// ``closeInput()`` ends the input (a program that lives on, like a prompt left open).
    public init(_ arguments: [String], dataDirectory: URL, script: String, now: String = "2026-03-01T09:00:00Z",
         timeLimit: TimeInterval = 120, keepInputOpen: Bool = false, environment extra: [String: String] = [:]) throws {
        // Writing to a killed child must be an EPIPE error, not the end of the test runner.
        signal(SIGPIPE, SIG_IGN)
        keepsInputOpen = keepInputOpen
        process.executableURL = LaundryTimeProcess.binary
        process.arguments = ["--data-dir", dataDirectory.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": dataDirectory.path, "LANG": "C.UTF-8",
                               "LAUNDRYTIME_NOW": now].merging(extra) { $1 }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr

        let process = self.process, fired = watchdogFired
        watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            fired.value = true
            kill(process.processIdentifier, SIGKILL)
        }
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)

        // Dedicated threads, not the shared pool: they block for as long as the child runs.
        let input = stdin.fileHandleForWriting, data = Data(script.utf8)
        if keepInputOpen {
            try? input.write(contentsOf: data)
        } else {
            onThread(background) {
                try? input.write(contentsOf: data)  // fails (EPIPE) once the child is dead; that is fine
                try? input.close()
            }
        }
        let errorOutput = stderr.fileHandleForReading, errors = self.errors
        onThread(background) { errors.value = errorOutput.readDataToEndOfFile() }
    }

    public var processIdentifier: Int32 { process.processIdentifier }

    /// Writes one more line to the child's stdin (see `keepInputOpen`).
    public func send(_ line: String) {
        try? stdin.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Ends the child's input, as Ctrl-D or the end of a script does.
    public func closeInput() {
        inputClosed.modify { closed in
            if !closed { try? stdin.fileHandleForWriting.close() }
            closed = true
        }
    }

    /// The next line the child wrote to stdout, waiting for it; nil at the end of its output.
    public func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let count = read(stdout.fileHandleForReading.fileDescriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                atEnd = true
            }
        }
    }

    /// Sends SIGKILL, unless the child has already ended.
    public func killNow() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Reads the rest of stdout, reaps the child, joins the background threads, closes the pipes.
    public func finish() -> Ending {
        if keepsInputOpen { closeInput() }
        var rest: [String] = []
        while let line = nextLine() { rest.append(line) }
        process.waitUntilExit()
        watchdog.cancel()
        background.wait()
        for handle in [stdout.fileHandleForReading, stderr.fileHandleForReading] { try? handle.close() }
        return Ending(
            killed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
            remainingLines: rest, stderr: String(decoding: errors.value, as: UTF8.self), timedOut: watchdogFired.value)
    }
}

extension RunningLaundryTime {
    /// Finishes several children at once, each on its own thread, so that none of them stalls on
    /// a full stdout pipe while another is being read.
    public static func finishTogether(_ children: [RunningLaundryTime]) -> [Ending] {
        let group = DispatchGroup()
        let endings = Box<[Int: Ending]>([:])
        for (index, child) in children.enumerated() {
            onThread(group) {
                let ending = child.finish()
                endings.modify { $0[index] = ending }
            }
        }
        group.wait()
        return children.indices.map { endings.value[$0]! }
    }
}

/// Runs `body` on a new thread, inside `group`.
func onThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
        body()
        group.leave()
    }.start()
}

/// A value shared with a background thread, behind a lock.
private final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func modify(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
