/*
 * check_track_flashback.c - sc_flashback (track/flashback.c): every kind of
 * DDL undone by a flashback to the point before it (CREATE TABLE/DATABASE,
 * each kind of ALTER, RENAME, DROP TABLE with its foreign keys, DROP
 * DATABASE, TRUNCATE): afterwards every system-table row is byte-identical to
 * the start (so dump --show-create and --json are too), a dropped table has
 * its id back, the log replays onto the rows (fsck's check) and --dry-run
 * writes nothing; ids given out after the point are not given out again. The random-stream form is
 * tests/track-flashback.sh.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/buf.h"
#include "catalog/catalog_int.h"
#include "syscat.h"
#include "tests/fixtures.h"

static sc_log *lg;

static void setup(void)
{
    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_log_open(&lg, sc_fx.cat), SC_OK);
}

static void teardown(void)
{
    sc_log_close(lg);
    lg = NULL;
    sc_fixture_catalog_teardown();
}

static int exec_rc(const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;
    int rc;

    ck_assert_int_eq(sc_session_new(&s, sc_fx.cat, NULL), SC_OK);
    memset(&r, 0, sizeof(r));
    rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    sc_stmt_result_clear(&r);
    sc_session_free(s);
    return rc;
}

static void exec(const char *sql)
{
    int rc = exec_rc(sql);
    ck_assert_msg(rc == SC_OK, "%s: %s", sql, sc_ctx_last_error(sc_fx.ctx)->message);
}

static int row_cb(sc_slice packed, void *payload)
{
    sc_buf *b = payload;
    sc__buf_put(b, packed.data, packed.len);
    sc__buf_putc(b, '\n');
    return SC_OK;
}

/* Every logged system-table row, in key order, then the SHOW CREATE dump. */
static char *snapshot(void)
{
    sc_buf b = SC_BUF_INIT(sc_fx.ctx);
    sc_txn *txn = NULL;
    char *dump = NULL, *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    for (unsigned st = 1; st < SC_SYS__END; st++) {
        if (st == SC_SYS_REPLICA_STATE || st == SC_SYS_SEQUENCES) /* see flashback.c */
            continue;
        sc__buf_printf(&b, "== %u\n", st);
        ck_assert_int_eq(sc_catalog__row_foreach(txn, st, row_cb, &b), SC_OK);
    }
    ck_assert_int_eq(sc_dump_show_create(&dump, txn), SC_OK);
    sc__buf_puts(&b, dump);
    sc_free(sc_fx.ctx, dump);
    sc_txn_abort(txn);
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    return out;
}

static int last_file_cb(const sc_log_file *f, void *payload)
{
    snprintf(payload, 128, "%s:%llu", f->name, (unsigned long long)f->size);
    return 0;
}

/* The current end of the log as FILE:POS. */
static void log_point(char *out)
{
    ck_assert_int_eq(sc_log_files(lg, last_file_cb, out), SC_OK);
}

static void check_log_sound(void)
{
    size_t problems = 9;
    bool partial = true;

    ck_assert_int_eq(sc_log_verify_stored(lg, NULL, NULL, &problems), SC_OK);
    ck_assert_uint_eq(problems, 0);
    ck_assert_int_eq(sc_log_verify_rows(lg, NULL, NULL, &problems, &partial), SC_OK);
    ck_assert_uint_eq(problems, 0);
    ck_assert(!partial);
}

static void base_schema(void)
{
    exec("CREATE DATABASE d1");
    exec("CREATE TABLE d1.p (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20)) "
         "AUTO_INCREMENT=7");
    exec("CREATE TABLE d1.c (id INT PRIMARY KEY, pid INT, v VARCHAR(10), KEY kv (v), "
         "CONSTRAINT fk_p FOREIGN KEY (pid) REFERENCES d1.p (id) ON DELETE CASCADE, "
         "CONSTRAINT chk CHECK (id > 0)) COMMENT 'child'");
    exec("CREATE TABLE d1.t (a INT, b VARCHAR(5) DEFAULT 'x', c DATE)");
    exec("CREATE DATABASE d3");
}

/* Run the statements after the base schema, then flash back to before them. */
static void undo_case(const char *const *stmts, size_t n)
{
    char point[128], *start, *after, *back;
    sc_flashback_stats st;
    uint64_t id_before = 0, id_after = 0;
    sc_table *t = NULL;
    sc_txn *txn = NULL;

    base_schema();
    log_point(point);
    start = snapshot();
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "d1", "c"), SC_OK);
    id_before = sc_table_id(t);
    sc_table_free(t);
    sc_txn_abort(txn);
    for (size_t i = 0; i < n; i++)
        exec(stmts[i]);
    after = snapshot();
    ck_assert_str_ne(after, start);

    /* a dry run says what it would do and writes nothing */
    ck_assert_int_eq(sc_flashback(&st, lg, point, true), SC_OK);
    ck_assert_uint_gt(st.rows_deleted + st.rows_inserted + st.rows_replaced, 0);
    back = snapshot();
    ck_assert_str_eq(back, after);
    sc_free(sc_fx.ctx, back);

    ck_assert_int_eq(sc_flashback(&st, lg, point, false), SC_OK);
    back = snapshot();
    ck_assert_str_eq(back, start);
    sc_free(sc_fx.ctx, back);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "d1", "c"), SC_OK);
    id_after = sc_table_id(t);
    sc_table_free(t);
    sc_txn_abort(txn);
    ck_assert_uint_eq(id_after, id_before);
    check_log_sound();

    /* nothing left to undo: a second flashback changes nothing */
    ck_assert_int_eq(sc_flashback(&st, lg, point, false), SC_OK);
    ck_assert_uint_eq(st.rows_deleted + st.rows_inserted + st.rows_replaced, 0);
    sc_free(sc_fx.ctx, start);
    sc_free(sc_fx.ctx, after);
}

