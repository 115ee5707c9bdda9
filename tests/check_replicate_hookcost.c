/*
 * check_replicate_hookcost.c - what the log's commit hook (replicate/log.c)
 * spends per commit, where a count says it better than a timer: the heap
 * allocations made while a CREATE TABLE commits (its rows read from their
 * wire bytes, the builder's buffers kept across commits, the settings read
 * in place), and that a setting changed behind the handle's back (another
 * transaction, another handle) is still honoured by the next commit
 * although the parsed settings are kept (docs/performance.md, exec part).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tests/log_util.h"

/* An allocator that counts the blocks asked for (malloc, and realloc of NULL or to grow). */
typedef struct counter {
    long calls;
} counter;

static void *count_malloc(size_t n, void *payload)
{
    ((counter *)payload)->calls++;
    return malloc(n);
}

static void *count_realloc(void *p, size_t n, void *payload)
{
    ((counter *)payload)->calls++;
    return realloc(p, n);
}

static void count_free(void *p, void *payload)
{
    (void)payload;
    free(p);
}

typedef struct env {
    counter c;
    sc_allocator al;
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
    sc_session *sess;
    char dir[256];
} env;

static void env_open(env *e)
{
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    memset(e, 0, sizeof(*e));
    e->al = (sc_allocator){count_malloc, count_realloc, count_free, &e->c};
    co.allocator = &e->al;
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    sc_fixture_tmpdir(e->dir, sizeof(e->dir));
    ck_assert_int_eq(sc_ctx_new(&e->ctx, &co), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&e->cat, e->ctx, e->dir, &o), SC_OK);
    ck_assert_int_eq(sc_log_open(&e->log, e->cat), SC_OK);
    ck_assert_int_eq(sc_session_new(&e->sess, e->cat, NULL), SC_OK);
}

static void env_close(env *e)
{
    sc_session_free(e->sess);
    sc_log_close(e->log);
    sc_catalog_close(e->cat);
    sc_ctx_free(e->ctx);
    sc_fixture_rmtree(e->dir);
}

/* Run sql in its own transaction; the allocations of its commit alone. */
static long commit_allocs(env *e, const char *sql)
{
    sc_stmt_result r;
    sc_txn *txn = NULL;
    long before;

    memset(&r, 0, sizeof(r));
    ck_assert_int_eq(sc_txn_begin(&txn, e->cat, 0), SC_OK);
    ck_assert_msg(sc_ddl_exec(&r, e->sess, txn, sql, strlen(sql)) == SC_OK, "%s: %s", sql,
                  r.message ? r.message : "");
    sc_stmt_result_clear(&r);
    before = e->c.calls;
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    return e->c.calls - before;
}

#define W_COLS                                                                                     \
    "(id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, b VARCHAR(64), c DECIMAL(10,2), "      \
    "d DATETIME, e TEXT, f INT UNSIGNED, g VARCHAR(255), KEY ka (a), UNIQUE KEY ub (b))"

/* A W CREATE TABLE (16 system rows, 5 rows events) commits with almost no allocation
 * once the handle has committed before: before, every row was unpacked into a message
 * (a block per message and per string), every setting copied, every buffer made anew. */
START_TEST(test_replicate_hookcost_allocations)
{
    env e;
    long n;

    env_open(&e);
    (void)commit_allocs(&e, "CREATE DATABASE w");
    (void)commit_allocs(&e, "CREATE TABLE w.t0 " W_COLS);
    n = commit_allocs(&e, "CREATE TABLE w.t1 " W_COLS);
    ck_assert_msg(n <= 4, "%ld allocations to commit a W CREATE TABLE", n);
    env_close(&e);
}
END_TEST

/* The settings a handle keeps are read again when their stored text changed, also when
 * another transaction or another handle changed them. */
START_TEST(test_replicate_hookcost_settings_followed)
{
    env e;
    sc_txn *t = NULL;
    size_t n;
    static lu_event ev[LU_MAX_EVENTS];

    env_open(&e);
    (void)commit_allocs(&e, "CREATE DATABASE s");
    /* a raw write in a transaction of its own, not through sc_log_set */
    ck_assert_int_eq(sc_txn_begin(&t, e.cat, 0), SC_OK);
    ck_assert_int_eq(sc_setting_set(t, SC_LOG_SET_ANNOTATE, "0"), SC_OK);
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
    (void)commit_allocs(&e, "CREATE TABLE s.a (x INT)");
    n = lu_events(ev, e.log, NULL);
    ck_assert_uint_gt(n, 2);
    for (size_t i = n; i-- > 0 && ev[i].type != SC_EV_GTID;)
        ck_assert_uint_ne(ev[i].type, SC_EV_ANNOTATE_ROWS);
    /* and back, in the same transaction as the change it applies to */
    ck_assert_int_eq(sc_txn_begin(&t, e.cat, 0), SC_OK);
    ck_assert_int_eq(sc_setting_set(t, SC_LOG_SET_ANNOTATE, "1"), SC_OK);
    {
        sc_stmt_result r;
        memset(&r, 0, sizeof(r));
        ck_assert_int_eq(sc_ddl_exec(&r, e.sess, t, "CREATE TABLE s.b (x INT)", 24), SC_OK);
        sc_stmt_result_clear(&r);
    }
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
    n = lu_events(ev, e.log, NULL);
    {
        bool annotated = false;
        for (size_t i = n; i-- > 0 && ev[i].type != SC_EV_GTID;)
            annotated = annotated || ev[i].type == SC_EV_ANNOTATE_ROWS;
        ck_assert(annotated);
    }
    env_close(&e);
}
END_TEST

Suite *sc_test_replicate_hookcost_suite(void);

Suite *sc_test_replicate_hookcost_suite(void)
{
    Suite *s = suite_create("replicate_hookcost");
    TCase *tc = tcase_create("hookcost");

    tcase_add_test(tc, test_replicate_hookcost_allocations);
    tcase_add_test(tc, test_replicate_hookcost_settings_followed);
    suite_add_tcase(s, tc);
    return s;
}
