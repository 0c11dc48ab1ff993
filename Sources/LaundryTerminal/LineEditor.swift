import CLibEdit

/// The interactive line editor: libedit's histedit API through the CLibEdit shim (emacs keys,
/// in-memory history, Ctrl-R search). Only made when stdin is a terminal.
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C abandoned the line.
        case cancelled
        case endOfInput
    }

    private let editor: OpaquePointer

    init?(program: String, historySize: Int32 = 1000) {
        // libedit drops non-ASCII input unless the locale is set first.
        lt_set_locale()
        guard let editor = lt_editor_open(program, historySize) else { return nil }
        self.editor = editor
    }

    deinit {
        lt_editor_close(editor)
    }

    func read(prompt: String) -> Input {
        lt_editor_set_prompt(editor, prompt)
        var cancelled: Int32 = 0
        guard let line = lt_editor_gets(editor, &cancelled) else {
            return cancelled != 0 ? .cancelled : .endOfInput
        }
        return .line(String(cString: line))
    }

    func remember(_ line: String) {
        lt_editor_remember(editor, line)
    }
}
