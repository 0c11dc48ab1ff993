#define _GNU_SOURCE
#include "CLibEdit.h"

#include <dlfcn.h>
#include <errno.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

struct lt_editor {
    EditLine *el;
    History *history;
    HistEvent event;
    char *prompt;
    char *line; /* the last line read, without its newline */
    mbstate_t input_state;
    int interrupted_with_text;
    lt_completer completer;
    void *completer_context;
    FILE *output; /* where the prompt and the line are drawn */
    lt_idle idle;
    void *idle_context;
    long long idle_due_ms; /* when to ask the idle hook next, on the monotonic clock */
};

/* libedit is loaded when the first editor opens, not when the program starts: a script or a
   one-shot command never edits a line, and loading libedit with the libraries it needs (terminfo,
   libbsd, libmd) cost every start about half a millisecond (Benchmarks/RESULTS.md). Debian names
   it libedit.so.2, Fedora libedit.so.0; libedit.so is the development link. Its functions are
   called through this table. */
static struct {
    EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
    void (*el_end)(EditLine *);
    int (*el_set)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    const char *(*el_gets)(EditLine *, int *);
    const LineInfo *(*el_line)(EditLine *);
    void (*el_deletestr)(EditLine *, int);
    int (*el_insertstr)(EditLine *, const char *);
    int (*el_source)(EditLine *, const char *);
    int (*el_getc)(EditLine *, char *);
    void (*el_push)(EditLine *, const char *);
    int (*el_cursor)(EditLine *, int);
    const LineInfoW *(*el_wline)(EditLine *);
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
} editline;

static char load_error[256];

/* Loads libedit once; returns 0, or -1 with the reason in load_error. */
static int load_libedit(void) {
    static int loaded = 0;
    if (loaded) return 0;
#ifdef __APPLE__
    static const char *const names[] = {"libedit.3.dylib", "libedit.dylib"};
#else
    static const char *const names[] = {"libedit.so.2", "libedit.so.0", "libedit.so"};
#endif
    void *library = NULL;
    for (size_t index = 0; !library && index < sizeof names / sizeof names[0]; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "libedit could not be loaded (%s)", reason ? reason : names[0]);
        return -1;
    }
#define LOAD(name)                                                                              \
    if (!(*(void **)&editline.name = dlsym(library, #name))) {                                  \
        snprintf(load_error, sizeof load_error, "libedit has no %s", #name);                   \
        return -1;                                                                              \
    }
    LOAD(el_init) LOAD(el_end) LOAD(el_set) LOAD(el_get) LOAD(el_gets) LOAD(el_line)
    LOAD(el_deletestr) LOAD(el_insertstr) LOAD(el_source) LOAD(history_init) LOAD(history_end) LOAD(history)
    LOAD(el_getc) LOAD(el_push) LOAD(el_cursor) LOAD(el_wline)
#undef LOAD
    loaded = 1;
    return 0;
}

const char *lt_editor_load_error(void) {
    return load_error[0] ? load_error : NULL;
}

int lt_editor_columns(lt_editor *editor);

static long long monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static char *line_before_cursor(EditLine *el) {
    const LineInfo *info = editline.el_line(el);
    size_t length = (size_t)(info->cursor - info->buffer);
    char *before = malloc(length + 1);
    if (!before) return NULL;
    memcpy(before, info->buffer, length);
    before[length] = '\0';
    return before;
}

/* The idle hook's turn: print what it has above the prompt, then let libedit redraw the prompt
   and the half-typed line under it (docs/terminal.md, "The line editor"; checked in tmux). */
static void run_idle(EditLine *el, lt_editor *editor) {
    int next_ms = 1000;
    char *before = line_before_cursor(el);
    char *message = editor->idle(editor->idle_context, before ? before : "", &next_ms);
    free(before);
    editor->idle_due_ms = monotonic_ms() + (next_ms > 0 ? next_ms : 0);
    if (!message) return;
    fputs(message, editor->output);
    fflush(editor->output);
    free(message);
    editline.el_set(el, EL_REFRESH);
}

static lt_editor *editor_of(EditLine *el) {
    lt_editor *editor = NULL;
    editline.el_get(el, EL_CLIENTDATA, &editor);
    return editor;
}

static char *prompt_of(EditLine *el) {
    lt_editor *editor = editor_of(el);
    return editor && editor->prompt ? editor->prompt : "";
}

int lt_set_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0) ? 1 : 0;
}

