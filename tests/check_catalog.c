/*
 * check_catalog.c - Check suite for catalog/: API round trips, ids,
 * transactions, the commit hook, format versions, map-full, fsck, fault
 * injection and the registry self-check. Each TCase is one behaviour;
 * tests run in a fresh catalog (checked fixture, tests/fixtures.h).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalog/catalog_int.h"
#include "catalog/catalog_priv.h"
#include "tests/fixtures.h"
#include "tests/catalog_util.h"

/* ------------------------------------------------------------------ */
/* create / lookup / iterate                                            */

START_TEST(test_catalog_create_lookup_roundtrip)
{
    sc_txn *txn;
    sc_table *t;
    const sc_table_def *d;
    uint64_t sid, tid;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    sid = ct_schema(txn, "db1");
    ck_assert_uint_ge(sid, SC_FIRST_USER_ID);
    tid = ct_table(txn, sid, "t1", 3, 1);
    ck_assert_uint_ge(tid, SC_FIRST_USER_ID);
    ct_ok(sc_txn_commit(txn));

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_table_lookup(&t, txn, "db1", "t1"));
    ck_assert_uint_eq(sc_table_id(t), tid);
    ck_assert_uint_eq(sc_table_schema_id(t), sid);
    ck_assert_uint_eq(sc_table_version(t), 1);
    ck_assert_str_eq(sc_table_schema_name(t), "db1");
    d = sc_table_definition(t);
    ck_assert_str_eq(d->name, "t1");
    ck_assert_str_eq(d->engine, "InnoDB");
    ck_assert_uint_eq(d->n_columns, 3);
    ck_assert_str_eq(d->columns[0].name, "c0");
    ck_assert_str_eq(d->columns[2].name, "c2");
    ck_assert_int_eq(d->columns[1].type, SC_TYPE_VARCHAR);
    ck_assert_uint_eq(d->columns[1].length, 32);
    ck_assert_str_eq(d->columns[1].collation, "utf8mb4_general_ci");
    ck_assert_int_eq(d->columns[0].default_kind, SC_DEFAULT_LITERAL);
    ck_assert_str_eq(d->columns[0].default_value, "");
    ck_assert_uint_eq(d->columns[2].n_elements, 3);
    ck_assert_str_eq(d->columns[2].elements[1], "b'c");
    ck_assert_str_eq(d->columns[2].elements[2], "");
    ck_assert_uint_eq(d->n_indexes, 2);
    ck_assert_str_eq(d->indexes[0].name, "PRIMARY");
    ck_assert_uint_eq(d->indexes[0].n_parts, 1);
    ck_assert_str_eq(d->indexes[0].parts[0].column, "c0");
    ck_assert_str_eq(d->indexes[1].name, "k1");
    ck_assert_uint_eq(d->indexes[1].n_parts, 2);
    ck_assert_str_eq(d->indexes[1].parts[1].column, "C0");
    ck_assert(d->indexes[1].parts[1].descending);
    ck_assert_uint_eq(d->indexes[1].parts[0].prefix_len, 10);
    ck_assert_uint_eq(d->n_foreign_keys, 1);
    ck_assert_str_eq(d->foreign_keys[0].parent_table, "parent");
    ck_assert_str_eq(d->foreign_keys[0].parent_schema, "db1");
    ck_assert_uint_eq(d->foreign_keys[0].n_columns, 1);
    ck_assert_str_eq(d->foreign_keys[0].parent_columns[0], "id");
    ck_assert_uint_eq(d->n_checks, 1);
    ck_assert_str_eq(d->checks[0].expr, "`c0` > 0");
    ck_assert_str_eq(d->comment, "a comment");
    sc_table_free(t);

    ct_ok(sc_table_get(&t, txn, tid));
    ck_assert_str_eq(sc_table_definition(t)->name, "t1");
    ck_assert_str_eq(sc_table_schema_name(t), "db1");
    sc_table_free(t);
    sc_txn_abort(txn);
}
END_TEST

START_TEST(test_catalog_create_lookup_missing)
{
    sc_txn *txn;
    sc_table *t = NULL;
    sc_schema *s = NULL;
    const sc_error *e = sc_ctx_last_error(sc_fx.ctx);

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_schema(txn, "db1");
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "nope"), SC_ENOTFOUND);
    ck_assert_ptr_null(t);
    ck_assert_uint_eq(e->mysql_errno, 1146);
    ck_assert_str_eq(e->sqlstate, "42S02");
    ck_assert_str_eq(e->message, "Table 'db1.nope' doesn't exist");
    ck_assert_int_eq(sc_schema_lookup(&s, txn, "nodb"), SC_ENOTFOUND);
    ck_assert_uint_eq(e->mysql_errno, 1049);
    ck_assert_str_eq(e->message, "Unknown database 'nodb'");
    ck_assert_int_eq(sc_table_get(&t, txn, 999999), SC_ENOTFOUND);
    {
        char longname[1200];
        memset(longname, 'x', sizeof(longname) - 1);
        longname[sizeof(longname) - 1] = '\0';
        ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", longname), SC_ENOTFOUND);
        ck_assert_int_eq(sc_table_lookup(&t, txn, longname, "t"), SC_ENOTFOUND);
        ck_assert_int_eq(sc_schema_lookup(&s, txn, longname), SC_ENOTFOUND);
    }
    sc_txn_abort(txn);
}
END_TEST

START_TEST(test_catalog_create_lookup_syscat_self)
{
    sc_txn *txn;
    sc_table *t;
    const sc_table_def *d;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_table_lookup(&t, txn, "syscat", "tables"));
    ck_assert_uint_eq(sc_table_id(t), SC_SYS_TABLES);
    d = sc_table_definition(t);
    ck_assert_str_eq(d->engine, "LMDB");
    ck_assert_str_eq(d->collation, "utf8mb4_bin");
    ck_assert_uint_eq(d->n_columns, syscat__catalog__table_row__descriptor.n_fields);
    ck_assert_str_eq(d->columns[0].name, "id");
    ck_assert_int_eq(d->columns[0].type, SC_TYPE_BIGINT);
    ck_assert_uint_eq(d->columns[0].flags, SC_COL_NOT_NULL | SC_COL_UNSIGNED);
    ck_assert_uint_eq(d->columns[0].length, 20);
    ck_assert_int_eq(d->columns[2].type, SC_TYPE_VARCHAR); /* name */
    ck_assert_uint_eq(d->columns[2].length, 255);
    ck_assert_int_eq(d->columns[7].type, SC_TYPE_MEDIUMTEXT); /* comment */
    ck_assert_int_eq(d->columns[10].type, SC_TYPE_INT);       /* column_count */
    ck_assert_uint_eq(d->columns[10].length, 10);
    ck_assert_uint_eq(d->n_indexes, 1);
    ck_assert_int_eq(d->indexes[0].kind, SC_INDEX_PRIMARY);
    ck_assert_str_eq(d->indexes[0].parts[0].column, "id");
    sc_table_free(t);
    ct_ok(sc_table_lookup(&t, txn, "syscat", "index_columns"));
    d = sc_table_definition(t);
    ck_assert_uint_eq(d->indexes[0].n_parts, 3);
    ck_assert_str_eq(d->indexes[0].parts[1].column, "index_ordinal");
    ck_assert_int_eq(d->columns[5].type, SC_TYPE_TINYINT); /* descending */
    sc_table_free(t);
    sc_txn_abort(txn);
}
END_TEST

static int collect_table(const sc_table_info *info, void *payload)
{
    ct_names *n = payload;
    ct_names_add(n, info->name);
    return 0;
}

static int collect_schema(const sc_schema *s, void *payload)
{
    ct_names *n = payload;
    ct_names_add(n, sc_schema_definition(s)->name);
    return 0;
}

static int stop_at_second(const sc_table_info *info, void *payload)
{
    int *calls = payload;
    (void)info;
    return ++*calls == 2 ? 42 : 0;
}

START_TEST(test_catalog_iterate_order)
{
    sc_txn *txn;
    uint64_t a, b;
    ct_names n = {0};
    int calls = 0;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    b = ct_schema(txn, "bdb");
    a = ct_schema(txn, "adb");
    ct_table(txn, b, "zeta", 1, 0);
    ct_table(txn, b, "Alpha", 1, 0);
    ct_table(txn, b, "alpha", 1, 0);
    ct_table(txn, b, "mid", 1, 0);
    ct_table(txn, a, "other", 1, 0);
    ct_ok(sc_table_foreach(txn, b, collect_table, &n));
    ck_assert_str_eq(ct_names_join(&n), "Alpha,alpha,mid,zeta");
    ct_names_clear(&n);
    ct_ok(sc_schema_foreach(txn, collect_schema, &n));
    ck_assert_str_eq(ct_names_join(&n), "adb,bdb,syscat");
    ct_names_clear(&n);
    ck_assert_int_eq(sc_table_foreach(txn, b, stop_at_second, &calls), 42);
    ck_assert_int_eq(calls, 2);
    ct_ok(sc_table_foreach(txn, SC_SYSCAT_SCHEMA_ID, collect_table, &n));
    ck_assert_uint_eq(n.n, SC_SYS_COUNT);
    ct_names_clear(&n);
    sc_txn_abort(txn);
}
END_TEST

