/*
 * prompt.c - the interactive prompt of `syscat exec` (tools/prompt.h), with
 * the habits of the mariadb client:
 * - statements end at the delimiter (';', or what DELIMITER set) outside
 *   quotes and comments, or at \g; \G ends one and prints it vertically; \c
 *   clears the input; quit, exit, \q and Ctrl-D leave;
 * - help, \h, \?; \s (status); source FILE and \. FILE; DELIMITER X;
 *   USE prints "Database changed";
 * - Ctrl-C clears the input being typed, or interrupts the running
 *   statement (nothing of it is committed) and a running `source`, and
 *   never ends the session;
 * - history in ~/.syscat_history, written after every line;
 * - tab completion of keywords and of database, table and column names.
 * The line reader is libedit's readline interface in callback mode, so that
 * a SIGINT wakes the loop (poll) instead of ending readline().
 */
#include <editline/readline.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/prompt.h"

#define DELIM_MAX 16

/* The prompt's state; one per process (readline's callbacks take no payload). */
typedef struct prompt {
    const sc_prompt_host *h;
    char *buf; /* statement text being assembled */
    size_t len, cap;
    char delim[DELIM_MAX]; /* current statement delimiter */
    char *hist;            /* history file, or NULL */
    bool quit;
    bool oom;
    char **names; /* completion candidates (rebuilt per completion) */
    size_t n_names, cap_names;
} prompt;

/*
 * What the SIGINT handler sees. A handler has no payload, so these are the
 * only file-level mutable state of the tool: the flag it raises and the
 * catalog of the statement running now (NULL while reading input).
 */
static volatile sig_atomic_t sigint_seen;
static sc_catalog *volatile running_cat;
static prompt *the_prompt; /* for readline's callbacks, which take no payload */

static void on_sigint(int sig)
{
    static const char msg[] = "Ctrl-C -- query killed. Continuing normally.\n";

    (void)sig;
    sigint_seen = 1;
    if (running_cat) {
        sc_catalog_interrupt(running_cat, true);
        (void)!write(STDOUT_FILENO, msg, sizeof(msg) - 1);
    }
}

/* ------------------------------------------------------------------ */
/* Text buffer                                                          */

static bool buf_add(prompt *p, const char *s, size_t n)
{
    if (p->len + n + 1 > p->cap) {
        size_t cap = (p->len + n + 1) * 2;
        char *b = realloc(p->buf, cap);
        if (!b) {
            p->oom = true;
            return false;
        }
        p->buf = b;
        p->cap = cap;
    }
    memcpy(p->buf + p->len, s, n);
    p->len += n;
    p->buf[p->len] = '\0';
    return true;
}

static void buf_drop(prompt *p, size_t n)
{
    if (!p->buf)
        return;
    memmove(p->buf, p->buf + n, p->len - n);
    p->len -= n;
    p->buf[p->len] = '\0';
}

static bool buf_blank(const prompt *p)
{
    return !p->buf || sc_sql_skip_blank(p->buf, p->len) == p->len;
}

/* ------------------------------------------------------------------ */
/* History                                                              */

static char *history_path(void)
{
    const char *home = getenv("HOME");
    char *path = NULL;

    if (!home || !*home || asprintf(&path, "%s/.syscat_history", home) < 0)
        return NULL;
    return path;
}

/*
 * Open the history file without following a symbolic link and only when it
 * is a regular file, then hand libedit /proc/self/fd/N: read_history and
 * write_history take a path and would follow a link planted there.
 * @return the fd (close it after use) or -1 (no history this time)
 */
static int history_open(const prompt *p, int flags, char *fdpath, size_t size)
{
    struct stat sb;
    int fd = open(p->hist, flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0600);

    if (fd < 0) {
        if (errno != ENOENT)
            fprintf(p->h->cli->err, "syscat: not using the history file '%s': %s\n", p->hist,
                    errno == ELOOP ? "it is a symbolic link" : strerror(errno));
        return -1;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        fprintf(p->h->cli->err, "syscat: not using the history file '%s': not a regular file\n",
                p->hist);
        close(fd);
        return -1;
    }
    snprintf(fdpath, size, "/proc/self/fd/%d", fd);
    return fd;
}

static void history_load(const prompt *p)
{
    char fdpath[64];
    int fd = p->hist ? history_open(p, O_RDONLY, fdpath, sizeof(fdpath)) : -1;

    if (fd >= 0) {
        read_history(fdpath);
        close(fd);
    }
}

