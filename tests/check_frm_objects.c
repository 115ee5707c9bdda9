/*
 * check_frm_objects.c - the .frm reader on what lives beside plain tables
 * (frm/frm_text.c, frm/frm_object.c, the partition and period parts of
 * frm/frm_read.c): views' text .frm files, .TRG and .TRN trigger files,
 * partitioned, system-versioned, application-period and sequence tables of
 * the objects corpus (read in place), .par files, and damaged text and
 * .par files made in memory: every one is SC_ECORRUPT naming the file and
 * the line (text) or offset (.par), never a crash. The whole corpus is compared by
 * tests/oracle/run-frm-cli.py
 * --corpus ddl-objects.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#define SC_CLI_FX fx
#include "tests/fixtures.h"

static sc_cli_fixture fx;

/* Read data as path, expect SC_OK and the SHOW CREATE text want (NULL: not printable). */
static void
expect_show(const void *data, size_t len, const char *path, sc_frm_type type, const char *want)
{
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    char *text = NULL;
    int rc = sc_frm_read(&frm, ctx, data, len, path);

    ck_assert_msg(rc == SC_OK, "%s: %s", path, sc_ctx_last_error(ctx)->message);
    ck_assert_int_eq(sc_frm_type_of(frm), type);
    rc = sc_frm_show_create(&text, frm);
    if (want) {
        ck_assert_int_eq(rc, SC_OK);
        ck_assert_str_eq(text, want);
    } else {
        ck_assert_int_eq(rc, SC_EINVAL);
    }
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
}

static void expect_show_file(const char *rel, const char *path, sc_frm_type type, const char *want)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl-objects", rel);

    expect_show(d, len, path, type, want);
    free(d);
}

/* Read text as path, expect SC_ECORRUPT naming the file and "line N" (and needle). */
static void expect_bad_text(const char *text, size_t len, const char *needle)
{
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    int rc = sc_frm_read(&frm, ctx, (const uint8_t *)text, len, "db1/bad.frm");
    const char *msg = sc_ctx_last_error(ctx)->message;

    ck_assert_msg(rc == SC_ECORRUPT, "rc %d for %.*s", rc, (int)len, text);
    ck_assert_ptr_null(frm);
    ck_assert_msg(strstr(msg, "db1/bad.frm: line "), "message lacks file/line: %s", msg);
    if (needle)
        ck_assert_msg(strstr(msg, needle) != NULL, "expected '%s' in: %s", needle, msg);
    sc_ctx_free(ctx);
}

/* ------------------------------------------------------------------ */
/* Good files                                                           */

START_TEST(test_view_frm)
{
    expect_show_file("0035-view-of-view/frm/test/v3.frm", "test/v3.frm", SC_FRM_VIEW,
                     "CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER "
                     "VIEW `test`.`v3` AS select `v1`.`id` AS `id`,`v2`.`id` AS `id2` from "
                     "(`test`.`v1` join `test`.`v2` on(`v1`.`id` = `v2`.`id`))");
}
END_TEST

/* ALGORITHM, SQL SECURITY and CHECK OPTION from their numbers (sql/table.h). */
START_TEST(test_view_options)
{
    static const char v[] = "TYPE=VIEW\n"
                            "query=select \\'it\\\\s\\' AS `x`\n"
                            "md5=0\nupdatable=0\nalgorithm=2\ndefiner_user=u`1\n"
                            "definer_host=%\nsuid=0\nwith_check_option=1\n\n";

    expect_show(v, sizeof v - 1, "d@0020b/v@0020w.frm", SC_FRM_VIEW,
                "CREATE ALGORITHM=TEMPTABLE DEFINER=`u``1`@`%` SQL SECURITY INVOKER VIEW "
                "`d b`.`v w` AS select 'it\\s' AS `x` WITH LOCAL CHECK OPTION");
}
END_TEST

START_TEST(test_trg_trn)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl-objects", "0044-trg-order/frm/test/t.TRG");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t.TRG"), SC_OK);
    ck_assert_int_eq(sc_frm_type_of(frm), SC_FRM_TRIGGERS);
    ck_assert_str_eq(sc_frm_name(frm), "t");
    ck_assert_uint_eq(sc_frm_trigger_count(frm), 3);
    ck_assert_str_eq(sc_frm_trigger_statement(frm, 1),
                     "CREATE DEFINER=`root`@`localhost` TRIGGER t3 BEFORE INSERT ON t FOR EACH "
                     "ROW SET NEW.a = 3");
    ck_assert_ptr_null(sc_frm_trigger_statement(frm, 3));
    sc_frm_free(frm);
    free(d);
    d = sc_fixture_oracle_file(&len, "ddl-objects", "0042-trg-basic/frm/test/t_bi.TRN");
    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t_bi.TRN"), SC_OK);
    ck_assert_int_eq(sc_frm_type_of(frm), SC_FRM_TRIGGER_NAME);
    ck_assert_str_eq(sc_frm_name(frm), "t_bi");
    ck_assert_str_eq(sc_frm_trigger_table(frm), "t");
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
    expect_show_file("0042-trg-basic/frm/test/t_bi.TRN", "test/t_bi.TRN", SC_FRM_TRIGGER_NAME,
                     NULL);
}
END_TEST

