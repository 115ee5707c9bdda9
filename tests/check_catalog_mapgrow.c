/*
 * check_catalog_mapgrow.c - the catalog map grows by itself (catalog/mapsize.c,
 * issue 12): a catalog created with a 1 MiB map takes many tables through
 * the API, one transaction per table (growth before each write txn) and all
 * in one transaction (sc_txn_run: abort, grow, run again), and through
 * sc_ddl_exec inside BEGIN ... COMMIT (the session replays its transaction);
 * the ceiling stops growth with SC_EFULL and nothing written; another
 * process's larger map is adopted (MDB_MAP_RESIZED); sc_catalog_map_resize.
 *
 * Table counts: SC_MAPGROW_TABLES (default 2000 in make test; `make
 * check-mapgrow-long` runs the 100,000 of the acceptance).
 */
#include <check.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "tests/catalog_util.h"

#define MiB (1ull << 20)

static int n_tables(void)
{
    const char *e = getenv("SC_MAPGROW_TABLES");
    int n = e ? atoi(e) : 0;

    return n > 0 ? n : 1000;
}

typedef struct mg_fx {
    char dir[256];
    sc_catalog *cat;
    uint64_t schema;
} mg_fx;

static mg_fx mx;

/* A fresh catalog of 1 MiB (ceiling max when not 0) with schema db1. */
static void open_small(uint64_t max)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_schema_def sd = {"db1", NULL, NULL, NULL};
    sc_txn *txn = NULL;

    sc_fixture_tmpdir(mx.dir, sizeof(mx.dir));
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = MiB;
    o.map_size_max = max;
    ct_ok(sc_catalog_open(&mx.cat, sc_fx.ctx, mx.dir, &o));
    ct_ok(sc_txn_begin(&txn, mx.cat, 0));
    ct_ok(sc_schema_create(&mx.schema, txn, &sd));
    ct_ok(sc_txn_commit(txn));
}

static void close_small(void)
{
    sc_catalog_close(mx.cat);
    mx.cat = NULL;
    sc_fixture_rmtree(mx.dir);
}

static uint64_t count_tables(void)
{
    sc_catalog_stats st;

    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    return st.tables;
}

typedef struct batch {
    int from, to; /* tables t<from> .. t<to - 1> */
    int runs;     /* times fn ran */
    size_t ncols; /* columns per table (0 = 4) */
} batch;

static int create_batch(sc_txn *txn, void *payload)
{
    batch *b = payload;
    char name[32];
    ct_def d;
    int rc = SC_OK;

    b->runs++;
    for (int i = b->from; i < b->to && rc == SC_OK; i++) {
        snprintf(name, sizeof(name), "table_number_%d", i);
        ct_def_make(&d, name, b->ncols ? b->ncols : 4, b->ncols > 4);
        rc = sc_table_create(NULL, txn, mx.schema, &d.def);
    }
    return rc;
}

START_TEST(test_mapgrow_one_txn_per_table)
{
    int n = n_tables();
    uint64_t before;
    sc_catalog_stats st;

    open_small(0);
    before = count_tables();
    for (int i = 0; i < n; i++) {
        batch b = {i, i + 1, 0, 16};
        sc_txn *txn = NULL;
        ct_ok(sc_txn_begin(&txn, mx.cat, 0));
        ct_ok(create_batch(txn, &b));
        ct_ok(sc_txn_commit(txn));
    }
    ck_assert_uint_eq(count_tables(), before + (uint64_t)n);
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_gt(st.map_size, MiB);
    ck_assert_uint_gt(st.map_grows, 0);
    ck_assert_uint_eq(st.map_size_max, SC_MAP_MAX_DEFAULT);
    ct_fsck_clean(mx.cat);
    close_small();
}
END_TEST

START_TEST(test_mapgrow_one_txn_for_all)
{
    int n = n_tables();
    batch b = {0, 3 * n, 0, 16}; /* more than the headroom a write txn starts with */
    uint64_t before;

    open_small(0);
    before = count_tables();
    ct_ok(sc_txn_run(mx.cat, create_batch, &b));
    ck_assert_int_gt(b.runs, 1); /* it did fill the map and run again */
    ck_assert_uint_eq(count_tables(), before + 3 * (uint64_t)n);
    ct_fsck_clean(mx.cat);
    close_small();
}
END_TEST

START_TEST(test_mapgrow_ceiling)
{
    batch b = {0, 100000, 0, 0};
    uint64_t before;
    const sc_error *e;
    char *dump_before, *dump_after;

    open_small(2 * MiB);
    before = count_tables();
    dump_before = ct_dump(mx.cat);
    ck_assert_int_eq(sc_txn_run(mx.cat, create_batch, &b), SC_EFULL);
    e = sc_ctx_last_error(sc_fx.ctx);
    ck_assert_msg(strstr(e->message, "at its ceiling") != NULL, "%s", e->message);
    ck_assert_msg(strstr(e->message, "map size 2097152 bytes") != NULL, "%s", e->message);
    ck_assert_uint_eq(count_tables(), before);
    dump_after = ct_dump(mx.cat);
    ck_assert_str_eq(dump_after, dump_before);
    free(dump_before);
    free(dump_after);
    /* still usable */
    b = (batch){0, 5, 0, 0};
    ct_ok(sc_txn_run(mx.cat, create_batch, &b));
    ct_fsck_clean(mx.cat);
    close_small();
}
END_TEST

/* BEGIN ... COMMIT through sc_ddl_exec: the session builds its transaction
 * again in a larger map; one commit; the statements' output is unchanged. */
