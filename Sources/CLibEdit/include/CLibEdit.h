// A thin, non-variadic C layer over libedit's histedit API. Swift cannot call C variadic
// functions (el_set, el_get, history), so each use we need gets a small wrapper here.
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <sys/types.h>
#include <stdio.h>
#include <wchar.h>

typedef struct lt_editor lt_editor;

/// Sets the locale from the environment (LC_CTYPE). Call before anything else: without it
/// libedit drops non-ASCII input. Returns 1 when the locale's character set is UTF-8.
int lt_set_locale(void);

/// Installs a SIGINT handler that only records the interrupt (no restart of system calls), so
/// Ctrl-C abandons a line or stops a `watch` instead of ending the program.
void lt_catch_interrupts(void);

/// Whether Ctrl-C was pressed since the last call; clears the flag.
int lt_take_interrupt(void);

/// Installs SIGTERM and SIGHUP handlers that only record the signal, so that the program can end
/// in order (history saved, database closed) instead of dying mid-write.
/// SIGINT too, until the line editor takes it over: Ctrl-C ends a script or a one-shot in order.
void lt_catch_termination(void);

/// The SIGTERM, SIGHUP or SIGINT received, or 0.
int lt_termination_signal(void);

/// read(2) for a script's input that SIGTERM, SIGHUP and SIGINT always end: -1 with errno EINTR once one
/// was received, even when it arrived just before the call (it waits in ppoll with them unblocked,
/// so none is missed between checking and waiting).
ssize_t lt_read_unless_terminated(int descriptor, void *buffer, size_t count);

/// prctl(PR_SET_CHILD_SUBREAPER) (prctl is variadic): the calling process adopts its orphaned
/// descendants instead of init. 0, or -1 with errno (ENOSYS where the system has no subreapers).
int lt_become_child_subreaper(void);

/// Asked on Tab with the line's text before the cursor (UTF-8). Returns NULL when nothing
/// completes, else a malloc'd string the editor frees: its first line is
/// "<characters to delete before the cursor>\t<text to insert>", and any further lines are the
/// candidates to list under the prompt.
typedef char *(*lt_completer)(void *context, const char *before_cursor);

/// Asked while the prompt waits for a key, when the time it last asked for has passed, with the
/// line's text before the cursor (UTF-8). Returns NULL, or a malloc'd text the editor writes
/// above the prompt (the text moves the cursor up over the prompt's rows and clears them first;
/// the editor then redraws the prompt and the half-typed line). Sets *next_ms: how long to wait
/// before asking again.
typedef char *(*lt_idle)(void *context, const char *before_cursor, int *next_ms);

/// Why the last `lt_editor_open` returned NULL when libedit itself could not be loaded (it is
/// loaded with the first editor, not at start), or NULL.
const char *lt_editor_load_error(void);

/// Starts an editor on the process's stdin/stdout/stderr with emacs keys, Ctrl-R search, Tab
/// completion through `completer`, and a history of `history_size` entries (which also caps
/// the history file). The prompt and the line being edited are drawn on stdout, or on stderr when
/// `draw_on_stderr` is set (stdout redirected to a file: the prompt must not end up in it).
/// Returns NULL on failure (see `lt_editor_load_error`).
lt_editor *lt_editor_open(const char *program, int history_size, lt_completer completer, void *context, int draw_on_stderr);
void lt_editor_close(lt_editor *editor);

/// Installs the idle hook (NULL: none). It is first asked as soon as the next line is read.
void lt_editor_set_idle(lt_editor *editor, lt_idle idle, void *context);

/// Sets the prompt. Bytes between two '\1' characters do not count toward its width (escapes).
void lt_editor_set_prompt(lt_editor *editor, const char *prompt);

/// How `lt_editor_gets` ended without a line.
enum {
    LT_END_OF_INPUT = 0,
    /// Ctrl-C on an empty line.
    LT_INTERRUPTED_EMPTY = 1,
    /// Ctrl-C abandoned a line that held text.
    LT_INTERRUPTED_TEXT = 2,
    /// SIGTERM or SIGHUP arrived: the program should end.
    LT_TERMINATED = 3,
};

/// Reads one line (without its newline). Returns NULL when there is no line and sets *outcome
/// to one of the LT_ values above. The text stays valid until the next call.
const char *lt_editor_gets(lt_editor *editor, int *outcome);

/// Adds a line to the history, removing older copies of it (the history holds each line once).
void lt_editor_remember(lt_editor *editor, const char *line);

/// Loads and saves the history file. Return 0 on success.
int lt_editor_history_load(lt_editor *editor, const char *path);
int lt_editor_history_save(lt_editor *editor, const char *path);

/// The terminal's width as libedit knows it.
int lt_editor_columns(lt_editor *editor);

#endif
