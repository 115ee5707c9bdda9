/*
 * check_catalog_cache.c - the definition cache (catalog/table_cache.c,
 * docs/architecture.md "Definition cache"): hits return the same definition
 * without reading rows or allocating; changes by other transactions and
 * other processes are seen; a write transaction's own (uncommitted, or
 * aborted) changes never reach the cache; handles outlive eviction,
 * transactions and the catalog; the capacity holds; allocation failures
 * return SC_ENOMEM without leaks (the suite runs under ASan).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/catalog_util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static void reopen_with(unsigned flags, size_t cache_size)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    o.flags = SC_CATALOG_NOSYNC | flags;
    o.table_cache_size = cache_size;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &o));
}

static sc_table_cache_stats stats(void)
{
    sc_table_cache_stats st;

    sc_catalog__table_cache_stats(&st, sc_fx.cat);
    return st;
}

static sc_txn *begin_ro(void)
{
    sc_txn *txn = NULL;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY));
    return txn;
}

static sc_txn *begin_rw(void)
{
    sc_txn *txn = NULL;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, 0));
    return txn;
}

static sc_table *lookup(sc_txn *txn, const char *schema, const char *name)
{
    sc_table *t = NULL;

    ct_ok(sc_table_lookup(&t, txn, schema, name));
    return t;
}

/* Schema db1 with n tables t0.. (4 columns, indexes, FK, CHECK, comment); committed. */
static uint64_t make_tables(size_t n)
{
    sc_txn *txn = begin_rw();
    uint64_t sid = ct_schema(txn, "db1");
    char name[32];
    size_t i;

    for (i = 0; i < n; i++) {
        snprintf(name, sizeof(name), "t%zu", i);
        ct_table(txn, sid, name, 4, 1);
    }
    ct_ok(sc_txn_commit(txn));
    return sid;
}