START_TEST(test_catalog_iterate_children)
{
    sc_txn *txn;
    uint64_t s;
    ct_names n = {0};

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    ct_table(txn, s, "child_b", 2, 1); /* FK -> db1.parent */
    ct_table(txn, s, "child_a", 2, 1);
    ct_table(txn, s, "loner", 2, 0);
    ct_ok(sc_table_foreach_child(txn, "db1", "parent", collect_table, &n));
    ct_names_sort(&n);
    ck_assert_str_eq(ct_names_join(&n), "child_a,child_b");
    ct_names_clear(&n);
    ct_ok(sc_table_foreach_child(txn, "db1", "paren", collect_table, &n));
    ck_assert_uint_eq(n.n, 0);
    ct_ok(sc_table_foreach_child(txn, "db2", "parent", collect_table, &n));
    ck_assert_uint_eq(n.n, 0);
    sc_txn_abort(txn);
}
END_TEST

/* ------------------------------------------------------------------ */
/* rename / alter / drop                                                */

START_TEST(test_catalog_rename_keeps_id)
{
    sc_txn *txn;
    sc_table *t;
    uint64_t s1, s2, tid, got;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s1 = ct_schema(txn, "db1");
    s2 = ct_schema(txn, "db2");
    tid = ct_table(txn, s1, "t1", 2, 0);
    ct_table(txn, s2, "taken", 1, 0);
    ct_ok(sc_table_rename(txn, tid, s1, "t2"));
    ck_assert_int_eq(sc_table_lookup_id(&got, txn, s1, "t1"), SC_ENOTFOUND);
    ct_ok(sc_table_lookup_id(&got, txn, s1, "t2"));
    ck_assert_uint_eq(got, tid);
    ck_assert_int_eq(sc_table_rename(txn, tid, s2, "taken"), SC_EEXISTS);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1050);
    ct_ok(sc_table_rename(txn, tid, s2, "moved"));
    ct_ok(sc_table_lookup(&t, txn, "db2", "moved"));
    ck_assert_uint_eq(sc_table_id(t), tid);
    ck_assert_uint_eq(sc_table_version(t), 3);
    ck_assert_uint_eq(sc_table_definition(t)->n_columns, 2);
    sc_table_free(t);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t2"), SC_ENOTFOUND);
    ct_ok(sc_txn_commit(txn));
}
END_TEST