/* Ctrl-C abandons the line (or a watch) instead of ending the program. The handler only sets a
   flag; without SA_RESTART a pending poll or read fails with EINTR, so el_gets returns. */
static volatile sig_atomic_t interrupted = 0;

static void note_interrupt(int signal_number) {
    (void)signal_number;
    interrupted = 1;
}

/* A handler without SA_RESTART: a pending poll or read fails with EINTR and the flag is seen. */
static void catch_signal(int signal_number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
}

void lt_catch_interrupts(void) { catch_signal(SIGINT, note_interrupt); }

int lt_take_interrupt(void) {
    int was = interrupted;
    interrupted = 0;
    return was;
}

static volatile sig_atomic_t termination = 0;

static void note_termination(int signal_number) {
    termination = signal_number;
}

void lt_catch_termination(void) {
    catch_signal(SIGTERM, note_termination);
    catch_signal(SIGHUP, note_termination);
    /* Ctrl-C ends a script or a one-shot in order too (the database closed, no -wal left); the
       line editor, when it opens, takes SIGINT over to abandon a line instead. */
    catch_signal(SIGINT, note_termination);
    /* A parent may have started us with these blocked (some process launchers pass their own
       mask on); then the handlers would never run and the program could not be ended in order. */
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    sigaddset(&handled, SIGINT);
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
}

int lt_termination_signal(void) { return termination; }

