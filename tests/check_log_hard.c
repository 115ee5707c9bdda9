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
#include <errno.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "replicate/log.h"
#define SC_CLI_FX hx
#include "tests/fixtures.h"

static sc_cli_fixture hx;

static void setup(void)
{
    sc_fixture_cli_setup(&hx, NULL);
}

static void teardown(void)
{
    sc_fixture_cli_teardown(&hx);
}

#define ck_err_lacks(s) ck_assert_msg(strstr(hx.err, s) == NULL, "stderr has [%s]:\n%s", s, hx.err)

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
        ck_assert_msg(n == 0 || line[0] == '#', "bare line in decode output: %.*s", (int)n, line);
        line += n + (nl ? 1 : 0);
    }
    ck_out_has("# drop database d1");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Damage in the stored log (defect 2)                                  */

/* Flip one byte of the stored copy of `create table d1.t` inside catalog.mdb. */
static void damage_stored_statement(void)
{
    sh("off=$(grep -boa 'create table d1.t' data/catalog.mdb/data.mdb | head -1 | cut -d: -f1) && "
       "test -n \"$off\" && printf X | dd of=data/catalog.mdb/data.mdb bs=1 seek=$((off + 2)) "
       "conv=notrunc 2>/dev/null");
    ck_status(0);
}

START_TEST(test_log_hard_fsck_reads_stored_log)
{
    make_catalog();
    damage_stored_statement();
    sh("$SC fsck");
    ck_status(1);
    ck_out_has("problem: binlog.000001: stored record at offset ");
    ck_out_has("checksum mismatch");
}
END_TEST