static bool str_eq(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool columns_equal(const sc_column_def *a, const sc_column_def *b)
{
    size_t i;

    if (!str_eq(a->name, b->name) || a->type != b->type || a->flags != b->flags ||
        a->length != b->length || a->scale != b->scale || !str_eq(a->charset, b->charset) ||
        !str_eq(a->collation, b->collation) || a->default_kind != b->default_kind ||
        !str_eq(a->default_value, b->default_value) || !str_eq(a->on_update, b->on_update) ||
        a->generated != b->generated || !str_eq(a->generation_expr, b->generation_expr) ||
        !str_eq(a->check_expr, b->check_expr) || !str_eq(a->comment, b->comment) ||
        a->n_elements != b->n_elements || a->srid != b->srid)
        return false;
    for (i = 0; i < a->n_elements; i++)
        if (!str_eq(a->elements[i], b->elements[i]))
            return false;
    return true;
}

static bool indexes_equal(const sc_index_def *a, const sc_index_def *b)
{
    size_t i;

    if (!str_eq(a->name, b->name) || a->kind != b->kind || a->algorithm != b->algorithm ||
        a->flags != b->flags || a->n_parts != b->n_parts || !str_eq(a->comment, b->comment) ||
        a->key_block_size != b->key_block_size || !str_eq(a->parser, b->parser))
        return false;
    for (i = 0; i < a->n_parts; i++)
        if (!str_eq(a->parts[i].column, b->parts[i].column) ||
            a->parts[i].prefix_len != b->parts[i].prefix_len ||
            a->parts[i].descending != b->parts[i].descending)
            return false;
    return true;
}

static bool fks_equal(const sc_fk_def *a, const sc_fk_def *b)
{
    size_t i;

    if (!str_eq(a->name, b->name) || a->n_columns != b->n_columns ||
        !str_eq(a->parent_schema, b->parent_schema) || !str_eq(a->parent_table, b->parent_table) ||
        a->on_delete != b->on_delete || a->on_update != b->on_update)
        return false;
    for (i = 0; i < a->n_columns; i++)
        if (!str_eq(a->columns[i], b->columns[i]) ||
            !str_eq(a->parent_columns[i], b->parent_columns[i]))
            return false;
    return true;
}

/* Field-by-field equality of two loaded tables. */
static bool tables_equal(const sc_table *x, const sc_table *y)
{
    const sc_table_def *a = sc_table_definition(x), *b = sc_table_definition(y);
    size_t i;

    if (sc_table_id(x) != sc_table_id(y) || sc_table_version(x) != sc_table_version(y) ||
        sc_table_schema_id(x) != sc_table_schema_id(y) ||
        !str_eq(sc_table_schema_name(x), sc_table_schema_name(y)))
        return false;
    if (!str_eq(a->name, b->name) || !str_eq(a->engine, b->engine) ||
        !str_eq(a->charset, b->charset) || !str_eq(a->collation, b->collation) ||
        !str_eq(a->comment, b->comment) || a->auto_increment != b->auto_increment ||
        !str_eq(a->options, b->options) || a->n_columns != b->n_columns ||
        a->n_indexes != b->n_indexes || a->n_foreign_keys != b->n_foreign_keys ||
        a->n_checks != b->n_checks)
        return false;
    for (i = 0; i < a->n_columns; i++)
        if (!columns_equal(&a->columns[i], &b->columns[i]))
            return false;
    for (i = 0; i < a->n_indexes; i++)
        if (!indexes_equal(&a->indexes[i], &b->indexes[i]))
            return false;
    for (i = 0; i < a->n_foreign_keys; i++)
        if (!fks_equal(&a->foreign_keys[i], &b->foreign_keys[i]))
            return false;
    for (i = 0; i < a->n_checks; i++)
        if (!str_eq(a->checks[i].name, b->checks[i].name) ||
            !str_eq(a->checks[i].expr, b->checks[i].expr))
            return false;
    return true;
}

/* ALTER a table of db1: column c1 gets a comment and/or a new name (same tables row shape). */
static void
alter_c1(sc_txn *txn, uint64_t id, const char *table, const char *comment, const char *c1_name)
{
    ct_def d;

    ct_def_make(&d, table, 4, 1);
    d.cols[1].comment = comment;
    if (c1_name) {
        d.cols[1].name = c1_name;
        d.k1_parts[0].column = c1_name;
    }
    ct_ok(sc_table_alter(txn, id, &d.def));
}

/* ------------------------------------------------------------------ */
/* hit                                                                  */

START_TEST(test_catalog_cache_hit_identical)
{
    sc_table *a, *b, *c, *fresh;
    sc_txn *txn;
    uint64_t id;

    make_tables(2);
    txn = begin_ro();
    a = lookup(txn, "db1", "t1");
    ck_assert_uint_eq(stats().fills, 1);
    ck_assert_uint_eq(stats().hits, 0);
    b = lookup(txn, "db1", "t1");
    ck_assert_uint_eq(stats().hits, 1);
    ck_assert_ptr_eq(a, b); /* the shared definition itself */
    id = sc_table_id(a);
    ct_ok(sc_table_get(&c, txn, id)); /* by id: the same entry */
    ck_assert_ptr_eq(c, a);
    ck_assert_uint_eq(stats().hits, 2);
    sc_table_free(a);
    sc_table_free(b);
    sc_txn_abort(txn);

    /* Another read txn hits too, and the definition equals one read from the rows. */
    txn = begin_ro();
    b = lookup(txn, "db1", "t1");
    ck_assert_ptr_eq(b, c);
    ck_assert_uint_eq(stats().hits, 3);
    sc_txn_abort(txn);
    reopen_with(SC_CATALOG_NO_TABLE_CACHE, 0);
    ck_assert_uint_eq(stats().capacity, 0);
    txn = begin_ro();
    fresh = lookup(txn, "db1", "t1");
    ck_assert(tables_equal(fresh, c));
    ck_assert_str_eq(sc_table_schema_name(c), "db1");
    ck_assert_uint_eq(sc_table_definition(c)->n_foreign_keys, 1);
    ck_assert_uint_eq(stats().hits + stats().fills, 0); /* disabled */
    sc_table_free(fresh);
    sc_txn_abort(txn);
    sc_table_free(b);
    sc_table_free(c); /* the catalog that cached it is closed: the handle still works */
}
END_TEST

/* Within one read snapshot a repeated lookup reads no row at all; a new snapshot checks
 * the name index and the tables row again, so changes committed in between are seen. */
START_TEST(test_catalog_cache_snapshot_hits)
{
    sc_table *a, *t;
    sc_txn *ro1, *ro2, *ro3, *w;
    sc_table_cache_stats st;
    uint64_t sid, id0, id1;

    sid = make_tables(2);
    ro1 = begin_ro();
    a = lookup(ro1, "db1", "t0");
    id0 = sc_table_id(a);
    t = lookup(ro1, "db1", "t1");
    id1 = sc_table_id(t);
    sc_table_free(t);
    st = stats();
    ck_assert_uint_eq(st.snap_hits, 0);
    sc_table_free(lookup(ro1, "db1", "t0"));
    ct_ok(sc_table_get(&t, ro1, id0));
    ck_assert_ptr_eq(t, a);
    sc_table_free(t);
    ck_assert_uint_eq(stats().snap_hits, 2);
    ck_assert_uint_eq(stats().hits, st.hits + 2);

    w = begin_rw(); /* a commit elsewhere: a new snapshot */
    alter_c1(w, id1, "t1", "changed", NULL);
    ct_ok(sc_txn_commit(w));
    ro2 = begin_ro();
    st = stats();
    t = lookup(ro2, "db1", "t0"); /* unchanged table: a hit, after reading its rows' keys */
    ck_assert_ptr_eq(t, a);
    sc_table_free(t);
    ck_assert_uint_eq(stats().hits, st.hits + 1);
    ck_assert_uint_eq(stats().snap_hits, st.snap_hits);
    t = lookup(ro2, "db1", "t1"); /* changed table: the new version */
    ck_assert_str_eq(sc_table_definition(t)->columns[1].comment, "changed");
    sc_table_free(t);
    ck_assert_uint_eq(stats().snap_hits, st.snap_hits);
    t = lookup(ro1, "db1", "t1"); /* the old snapshot: the old version, resolved there before */
    ck_assert_ptr_null(sc_table_definition(t)->columns[1].comment);
    sc_table_free(t);
    ck_assert_uint_eq(stats().snap_hits, st.snap_hits + 1);
    sc_table_free(lookup(ro2, "db1", "t0"));
    ck_assert_uint_eq(stats().snap_hits, st.snap_hits + 2);

    w = begin_rw();
    ct_ok(sc_table_rename(w, id0, sid, "t0x"));
    ct_ok(sc_txn_commit(w));
    ro3 = begin_ro();
    ck_assert_int_eq(sc_table_lookup(&t, ro3, "db1", "t0"), SC_ENOTFOUND);
    ct_ok(sc_table_get(&t, ro3, id0));
    ck_assert_str_eq(sc_table_definition(t)->name, "t0x");
    sc_table_free(t);
    t = lookup(ro2, "db1", "t0"); /* still t0 there */
    ck_assert_ptr_eq(t, a);
    sc_table_free(t);
    ck_assert_int_eq(sc_table_lookup(&t, ro3, "db1", "t0"), SC_ENOTFOUND);
    sc_txn_abort(ro3);

    /* A write txn's id is not a snapshot: an aborted writer and the next one share it.
     * W1 is served t0x from the cache and aborts; W2 (same LMDB txn id) renames t0x and
     * commits; a reader of exactly that state must not find t0x. */
    w = begin_rw();
    t = lookup(w, "db1", "t0x");
    sc_table_free(t);
    sc_txn_abort(w);
    w = begin_rw();
    ct_ok(sc_table_rename(w, id0, sid, "t0y"));
    ct_ok(sc_txn_commit(w));
    ro3 = begin_ro();
    ck_assert_int_eq(sc_table_lookup(&t, ro3, "db1", "t0x"), SC_ENOTFOUND);
    sc_txn_abort(ro3);
    sc_txn_abort(ro2);
    sc_txn_abort(ro1);
    sc_table_free(a);
}
END_TEST

/* A hit allocates nothing: every allocation fails and cached lookups still succeed. */
START_TEST(test_catalog_cache_hit_allocates_nothing)
{
    sc_fault_alloc fa = {-1, false, false};
    sc_allocator al = sc_fixture_fault_allocator(&fa);
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    sc_table *t = NULL, *u = NULL, *v = NULL;
    int i;

    make_tables(3);
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    co.allocator = &al;
    ck_assert_int_eq(sc_ctx_new(&ctx, &co), SC_OK);
    o.flags = SC_CATALOG_NOSYNC;
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, sc_fx.dir, &o), SC_OK);
    ck_assert_int_eq(sc_txn_begin(&txn, cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t2"), SC_OK);
    fa.left = 0; /* from now on every allocation fails */
    for (i = 0; i < 100; i++) {
        ck_assert_int_eq(sc_table_lookup(&u, txn, "db1", "t2"), SC_OK);
        ck_assert_ptr_eq(u, t);
        sc_table_free(u);
    }
    ck_assert(!fa.failed);
    /* A miss needs memory: SC_ENOMEM, nothing returned. */
    ck_assert_int_eq(sc_table_lookup(&v, txn, "db1", "t0"), SC_ENOMEM);
    ck_assert_ptr_null(v);
    ck_assert(fa.failed);
    fa.left = -1;
    sc_table_free(t);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* changes by other transactions                                        */

START_TEST(test_catalog_cache_sees_alter_rename_drop)
{
    sc_table *old, *t, *before;
    sc_txn *ro_old, *txn;
    uint64_t sid, id;

    sid = make_tables(1);
    txn = begin_ro();
    old = lookup(txn, "db1", "t0");
    id = sc_table_id(old);
    sc_txn_abort(txn);
    ro_old = begin_ro(); /* snapshot before every change below */
    before = lookup(ro_old, "db1", "t0");
    ck_assert_ptr_eq(before, old);
    sc_table_free(before);

    /* ALTER in another txn: the next reader gets the new version. */
    txn = begin_rw();
    alter_c1(txn, id, "t0", NULL, "renamed_col");
    ct_ok(sc_txn_commit(txn));
    txn = begin_ro();
    t = lookup(txn, "db1", "t0");
    ck_assert_ptr_ne(t, old);
    ck_assert_uint_eq(sc_table_version(t), sc_table_version(old) + 1);
    ck_assert_str_eq(sc_table_definition(t)->columns[1].name, "renamed_col");
    ck_assert_str_eq(sc_table_definition(old)->columns[1].name, "c1"); /* old handle unchanged */
    sc_table_free(t);
    sc_txn_abort(txn);
    /* The older snapshot still sees (and is served) the old version. */
    before = lookup(ro_old, "db1", "t0");
    ck_assert_ptr_eq(before, old);
    sc_table_free(before);

    /* RENAME */
    txn = begin_rw();
    ct_ok(sc_table_rename(txn, id, sid, "t0new"));
    ct_ok(sc_txn_commit(txn));
    txn = begin_ro();
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t0"), SC_ENOTFOUND);
    t = lookup(txn, "db1", "t0new");
    ck_assert_str_eq(sc_table_definition(t)->name, "t0new");
    sc_table_free(t);
    ct_ok(sc_table_get(&t, txn, id));
    ck_assert_str_eq(sc_table_definition(t)->name, "t0new");
    sc_table_free(t);
    sc_txn_abort(txn);

    /* DROP */
    txn = begin_rw();
    ct_ok(sc_table_drop(txn, id));
    ct_ok(sc_txn_commit(txn));
    txn = begin_ro();
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t0new"), SC_ENOTFOUND);
    ck_assert_int_eq(sc_table_get(&t, txn, id), SC_ENOTFOUND);
    ck_assert_ptr_null(t);
    sc_txn_abort(txn);
    before = lookup(ro_old, "db1", "t0"); /* still there in the old snapshot */
    ck_assert_ptr_eq(before, old);
    sc_table_free(before);
    sc_txn_abort(ro_old);
    sc_table_free(old);
}
END_TEST

/* A child process waits for a byte on cmd, then changes table id of db1 and answers on done. */
static int child_changer(const char *dir, int cmd, int done, uint64_t sid, uint64_t id)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_txn *txn = NULL;
    ct_def d;
    char c;
    int rc = 0;

    o.flags = SC_CATALOG_NOSYNC;
    if (sc_ctx_new(&ctx, NULL) || sc_catalog_open(&cat, ctx, dir, &o))
        return 10;
    while (rc == 0 && read(cmd, &c, 1) == 1) {
        if (sc_txn_begin(&txn, cat, 0))
            return 11;
        if (c == 'a') {
            ct_def_make(&d, "t0", 4, 1);
            d.cols[1].name = "from_child";
            d.k1_parts[0].column = "from_child";
            rc = sc_table_alter(txn, id, &d.def);
        } else if (c == 'r') {
            rc = sc_table_rename(txn, id, sid, "t0child");
        } else {
            rc = sc_table_drop(txn, id);
        }
        if (rc || sc_txn_commit(txn))
            return 12;
        if (write(done, &c, 1) != 1)
            return 13;
    }
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return rc;
}

static void ask_child(int cmd, int done, char c)
{
    char r = 0;

    ck_assert_int_eq(write(cmd, &c, 1), 1);
    ck_assert_int_eq(read(done, &r, 1), 1);
    ck_assert_int_eq(r, c);
}

START_TEST(test_catalog_cache_other_process)
{
    int cmd[2], done[2], status;
    sc_table *t, *old, *first;
    sc_txn *txn;
    uint64_t sid, id;
    pid_t pid;

    sid = make_tables(1);
    txn = begin_ro();
    first = lookup(txn, "db1", "t0");
    id = sc_table_id(first);
    sc_txn_abort(txn);
    ck_assert_int_eq(stats().fills, 1);
    /* One LMDB env per process: fork with ours closed; the child opens its own. */
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    ck_assert_int_eq(pipe(cmd), 0);
    ck_assert_int_eq(pipe(done), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(cmd[1]);
        close(done[0]);
        _exit(child_changer(sc_fx.dir, cmd[0], done[1], sid, id));
    }
    close(cmd[0]);
    close(done[1]);
    reopen_with(0, 0);
    txn = begin_ro();
    old = lookup(txn, "db1", "t0");
    sc_txn_abort(txn);
    txn = begin_ro();
    t = lookup(txn, "db1", "t0");
    ck_assert_ptr_eq(t, old); /* cached */
    sc_table_free(t);
    sc_txn_abort(txn);

    ask_child(cmd[1], done[0], 'a');
    txn = begin_ro();
    t = lookup(txn, "db1", "t0");
    ck_assert_ptr_ne(t, old);
    ck_assert_str_eq(sc_table_definition(t)->columns[1].name, "from_child");
    ck_assert_uint_eq(sc_table_version(t), sc_table_version(old) + 1);
    sc_table_free(t);
    sc_txn_abort(txn);

    ask_child(cmd[1], done[0], 'r');
    txn = begin_ro();
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t0"), SC_ENOTFOUND);
    ct_ok(sc_table_get(&t, txn, id));
    ck_assert_str_eq(sc_table_definition(t)->name, "t0child");
    sc_table_free(t);
    sc_txn_abort(txn);

    ask_child(cmd[1], done[0], 'd');
    txn = begin_ro();
    ck_assert_int_eq(sc_table_get(&t, txn, id), SC_ENOTFOUND);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "db1", "t0child"), SC_ENOTFOUND);
    sc_txn_abort(txn);

    close(cmd[1]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d",
                  WEXITSTATUS(status));
    close(done[0]);
    sc_table_free(old);
    ck_assert_str_eq(sc_table_definition(first)->columns[1].name, "c1"); /* outlived a close */
    sc_table_free(first);
}
END_TEST

