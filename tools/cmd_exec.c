/*
 * cmd_exec.c - `syscat exec [--database DB] [--results] [--force]
 * [-e SQL | FILE | -]`: run SQL statements through a session
 * (sc_session_new / sc_ddl_exec), one catalog transaction per statement.
 *
 * Two ways to cut the input into statements:
 * - with --results, the DDL corpus rule, exactly (shared/oracle/README.md): a
 *   statement ends at the first line whose right-trimmed text ends with ';',
 *   that ';' is removed and the lines are joined with '\n'; text left at the
 *   end (e.g. `-e` without a final ';') is one more statement. One results.txt
 *   line per statement; every statement runs; exit 0 (DESIGN.md section 8).
 *   With --warnings FILE, FILE gets the warnings.txt lines of the same
 *   contract: "<statement number> <Level> <Code> <Message>" for every row
 *   SHOW WARNINGS lists after a statement that failed or raised any.
 * - otherwise, like the mysql client: ';' outside quotes and comments ends a
 *   statement; SHOW output is printed; the first error stops the run with
 *   exit 1 unless --force. On a terminal without FILE or -e, an interactive
 *   prompt (libedit, history in ~/.syscat_history).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tools/cli.h"
#include "tools/prompt.h"
#include "tools/resultfmt.h"

typedef struct exec_opts {
    const char *database; /* --database or NULL */
    const char *sql;      /* -e text or NULL */
    const char *file;     /* FILE, "-" for stdin, or NULL */
    bool results;         /* --results: the results.txt contract */
    bool force;           /* --force: continue after errors */
    bool batch;           /* -B: batch output (the default off a terminal) */
    bool no_header;       /* -N: no column names in batch output */
    bool raw;             /* -r: batch values unescaped */
    bool vertical;        /* -E: rows vertically */
    bool table;           /* -t: boxed tables also off a terminal */
    bool json;            /* --json: one JSON object per row */
    bool silent;          /* -s: no header in batch, no counts at the prompt */
    bool single_txn;      /* --single-transaction: the whole input is one transaction */
    bool dry_run;         /* --dry-run: run everything, then roll it all back */
    bool show_warnings;   /* --show-warnings: "Note (Code N): ..." after a statement */
    const char *warnings; /* --warnings FILE: the warnings.txt lines, or NULL */
} exec_opts;

typedef struct exec_state {
    sc_cli *cli;
    sc_session *session;
    const exec_opts *opts;
    bool interactive;        /* prompt mode: "Query OK" lines, errors never stop */
    size_t failures;         /* statements that failed */
    unsigned long buf_line;  /* input line of the first byte of the pending text */
    unsigned long stmt_line; /* input line where the running statement starts */
    const char *source_name; /* the file `source` runs at the prompt, or NULL */
    bool vertical;           /* \G: this statement's rows print vertically */
    double seconds;          /* how long the last statement took */
    char delim[16];          /* statement delimiter (DELIMITER in a script) */
    unsigned long stmt_no;   /* statements run so far */
    FILE *warnings;          /* --warnings FILE, open, or NULL */
} exec_state;

/* Newlines in s[0..n). */
static unsigned long count_lines(const char *s, size_t n)
{
    unsigned long lines = 0;

    for (size_t i = 0; i < n; i++)
        lines += s[i] == '\n';
    return lines;
}

/* A growing text buffer for the statement being assembled. */
typedef struct sql_buf {
    char *data;
    size_t len;
    size_t cap;
} sql_buf;

