/*
 * check_tools.c - the syscat CLI, driven as a user drives it: the built
 * binary (sc_fixture_build_dir()/syscat) runs in a child process with its
 * stdin from a file (never a terminal) and its stdout/stderr captured;
 * tests check output text, error lines and exit statuses (DESIGN.md
 * section 8, docs/cli.md). Catalog contents are prepared through the public
 * API or through `syscat exec`. The results.txt escaping is also tested
 * directly, through tools/cli.o linked into the test binaries.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <pty.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "tests/fixtures.h"

/* The escaping unit under test: tools/cli.c, linked in (Makefile TEST_TOOLS_OBJ). */
#include "tools/cli.h"

/* Per-test state: a temporary directory holding the data directory. */
typedef struct tools_fx {
    char dir[256];     /* temporary directory */
    char datadir[300]; /* dir/data */
    char bin[300];     /* dir/syscat: this test's copy of the built CLI */
} tools_fx;

static tools_fx fx;

/* What one run of the CLI produced. */
typedef struct run_out {
    int status; /* exit status, or 128 + signal */
    char *out;  /* stdout, NUL-terminated */
    char *err;  /* stderr, NUL-terminated */
} run_out;

static run_out last;

/* Copy src to dst (mode 0700). @return true on success */
static bool copy_file(const char *src, const char *dst)
{
    size_t len = 0;
    char *data = sc_fixture_read_file(src, &len);
    int fd = data ? open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0700) : -1;
    bool ok = fd >= 0 && write(fd, data, len) == (ssize_t)len;

    if (fd >= 0)
        close(fd);
    free(data);
    return ok;
}

/* Whether bin execs and exits 0 on --version (no shell: it would run a
 * truncated binary as a script). */
static bool runs_version(const char *bin)
{
    int wstatus = 0, fd;
    pid_t pid = fork();

    if (pid == 0) {
        fd = open("/dev/null", O_RDWR);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execl(bin, bin, "--version", (char *)NULL);
        _exit(127);
    }
    return pid > 0 && waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus) &&
           WEXITSTATUS(wstatus) == 0;
}

/*
 * Each test runs its own copy of the built CLI: helpers sharing the working
 * tree relink build/syscat at any moment, and a half-written binary must not
 * fail a test. Retries until a copy runs `--version`.
 */
static void copy_cli(void)
{
    char src[512];
    int attempt;

    snprintf(src, sizeof(src), "%s/syscat", sc_fixture_build_dir());
    snprintf(fx.bin, sizeof(fx.bin), "%s/syscat", fx.dir);
    for (attempt = 0; attempt < 40; attempt++) {
        if (copy_file(src, fx.bin) && runs_version(fx.bin))
            return;
        usleep(250000);
    }
    ck_abort_msg("cannot run a copy of %s", src);
}

static void setup(void)
{
    memset(&fx, 0, sizeof(fx));
    sc_fixture_tmpdir(fx.dir, sizeof(fx.dir));
    snprintf(fx.datadir, sizeof(fx.datadir), "%s/data", fx.dir);
    copy_cli();
}

static void free_last(void)
{
    free(last.out);
    free(last.err);
    memset(&last, 0, sizeof(last));
}