/* ------------------------------------------------------------------ */
/* write transactions                                                   */

START_TEST(test_catalog_cache_write_txn_uncommitted)
{
    sc_table *t, *committed, *other;
    sc_txn *w, *ro, *nested;
    uint64_t id, fills;

    make_tables(2);
    ro = begin_ro();
    committed = lookup(ro, "db1", "t0");
    other = lookup(ro, "db1", "t1");
    id = sc_table_id(committed);
    sc_table_free(other);
    fills = stats().fills;

    w = begin_rw();
    /* Untouched tables are served from the cache in a write txn too. */
    t = lookup(w, "db1", "t0");
    ck_assert_ptr_eq(t, committed);
    sc_table_free(t);
    alter_c1(w, id, "t0", "uncommitted", NULL);
    t = lookup(w, "db1", "t0"); /* the txn sees its own change */
    ck_assert_ptr_ne(t, committed);
    ck_assert_str_eq(sc_table_definition(t)->columns[1].comment, "uncommitted");
    sc_table_free(t);
    ck_assert_uint_eq(stats().fills, fills); /* and does not cache it */
    other = lookup(w, "db1", "t1");          /* another table: still a hit */
    ck_assert_uint_eq(stats().hits, 2);
    sc_table_free(other);
    t = lookup(ro, "db1", "t0"); /* a reader does not see it */
    ck_assert_ptr_eq(t, committed);
    sc_table_free(t);
    sc_txn_abort(w);
    ck_assert_uint_eq(stats().fills, fills);

    /* After the abort, another ALTER commits version 2 with the same tables row:
     * readers get the committed definition, never the aborted one. */
    w = begin_rw();
    alter_c1(w, id, "t0", "committed", NULL);
    ct_ok(sc_txn_commit(w));
    t = lookup(ro, "db1", "t0"); /* the old snapshot: version 1 */
    ck_assert_ptr_eq(t, committed);
    sc_table_free(t);
    sc_txn_abort(ro);
    ro = begin_ro();
    t = lookup(ro, "db1", "t0");
    ck_assert_uint_eq(sc_table_version(t), 2);
    ck_assert_str_eq(sc_table_definition(t)->columns[1].comment, "committed");
    sc_table_free(t);
    sc_txn_abort(ro);

    /* A nested txn's aborted ALTER: the parent gets the committed definition back. */
    w = begin_rw();
    ct_ok(sc_txn_begin_nested(&nested, w));
    alter_c1(nested, id, "t0", "nested", NULL);
    sc_txn_abort(nested);
    t = lookup(w, "db1", "t0");
    ck_assert_str_eq(sc_table_definition(t)->columns[1].comment, "committed");
    ck_assert_uint_eq(sc_table_version(t), 2);
    sc_table_free(t);
    sc_txn_abort(w);
    sc_table_free(committed);
}
END_TEST

