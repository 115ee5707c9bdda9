/*
 * check_ddl_txn.c - statements of an explicit transaction (BEGIN ... COMMIT
 * through sc_ddl_exec) run in it without a nested LMDB transaction each
 * (issue 13: their commits merged dirty pages into the parent, a cost that
 * grew with it), and keep MariaDB's statement atomicity: a statement that
 * fails before its first write is forgotten, one that fails part-way (here:
 * an allocation refused at every point of a CREATE TABLE in turn) makes the
 * session build the transaction again without it; either way it leaves no
 * trace and the transaction goes on to commit (ddl/session_txn.c).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "catalog/catalog_int.h"
#include "tests/fixtures.h"

/* Upper bound on the allocations one CREATE TABLE makes (a test fails if reached). */
#define MAX_ATTEMPTS 20000

typedef struct txn_env {
    sc_fault_alloc fa;
    sc_allocator al;
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
    sc_session *sess;
} txn_env;

static void env_open(txn_env *e)
{
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    sc_catalog_close(sc_fx.cat); /* one env per process at a time */
    sc_fx.cat = NULL;
    memset(e, 0, sizeof(*e));
    e->fa.left = -1;
    e->al = sc_fixture_fault_allocator(&e->fa);
    co.allocator = &e->al;
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    ck_assert_int_eq(sc_ctx_new(&e->ctx, &co), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&e->cat, e->ctx, sc_fx.dir, &o), SC_OK);
    ck_assert_int_eq(sc_log_open(&e->log, e->cat), SC_OK);
    ck_assert_int_eq(sc_session_new(&e->sess, e->cat, NULL), SC_OK);
}

static void env_close(txn_env *e)
{
    sc_session_free(e->sess);
    sc_log_close(e->log);
    sc_catalog_close(e->cat);
    sc_ctx_free(e->ctx);
}

/* One statement through the session (its explicit transaction when open). */
static int run(txn_env *e, const char *sql, unsigned *errno_out)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, e->sess, NULL, sql, strlen(sql));

    if (errno_out)
        *errno_out = r.mysql_errno;
    sc_stmt_result_clear(&r);
    return rc;
}

static void run_ok(txn_env *e, const char *sql)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, e->sess, NULL, sql, strlen(sql));

    ck_assert_msg(rc == SC_OK, "%s: %s", sql, r.message ? r.message : "");
    sc_stmt_result_clear(&r);
}

/* Every SHOW CREATE of the committed catalog. */
static char *schema_text(txn_env *e)
{
    sc_txn *txn = NULL;
    char *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, e->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&out, txn), SC_OK);
    sc_txn_abort(txn);
    return out;
}

#define T0 "CREATE TABLE test.t0 (id INT PRIMARY KEY)"
#define T1                                                                                         \
    "CREATE TABLE test.t1 (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, "                 \
    "b VARCHAR(64) DEFAULT 'x', c DECIMAL(10,2), KEY ka (a), UNIQUE KEY ub (b), CHECK (a > 0))"
#define T2 "CREATE TABLE test.t2 (id INT PRIMARY KEY, s TEXT)"
#define DROP_ALL "DROP TABLE IF EXISTS test.t0, test.t1, test.t2"

/* Statements inside BEGIN ... COMMIT begin no nested LMDB transaction. */
START_TEST(test_ddl_txn_no_nested)
{
    txn_env e;
    char sql[96];
    uint64_t before;
    char *text;

    env_open(&e);
    run_ok(&e, "CREATE DATABASE test");
    before = sc_catalog__nested_count(e.cat);
    run_ok(&e, "BEGIN");
    for (int i = 0; i < 50; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE test.n%d (id INT PRIMARY KEY, KEY k (id))", i);
        run_ok(&e, sql);
    }
    run_ok(&e, "SHOW CREATE TABLE test.n7");
    run_ok(&e, "COMMIT");
    ck_assert_uint_eq(sc_catalog__nested_count(e.cat) - before, 0);
    text = schema_text(&e);
    ck_assert_ptr_nonnull(strstr(text, "CREATE TABLE `n49`"));
    sc_free(e.ctx, text);
    env_close(&e);
}
END_TEST

