import CLibEdit
import Foundation
import LaundryPlatform
import LaundryAssistant
import LaundryCore

/// The interactive line editor: libedit's histedit API through the CLibEdit shim — emacs keys,
/// Ctrl-R search, Tab completion, and a history kept in a file across sessions. Only made when
/// stdin is a terminal.
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: `hadText` when it abandoned a half-typed line, false on an empty prompt.
        case interrupted(hadText: Bool)
        /// SIGTERM or SIGHUP: the program should end.
        case terminated
        case endOfInput
    }

    /// How many lines the history keeps (in memory and in its file).
    static let historySize: Int32 = 1000

    private var editor: OpaquePointer?
    private let historyFile: URL?
    private let completer: Completer

    /// What the prompt does while it waits for a key: given the text before the cursor, the text
    /// to print above the prompt (or nil) and how many milliseconds to wait before asking again.
    /// Runs on the thread that reads the line, between keys.
    var idle: ((String) -> (message: String?, nextMilliseconds: Int))? {
        didSet {
            guard idle != nil else { return lt_editor_set_idle(editor, nil, nil) }
            lt_editor_set_idle(editor, { context, before, next in
                guard let context, let before, let next else { return nil }
                let editor = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
                guard let idle = editor.idle else { return nil }
                let answer = idle(String(cString: before))
                next.pointee = Int32(clamping: answer.nextMilliseconds)
                return answer.message.flatMap { strdup($0) }
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Whether the locale's character set is UTF-8 (else box drawing is not safe to print).
    let localeIsUTF8: Bool

    /// - Parameters:
    ///   - historyFile: where the history is loaded from and saved to (nil: none).
    ///   - drawOnStandardError: draw the prompt on stderr (stdout is redirected, as with
    ///     `laundrytime > log.txt`: the replies go to the file, the prompt stays on the screen).
    init?(program: String, historyFile: URL?, completer: Completer, drawOnStandardError: Bool = false) {
        // libedit drops non-ASCII input unless the locale is set first.
        localeIsUTF8 = lt_set_locale() != 0
        self.historyFile = historyFile
        self.completer = completer
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let editor = lt_editor_open(program, Self.historySize, { context, before in
            guard let context, let before else { return nil }
            let editor = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
            guard let answer = editor.completer.answer(to: String(cString: before)) else { return nil }
            return strdup(answer)
        }, context, drawOnStandardError ? 1 : 0) else { return nil }
        self.editor = editor
        if let historyFile { _ = lt_editor_history_load(editor, historyFile.path) }
    }

    deinit {
        lt_editor_close(editor)
    }

    /// Why no editor could be made because libedit itself is missing (it is loaded with the first
    /// editor, not at start), or nil.
    static var unavailableReason: String? {
        lt_editor_load_error().map { String(cString: $0) }
    }

    func read(prompt: String) -> Input {
        lt_editor_set_prompt(editor, prompt)
        var outcome: Int32 = 0
        guard let line = lt_editor_gets(editor, &outcome) else {
            switch Int(outcome) {
            case Int(LT_TERMINATED): return .terminated
            case Int(LT_INTERRUPTED_TEXT): return .interrupted(hadText: true)
            case Int(LT_INTERRUPTED_EMPTY): return .interrupted(hadText: false)
            default: return .endOfInput
            }
        }
        return .line(String(cString: line))
    }

    /// Adds a line to the history and saves the history file at once, so a crash or a closed
    /// terminal loses nothing typed before it. The file is private (0600), like the database.
    func remember(_ line: String) {
        lt_editor_remember(editor, line)
        saveHistory()
    }

    func saveHistory() {
        guard let historyFile else { return }
        let directory = historyFile.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if lt_editor_history_save(editor, historyFile.path) == 0 {
            chmod(historyFile.path, 0o600)
        }
    }

    /// The history file: `$XDG_STATE_HOME/laundrytime/history`, else `~/.local/state/laundrytime/history`.
    static func historyFile(environment: [String: String]) -> URL? {
        URL(fileURLWithPath: HomePath.xdgBase("XDG_STATE_HOME", fallback: ".local/state", environment: environment))
            .appendingPathComponent("laundrytime/history")
    }
}