static int buf_append(sql_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *p = realloc(b->data, cap);
        if (!p)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

/* Drop the first n bytes. */
static void buf_consume(sql_buf *b, size_t n)
{
    if (!b->data) /* nothing read yet (an empty file): memmove must not see NULL */
        return;
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
    b->data[b->len] = '\0';
}

/* ------------------------------------------------------------------ */
/* Running one statement                                                */

static void print_result_line(FILE *f, const sc_stmt_result *r)
{
    char *msg;

    if (r->code == SC_OK) {
        if (r->warnings > 0)
            fprintf(f, "ok warnings=%u\n", r->warnings);
        else
            fputs("ok\n", f);
        return;
    }
    msg = sc_cli__escape(r->message && *r->message ? r->message : sc_strerror(r->code));
    fprintf(f, "error %u %s %s\n", r->mysql_errno,
            r->sqlstate[0] ? r->sqlstate : "HY000", /* lint: sqlstate-ok (display default) */
            msg ? msg : "out of memory");
    free(msg);
}

/*
 * A failed statement, as the mariadb client reports it: at the prompt the
 * error line alone; reading a script, the statement between dashed lines,
 * then the error with the line the statement starts on.
 */
static void print_failure(exec_state *st, const sc_stmt_result *r, const char *sql, size_t len)
{
    FILE *err = st->cli->err;
    const char *msg = r->message && *r->message ? r->message : sc_strerror(r->code);

    fflush(st->cli->out); /* rows printed before the error come first */
    if (st->interactive && !st->source_name) {
        sc_cli__print_error(err, r->mysql_errno, r->sqlstate, msg);
        return;
    }
    size_t skip = sc_sql_skip_blank(sql, len); /* the client echoes it without comments */

    fprintf(err, "--------------\n%.*s\n--------------\n\n", (int)(len - skip), sql + skip);
    fprintf(err, "ERROR %u (%s) at line %lu", r->mysql_errno,
            r->sqlstate[0] ? r->sqlstate : "HY000", /* lint: sqlstate-ok (display default) */
            st->stmt_line);
    if (st->source_name)
        fprintf(err, " in file: '%s'", st->source_name);
    fprintf(err, ": %s\n", msg);
}

/* Whether sql is a USE statement (the prompt says "Database changed" for it). */
static bool is_use(const char *sql, size_t len)
{
    size_t i = sc_sql_skip_blank(sql, len);

    return len - i > 3 && strncasecmp(sql + i, "use", 3) == 0 && strchr(" \t\r\n`", sql[i + 3]);
}

/*
 * Rows in the format the options and the place ask for, as the mariadb
 * client chooses: --json; vertical (-E, \G); boxed (-t, or at the prompt
 * unless -B); else batch (-N or -s: no header; -r: raw).
 */
static void print_rows(exec_state *st, const sc_result_set *rs)
{
    const exec_opts *o = st->opts;
    FILE *out = st->cli->out;

    if (o->json) {
        if (sc_cli__result_json(out, rs) != 0)
            fputs("ERROR: out of memory\n", st->cli->err);
    } else if (o->vertical || st->vertical) {
        sc_cli__result_vertical(out, rs);
    } else if (o->table || (st->interactive && !o->batch)) {
        sc_cli__result_table(out, rs);
    } else {
        sc_cli__result_batch_raw(out, rs, o->no_header || o->silent, o->raw);
    }
}

static void print_outcome(exec_state *st, const sc_stmt_result *r, const char *sql, size_t len)
{
    FILE *out = st->cli->out;
    bool counts = st->interactive && !st->opts->silent; /* "N rows in set", "Query OK" */

    if (r->code != SC_OK) {
        print_failure(st, r, sql, len);
        return;
    }
    if (st->interactive && is_use(sql, len)) {
        fputs("Database changed\n", out);
        return;
    }
    if (r->rs)
        print_rows(st, r->rs);
    if (!r->rs && r->output && *r->output) { /* SHOW forms without a result set yet */
        fputs(r->output, out);
        if (r->output[strlen(r->output) - 1] != '\n')
            fputc('\n', out);
    }
    if (counts && (r->rs || !r->output))
        sc_cli__print_count(out, r, st->seconds);
}

static const char *level_name(sc_condition_level level)
{
    return level == SC_CONDITION_NOTE      ? "Note"
           : level == SC_CONDITION_WARNING ? "Warning"
                                           : "Error";
}

/* The last statement's conditions: --warnings lines and --show-warnings text. */
static void print_conditions(exec_state *st, const sc_stmt_result *r)
{
    const sc_condition *c;
    size_t n;

    if (r->warnings == 0 && r->code == SC_OK)
        return; /* the session may still list an earlier statement's */
    n = sc_session_conditions(&c, st->session);
    for (size_t i = 0; i < n; i++) {
        if (st->warnings) {
            char *msg = sc_cli__escape(c[i].message);
            fprintf(st->warnings, "%lu %s %u %s\n", st->stmt_no, level_name(c[i].level), c[i].code,
                    msg ? msg : "out of memory");
            free(msg);
        }
        if (st->opts->show_warnings && !st->opts->results)
            fprintf(st->cli->out, "%s (Code %u): %s\n", level_name(c[i].level), c[i].code,
                    c[i].message);
    }
}

/* @return true when the run must stop (an error without --force) */
static bool run_statement(exec_state *st, const char *sql, size_t len)
{
    struct timespec t0, t1;
    sc_stmt_result r;
    bool failed, interrupted;

    memset(&r, 0, sizeof(r));
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sc_ddl_exec(&r, st->session, NULL, sql, len);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    failed = r.code != SC_OK;
    interrupted = failed && r.mysql_errno == 1317; /* QUERY_INTERRUPTED */
    st->stmt_no++;
    if (st->opts->results)
        print_result_line(st->cli->out, &r);
    else
        print_outcome(st, &r, sql, len);
    print_conditions(st, &r);
    sc_stmt_result_clear(&r);
    fflush(st->cli->out);
    if (failed)
        st->failures++;
    if ((st->opts->single_txn || st->opts->dry_run) && !sc_session_in_transaction(st->session))
        return true; /* the run's one transaction is gone (rolled back): nothing more can join it */
    if (interrupted && st->source_name)
        return true; /* Ctrl-C at the prompt stops the whole `source` */
    return failed && !st->opts->results && !st->opts->force && !st->interactive;
}

/* ------------------------------------------------------------------ */
/* --results: the corpus line rule                                      */

/* Length of line without trailing whitespace (and its newline). */
static size_t rtrim_len(const char *line, size_t len)
{
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                       line[len - 1] == '\t' || line[len - 1] == '\f' || line[len - 1] == '\v'))
        len--;
    return len;
}