#define UNDO(name, ...)                                                                            \
    START_TEST(name)                                                                               \
    {                                                                                              \
        static const char *const s[] = {__VA_ARGS__};                                              \
        undo_case(s, sizeof(s) / sizeof(s[0]));                                                    \
    }                                                                                              \
    END_TEST

UNDO(test_flashback_create_table, "CREATE TABLE d1.n (i INT PRIMARY KEY, j TEXT)")
UNDO(test_flashback_create_database,
     "CREATE DATABASE d2",
     "CREATE TABLE d2.x (i INT) COMMENT 'in d2'")
UNDO(test_flashback_alter_columns,
     "ALTER TABLE d1.t ADD COLUMN d INT FIRST",
     "ALTER TABLE d1.t DROP COLUMN c",
     "ALTER TABLE d1.t MODIFY b VARCHAR(50) NOT NULL",
     "ALTER TABLE d1.t CHANGE a a2 BIGINT UNSIGNED",
     "ALTER TABLE d1.t ALTER COLUMN b SET DEFAULT 'y'",
     "ALTER TABLE d1.t RENAME COLUMN d TO d0")
UNDO(test_flashback_alter_keys,
     "ALTER TABLE d1.t ADD PRIMARY KEY (a)",
     "ALTER TABLE d1.t ADD UNIQUE KEY ub (b)",
     "ALTER TABLE d1.c DROP KEY kv",
     "CREATE INDEX kc ON d1.t (c)",
     "ALTER TABLE d1.c DROP FOREIGN KEY fk_p",
     "ALTER TABLE d1.t ADD CONSTRAINT fk_t FOREIGN KEY (a) REFERENCES d1.p (id)",
     "ALTER TABLE d1.c DROP CONSTRAINT chk",
     "ALTER TABLE d1.t ADD CONSTRAINT ck2 CHECK (a > 1)")
UNDO(test_flashback_alter_options,
     "ALTER TABLE d1.c COMMENT 'other'",
     "ALTER TABLE d1.t ENGINE=MyISAM",
     "ALTER TABLE d1.t CONVERT TO CHARACTER SET latin1",
     "ALTER TABLE d1.p AUTO_INCREMENT=100",
     "ALTER TABLE d1.t PARTITION BY HASH (a) PARTITIONS 3")
UNDO(test_flashback_rename,
     "RENAME TABLE d1.t TO d1.t2",
     "RENAME TABLE d1.t2 TO d3.t3",
     "ALTER TABLE d1.p RENAME TO d1.p2")
UNDO(test_flashback_drop_table, "DROP TABLE d1.c", "DROP TABLE d1.p", "TRUNCATE TABLE d1.t")
UNDO(test_flashback_drop_database, "DROP DATABASE d1")

static uint64_t table_id(const char *db, const char *name)
{
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    uint64_t id;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, db, name), SC_OK);
    id = sc_table_id(t);
    sc_table_free(t);
    sc_txn_abort(txn);
    return id;
}

/* A flashback restores old version numbers: a later ALTER that reuses a
 * version must not be served an older definition of that version. */
START_TEST(test_flashback_then_alter_again)
{
    char point[128];
    sc_txn *txn = NULL;
    char *sct = NULL;

    uint64_t undone_id, fresh_id;

    base_schema();
    log_point(point);
    exec("ALTER TABLE d1.t ADD COLUMN gone INT");
    exec("CREATE TABLE d1.undone (i INT)");
    undone_id = table_id("d1", "undone");
    ck_assert_int_eq(sc_flashback(NULL, lg, point, false), SC_OK);
    exec("ALTER TABLE d1.t ADD COLUMN kept INT");
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_show_create_table(&sct, txn, "d1", "t"), SC_OK);
    sc_txn_abort(txn);
    ck_assert_msg(strstr(sct, "`kept`") && !strstr(sct, "`gone`"), "%s", sct);
    sc_free(sc_fx.ctx, sct);
    /* and new objects get fresh ids, not the ids of what was flashed back */
    exec("CREATE TABLE d1.fresh (i INT)");
    fresh_id = table_id("d1", "fresh");
    ck_assert_uint_gt(fresh_id, undone_id);
    check_log_sound();
}
END_TEST

START_TEST(test_flashback_bad_point)
{
    base_schema();
    ck_assert_int_eq(sc_flashback(NULL, lg, "not a point", false), SC_EINVAL);
    ck_assert_int_eq(sc_flashback(NULL, lg, "0-1-99999", false), SC_ENOTFOUND);
}
END_TEST

Suite *sc_test_track_flashback_suite(void);

Suite *sc_test_track_flashback_suite(void)
{
    Suite *s = suite_create("track_flashback");
    TCase *tc = tcase_create("flashback");

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_flashback_create_table);
    tcase_add_test(tc, test_flashback_create_database);
    tcase_add_test(tc, test_flashback_alter_columns);
    tcase_add_test(tc, test_flashback_alter_keys);
    tcase_add_test(tc, test_flashback_alter_options);
    tcase_add_test(tc, test_flashback_rename);
    tcase_add_test(tc, test_flashback_drop_table);
    tcase_add_test(tc, test_flashback_drop_database);
    tcase_add_test(tc, test_flashback_then_alter_again);
    tcase_add_test(tc, test_flashback_bad_point);
    suite_add_tcase(s, tc);
    return s;
}