/* The aborted ALTER was read in the write txn before a reader loaded the same version
 * number committed with other contents: the reader must not get the aborted one. */
START_TEST(test_catalog_cache_aborted_same_version)
{
    sc_table *t, *a = NULL;
    sc_txn *w, *ro;
    uint64_t id;

    make_tables(1);
    ro = begin_ro();
    t = lookup(ro, "db1", "t0");
    id = sc_table_id(t);
    sc_table_free(t);
    sc_txn_abort(ro);
    w = begin_rw();
    alter_c1(w, id, "t0", NULL, "aborted");
    ct_ok(sc_table_get(&a, w, id));
    sc_txn_abort(w);
    ck_assert_str_eq(sc_table_definition(a)->columns[1].name, "aborted"); /* outlives its txn */
    w = begin_rw();
    alter_c1(w, id, "t0", NULL, "kept");
    ct_ok(sc_txn_commit(w));
    ro = begin_ro();
    ct_ok(sc_table_get(&t, ro, id));
    ck_assert_uint_eq(sc_table_version(t), sc_table_version(a));
    ck_assert_str_eq(sc_table_definition(t)->columns[1].name, "kept");
    ck_assert_ptr_ne(t, a);
    sc_table_free(t);
    sc_txn_abort(ro);
    sc_table_free(a);
}
END_TEST

