/*
 * check_fault.c - allocation failure beyond the catalog (STYLE.md 10, the
 * SQLite *fault.test idea): DDL statements through sc_ddl_exec with the log
 * open (so the commit hook encodes and writes their events), and the binlog
 * reader decoding and printing those events back.
 *
 * Every allocation point is failed in turn, once (the next allocations
 * succeed) and from then on (every later one fails). Each run must end in
 * SC_OK or a clean error (SC_ENOMEM, or an SQL error whose message says
 * what), never a crash; a failed statement leaves the catalog and the log
 * exactly as they were; and once everything is closed, every block the
 * fault allocator handed out has been freed (no leak on any path).
 * catalog/ has its own fault tests (check_catalog.c, check_catalog_cache.c).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "tests/fixtures.h"

/* Upper bound on the allocations one step makes (a test fails if reached). */
#define MAX_ATTEMPTS 20000

/* Every handle of one run, all under one fault-injecting ctx. */
typedef struct fault_env {
    sc_fault_counter fc;
    sc_allocator al;
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
    sc_session *sess;
} fault_env;

static void env_open(fault_env *e, const char *dir)
{
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    memset(e, 0, sizeof(*e));
    e->fc.fa.left = -1;
    e->al = sc_fixture_counting_allocator(&e->fc);
    co.allocator = &e->al;
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    ck_assert_int_eq(sc_ctx_new(&e->ctx, &co), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&e->cat, e->ctx, dir, &o), SC_OK);
    ck_assert_int_eq(sc_log_open(&e->log, e->cat), SC_OK);
    ck_assert_int_eq(sc_session_new(&e->sess, e->cat, NULL), SC_OK);
}

/* Close everything; every block handed out must have come back. */
static void env_close(fault_env *e)
{
    sc_session_free(e->sess);
    sc_log_close(e->log);
    sc_catalog_close(e->cat);
    sc_ctx_free(e->ctx);
    ck_assert_msg(e->fc.live == 0, "%ld blocks leaked", e->fc.live);
}

/* Run one statement in its own transaction and commit it. */
static int exec_commit(fault_env *e, const char *sql, sc_stmt_result *r)
{
    sc_txn *txn = NULL;
    int rc;

    memset(r, 0, sizeof(*r));
    rc = sc_txn_begin(&txn, e->cat, 0);
    if (rc)
        return rc;
    rc = sc_ddl_exec(r, e->sess, txn, sql, strlen(sql));
    if (rc) {
        sc_txn_abort(txn);
        return rc;
    }
    return sc_txn_commit(txn);
}

static void exec_ok(fault_env *e, const char *sql)
{
    sc_stmt_result r;
    int rc = exec_commit(e, sql, &r);

    ck_assert_msg(rc == SC_OK, "%s: %s", sql, r.message ? r.message : "");
    sc_stmt_result_clear(&r);
}

/* The observable state: every SHOW CREATE, and every byte of the log. */
typedef struct snapshot {
    char *schema;
    uint8_t *log;
    size_t log_len;
} snapshot;

static void snap_take(snapshot *s, fault_env *e)
{
    sc_txn *txn = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, e->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&s->schema, txn), SC_OK);
    sc_txn_abort(txn);
    ck_assert_int_eq(sc_log_file_bytes(&s->log, &s->log_len, e->log, NULL), SC_OK);
}

static bool snap_equal(const snapshot *a, const snapshot *b)
{
    return strcmp(a->schema, b->schema) == 0 && a->log_len == b->log_len &&
           memcmp(a->log, b->log, a->log_len) == 0;
}

static void snap_free(snapshot *s, fault_env *e)
{
    sc_free(e->ctx, s->schema);
    sc_free(e->ctx, s->log);
    memset(s, 0, sizeof(*s));
}

/* A failed step must say why: out of memory, or a message. */
static void check_clean_error(fault_env *e, int rc, const sc_stmt_result *r, const char *what)
{
    const sc_error *err = sc_ctx_last_error(e->ctx);

    ck_assert_msg(rc < 0, "%s: rc %d", what, rc);
    ck_assert_msg(rc == SC_ENOMEM || (r && r->message && *r->message) || err->message[0],
                  "%s: rc %d without a message", what, rc);
}

/*
 * Fail each allocation of `sql` in turn (_i: 0 once, 1 from then on) and
 * check the outcome; `undo` restores the catalog when a run succeeded
 * despite a failure (a failure the code may absorb, e.g. a cache fill).
 */
static void fault_statement(const char *const *setup, const char *sql, const char *undo, bool once)
{
    fault_env e;
    snapshot before, now;
    sc_stmt_result r;
    long n;
    int rc;

    env_open(&e, sc_fx.dir);
    for (; setup && *setup; setup++)
        exec_ok(&e, *setup);
    snap_take(&before, &e);
    for (n = 0; n < MAX_ATTEMPTS; n++) {
        e.fc.fa = (sc_fault_alloc){n, once, false};
        rc = exec_commit(&e, sql, &r);
        e.fc.fa.left = -1;
        if (rc == SC_OK) {
            sc_stmt_result_clear(&r);
            if (!e.fc.fa.failed)
                break; /* every allocation point was failed once */
            exec_ok(&e, undo);
            snap_free(&before, &e);
            snap_take(&before, &e);
            continue;
        }
        check_clean_error(&e, rc, &r, sql);
        sc_stmt_result_clear(&r);
        snap_take(&now, &e);
        ck_assert_msg(snap_equal(&before, &now), "%s: allocation %ld failed (%s) and changed state",
                      sql, n + 1, sc_ctx_last_error(e.ctx)->message);
        snap_free(&now, &e);
    }
    ck_assert_msg(n > 0 && n < MAX_ATTEMPTS, "%s: %ld attempts", sql, n);
    snap_free(&before, &e);
    env_close(&e);
}