START_TEST(test_catalog_drop_table_and_schema)
{
    sc_txn *txn;
    sc_table *t;
    uint64_t s, t1, t2, got;
    sc_catalog_stats st0, st1;
    ct_names n = {0};

    ct_ok(sc_catalog_stats_get(&st0, sc_fx.cat));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    t1 = ct_table(txn, s, "t1", 4, 1);
    t2 = ct_table(txn, s, "t2", 4, 1);
    ct_ok(sc_table_drop(txn, t1));
    ck_assert_int_eq(sc_table_get(&t, txn, t1), SC_ENOTFOUND);
    ck_assert_int_eq(sc_table_lookup_id(&got, txn, s, "t1"), SC_ENOTFOUND);
    ct_ok(sc_table_foreach_child(txn, "db1", "parent", collect_table, &n));
    ck_assert_str_eq(ct_names_join(&n), "t2");
    ct_names_clear(&n);
    ck_assert_int_eq(sc_table_drop(txn, t1), SC_ENOTFOUND);
    ck_assert_int_eq(sc_table_drop(txn, SC_SYS_COLUMNS), SC_EINVAL);
    ck_assert_int_eq(sc_schema_drop(txn, SC_SYSCAT_SCHEMA_ID), SC_EINVAL);
    ct_ok(sc_schema_drop(txn, s));
    ck_assert_int_eq(sc_table_get(&t, txn, t2), SC_ENOTFOUND);
    ct_ok(sc_txn_commit(txn));
    ct_ok(sc_catalog_stats_get(&st1, sc_fx.cat));
    ck_assert_uint_eq(st1.schemas, st0.schemas);
    ck_assert_uint_eq(st1.tables, st0.tables);
    ck_assert_uint_eq(st1.columns, st0.columns);
    ck_assert_uint_eq(st1.indexes, st0.indexes);
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

START_TEST(test_catalog_alter_add_column)
{
    sc_txn *txn;
    sc_table *t;
    uint64_t s, tid;
    ct_hook_log log = {0};
    ct_def def;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    tid = ct_table(txn, s, "t1", 3, 1);
    ct_ok(sc_txn_commit(txn));

    sc_catalog__set_commit_hook(sc_fx.cat, ct_hook_record, &log);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_def_make(&def, "t1", 4, 1);
    ct_ok(sc_table_alter(txn, tid, &def.def));
    ct_ok(sc_txn_commit(txn));
    /* ADD COLUMN at the end: the tables row and one new columns row. */
    ck_assert_uint_eq(log.n, 2);
    ck_assert_uint_eq(log.c[0].systable, SC_SYS_TABLES);
    ck_assert(log.c[0].before_len > 0 && log.c[0].after_len > 0);
    ck_assert_uint_eq(log.c[1].systable, SC_SYS_COLUMNS);
    ck_assert_uint_eq(log.c[1].before_len, 0);

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_ok(sc_table_get(&t, txn, tid));
    ck_assert_uint_eq(sc_table_version(t), 2);
    ck_assert_uint_eq(sc_table_definition(t)->n_columns, 4);
    ck_assert_str_eq(sc_table_definition(t)->columns[3].name, "c3");
    sc_table_free(t);
    /* Dropping a column: an update of the tables row and deletes. */
    ct_def_make(&def, "t1", 2, 0);
    ct_ok(sc_table_alter(txn, tid, &def.def));
    ct_ok(sc_table_get(&t, txn, tid));
    ck_assert_uint_eq(sc_table_definition(t)->n_columns, 2);
    ck_assert_uint_eq(sc_table_definition(t)->n_checks, 0);
    ck_assert_uint_eq(sc_table_definition(t)->n_foreign_keys, 0);
    sc_table_free(t);
    ct_def_make(&def, "other", 2, 0);
    ck_assert_int_eq(sc_table_alter(txn, tid, &def.def), SC_EINVAL);
    ct_ok(sc_txn_commit(txn));
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    ct_hook_log_clear(&log);
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

/* ------------------------------------------------------------------ */
/* validation errors (MariaDB numbers and texts)                        */

static void expect_error(int rc, int code, unsigned err, const char *state, const char *msg)
{
    const sc_error *e = sc_ctx_last_error(sc_fx.ctx);

    ck_assert_int_eq(rc, code);
    ck_assert_uint_eq(e->mysql_errno, err);
    ck_assert_str_eq(e->sqlstate, state);
    ck_assert_str_eq(e->message, msg);
}

START_TEST(test_catalog_validate_errors)
{
    sc_txn *txn;
    sc_schema_def sd = {"db1", NULL, NULL, NULL};
    uint64_t s, id;
    ct_def d;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    expect_error(sc_schema_create(&id, txn, &sd), SC_EEXISTS, 1007, "HY000",
                 "Can't create database 'db1'; database exists");
    ct_table(txn, s, "t1", 3, 1);
    ct_def_make(&d, "t1", 2, 0);
    expect_error(sc_table_create(&id, txn, s, &d.def), SC_EEXISTS, 1050, "42S01",
                 "Table 't1' already exists");
    ct_def_make(&d, "T1", 2, 0); /* table names are case-sensitive */
    ct_ok(sc_table_create(&id, txn, s, &d.def));
    ct_def_make(&d, "t2", 3, 0);
    d.names[2][0] = 'C';
    d.names[2][1] = '1';
    expect_error(sc_table_create(&id, txn, s, &d.def), SC_EINVAL, 1060, "42S21",
                 "Duplicate column name 'C1'");
    ct_def_make(&d, "t2", 3, 1);
    d.idx[1].name = "primary";
    expect_error(sc_table_create(&id, txn, s, &d.def), SC_EINVAL, 1061, "42000",
                 "Duplicate key name 'primary'");
    ct_def_make(&d, "t2", 3, 1);
    d.k1_parts[1].column = "nope";
    expect_error(sc_table_create(&id, txn, s, &d.def), SC_EINVAL, 1072, "42000",
                 "Key column 'nope' doesn't exist in table");
    ct_def_make(&d, "", 3, 0);
    ck_assert_int_eq(sc_table_create(&id, txn, s, &d.def), SC_EINVAL);
    ct_def_make(&d, "t2", 3, 0);
    ck_assert_int_eq(sc_table_create(&id, txn, 424242, &d.def), SC_ENOTFOUND);
    /* Nothing was written by the failures: the txn is still healthy. */
    ct_ok(sc_table_create(&id, txn, s, &d.def));
    ct_ok(sc_txn_commit(txn));
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

START_TEST(test_catalog_validate_open_flags)
{
    sc_catalog *cat = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    char dir[256];

    o.flags = SC_CATALOG_CREATE | SC_CATALOG_EXCL;
    ck_assert_int_eq(sc_catalog_open(&cat, sc_fx.ctx, sc_fx.dir, &o), SC_EEXISTS);
    ck_assert_ptr_null(cat);
    sc_fixture_tmpdir(dir, sizeof(dir));
    ck_assert_int_eq(sc_catalog_open(&cat, sc_fx.ctx, dir, NULL), SC_ENOTFOUND);
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ids                                                                  */

static void reopen(void)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    o.flags = SC_CATALOG_NOSYNC;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &o));
}

START_TEST(test_catalog_ids_never_reused)
{
    sc_txn *txn;
    uint64_t s1, t1, s2, t2, s3, t3;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s1 = ct_schema(txn, "db");
    t1 = ct_table(txn, s1, "t", 2, 1);
    ck_assert_uint_eq(s1, SC_FIRST_USER_ID);
    ck_assert_uint_eq(t1, SC_FIRST_USER_ID);
    ct_ok(sc_table_drop(txn, t1));
    t2 = ct_table(txn, s1, "t", 2, 1);
    ck_assert_uint_gt(t2, t1);
    ct_ok(sc_schema_drop(txn, s1));
    ct_ok(sc_txn_commit(txn));
    reopen();
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s2 = ct_schema(txn, "db");
    t3 = ct_table(txn, s2, "t", 2, 1);
    ck_assert_uint_gt(s2, s1);
    ck_assert_uint_gt(t3, t2);
    ct_ok(sc_txn_commit(txn));
    /* An aborted allocation may hand the same id out again: it was never visible. */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s3 = ct_schema(txn, "db3");
    ck_assert_uint_gt(s3, s2);
    ct_ok(sc_txn_commit(txn));
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

/* ------------------------------------------------------------------ */
/* transactions                                                         */

START_TEST(test_catalog_txn_abort_byte_identical)
{
    sc_txn *txn;
    uint64_t s, id;
    char *before, *after;
    char name[16];
    ct_def d;
    int i;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    ct_table(txn, s, "existing", 3, 1);
    ct_ok(sc_txn_commit(txn));
    before = ct_dump(sc_fx.cat);

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    for (i = 0; i < 5; i++) {
        snprintf(name, sizeof(name), "n%d", i);
        ct_table(txn, s, name, 4, 1);
    }
    ct_def_make(&d, "n2", 2, 0);
    ck_assert_int_eq(sc_table_create(&id, txn, s, &d.def), SC_EEXISTS);
    ct_table(txn, s, "n9", 2, 0);
    ct_ok(sc_table_drop(txn, ct_table_id_of(txn, "db1", "existing")));
    sc_txn_abort(txn);
    after = ct_dump(sc_fx.cat);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
}
END_TEST

START_TEST(test_catalog_txn_nested_abort)
{
    sc_txn *txn, *child;
    sc_table *t;
    uint64_t s;
    ct_hook_log *log = calloc(1, sizeof(*log));
    size_t i, n_after_parent;

    sc_catalog__set_commit_hook(sc_fx.cat, ct_hook_record, log);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    ct_table(txn, s, "t1", 2, 0);
    ct_ok(sc_txn_begin_nested(&child, txn));
    ck_assert_int_eq(sc_table_create(NULL, txn, s, NULL), SC_EBUSY); /* parent in use */
    ct_table(child, s, "t2", 2, 0);
    sc_txn_abort(child);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t2"), SC_ENOTFOUND);
    ct_ok(sc_txn_begin_nested(&child, txn));
    ct_table(child, s, "t3", 2, 0);
    ct_ok(sc_txn_commit(child));
    ct_ok(sc_txn_commit(txn));
    n_after_parent = log->n;
    /* schema (seq + row), t1 (seq, table, 2 cols), t3 (seq, table, 2 cols) */
    ck_assert_uint_eq(n_after_parent, 2 + 4 + 4);
    for (i = 0; i < log->n; i++) {
        ck_assert_uint_eq(log->c[i].before_len == 0, log->c[i].systable != SC_SYS_SEQUENCES);
    }
    ck_assert_uint_eq(log->c[6].systable, SC_SYS_SEQUENCES);
    ck_assert_uint_eq(log->c[7].systable, SC_SYS_TABLES);
    ck_assert(memmem(log->c[7].after, log->c[7].after_len, "t3", 2) != NULL);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t2"), SC_ENOTFOUND);
    ct_ok(sc_table_lookup(&t, txn, "db1", "t3"));
    sc_table_free(t);
    sc_txn_abort(txn);
    ct_hook_log_clear(log);
    free(log);
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

START_TEST(test_catalog_txn_map_full)
{
    sc_catalog *cat = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_txn *txn;
    sc_schema_def sd = {"db1", NULL, NULL, NULL};
    char dir[256], name[32], *before, *after;
    const sc_error *e = sc_ctx_last_error(sc_fx.ctx);
    uint64_t s;
    ct_def d;
    int i, rc = SC_OK;

    sc_fixture_tmpdir(dir, sizeof(dir));
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 512 << 10;
    o.map_size_max = 512 << 10; /* a map that may not grow (check_catalog_mapgrow.c: growth) */
    ct_ok(sc_catalog_open(&cat, sc_fx.ctx, dir, &o));
    ck_assert_int_eq(sc_txn_begin(&txn, cat, 0), SC_OK);
    ct_ok(sc_schema_create(&s, txn, &sd));
    ct_ok(sc_txn_commit(txn));
    before = ct_dump(cat);
    ck_assert_int_eq(sc_txn_begin(&txn, cat, 0), SC_OK);
    for (i = 0; i < 100000 && rc == SC_OK; i++) {
        snprintf(name, sizeof(name), "table_with_a_long_name_%d", i);
        ct_def_make(&d, name, 16, 1);
        rc = sc_table_create(NULL, txn, s, &d.def);
    }
    ck_assert_int_eq(rc, SC_EFULL);
    ck_assert_msg(strstr(e->message, "catalog map full (map size 524288 bytes) while ") != NULL,
                  "%s", e->message);
    ck_assert_msg(strstr(e->message, "; nothing was written") != NULL, "%s", e->message);
    /* The txn is poisoned: commit refuses and aborts. */
    ck_assert_int_eq(sc_table_create(NULL, txn, s, &d.def), SC_EFULL);
    ck_assert_int_eq(sc_txn_commit(txn), SC_EFULL);
    after = ct_dump(cat);
    ck_assert_str_eq(after, before);
    /* Still usable. */
    ck_assert_int_eq(sc_txn_begin(&txn, cat, 0), SC_OK);
    ct_def_make(&d, "small", 1, 0);
    ct_ok(sc_table_create(NULL, txn, s, &d.def));
    ct_ok(sc_txn_commit(txn));
    ct_fsck_clean(cat);
    free(before);
    free(after);
    sc_catalog_close(cat);
    sc_fixture_rmtree(dir);
}
END_TEST

/* Readers check an invariant the writer keeps per transaction: a_N exists iff b_N does. */
static int reader_count(const sc_table_info *info, void *payload)
{
    int *n = payload;
    n[info->name[0] == 'a' ? 0 : 1]++;
    return 0;
}

/* Read until the writer's last transaction (rounds pairs) is visible, or 20 s pass. */
static int child_reader(const char *dir, int rounds)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_txn *txn;
    sc_schema *s;
    int i, n1[2], n2[2], max = 0;

    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o))
        return 10;
    for (i = 0; max < rounds && i < 10000; i++) {
        if (sc_txn_begin(&txn, cat, SC_TXN_READONLY))
            return 11;
        if (sc_schema_lookup(&s, txn, "db1"))
            return 12;
        memset(n1, 0, sizeof(n1));
        memset(n2, 0, sizeof(n2));
        if (sc_table_foreach(txn, sc_schema_id(s), reader_count, n1))
            return 13;
        usleep(2000);
        if (sc_table_foreach(txn, sc_schema_id(s), reader_count, n2))
            return 14;
        sc_schema_free(s);
        sc_txn_abort(txn);
        if (n1[0] != n1[1])
            return 15; /* saw half a transaction */
        if (n1[0] != n2[0] || n1[1] != n2[1])
            return 16; /* snapshot moved */
        if (n1[0] < max)
            return 17; /* went back in time */
        max = n1[0];
    }
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return max == rounds ? 0 : 18;
}

