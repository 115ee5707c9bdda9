/*
 * check_catalog_hooks.c - the catalog's side of logging: the after-commit
 * hook, user-table row changes in the ordered change list, and the rule
 * that a logged catalog refuses writers that did not attach the log.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "tests/fixtures.h"

typedef struct seen {
    unsigned commits; /* commit hook calls */
    unsigned afters;  /* after-commit hook calls */
    size_t n;         /* changes seen by the last commit hook call */
    unsigned systable[16];
    uint64_t table_id[16];
    char after[16][16];       /* user change "after" bytes as text */
    bool after_saw_no_writer; /* the after hook could open a new write txn */
} seen;

static int on_commit(sc_txn *txn, const sc_row_change *ch, size_t n, void *payload)
{
    seen *s = payload;
    size_t i;

    (void)txn;
    s->commits++;
    s->n = n;
    for (i = 0; i < n && i < 16; i++) {
        s->systable[i] = ch[i].systable;
        s->table_id[i] = ch[i].table_id;
        snprintf(s->after[i], sizeof(s->after[i]), "%.*s", (int)ch[i].after.len,
                 (const char *)ch[i].after.data);
    }
    return 0;
}

static void on_after(sc_catalog *cat, void *payload)
{
    seen *s = payload;
    sc_txn *t = NULL;

    s->afters++;
    /* Outside any transaction: a new write transaction can begin. */
    if (sc_txn_begin(&t, cat, 0) == SC_OK) {
        s->after_saw_no_writer = true;
        sc_txn_abort(t);
    }
}

static sc_slice str_slice(const char *s)
{
    sc_slice sl = {(const uint8_t *)s, strlen(s)};
    return sl;
}

static void create_schema(sc_txn *txn, const char *name)
{
    sc_schema_def d = {name, "utf8mb4", "utf8mb4_general_ci", NULL};
    ck_assert_int_eq(sc_schema_create(NULL, txn, &d), SC_OK);
}

START_TEST(test_catalog_hooks_after_commit_runs_once_after_commit)
{
    seen s = {0};
    sc_txn *txn;

    sc_catalog__set_commit_hook(sc_fx.cat, on_commit, &s);
    sc_catalog__set_after_commit_hook(sc_fx.cat, on_after, &s);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    create_schema(txn, "db1");
    ck_assert_uint_eq(s.afters, 0);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert_uint_eq(s.commits, 1);
    ck_assert_uint_eq(s.afters, 1);
    ck_assert(s.after_saw_no_writer);

    /* Not on abort, not for read transactions. */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    create_schema(txn, "db2");
    sc_txn_abort(txn);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert_uint_eq(s.afters, 1);
    /* Nor for a write transaction that wrote nothing (the server's SHOWs). */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert_uint_eq(s.afters, 1);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    create_schema(txn, "db3");
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert_uint_eq(s.afters, 2);
    sc_catalog__set_after_commit_hook(sc_fx.cat, NULL, NULL);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
}
END_TEST

START_TEST(test_catalog_hooks_user_change_keeps_order)
{
    seen s = {0};
    sc_txn *txn, *child;
    size_t i, schemata = 0, user = 0;

    sc_catalog__set_commit_hook(sc_fx.cat, on_commit, &s);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    create_schema(txn, "db1");
    ck_assert_int_eq(sc_catalog__txn_add_user_change(txn, 777, str_slice(""), str_slice("row-a")),
                     SC_OK);
    /* A nested transaction's user change vanishes with it. */
    ck_assert_int_eq(sc_txn_begin_nested(&child, txn), SC_OK);
    ck_assert_int_eq(sc_catalog__txn_add_user_change(child, 778, str_slice(""), str_slice("row-x")),
                     SC_OK);
    sc_txn_abort(child);
    create_schema(txn, "db2");
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);

    /* sequence, schemata(db1), user row, sequence, schemata(db2) */
    for (i = 0; i < s.n; i++) {
        if (s.systable[i] == SC_SYS_SCHEMATA)
            schemata++;
        if (s.systable[i] == 0) {
            user++;
            ck_assert_uint_eq(s.table_id[i], 777);
            ck_assert_str_eq(s.after[i], "row-a");
            ck_assert_uint_eq(schemata, 1); /* after db1, before db2 */
        } else {
            ck_assert_uint_eq(s.table_id[i], 0);
        }
    }
    ck_assert_uint_eq(user, 1);
    ck_assert_uint_eq(schemata, 2);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
}
END_TEST

START_TEST(test_catalog_hooks_logged_catalog_refuses_unhooked_writer)
{
    seen s = {0};
    sc_txn *txn;

    /* Mark logged with the hook attached (as the log does at attach). */
    sc_catalog__set_commit_hook(sc_fx.cat, on_commit, &s);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_catalog__set_logged(txn, true), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);

    /* Without the hook: writes refused with a clear message, reads fine. */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_EINVAL);
    ck_assert_ptr_null(txn);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(sc_fx.ctx)->message, "sc_log_open"));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    sc_txn_abort(txn);

    /* The refusal survives reopening (it is persisted). */
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    ck_assert_int_eq(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, NULL), SC_OK);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_EINVAL);

    /* Unmarking (binlog disabled) lets plain writers in again. */
    sc_catalog__set_commit_hook(sc_fx.cat, on_commit, &s);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_catalog__set_logged(txn, false), SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    sc_txn_abort(txn);
}
END_TEST

Suite *sc_test_catalog_hooks_suite(void);

Suite *sc_test_catalog_hooks_suite(void)
{
    Suite *s = suite_create("catalog_hooks");
    TCase *tc;

    tc = tcase_create("after_commit");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_catalog_hooks_after_commit_runs_once_after_commit);
    suite_add_tcase(s, tc);

    tc = tcase_create("user_change");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_catalog_hooks_user_change_keeps_order);
    suite_add_tcase(s, tc);

    tc = tcase_create("logged");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_catalog_hooks_logged_catalog_refuses_unhooked_writer);
    suite_add_tcase(s, tc);
    return s;
}