/* A statement that fails before writing leaves no trace; the rest commits. */
START_TEST(test_ddl_txn_fail_before_write)
{
    txn_env e;
    unsigned err = 0;
    char *with, *text;

    env_open(&e);
    run_ok(&e, "CREATE DATABASE test");
    run_ok(&e, T0);
    run_ok(&e, T2);
    with = schema_text(&e);
    run_ok(&e, DROP_ALL);
    run_ok(&e, "BEGIN");
    run_ok(&e, T0);
    ck_assert_int_ne(run(&e, T0, &err), SC_OK);
    ck_assert_uint_eq(err, 1050);
    ck_assert_int_ne(run(&e, "CREATE TABLE test.bad (id INT, id INT)", &err), SC_OK);
    ck_assert_uint_eq(err, 1060);
    run_ok(&e, T2);
    run_ok(&e, "COMMIT");
    text = schema_text(&e);
    ck_assert_str_eq(text, with);
    sc_free(e.ctx, text);
    sc_free(e.ctx, with);
    env_close(&e);
}
END_TEST

/*
 * A statement that fails after its first write (CREATE OR REPLACE drops the
 * old table, then finds the new definition wrong) is undone by building the
 * transaction again (its replay runs in nested transactions): the old table
 * is back, the statements before it stay, the transaction goes on.
 */
START_TEST(test_ddl_txn_fail_part_way)
{
    txn_env e;
    unsigned err = 0;
    uint64_t nested;
    char *without, *text;

    env_open(&e);
    run_ok(&e, "CREATE DATABASE test");
    run_ok(&e, T0);
    run_ok(&e, T2);
    without = schema_text(&e);
    run_ok(&e, DROP_ALL);
    run_ok(&e, "BEGIN");
    run_ok(&e, T0);
    nested = sc_catalog__nested_count(e.cat);
    ck_assert_int_ne(run(&e, "CREATE OR REPLACE TABLE test.t0 (id INT, id INT)", &err), SC_OK);
    ck_assert_uint_eq(err, 1060);
    ck_assert_uint_gt(sc_catalog__nested_count(e.cat), nested); /* rebuilt */
    ck_assert(sc_session_in_transaction(e.sess));
    ck_assert_int_ne(run(&e, T0, &err), SC_OK); /* t0 is there again */
    ck_assert_uint_eq(err, 1050);
    run_ok(&e, T2);
    run_ok(&e, "COMMIT");
    text = schema_text(&e);
    ck_assert_str_eq(text, without);
    sc_free(e.ctx, text);
    sc_free(e.ctx, without);
    env_close(&e);
}
END_TEST

/*
 * Refuse each allocation of a CREATE TABLE inside BEGIN in turn: a failed
 * statement leaves no trace, the statements before it stay, and the
 * transaction goes on and commits; a statement that ran is never reported
 * failed while its rows stay (the replay record is made before it runs).
 */
START_TEST(test_ddl_txn_fault)
{
    txn_env e;
    char *with, *without, *text;
    long n, failed = 0;
    int rc;

    env_open(&e);
    run_ok(&e, "CREATE DATABASE test");
    run_ok(&e, T0);
    run_ok(&e, T2);
    without = schema_text(&e);
    run_ok(&e, T1);
    with = schema_text(&e);
    run_ok(&e, DROP_ALL);
    for (n = 0; n < MAX_ATTEMPTS; n++) {
        run_ok(&e, "BEGIN");
        run_ok(&e, T0);
        e.fa = (sc_fault_alloc){n, true, false};
        rc = run(&e, T1, NULL);
        e.fa.left = -1;
        ck_assert_msg(sc_session_in_transaction(e.sess), "allocation %ld: transaction lost", n);
        if (rc != SC_OK) {
            ck_assert_msg(e.fa.failed, "allocation %ld: rc %d without a failure", n, rc);
            failed++;
        }
        run_ok(&e, T2);
        run_ok(&e, "COMMIT");
        text = schema_text(&e);
        ck_assert_msg(strcmp(text, rc == SC_OK ? with : without) == 0,
                      "allocation %ld (rc %d): catalog differs:\n%s\nwanted:\n%s", n, rc, text,
                      rc == SC_OK ? with : without);
        sc_free(e.ctx, text);
        run_ok(&e, DROP_ALL);
        if (!e.fa.failed)
            break; /* every allocation point was refused once */
    }
    ck_assert_msg(n > 0 && n < MAX_ATTEMPTS, "%ld attempts", n);
    ck_assert_msg(failed > 0, "no allocation failure reached the statement");
    sc_free(e.ctx, with);
    sc_free(e.ctx, without);
    env_close(&e);
}
END_TEST

Suite *sc_test_ddl_txn_suite(void);
Suite *sc_test_ddl_txn_suite(void)
{
    Suite *s = suite_create("ddl_txn");
    TCase *tc = tcase_create("explicit");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_ddl_txn_no_nested);
    tcase_add_test(tc, test_ddl_txn_fail_before_write);
    tcase_add_test(tc, test_ddl_txn_fail_part_way);
    tcase_add_test(tc, test_ddl_txn_fault);
    suite_add_tcase(s, tc);
    return s;
}