/* Written after every line, so a session that is killed loses nothing. */
static void history_save(const prompt *p)
{
    char fdpath[64];
    int fd = p->hist ? history_open(p, O_WRONLY | O_CREAT, fdpath, sizeof(fdpath)) : -1;

    if (fd >= 0) {
        write_history(fdpath);
        close(fd);
    }
}

/* ------------------------------------------------------------------ */
/* Client commands                                                      */

static void print_help(FILE *f)
{
    fputs("\nGeneral information about syscat: docs/cli.md, man syscat\n\n"
          "List of all client commands:\n"
          "Note that all text commands must be first on line and end with ';'\n"
          "?         (\\?) Synonym for `help'.\n"
          "clear     (\\c) Clear the current input statement.\n"
          "delimiter (\\d) Set statement delimiter.\n"
          "ego       (\\G) Send command to the catalog, display result vertically.\n"
          "exit      (\\q) Exit syscat. Same as quit.\n"
          "go        (\\g) Send command to the catalog.\n"
          "help      (\\h) Display this help.\n"
          "quit      (\\q) Quit syscat.\n"
          "source    (\\.) Execute an SQL script file. Takes a file name as an argument.\n"
          "status    (\\s) Get status information from the catalog.\n"
          "use       (\\u) Use another database. Takes database name as argument.\n\n"
          "Ctrl-C clears the current input, or interrupts the running statement.\n\n",
          f);
}

static void print_status(const prompt *p)
{
    FILE *f = p->h->cli->out;
    sc_catalog_stats st;
    const char *db = sc_session_database(p->h->session);

    fputs("--------------\n", f);
    fprintf(f, "syscat  Ver %s\n\n", sc_version());
    fprintf(f, "Current database:       %s\n", db ? db : "");
    fprintf(f, "Data directory:         %s\n", sc_catalog_datadir(p->h->cat));
    fprintf(f, "Using delimiter:        %s\n", p->delim);
    fprintf(f, "In transaction:         %s\n",
            sc_session_in_transaction(p->h->session) ? "yes" : "no");
    if (sc_catalog_stats_get(&st, p->h->cat) == SC_OK) {
        fprintf(f, "Catalog format:         %u.%u\n", st.format_major, st.format_minor);
        fprintf(f, "Databases:              %llu\n", (unsigned long long)st.schemas);
        fprintf(f, "Tables:                 %llu\n", (unsigned long long)st.tables);
        fprintf(f, "Map size:               %llu bytes, %llu in use, ceiling %llu\n",
                (unsigned long long)st.map_size, (unsigned long long)st.used_bytes,
                (unsigned long long)st.map_size_max);
    }
    fputs("--------------\n\n", f);
}

/* Length of line without trailing blanks and a trailing ';'. */
static size_t arg_len(const char *s)
{
    size_t n = strlen(s);

    while (n > 0 && strchr(" \t\r\n;", s[n - 1]))
        n--;
    return n;
}

/* If line starts with word (case-insensitive) then a blank or its end, the argument after it. */
static const char *command_arg(const char *line, const char *word)
{
    size_t n = strlen(word);

    if (strncasecmp(line, word, n) != 0 || (line[n] && !strchr(" \t", line[n])))
        return NULL;
    line += n;
    return line + strspn(line, " \t");
}

static void set_delimiter(prompt *p, const char *arg)
{
    size_t n = strlen(arg);

    while (n > 0 && strchr(" \t\r\n", arg[n - 1]))
        n--;
    if (n == 0 || n >= DELIM_MAX || memchr(arg, '\\', n)) {
        fputs("DELIMITER must be followed by a 'delimiter' character or string\n", p->h->cli->err);
        return;
    }
    memcpy(p->delim, arg, n);
    p->delim[n] = '\0';
}

static void source_file(prompt *p, const char *arg)
{
    char path[4096];
    size_t n = arg_len(arg);

    if (n == 0 || n >= sizeof(path)) {
        fputs("Usage: \\. <filename> | source <filename>\n", p->h->cli->err);
        return;
    }
    memcpy(path, arg, n);
    path[n] = '\0';
    /* Ctrl-C stops the script: the running statement fails (1317, nothing of it
     * written) and exec runs no statement after it */
    sc_catalog_interrupt(p->h->cat, false);
    running_cat = p->h->cat;
    p->h->source(p->h->payload, path);
    running_cat = NULL;
    sc_catalog_interrupt(p->h->cat, false);
    sigint_seen = 0;
}