ssize_t lt_read_unless_terminated(int descriptor, void *buffer, size_t count) {
    sigset_t ending, previous;
    sigemptyset(&ending);
    sigaddset(&ending, SIGTERM);
    sigaddset(&ending, SIGHUP);
    sigaddset(&ending, SIGINT);
    pthread_sigmask(SIG_BLOCK, &ending, &previous);
    ssize_t result = -1;
    for (;;) {
        if (termination) {
            errno = EINTR;
            break;
        }
        struct pollfd input = {.fd = descriptor, .events = POLLIN};
        /* The signals are unblocked only while ppoll waits: one sent before it is seen above. */
        if (ppoll(&input, 1, NULL, &previous) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        result = read(descriptor, buffer, count);
        if (result < 0 && errno == EINTR) continue;
        break;
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return result;
}

/* libedit's read function (EL_GETCFN): one character from stdin, decoded with the locale's
   multibyte rules one byte at a time (an incomplete sequence waits for its next byte). Waiting
   in poll() is the hook that lets later work print above the prompt (docs/terminal.md). After
   Ctrl-C it returns -1, so that el_gets returns and restores the terminal. */
static int read_character(EditLine *el, wchar_t *out) {
    lt_editor *editor = editor_of(el);
    for (;;) {
        if (termination) return -1;
        if (interrupted) {
            const LineInfo *info = editline.el_line(el);
            editor->interrupted_with_text = info->lastchar > info->buffer;
            return -1;
        }
        int timeout = -1;
        if (editor->idle) {
            long long left = editor->idle_due_ms - monotonic_ms();
            timeout = left > 0 ? (int)(left > 60000 ? 60000 : left) : 0;
        }
        struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
        int ready = poll(&input, 1, timeout);
        if (ready < 0) {
            if (errno == EINTR) continue; /* Ctrl-C is checked above; a resize just goes on */
            return -1;
        }
        if (ready == 0) {
            run_idle(el, editor);
            continue;
        }
        unsigned char byte;
        ssize_t count = read(STDIN_FILENO, &byte, 1);
        if (count == 0) return 0;
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        size_t used = mbrtowc(out, (const char *)&byte, 1, &editor->input_state);
        if (used == (size_t)-2) continue; /* the rest of the character is still to come */
        if (used == (size_t)-1) {         /* not a character: drop it and start afresh */
            memset(&editor->input_state, 0, sizeof editor->input_state);
            continue;
        }
        if (used == 0) *out = L'\0';
        return 1;
    }
}

/* Tab: asks the completer, replaces the word before the cursor with the common part of the
   candidates, and lists them under the prompt when there is a choice. */
static unsigned char complete(EditLine *el, int key) {
    (void)key;
    lt_editor *editor = editor_of(el);
    if (!editor || !editor->completer) return CC_REFRESH_BEEP;
    char *before = line_before_cursor(el);
    if (!before) return CC_ERROR;
    char *answer = editor->completer(editor->completer_context, before);
    free(before);
    if (!answer) return CC_REFRESH_BEEP;

    char *listing = strchr(answer, '\n');
    if (listing) *listing++ = '\0';
    char *insert = strchr(answer, '\t');
    int changed = 0;
    if (insert) {
        *insert++ = '\0';
        int delete_count = atoi(answer);
        if (delete_count > 0) editline.el_deletestr(el, delete_count);
        if (*insert) editline.el_insertstr(el, insert);
        changed = delete_count > 0 || *insert;
    }
    unsigned char result = changed ? CC_REFRESH : CC_REFRESH_BEEP;
    if (listing && *listing) {
        fputs("\n", editor->output);
        fputs(listing, editor->output);
        fflush(editor->output);
        result = CC_REDISPLAY;
    }
    free(answer);
    return result;
}

/* The whole line replaced by `text`, the cursor at its end. */
static void replace_line(EditLine *el, const char *text) {
    const LineInfoW *info = editline.el_wline(el);
    editline.el_cursor(el, (int)(info->lastchar - info->cursor));
    info = editline.el_wline(el);
    int length = (int)(info->lastchar - info->buffer);
    if (length > 0) editline.el_deletestr(el, length);
    if (*text) editline.el_insertstr(el, text);
}

/* The columns `text` takes on the screen (a character a cell where its width is unknown). */
static int text_width(const char *text) {
    int width = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (const char *at = text; *at;) {
        wchar_t character;
        size_t used = mbrtowc(&character, at, strlen(at), &state);
        if (used == (size_t)-1 || used == (size_t)-2 || used == 0) break;
        int cells = wcwidth(character);
        width += cells < 0 ? 1 : cells;
        at += used;
    }
    return width;
}

/* Takes the prompt and the line off the screen, the cursor at their end, so that a refresh draws
   them afresh where they began (EL_REFRESH alone draws on from the cursor). */
static void clear_drawn_line(EditLine *el, lt_editor *editor, int prompt_width) {
    const LineInfo *info = editline.el_line(el);
    char *text = strndup(info->buffer, (size_t)(info->lastchar - info->buffer));
    int columns = lt_editor_columns(editor);
    int rows = columns > 0 ? (prompt_width + (text ? text_width(text) : 0)) / columns : 0;
    free(text);
    if (rows > 0) fprintf(editor->output, "\r\033[%dA\033[J", rows);
    else fputs("\r\033[J", editor->output);
    fflush(editor->output);
}

/* The `skip`-th newest line of the history holding `query` (case ignored for ASCII), or NULL. */
static const char *history_match(lt_editor *editor, const char *query, int skip) {
    if (!*query) return NULL;
    for (int more = editline.history(editor->history, &editor->event, H_FIRST); more >= 0;
         more = editline.history(editor->history, &editor->event, H_NEXT)) {
        if (strcasestr(editor->event.str, query) && skip-- == 0) return editor->event.str;
    }
    return NULL;
}

/* Ctrl-R: the history searched backward, in the product's words — the prompt reads "search
   history: QUERY" (libedit's own search says "bck:") and the line shows the newest match. Enter
   runs it; Ctrl-R again finds an older one; any other key (an arrow, Tab, Ctrl-A) keeps it to
   edit; Ctrl-G gives the line back as it was; Ctrl-C does too, then abandons it as anywhere. */
static unsigned char search_history(EditLine *el, int key) {
    (void)key;
    lt_editor *editor = editor_of(el);
    if (!editor) return CC_ERROR;
    char *prompt = editor->prompt;
    const LineInfo *line = editline.el_line(el);
    char *original = strndup(line->buffer, (size_t)(line->lastchar - line->buffer));
    char query[256] = "", label[320], *found = NULL;
    int skip = 0;
    /* The prompt as drawn: its escapes between \1 marks take no room. */
    int drawn_prompt = 0;
    for (const char *at = prompt ? prompt : "", *escape = NULL; *at; at++) {
        if (*at == '\1') { escape = escape ? NULL : at; continue; }
        if (!escape && ((unsigned char)*at & 0xC0) != 0x80) drawn_prompt++;
    }
    unsigned char result = CC_REDISPLAY;
    for (;;) {
        const char *match = history_match(editor, query, skip);
        if (!match && skip > 0) match = history_match(editor, query, --skip); /* no older one: stay */
        free(found);
        found = match ? strdup(match) : NULL;
        snprintf(label, sizeof label, "search history%s: %s ", *query && !found ? " (nothing found)" : "", query);
        clear_drawn_line(el, editor, drawn_prompt);
        editor->prompt = label;
        drawn_prompt = text_width(label);
        replace_line(el, found ? found : original ? original : "");
        editline.el_set(el, EL_REFRESH);
        char c;
        if (editline.el_getc(el, &c) != 1) { /* Ctrl-C, or the end of input */
            replace_line(el, original ? original : "");
            result = CC_EOF;
            break;
        }
        if (c == '\r' || c == '\n') {
            result = CC_NEWLINE;
            break;
        }
        if (c == 7) { /* Ctrl-G */
            replace_line(el, original ? original : "");
            break;
        }
        if (c == 18) { /* Ctrl-R: an older match */
            skip++;
            continue;
        }
        if (c == 127 || c == 8) { /* Backspace: the query's last character, however many bytes */
            size_t length = strlen(query);
            while (length > 0 && (query[length - 1] & 0xC0) == 0x80) length--;
            if (length > 0) length--;
            query[length] = '\0';
            skip = 0;
            continue;
        }
        if ((unsigned char)c < 32) { /* any other key: the match stays, to be edited */
            char pushed[2] = {c, '\0'};
            editline.el_push(el, pushed);
            break;
        }
        size_t length = strlen(query);
        if (length + 1 < sizeof query) {
            query[length] = c;
            query[length + 1] = '\0';
        }
        skip = 0;
    }
    clear_drawn_line(el, editor, drawn_prompt);
    editor->prompt = prompt;
    free(found);
    free(original);
    editline.el_set(el, EL_REFRESH);
    return result;
}

lt_editor *lt_editor_open(const char *program, int history_size, lt_completer completer, void *context, int draw_on_stderr) {
    if (load_libedit() != 0) return NULL;
    lt_editor *editor = calloc(1, sizeof *editor);
    if (!editor) return NULL;
    editor->completer = completer;
    editor->completer_context = context;
    editor->output = draw_on_stderr ? stderr : stdout;
    editor->el = editline.el_init(program, stdin, editor->output, stderr);
    editor->history = editline.history_init();
    if (!editor->el || !editor->history) {
        lt_editor_close(editor);
        return NULL;
    }
    editline.history(editor->history, &editor->event, H_SETSIZE, history_size);
    editline.history(editor->history, &editor->event, H_SETUNIQUE, 1);
    lt_catch_interrupts();
    editline.el_set(editor->el, EL_CLIENTDATA, editor);
    editline.el_set(editor->el, EL_EDITOR, "emacs");
    editline.el_set(editor->el, EL_SIGNAL, 1);
    editline.el_set(editor->el, EL_PROMPT_ESC, prompt_of, '\1');
    editline.el_set(editor->el, EL_HIST, editline.history, editor->history);
    editline.el_set(editor->el, EL_GETCFN, read_character);
    editline.el_set(editor->el, EL_ADDFN, "lt-search", "Search the history backward", search_history);
    editline.el_set(editor->el, EL_BIND, "^R", "lt-search", NULL);
    editline.el_set(editor->el, EL_ADDFN, "lt-complete", "Complete commands and pet names", complete);
    editline.el_set(editor->el, EL_BIND, "^I", "lt-complete", NULL);
    editline.el_source(editor->el, NULL);
    return editor;
}

void lt_editor_close(lt_editor *editor) {
    if (!editor) return;
    if (editor->el) editline.el_end(editor->el);
    if (editor->history) editline.history_end(editor->history);
    free(editor->prompt);
    free(editor->line);
    free(editor);
}

void lt_editor_set_idle(lt_editor *editor, lt_idle idle, void *context) {
    editor->idle = idle;
    editor->idle_context = context;
    editor->idle_due_ms = monotonic_ms();
}

void lt_editor_set_prompt(lt_editor *editor, const char *prompt) {
    free(editor->prompt);
    editor->prompt = strdup(prompt);
}

const char *lt_editor_gets(lt_editor *editor, int *outcome) {
    int count = 0;
    editor->interrupted_with_text = 0;
    memset(&editor->input_state, 0, sizeof editor->input_state);
    editor->idle_due_ms = monotonic_ms();
    lt_take_interrupt();
    const char *line = editline.el_gets(editor->el, &count);
    if (!line) {
        if (termination) {
            *outcome = LT_TERMINATED;
        } else if (lt_take_interrupt() || count == -1) {
            *outcome = editor->interrupted_with_text ? LT_INTERRUPTED_TEXT : LT_INTERRUPTED_EMPTY;
        } else {
            *outcome = LT_END_OF_INPUT;
        }
        return NULL;
    }
    /* el_gets keeps the newline; callers want the line itself. */
    free(editor->line);
    editor->line = strdup(line);
    if (!editor->line) return NULL;
    size_t length = strlen(editor->line);
    if (length > 0 && editor->line[length - 1] == '\n') editor->line[length - 1] = '\0';
    return editor->line;
}

void lt_editor_remember(lt_editor *editor, const char *line) {
    /* Drop older copies first, newest to oldest, so each line is kept once, at its latest place. */
    int numbers[64];
    int found = 0;
    for (int more = editline.history(editor->history, &editor->event, H_FIRST); more >= 0 && found < 64;
         more = editline.history(editor->history, &editor->event, H_NEXT)) {
        if (strcmp(editor->event.str, line) == 0) numbers[found++] = editor->event.num;
    }
    for (int index = 0; index < found; index++) {
        editline.history(editor->history, &editor->event, H_DEL, numbers[index]);
    }
    editline.history(editor->history, &editor->event, H_ENTER, line);
}

int lt_editor_history_load(lt_editor *editor, const char *path) {
    return editline.history(editor->history, &editor->event, H_LOAD, path) < 0 ? -1 : 0;
}

int lt_editor_history_save(lt_editor *editor, const char *path) {
    return editline.history(editor->history, &editor->event, H_SAVE, path) < 0 ? -1 : 0;
}

int lt_editor_columns(lt_editor *editor) {
    int columns = 0;
    if (editline.el_get(editor->el, EL_GETTC, "co", &columns) != 0) return 0;
    return columns;
}

int lt_become_child_subreaper(void) {
#if defined(__linux__)
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