/* The packed row of st found by row_foreach: table id and ordinal to match. */
typedef struct raw_find {
    unsigned st;
    uint64_t id;
    uint32_t ordinal;
    uint8_t buf[1024];
    size_t len;
} raw_find;

static int raw_match(sc_slice packed, void *payload)
{
    raw_find *f = payload;
    bool hit = false;

    if (f->st == SC_SYS_TABLES) {
        Syscat__Catalog__TableRow *r =
            syscat__catalog__table_row__unpack(NULL, packed.len, packed.data);
        hit = r && r->id == f->id;
        syscat__catalog__table_row__free_unpacked(r, NULL);
    } else {
        Syscat__Catalog__ColumnRow *r =
            syscat__catalog__column_row__unpack(NULL, packed.len, packed.data);
        hit = r && r->table_id == f->id && r->ordinal == f->ordinal;
        syscat__catalog__column_row__free_unpacked(r, NULL);
    }
    if (!hit)
        return 0;
    ck_assert_uint_le(packed.len, sizeof(f->buf));
    memcpy(f->buf, packed.data, packed.len);
    f->len = packed.len;
    return 1;
}

/* Rewrite one row through the raw row API (as the applier does): a comment changes,
 * nothing else, the table's version included. */
static void
raw_set_comment(sc_txn *txn, unsigned st, uint64_t id, uint32_t ordinal, const char *comment)
{
    raw_find f = {st, id, ordinal, {0}, 0};
    ProtobufCBinaryData bd = {strlen(comment), (uint8_t *)(uintptr_t)comment}, old;
    uint8_t out[1024];
    sc_slice sl = {out, 0};

    ck_assert_int_eq(sc_catalog__row_foreach(txn, st, raw_match, &f), 1);
    if (st == SC_SYS_TABLES) {
        Syscat__Catalog__TableRow *r = syscat__catalog__table_row__unpack(NULL, f.len, f.buf);
        old = r->comment;
        r->comment = bd;
        sl.len = syscat__catalog__table_row__pack(r, out);
        r->comment = old;
        syscat__catalog__table_row__free_unpacked(r, NULL);
    } else {
        Syscat__Catalog__ColumnRow *r = syscat__catalog__column_row__unpack(NULL, f.len, f.buf);
        old = r->comment;
        r->comment = bd;
        sl.len = syscat__catalog__column_row__pack(r, out);
        r->comment = old;
        syscat__catalog__column_row__free_unpacked(r, NULL);
    }
    ct_ok(sc_catalog__row_put(txn, st, sl));
}

