/*
 * check_catalog_hints.c - the table name hints (catalog/name_hint.c): a
 * lookup by name uses a hinted id only when the tables row, as the
 * transaction sees it, has the schema and name asked for, so stale hints
 * (after RENAME, DROP, a re-created name, an aborted transaction, a bogus
 * entry) never change an answer or leave an error message behind; the walk
 * of sys.tables_by_name hints tables that were never looked up; the hint
 * table grows with the catalog.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "tests/catalog_util.h"
#include "catalog/catalog_priv.h"

static sc_txn *begin(unsigned flags)
{
    sc_txn *txn = NULL;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, flags));
    return txn;
}

/* The id sc_table_lookup gives for schema.name in a new read txn, 0 when not found. */
static uint64_t id_of(const char *schema, const char *name)
{
    sc_txn *txn = begin(SC_TXN_READONLY);
    sc_table *t = NULL;
    uint64_t id = 0;

    if (sc_table_lookup(&t, txn, schema, name) == SC_OK) {
        ck_assert_str_eq(sc_table_definition(t)->name, name);
        ck_assert_str_eq(sc_table_schema_name(t), schema);
        id = sc_table_id(t);
    }
    sc_table_free(t);
    sc_txn_abort(txn);
    return id;
}

static void reopen(void)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    o.flags = SC_CATALOG_NOSYNC;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &o));
}

/* RENAME and a new table under the old name: each name finds its own table. */
START_TEST(test_catalog_hints_rename_and_reuse)
{
    sc_txn *txn = begin(0);
    uint64_t sid = ct_schema(txn, "db1"), a, b;

    a = ct_table(txn, sid, "t1", 3, 0);
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(id_of("db1", "t1"), a); /* hint t1 -> a */
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, sid, "t1"), a);

    txn = begin(0);
    ct_ok(sc_table_rename(txn, a, sid, "t2"));
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(id_of("db1", "t1"), 0);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1146);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "'db1.t1'"));
    ck_assert_uint_eq(id_of("db1", "t2"), a);

    txn = begin(0);
    b = ct_table(txn, sid, "t1", 2, 0);
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_ne(a, b);
    ck_assert_uint_eq(id_of("db1", "t1"), b);
    ck_assert_uint_eq(id_of("db1", "t2"), a);
}
END_TEST

/* A hint to a dropped table, and one from an aborted write txn, are not answers. */
START_TEST(test_catalog_hints_drop_and_abort)
{
    sc_txn *txn = begin(0);
    uint64_t sid = ct_schema(txn, "db1"), a, c;

    a = ct_table(txn, sid, "t1", 3, 0);
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(id_of("db1", "t1"), a);
    txn = begin(0);
    ct_ok(sc_table_drop(txn, a));
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(id_of("db1", "t1"), 0);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1146);

    /* looked up inside a write txn that then aborts: the hint outlives it */
    txn = begin(0);
    c = ct_table(txn, sid, "t3", 2, 0);
    ck_assert_uint_eq(ct_table_id_of(txn, "db1", "t3"), c);
    sc_txn_abort(txn);
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, sid, "t3"), c);
    ck_assert_uint_eq(id_of("db1", "t3"), 0);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1146);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "'db1.t3'"));
}
END_TEST

/* Bogus hints (another table's id, an id that never existed, another schema's
 * table of the same name) give the right table and keep the last error as it was. */
START_TEST(test_catalog_hints_bogus_entries)
{
    sc_txn *txn = begin(0);
    uint64_t s1 = ct_schema(txn, "db1"), s2 = ct_schema(txn, "db2"), a, b, c;

    a = ct_table(txn, s1, "t1", 3, 0);
    b = ct_table(txn, s1, "t2", 3, 0);
    c = ct_table(txn, s2, "t1", 2, 0);
    ct_ok(sc_txn_commit(txn));
    sc__nhint_put(&sc_fx.cat->nhints, s1, "t1", b);
    sc__nhint_put(&sc_fx.cat->nhints, s1, "t2", 999999);
    sc__nhint_put(&sc_fx.cat->nhints, s2, "t1", a);
    sc_error_set(sc_fx.ctx, SC_ERROR, 0, NULL, "marker");
    ck_assert_uint_eq(id_of("db1", "t1"), a);
    ck_assert_uint_eq(id_of("db1", "t2"), b);
    ck_assert_uint_eq(id_of("db2", "t1"), c);
    ck_assert_str_eq(sc_ctx_last_error(sc_fx.ctx)->message, "marker");
    /* and the lookups put the right ids back */
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, s1, "t1"), a);
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, s1, "t2"), b);
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, s2, "t1"), c);
}
END_TEST

/* After a reopen, lookups walk sys.tables_by_name: tables never looked up get
 * hints, the table is sized for the catalog, and every name still resolves. */
START_TEST(test_catalog_hints_walk)
{
    enum { N = 3000 };
    static uint64_t ids[N];
    sc_txn *txn = begin(0);
    uint64_t sid = ct_schema(txn, "db1");
    char name[32];
    size_t i, hinted = 0;

    for (i = 0; i < N; i++) {
        snprintf(name, sizeof(name), "t%zu", i);
        ids[i] = ct_table(txn, sid, name, 1, 0);
    }
    ct_ok(sc_txn_commit(txn));
    reopen();
    ck_assert_uint_eq(sc__nhint_get(&sc_fx.cat->nhints, sid, "t7"), 0);
    ck_assert_uint_eq(id_of("db1", "t0"), ids[0]);
    ck_assert_uint_ge(sc__nhint_words(&sc_fx.cat->nhints), 2 * N);
    for (i = 0; i < N / 64 + 2; i++)
        ck_assert_uint_eq(id_of("db1", "nonesuch"), 0); /* each miss walks on */
    for (i = 0; i < N; i++) {
        snprintf(name, sizeof(name), "t%zu", i);
        hinted += sc__nhint_get(&sc_fx.cat->nhints, sid, name) == ids[i];
    }
    ck_assert_uint_ge(hinted, N * 99 / 100); /* a full bucket may lose a few */
    for (i = 0; i < N; i += 97) {
        snprintf(name, sizeof(name), "t%zu", i);
        ck_assert_uint_eq(id_of("db1", name), ids[i]);
    }
}
END_TEST

Suite *sc_test_catalog_hints_suite(void);
Suite *sc_test_catalog_hints_suite(void)
{
    Suite *s = suite_create("catalog_hints");
    TCase *tc = tcase_create("hints");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_catalog_hints_rename_and_reuse);
    tcase_add_test(tc, test_catalog_hints_drop_and_abort);
    tcase_add_test(tc, test_catalog_hints_bogus_entries);
    tcase_add_test(tc, test_catalog_hints_walk);
    suite_add_tcase(s, tc);
    return s;
}
