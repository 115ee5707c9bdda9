/*
 * check_replicate_logfile.c - the binlog file kept open across commits
 * (replicate/logfile.c, issue 13): a commit appends with one pwritev and no
 * open or mkdir, and the file on disk stays byte-identical to the stored log
 * when, between two commits of one handle, the file is replaced (a rebuild,
 * a copy renamed over it), removed with its directory, or appended to by
 * another process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/log_util.h"

static sc_log *lg;
static char cli[512];

static void setup(void)
{
    sc_fixture_catalog_setup();
    lu_ok(sc_log_open(&lg, sc_fx.cat));
    lu_exec(sc_fx.cat, "CREATE DATABASE test");
    snprintf(cli, sizeof(cli), "%s/syscat", sc_fixture_build_dir());
    if (cli[0] != '/') {
        char cwd[256];
        ck_assert(getcwd(cwd, sizeof(cwd)) != NULL);
        snprintf(cli, sizeof(cli), "%s/%s/syscat", cwd, sc_fixture_build_dir());
    }
}

static void teardown(void)
{
    sc_log_close(lg);
    lg = NULL;
    sc_fixture_catalog_teardown();
}

/* Run a shell command in the data directory with $SC set; returns its exit status. */
static int sh(const char *cmd)
{
    char full[4096];
    int ws;

    snprintf(full, sizeof(full),
             "cd '%s' && export SC='%s' ASAN_OPTIONS=detect_leaks=0 && (%s) >out.txt 2>&1",
             sc_fx.dir, cli, cmd);
    ws = system(full);
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
}

/* The current binlog file on disk equals its stored records, byte for byte. */
static void ck_file_is_stored(void)
{
    uint8_t *stored = NULL;
    size_t len = 0, disk_len = 0;
    char path[400];
    char *disk;

    lu_ok(sc_log_file_bytes(&stored, &len, lg, "binlog.000001"));
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", sc_fx.dir);
    disk = sc_fixture_read_file(path, &disk_len);
    ck_assert_msg(disk != NULL, "no %s", path);
    ck_assert_msg(disk_len == len && memcmp(disk, stored, len) == 0,
                  "file has %zu bytes, the stored log %zu (or they differ)", disk_len, len);
    free(disk);
    sc_free(sc_fx.ctx, stored);
}

START_TEST(test_logfile_replaced_between_commits)
{
    lu_exec(sc_fx.cat, "CREATE TABLE a (x int)");
    ck_file_is_stored();
    /* a copy renamed over the open file: the next commit must go to the new one */
    ck_assert_int_eq(sh("cp binlog/binlog.000001 c && mv c binlog/binlog.000001"), 0);
    lu_exec(sc_fx.cat, "CREATE TABLE b (x int)");
    ck_file_is_stored();
    /* a rebuild by another process (it renames a rewritten file over it) */
    ck_assert_int_eq(sh("$SC --datadir . binlog rebuild"), 0);
    lu_exec(sc_fx.cat, "CREATE TABLE c (x int)");
    ck_file_is_stored();
}
END_TEST

START_TEST(test_logfile_removed_between_commits)
{
    lu_exec(sc_fx.cat, "CREATE TABLE a (x int)");
    ck_assert_int_eq(sh("rm -r binlog"), 0);
    lu_exec(sc_fx.cat, "CREATE TABLE b (x int)");
    ck_file_is_stored();
    ck_assert_int_eq(sh("rm binlog/binlog.000001"), 0);
    lu_exec(sc_fx.cat, "CREATE TABLE c (x int)");
    ck_file_is_stored();
}
END_TEST

START_TEST(test_logfile_other_writer_between_commits)
{
    lu_exec(sc_fx.cat, "CREATE TABLE a (x int)");
    ck_assert_int_eq(sh("$SC --datadir . exec -e 'create table test.o1 (x int); "
                        "create table test.o2 (x int)'"),
                     0);
    lu_exec(sc_fx.cat, "CREATE TABLE b (x int)");
    ck_file_is_stored();
    ck_assert_int_eq(sh("$SC --datadir . binlog verify"), 0);
}
END_TEST

/* Per commit: one pwritev; the file is opened and the directory made once per process. */
START_TEST(test_logfile_syscalls_per_commit)
{
    char buf[400];
    FILE *f;
    unsigned mk = 0, op = 0, wv = 0;

    if (sh("command -v strace && strace -f -o /dev/null true") != 0) {
        fprintf(stderr, "test_logfile_syscalls_per_commit: SKIPPED: strace is missing or cannot "
                        "trace here (make deps installs it)\n");
        return;
    }
    ck_assert_int_eq(
        sh("i=0; while [ $i -lt 20 ]; do echo \"create table test.t$i (a int, key(a));\"; "
           "i=$((i+1)); done > s.sql && strace -f -e trace=mkdir,open,openat,pwritev -o t.txt "
           "$SC --datadir . exec s.sql && "
           "{ grep -c 'mkdir(.*/binlog\"' t.txt; grep -c 'open.*binlog\\.000001\"' t.txt; "
           "grep -c 'pwritev(' t.txt; true; } > counts.txt"),
        0);
    snprintf(buf, sizeof(buf), "%s/counts.txt", sc_fx.dir);
    f = fopen(buf, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fscanf(f, "%u %u %u", &mk, &op, &wv), 3);
    fclose(f);
    ck_assert_msg(mk <= 1, "mkdir of the binlog directory %u times for 20 commits", mk);
    ck_assert_msg(op == 1, "the binlog file opened %u times for 20 commits", op);
    ck_assert_msg(wv == 20, "%u pwritev calls for 20 commits", wv);
    ck_assert_int_eq(sh("$SC --datadir . binlog verify"), 0);
}
END_TEST

Suite *sc_test_replicate_logfile_suite(void);

Suite *sc_test_replicate_logfile_suite(void)
{
    Suite *s = suite_create("replicate_logfile");
    TCase *tc = tcase_create("kept_open");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_logfile_replaced_between_commits);
    tcase_add_test(tc, test_logfile_removed_between_commits);
    tcase_add_test(tc, test_logfile_other_writer_between_commits);
    tcase_add_test(tc, test_logfile_syscalls_per_commit);
    suite_add_tcase(s, tc);
    return s;
}