/* Raw row writes that keep the version: a write txn sees its own child-row change (the
 * cache does not serve a table the txn touched), and a committed tables-row change is
 * seen because the whole tables row is the key, not the version alone. */
START_TEST(test_catalog_cache_raw_writes)
{
    sc_table *cached, *t;
    sc_txn *w, *ro;
    uint64_t id;

    make_tables(1);
    ro = begin_ro();
    cached = lookup(ro, "db1", "t0");
    id = sc_table_id(cached);
    sc_txn_abort(ro);
    w = begin_rw();
    raw_set_comment(w, SC_SYS_COLUMNS, id, 1, "raw column comment");
    t = lookup(w, "db1", "t0");
    ck_assert_ptr_ne(t, cached);
    ck_assert_uint_eq(sc_table_version(t), sc_table_version(cached));
    ck_assert_str_eq(sc_table_definition(t)->columns[1].comment, "raw column comment");
    sc_table_free(t);
    sc_txn_abort(w);

    w = begin_rw();
    raw_set_comment(w, SC_SYS_TABLES, id, 0, "raw table comment");
    ct_ok(sc_txn_commit(w));
    ro = begin_ro();
    t = lookup(ro, "db1", "t0");
    ck_assert_ptr_ne(t, cached);
    ck_assert_uint_eq(sc_table_version(t), sc_table_version(cached));
    ck_assert_str_eq(sc_table_definition(t)->comment, "raw table comment");
    sc_table_free(t);
    sc_txn_abort(ro);
    sc_table_free(cached);
}
END_TEST

/* ------------------------------------------------------------------ */
/* lifetime and capacity                                                */

START_TEST(test_catalog_cache_outlives_eviction)
{
    sc_table *keep, *t;
    sc_txn *txn;
    char name[16];
    int i;

    make_tables(6);
    reopen_with(0, 2);
    txn = begin_ro();
    keep = lookup(txn, "db1", "t0");
    /* t1 fills the cache; t2..t5 asked for twice are asked for more often than
     * the least recently used entry, so the first of them evicts t0 */
    for (i = 1; i < 6; i++) {
        snprintf(name, sizeof(name), "t%d", i);
        sc_table_free(lookup(txn, "db1", name));
        if (i > 1)
            sc_table_free(lookup(txn, "db1", name));
    }
    ck_assert_uint_eq(stats().entries, 2);
    ck_assert_uint_ge(stats().evictions, 1);
    sc_txn_abort(txn);
    /* Evicted and its txn gone: still whole (ASan watches). */
    ck_assert_str_eq(sc_table_definition(keep)->name, "t0");
    ck_assert_str_eq(sc_table_definition(keep)->indexes[1].parts[0].column, "c1");
    ck_assert_str_eq(sc_table_schema_name(keep), "db1");
    /* Looked up again: a new load, not the evicted object. */
    txn = begin_ro();
    t = lookup(txn, "db1", "t0");
    ck_assert_ptr_ne(t, keep);
    ck_assert(tables_equal(t, keep));
    sc_txn_abort(txn);
    sc_catalog_close(sc_fx.cat); /* drops the cache's references */
    sc_fx.cat = NULL;
    ck_assert_str_eq(sc_table_definition(t)->columns[3].name, "c3");
    sc_table_free(t);
    sc_table_free(keep);
    reopen_with(0, 0);
}
END_TEST