static void teardown(void)
{
    free_last();
    sc_fixture_rmtree(fx.dir);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static void child_exec(char **argv, const char *in, const char *out, const char *err)
{
    int fd_in = open(in, O_RDONLY), fd_out = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int fd_err = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);

    if (fd_in < 0 || fd_out < 0 || fd_err < 0)
        _exit(126);
    dup2(fd_in, 0);
    dup2(fd_out, 1);
    dup2(fd_err, 2);
    execv(argv[0], argv);
    fprintf(stderr, "execv %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/*
 * Run `syscat [--datadir DATADIR] ARGS...` (NULL-terminated) with input as
 * stdin (NULL = empty). Fills `last`.
 */
static void run_argv(const char *input, bool with_datadir, char **args)
{
    char bin[512], in[320], out[320], err[320], *argv[32];
    int n = 0, wstatus = 0;
    pid_t pid;

    free_last();
    snprintf(bin, sizeof(bin), "%s", fx.bin);
    snprintf(in, sizeof(in), "%s/stdin", fx.dir);
    snprintf(out, sizeof(out), "%s/stdout", fx.dir);
    snprintf(err, sizeof(err), "%s/stderr", fx.dir);
    write_file(in, input ? input : "");
    argv[n++] = bin;
    if (with_datadir) {
        argv[n++] = "--datadir";
        argv[n++] = fx.datadir;
    }
    while (*args && n < 31)
        argv[n++] = *args++;
    argv[n] = NULL;
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        child_exec(argv, in, out, err);
    ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
    last.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    last.out = sc_fixture_read_file(out, NULL);
    last.err = sc_fixture_read_file(err, NULL);
    ck_assert(last.out && last.err);
}

#define MAX_ARGS 16

static void run_va(const char *input, bool with_datadir, const char *first, va_list ap)
{
    char *args[MAX_ARGS + 1];
    int n = 0;
    const char *a;

    for (a = first; a && n < MAX_ARGS; a = va_arg(ap, const char *))
        args[n++] = (char *)a;
    args[n] = NULL;
    run_argv(input, with_datadir, args);
}

/* syscat --datadir DATADIR ARGS... (NULL-terminated), empty stdin. */
static void run(const char *first, ...)
{
    va_list ap;

    va_start(ap, first);
    run_va(NULL, true, first, ap);
    va_end(ap);
}

/* Same with stdin text. */
static void run_in(const char *input, const char *first, ...)
{
    va_list ap;

    va_start(ap, first);
    run_va(input, true, first, ap);
    va_end(ap);
}

/* Same without --datadir. */
static void run_bare(const char *first, ...)
{
    va_list ap;

    va_start(ap, first);
    run_va(NULL, false, first, ap);
    va_end(ap);
}

#define ck_status(want)                                                                            \
    ck_assert_msg(last.status == (want), "exit %d, want %d\nstdout: %s\nstderr: %s", last.status,  \
                  (want), last.out, last.err)
#define ck_out_has(s)                                                                              \
    ck_assert_msg(strstr(last.out, s) != NULL, "stdout lacks [%s]:\n%s", s, last.out)
#define ck_err_has(s)                                                                              \
    ck_assert_msg(strstr(last.err, s) != NULL, "stderr lacks [%s]:\n%s", s, last.err)
#define ck_out_is(s)                                                                               \
    ck_assert_msg(strcmp(last.out, s) == 0, "stdout is:\n%s\nwant:\n%s", last.out, s)

static void init_catalog(void)
{
    run("init", "--map-size", "64M", NULL);
    ck_status(0);
}

/* ------------------------------------------------------------------ */
/* Usage                                                                */

START_TEST(test_tools_usage_no_command)
{
    run(NULL);
    ck_status(2);
    ck_err_has("usage");
    ck_assert_str_eq(last.out, "");
}
END_TEST

START_TEST(test_tools_usage_bad_words)
{
    static const char *const cases[][5] = {
        {"frobnicate", NULL},         {"show", NULL},
        {"show", "everything", NULL}, {"show", "create", "x", NULL},
        {"describe", NULL},           {"describe", "nodot", NULL},
        {"init", "extra", NULL},      {"init", "--map-size", "lots", NULL},
        {"stats", "--yaml", NULL},    {"dump", "--json", "--show-create", NULL},
        {"fsck", "x", NULL},          {"exec", "-e", "SELECT 1", "file.sql", NULL},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        run_argv(NULL, true, (char **)cases[i]);
        ck_assert_msg(last.status == 2, "case %zu (%s): exit %d", i, cases[i][0], last.status);
        ck_assert_msg(strstr(last.err, "usage") != NULL, "case %zu: no usage: %s", i, last.err);
    }
}
END_TEST

START_TEST(test_tools_usage_bad_global_option)
{
    run_bare("--bogus", "show", "databases", NULL);
    ck_status(2);
    ck_err_has("usage");
}
END_TEST

START_TEST(test_tools_usage_help_and_version)
{
    run_bare("--help", NULL);
    ck_status(0);
    ck_out_has("usage: syscat");
    ck_out_has("describe");
    run_bare("--version", NULL);
    ck_status(0);
    ck_assert_int_eq(strncmp(last.out, "syscat ", 7), 0);
    ck_out_has(sc_version());
    run_bare("show", "--help", NULL);
    ck_status(0);
    ck_out_has("show");
}
END_TEST

/* ------------------------------------------------------------------ */
/* init                                                                 */

START_TEST(test_tools_init_creates_then_refuses)
{
    run("init", NULL);
    ck_status(0);
    ck_out_has(fx.datadir);
    run("init", NULL);
    ck_status(1);
    ck_err_has("already exists");
    run("fsck", NULL);
    ck_status(0); /* the refused init left the catalog intact */
}
END_TEST

START_TEST(test_tools_init_datadir_from_env)
{
    setenv("SYSCAT_DATADIR", fx.datadir, 1);
    run_bare("init", NULL);
    unsetenv("SYSCAT_DATADIR");
    ck_status(0);
    run("show", "databases", NULL); /* the same directory through --datadir */
    ck_status(0);
    ck_out_has("syscat");
}
END_TEST

START_TEST(test_tools_no_catalog)
{
    run("show", "databases", NULL);
    ck_status(1);
    ck_err_has("no catalog");
}
END_TEST

/* ------------------------------------------------------------------ */
/* show and describe over a catalog built through the API               */

static void create_shop(void)
{
    static const char *const sizes[] = {"s", "m", "l'x\\y"};
    sc_column_def cols[4];
    sc_index_part pk_part = {"id", 0, false}, name_part = {"name", 0, false};
    sc_index_def ixs[2];
    sc_schema_def sdef = {"shop", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_table_def tdef;
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    sc_log *log = NULL;
    uint64_t sid = 0;

    memset(cols, 0, sizeof(cols));
    memset(ixs, 0, sizeof(ixs));
    memset(&tdef, 0, sizeof(tdef));
    cols[0] = (sc_column_def){
        .name = "id", .type = SC_TYPE_INT, .flags = SC_COL_NOT_NULL | SC_COL_AUTO_INCREMENT};
    cols[1] = (sc_column_def){.name = "name",
                              .type = SC_TYPE_VARCHAR,
                              .length = 20,
                              .charset = "utf8mb4",
                              .collation = "utf8mb4_general_ci",
                              .default_kind = SC_DEFAULT_NULL};
    cols[2] = (sc_column_def){.name = "price",
                              .type = SC_TYPE_DECIMAL,
                              .length = 10,
                              .scale = 2,
                              .flags = SC_COL_NOT_NULL | SC_COL_UNSIGNED,
                              .default_kind = SC_DEFAULT_LITERAL,
                              .default_value = "0.00"};
    cols[3] = (sc_column_def){.name = "size",
                              .type = SC_TYPE_ENUM,
                              .elements = sizes,
                              .n_elements = 3,
                              .charset = "utf8mb4",
                              .collation = "utf8mb4_general_ci",
                              .default_kind = SC_DEFAULT_NULL};
    ixs[0] = (sc_index_def){
        .name = "PRIMARY", .kind = SC_INDEX_PRIMARY, .parts = &pk_part, .n_parts = 1};
    ixs[1] =
        (sc_index_def){.name = "name", .kind = SC_INDEX_KEY, .parts = &name_part, .n_parts = 1};
    tdef = (sc_table_def){.name = "items",
                          .engine = "InnoDB",
                          .charset = "utf8mb4",
                          .collation = "utf8mb4_general_ci",
                          .columns = cols,
                          .n_columns = 4,
                          .indexes = ixs,
                          .n_indexes = 2};
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, fx.datadir, &opts), SC_OK);
    /* `init` made a logged catalog: every writer attaches the log */
    ck_assert_msg(sc_log_open(&log, cat) == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
    ck_assert_msg(sc_txn_begin(&txn, cat, 0) == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
    ck_assert_msg(sc_schema_create(&sid, txn, &sdef) == SC_OK, "%s",
                  sc_ctx_last_error(ctx)->message);
    ck_assert_int_eq(sc_table_create(NULL, txn, sid, &tdef), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
}

START_TEST(test_tools_show_databases_and_tables)
{
    init_catalog();
    create_shop();
    run("show", "databases", NULL);
    ck_status(0);
    ck_out_is("+----------+\n"
              "| Database |\n"
              "+----------+\n"
              "| shop     |\n"
              "| syscat   |\n"
              "+----------+\n");
    run("show", "tables", "shop", NULL);
    ck_status(0);
    ck_out_is("+----------------+\n"
              "| Tables_in_shop |\n"
              "+----------------+\n"
              "| items          |\n"
              "+----------------+\n");
    run("show", "tables", NULL);
    ck_status(0);
    ck_out_has("| shop     | items |");
    ck_assert_msg(strstr(last.out, "syscat ") == NULL, "system tables listed:\n%s", last.out);
}
END_TEST

START_TEST(test_tools_show_unknown_database)
{
    init_catalog();
    run("show", "tables", "nodb", NULL);
    ck_status(1);
    ck_assert_str_eq(last.err, "ERROR 1049 (42000): Unknown database 'nodb'\n");
    ck_assert_str_eq(last.out, "");
}
END_TEST

static const char describe_items[] =
    "+-------+-------------------------+------+-----+---------+----------------+\n"
    "| Field | Type                    | Null | Key | Default | Extra          |\n"
    "+-------+-------------------------+------+-----+---------+----------------+\n"
    "| id    | int(11)                 | NO   | PRI | NULL    | auto_increment |\n"
    "| name  | varchar(20)             | YES  | MUL | NULL    |                |\n"
    "| price | decimal(10,2) unsigned  | NO   |     | 0.00    |                |\n"
    "| size  | enum('s','m','l''x\\\\y') | YES  |     | NULL    |                |\n"
    "+-------+-------------------------+------+-----+---------+----------------+\n"
    "table `shop`.`items`: id ";

START_TEST(test_tools_describe)
{
    init_catalog();
    create_shop();
    run("describe", "shop.items", NULL);
    ck_status(0);
    ck_assert_msg(strncmp(last.out, describe_items, strlen(describe_items)) == 0,
                  "describe printed:\n%s", last.out);
    ck_out_has("version 1");
    /* back-quoted names work too */
    run("describe", "`shop`.`items`", NULL);
    ck_status(0);
}
END_TEST

START_TEST(test_tools_describe_unknown_table)
{
    init_catalog();
    create_shop();
    run("describe", "shop.nope", NULL);
    ck_status(1);
    ck_assert_str_eq(last.err, "ERROR 1146 (42S02): Table 'shop.nope' doesn't exist\n");
}
END_TEST

/* ------------------------------------------------------------------ */
/* fsck and stats                                                       */

START_TEST(test_tools_fsck_clean)
{
    init_catalog();
    create_shop();
    run("fsck", NULL);
    ck_status(0);
    ck_out_has("clean");
    ck_assert_msg(strstr(last.out, "problem") == NULL, "%s", last.out);
}
END_TEST

/*
 * A damaged catalog: an undecodable row is added to syscat.columns (kind 03 in
 * sys.table_rows, docs/storage.md) with mdb_load (lmdb-utils, in the Makefile's deps), below the
 * API on purpose.
 */
START_TEST(test_tools_fsck_damaged)
{
    char cmd[700];

    init_catalog();
    snprintf(cmd, sizeof(cmd),
             "printf 'VERSION=3\\nformat=bytevalue\\ntype=btree\\nHEADER=END\\n"
             " 00000000000001ff0300000001\\n ffffffff\\nDATA=END\\n' | "
             "mdb_load -s sys.table_rows '%s/catalog.mdb'",
             fx.datadir);
    ck_assert_msg(system(cmd) == 0, "mdb_load failed: %s", cmd);
    run("fsck", NULL);
    ck_status(1);
    ck_out_has("problem: ");
    ck_out_has("1 problem found");
}
END_TEST

START_TEST(test_tools_stats_json)
{
    json_error_t jerr;
    json_t *doc;

    init_catalog();
    create_shop();
    run("stats", "--json", NULL);
    ck_status(0);
    doc = json_loads(last.out, 0, &jerr);
    ck_assert_msg(doc != NULL, "not JSON (%s):\n%s", jerr.text, last.out);
    ck_assert_str_eq(json_string_value(json_object_get(doc, "datadir")), fx.datadir);
    ck_assert_int_eq(json_integer_value(json_object_get(doc, "format_major")), SC_FORMAT_MAJOR);
    ck_assert_int_eq(json_integer_value(json_object_get(doc, "schemas")), 2);
    /* the 12 system tables plus shop.items */
    ck_assert_int_ge(json_integer_value(json_object_get(doc, "tables")), 13);
    ck_assert_int_ge(json_integer_value(json_object_get(doc, "next_table_id")),
                     SC_FIRST_USER_ID + 1);
    ck_assert_int_gt(json_integer_value(json_object_get(doc, "map_size")), 0);
    ck_assert(json_is_object(json_object_get(doc, "settings")));
    json_decref(doc);
    run("stats", NULL);
    ck_status(0);
    ck_out_has("schemas         2\n");
}
END_TEST

/* ------------------------------------------------------------------ */
/* exec                                                                 */

START_TEST(test_tools_exec_creates)
{
    init_catalog();
    run("exec", "-e", "CREATE DATABASE d1; CREATE TABLE d1.t (a int);", NULL);
    ck_status(0);
    ck_assert_str_eq(last.err, "");
    run("show", "tables", "d1", NULL);
    ck_status(0);
    ck_out_has("| t            |");
    /* a final statement without ';' runs too, and --database selects d1 */
    run("exec", "--database", "d1", "-e", "CREATE TABLE u (b int)", NULL);
    ck_status(0);
    run("show", "tables", "d1", NULL);
    ck_out_has("| u            |");
}
END_TEST

/* A binlog file write failure does not undo the commit; exec warns, and
 * `binlog rebuild` restores the files from the log kept in the catalog. */
START_TEST(test_tools_exec_warns_when_binlog_files_fail)
{
    char path[400];

    init_catalog();
    snprintf(path, sizeof(path), "%s/binlog", fx.datadir);
    sc_fixture_rmtree(path);
    write_file(path, "not a directory\n"); /* fails even for root, unlike chmod */
    run("exec", "-e", "CREATE DATABASE kept;", NULL);
    ck_status(0);
    ck_assert_ptr_nonnull(strstr(last.err, "warning: binlog files not written"));
    run("show", "databases", NULL);
    ck_out_has("| kept");
    ck_assert_int_eq(remove(path), 0);
    run("binlog", "rebuild", NULL);
    ck_status(0);
    run("binlog", "verify", NULL);
    ck_status(0);
    ck_out_has("log and files agree");
}
END_TEST

START_TEST(test_tools_exec_results_contract)
{
    char path[400];

    init_catalog();
    snprintf(path, sizeof(path), "%s/in.sql", fx.dir);
    write_file(path, "CREATE DATABASE test;\n"
                     "CREATE TABLE test.t (\n  a int\n);\n"
                     "CREATE TABLE test.t (b int);\n"
                     "CREATE TABLE test.u (b int);\n");
    run("exec", "--results", path, NULL);
    ck_status(0);
    ck_out_is("ok\n"
              "ok\n"
              "error 1050 42S01 Table 't' already exists\n"
              "ok\n");
    ck_assert_str_eq(last.err, "");
    /* from stdin with "-", in the current database */
    run_in("CREATE TABLE t (c int);\nCREATE TABLE v (c int);\n", "exec", "--results", "--database",
           "test", "-", NULL);
    ck_status(0);
    ck_out_is("error 1050 42S01 Table 't' already exists\nok\n");
}
END_TEST

START_TEST(test_tools_exec_results_escapes_newlines)
{
    char path[400];
    const char *nl;

    init_catalog();
    snprintf(path, sizeof(path), "%s/in.sql", fx.dir);
    /* MariaDB's 1064 message quotes the rest of the statement, newlines included */
    write_file(path, "CREATE DATABASE d;\nCREATE TABLE d.t (\n  a int bogus,\n  b int\n);\n");
    run("exec", "--results", path, NULL);
    ck_status(0);
    ck_assert_msg(strncmp(last.out, "ok\nerror 1064 42000 ", 20) == 0, "%s", last.out);
    nl = strchr(last.out + 3, '\n');
    ck_assert_msg(nl && nl[1] == '\0', "error not on one line:\n%s", last.out);
    ck_out_has("\\n  b int\\n");
}
END_TEST

START_TEST(test_tools_escape_unit)
{
    char *e = sc_cli__escape("a\\b\nc\rd\te'f");

    ck_assert_str_eq(e, "a\\\\b\\nc\\rd\\te'f");
    free(e);
    e = sc_cli__escape("");
    ck_assert_str_eq(e, "");
    free(e);
}
END_TEST

START_TEST(test_tools_exec_stops_on_error)
{
    init_catalog();
    run("exec", "-e", "CREATE DATABASE d1; CREATE DATABASE d1; CREATE DATABASE d2;", NULL);
    ck_status(1);
    ck_assert_str_eq(last.err, "--------------\nCREATE DATABASE d1\n--------------\n\n"
                               "ERROR 1007 (HY000) at line 1: Can't create database 'd1'; "
                               "database exists\n");
    run("show", "databases", NULL);
    ck_assert_msg(strstr(last.out, "d2") == NULL, "ran past the error:\n%s", last.out);
    run("exec", "--force", "-e", "CREATE DATABASE d1; CREATE DATABASE d2;", NULL);
    ck_status(1);
    run("show", "databases", NULL);
    ck_out_has("| d2 ");
}
END_TEST

/* -B: rows as `mariadb -B` prints them, errors with the statement and its line */
START_TEST(test_tools_exec_batch_result_sets)
{
    init_catalog();
    run("exec", "-e", "CREATE DATABASE d1; CREATE DATABASE d2;", NULL);
    run("exec", "-B", "--force", "-e",
        "SHOW DATABASES LIKE 'd%'; SHOW TABLES FROM d1;\nSHOW TABLES FROM nosuch", NULL);
    ck_status(1);
    ck_assert_str_eq(last.out, "Database (d%)\nd1\nd2\n"); /* no rows: nothing, header included */
    ck_assert_str_eq(last.err, "--------------\nSHOW TABLES FROM nosuch\n--------------\n\n"
                               "ERROR 1049 (42000) at line 2: Unknown database 'nosuch'\n");
}
END_TEST

START_TEST(test_tools_exec_unknown_database)
{
    init_catalog();
    run("exec", "--database", "nodb", "-e", "CREATE TABLE t (a int)", NULL);
    ck_status(1);
    ck_assert_str_eq(last.err, "ERROR 1049 (42000): Unknown database 'nodb'\n");
}
END_TEST

START_TEST(test_tools_exec_stdin_splitting)
{
    init_catalog();
    /* ';' inside quotes and comments does not end a statement */
    run_in("CREATE DATABASE d1;\n"
           "CREATE TABLE d1.t (a int COMMENT 'x;y') -- note;\n"
           ";\n/* c; */ CREATE TABLE d1.u (b int);\n",
           "exec", NULL);
    ck_status(0);
    run("describe", "d1.t", NULL);
    ck_status(0);
    run("describe", "d1.u", NULL);
    ck_status(0);
}
END_TEST

/*
 * The interactive prompt, on a pseudo-terminal: prompt with the current
 * database, continuation lines, "Query OK", errors that do not end the
 * session, quit, and the history file in $HOME.
 */
static void read_all(int fd, char *buf, size_t size)
{
    size_t len = 0;
    struct pollfd p = {fd, POLLIN, 0};
    ssize_t n;

    while (len + 1 < size && poll(&p, 1, 20000) > 0) {
        n = read(fd, buf + len, size - 1 - len);
        if (n <= 0)
            break; /* EIO once the child has exited */
        len += (size_t)n;
    }
    buf[len] = '\0';
}

START_TEST(test_tools_exec_interactive)
{
    static const char input[] = "CREATE TABLE t\n(a int);\nCREATE TABLE t (a int);\n"
                                "USE d0;\nquit\n";
    char buf[16384], hist[400];
    int master = -1, wstatus = 0;
    pid_t pid;

    init_catalog();
    run("exec", "-e", "CREATE DATABASE d0; CREATE DATABASE d1", NULL);
    ck_status(0);
    pid = forkpty(&master, NULL, NULL, NULL);
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        setenv("HOME", fx.dir, 1);
        execl(fx.bin, fx.bin, "--datadir", fx.datadir, "exec", "--database", "d1", (char *)NULL);
        _exit(127);
    }
    ck_assert(write(master, input, sizeof(input) - 1) == (ssize_t)(sizeof(input) - 1));
    read_all(master, buf, sizeof(buf));
    close(master);
    ck_assert_int_eq(waitpid(pid, &wstatus, 0), pid);
    ck_assert_msg(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0, "status %d:\n%s", wstatus, buf);
    ck_assert_msg(strstr(buf, "syscat [d1]> ") != NULL, "no prompt:\n%s", buf);
    ck_assert_msg(strstr(buf, "    -> ") != NULL, "no continuation prompt:\n%s", buf);
    ck_assert_msg(strstr(buf, "Query OK") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "ERROR 1050 (42S01): Table 't' already exists") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "syscat [d0]> ") != NULL, "USE not reflected:\n%s", buf);
    snprintf(hist, sizeof(hist), "%s/.syscat_history", fx.dir);
    ck_assert_msg(access(hist, R_OK) == 0, "no history file %s", hist);
    run("show", "tables", "d1", NULL);
    ck_out_has("| t ");
}
END_TEST

/* ------------------------------------------------------------------ */
/* dump                                                                 */

static const char d1_sql[] =
    "CREATE DATABASE `d1` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;\n"
    "\n"
    "CREATE TABLE `t` (\n"
    "  `a` int(11) NOT NULL,\n"
    "  PRIMARY KEY (`a`)\n"
    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;\n"
    "\n";

START_TEST(test_tools_dump_show_create)
{
    init_catalog();
    run("exec", "-e", "CREATE DATABASE d1; CREATE TABLE d1.t (a int PRIMARY KEY)", NULL);
    ck_status(0);
    run("dump", "--show-create", NULL);
    ck_status(0);
    ck_out_is(d1_sql);
    run("dump", NULL); /* SQL is the default */
    ck_out_is(d1_sql);
    run("dump", "--show-create", "d1", NULL);
    ck_out_is(d1_sql);
    run("show", "create", "table", "d1.t", NULL);
    ck_status(0);
    ck_out_has("CREATE TABLE `t` (\n  `a` int(11) NOT NULL,");
    run("dump", "nodb", NULL);
    ck_status(1);
    ck_err_has("ERROR 1049 (42000)");
}
END_TEST

/* A named database dumps in the whole dump's layout: its sequences, views and triggers too. */
START_TEST(test_tools_dump_show_create_one_db_objects)
{
    char *whole;

    init_catalog();
    run("exec", "-e",
        "CREATE DATABASE d1; CREATE TABLE d1.t (a int PRIMARY KEY); CREATE SEQUENCE d1.s; "
        "CREATE VIEW d1.v AS SELECT a FROM d1.t; "
        "CREATE TRIGGER d1.tr BEFORE INSERT ON d1.t FOR EACH ROW SET NEW.a = 1",
        NULL);
    ck_status(0);
    run("dump", "--show-create", NULL);
    ck_status(0);
    whole = strdup(last.out);
    ck_assert_ptr_nonnull(whole);
    run("dump", "--show-create", "d1", NULL);
    ck_status(0);
    ck_assert_str_eq(last.out, whole);
    ck_out_has("CREATE SEQUENCE `s`");
    ck_out_has("VIEW `d1`.`v` AS");
    ck_out_has("TRIGGER d1.tr BEFORE INSERT ON d1.t");
    free(whole);
}
END_TEST

/* DDL a MariaDB server accepts (tests/server/stream-stock.sh runs it in one). */
START_TEST(test_tools_dump_system_schema)
{
    init_catalog();
    run("dump", "--system-schema", NULL);
    ck_status(0);
    ck_out_has("CREATE DATABASE IF NOT EXISTS `syscat` CHARACTER SET utf8mb4");
    ck_out_has("CREATE TABLE `tables` (\n  `id` bigint(20) unsigned NOT NULL,");
    ck_out_has("  `default_value` mediumblob NOT NULL,");
    ck_out_has(") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;\n");
    ck_assert_ptr_null(strstr(last.out, "LMDB"));
    ck_assert_ptr_null(strstr(last.out, "mediumtext"));
    run("dump", "--system-schema", "--engine=Aria", NULL);
    ck_status(0);
    ck_out_has(") ENGINE=Aria DEFAULT CHARSET");
    run("dump", "--system-schema", "--engine=x;DROP", NULL);
    ck_status(2);
    ck_err_has("bad engine name");
    run("dump", "--engine=InnoDB", NULL);
    ck_status(2);
    run("dump", "--system-schema", "--json", NULL);
    ck_status(2);
    run("dump", "--system-schema", "d1", NULL);
    ck_status(2);
}
END_TEST

START_TEST(test_tools_dump_empty)
{
    init_catalog();
    run("dump", "--show-create", NULL);
    ck_status(0);
    ck_out_is(""); /* the syscat schema is not listed */
}
END_TEST

START_TEST(test_tools_dump_json)
{
    json_error_t jerr;
    json_t *doc, *schema, *table, *col;

    init_catalog();
    create_shop();
    run("dump", "--json", NULL);
    ck_status(0);
    doc = json_loads(last.out, 0, &jerr);
    ck_assert_msg(doc != NULL, "not JSON (%s):\n%s", jerr.text, last.out);
    ck_assert_int_eq(json_array_size(json_object_get(doc, "schemas")), 1);
    schema = json_array_get(json_object_get(doc, "schemas"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(schema, "name")), "shop");
    ck_assert_int_ge(json_integer_value(json_object_get(schema, "id")), SC_FIRST_USER_ID);
    table = json_array_get(json_object_get(schema, "tables"), 0);
    ck_assert_str_eq(json_string_value(json_object_get(table, "name")), "items");
    ck_assert_int_eq(json_integer_value(json_object_get(table, "version")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(table, "schema_id")),
                     json_integer_value(json_object_get(schema, "id")));
    ck_assert_int_eq(json_array_size(json_object_get(table, "columns")), 4);
    col = json_array_get(json_object_get(table, "columns"), 2);
    ck_assert_str_eq(json_string_value(json_object_get(col, "name")), "price");
    ck_assert_str_eq(json_string_value(json_object_get(col, "type")), "decimal");
    ck_assert_int_eq(json_integer_value(json_object_get(col, "scale")), 2);
    ck_assert_str_eq(json_string_value(json_object_get(col, "default_value")), "0.00");
    col = json_array_get(json_object_get(table, "columns"), 3);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(col, "elements"), 2)),
                     "l'x\\y");
    ck_assert_str_eq(json_string_value(json_object_get(
                         json_array_get(json_object_get(table, "indexes"), 0), "kind")),
                     "primary");
    json_decref(doc);

    /* several schemas, one without tables; named schemas only */
    run("exec", "-e", "CREATE DATABASE zz", NULL);
    ck_status(0);
    run("dump", "--json", NULL);
    doc = json_loads(last.out, 0, &jerr);
    ck_assert_msg(doc != NULL, "not JSON (%s):\n%s", jerr.text, last.out);
    ck_assert_int_eq(json_array_size(json_object_get(doc, "schemas")), 2);
    schema = json_array_get(json_object_get(doc, "schemas"), 1);
    ck_assert_str_eq(json_string_value(json_object_get(schema, "name")), "zz");
    ck_assert(json_is_array(json_object_get(schema, "tables")));
    ck_assert_int_eq(json_array_size(json_object_get(schema, "tables")), 0);
    json_decref(doc);
    run("dump", "--json", "zz", NULL);
    doc = json_loads(last.out, 0, &jerr);
    ck_assert_msg(doc != NULL, "not JSON (%s):\n%s", jerr.text, last.out);
    ck_assert_int_eq(json_array_size(json_object_get(doc, "schemas")), 1);
    json_decref(doc);
}
END_TEST

