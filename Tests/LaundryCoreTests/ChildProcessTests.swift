import Foundation
import LaundryPlatform
import Subprocess
import SystemPackage
import Testing

/// ChildProcess, which starts the hooks' supervisor, the hooks, `notify-send`, `crontab` and
/// `systemctl`, held to swift-subprocess, the library it stands in for (Benchmarks/RESULTS.md says
/// why it stays): the same program, arguments, environment and input end the same way — exit
/// status or signal — and say the same on stdout and stderr; and the program starts with the same
/// signal state (none blocked, none ignored, though this process ignores SIGPIPE) and no
/// descriptor of ours.
@Suite(.serialized) struct ChildProcessTests {
    struct Seen: Equatable, CustomStringConvertible {
        var exit: Int32?
        var signal: Int32?
        var output: String
        var errors: String
        var description: String { "exit \(exit.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-") out \(output.debugDescription) err \(errors.debugDescription)" }
    }

    static func byChildProcess(_ script: String, _ environment: [String], input: String?) throws -> Seen {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["/bin/sh", "-c", script], environment: environment, input: input).get()
        return Seen(exit: outcome.exitStatus, signal: outcome.signal, output: outcome.output, errors: outcome.errors)
    }

    static func bySubprocess(_ script: String, _ environment: [String], input: String?) async throws -> Seen {
        let executable = Executable.path("/bin/sh"), arguments = Arguments(["-c", script])
        let variables = Environment.custom(environment.map { Array(($0 + "\0").utf8) })
        let result = if let input {
            try await Subprocess.run(executable, arguments: arguments, environment: variables, input: .string(input),
                                     output: .string(limit: 1 << 22), error: .string(limit: 1 << 22))
        } else {
            try await Subprocess.run(executable, arguments: arguments, environment: variables,
                                     output: .string(limit: 1 << 22), error: .string(limit: 1 << 22))
        }
        var seen = Seen(output: result.standardOutput, errors: result.standardError)
        switch result.terminationStatus {
        case .exited(let code): seen.exit = code
        case .signaled(let signal): seen.signal = signal
        }
        return seen
    }

    static let environment = ["PATH=/usr/bin:/bin", "LANG=C", "A=one", "B=two words = and \"quotes\"", "EMPTY="]

    static let cases: [(script: String, input: String?)] = [
        ("exit 0", nil), ("exit 3", nil), ("exit 255", nil), ("echo out; echo err >&2; exit 1", nil),
        ("kill -TERM $$", nil), ("kill -KILL $$", nil), ("kill -INT $$", nil),
        // The environment exactly as given (sh adds PWD and the like, the same way for both).
        ("env | LC_ALL=C sort", nil), ("printf '%s|' \"$A\" \"$B\" \"${EMPTY-unset}\" \"${NOTSET-unset}\"", nil),
        // stdin to stdout: nothing, /dev/null, a line without its end, and more than a pipe holds
        // both ways (so that neither side may wait for the other).
        ("cat", nil), ("cat", ""), ("cat; echo", "no line end"), ("cat; cat >&2 </dev/null", String(repeating: "wash snowy ", count: 40_000)),
        ("cat >&2; echo done", String(repeating: "é🧺\n", count: 30_000)),
    ]

    @Test func theSameProgramEndsAndSpeaksTheSame() async throws {
        let pipeHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, pipeHandler) }
        for (script, input) in Self.cases {
            let ours = try Self.byChildProcess(script, Self.environment, input: input)
            let library = try await Self.bySubprocess(script, Self.environment, input: input)
            #expect(ours == library, "\(script): ChildProcess \(ours), swift-subprocess \(library)")
        }
    }

    /// A program that ends without reading all its input: the rest is not written (EPIPE, SIGPIPE
    /// being ignored) and it ends as it says. Here swift-subprocess 1.0.2 is no reference: it stops
    /// the whole process (a fatalError, "FileDescriptor … was not closed", as its input writer
    /// gives up on the broken pipe; known upstream, open).
    @Test func aProgramThatStopsReadingEndsAsItSays() throws {
        let pipeHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, pipeHandler) }
        let ours = try Self.byChildProcess("head -c 10; exit 4", Self.environment, input: String(repeating: "x", count: 200_000))
        #expect(ours == Seen(exit: 4, output: String(repeating: "x", count: 10), errors: ""), "\(ours)")
    }

    /// With SIGPIPE ignored and SIGINT blocked here, as at the prompt, and a descriptor opened
    /// without close-on-exec: the program sees none of them, started either way.
    @Test func theProgramInheritsNoSignalStateAndNoDescriptor() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-process-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let leaked = open(folder.appendingPathComponent("leaked").path, O_CREAT | O_WRONLY, 0o600)
        defer { close(leaked) }
        let pipeHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, pipeHandler) }
        // Read by the shell itself: a child of it could catch it mid-fork, its signals blocked.
        let script = """
            while read -r line; do case $line in SigBlk:*|SigIgn:*) echo "$line";; esac; done < /proc/$$/status
            [ -e /proc/$$/fd/\(leaked) ] && echo "has descriptor \(leaked)" || echo "no descriptor \(leaked)"
            """
        // SIGINT blocked on the thread that starts it (the library starts its programs on threads
        // of its own: what they block is theirs).
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let started = Result { try Self.byChildProcess(script, Self.environment, input: nil) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let ours = try started.get()
        let library = try await Self.bySubprocess(script, Self.environment, input: nil)
        #expect(ours == library, "ChildProcess \(ours), swift-subprocess \(library)")
        // The masks are hexadecimal, signal n at bit n − 1 (glibc's own two, 32 and 33, may show).
        let said = ours.output.split(separator: "\n")
        let ignored = said.first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) }
        #expect(said.first == "SigBlk:\t0000000000000000" && said.last == "no descriptor \(leaked)", "\(ours)")
        #expect(try #require(ignored) & (1 << (UInt64(SIGPIPE) - 1)) == 0, "SIGPIPE is not ignored: \(ours)")
    }

    /// A program that is not there: neither starts it.
    @Test func aMissingProgramIsNotStarted() async {
        let missing = "/nonexistent/laundrytime-child"
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(missing, arguments: [missing], environment: []).get() }
        await #expect(throws: (any Error).self) {
            try await Subprocess.run(.name(missing), output: .discarded)
        }
    }
}