START_TEST(test_catalog_cache_capacity_lru)
{
    sc_table_cache_stats st;
    sc_txn *txn;
    char name[16];
    int i;

    make_tables(10);
    reopen_with(0, 3);
    ck_assert_uint_eq(stats().capacity, 3);
    txn = begin_ro();
    /* A scan of more tables than the cache holds fills it once, then leaves it be:
     * each later table was asked for once, no more than the entry it would evict. */
    for (i = 0; i < 10; i++) {
        snprintf(name, sizeof(name), "t%d", i);
        sc_table_free(lookup(txn, "db1", name));
        ck_assert_uint_le(stats().entries, 3);
    }
    ck_assert_uint_eq(stats().fills, 3);
    ck_assert_uint_eq(stats().evictions, 0);
    ck_assert_uint_eq(stats().refused, 7);
    /* Held: t0 t1 t2. t7 asked for a second time is admitted in place of t0, the
     * least recently used; then t1 is touched and t8 asked for twice: t2 goes. */
    sc_table_free(lookup(txn, "db1", "t7"));
    ck_assert_uint_eq(stats().evictions, 1);
    sc_table_free(lookup(txn, "db1", "t1"));
    sc_table_free(lookup(txn, "db1", "t8"));
    sc_table_free(lookup(txn, "db1", "t8"));
    ck_assert_uint_eq(stats().evictions, 2);
    st = stats();
    sc_table_free(lookup(txn, "db1", "t7"));
    sc_table_free(lookup(txn, "db1", "t1"));
    sc_table_free(lookup(txn, "db1", "t8"));
    ck_assert_uint_eq(stats().hits, st.hits + 3);
    sc_table_free(lookup(txn, "db1", "t2"));
    ck_assert_uint_eq(stats().misses, st.misses + 1);
    ck_assert_uint_eq(stats().entries, 3);
    sc_txn_abort(txn);
}
END_TEST

/*
 * A working set far larger than the cache: once a window of loads hit it less
 * than one time in eight, most loads bypass it (they read, count and fill
 * nothing of it, so cost what they cost without a cache); the sampled loads
 * that still consult it see a hot set come back and reopen it.
 */
START_TEST(test_catalog_cache_bypass_when_it_does_not_fit)
{
    sc_table_cache_stats st, st2;
    sc_txn *txn;
    char name[16];
    uint64_t seed = 42;
    int i;

    make_tables(200);
    reopen_with(0, 4);
    txn = begin_ro();
    for (i = 0; i < 4000; i++) { /* uniform over 200 tables through 4 entries */
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        snprintf(name, sizeof(name), "t%llu", (unsigned long long)((seed >> 33) % 200));
        sc_table_free(lookup(txn, "db1", name));
    }
    st = stats();
    /* the first window of 1,024 consults it all; the rest, one load in 16 */
    ck_assert_uint_gt(st.bypassed, 2500);
    ck_assert_uint_lt(st.hits + st.misses, 1300);
    /* a hot set of 3 tables: the sampled loads hit, the next window reopens it */
    for (i = 0; i < 40000; i++) {
        snprintf(name, sizeof(name), "t%d", i % 3);
        sc_table_free(lookup(txn, "db1", name));
    }
    st2 = stats();
    ck_assert_uint_lt(st2.bypassed - st.bypassed, 20000);
    ck_assert_uint_gt(st2.hits - st.hits, 20000);
    sc_txn_abort(txn);
}
END_TEST

/*
 * A cache with room is never bypassed: a first pass over a working set it can
 * hold hits nothing (more than a gate window of misses in a row), and every
 * table it loads is kept, so the second pass hits every time.
 */
START_TEST(test_catalog_cache_with_room_not_bypassed)
{
    sc_table_cache_stats st;
    sc_txn *txn;
    char name[16];
    int pass, i;

    make_tables(1100);
    reopen_with(0, 2048);
    txn = begin_ro();
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < 1100; i++) {
            snprintf(name, sizeof(name), "t%d", i);
            sc_table_free(lookup(txn, "db1", name));
        }
    }
    st = stats();
    ck_assert_uint_eq(st.bypassed, 0);
    ck_assert_uint_eq(st.fills, 1100);
    ck_assert_uint_eq(st.entries, 1100);
    ck_assert_uint_eq(st.hits, 1100);
    sc_txn_abort(txn);
}
END_TEST

/* Version 1 and 2 options (no table_cache_size, no map_size_max) still open; unknown versions
 * are refused. */
START_TEST(test_catalog_cache_options_versions)
{
    struct {
        unsigned version, flags;
        uint64_t map_size;
    } v1 = {1, SC_CATALOG_NOSYNC, 0};
    sc_catalog_options bad = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_txn *txn;

    struct {
        unsigned version, flags;
        uint64_t map_size;
        size_t table_cache_size;
    } v2 = {2, SC_CATALOG_NOSYNC, 0, 55}; /* version 2: no map_size_max */

    ck_assert_uint_eq(SC_CATALOG_OPTIONS_VERSION, 3);
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, (const sc_catalog_options *)&v1));
    ck_assert_uint_eq(stats().capacity, SC_TABLE_CACHE_DEFAULT);
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, (const sc_catalog_options *)&v2));
    ck_assert_uint_eq(stats().capacity, 55);
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    bad.version = 4;
    ck_assert_int_eq(sc_catalog_open(&cat, sc_fx.ctx, sc_fx.dir, &bad), SC_EINVAL);
    ck_assert_ptr_null(cat);
    reopen_with(0, 0);
    ck_assert_uint_eq(stats().capacity, SC_TABLE_CACHE_DEFAULT);
    reopen_with(0, 77);
    ck_assert_uint_eq(stats().capacity, 77);
    reopen_with(0, SIZE_MAX); /* "unbounded": opens, buckets stay bounded */
    ck_assert_uint_eq(stats().capacity, SIZE_MAX);
    txn = begin_ro();
    sc_table_free(lookup(txn, "syscat", "tables"));
    ck_assert_uint_eq(stats().entries, 1);
    sc_txn_abort(txn);
}
END_TEST