START_TEST(test_log_hard_rebuild_refuses_damaged_event)
{
    make_catalog();
    sh("cp data/binlog/binlog.000001 good");
    damage_stored_statement();
    sh("$SC binlog rebuild");
    ck_status(1);
    ck_err_has("binlog.000001");
    ck_err_has("checksum mismatch");
    ck_out_has("problem: binlog.000001: stored record at offset ");
    sh("cmp good data/binlog/binlog.000001");
    ck_status(0); /* the intact file was left as it was */
    /* a later commit does not write the damaged record either */
    sh("rm data/binlog/binlog.000001 && $SC exec -e 'create database d2'");
    ck_err_has("damaged");
    sh("test ! -s data/binlog/binlog.000001 || ! grep -q 'crXate' data/binlog/binlog.000001");
    ck_status(0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* binlog verify checks, never repairs                                  */

START_TEST(test_log_hard_verify_changes_nothing)
{
    make_catalog();
    sh("$SC binlog rotate && $SC exec -e 'create database d2' && $SC binlog rotate && "
       "$SC exec -e 'create database d3' && cd data/binlog && rm binlog.000001 && "
       "truncate -s 100 binlog.000002 && b=$(od -An -tu1 -j300 -N1 binlog.000003) && "
       "printf \"\\\\$(printf %%03o $((255 - b)))\" | dd of=binlog.000003 bs=1 seek=300 "
       "conv=notrunc 2>/dev/null && ls -l > ../../before && sha1sum binlog.00000[23] >> "
       "../../before");
    ck_status(0);
    sh("$SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file is missing on disk");
    ck_out_has("binlog.000002: the file is truncated: 100 bytes on disk");
    ck_out_has("binlog.000003: the file differs from the log in the catalog at byte 300");
    sh("cd data/binlog && ls -l > ../../after && sha1sum binlog.00000[23] >> ../../after && "
       "cmp ../../before ../../after");
    ck_status(0);
    sh("$SC binlog rebuild && $SC binlog verify");
    ck_status(0);
    ck_out_has("log and files agree");
}
END_TEST

START_TEST(test_log_hard_verify_names_what_is_there)
{
    make_catalog();
    sh("$SC binlog rotate && $SC binlog rotate && cd data/binlog && rm binlog.000001 && "
       "mkdir binlog.000001 && echo x > ../../outside && rm binlog.000002 && "
       "ln -s ../../outside binlog.000002");
    ck_status(0);
    sh("$SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file is a directory, not a regular file");
    ck_out_has("binlog.000002: the file is a symbolic link");
    ck_out_lacks("0 bytes");
    /* binlog/ itself a regular file: not "missing" but what the system says */
    sh("rm -r data/binlog && echo x > data/binlog && $SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file cannot be opened: Not a directory");
    ck_out_lacks("missing");
}
END_TEST

/* Defect 4: every file is checked, not only the first 4,096. */
START_TEST(test_log_hard_verify_every_file)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    sc_txn *txn = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    char dd[300];

    snprintf(dd, sizeof(dd), "%s/data", hx.dir);
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 256u << 20;
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, dd, &o), SC_OK);
    ck_assert_int_eq(sc_log_open(&log, cat), SC_OK);
    /* 4,100 rotations in one transaction (sc_log_rotate commits each: slow) */
    ck_assert_int_eq(sc_txn_begin(&txn, cat, 0), SC_OK);
    for (int i = 0; i < 4100; i++)
        ck_assert_int_eq(sc_log__rotate_in(log, txn), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert_int_eq(sc_log_sync(log), SC_OK);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    sh("rm data/binlog/binlog.004101 && $SC binlog verify | tail -3");
    ck_status(0);
    ck_out_has("binlog.004101: the file is missing on disk");
    ck_out_has("binlog: 1 problem(s)");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Files that are not ours (defects 3 and 11)                           */

/* Defect 3: a file longer than its stored log is never appended to, and says so. */
START_TEST(test_log_hard_longer_file_not_appended)
{
    make_catalog();
    sh("printf 'not ours' >> data/binlog/binlog.000001 && $SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file has ");
    ck_out_has(" bytes on disk but the log in the catalog has ");
    ck_out_has(" on are not ours");
    sh("wc -c < data/binlog/binlog.000001 > size0 && $SC exec -e 'create database d2'");
    ck_status(0); /* the commit stands: the log is in the catalog */
    ck_err_has("binlog.000001 has ");
    ck_err_has("but the log in the catalog has ");
    ck_err_has("not ours");
    sh("wc -c < data/binlog/binlog.000001 | cmp - size0");
    ck_status(0); /* nothing appended after the foreign bytes */
    sh("$SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file differs from the log in the catalog at byte ");
    sh("$SC binlog rebuild && $SC binlog verify && $SC binlog decode | grep -c 'create database "
       "d2'");
    ck_status(0);
}
END_TEST

/* Defect 3: a catalog restored from an older copy: the files hold later transactions. */
START_TEST(test_log_hard_restored_catalog)
{
    make_catalog();
    sh("cp -r data/catalog.mdb old.mdb && $SC exec -e 'create database later' && "
       "rm -r data/catalog.mdb && mv old.mdb data/catalog.mdb && "
       "$SC exec -e 'create database d3' 2> exec.err; cat exec.err >&2; $SC binlog verify");
    ck_status(1);
    ck_out_has("binlog.000001: the file differs from the log in the catalog");
    ck_err_has("binlog.000001 has ");
    ck_err_has("not ours");
    sh("$SC binlog rebuild && $SC binlog decode | grep -c 'create database d3' && "
       "! grep -q later data/binlog/binlog.000001");
    ck_status(0);
}
END_TEST

/* Defect 11: a symbolic link in DATADIR/binlog is never written through. */
START_TEST(test_log_hard_symlink_not_followed)
{
    make_catalog();
    sh("mv data/binlog/binlog.000001 victim && cp victim victim.orig && "
       "ln -s ../../victim data/binlog/binlog.000001 && $SC exec -e 'create database d2'");
    ck_status(0);
    ck_err_has("symbolic link");
    sh("cmp victim victim.orig");
    ck_status(0); /* not appended to */
    sh("$SC binlog rebuild");
    ck_status(0);
    sh("cmp victim victim.orig && test -f data/binlog/binlog.000001 && "
       "test ! -L data/binlog/binlog.000001 && $SC binlog verify");
    ck_status(0); /* not truncated; the link was replaced by the file */
    /* the index: a link there is replaced, its target untouched */
    sh("echo keep > target && rm data/binlog/binlog.index && "
       "ln -s ../../target data/binlog/binlog.index && $SC binlog rotate && "
       "test \"$(cat target)\" = keep && test ! -L data/binlog/binlog.index && "
       "grep -c binlog.000002 data/binlog/binlog.index");
    ck_status(0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Messages (defect 12)                                                 */

/* verify compares what was committed when it started: writers meanwhile are no damage. */
START_TEST(test_log_hard_verify_while_writing)
{
    make_catalog();
    sh("i=0; while [ $i -lt 60 ]; do echo \"create table d1.w$i (a int);\"; i=$((i+1)); done "
       "> w.sql && ($SC exec w.sql > w.out 2>&1; echo $? > w.rc) & "
       "fails=0; n=0; while [ ! -f w.rc ] || [ $n -lt 3 ]; do "
       "$SC binlog verify > v.out 2>&1 || { fails=$((fails+1)); cat v.out; }; n=$((n+1)); done; "
       "wait; echo verifies=$n fails=$fails; cat w.rc");
    ck_status(0);
    ck_out_has("fails=0\n0\n");
}
END_TEST

/*
 * A full disk names the file and the system's error, not an older error left
 * in the context (the previous commit's). The data directory's binlog/ gets a
 * one-page tmpfs in a private mount namespace (skipped, with the reason, where
 * that is not allowed).
 */
START_TEST(test_log_hard_disk_full_message)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    char dd[300], bd[320];
    const char *msg;

    make_catalog();
    sh("i=0; while [ $i -lt 4 ]; do echo \"create table d1.f$i (a int, b int, c int);\"; "
       "i=$((i+1)); done > f.sql && $SC exec f.sql");
    ck_status(0);
    snprintf(dd, sizeof(dd), "%s/data", hx.dir);
    snprintf(bd, sizeof(bd), "%s/binlog", dd);
    if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
        mount("tmpfs", bd, "tmpfs", 0, "size=4k")) {
        fprintf(stderr, "log_hard: disk-full test skipped: no private tmpfs mount (%s)\n",
                strerror(errno));
        return;
    }
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, dd, NULL), SC_OK);
    ck_assert_int_eq(sc_log_open(&log, cat), SC_OK); /* a file failure does not fail the open */
    sc_error_set(ctx, SC_EIO, 0, NULL, "an older error");
    ck_assert_int_eq(sc_log_sync(log), SC_EIO);
    msg = sc_ctx_last_error(ctx)->message;
    ck_assert_msg(strstr(msg, "binlog.000001: No space left on device") != NULL, "message: %s",
                  msg);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    umount(bd);
}
END_TEST

/* One map-full message: the map size and what frees space. */
START_TEST(test_log_hard_map_full_message)
{
    sh("$SC init --map-size 256K --map-max 256K && (echo 'begin;'; i=0; while [ $i -lt 300 ]; do "
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
    tcase_add_test(tc, test_log_hard_fsck_reads_stored_log);
    tcase_add_test(tc, test_log_hard_rebuild_refuses_damaged_event);
    tcase_add_test(tc, test_log_hard_verify_changes_nothing);
    tcase_add_test(tc, test_log_hard_verify_names_what_is_there);
    tcase_add_test(tc, test_log_hard_longer_file_not_appended);
    tcase_add_test(tc, test_log_hard_restored_catalog);
    tcase_add_test(tc, test_log_hard_symlink_not_followed);
    tcase_add_test(tc, test_log_hard_verify_while_writing);
    tcase_add_test(tc, test_log_hard_disk_full_message);
    tcase_add_test(tc, test_log_hard_map_full_message);
    suite_add_tcase(s, tc);
    tc = tcase_create("many_files");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_log_hard_verify_every_file);
    suite_add_tcase(s, tc);
    return s;
}
