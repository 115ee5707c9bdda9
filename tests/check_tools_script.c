/*
 * check_tools_script.c - `syscat exec` running scripts as the mariadb client
 * does (issue 12) and transactions in them (issue 13): errors name the line
 * the statement starts on, the first error stops the run unless --force;
 * BEGIN/START TRANSACTION ... COMMIT/ROLLBACK make one catalog transaction
 * with one sync; --single-transaction is all or nothing, --dry-run writes
 * nothing; a catalog created with a 1 MiB map grows under exec; `resize`.
 * Each test drives the built CLI through /bin/sh with SYSCAT_DATADIR set to
 * the test's own data directory and $SC naming the CLI.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#define SC_CLI_FX sx
#include "tests/fixtures.h"

static sc_cli_fixture sx;

static void setup(void)
{
    sc_fixture_cli_setup(&sx, NULL);
}

static void teardown(void)
{
    sc_fixture_cli_teardown(&sx);
}

#define ck_err_is(s) ck_assert_msg(strcmp(sx.err, s) == 0, "stderr is:\n%s\nwant:\n%s", sx.err, s)

static void make_catalog(void)
{
    sh("$SC init --map-size 64M >/dev/null && $SC exec -e 'create database d'");
    ck_status(0);
}

/* The tables of d, one per line. */
static void list_tables(void)
{
    sh("$SC dump --show-create d | sed -n 's/^CREATE TABLE `\\(.*\\)` (/\\1/p'");
    ck_status(0);
}

/* ------------------------------------------------------------------ */
/* Errors and stopping                                                  */

START_TEST(test_script_error_line)
{
    make_catalog();
    /* the statement starts after blank and comment lines, and spans two lines */
    sh("printf 'create table d.a (x int);\\n\\n-- note\\n/* c */ create table\\n d.a (x int);\\n"
       "create table d.b (x int);\\n' > s.sql && $SC exec s.sql");
    ck_status(1);
    ck_err_is("--------------\ncreate table\n d.a (x int)\n--------------\n\n"
              "ERROR 1050 (42S01) at line 4: Table 'a' already exists\n");
    list_tables();
    ck_out_lacks("b\n"); /* stopped at the first error */
    /* --force runs the rest and still exits 1 */
    sh("printf 'create table d.a (x int);\\ncreate table d.b (x int); create table d.a (y int);"
       "\\ncreate table d.c (x int);\\n' > f.sql && $SC exec --force f.sql");
    ck_status(1);
    ck_err_has("ERROR 1050 (42S01) at line 1: Table 'a' already exists\n");
    ck_err_has("ERROR 1050 (42S01) at line 2: Table 'a' already exists\n");
    list_tables();
    ck_out_has("b\n");
    ck_out_has("c\n");
    /* -e counts its lines too */
    sh("$SC exec -e 'create table d.e (x int);\ncreate table d.e (x int)'");
    ck_status(1);
    ck_err_has("ERROR 1050 (42S01) at line 2: Table 'e' already exists\n");
}
END_TEST

/* DELIMITER in a script, as dumps of triggers use it: a trigger body goes whole,
 * other text statement by statement; line numbers stay right. */