/* ------------------------------------------------------------------ */
/* allocation failure                                                   */

/* Loads through the cache under a ctx failing allocation number n; SC_OK or the error. */
static int cache_attempt(sc_fault_alloc *fa, const char *dir)
{
    sc_allocator al = sc_fixture_fault_allocator(fa);
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_txn *ro = NULL, *w = NULL;
    sc_table *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    int rc;

    co.allocator = &al;
    o.flags = SC_CATALOG_NOSYNC;
    o.table_cache_size = 2;
    if ((rc = sc_ctx_new(&ctx, &co)))
        return rc;
    if ((rc = sc_catalog_open(&cat, ctx, dir, &o)) ||
        (rc = sc_txn_begin(&ro, cat, SC_TXN_READONLY)) ||
        (rc = sc_table_lookup(&a, ro, "db1", "t0")) ||
        (rc = sc_table_lookup(&b, ro, "db1", "t0")) ||
        (rc = sc_table_get(&c, ro, sc_table_id(a))) || (rc = sc_table_lookup(&d, ro, "db1", "t1")))
        goto out;
    sc_table_free(d);
    d = NULL;
    if ((rc = sc_table_lookup(&d, ro, "db1", "t2")) || /* refused: t0 is asked for more */
        (rc = sc_txn_begin(&w, cat, 0)))
        goto out;
    sc_table_free(d);
    d = NULL;
    if ((rc = sc_table_lookup(&d, w, "db1", "t2")))
        goto out;
    rc = sc_txn_commit(w);
    w = NULL;
out:
    sc_txn_abort(w);
    sc_txn_abort(ro);
    sc_table_free(a);
    sc_table_free(b);
    sc_catalog_close(cat);
    sc_table_free(c); /* after close: outlives the catalog */
    sc_table_free(d);
    sc_ctx_free(ctx);
    return rc;
}

START_TEST(test_catalog_cache_alloc_failure_nth)
{
    sc_fault_alloc fa;
    unsigned long n;
    int rc;

    make_tables(3);
    sc_catalog_close(sc_fx.cat); /* one env per process at a time */
    sc_fx.cat = NULL;
    for (n = 1; n < 2000; n++) {
        fa = (sc_fault_alloc){(long)n - 1, true, false}; /* fail allocation number n only */
        rc = cache_attempt(&fa, sc_fx.dir);
        if (!fa.failed) {
            ck_assert_int_eq(rc, SC_OK);
            break;
        }
        ck_assert_msg(rc == SC_ENOMEM, "allocation %lu failed but rc = %d", n, rc);
    }
    ck_assert_msg(n > 10 && n < 2000, "n = %lu", n);
    reopen_with(0, 0);
}
END_TEST

Suite *sc_test_catalog_cache_suite(void);
Suite *sc_test_catalog_cache_suite(void)
{
    Suite *s = suite_create("catalog_cache");
    TCase *tc;

#define CC_CASE(name, ...)                                                                         \
    do {                                                                                           \
        tc = tcase_create(name);                                                                   \
        tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);      \
        tcase_set_timeout(tc, 60);                                                                 \
        __VA_ARGS__                                                                                \
        suite_add_tcase(s, tc);                                                                    \
    } while (0)

    CC_CASE("hit", tcase_add_test(tc, test_catalog_cache_hit_identical);
            tcase_add_test(tc, test_catalog_cache_snapshot_hits);
            tcase_add_test(tc, test_catalog_cache_hit_allocates_nothing););
    CC_CASE("changes", tcase_add_test(tc, test_catalog_cache_sees_alter_rename_drop);
            tcase_add_test(tc, test_catalog_cache_other_process););
    CC_CASE("write_txn", tcase_add_test(tc, test_catalog_cache_write_txn_uncommitted);
            tcase_add_test(tc, test_catalog_cache_aborted_same_version);
            tcase_add_test(tc, test_catalog_cache_raw_writes););
    CC_CASE("lifetime", tcase_add_test(tc, test_catalog_cache_outlives_eviction);
            tcase_add_test(tc, test_catalog_cache_capacity_lru);
            tcase_add_test(tc, test_catalog_cache_bypass_when_it_does_not_fit);
            tcase_add_test(tc, test_catalog_cache_with_room_not_bypassed););
    CC_CASE("options", tcase_add_test(tc, test_catalog_cache_options_versions););
    CC_CASE("alloc", tcase_add_test(tc, test_catalog_cache_alloc_failure_nth););
    return s;
}