static void prepare_dir(void)
{
    sc_catalog_close(sc_fx.cat); /* one env per process at a time */
    sc_fx.cat = NULL;
}

static const char *const setup_db[] = {"CREATE DATABASE test", NULL};
static const char *const setup_table[] = {
    "CREATE DATABASE test", "CREATE TABLE test.t (id INT PRIMARY KEY, s VARCHAR(10))", NULL};

START_TEST(test_fault_ddl_create_database)
{
    prepare_dir();
    fault_statement(NULL, "CREATE DATABASE d1", "DROP DATABASE d1", _i == 0);
}
END_TEST

START_TEST(test_fault_ddl_create_table)
{
    prepare_dir();
    fault_statement(setup_db,
                    "CREATE TABLE test.t (id INT PRIMARY KEY, s VARCHAR(10) DEFAULT 'x', "
                    "KEY k (s), CHECK (id > 0))",
                    "DROP TABLE test.t", _i == 0);
}
END_TEST

START_TEST(test_fault_ddl_alter_table)
{
    prepare_dir();
    fault_statement(setup_table, "ALTER TABLE test.t ADD COLUMN c INT NOT NULL, ADD INDEX ks (s)",
                    "ALTER TABLE test.t DROP COLUMN c, DROP INDEX ks", _i == 0);
}
END_TEST

START_TEST(test_fault_ddl_drop_table)
{
    prepare_dir();
    fault_statement(setup_table, "DROP TABLE test.t",
                    "CREATE TABLE test.t (id INT PRIMARY KEY, s VARCHAR(10))", _i == 0);
}
END_TEST

/* Read the whole log back: every event decoded, every rows event printed. */
static int read_log(sc_ctx *ctx, const uint8_t *data, size_t len, size_t *events_out)
{
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev;
    char *text = NULL;
    int rc = sc_binlog_reader_open_mem(&rd, ctx, "f", (sc_slice){data, len});

    *events_out = 0;
    while (rc == SC_OK && (rc = sc_binlog_reader_next(&ev, rd)) == SC_OK && ev) {
        ++*events_out;
        if (ev->header.type >= 23 && ev->header.type <= 25) { /* WRITE/UPDATE/DELETE_ROWS_V1 */
            rc = sc_binlog_reader_print_rows(&text, NULL, NULL, rd, ev);
            sc_free(ctx, text);
            text = NULL;
        }
    }
    sc_binlog_reader_close(rd);
    return rc;
}

START_TEST(test_fault_replicate_decode)
{
    fault_env e;
    uint8_t *data = NULL;
    size_t len = 0, want = 0, got;
    long n;
    int rc;

    prepare_dir();
    env_open(&e, sc_fx.dir);
    exec_ok(&e, "CREATE DATABASE test");
    exec_ok(&e, "CREATE TABLE test.t (id INT PRIMARY KEY, s VARCHAR(10), e ENUM('a','b'))");
    exec_ok(&e, "ALTER TABLE test.t ADD COLUMN b BLOB, COMMENT 'x'");
    ck_assert_int_eq(sc_log_file_bytes(&data, &len, e.log, NULL), SC_OK);
    ck_assert_int_eq(read_log(e.ctx, data, len, &want), SC_OK);
    ck_assert_uint_gt(want, 5);
    for (n = 0; n < MAX_ATTEMPTS; n++) {
        e.fc.fa = (sc_fault_alloc){n, _i == 0, false};
        rc = read_log(e.ctx, data, len, &got);
        e.fc.fa.left = -1;
        if (!e.fc.fa.failed) {
            ck_assert_int_eq(rc, SC_OK);
            ck_assert_uint_eq(got, want);
            break;
        }
        if (rc != SC_OK)
            check_clean_error(&e, rc, NULL, "decode");
        else
            ck_assert_uint_eq(got, want); /* an absorbed failure changes nothing */
    }
    ck_assert_msg(n > 0 && n < MAX_ATTEMPTS, "%ld attempts", n);
    sc_free(e.ctx, data);
    env_close(&e);
}
END_TEST

Suite *sc_test_fault_suite(void);
Suite *sc_test_fault_suite(void)
{
    Suite *s = suite_create("fault");
    TCase *tc = tcase_create("ddl");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_fault_ddl_create_database, 0, 2);
    tcase_add_loop_test(tc, test_fault_ddl_create_table, 0, 2);
    tcase_add_loop_test(tc, test_fault_ddl_alter_table, 0, 2);
    tcase_add_loop_test(tc, test_fault_ddl_drop_table, 0, 2);
    suite_add_tcase(s, tc);
    tc = tcase_create("replicate");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_fault_replicate_decode, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}
