// A thin, non-variadic C layer over libedit's histedit API. Swift cannot call C variadic
// functions (el_set, el_get, history), so each use we need gets a one-line wrapper here.
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#include <stdio.h>
#include <wchar.h>

typedef struct lt_editor lt_editor;

/// Sets the locale from the environment (LC_CTYPE). Call before anything else: without it
/// libedit drops non-ASCII input.
void lt_set_locale(void);

/// Installs a SIGINT handler that only records the interrupt (no restart of system calls), so
/// Ctrl-C abandons a line or stops a `watch` instead of ending the program.
void lt_catch_interrupts(void);

/// Whether Ctrl-C was pressed since the last call; clears the flag.
int lt_take_interrupt(void);

/// Starts an editor on the process's stdin/stdout/stderr with emacs keys and an in-memory
/// history of `history_size` entries. Returns NULL on failure.
lt_editor *lt_editor_open(const char *program, int history_size);
void lt_editor_close(lt_editor *editor);

/// Sets the prompt. Bytes between two '\1' characters do not count toward its width (escapes).
void lt_editor_set_prompt(lt_editor *editor, const char *prompt);

/// Reads one line (without its newline). Returns NULL at end of input; sets *cancelled to 1 when
/// the line was abandoned with Ctrl-C. The text stays valid until the next call.
const char *lt_editor_gets(lt_editor *editor, int *cancelled);

/// Adds a line to the history.
void lt_editor_remember(lt_editor *editor, const char *line);

/// Loads and saves the history file. Return 0 on success.
int lt_editor_history_load(lt_editor *editor, const char *path);
int lt_editor_history_save(lt_editor *editor, const char *path);

#endif