START_TEST(test_mapgrow_session_transaction)
{
    int n = 2 * n_tables();
    sc_session *s = NULL;
    sc_stmt_result r;
    sc_catalog_stats st;
    char sql[200];
    uint64_t before, grows;

    open_small(0);
    before = count_tables();
    ct_ok(sc_session_new(&s, mx.cat, "db1"));
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, "BEGIN", 5), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert(sc_session_in_transaction(s));
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    grows = st.map_grows; /* growth inside the transaction means it was rebuilt */
    for (int i = 0; i < n; i++) {
        int len = snprintf(sql, sizeof(sql),
                           "CREATE TABLE t%d (id int PRIMARY KEY, a varchar(30), b int, c int, "
                           "d varchar(10), e int, KEY(a), KEY(b, c))",
                           i);
        ck_assert_msg(sc_ddl_exec(&r, s, NULL, sql, (size_t)len) == SC_OK, "%s: %s", sql,
                      r.message);
        sc_stmt_result_clear(&r);
    }
    /* a failing statement inside is recorded with its outcome and replayed as such */
    ck_assert_int_ne(sc_ddl_exec(&r, s, NULL, "CREATE TABLE t0 (a int)", 23), SC_OK);
    ck_assert_uint_eq(r.mysql_errno, 1050);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, "COMMIT", 6), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert(!sc_session_in_transaction(s));
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_gt(st.map_grows, grows);
    sc_session_free(s);
    ck_assert_uint_eq(count_tables(), before + (uint64_t)n);
    ct_fsck_clean(mx.cat);
    close_small();
}
END_TEST

/* A write txn of another process grows the map past this handle's: the next
 * transactions here adopt it (MDB_MAP_RESIZED) and see the new tables. */
START_TEST(test_mapgrow_other_process)
{
    int status = 0;
    pid_t pid;
    uint64_t before;
    sc_txn *txn = NULL;
    sc_catalog_stats st;

    open_small(0);
    before = count_tables();
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        sc_ctx *ctx = NULL;
        sc_catalog *cat = NULL;
        batch b = {0, 6000, 0, 16}; /* past the parent's map */
        int rc = sc_ctx_new(&ctx, NULL);
        mx.cat = NULL;
        if (rc == SC_OK)
            rc = sc_catalog_open(&cat, ctx, mx.dir, NULL);
        if (rc == SC_OK) {
            mx.cat = cat;
            rc = sc_catalog_map_resize(cat, 64 * MiB, 0);
        }
        if (rc == SC_OK)
            rc = sc_txn_run(cat, create_batch, &b);
        sc_catalog_close(cat);
        sc_ctx_free(ctx);
        _exit(rc == SC_OK ? 0 : 1);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
    ct_ok(sc_txn_begin(&txn, mx.cat, SC_TXN_READONLY));
    sc_txn_abort(txn);
    ck_assert_uint_eq(count_tables(), before + 6000);
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_ge(st.map_size, 64 * MiB);
    {
        batch b = {7000, 7010, 0, 0};
        ct_ok(sc_txn_run(mx.cat, create_batch, &b));
        ck_assert_int_eq(b.runs, 1);
    }
    ct_fsck_clean(mx.cat);
    close_small();
}
END_TEST

START_TEST(test_mapgrow_resize)
{
    sc_catalog_stats st;
    sc_txn *txn = NULL;

    open_small(0);
    ct_ok(sc_catalog_map_resize(mx.cat, 8 * MiB, 32 * MiB));
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_eq(st.map_size, 8 * MiB);
    ck_assert_uint_eq(st.map_size_max, 32 * MiB);
    ck_assert_int_eq(sc_catalog_map_resize(mx.cat, 4 * MiB, 0), SC_EINVAL); /* no shrinking */
    ck_assert_int_eq(sc_catalog_map_resize(mx.cat, 0, 4 * MiB), SC_EINVAL); /* max < size */
    ck_assert_int_eq(sc_catalog_map_resize(mx.cat, 64 * MiB, 0), SC_OK);    /* raises max */
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_eq(st.map_size_max, 64 * MiB);
    ct_ok(sc_txn_begin(&txn, mx.cat, SC_TXN_READONLY));
    ck_assert_int_eq(sc_catalog_map_grow(mx.cat), SC_EBUSY); /* not with a txn open */
    sc_txn_abort(txn);
    /* reopened, the stored size and ceiling hold */
    sc_catalog_close(mx.cat);
    ct_ok(sc_catalog_open(&mx.cat, sc_fx.ctx, mx.dir, NULL));
    ct_ok(sc_catalog_stats_get(&st, mx.cat));
    ck_assert_uint_eq(st.map_size, 64 * MiB);
    ck_assert_uint_eq(st.map_size_max, 64 * MiB);
    close_small();
}
END_TEST

Suite *sc_test_catalog_mapgrow_suite(void);

Suite *sc_test_catalog_mapgrow_suite(void)
{
    Suite *s = suite_create("catalog_mapgrow");
    TCase *tc = tcase_create("mapgrow");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, getenv("SC_MAPGROW_TABLES") ? 3600 : 120);
    tcase_add_test(tc, test_mapgrow_one_txn_per_table);
    tcase_add_test(tc, test_mapgrow_one_txn_for_all);
    tcase_add_test(tc, test_mapgrow_ceiling);
    tcase_add_test(tc, test_mapgrow_session_transaction);
    tcase_add_test(tc, test_mapgrow_other_process);
    tcase_add_test(tc, test_mapgrow_resize);
    suite_add_tcase(s, tc);
    return s;
}