START_TEST(test_script_delimiter)
{
    make_catalog();
    sh("printf 'use d;\\ncreate table k (a int);\\nDELIMITER ;;\\ncreate trigger trg before "
       "insert on k for each row begin set @x = 1; set @y = 2; end;;\\ncreate table m1 (a int); "
       "create table m2 (a int);;\\ndelimiter ;\\ncreate table m1 (a int);\\n"
       "create table z (a int);\\n' > d.sql && $SC exec d.sql");
    ck_status(1);
    ck_err_has("ERROR 1050 (42S01) at line 7: Table 'm1' already exists");
    list_tables();
    ck_assert_str_eq(sx.out, "k\nm1\nm2\n");
    sh("$SC dump --show-create | grep -ci 'trigger trg before insert on k for each row begin set "
       "@x = 1; set @y = 2; end;'");
    ck_assert_str_eq(sx.out, "1\n");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Transactions                                                         */

START_TEST(test_script_transactions)
{
    make_catalog();
    /* ROLLBACK undoes DDL (MariaDB would have committed it implicitly) */
    sh("$SC exec -e 'begin; create table d.r1 (x int); create table d.r2 (x int); rollback'");
    ck_status(0);
    list_tables();
    ck_assert_str_eq(sx.out, "");
    /* START TRANSACTION ... COMMIT keeps it; statements inside see each other */
    sh("$SC exec -e 'start transaction; create table d.k1 (x int); "
       "create table d.k2 like d.k1; commit work'");
    ck_status(0);
    list_tables();
    ck_assert_str_eq(sx.out, "k1\nk2\n");
    /* BEGIN inside a transaction commits it first, as in MariaDB */
    sh("$SC exec -e 'begin; create table d.b1 (x int); begin; create table d.b2 (x int); "
       "rollback'");
    ck_status(0);
    list_tables();
    ck_assert_str_eq(sx.out, "b1\nk1\nk2\n");
    /* a failing statement leaves the transaction as it was; --force goes on to COMMIT */
    sh("$SC exec --force -e 'begin; create table d.f1 (x int); create table d.f1 (y int); "
       "create table d.f2 (x int); commit'");
    ck_status(1);
    list_tables();
    ck_assert_str_eq(sx.out, "b1\nf1\nf2\nk1\nk2\n");
    /* without --force the error ends the run, and the open transaction is rolled back */
    sh("$SC exec -e 'begin; create table d.g1 (x int); create table d.g1 (y int); commit'");
    ck_status(1);
    list_tables();
    ck_assert_str_eq(sx.out, "b1\nf1\nf2\nk1\nk2\n");
    /* input that ends inside a transaction: rolled back, and said so */
    sh("$SC exec -e 'begin; create table d.h1 (x int)'");
    ck_status(0);
    ck_err_has("the input ended inside a transaction; it was rolled back");
    list_tables();
    ck_assert_str_eq(sx.out, "b1\nf1\nf2\nk1\nk2\n");
    /* one binlog transaction (one GTID) for the whole group */
    sh("$SC binlog show | grep -c 'BEGIN GTID' > before && $SC exec -e 'begin; "
       "create table d.x1 (a int); create table d.x2 (a int); create table d.x3 (a int); "
       "commit' && $SC binlog show | grep -c 'BEGIN GTID' > after && "
       "echo $(( $(cat after) - $(cat before) ))");
    ck_status(0);
    ck_assert_str_eq(sx.out, "1\n");
}
END_TEST

/*
 * 112 statements inside BEGIN ... COMMIT make exactly one fdatasync (the LMDB
 * commit's) and as many sync calls of any kind as one statement alone.
 */
START_TEST(test_script_one_sync)
{
    make_catalog();
    sh("command -v strace >/dev/null && strace -f -o /dev/null true");
    if (sx.status != 0) {
        fprintf(stderr, "test_script_one_sync: SKIPPED: strace is missing or cannot trace "
                        "here (make deps installs it)\n");
        return;
    }
    sh("(echo 'begin;'; i=0; while [ $i -lt 112 ]; do echo \"create table d.t$i (a int, "
       "b varchar(10), key(b));\"; i=$((i+1)); done; echo 'commit;') > many.sql && "
       "(echo 'begin;'; i=0; while [ $i -lt 12 ]; do echo \"create table d.u$i (a int);\"; "
       "i=$((i+1)); done; echo 'commit;') | sed '1d;$d' > auto.sql && "
       "count() { ASAN_OPTIONS=detect_leaks=0 strace -f -e "
       "trace=fsync,fdatasync,sync_file_range,msync -o trace.txt \"$@\" "
       ">/dev/null 2>&1 || return 1; grep -c 'sync' trace.txt; } && "
       "one=$(count $SC exec -e 'create table d.one (a int)') && "
       "many=$(count $SC exec many.sql) && fds=$(grep -c '^[0-9]* *fdatasync(' trace.txt) && "
       "auto=$(count $SC exec auto.sql) && echo \"$one $many $fds $auto\"");
    ck_status(0);
    {
        unsigned one = 0, many = 0, fds = 0, autoc = 0;
        ck_assert_int_eq(sscanf(sx.out, "%u %u %u %u", &one, &many, &fds, &autoc), 4);
        ck_assert_msg(one > 0 && many == one, "syncs: one statement %u, 112 in BEGIN/COMMIT %u",
                      one, many);
        ck_assert_msg(fds == 1, "112 statements in BEGIN/COMMIT made %u fdatasync calls", fds);
        ck_assert_msg(autoc >= 12, "12 statements on their own made only %u syncs", autoc);
    }
    list_tables();
    ck_out_has("t111\n");
}
END_TEST

START_TEST(test_script_single_transaction)
{
    make_catalog();
    sh("$SC binlog list > list.before && $SC dump --show-create > dump.before");
    ck_status(0);
    /* one failure: nothing of the script is committed */
    sh("$SC exec --single-transaction -e 'create table d.s1 (x int); create table d.s1 (x int); "
       "create table d.s2 (x int)'");
    ck_status(1);
    ck_err_has("ERROR 1050 (42S01) at line 1");
    ck_err_has("nothing was committed");
    sh("$SC binlog list > list.after && $SC dump --show-create > dump.after && "
       "cmp list.before list.after && cmp dump.before dump.after");
    ck_status(0);
    /* with --force every error is reported, and still nothing is committed */
    sh("$SC exec --single-transaction --force -e 'create table d.s1 (x int); "
       "create table d.s1 (x int); create table d.s2 (x int); create table d.s2 (y int)'");
    ck_status(1);
    ck_err_has("2 statement(s) failed; nothing was committed");
    sh("$SC dump --show-create > dump.after && cmp dump.before dump.after");
    ck_status(0);
    /* BEGIN/COMMIT inside are part of the one transaction; ROLLBACK inside fails */
    sh("$SC exec --single-transaction -e 'begin; create table d.s1 (x int); commit; "
       "create table d.s2 (x int)'");
    ck_status(0);
    list_tables();
    ck_assert_str_eq(sx.out, "s1\ns2\n");
    sh("$SC exec --single-transaction -e 'create table d.s3 (x int); rollback'");
    ck_status(1);
    ck_err_has("ROLLBACK inside a run that is one transaction");
    list_tables();
    ck_assert_str_eq(sx.out, "s1\ns2\n");
}
END_TEST

START_TEST(test_script_dry_run)
{
    make_catalog();
    sh("$SC dump --show-create > dump.before && cp data/binlog/binlog.000001 log.before");
    ck_status(0);
    sh("$SC exec --dry-run -e 'create table d.n1 (x int); alter table d.n1 add y int; "
       "create table d.n2 like d.n1'");
    ck_status(0);
    ck_err_has("dry run: no errors; nothing was written");
    sh("$SC exec --dry-run -e 'create table d.n1 (x int); alter table d.n1 add x int; "
       "create table d.n2 (x int)'");
    ck_status(1);
    ck_err_has("ERROR 1060 (42S21) at line 1: Duplicate column name 'x'");
    ck_err_has("dry run: errors found; nothing was written");
    sh("$SC dump --show-create > dump.after && cmp dump.before dump.after && "
       "cmp log.before data/binlog/binlog.000001 && $SC binlog verify");
    ck_status(0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Output formats (the expected texts are what mariadb 10.11.19 printed   */
/* for the same tables on a server: -B, -N, -s, -r, -t, -E)              */

START_TEST(test_script_output_formats)
{
    static const char sql[] = "show tables from q like 'd%'; show tables from q like 'zz%'";

    sh("$SC init >/dev/null && $SC exec -e 'create database q; create table q.d1 (a int); "
       "create table q.`d\\x` (a int)'");
    ck_status(0);
    sh("$SC exec -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "Tables_in_q (d%)\nd1\nd\\\\x\n");
    sh("$SC exec -B -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "Tables_in_q (d%)\nd1\nd\\\\x\n");
    sh("$SC exec -N -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "d1\nd\\\\x\n");
    sh("$SC exec -s -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "d1\nd\\\\x\n");
    sh("$SC exec -r -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "Tables_in_q (d%)\nd1\nd\\x\n");
    sh("$SC exec --table -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "+------------------+\n| Tables_in_q (d%) |\n+------------------+\n"
                             "| d1               |\n| d\\x              |\n"
                             "+------------------+\n");
    sh("$SC exec -E -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "*************************** 1. row ***************************\n"
                             "Tables_in_q (d%): d1\n"
                             "*************************** 2. row ***************************\n"
                             "Tables_in_q (d%): d\\x\n");
    sh("$SC exec --json -e \"%s\"", sql);
    ck_assert_str_eq(sx.out, "{\"Tables_in_q (d%)\":\"d1\"}\n{\"Tables_in_q (d%)\":\"d\\\\x\"}\n");
}
END_TEST

/* --json of describe, show, fsck, stats and binlog list/show/verify: valid JSON
 * with the fields a script reads (python3's json module reads it back). */
START_TEST(test_script_json_commands)
{
    make_catalog();
    sh("$SC exec -e 'create table d.t (id int primary key, name varchar(10))' && "
       "$SC describe d.t --json > describe.json && $SC show tables d --json > tables.json && "
       "$SC show databases --json > dbs.json && $SC fsck --json > fsck.json && "
       "$SC stats --json > stats.json && $SC binlog list --json > list.json && "
       "$SC binlog show --json > show.json && $SC binlog verify --json > verify.json && "
       "python3 -c 'import json\n"
       "d = json.load(open(\"describe.json\"))\n"
       "assert (d[\"schema\"], d[\"table\"]) == (\"d\", \"t\") and d[\"id\"] >= 256, d\n"
       "assert [c[\"Field\"] for c in d[\"columns\"]] == [\"id\", \"name\"], d\n"
       "assert d[\"columns\"][0][\"Key\"] == \"PRI\" and d[\"columns\"][1][\"Default\"] is None\n"
       "assert json.load(open(\"tables.json\")) == [{\"Tables_in_d\": \"t\"}]\n"
       "assert {\"Database\": \"d\"} in json.load(open(\"dbs.json\"))\n"
       "f = json.load(open(\"fsck.json\"))\n"
       "assert f[\"clean\"] is True and f[\"problems\"] == [] and f[\"tables\"] > 1, f\n"
       "assert json.load(open(\"stats.json\"))[\"map_size_max\"] > 0\n"
       "l = json.load(open(\"list.json\"))\n"
       "assert l[0][\"Log_name\"] == \"binlog.000001\" and l[0][\"File_size\"] > 0, l\n"
       "assert any(e[\"Event_type\"] == \"Gtid\" for e in json.load(open(\"show.json\")))\n"
       "assert json.load(open(\"verify.json\")) == {\"clean\": True, \"problems\": []}\n"
       "print(\"ok\")'");
    ck_status(0);
    ck_out_has("ok\n");
    /* a damaged file: verify --json says what, exit 1, the file is left as it was */
    sh("printf X | dd of=data/binlog/binlog.000001 bs=1 seek=300 conv=notrunc 2>/dev/null && "
       "sha1sum data/binlog/binlog.000001 > before && $SC binlog verify --json; s=$?; "
       "sha1sum -c before >/dev/null && exit $s");
    ck_status(1);
    ck_out_has("\"clean\": false");
    ck_out_has("differs from the log in the catalog at byte 300");
    sh("$SC binlog decode --json");
    ck_status(2);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Map growth and resize through the CLI                                */

static int n_tables(void)
{
    const char *e = getenv("SC_MAPGROW_TABLES");
    int n = e ? atoi(e) : 0;

    return n > 0 ? n : 700;
}

/* The tables a catalog holds before any user table (the system tables). */
static int system_tables(void)
{
    int n = 0;

    sh("rm -rf fresh && SYSCAT_DATADIR=fresh $SC init >/dev/null && SYSCAT_DATADIR=fresh $SC stats "
       "--json | "
       "sed -n 's/^  \"tables\": \\([0-9]*\\),$/\\1/p' && rm -rf fresh");
    ck_status(0);
    ck_assert_int_eq(sscanf(sx.out, "%d", &n), 1);
    return n;
}

START_TEST(test_script_map_grows)
{
    int n = n_tables();

    sh("$SC init --map-size 1M >/dev/null && $SC exec -e 'create database d' && "
       "i=0; while [ $i -lt %d ]; do echo \"create table d.t$i (id int primary key, "
       "a varchar(30), b int, key(b), key(a, b));\"; i=$((i+1)); done > t.sql && "
       "(echo \"begin;\"; cat t.sql; echo \"commit;\") > txn.sql && sed 's/d\\.t/d.s/' t.sql | "
       "head -200 > s.sql && "
       "sed 's/d\\.t/d.a/' t.sql | head -10 > a.sql",
       n);
    ck_status(0);
    sh("$SC exec txn.sql && $SC exec --single-transaction s.sql && $SC exec a.sql");
    ck_status(0);
    ck_assert_str_eq(sx.err, "");
    {
        char want[64];
        snprintf(want, sizeof(want), "\"tables\": %d,", n + 200 + 10 + system_tables());
        sh("$SC stats --json && $SC fsck >/dev/null && $SC binlog verify >/dev/null");
        ck_status(0);
        ck_out_has(want);
    }
    ck_out_lacks("\"map_size\": 1048576,");
    ck_out_has("\"map_size_max\": 68719476736,");
}
END_TEST

START_TEST(test_script_map_ceiling_and_resize)
{
    sh("$SC init --map-size 512K --map-max 512K >/dev/null && $SC exec -e 'create database d' && "
       "(echo \"begin;\"; i=0; while [ $i -lt 1500 ]; do echo \"create table d.t$i (id int primary "
       "key, a varchar(30), key(a));\"; i=$((i+1)); done; echo \"commit;\") > big.sql && "
       "$SC dump --show-create > dump.before");
    ck_status(0);
    sh("$SC exec big.sql");
    ck_status(1);
    ck_err_has("catalog map full (map size 524288 bytes) while growing it: it is at its ceiling");
    ck_err_has("the transaction was rolled back");
    ck_err_has("syscat resize --max SIZE");
    sh("$SC dump --show-create > dump.after && cmp dump.before dump.after");
    ck_status(0);
    sh("$SC resize 8M --max 256M");
    ck_status(0);
    ck_out_has("map size 8388608 bytes (8.0 MiB)");
    ck_out_has("it may grow to 268435456 bytes (256.0 MiB)");
    sh("$SC exec big.sql && $SC stats");
    ck_status(0);
    ck_out_has("map ceiling     268435456 bytes");
    sh("$SC resize 32M && $SC stats");
    ck_status(0);
    ck_out_has("map size        33554432 bytes (32.0 MiB)");
    sh("$SC resize 16M");
    ck_status(1);
    ck_err_has("LMDB keeps only increases");
    sh("$SC resize");
    ck_status(2);
    sh("$SC resize 64M --max 32M");
    ck_status(1);
    ck_err_has("below the map size");
}
END_TEST

Suite *sc_test_tools_script_suite(void);

Suite *sc_test_tools_script_suite(void)
{
    Suite *s = suite_create("tools_script");
    TCase *tc = tcase_create("script");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, getenv("SC_MAPGROW_TABLES") ? 7200 : 120);
    tcase_add_test(tc, test_script_error_line);
    tcase_add_test(tc, test_script_delimiter);
    tcase_add_test(tc, test_script_transactions);
    tcase_add_test(tc, test_script_one_sync);
    tcase_add_test(tc, test_script_single_transaction);
    tcase_add_test(tc, test_script_dry_run);
    tcase_add_test(tc, test_script_output_formats);
    tcase_add_test(tc, test_script_json_commands);
    tcase_add_test(tc, test_script_map_grows);
    tcase_add_test(tc, test_script_map_ceiling_and_resize);
    suite_add_tcase(s, tc);
    return s;
}
