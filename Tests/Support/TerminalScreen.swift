import Foundation
import LaundryPlatform
import LaundryCore

/// The built `laundrytime` binary in a real pseudo-terminal: a private tmux server runs it in one
/// pane, the test types and presses keys, and reads the screen back as text.
///
/// Nothing comes from the test process's environment or the user's `~/.tmux.conf`: tmux runs
/// with a fixed environment and its own config file, and the program runs under `env -i` with
/// exactly the variables given. The server is killed in `close()` (and `deinit`), so a failing
/// test leaves nothing running.
package final class TerminalScreen {
    /// What the program prints before the cursor when it waits for a line.
    package static let prompt = "laundrytime› "
    /// The prompt in a locale that is not UTF-8.
    package static let asciiPrompt = "laundrytime> "

    /// How long a wait may take before it fails. Waits end as soon as the screen shows what they
    /// wait for, so this costs nothing when a test passes; it is long because CI runs every suite
    /// at once on two cores, where a prompt has been seen to take over ten seconds to appear.
    package static let patience: Duration = .seconds(30)

    package static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    package static var isAvailable: Bool { tmux != nil }

    /// The pane's TERM; its terminfo entry must exist, or the line editor cannot draw.
    package static let terminal: String = {
        let entries = ["/lib/terminfo/t/tmux-256color", "/usr/share/terminfo/t/tmux-256color",
                       "/usr/share/terminfo/74/tmux-256color"]
        return entries.contains { FileManager.default.fileExists(atPath: $0) } ? "tmux-256color" : "screen"
    }()

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// HOME, XDG_STATE_HOME, the tmux socket and config live here.
    package let directory = TemporaryDirectory()
    private let socket = "laundrytime-\(UUID().uuidString.prefix(8))"
    private let target = "laundrytime"
    private var closed = false

    /// Where the program's stdin or stdout goes instead of the terminal.
    package enum Redirection {
        case none
        /// stdin read from this file (the terminal is only stdout and stderr).
        case inputFrom(String)
        /// stdout written to this file (the terminal is stdin and stderr).
        case outputTo(String)
    }

    /// Starts `laundrytime ARGUMENTS` in a `columns`×`rows` pane. `environment` is added to (and
    /// overrides) TZ=UTC, LANG=C.UTF-8, HOME and XDG_STATE_HOME in the temporary directory; TERM
    /// is always the pane's.
    /// - Parameters:
    ///   - launcher: words before the program's own (`setpriv …` to run it as another user).
    ///   - binary: the program to run, when not the one built.
    package init(columns: Int = 80, rows: Int = 24, arguments: [String], environment: [String: String] = [:],
         redirection: Redirection = .none, launcher: [String] = [], binary: String = LaundryTimeProcess.binary.path) throws {
        guard Self.isAvailable else { throw Failure(description: "tmux is not installed") }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(description: "no laundrytime binary at \(binary)")
        }
        let config = directory.url.appendingPathComponent("tmux.conf")
        try """
        set -g remain-on-exit on
        set -g default-terminal "\(Self.terminal)"
        set -g history-limit 5000
        set -g status off
        set -s escape-time 0
        """.write(to: config, atomically: true, encoding: .utf8)

        var variables = ["TZ": "UTC", "LANG": "C.UTF-8", "HOME": directory.url.path,
                         "XDG_STATE_HOME": directory.url.appendingPathComponent("state").path]
        variables.merge(environment) { $1 }
        variables["TERM"] = Self.terminal
        var command = launcher + ["/usr/bin/env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [binary] + arguments
        switch redirection {
        case .none: break
        // sh gets the file as $0 and the command as "$@": nothing is quoted by hand.
        case .inputFrom(let path): command = ["/bin/sh", "-c", #"exec "$@" <"$0""#, path] + command
        case .outputTo(let path): command = ["/bin/sh", "-c", #"exec "$@" >"$0""#, path] + command
        }
        // Several words after new-session: tmux runs them directly, no shell, no quoting.
        try run(["-f", config.path, "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "--"] + command)
    }

    deinit {
        close()
    }

    /// Stops the tmux server and the program in it. The temporary directory goes with `self`.
    package func close() {
        guard !closed else { return }
        closed = true
        _ = try? run(["kill-server"])
    }

    // MARK: - Keys

    /// Types `text` as it is (UTF-8 included); no key names are interpreted.
    package func type(_ text: String) {
        _ = try? run(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Presses keys by their tmux names: "Enter", "C-c", "C-d", "Tab", "Up", "C-r", "BSpace".
    package func press(_ keys: String...) {
        _ = try? run(["send-keys", "-t", target, "--"] + keys)
    }

    /// Types `text`, presses Tab once the prompt ends with it, and waits for the prompt to show
    /// `completed`.
    package func complete(_ text: String, showing completed: String) throws {
        type(text)
        let typed = text.trimmingCharacters(in: .whitespaces)
        try waitUntil("the prompt to end with \"\(typed)\"") { _ in promptInput()?.hasSuffix(typed) == true }
        press("Tab")
        try waitForPrompt(showing: completed)
    }

    /// Deletes the line typed (`text`) and waits for an empty prompt.
    package func erase(_ text: String) throws {
        for _ in 0..<text.count { press("BSpace") }
        try waitForPrompt()
    }

    /// Types `line`, waits until it shows on the prompt, presses Enter and waits for the next empty
    /// prompt: the reply is then complete. Returns the screen.
    @discardableResult
    package func enter(_ line: String, timeout: Duration = TerminalScreen.patience) throws -> String {
        type(line)
        try waitForPrompt(showing: line, timeout: timeout)
        press("Enter")
        return try waitForPrompt(timeout: timeout)
    }

    // MARK: - Reading the screen

    /// The visible screen, one line per row, trailing spaces trimmed.
    package func screen() -> String {
        Self.trimmed((try? run(["capture-pane", "-p", "-t", target])) ?? "")
    }

    /// The visible screen with the SGR escapes (colours, bold) of its cells.
    package func screenWithEscapes() -> String {
        (try? run(["capture-pane", "-p", "-e", "-t", target])) ?? ""
    }

    /// The history above the screen and the screen. `joiningWrappedLines` shows a line that the
    /// terminal wrapped at its right edge as the one line the program wrote.
    package func scrollback(joiningWrappedLines: Bool = false) -> String {
        Self.trimmed((try? run(["capture-pane", "-p", "-S", "-", "-t", target] + (joiningWrappedLines ? ["-J"] : []))) ?? "")
    }

    /// The text typed at the prompt, up to the cursor (trimmed), or nil when the cursor is not on
    /// a prompt line. Anything drawn after the cursor (a hint) does not count.
    package func promptInput() -> String? {
        guard let output = try? run(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y}", ";",
                                     "capture-pane", "-p", "-t", target]) else { return nil }
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let cursor = lines.removeFirst().split(separator: " ").compactMap { Int($0) }
        guard cursor.count == 2, cursor[1] < lines.count else { return nil }
        let beforeCursor = Self.prefix(of: lines[cursor[1]], columns: cursor[0])
        guard let prompt = beforeCursor.range(of: Self.prompt.trimmingCharacters(in: .whitespaces))
                ?? beforeCursor.range(of: Self.asciiPrompt.trimmingCharacters(in: .whitespaces)) else { return nil }
        return beforeCursor[prompt.upperBound...].trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Waiting

    /// Waits until the screen contains `text`; returns the screen.
    @discardableResult
    package func waitFor(_ text: String, timeout: Duration = TerminalScreen.patience) throws -> String {
        try waitUntil("the screen to show \"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen every 50 ms until `predicate` holds; returns that screen. On timeout the
    /// error shows the whole screen.
    @discardableResult
    package func waitUntil(_ what: String = "a condition", timeout: Duration = TerminalScreen.patience,
                   _ predicate: (String) -> Bool) throws -> String {
        try poll(what, timeout: timeout) {
            let screen = screen()
            return predicate(screen) ? screen : nil
        }
    }

    /// Waits until the cursor is on a prompt with `text` typed (nothing: a fresh prompt).
    @discardableResult
    package func waitForPrompt(showing text: String = "", timeout: Duration = TerminalScreen.patience) throws -> String {
        let what = text.isEmpty ? "an empty prompt" : "the prompt to show \"\(text)\""
        return try waitUntil(what, timeout: timeout) { _ in promptInput() == text }
    }

    /// Sends a signal to the program (the pane's process: `env` executes it in its place).
    package func send(signal: Int32) throws {
        let pid = try run(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(pid) else { throw Failure(description: "no pane pid: \(pid)") }
        kill(pid, signal)
    }

    /// The program's exit status once it has ended (128 + the signal if a signal ended it).
    package func waitForExit(timeout: Duration = TerminalScreen.patience) throws -> Int32 {
        try poll("the program to exit", timeout: timeout) {
            let fields = (try? run(["display-message", "-p", "-t", target,
                                    "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pid}"]))?
                .trimmingCharacters(in: .newlines).split(separator: "|", omittingEmptySubsequences: false) ?? []
            guard fields.count == 4 else { return nil }
            if fields[0] == "1", let status = Int32(fields[1]) ?? Int32(fields[2]).map({ 128 + $0 }) { return status }
            // tmux 3.3a sometimes misses the SIGCHLD of the pane's process while clients come and
            // go: the program stays a zombie and the pane dead without a status. Another SIGCHLD
            // makes the server collect it.
            if let server = pid_t(fields[3]) { kill(server, SIGCHLD) }
            return nil
        }
    }

    /// Calls `body` every 50 ms until it returns a value. On timeout the error shows the screen.
    private func poll<Value>(_ what: String, timeout: Duration, _ body: () -> Value?) throws -> Value {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = body() { return value }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "Timed out after \(timeout) waiting for \(what). The screen:\n\(screen())")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    // MARK: - Size

    /// Resizes the window; tmux sends the program SIGWINCH. Returns once the pane has the size.
    package func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        try poll("the pane to become \(columns)×\(rows)", timeout: Self.patience) {
            let size = try? run(["display-message", "-p", "-t", target, "#{pane_width}x#{pane_height}"])
            return size?.trimmingCharacters(in: .newlines) == "\(columns)x\(rows)" ? () : nil
        }
    }

    // MARK: - tmux

    /// Runs one tmux client command against this instance's server; returns its stdout.
    ///
    /// Not through Foundation's `Process`: the first client forks the server, which would keep
    /// the socket `Process` watches to see its child end (`waitUntilExit` would wait for the
    /// server), and would pass the test thread's blocked signals down to the program (Ctrl-C
    /// would never arrive). ``ChildProcess/spawn(_:arguments:environment:stdin:stdout:stderr:ownProcessGroup:)``
    /// instead, as the program starts its hooks: no inherited descriptors, an empty signal mask
    /// and default signal handlers.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let errorFile = directory.url.appendingPathComponent("tmux-stderr").path
        let environment = [
            "PATH=/usr/bin:/bin:/usr/local/bin:/opt/homebrew/bin", "HOME=\(directory.url.path)",
            "TMUX_TMPDIR=\(directory.url.path)", "TERM=xterm-256color", "LANG=C.UTF-8",
        ]
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(output[1], F_SETFD, FD_CLOEXEC)
        let reader = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
        let writer = FileHandle(fileDescriptor: output[1], closeOnDealloc: true)

        let executable = Self.tmux ?? "/usr/bin/tmux"
        let started = ChildProcess.spawn(
            executable, arguments: [executable, "-L", socket] + arguments, environment: environment,
            stdin: .file("/dev/null", flags: O_RDONLY), stdout: .descriptor(output[1]),
            stderr: .file(errorFile, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600))
        try? writer.close()
        guard case .success(let pid) = started else { throw Failure(description: "posix_spawn tmux: \(started)") }

        let data = reader.readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (wait status \(status)): \(message)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Text helpers

    private static func trimmed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }

    /// The start of `line` that fills `columns` cells.
    private static func prefix(of line: Substring, columns: Int) -> Substring {
        var used = 0
        var end = line.startIndex
        for index in line.indices {
            guard used < columns else { break }
            used += displayWidth(line[index])
            end = line.index(after: index)
        }
        return line[..<end]
    }
}