Suite *sc_test_tools_suite(void);

Suite *sc_test_tools_suite(void)
{
    Suite *s = suite_create("tools");
    TCase *tc;

#define ADD_CASE(name, ...)                                                                        \
    do {                                                                                           \
        tc = tcase_create(name);                                                                   \
        tcase_add_checked_fixture(tc, setup, teardown);                                            \
        tcase_set_timeout(tc, 60);                                                                 \
        __VA_ARGS__;                                                                               \
        suite_add_tcase(s, tc);                                                                    \
    } while (0)

    ADD_CASE("usage", tcase_add_test(tc, test_tools_usage_no_command);
             tcase_add_test(tc, test_tools_usage_bad_words);
             tcase_add_test(tc, test_tools_usage_bad_global_option);
             tcase_add_test(tc, test_tools_usage_help_and_version));
    ADD_CASE("init", tcase_add_test(tc, test_tools_init_creates_then_refuses);
             tcase_add_test(tc, test_tools_init_datadir_from_env);
             tcase_add_test(tc, test_tools_no_catalog));
    ADD_CASE("show", tcase_add_test(tc, test_tools_show_databases_and_tables);
             tcase_add_test(tc, test_tools_show_unknown_database));
    ADD_CASE("describe", tcase_add_test(tc, test_tools_describe);
             tcase_add_test(tc, test_tools_describe_unknown_table));
    ADD_CASE("fsck_stats", tcase_add_test(tc, test_tools_fsck_clean);
             tcase_add_test(tc, test_tools_fsck_damaged);
             tcase_add_test(tc, test_tools_stats_json));
    ADD_CASE("exec", tcase_add_test(tc, test_tools_exec_creates);
             tcase_add_test(tc, test_tools_exec_warns_when_binlog_files_fail);
             tcase_add_test(tc, test_tools_exec_results_contract);
             tcase_add_test(tc, test_tools_exec_results_escapes_newlines);
             tcase_add_test(tc, test_tools_escape_unit);
             tcase_add_test(tc, test_tools_exec_stops_on_error);
             tcase_add_test(tc, test_tools_exec_batch_result_sets);
             tcase_add_test(tc, test_tools_exec_unknown_database);
             tcase_add_test(tc, test_tools_exec_stdin_splitting);
             tcase_add_test(tc, test_tools_exec_interactive));
    ADD_CASE("dump", tcase_add_test(tc, test_tools_dump_show_create);
             tcase_add_test(tc, test_tools_dump_show_create_one_db_objects);
             tcase_add_test(tc, test_tools_dump_empty); tcase_add_test(tc, test_tools_dump_json);
             tcase_add_test(tc, test_tools_dump_system_schema));
#undef ADD_CASE
    return s;
}