static int child_writer(const char *dir, int rounds)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_txn *txn;
    sc_schema *s;
    uint64_t sid;
    char name[32];
    ct_def d;
    int i;

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o))
        return 20;
    for (i = 0; i < rounds; i++) {
        if (sc_txn_begin(&txn, cat, 0))
            return 21;
        if (sc_schema_lookup(&s, txn, "db1"))
            return 22;
        sid = sc_schema_id(s);
        sc_schema_free(s);
        snprintf(name, sizeof(name), "a%d", i);
        ct_def_make(&d, name, 3, 1);
        if (sc_table_create(NULL, txn, sid, &d.def))
            return 23;
        usleep(500);
        snprintf(name, sizeof(name), "b%d", i);
        ct_def_make(&d, name, 3, 1);
        if (sc_table_create(NULL, txn, sid, &d.def))
            return 24;
        if (sc_txn_commit(txn))
            return 25;
    }
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return 0;
}

START_TEST(test_catalog_txn_multiprocess)
{
    sc_txn *txn;
    pid_t pids[3];
    int i, status;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_schema(txn, "db1");
    ct_ok(sc_txn_commit(txn));
    /* One LMDB env per process: close ours before forking. */
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    for (i = 0; i < 3; i++) {
        pids[i] = fork();
        ck_assert_int_ge(pids[i], 0);
        if (pids[i] == 0)
            _exit(i == 0 ? child_writer(sc_fx.dir, 60) : child_reader(sc_fx.dir, 60));
    }
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(waitpid(pids[i], &status, 0), pids[i]);
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child %d: status %d", i,
                      WEXITSTATUS(status));
    }
    reopen();
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

START_TEST(test_catalog_txn_busy_and_readonly)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_schema_def sd = {"db1", NULL, NULL, NULL};
    sc_txn *txn, *other = NULL, *ro;
    sc_schema *sc;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_txn_begin(&other, sc_fx.cat, 0), SC_EBUSY);
    ck_assert_ptr_null(other);
    ck_assert_int_eq(sc_txn_begin(&ro, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert(sc_txn_readonly(ro));
    ck_assert_ptr_eq(sc_txn_catalog(ro), sc_fx.cat);
    ck_assert_int_eq(sc_schema_create(NULL, ro, &sd), SC_EREADONLY);
    ct_schema(txn, "db1");
    /* MVCC: the reader does not see the uncommitted schema. */
    ck_assert_int_eq(sc_schema_lookup(&sc, ro, "db1"), SC_ENOTFOUND);
    ct_ok(sc_txn_commit(txn));
    ck_assert_int_eq(sc_schema_lookup(&sc, ro, "db1"), SC_ENOTFOUND);
    sc_txn_abort(ro);
    /* A read-only catalog refuses write transactions. */
    sc_catalog_close(sc_fx.cat);
    o.flags = SC_CATALOG_READONLY;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &o));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_EREADONLY);
    ck_assert_int_eq(sc_txn_begin(&ro, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_schema_lookup(&sc, ro, "db1"));
    sc_schema_free(sc);
    sc_txn_abort(ro);
}
END_TEST

START_TEST(test_catalog_schema_alter)
{
    sc_schema_def nd = {"ignored", "latin1", "latin1_swedish_ci", "hello"};
    const sc_schema_def *d;
    sc_txn *txn;
    sc_schema *sc;
    uint64_t s;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    ct_ok(sc_schema_alter(txn, s, &nd));
    ck_assert_int_eq(sc_schema_alter(txn, SC_SYSCAT_SCHEMA_ID, &nd), SC_EINVAL);
    ct_ok(sc_txn_commit(txn));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_schema_get(&sc, txn, s));
    d = sc_schema_definition(sc);
    ck_assert_str_eq(d->name, "db1");
    ck_assert_str_eq(d->charset, "latin1");
    ck_assert_str_eq(d->collation, "latin1_swedish_ci");
    ck_assert_str_eq(d->comment, "hello");
    ck_assert_uint_eq(sc_schema_id(sc), s);
    sc_schema_free(sc);
    ct_ok(sc_schema_lookup(&sc, txn, SC_SYSCAT_SCHEMA));
    ck_assert_uint_eq(sc_schema_id(sc), SC_SYSCAT_SCHEMA_ID);
    sc_schema_free(sc);
    sc_txn_abort(txn);
}
END_TEST

/* ------------------------------------------------------------------ */
/* format versions and unknown fields                                   */

static void write_format(const char *dir, const char *major, const char *minor)
{
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_val k1 = {12, "format_major"}, v1 = {strlen(major), (void *)major};
    MDB_val k2 = {12, "format_minor"}, v2 = {strlen(minor), (void *)minor};
    char path[512];

    snprintf(path, sizeof(path), "%s/catalog.mdb", dir);
    ck_assert_int_eq(mdb_env_create(&env), 0);
    mdb_env_set_maxdbs(env, 64);
    ck_assert_int_eq(mdb_env_open(env, path, 0, 0644), 0);
    ck_assert_int_eq(mdb_txn_begin(env, NULL, 0, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, "sys.meta", 0, &dbi), 0);
    ck_assert_int_eq(mdb_put(txn, dbi, &k1, &v1, 0), 0);
    ck_assert_int_eq(mdb_put(txn, dbi, &k2, &v2, 0), 0);
    ck_assert_int_eq(mdb_txn_commit(txn), 0);
    mdb_env_close(env);
}

START_TEST(test_catalog_format_newer_major_refused)
{
    sc_catalog_stats st;
    const sc_error *e = sc_ctx_last_error(sc_fx.ctx);

    ct_ok(sc_catalog_stats_get(&st, sc_fx.cat));
    ck_assert_uint_eq(st.format_major, SC_FORMAT_MAJOR);
    ck_assert_uint_eq(st.format_minor, SC_FORMAT_MINOR);
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    write_format(sc_fx.dir, "3", "0");
    ck_assert_int_eq(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, NULL), SC_EVERSION);
    ck_assert_ptr_null(sc_fx.cat);
    ck_assert_str_eq(e->message, "catalog format 3.0 is newer than this syscat supports (2.2)");
    write_format(sc_fx.dir, "2", "7");
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, NULL));
    ct_ok(sc_catalog_stats_get(&st, sc_fx.cat));
    ck_assert_uint_eq(st.format_minor, 7);
}
END_TEST

/* Field 99, varint 7: what a newer minor format might add. */
static const uint8_t unknown_field[] = {0x98, 0x06, 0x07};

static uint8_t *plant_unknown(const char *db, const uint8_t *key, size_t klen, size_t *len)
{
    uint8_t *v = ct_raw_get(sc_fx.cat, db, key, klen, len);

    ck_assert_ptr_nonnull(v);
    v = realloc(v, *len + sizeof(unknown_field));
    memcpy(v + *len, unknown_field, sizeof(unknown_field));
    *len += sizeof(unknown_field);
    ct_raw_put(sc_fx.cat, db, key, klen, v, *len);
    return v;
}

static void assert_unknown_kept(const ProtobufCMessage *m)
{
    ck_assert_uint_eq(m->n_unknown_fields, 1);
    ck_assert_uint_eq(m->unknown_fields[0].tag, 99);
}

START_TEST(test_catalog_format_unknown_field_survives_alter)
{
    sc_txn *txn;
    uint64_t s, tid;
    uint8_t k_t[9], k_c0[17], k_c1[17], *v_t, *v_c0, *v_c1, *now;
    size_t l_t, l_c0, l_c1, len;
    Syscat__Catalog__TableRow *tr;
    Syscat__Catalog__ColumnRow *cr;
    ct_def d;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "db1");
    tid = ct_table(txn, s, "t1", 3, 1);
    ct_ok(sc_txn_commit(txn));
    ct_key_rows(k_t, tid, SC_SYS_TABLES);
    ct_key_rows(k_c0, tid, SC_SYS_COLUMNS);
    ct_key_u64(k_c0 + 9, 0);
    ct_key_rows(k_c1, tid, SC_SYS_COLUMNS);
    ct_key_u64(k_c1 + 9, 1);
    v_t = plant_unknown(CT_ROWS_DB, k_t, 9, &l_t);
    v_c0 = plant_unknown(CT_ROWS_DB, k_c0, 17, &l_c0);
    v_c1 = plant_unknown(CT_ROWS_DB, k_c1, 17, &l_c1);

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_def_make(&d, "t1", 4, 1);
    d.cols[1].comment = "changed";
    ct_ok(sc_table_alter(txn, tid, &d.def));
    ct_ok(sc_txn_commit(txn));

    now = ct_raw_get(sc_fx.cat, CT_ROWS_DB, k_t, 9, &len);
    tr = syscat__catalog__table_row__unpack(NULL, len, now);
    ck_assert_ptr_nonnull(tr);
    ck_assert_uint_eq(tr->version, 2);
    ck_assert_uint_eq(tr->column_count, 4);
    assert_unknown_kept(&tr->base);
    syscat__catalog__table_row__free_unpacked(tr, NULL);
    free(now);
    now = ct_raw_get(sc_fx.cat, CT_ROWS_DB, k_c1, 17, &len);
    cr = syscat__catalog__column_row__unpack(NULL, len, now);
    ck_assert_ptr_nonnull(cr);
    ck_assert_uint_eq(cr->comment.len, 7);
    assert_unknown_kept(&cr->base);
    syscat__catalog__column_row__free_unpacked(cr, NULL);
    free(now);
    /* The unchanged column row was not touched at all. */
    now = ct_raw_get(sc_fx.cat, CT_ROWS_DB, k_c0, 17, &len);
    ck_assert_uint_eq(len, l_c0);
    ck_assert_mem_eq(now, v_c0, len);
    free(now);
    free(v_t);
    free(v_c0);
    free(v_c1);
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

