/*
 * check_log_hard.c - hardening of the catalog log and the CLI commands that
 * read it (issue 8): damage in the stored log (catalog.mdb) or in the files
 * under DATADIR/binlog must be reported, never spread; files that are not
 * ours (longer than the stored log, symlinks) are never written through;
 * `binlog verify` checks without changing anything; messages name what and
 * where. Each test drives the built CLI through /bin/sh (so damage can be
 * made with dd, ln, truncate as an operator would), with SYSCAT_DATADIR set
 * to the test's own data directory and $SC naming the CLI.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "tests/fixtures.h"

/* Per-test state: the temporary directory and what the last command printed. */
typedef struct hard_fx {
    char dir[256];      /* temporary directory; the data directory is dir/data */
    char cli[512];      /* the built CLI */
    int status;         /* exit status of the last command (128 + signal) */
    char *out, *err;    /* its stdout and stderr */
} hard_fx;

static hard_fx hx;

static void setup(void)
{
    memset(&hx, 0, sizeof(hx));
    sc_fixture_tmpdir(hx.dir, sizeof(hx.dir));
    snprintf(hx.cli, sizeof(hx.cli), "%s/syscat", sc_fixture_build_dir());
    if (hx.cli[0] != '/') {
        char cwd[256];
        ck_assert(getcwd(cwd, sizeof(cwd)) != NULL);
        snprintf(hx.cli, sizeof(hx.cli), "%s/%s/syscat", cwd, sc_fixture_build_dir());
    }
}

static void teardown(void)
{
    free(hx.out);
    free(hx.err);
    sc_fixture_rmtree(hx.dir);
}

/*
 * Run a shell command in the test directory with SC = the CLI and
 * SYSCAT_DATADIR = dir/data; fills hx.status/out/err.
 */
static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void sh(const char *fmt, ...)
{
    char cmd[4096], full[6000], path[300];
    va_list ap;
    int ws;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    snprintf(full, sizeof(full),
             "cd '%s' && export SC='%s' SYSCAT_DATADIR='%s/data' && (%s) >'%s/out' 2>'%s/err'",
             hx.dir, hx.cli, hx.dir, cmd, hx.dir, hx.dir);
    ws = system(full);
    hx.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    free(hx.out);
    free(hx.err);
    snprintf(path, sizeof(path), "%s/out", hx.dir);
    hx.out = sc_fixture_read_file(path, NULL);
    snprintf(path, sizeof(path), "%s/err", hx.dir);
    hx.err = sc_fixture_read_file(path, NULL);
    ck_assert(hx.out && hx.err);
}

#define ck_status(want)                                                                            \
    ck_assert_msg(hx.status == (want), "exit %d, want %d\nstdout: %s\nstderr: %s", hx.status,      \
                  (want), hx.out, hx.err)
#define ck_out_has(s) ck_assert_msg(strstr(hx.out, s) != NULL, "stdout lacks [%s]:\n%s", s, hx.out)
#define ck_err_has(s) ck_assert_msg(strstr(hx.err, s) != NULL, "stderr lacks [%s]:\n%s", s, hx.err)
#define ck_out_lacks(s)                                                                            \
    ck_assert_msg(strstr(hx.out, s) == NULL, "stdout has [%s]:\n%s", s, hx.out)
#define ck_err_lacks(s)                                                                            \
    ck_assert_msg(strstr(hx.err, s) == NULL, "stderr has [%s]:\n%s", s, hx.err)

/* A catalog with one database and table: init + exec. */
static void make_catalog(void)
{
    sh("$SC init --map-size 16M && $SC exec -e 'create database d1; "
       "create table d1.t (a int primary key, b varchar(10))'");
    ck_status(0);
}

/* ------------------------------------------------------------------ */
/* exec                                                                 */

/* Defect 9: an empty input file passed NULL to memmove (UBSan). */
START_TEST(test_log_hard_exec_empty_file)
{
    make_catalog();
    sh("$SC exec /dev/null");
    ck_status(0);
    ck_err_lacks("runtime error");
    ck_assert_str_eq(hx.err, "");
}
END_TEST


/* ------------------------------------------------------------------ */
/* show                                                                 */

/* Defect 12: `show create database` and `show tables` refused back-quoted names. */
START_TEST(test_log_hard_show_backquoted_db)
{
    make_catalog();
    sh("$SC show create database '`d1`'");
    ck_status(0);
    ck_out_has("CREATE DATABASE `d1`");
    sh("$SC show tables '`d1`'");
    ck_status(0);
    ck_out_has("| t ");
    sh("$SC show tables '`d``1`'");
    ck_status(1);
    ck_err_has("Unknown database 'd`1'");
}
END_TEST

/* ------------------------------------------------------------------ */
/* binlog show / decode                                                 */

/* Defect 12: an unknown file name (binlog.1 is not binlog.000001) is an error. */
START_TEST(test_log_hard_binlog_show_unknown_file)
{
    make_catalog();
    sh("$SC binlog show binlog.1");
    ck_status(1);
    ck_err_has("binlog.1");
    ck_assert_str_eq(hx.out, "");
    sh("$SC binlog decode binlog.1");
    ck_status(1);
    sh("$SC binlog show binlog.000001");
    ck_status(0);
    ck_out_has("Format_desc");
}
END_TEST

/* Defect 12: every line of a multi-line statement text is a comment in `decode`. */
START_TEST(test_log_hard_binlog_decode_multiline)
{
    make_catalog();
    sh("printf 'create table d1.t2 (a int primary key)\\ncomment \"line1\\n"
       "drop database d1\\nend\";\\n' > in.sql && $SC exec in.sql && $SC binlog decode");
    ck_status(0);
    /* Every line that is not a ### row line is a # comment. */
    for (char *line = hx.out; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        ck_assert_msg(n == 0 || line[0] == '#', "bare line in decode output: %.*s", (int)n,
                      line);
        line += n + (nl ? 1 : 0);
    }
    ck_out_has("# drop database d1");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Messages (defect 12)                                                 */

/* One map-full message: the map size and what frees space. */
START_TEST(test_log_hard_map_full_message)
{
    sh("$SC init --map-size 256K && (echo 'begin;'; i=0; while [ $i -lt 300 ]; do "
       "echo \"create table test.m$i (a$i int primary key, b varchar(200) comment '$i');\"; "
       "i=$((i+1)); done; echo 'commit;') > m.sql && $SC exec -e 'create database test' && "
       "$SC exec m.sql");
    ck_status(1);
    ck_err_has("catalog map full (map size 262144 bytes)");
    ck_err_has("syscat binlog purge");
    ck_err_has("larger map");
}
END_TEST

Suite *sc_test_log_hard_suite(void);

Suite *sc_test_log_hard_suite(void)
{
    Suite *s = suite_create("log_hard");
    TCase *tc = tcase_create("cli");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_log_hard_exec_empty_file);
    tcase_add_test(tc, test_log_hard_show_backquoted_db);
    tcase_add_test(tc, test_log_hard_binlog_show_unknown_file);
    tcase_add_test(tc, test_log_hard_binlog_decode_multiline);
    tcase_add_test(tc, test_log_hard_map_full_message);
    suite_add_tcase(s, tc);
    return s;
}
