#include "CLibEdit.h"

#include <histedit.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

struct lt_editor {
    EditLine *el;
    History *history;
    HistEvent event;
    char *prompt;
    char *line; /* the last line read, without its newline */
};

static char *prompt_of(EditLine *el) {
    lt_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    return editor && editor->prompt ? editor->prompt : "";
}

void lt_set_locale(void) { setlocale(LC_CTYPE, ""); }

/* Ctrl-C abandons the line (or a watch) instead of ending the program. The handler only sets a
   flag; without SA_RESTART a pending read fails with EINTR, so el_gets returns. */
static volatile sig_atomic_t interrupted = 0;

static void note_interrupt(int signal_number) {
    (void)signal_number;
    interrupted = 1;
}

void lt_catch_interrupts(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
}

int lt_take_interrupt(void) {
    int was = interrupted;
    interrupted = 0;
    return was;
}

lt_editor *lt_editor_open(const char *program, int history_size) {
    lt_editor *editor = calloc(1, sizeof *editor);
    if (!editor) return NULL;
    editor->el = el_init(program, stdin, stdout, stderr);
    editor->history = history_init();
    if (!editor->el || !editor->history) {
        lt_editor_close(editor);
        return NULL;
    }
    history(editor->history, &editor->event, H_SETSIZE, history_size);
    history(editor->history, &editor->event, H_SETUNIQUE, 1);
    lt_catch_interrupts();
    el_set(editor->el, EL_CLIENTDATA, editor);
    el_set(editor->el, EL_EDITOR, "emacs");
    el_set(editor->el, EL_SIGNAL, 1);
    el_set(editor->el, EL_PROMPT_ESC, prompt_of, '\1');
    el_set(editor->el, EL_HIST, history, editor->history);
    el_set(editor->el, EL_BIND, "^R", "em-inc-search-prev", NULL);
    el_source(editor->el, NULL);
    return editor;
}

void lt_editor_close(lt_editor *editor) {
    if (!editor) return;
    if (editor->el) el_end(editor->el);
    if (editor->history) history_end(editor->history);
    free(editor->prompt);
    free(editor->line);
    free(editor);
}

void lt_editor_set_prompt(lt_editor *editor, const char *prompt) {
    free(editor->prompt);
    editor->prompt = strdup(prompt);
}

const char *lt_editor_gets(lt_editor *editor, int *cancelled) {
    int count = 0;
    const char *line = el_gets(editor->el, &count);
    *cancelled = (line == NULL && count == -1) ? 1 : 0;
    if (!line) return NULL;
    /* el_gets keeps the newline; callers want the line itself. */
    free(editor->line);
    editor->line = strdup(line);
    if (!editor->line) return NULL;
    size_t length = strlen(editor->line);
    if (length > 0 && editor->line[length - 1] == '\n') editor->line[length - 1] = '\0';
    return editor->line;
}

void lt_editor_remember(lt_editor *editor, const char *line) {
    history(editor->history, &editor->event, H_ENTER, line);
}

int lt_editor_history_load(lt_editor *editor, const char *path) {
    return history(editor->history, &editor->event, H_LOAD, path) < 0 ? -1 : 0;
}

int lt_editor_history_save(lt_editor *editor, const char *path) {
    return history(editor->history, &editor->event, H_SAVE, path) < 0 ? -1 : 0;
}