/* ------------------------------------------------------------------ */
/* fsck: each kind of damage planted with raw LMDB writes              */

static uint64_t fsck_sid, fsck_tid;

static void fsck_setup(void)
{
    sc_txn *txn;

    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    fsck_sid = ct_schema(txn, "db1");
    fsck_tid = ct_table(txn, fsck_sid, "t1", 3, 1);
    ct_ok(sc_txn_commit(txn));
    ct_fsck_clean(sc_fx.cat);
}

/* Run fsck and require a problem line equal to (or starting with) expect. */
static void expect_problem(const char *expect)
{
    ct_names n = {0};
    size_t problems = 0, i;
    bool found = false;

    ck_assert_int_eq(sc_fsck(sc_fx.cat, ct_collect_problem, &n, &problems), SC_ECORRUPT);
    ck_assert_uint_eq(problems, n.n);
    for (i = 0; i < n.n; i++)
        found |= strncmp(n.v[i], expect, strlen(expect)) == 0;
    ck_assert_msg(found, "expected '%s' in: %s", expect, ct_names_join(&n));
    ct_names_clear(&n);
}

START_TEST(test_catalog_fsck_orphan_column)
{
    Syscat__Catalog__ColumnRow r = SYSCAT__CATALOG__COLUMN_ROW__INIT;
    uint8_t key[17], val[64];
    size_t len;

    r.table_id = 99999;
    r.name = "x";
    ct_key_rows(key, 99999, SC_SYS_COLUMNS);
    ct_key_u64(key + 9, 0);
    len = syscat__catalog__column_row__pack(&r, val);
    ct_raw_put(sc_fx.cat, CT_ROWS_DB, key, 17, val, len);
    expect_problem("columns (table_id=99999, ordinal=0): belongs to missing table 99999");
}
END_TEST

/* What a walk of one clustered system table saw: rows, and whether in key order. */
typedef struct walk_seen {
    size_t n;
    uint64_t last_table, last_ord;
    bool ordered;
} walk_seen;

static int seen_column(sc_slice packed, void *payload)
{
    walk_seen *w = payload;
    Syscat__Catalog__ColumnRow *r =
        syscat__catalog__column_row__unpack(NULL, packed.len, packed.data);

    ck_assert_ptr_nonnull(r);
    if (w->n && (r->table_id < w->last_table ||
                 (r->table_id == w->last_table && r->ordinal <= w->last_ord)))
        w->ordered = false;
    w->last_table = r->table_id;
    w->last_ord = r->ordinal;
    w->n++;
    syscat__catalog__column_row__free_unpacked(r, NULL);
    return 0;
}

static int seen_any(sc_slice packed, void *payload)
{
    (void)packed;
    ((walk_seen *)payload)->n++;
    return 0;
}

/*
 * sc_catalog__row_foreach over one table kept in sys.table_rows (the log's first
 * snapshot walks them so) yields exactly that table's rows, in its key order.
 */
START_TEST(test_catalog_row_foreach_clustered)
{
    sc_txn *txn;
    walk_seen cols = {0, 0, 0, true}, ixcols = {0, 0, 0, true}, tables = {0, 0, 0, true};
    walk_seen before_c = {0, 0, 0, true}, before_t = {0, 0, 0, true};
    uint64_t s;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_COLUMNS, seen_column, &before_c));
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_TABLES, seen_any, &before_t));
    sc_txn_abort(txn);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    s = ct_schema(txn, "walk");
    ct_table(txn, s, "t1", 3, 1);
    ct_table(txn, s, "t2", 5, 1);
    ct_table(txn, s, "t3", 1, 0);
    ct_ok(sc_txn_commit(txn));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_COLUMNS, seen_column, &cols));
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_INDEX_COLUMNS, seen_any, &ixcols));
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_TABLES, seen_any, &tables));
    sc_txn_abort(txn);
    ck_assert(before_c.ordered && cols.ordered);
    ck_assert_uint_eq(cols.n, before_c.n + 3 + 5 + 1);
    ck_assert_uint_eq(tables.n, before_t.n + 3);
    ck_assert_uint_gt(ixcols.n, 0);
}
END_TEST