/* String partition values are stored as _charset 0xHEX, STARTS as epoch seconds. */
START_TEST(test_partition_clause)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl-objects", "0003-part-list/frm/test/t2.frm");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    char *text = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t2.frm"), SC_OK);
    ck_assert(sc_frm_is_partitioned(frm));
    ck_assert_str_eq(sc_frm_table(frm)->engine, "InnoDB");
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_msg(strstr(text, "VALUES IN ('DE','FR','IT') ENGINE = InnoDB"), "%s", text);
    ck_assert_msg(strstr(text, ") ENGINE=InnoDB DEFAULT CHARSET"), "%s", text);
    sc_free(ctx, text);
    sc_frm_free(frm);
    free(d);
    d = sc_fixture_oracle_file(&len, "ddl-objects", "0017-part-system-time/frm/test/t2.frm");
    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t2.frm"), SC_OK);
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_msg(strstr(text, " WITH SYSTEM VERSIONING\n PARTITION BY SYSTEM_TIME INTERVAL 1 "
                               "MONTH STARTS TIMESTAMP'2024-01-01 00:00:00'\nPARTITIONS 3"),
                  "%s", text);
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

START_TEST(test_versioning_periods)
{
    expect_show_file("0024-sv-explicit-columns/frm/test/t2.frm", "test/t2.frm", SC_FRM_TABLE,
                     "CREATE TABLE `t2` (\n"
                     "  `x` int(11) DEFAULT NULL,\n"
                     "  `rs` bigint(20) unsigned GENERATED ALWAYS AS ROW START INVISIBLE,\n"
                     "  `re` bigint(20) unsigned GENERATED ALWAYS AS ROW END INVISIBLE,\n"
                     "  PERIOD FOR SYSTEM_TIME (`rs`, `re`)\n"
                     ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci WITH "
                     "SYSTEM VERSIONING");
    expect_show_file("0017-part-system-time/frm/test/t.frm", "test/t.frm", SC_FRM_TABLE,
                     "CREATE TABLE `t` (\n"
                     "  `x` int(11) DEFAULT NULL\n"
                     ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci WITH "
                     "SYSTEM VERSIONING\n"
                     " PARTITION BY SYSTEM_TIME \n"
                     "(PARTITION `p_hist` HISTORY ENGINE = InnoDB,\n"
                     " PARTITION `p_cur` CURRENT ENGINE = InnoDB)");
    expect_show_file("0027-app-period-alter/frm/test/t.frm", "test/t.frm", SC_FRM_TABLE,
                     "CREATE TABLE `t` (\n"
                     "  `id` int(11) DEFAULT NULL,\n"
                     "  `s` date NOT NULL,\n"
                     "  `e` date NOT NULL,\n"
                     "  PERIOD FOR `p` (`s`, `e`),\n"
                     "  UNIQUE KEY `u` (`id`,`p` WITHOUT OVERLAPS)\n"
                     ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");
}
END_TEST

/* A sequence's .frm holds its table only: it prints as SHOW CREATE TABLE of it. */
START_TEST(test_sequence_table)
{
    size_t len;
    uint8_t *d =
        sc_fixture_oracle_file(&len, "ddl-objects", "0018-seq-create-basic/frm/test/s2.frm");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    char *text = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/s2.frm"), SC_OK);
    ck_assert(sc_frm_is_sequence(frm));
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_msg(strncmp(text,
                          "CREATE TABLE `s2` (\n  `next_not_cached_value` bigint(21) NOT NULL,",
                          66) == 0,
                  "%s", text);
    ck_assert_msg(strstr(text, "\n) ENGINE=InnoDB SEQUENCE=1") != NULL, "%s", text);
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

/* A .par lists the (sub)partitions; it prints nothing (the clause is in the .frm). */
START_TEST(test_par_read)
{
    size_t len;
    uint8_t *d =
        sc_fixture_oracle_file(&len, "ddl-objects", "0005-part-subpartitions/frm/test/t.par");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t.par"), SC_OK);
    ck_assert_int_eq(sc_frm_type_of(frm), SC_FRM_PARTITIONS);
    ck_assert_str_eq(sc_frm_name(frm), "t");
    ck_assert_uint_eq(sc_frm_partition_count(frm), 6);
    ck_assert_str_eq(sc_frm_partition_name(frm, 0), "p0#SP#p0sp0");
    ck_assert_str_eq(sc_frm_partition_name(frm, 5), "p2#SP#p2sp1");
    ck_assert_ptr_null(sc_frm_partition_name(frm, 6));
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    expect_show(d, len, "test/t.par", SC_FRM_PARTITIONS, NULL);
    free(d);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad files                                                            */

static void expect_bad_par(const uint8_t *d, size_t len, const char *needle)
{
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    int rc = sc_frm_read(&frm, ctx, d, len, "db1/bad.par");
    const char *msg = sc_ctx_last_error(ctx)->message;

    ck_assert_msg(rc == SC_ECORRUPT, "rc %d (len %zu)", rc, len);
    ck_assert_ptr_null(frm);
    ck_assert_msg(strstr(msg, "db1/bad.par: offset "), "message lacks file/offset: %s", msg);
    if (needle)
        ck_assert_msg(strstr(msg, needle) != NULL, "expected '%s' in: %s", needle, msg);
    sc_ctx_free(ctx);
}

/* Truncated anywhere inside its checksummed words, a .par is an error naming the
 * offset; its checksum catches a changed byte; counts that do not fit are named. */
START_TEST(test_par_bad)
{
    size_t len;
    uint8_t *d =
        sc_fixture_oracle_file(&len, "ddl-objects", "0005-part-subpartitions/frm/test/t.par");
    size_t words = d[0] | (size_t)d[1] << 8;

    for (size_t n = 0; n < 4 * words; n++)
        expect_bad_par(d, n, NULL);
    d[20] ^= 1; /* a name byte */
    expect_bad_par(d, len, "checksum mismatch");
    d[20] ^= 1;
    d[8] = 200; /* 200 partitions, checksum fixed up */
    d[4] ^= 6 ^ 200;
    expect_bad_par(d, len, "200 partitions in 24 words");
    d[8] = 7; /* 7 names announced, 6 stored */
    d[4] ^= 200 ^ 7;
    expect_bad_par(d, len, "partition name");
    free(d);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad text files                                                       */

/* A view cut anywhere inside a line is an error naming the line; cut after a
 * line, it reads when every required parameter came before the cut. (Shorter
 * than "TYPE=" it is no text file: the binary reader's offset error.) */
START_TEST(test_view_truncated_every_length)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl-objects", "0035-view-of-view/frm/test/v3.frm");

    for (size_t n = 5; n < len; n++) {
        sc_ctx *ctx = sc_fixture_ctx();
        sc_frm *frm = NULL;
        int rc = sc_frm_read(&frm, ctx, d, n, "db1/bad.frm");
        if (d[n - 1] != '\n')
            ck_assert_msg(rc == SC_ECORRUPT, "cut at %zu read", n);
        if (rc != SC_OK)
            ck_assert_msg(rc == SC_ECORRUPT &&
                              strstr(sc_ctx_last_error(ctx)->message, "db1/bad.frm: line "),
                          "cut at %zu: %s", n, sc_ctx_last_error(ctx)->message);
        sc_frm_free(frm);
        sc_ctx_free(ctx);
    }
    free(d);
}
END_TEST

START_TEST(test_text_garbage)
{
#define BAD(s, needle) expect_bad_text(s, sizeof s - 1, needle)
    BAD("TYPE=VIEW", "no end");
    BAD("TYPE=TABLE\n", "unknown file type");
    BAD("TYPE=VIEW\nquery=x\n", "missing parameter 'md5'");
    BAD("TYPE=VIEW\nno equals sign\n", "line 2: not a key=value line");
    BAD("TYPE=VIEW\nquery=a\\qb\nmd5=0\n", "line 2: unknown escape sequence in 'query'");
    BAD("TYPE=VIEW\nquery=a\\\n", "backslash at the end");
    BAD("TYPE=VIEW\nquery=x\nmd5=0\nupdatable=0\nalgorithm=7\n", "line 5: value out of range");
    BAD("TYPE=VIEW\nquery=x\nmd5=0\nupdatable=x\n", "line 4: not a number");
    BAD("TYPE=TRIGGERS\ntriggers='CREATE x\n", "unterminated quoted string");
    BAD("TYPE=TRIGGERS\ntriggers='CREATE x''CREATE y'\n", "expected a space");
    BAD("TYPE=TRIGGERS\ntriggers=CREATE x\n", "expected a quoted string");
    BAD("TYPE=TRIGGERS\ntriggers='DROP x'\n", "not a CREATE statement");
    BAD("TYPE=TRIGGERS\ntriggers='CREATE x'\nsql_modes=1 2\n", "line 3: 2 sql_modes for 1");
    BAD("TYPE=TRIGGERS\ntriggers='CREATE x'\nsql_modes=1x\n", "expected numbers");
    BAD("TYPE=TRIGGERS\ntriggers='CREATE x'\ndefiners='a' 'b'\n", "2 definers for 1");
    BAD("TYPE=TRIGGERNAME\n\n", "missing parameter 'trigger_table'");
    BAD("TYPE=VIEW\nquery=\0x\n", "line 2: NUL byte");
    BAD("TYPE=VIEW\nquery=a\\0b\nmd5=0\n", "line 2: NUL character (\\0) in 'query'");
#undef BAD
}
END_TEST

/* ------------------------------------------------------------------ */
/* Through the CLI: export, then import                                 */

static void cli_setup(void)
{
    sc_fixture_cli_setup(&fx, "ASAN_OPTIONS=detect_leaks=0");
}

static void cli_teardown(void)
{
    sc_fixture_cli_teardown(&fx);
}

/*
 * A catalog with a sequence, a partitioned table, a view and a trigger is
 * exported and imported into a new catalog: the same dump. The sequence's
 * values come from a mariadb-dump style file (USE, then CREATE SEQUENCE);
 * without it the import warns and uses the defaults.
 */
START_TEST(test_export_import_objects)
{
    sh("$SC init >/dev/null && $SC exec -e \"CREATE DATABASE d1; USE d1; "
       "CREATE SEQUENCE s START WITH 7 INCREMENT BY 3 CACHE 5; "
       "CREATE TABLE p (id INT, c VARCHAR(3)) PARTITION BY LIST COLUMNS (c) "
       "(PARTITION a VALUES IN ('x','y'), PARTITION b VALUES IN ('z')); "
       "CREATE VIEW v AS SELECT id FROM p WHERE c = 'x'; "
       "CREATE TRIGGER tg BEFORE INSERT ON p FOR EACH ROW SET NEW.id = NEW.id + 1\" && "
       "$SC dump --show-create > want.sql && $SC export frm xo > /dev/null && ls xo/d1");
    ck_status(0);
    ck_out_has("db.opt\np.TRG\np.frm\np.par\ns.frm\ntg.TRN\nv.frm");
    sh("printf 'USE `d1`;\nCREATE SEQUENCE `s` start with 7 minvalue 1 maxvalue "
       "9223372036854775806 increment by 3 cache 5 nocycle ENGINE=InnoDB;\n' > dump.sql && "
       "SYSCAT_DATADIR=$PWD/c2 $SC init > /dev/null && "
       "SYSCAT_DATADIR=$PWD/c2 $SC import frm xo --foreign-keys dump.sql > /dev/null && "
       "SYSCAT_DATADIR=$PWD/c2 $SC dump --show-create > got.sql && diff want.sql got.sql");
    ck_status(0);
    sh("SYSCAT_DATADIR=$PWD/c3 $SC init > /dev/null && "
       "SYSCAT_DATADIR=$PWD/c3 $SC import frm xo && "
       "SYSCAT_DATADIR=$PWD/c3 $SC dump --show-create | grep 'CREATE SEQUENCE'");
    ck_status(0);
    ck_err_has("warning: sequence d1.s: its values are not in its .frm");
    ck_out_has("CREATE SEQUENCE `s` start with 1 minvalue 1 maxvalue 9223372036854775806 "
               "increment by 1 cache 1000 nocycle ENGINE=InnoDB");
}
END_TEST

Suite *sc_test_frm_objects_suite(void);

Suite *sc_test_frm_objects_suite(void)
{
    Suite *s = suite_create("frm_objects");
    TCase *tc = tcase_create("read");
    TCase *bad = tcase_create("bad_input");

    tcase_add_test(tc, test_view_frm);
    tcase_add_test(tc, test_view_options);
    tcase_add_test(tc, test_trg_trn);
    tcase_add_test(tc, test_partition_clause);
    tcase_add_test(tc, test_versioning_periods);
    tcase_add_test(tc, test_sequence_table);
    tcase_add_test(tc, test_par_read);
    tcase_add_test(bad, test_par_bad);
    tcase_add_test(bad, test_view_truncated_every_length);
    tcase_add_test(bad, test_text_garbage);
    TCase *cli = tcase_create("cli");
    tcase_add_checked_fixture(cli, cli_setup, cli_teardown);
    tcase_add_test(cli, test_export_import_objects);
    tcase_set_timeout(bad, 60);
    tcase_set_timeout(cli, 60);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, bad);
    suite_add_tcase(s, cli);
    return s;
}