static void run_one(prompt *p, const char *sql, size_t len, bool vertical);

static void use_database(prompt *p, const char *arg)
{
    char *sql = NULL;
    int n = asprintf(&sql, "USE %.*s", (int)arg_len(arg), arg);

    if (n < 0) {
        p->oom = true;
        return;
    }
    run_one(p, sql, (size_t)n, false);
    free(sql);
}

/*
 * A client command on a line of its own, when no statement is being typed.
 * @return true when line was one (and is done)
 */
static bool client_command(prompt *p, const char *line)
{
    const char *a;

    line += strspn(line, " \t");
    if (!buf_blank(p))
        return false;
    if ((a = command_arg(line, "quit")) || (a = command_arg(line, "exit")) ||
        (a = command_arg(line, "\\q"))) {
        if (arg_len(a) == 0) {
            p->quit = true;
            return true;
        }
        return false;
    }
    if ((a = command_arg(line, "help")) || (a = command_arg(line, "\\h")) ||
        (a = command_arg(line, "\\?")) || (a = command_arg(line, "?"))) {
        print_help(p->h->cli->out);
        return true;
    }
    if ((a = command_arg(line, "\\s")) || (a = command_arg(line, "status"))) {
        if (arg_len(a) == 0) {
            print_status(p);
            return true;
        }
        return false;
    }
    if ((a = command_arg(line, "delimiter")) || (a = command_arg(line, "\\d"))) {
        set_delimiter(p, a);
        return true;
    }
    if ((a = command_arg(line, "source")) || (a = command_arg(line, "\\."))) {
        source_file(p, a);
        return true;
    }
    if ((a = command_arg(line, "use")) || (a = command_arg(line, "\\u"))) {
        use_database(p, a); /* a client command: no ';' needed */
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* Running statements                                                   */

bool sc_cli__stored_program(const char *text, size_t len)
{
    static const char *const kinds[] = {"TRIGGER", "PROCEDURE", "FUNCTION", "EVENT"};
    size_t i = sc_sql_skip_blank(text, len), words = 0;

    if (len - i < 6 || strncasecmp(text + i, "CREATE", 6) != 0)
        return false;
    while (i < len && words < 12) {
        size_t start, k;
        i += strspn(text + i, " \t\r\n");
        start = i;
        while (i < len && !strchr(" \t\r\n(", text[i]))
            i++;
        for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
            if (i - start == strlen(kinds[k]) &&
                strncasecmp(text + start, kinds[k], i - start) == 0)
                return true;
        if (i < len && text[i] == '(')
            return false;
        words++;
    }
    return false;
}

static void run_one(prompt *p, const char *sql, size_t len, bool vertical)
{
    size_t skip = sc_sql_skip_blank(sql, len);

    while (len > skip && strchr(" \t\r\n", sql[len - 1]))
        len--;
    if (skip >= len)
        return;
    sc_catalog_interrupt(p->h->cat, false);
    running_cat = p->h->cat;
    p->h->run(p->h->payload, sql, len, vertical);
    running_cat = NULL;
    sigint_seen = 0; /* a Ctrl-C that interrupted the statement is spent */
}

/*
 * Run what the delimiter ended. With a delimiter other than ';' the text may
 * hold several statements, as it does when the client sends it to a server:
 * a stored program goes whole, anything else is split at ';'.
 */
static void run_chunk(prompt *p, const char *text, size_t len, bool vertical)
{
    size_t end;
    bool content;

    if (strcmp(p->delim, ";") == 0 || sc_cli__stored_program(text, len)) {
        run_one(p, text, len, vertical);
        return;
    }
    while (len > 0) {
        bool found = sc_sql_split_next(&end, &content, text, len);
        if (content)
            run_one(p, text, end, vertical && !found);
        if (!found)
            break;
        text += end + 1;
        len -= end + 1;
    }
}

/* Run every statement the buffer completes; keep the rest. */
static void run_complete(prompt *p)
{
    size_t end, dl = strlen(p->delim);
    bool content;

    while (p->len > 0 && sc_sql_split_delim(&end, &content, p->buf, p->len, p->delim, dl)) {
        char *text = strndup(p->buf, end);
        buf_drop(p, end + dl);
        if (!text) {
            p->oom = true;
            return;
        }
        if (content)
            run_chunk(p, text, strlen(text), false);
        free(text);
    }
    if (buf_blank(p))
        buf_drop(p, p->len);
}

/* "...\G", "...\g", "...\c" at the end of a line. @return the command letter or 0 */
static char line_end_command(char *line)
{
    size_t n = strlen(line);
    char c;

    while (n > 0 && strchr(" \t\r", line[n - 1]))
        n--;
    if (n < 2 || line[n - 2] != '\\' || !strchr("Ggc", line[n - 1]))
        return 0;
    c = line[n - 1];
    line[n - 2] = '\0';
    return c;
}

static void finish_statement(prompt *p, bool vertical)
{
    char *text;

    run_complete(p); /* what the delimiter already ended */
    if (p->oom || buf_blank(p)) {
        buf_drop(p, p->len);
        return;
    }
    text = strndup(p->buf, p->len);
    buf_drop(p, p->len);
    if (!text) {
        p->oom = true;
        return;
    }
    run_chunk(p, text, strlen(text), vertical);
    free(text);
}

static void handle_line(prompt *p, char *line)
{
    char end;

    if (*line) {
        add_history(line);
        history_save(p);
    }
    if (client_command(p, line))
        return;
    end = line_end_command(line);
    if (!buf_add(p, line, strlen(line)) || !buf_add(p, "\n", 1))
        return;
    if (end == 'c')
        buf_drop(p, p->len);
    else if (end)
        finish_statement(p, end == 'G');
    else
        run_complete(p);
}

/* ------------------------------------------------------------------ */
/* Completion                                                           */

static const char *const keywords[] = {
    "ADD",         "AFTER",     "ALTER",      "AUTO_INCREMENT", "BEGIN",
    "BIGINT",      "BLOB",      "BY",         "CHANGE",         "CHARACTER",
    "CHARSET",     "CHECK",     "COLLATE",    "COLUMN",         "COLUMNS",
    "COMMENT",     "COMMIT",    "CONSTRAINT", "CREATE",         "DATABASE",
    "DATABASES",   "DATE",      "DATETIME",   "DECIMAL",        "DEFAULT",
    "DELIMITER",   "DESCRIBE",  "DOUBLE",     "DROP",           "ENGINE",
    "ENUM",        "EXISTS",    "FOREIGN",    "FROM",           "FULL",
    "IF",          "INDEX",     "INT",        "INTEGER",        "INVISIBLE",
    "KEY",         "KEYS",      "LIKE",       "LONGTEXT",       "MODIFY",
    "NOT",         "NULL",      "ON",         "PRIMARY",        "REFERENCES",
    "RENAME",      "ROLLBACK",  "SCHEMA",     "SELECT",         "SET",
    "SHOW",        "SMALLINT",  "START",      "STATUS",         "TABLE",
    "TABLES",      "TEXT",      "TIMESTAMP",  "TINYINT",        "TO",
    "TRANSACTION", "TRUNCATE",  "UNIQUE",     "UNSIGNED",       "USE",
    "VARCHAR",     "VARIABLES", "WARNINGS",   "WHERE",
};

static void add_name(prompt *p, const char *name)
{
    if (p->n_names == p->cap_names) {
        size_t cap = p->cap_names ? 2 * p->cap_names : 256;
        char **n = realloc(p->names, cap * sizeof(*n));
        if (!n)
            return;
        p->names = n;
        p->cap_names = cap;
    }
    if ((p->names[p->n_names] = strdup(name)) != NULL)
        p->n_names++;
}

static void clear_names(prompt *p)
{
    for (size_t i = 0; i < p->n_names; i++)
        free(p->names[i]);
    p->n_names = 0;
}

typedef struct name_walk {
    prompt *p;
    sc_txn *txn;
    size_t columns_left; /* column names still to load (bounded for huge catalogs) */
} name_walk;

static int add_schema(const sc_schema *schema, void *payload)
{
    name_walk *w = payload;

    add_name(w->p, sc_schema_definition(schema)->name);
    return 0;
}

static int add_table(const sc_table_info *info, void *payload)
{
    name_walk *w = payload;
    sc_table *t = NULL;

    add_name(w->p, info->name);
    if (w->columns_left > 0 && sc_table_get(&t, w->txn, info->id) == SC_OK) {
        const sc_table_def *d = sc_table_definition(t);
        for (size_t i = 0; i < d->n_columns && w->columns_left > 0; i++, w->columns_left--)
            add_name(w->p, d->columns[i].name);
        sc_table_free(t);
    }
    return 0;
}

/* Keywords, databases, the current database's tables and their columns. */
static void load_names(prompt *p)
{
    name_walk w = {p, NULL, 20000};
    const char *db = sc_session_database(p->h->session);
    sc_schema *schema = NULL;

    clear_names(p);
    for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
        add_name(p, keywords[i]);
    if (sc_txn_begin(&w.txn, p->h->cat, SC_TXN_READONLY) != SC_OK)
        return;
    (void)sc_schema_foreach(w.txn, add_schema, &w);
    if (db && sc_schema_lookup(&schema, w.txn, db) == SC_OK)
        (void)sc_table_foreach(w.txn, sc_schema_id(schema), add_table, &w);
    sc_schema_free(schema);
    sc_txn_abort(w.txn);
    sc_ctx_clear_error(p->h->cli->ctx);
}

static char *complete_next(const char *text, int state)
{
    prompt *p = the_prompt;
    size_t n = strlen(text);

    if (state == 0)
        load_names(p);
    for (size_t i = 0; i < p->n_names; i++) {
        char *m = p->names[i];
        if (!m || strncasecmp(m, text, n) != 0)
            continue;
        p->names[i] = NULL; /* readline frees what it gets; each candidate once */
        if (i < sizeof(keywords) / sizeof(keywords[0]) && n > 0 && text[0] >= 'a' && text[0] <= 'z')
            for (char *c = m; *c; c++) /* keywords in the case being typed */
                *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
        return m;
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1; /* no file names */
    return rl_completion_matches(text, complete_next);
}

/* ------------------------------------------------------------------ */
/* The loop                                                             */

static void make_prompt(char *out, size_t size, const prompt *p)
{
    const char *db = sc_session_database(p->h->session);

    if (!buf_blank(p))
        snprintf(out, size, "    -> ");
    else
        snprintf(out, size, "syscat [%s]> ", db ? db : "(none)");
}

static void on_line(char *line);

static void install(prompt *p)
{
    char text[300];

    make_prompt(text, sizeof(text), p);
    rl_callback_handler_install(text, on_line);
}

static void on_line(char *line)
{
    prompt *p = the_prompt;

    rl_callback_handler_remove();
    if (!line) {
        p->quit = true;
        return;
    }
    handle_line(p, line);
    free(line);
    if (!p->quit && !p->oom)
        install(p);
}

/* Ctrl-C while typing: forget the input, start a fresh prompt. */
static void clear_input(prompt *p)
{
    sigint_seen = 0;
    rl_replace_line("", 0);
    rl_callback_handler_remove();
    fputs("^C\n", p->h->cli->out);
    fflush(p->h->cli->out);
    buf_drop(p, p->len);
    install(p);
}

static int loop(prompt *p)
{
    struct pollfd in = {STDIN_FILENO, POLLIN, 0};

    while (!p->quit && !p->oom) {
        int n = poll(&in, 1, -1);
        if (sigint_seen) {
            clear_input(p);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || !(in.revents & POLLIN))
            break; /* the terminal went away (POLLHUP alone) */
        rl_callback_read_char();
    }
    return p->oom ? SC_CLI_EXIT_ERROR : SC_CLI_EXIT_OK;
}

int sc_cli__prompt(const sc_prompt_host *host)
{
    prompt p;
    struct sigaction sa, old;
    int status;

    memset(&p, 0, sizeof(p));
    p.h = host;
    strcpy(p.delim, ";");
    p.hist = history_path();
    the_prompt = &p;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigint; /* no SA_RESTART: poll() returns on Ctrl-C */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    rl_catch_signals = 0;
    rl_readline_name = "syscat";
    rl_attempted_completion_function = complete;
    using_history();
    history_load(&p);
    fprintf(host->cli->out,
            "syscat %s on '%s'. Commands end with ; or \\g. Type 'help;' or '\\h' for help.\n"
            "Ctrl-C clears the current input; quit, \\q or Ctrl-D leave.\n\n",
            sc_version(), host->cli->datadir);
    fflush(host->cli->out);
    install(&p);
    status = loop(&p);
    rl_callback_handler_remove();
    fputs(p.quit ? "Bye\n" : "\n", host->cli->out);
    sigaction(SIGINT, &old, NULL);
    the_prompt = NULL;
    clear_names(&p);
    free(p.names);
    free(p.buf);
    free(p.hist);
    if (p.oom)
        return sc_cli__fail(host->cli, SC_ENOMEM);
    return status;
}