/* An entry of sys.table_rows whose kind byte names no system table kept there. */
START_TEST(test_catalog_fsck_table_rows_unknown_kind)
{
    uint8_t key[17], val[1] = {0};
    char expect[160];

    ct_key_rows(key, fsck_tid, SC_SYS_SEQUENCES); /* sequences has its own database */
    ct_key_u64(key + 9, 0);
    ct_raw_put(sc_fx.cat, CT_ROWS_DB, key, 17, val, 0);
    snprintf(expect, sizeof(expect),
             "sys.table_rows (table_id=%llu, kind=9): entry of no system table kept here",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_missing_index_entry)
{
    uint8_t key[64];
    char expect[128];
    size_t n = ct_key_u64(key, fsck_sid);

    n += ct_key_str(key + n, "t1");
    ct_raw_del(sc_fx.cat, "sys.tables_by_name", key, n);
    snprintf(expect, sizeof(expect), "tables (id=%llu): missing name-index entry",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_stale_index_entry)
{
    uint8_t key[64], val[8];
    char expect[160];
    size_t n = ct_key_u64(key, fsck_sid);

    n += ct_key_str(key + n, "ghost");
    ct_key_u64(val, 77777);
    ct_raw_put(sc_fx.cat, "sys.tables_by_name", key, n, val, 8);
    snprintf(expect, sizeof(expect),
             "sys.tables_by_name (schema_id=%llu, name='ghost'): stale entry: no such tables row",
             (unsigned long long)fsck_sid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_undecodable_row)
{
    uint8_t key[17], junk[] = {0xFF, 0xFF, 0xFF, 0xFF};
    char expect[128];

    ct_key_rows(key, fsck_tid, SC_SYS_COLUMNS);
    ct_key_u64(key + 9, 1);
    ct_raw_put(sc_fx.cat, CT_ROWS_DB, key, 17, junk, sizeof(junk));
    snprintf(expect, sizeof(expect), "columns (table_id=%llu, ordinal=1): undecodable row",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_counter_below_used)
{
    Syscat__Catalog__SequenceRow r = SYSCAT__CATALOG__SEQUENCE_ROW__INIT;
    uint8_t key[32], val[32];
    size_t n = ct_key_str(key, "table_id"), len;
    char expect[160];

    r.name = "table_id";
    r.next_value = fsck_tid; /* equal to a used id: must be above it */
    len = syscat__catalog__sequence_row__pack(&r, val);
    ct_raw_put(sc_fx.cat, "sequences", key, n, val, len);
    snprintf(expect, sizeof(expect),
             "sequences (name='table_id'): next_value %llu is not above the highest id in use",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_missing_key_column)
{
    Syscat__Catalog__IndexColumnRow *r;
    char *saved;
    uint8_t key[25], *v, val[256];
    size_t len;
    char expect[160];

    ct_key_rows(key, fsck_tid, SC_SYS_INDEX_COLUMNS);
    ct_key_u64(key + 9, 1); /* index k1 */
    ct_key_u64(key + 17, 0);
    v = ct_raw_get(sc_fx.cat, CT_ROWS_DB, key, 25, &len);
    ck_assert_ptr_nonnull(v);
    r = syscat__catalog__index_column_row__unpack(NULL, len, v);
    ck_assert_ptr_nonnull(r);
    ck_assert_str_eq(r->column_name, "c1");
    saved = r->column_name;
    r->column_name = "gone";
    len = syscat__catalog__index_column_row__pack(r, val);
    r->column_name = saved; /* free_unpacked frees what unpack allocated */
    syscat__catalog__index_column_row__free_unpacked(r, NULL);
    free(v);
    ct_raw_put(sc_fx.cat, CT_ROWS_DB, key, 25, val, len);
    snprintf(expect, sizeof(expect),
             "index_columns (table_id=%llu, index_ordinal=1, ordinal=0): names missing column "
             "'gone'",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

START_TEST(test_catalog_fsck_count_mismatch)
{
    Syscat__Catalog__TableRow *r;
    uint8_t key[9], *v, val[512];
    size_t len;
    char expect[128];

    ct_key_rows(key, fsck_tid, SC_SYS_TABLES);
    v = ct_raw_get(sc_fx.cat, CT_ROWS_DB, key, 9, &len);
    r = syscat__catalog__table_row__unpack(NULL, len, v);
    ck_assert_ptr_nonnull(r);
    r->column_count = 7;
    len = syscat__catalog__table_row__pack(r, val);
    syscat__catalog__table_row__free_unpacked(r, NULL);
    free(v);
    ct_raw_put(sc_fx.cat, CT_ROWS_DB, key, 9, val, len);
    snprintf(expect, sizeof(expect), "tables (id=%llu): column_count 7 but 3 columns rows",
             (unsigned long long)fsck_tid);
    expect_problem(expect);
}
END_TEST

/* ------------------------------------------------------------------ */
/* the commit hook                                                      */

START_TEST(test_catalog_hook_sees_changes_in_order)
{
    static const unsigned drop_order[] = {
        SC_SYS_INDEX_COLUMNS, SC_SYS_INDEX_COLUMNS,
        SC_SYS_INDEX_COLUMNS, SC_SYS_INDEXES,
        SC_SYS_INDEXES,       SC_SYS_FOREIGN_KEY_COLUMNS,
        SC_SYS_FOREIGN_KEYS,  SC_SYS_CHECK_CONSTRAINTS,
        SC_SYS_COLUMNS,       SC_SYS_COLUMNS,
        SC_SYS_TABLES,        SC_SYS_SCHEMATA,
    };
    ct_hook_log *log = calloc(1, sizeof(*log));
    Syscat__Catalog__SequenceRow *seq;
    Syscat__Catalog__TableRow *tr;
    sc_txn *txn;
    uint64_t s;
    size_t i;

    sc_catalog__set_commit_hook(sc_fx.cat, ct_hook_record, log);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_ok(sc_txn_set_statement(txn, "CREATE DATABASE db1", 19));
    s = ct_schema(txn, "db1");
    ct_ok(sc_txn_set_statement(txn, "CREATE TABLE t1", 15));
    ct_table(txn, s, "t1", 2, 1);
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(log->calls, 1);
    ck_assert_str_eq(log->stmt1, "CREATE DATABASE db1");
    ck_assert_uint_eq(log->n, 2 + 2 + 2 + 2 + 3 + 1 + 1 + 1);
    ck_assert_uint_eq(log->c[0].systable, SC_SYS_SEQUENCES);
    ck_assert_uint_eq(log->c[0].stmt, 1);
    seq = syscat__catalog__sequence_row__unpack(NULL, log->c[0].before_len, log->c[0].before);
    ck_assert_uint_eq(seq->next_value, SC_FIRST_USER_ID);
    syscat__catalog__sequence_row__free_unpacked(seq, NULL);
    seq = syscat__catalog__sequence_row__unpack(NULL, log->c[0].after_len, log->c[0].after);
    ck_assert_uint_eq(seq->next_value, SC_FIRST_USER_ID + 1);
    syscat__catalog__sequence_row__free_unpacked(seq, NULL);
    ck_assert_uint_eq(log->c[1].systable, SC_SYS_SCHEMATA);
    ck_assert_uint_eq(log->c[2].stmt, 2);
    ck_assert_uint_eq(log->c[3].systable, SC_SYS_TABLES);
    ck_assert_uint_eq(log->c[4].systable, SC_SYS_COLUMNS);
    ck_assert_uint_eq(log->c[6].systable, SC_SYS_INDEXES);
    ck_assert_uint_eq(log->c[8].systable, SC_SYS_INDEX_COLUMNS);
    ck_assert_uint_eq(log->c[11].systable, SC_SYS_FOREIGN_KEYS);
    ck_assert_uint_eq(log->c[13].systable, SC_SYS_CHECK_CONSTRAINTS);
    for (i = 0; i < log->n; i++)
        ck_assert(!log->c[i].cascade);
    ct_hook_log_clear(log);

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_ok(sc_txn_set_statement(txn, "DROP DATABASE db1", 17));
    ct_ok(sc_schema_drop(txn, s));
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(log->n, sizeof(drop_order) / sizeof(drop_order[0]));
    for (i = 0; i < log->n; i++) {
        ck_assert_uint_eq(log->c[i].systable, drop_order[i]);
        ck_assert_uint_eq(log->c[i].after_len, 0);
        ck_assert_uint_gt(log->c[i].before_len, 0);
        ck_assert_uint_eq(log->c[i].stmt, 1);
        ck_assert(log->c[i].cascade == (i + 1 < log->n));
    }
    tr = syscat__catalog__table_row__unpack(NULL, log->c[10].before_len, log->c[10].before);
    ck_assert_str_eq(tr->name, "t1");
    syscat__catalog__table_row__free_unpacked(tr, NULL);
    ct_hook_log_clear(log);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    free(log);
}
END_TEST

static int count_rows(sc_slice packed, void *payload)
{
    (void)packed;
    ++*(int *)payload;
    return 0;
}

START_TEST(test_catalog_hook_writes_in_txn)
{
    ct_hook_log *log = calloc(1, sizeof(*log));
    sc_txn *txn;
    int n = 0;

    log->write_row = true;
    sc_catalog__set_commit_hook(sc_fx.cat, ct_hook_record, log);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_schema(txn, "db1");
    ct_ok(sc_txn_commit(txn));
    ck_assert_uint_eq(log->n, 2); /* the hook's own row is not recorded */
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_catalog__row_foreach(txn, SC_SYS_TID_MAP, count_rows, &n));
    ck_assert_int_eq(n, 1); /* committed with the transaction */
    sc_txn_abort(txn);
    ct_hook_log_clear(log);
    free(log);
}
END_TEST

START_TEST(test_catalog_hook_failure_aborts)
{
    ct_hook_log *log = calloc(1, sizeof(*log));
    sc_schema *sc = NULL;
    sc_txn *txn;
    char *before, *after;

    before = ct_dump(sc_fx.cat);
    log->fail_with = SC_ERROR;
    sc_catalog__set_commit_hook(sc_fx.cat, ct_hook_record, log);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ct_schema(txn, "db1");
    ck_assert_int_eq(sc_txn_commit(txn), SC_ERROR);
    ck_assert_uint_eq(log->calls, 1);
    after = ct_dump(sc_fx.cat);
    ck_assert_str_eq(after, before);
    sc_catalog__set_commit_hook(sc_fx.cat, NULL, NULL);
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK); /* writer slot was freed */
    ck_assert_int_eq(sc_schema_lookup(&sc, txn, "db1"), SC_ENOTFOUND);
    sc_txn_abort(txn);
    ct_hook_log_clear(log);
    free(log);
    free(before);
    free(after);
}
END_TEST

/* ------------------------------------------------------------------ */
/* allocation failure                                                   */

/* One full attempt under a ctx that fails allocation number fail_at. */
static int alloc_attempt(sc_fault_alloc *fa, const char *dir)
{
    sc_allocator a = sc_fixture_fault_allocator(fa);
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    sc_schema_def sd = {"dbx", "utf8mb4", NULL, "c"};
    uint64_t s, id;
    ct_def d;
    int rc;

    co.allocator = &a;
    o.flags = SC_CATALOG_NOSYNC;
    rc = sc_ctx_new(&ctx, &co);
    if (rc)
        return rc;
    ct_def_make(&d, "tx", 4, 1);
    if ((rc = sc_catalog_open(&cat, ctx, dir, &o)) || (rc = sc_txn_begin(&txn, cat, 0)) ||
        (rc = sc_txn_set_statement(txn, "x", 1)) || (rc = sc_schema_create(&s, txn, &sd)) ||
        (rc = sc_table_create(&id, txn, s, &d.def)) ||
        (rc = sc_table_lookup(&t, txn, "dbx", "tx")) || (rc = sc_table_alter(txn, id, &d.def)))
        goto out;
    rc = sc_txn_commit(txn);
    txn = NULL;
out:
    sc_table_free(t);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return rc;
}

START_TEST(test_catalog_alloc_failure_nth)
{
    sc_fault_alloc fa;
    sc_txn *txn;
    sc_schema *sc = NULL;
    unsigned long n;
    int rc;

    sc_catalog_close(sc_fx.cat); /* one env per process at a time */
    sc_fx.cat = NULL;
    for (n = 1; n < 5000; n++) {
        fa = (sc_fault_alloc){(long)n - 1, true, false}; /* fail allocation number n only */
        rc = alloc_attempt(&fa, sc_fx.dir);
        if (!fa.failed) {
            ck_assert_int_eq(rc, SC_OK);
            break;
        }
        ck_assert_msg(rc == SC_ENOMEM, "allocation %lu failed but rc = %d", n, rc);
    }
    ck_assert_msg(n > 10 && n < 5000, "n = %lu", n); /* every earlier N failed cleanly */
    reopen();
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_schema_lookup(&sc, txn, "dbx")); /* exactly the last attempt committed */
    sc_schema_free(sc);
    sc_txn_abort(txn);
    ct_fsck_clean(sc_fx.cat);
}
END_TEST

/* ------------------------------------------------------------------ */
/* registry self-check                                                  */

/* Reference columns between system tables: (table.column) -> (table.column). */
static const struct sys_ref {
    const char *table, *column, *ref_table, *ref_column;
} sys_refs[] = {
    {"tables", "schema_id", "schemata", "id"},
    {"columns", "table_id", "tables", "id"},
    {"indexes", "table_id", "tables", "id"},
    {"index_columns", "table_id", "tables", "id"},
    {"index_columns", "index_ordinal", "indexes", "ordinal"},
    {"index_columns", "column_name", "columns", "name"},
    {"foreign_keys", "table_id", "tables", "id"},
    {"foreign_key_columns", "table_id", "tables", "id"},
    {"foreign_key_columns", "fk_ordinal", "foreign_keys", "ordinal"},
    {"foreign_key_columns", "column_name", "columns", "name"},
    {"check_constraints", "table_id", "tables", "id"},
    {"tid_map", "source_id", "sources", "id"},
    {"replica_state", "source_id", "sources", "id"},
};

static bool key_has(const sc_systable *st, const char *field)
{
    char buf[256], *tok, *save = NULL;

    snprintf(buf, sizeof(buf), "%s", st->key);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (strcmp(tok, field) == 0)
            return true;
    return false;
}

START_TEST(test_catalog_registry_self_check)
{
    const ProtobufCFieldDescriptor *f, *rf;
    const sc_systable *st, *rt;
    sc_txn *txn;
    sc_table *t;
    size_t i, j;
    char buf[256], *tok, *save;

    for (i = 0; i < SC_SYS_COUNT; i++) {
        st = &sc_catalog__systables[i];
        ck_assert_uint_eq(st->id, i + 1);
        ck_assert_uint_lt(st->id, SC_FIRST_USER_ID);
        ck_assert_ptr_eq(sc_catalog__systable(st->id), st);
        ck_assert_ptr_eq(sc_catalog__systable_by_name(st->name), st);
        for (j = 0; j < i; j++) {
            ck_assert_uint_ne(st->id, sc_catalog__systables[j].id);
            ck_assert_str_ne(st->name, sc_catalog__systables[j].name);
        }
        snprintf(buf, sizeof(buf), "%s", st->key);
        save = NULL;
        for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            f = protobuf_c_message_descriptor_get_field_by_name(st->desc, tok);
            ck_assert_msg(f != NULL, "%s: key field %s missing", st->name, tok);
        }
    }
    ck_assert_ptr_null(sc_catalog__systable(0));
    ck_assert_ptr_null(sc_catalog__systable(SC_SYS_COUNT + 1));
    for (i = 0; i < sizeof(sys_refs) / sizeof(sys_refs[0]); i++) {
        st = sc_catalog__systable_by_name(sys_refs[i].table);
        rt = sc_catalog__systable_by_name(sys_refs[i].ref_table);
        ck_assert_msg(st && rt, "reference %zu: unknown table", i);
        f = protobuf_c_message_descriptor_get_field_by_name(st->desc, sys_refs[i].column);
        rf = protobuf_c_message_descriptor_get_field_by_name(rt->desc, sys_refs[i].ref_column);
        ck_assert_msg(f && rf, "%s.%s -> %s.%s does not resolve", sys_refs[i].table,
                      sys_refs[i].column, sys_refs[i].ref_table, sys_refs[i].ref_column);
        ck_assert_int_eq(f->type, rf->type);
        /* id references point at the referenced table's key. */
        if (strcmp(sys_refs[i].ref_column, "name") != 0)
            ck_assert(key_has(rt, sys_refs[i].ref_column));
    }
    /* The catalog describes every registry table. */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    for (i = 0; i < SC_SYS_COUNT; i++) {
        st = &sc_catalog__systables[i];
        ct_ok(sc_table_lookup(&t, txn, SC_SYSCAT_SCHEMA, st->name));
        ck_assert_uint_eq(sc_table_id(t), st->id);
        ck_assert_uint_eq(sc_table_definition(t)->n_columns, st->desc->n_fields);
        sc_table_free(t);
    }
    sc_txn_abort(txn);
}
END_TEST

/* ------------------------------------------------------------------ */
/* codec: keys order like their fields; the fast decoder equals protobuf-c */

static uint64_t ct_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Fill every field of a row message with random values (strings from a tiny alphabet, NULs
 * included in bytes fields). */
static void random_row(ProtobufCMessage *m, uint64_t *seed, char strs[][8], uint8_t bytes[][8])
{
    const ProtobufCMessageDescriptor *d = m->descriptor;
    unsigned i, j, len;

    for (i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        uint8_t *p = (uint8_t *)m + f->offset;
        uint64_t r = ct_rand(seed);
        bool zero = (r & 3) == 0; /* absent fields too */
        len = (unsigned)(r >> 8) % 7;
        switch (f->type) {
        case PROTOBUF_C_TYPE_UINT64:
            *(uint64_t *)(void *)p = zero ? 0 : ct_rand(seed) >> (r % 60);
            break;
        case PROTOBUF_C_TYPE_UINT32:
        case PROTOBUF_C_TYPE_INT32:
            *(uint32_t *)(void *)p = zero ? 0 : (uint32_t)ct_rand(seed);
            break;
        case PROTOBUF_C_TYPE_BOOL:
            *(protobuf_c_boolean *)(void *)p = !zero;
            break;
        case PROTOBUF_C_TYPE_STRING:
            for (j = 0; j < len; j++)
                strs[i][j] = "ab'\\x"[ct_rand(seed) % 5];
            strs[i][len] = '\0';
            *(char **)(void *)p = strs[i];
            break;
        case PROTOBUF_C_TYPE_BYTES:
            for (j = 0; j < len; j++)
                bytes[i][j] = (uint8_t)(ct_rand(seed) % 3);
            ((ProtobufCBinaryData *)(void *)p)->data = bytes[i];
            ((ProtobufCBinaryData *)(void *)p)->len = len;
            break;
        default:
            break;
        }
    }
}

START_TEST(test_catalog_codec_fast_decoder_matches)
{
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    uint8_t packed[2048], again[2048], bytes[32][8];
    char strs[32][8];
    unsigned st, round;
    sc_arena a;

    sc__arena_init(&a, sc_fx.ctx, 4096);
    for (st = 1; st <= SC_SYS_COUNT; st++) {
        const ProtobufCMessageDescriptor *d = sc_catalog__systable(st)->desc;
        for (round = 0; round < 300; round++) {
            uint8_t msgbuf[1024];
            ProtobufCMessage *m = (void *)msgbuf, *fast = NULL, *ref;
            size_t n, n2, n3;

            ck_assert_uint_le(d->sizeof_message, sizeof(msgbuf));
            protobuf_c_message_init(d, msgbuf);
            random_row(m, &seed, strs, bytes);
            n = protobuf_c_message_pack(m, packed);
            ct_ok(sc__row_unpack(&fast, &a, st, packed, n));
            ref = protobuf_c_message_unpack(d, NULL, n, packed);
            ck_assert_ptr_nonnull(ref);
            n2 = protobuf_c_message_pack(fast, again);
            ck_assert_uint_eq(n2, n);
            ck_assert_mem_eq(again, packed, n);
            n3 = protobuf_c_message_pack(ref, again);
            ck_assert_uint_eq(n3, n);
            protobuf_c_message_free_unpacked(ref, NULL);
            sc__arena_reset(&a);
        }
    }
    sc__arena_free(&a);
}
END_TEST

static int cmp_fields(const ProtobufCMessage *x, const ProtobufCMessage *y, const sc_keyspec *ks)
{
    unsigned i;

    for (i = 0; i < ks->n; i++) {
        const ProtobufCFieldDescriptor *f = ks->fields[i];
        if (f->type == PROTOBUF_C_TYPE_STRING) {
            const char *a = *(char *const *)(const void *)((const uint8_t *)x + f->offset);
            const char *b = *(char *const *)(const void *)((const uint8_t *)y + f->offset);
            int c = strcmp(a, b);
            if (c)
                return c < 0 ? -1 : 1;
        } else {
            uint64_t a = sc__field_u64(x, f), b = sc__field_u64(y, f);
            if (a != b)
                return a < b ? -1 : 1;
        }
    }
    return 0;
}

START_TEST(test_catalog_codec_key_order)
{
    uint64_t seed = 12345;
    uint8_t bytes[2][32][8];
    char strs[2][32][8];
    unsigned st, round;
    sc_keyspec ks;
    sc_buf ka = SC_BUF_INIT(sc_fx.ctx), kb = SC_BUF_INIT(sc_fx.ctx);
    char desc[256];

    for (st = 1; st <= SC_SYS_COUNT; st++) {
        const sc_systable *sys = sc_catalog__systable(st);
        ct_ok(sc__keyspec_parse(&ks, sc_fx.ctx, sys));
        for (round = 0; round < 500; round++) {
            uint8_t bufa[1024], bufb[1024];
            ProtobufCMessage *x = (void *)bufa, *y = (void *)bufb;
            int want, got;
            size_t n;

            protobuf_c_message_init(sys->desc, bufa);
            protobuf_c_message_init(sys->desc, bufb);
            random_row(x, &seed, strs[0], bytes[0]);
            random_row(y, &seed, strs[1], bytes[1]);
            ka.len = kb.len = 0;
            ct_ok(sc__key_encode(&ka, &ks, x));
            ct_ok(sc__key_encode(&kb, &ks, y));
            want = cmp_fields(x, y, &ks);
            n = ka.len < kb.len ? ka.len : kb.len;
            got = memcmp(ka.data, kb.data, n);
            if (got == 0)
                got = ka.len < kb.len ? -1 : ka.len > kb.len;
            got = got < 0 ? -1 : got > 0;
            ck_assert_int_eq(got, want);
            sc__key_describe(desc, sizeof(desc), &ks, ka.data, ka.len);
            ck_assert_msg(strstr(desc, "undecodable") == NULL, "%s", desc);
        }
    }
    sc__buf_free(&ka);
    sc__buf_free(&kb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* settings                                                             */

static int collect_setting(const char *k, const char *v, void *payload)
{
    char buf[128];
    snprintf(buf, sizeof(buf), "%s=%s", k, v);
    ct_names_add(payload, buf);
    return 0;
}

START_TEST(test_catalog_settings_roundtrip)
{
    sc_txn *txn;
    char *v = NULL;
    ct_names n = {0};

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_setting_get(&v, txn, "binlog_format"), SC_ENOTFOUND);
    ct_ok(sc_setting_set(txn, "binlog_format", "ROW"));
    ct_ok(sc_setting_set(txn, "a", "1"));
    ct_ok(sc_setting_set(txn, "binlog_format", "MIXED"));
    ct_ok(sc_txn_commit(txn));
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ct_ok(sc_setting_get(&v, txn, "binlog_format"));
    ck_assert_str_eq(v, "MIXED");
    sc_free(sc_fx.ctx, v);
    ck_assert_int_eq(sc_setting_set(txn, "x", "y"), SC_EREADONLY);
    ct_ok(sc_setting_foreach(txn, collect_setting, &n));
    ck_assert_str_eq(ct_names_join(&n), "a=1,binlog_format=MIXED");
    ct_names_clear(&n);
    sc_txn_abort(txn);
}
END_TEST

/* A tables row whose counts claim billions of children, and a foreign key claiming billions of
 * columns (corrupt or hostile rows through the raw row path), loads with an error or what is there,
 * never a giant allocation (found by fuzz_rows). */
START_TEST(test_catalog_codec_huge_counts)
{
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    ct_def d;
    uint64_t s, id;
    uint8_t *packed;
    size_t len;
    int rc;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, 0));
    s = ct_schema(txn, "db1");
    ct_def_make(&d, "t1", 3, 0);
    ct_ok(sc_table_create(&id, txn, s, &d.def));
    {
        Syscat__Catalog__TableRow r = SYSCAT__CATALOG__TABLE_ROW__INIT;
        r.id = id;
        r.schema_id = s;
        r.name = (char *)"t1";
        r.version = 2;
        r.column_count = UINT32_MAX;
        r.index_count = UINT32_MAX;
        r.foreign_key_count = UINT32_MAX;
        r.check_count = UINT32_MAX;
        len = syscat__catalog__table_row__get_packed_size(&r);
        packed = malloc(len);
        syscat__catalog__table_row__pack(&r, packed);
    }
    ct_ok(sc_catalog__row_put(txn, SC_SYS_TABLES, (sc_slice){packed, len}));
    free(packed);
    {
        Syscat__Catalog__ForeignKeyRow f = SYSCAT__CATALOG__FOREIGN_KEY_ROW__INIT;
        f.table_id = id;
        f.name = (char *)"fk";
        f.parent_schema = (char *)"db1";
        f.parent_table = (char *)"t1";
        f.column_count = UINT32_MAX;
        len = syscat__catalog__foreign_key_row__get_packed_size(&f);
        packed = malloc(len);
        syscat__catalog__foreign_key_row__pack(&f, packed);
    }
    ct_ok(sc_catalog__row_put(txn, SC_SYS_FOREIGN_KEYS, (sc_slice){packed, len}));
    rc = sc_table_get(&t, txn, id);
    ck_assert_msg(rc == SC_OK || rc == SC_ECORRUPT, "rc %d", rc);
    sc_table_free(t);
    free(packed);
    sc_txn_abort(txn);
}
END_TEST

Suite *sc_test_catalog_suite(void);
Suite *sc_test_catalog_suite(void)
{
    Suite *s = suite_create("catalog");
    TCase *tc;

#define CT_CASE(name, ...)                                                                         \
    do {                                                                                           \
        tc = tcase_create(name);                                                                   \
        tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);      \
        tcase_set_timeout(tc, 30);                                                                 \
        __VA_ARGS__                                                                                \
        suite_add_tcase(s, tc);                                                                    \
    } while (0)

    CT_CASE("create_lookup", tcase_add_test(tc, test_catalog_create_lookup_roundtrip);
            tcase_add_test(tc, test_catalog_create_lookup_missing);
            tcase_add_test(tc, test_catalog_create_lookup_syscat_self););
    CT_CASE("iterate", tcase_add_test(tc, test_catalog_iterate_order);
            tcase_add_test(tc, test_catalog_iterate_children););
    CT_CASE("rename", tcase_add_test(tc, test_catalog_rename_keeps_id););
    CT_CASE("drop", tcase_add_test(tc, test_catalog_drop_table_and_schema););
    CT_CASE("alter", tcase_add_test(tc, test_catalog_alter_add_column););
    CT_CASE("validate", tcase_add_test(tc, test_catalog_validate_errors);
            tcase_add_test(tc, test_catalog_validate_open_flags););
    CT_CASE("ids", tcase_add_test(tc, test_catalog_ids_never_reused););
    CT_CASE("txn", tcase_add_test(tc, test_catalog_txn_abort_byte_identical);
            tcase_add_test(tc, test_catalog_txn_nested_abort);
            tcase_add_test(tc, test_catalog_txn_map_full);
            tcase_add_test(tc, test_catalog_txn_multiprocess);
            tcase_add_test(tc, test_catalog_txn_busy_and_readonly););
    CT_CASE("schema", tcase_add_test(tc, test_catalog_schema_alter););
    CT_CASE("format", tcase_add_test(tc, test_catalog_format_newer_major_refused);
            tcase_add_test(tc, test_catalog_format_unknown_field_survives_alter););
    tc = tcase_create("fsck");
    tcase_add_checked_fixture(tc, fsck_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_catalog_fsck_orphan_column);
    tcase_add_test(tc, test_catalog_fsck_table_rows_unknown_kind);
    tcase_add_test(tc, test_catalog_row_foreach_clustered);
    tcase_add_test(tc, test_catalog_fsck_missing_index_entry);
    tcase_add_test(tc, test_catalog_fsck_stale_index_entry);
    tcase_add_test(tc, test_catalog_fsck_undecodable_row);
    tcase_add_test(tc, test_catalog_fsck_counter_below_used);
    tcase_add_test(tc, test_catalog_fsck_count_mismatch);
    tcase_add_test(tc, test_catalog_fsck_missing_key_column);
    suite_add_tcase(s, tc);
    CT_CASE("hook", tcase_add_test(tc, test_catalog_hook_sees_changes_in_order);
            tcase_add_test(tc, test_catalog_hook_writes_in_txn);
            tcase_add_test(tc, test_catalog_hook_failure_aborts););
    CT_CASE("alloc", tcase_add_test(tc, test_catalog_alloc_failure_nth););
    CT_CASE("registry", tcase_add_test(tc, test_catalog_registry_self_check););
    CT_CASE("codec", tcase_add_test(tc, test_catalog_codec_fast_decoder_matches);
            tcase_add_test(tc, test_catalog_codec_key_order);
            tcase_add_test(tc, test_catalog_codec_huge_counts););
    CT_CASE("settings", tcase_add_test(tc, test_catalog_settings_roundtrip););
    return s;
}