/*
 * Add one input line to stmt. @return 1 when the statement is complete (its
 * final ';' dropped), 0 when more lines are needed, -1 on allocation failure.
 */
static int line_rule_feed(sql_buf *stmt, const char *line, size_t len)
{
    size_t body = len, trimmed = rtrim_len(line, len);

    if (body > 0 && line[body - 1] == '\n')
        body--;
    if (stmt->len == 0 && trimmed == 0)
        return 0; /* blank line between statements */
    if (stmt->len > 0 && buf_append(stmt, "\n", 1) != 0)
        return -1;
    if (trimmed > 0 && line[trimmed - 1] == ';')
        return buf_append(stmt, line, trimmed - 1) == 0 ? 1 : -1;
    return buf_append(stmt, line, body) == 0 ? 0 : -1;
}

static int run_line_rule(exec_state *st, FILE *in)
{
    sql_buf stmt = {NULL, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int rc = 0;

    while (rc >= 0 && (n = getline(&line, &cap, in)) >= 0) {
        rc = line_rule_feed(&stmt, line, (size_t)n);
        if (rc == 1) {
            run_statement(st, stmt.data, stmt.len);
            buf_consume(&stmt, stmt.len);
        }
    }
    if (rc >= 0 && rtrim_len(stmt.data ? stmt.data : "", stmt.len) > 0)
        run_statement(st, stmt.data, stmt.len);
    free(line);
    free(stmt.data);
    return rc < 0 ? sc_cli__fail(st->cli, SC_ENOMEM) : SC_CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* mysql-client splitting: ';' outside quotes and comments              */

typedef struct scan_result {
    size_t end;       /* index of the terminating ';' (valid when found) */
    bool found;       /* a ';' ends a statement */
    bool has_content; /* text other than blanks and comments before end */
} scan_result;

/* The library's splitter (sc_sql_split_next, ddl/split.c) in this file's terms. */
static scan_result scan_statement(const char *s, size_t len)
{
    scan_result r = {0, false, false};

    r.found = sc_sql_split_next(&r.end, &r.has_content, s, len);
    return r;
}

/* Run text[0..len) with surrounding blanks trimmed, unless it is empty. */
static bool run_trimmed(exec_state *st, const char *text, size_t len, bool has_content)
{
    st->stmt_line = st->buf_line + count_lines(text, sc_sql_skip_blank(text, len));
    while (len > 0 && strchr(" \t\r\n", text[0])) {
        text++;
        len--;
    }
    len = rtrim_len(text, len);
    return has_content ? run_statement(st, text, len) : false;
}

/*
 * Run what a DELIMITER other than ';' ended: a stored program whole, other
 * text statement by statement (each with its own line), as a server takes a
 * multi-statement query. @return true when the run must stop
 */
static bool run_delimited(exec_state *st, const char *text, size_t len, bool has_content)
{
    unsigned long base = st->buf_line;
    size_t at = 0, end;
    bool content, stop = false;

    if (strcmp(st->delim, ";") == 0 || sc_cli__stored_program(text, len))
        return run_trimmed(st, text, len, has_content);
    while (!stop && at < len) {
        bool found = sc_sql_split_next(&end, &content, text + at, len - at);
        st->buf_line = base + count_lines(text, at);
        stop = run_trimmed(st, text + at, end, content);
        if (!found)
            break;
        at += end + 1;
    }
    st->buf_line = base;
    return stop;
}

/*
 * Run every complete statement in b, keeping an incomplete tail.
 * @return true when the run must stop
 */
static bool run_complete(exec_state *st, sql_buf *b)
{
    size_t end, dl = strlen(st->delim);
    bool content;

    while (b->len > 0 && sc_sql_split_delim(&end, &content, b->data, b->len, st->delim, dl)) {
        bool stop = run_delimited(st, b->data, end, content);
        st->buf_line += count_lines(b->data, end + dl);
        buf_consume(b, end + dl);
        if (stop)
            return true;
    }
    return false;
}

/*
 * "DELIMITER X" on a line of its own between statements (the mariadb
 * client's command, common in dumps of triggers): set it. @return true when
 * line was one
 */
static bool delimiter_line(exec_state *st, const sql_buf *b, const char *line)
{
    size_t n;

    line += strspn(line, " \t");
    if (strncasecmp(line, "delimiter", 9) != 0 || !strchr(" \t", line[9]) ||
        (b->len && sc_sql_skip_blank(b->data, b->len) < b->len))
        return false;
    line += 9 + strspn(line + 9, " \t");
    n = strcspn(line, " \t\r\n");
    if (n == 0 || n >= sizeof(st->delim) || memchr(line, '\\', n))
        return false;
    memcpy(st->delim, line, n);
    st->delim[n] = '\0';
    return true;
}

/* Run what is left at the end of the input (a statement without ';'). */
static bool run_rest(exec_state *st, sql_buf *b)
{
    scan_result r = b->len ? scan_statement(b->data, b->len) : (scan_result){0, false, false};
    bool stop = b->len ? run_trimmed(st, b->data, b->len, r.has_content) : false;

    buf_consume(b, b->len);
    return stop;
}

static int run_stream(exec_state *st, FILE *in)
{
    sql_buf b = {NULL, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    bool stop = false, oom = false;

    while (!stop && !oom && (n = getline(&line, &cap, in)) >= 0) {
        if (delimiter_line(st, &b, line)) {
            st->buf_line += count_lines(b.data ? b.data : "", b.len) + 1;
            buf_consume(&b, b.len);
            continue;
        }
        oom = buf_append(&b, line, (size_t)n) != 0;
        stop = !oom && run_complete(st, &b);
    }
    if (!stop && !oom)
        run_rest(st, &b);
    free(line);
    free(b.data);
    if (oom)
        return sc_cli__fail(st->cli, SC_ENOMEM);
    return st->failures ? SC_CLI_EXIT_ERROR : SC_CLI_EXIT_OK;
}

static int run_string(exec_state *st, const char *sql)
{
    sql_buf b = {NULL, 0, 0};
    bool stop;

    if (buf_append(&b, sql, strlen(sql)) != 0)
        return sc_cli__fail(st->cli, SC_ENOMEM);
    stop = run_complete(st, &b);
    if (!stop)
        run_rest(st, &b);
    free(b.data);
    return st->failures ? SC_CLI_EXIT_ERROR : SC_CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* Interactive prompt (tools/prompt.c) and what it asks of exec         */

static void prompt_run(void *payload, const char *sql, size_t len, bool vertical)
{
    exec_state *st = payload;

    st->vertical = vertical;
    (void)run_statement(st, sql, len);
    st->vertical = false;
}

/* source FILE / \. FILE: a script inside the session; errors name the file and go on. */
static void prompt_source(void *payload, const char *path)
{
    exec_state *st = payload;
    unsigned long line = st->buf_line;
    FILE *in = fopen(path, "r");

    if (!in) {
        fprintf(st->cli->err, "Failed to open file '%s', error: %d\n", path, errno);
        return;
    }
    st->source_name = path;
    st->buf_line = 1;
    (void)run_stream(st, in);
    st->source_name = NULL;
    st->buf_line = line;
    fclose(in);
}

static int run_interactive(exec_state *st, sc_catalog *cat)
{
    sc_prompt_host host = {st->cli, cat, st->session, prompt_run, prompt_source, st};

    return sc_cli__prompt(&host);
}

/* ------------------------------------------------------------------ */
/* Command                                                              */

static int parse_args(exec_opts *o, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"database", required_argument, NULL, 'D'},
        {"results", no_argument, NULL, 'Q'},
        {"force", no_argument, NULL, 'f'},
        {"execute", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {"single-transaction", no_argument, NULL, 'S'},
        {"dry-run", no_argument, NULL, 'n'},
        {"batch", no_argument, NULL, 'B'},
        {"skip-column-names", no_argument, NULL, 'N'},
        {"raw", no_argument, NULL, 'r'},
        {"vertical", no_argument, NULL, 'E'},
        {"table", no_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},
        {"silent", no_argument, NULL, 's'},
        {"show-warnings", no_argument, NULL, 'W'},
        {"warnings", required_argument, NULL, 'w'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "BD:e:fhNrEts", opts, NULL)) != -1) {
        switch (c) {
        case 'D':
            o->database = optarg;
            break;
        case 'Q':
            o->results = true;
            break;
        case 'f':
            o->force = true;
            break;
        case 'e':
            o->sql = optarg;
            break;
        case 'S':
            o->single_txn = true;
            break;
        case 'B': /* rows print in batch form anyway off a terminal */
            o->batch = true;
            break;
        case 'N':
            o->no_header = true;
            break;
        case 'r':
            o->raw = true;
            break;
        case 'E':
            o->vertical = true;
            break;
        case 't':
            o->table = true;
            break;
        case 'j':
            o->json = true;
            break;
        case 's':
            o->silent = true;
            break;
        case 'n':
            o->dry_run = true;
            break;
        case 'W':
            o->show_warnings = true;
            break;
        case 'w':
            o->warnings = optarg;
            break;
        default:
            return sc_cli__other_option(cli, "exec", c, argv);
        }
    }
    if (optind < argc)
        o->file = argv[optind++];
    if (optind < argc)
        return sc_cli__usage_error(cli, "exec", "unexpected argument '%s'", argv[optind]);
    if (o->sql && o->file)
        return sc_cli__usage_error(cli, "exec", "give either -e SQL or FILE, not both");
    return SC_CLI_EXIT_OK;
}

/* Check --database names an existing database (1049 otherwise), like mysql -D. */
static int check_database(sc_cli *cli, sc_catalog *cat, const char *db)
{
    sc_txn *txn = NULL;
    sc_schema *schema = NULL;
    int status, rc;

    status = sc_cli__read_txn(&txn, cli, cat);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_schema_lookup(&schema, txn, db);
    sc_schema_free(schema);
    sc_txn_abort(txn);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

static int run_input(exec_state *st)
{
    const exec_opts *o = st->opts;
    FILE *in = stdin;
    int status;

    if (o->sql && !o->results)
        return run_string(st, o->sql);
    if (o->sql)
        in = fmemopen((void *)o->sql, strlen(o->sql), "r");
    else if (o->file && strcmp(o->file, "-") != 0)
        in = fopen(o->file, "r");
    if (!in && o->sql && !*o->sql)
        return SC_CLI_EXIT_OK; /* -e '' */
    if (!in)
        return sc_cli__failf(st->cli, "cannot open '%s': %s", o->file ? o->file : "-e",
                             strerror(errno));
    if (o->results)
        status = run_line_rule(st, in);
    else
        status = run_stream(st, in);
    if (in != stdin)
        fclose(in);
    return status;
}

/* --single-transaction and --dry-run: the whole run is one transaction. */
static int begin_whole(exec_state *st)
{
    int rc;

    if (!st->opts->single_txn && !st->opts->dry_run)
        return SC_CLI_EXIT_OK;
    rc = sc_session_begin(st->session, SC_SESSION_TXN_WHOLE);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(st->cli, rc);
}

/*
 * End the run's transaction: the whole-run one commits only when every
 * statement succeeded (never with --dry-run); one the input left open is
 * rolled back, as a client that disconnects has it rolled back.
 */
static int end_whole(exec_state *st, int status)
{
    const exec_opts *o = st->opts;
    int rc;

    if (!sc_session_in_transaction(st->session))
        return status;
    if (!o->single_txn && !o->dry_run) {
        fprintf(st->cli->err, "syscat: the input ended inside a transaction; it was rolled "
                              "back (end it with COMMIT)\n");
        sc_session_rollback(st->session);
        return status;
    }
    if (o->dry_run || st->failures || status != SC_CLI_EXIT_OK) {
        sc_session_rollback(st->session);
        if (o->dry_run)
            fprintf(st->cli->err, "syscat: dry run: %s; nothing was written\n",
                    st->failures ? "errors found" : "no errors");
        else
            fprintf(st->cli->err,
                    "syscat: %zu statement(s) failed; nothing was committed "
                    "(--single-transaction)\n",
                    st->failures);
        return st->failures ? SC_CLI_EXIT_ERROR : status;
    }
    rc = sc_session_commit(st->session);
    return rc == SC_OK ? status : sc_cli__fail(st->cli, rc);
}

int sc_cli__cmd_exec(sc_cli *cli, int argc, char **argv)
{
    exec_opts o;
    exec_state st = {cli, NULL, &o, false, 0, 1, 1, NULL, false, 0.0, ";", 0, NULL};
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int status, rc;

    memset(&o, 0, sizeof(o));
    status = parse_args(&o, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status < 0 ? SC_CLI_EXIT_OK : status;
    status = sc_cli__open(&cat, cli, 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat); /* the DDL run here is logged (docs/log-format.md) */
    if (rc != SC_OK) {
        status = sc_cli__fail(cli, rc);
        goto out;
    }
    if (o.database)
        status = check_database(cli, cat, o.database);
    if (status != SC_CLI_EXIT_OK)
        goto out;
    rc = sc_session_new(&st.session, cat, o.database);
    if (rc != SC_OK) {
        status = sc_cli__fail(cli, rc);
        goto out;
    }
    if (o.warnings && !(st.warnings = fopen(o.warnings, "w"))) {
        status = sc_cli__failf(cli, "cannot write '%s': %s", o.warnings, strerror(errno));
        goto out;
    }
    st.interactive = !o.sql && !o.file && isatty(STDIN_FILENO);
    status = begin_whole(&st);
    if (status == SC_CLI_EXIT_OK)
        status = st.interactive ? run_interactive(&st, cat) : run_input(&st);
    status = end_whole(&st, status);
out:
    if (st.warnings && fclose(st.warnings) != 0 && status == SC_CLI_EXIT_OK)
        status = sc_cli__failf(cli, "cannot write '%s': %s", o.warnings, strerror(errno));
    sc_session_free(st.session);
    /* The commits stand either way (the log is in the catalog); say so if
     * the binlog files could not be written, so `binlog rebuild` gets run. */
    if (log && sc_log_sync(log) != SC_OK)
        fprintf(cli->err,
                "warning: binlog files not written (%s); the log is kept in the "
                "catalog, `syscat binlog rebuild` rewrites them\n",
                sc_ctx_last_error(sc_catalog_ctx(cat))->message);
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}
