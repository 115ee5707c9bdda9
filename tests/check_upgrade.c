/*
 * check_upgrade.c - in-place upgrade of a catalog made by an older syscat:
 * format 1.0 (system tables 1-12, before syscat.views and syscat.triggers)
 * and format 1.2 (what main made before the clustered layout of format 2,
 * docs/storage.md), both in format 1's layout of one LMDB database per
 * system table.
 *
 * The old catalog is made by old_catalog(): a fresh catalog of this build
 * taken back to format 1's layout through LMDB itself (every entry of
 * sys.table_rows moved to the database of its kind, the kind byte taken out
 * of its key: the inverse of layout.c's conversion, format_major 1), then for
 * 1.0 the databases of the newer system tables dropped, their
 * self-description rows (syscat.tables/columns/indexes/index_columns, the
 * name index) deleted and format_minor set back to 0.
 * Bootstrap of 1.0 wrote exactly the rows of tables 1-12 that this one
 * writes (their descriptors did not change), so that is the old catalog's
 * content (not its page layout). A logged old catalog gets its log from
 * this build's sc_log_open, whose first snapshot then holds tables 1-12
 * only, as 1.0's did.
 */
#include <check.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "catalog/catalog_int.h"
#include "tests/fixtures.h"
#include "tests/replica_util.h"

#define OLD_FIRST 13 /* first system table id 1.0 did not have (syscat.views) */

static char base[256];

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    sc_fixture_rmtree(base);
}

static MDB_env *env_at(const char *dir)
{
    MDB_env *env;
    char path[512];

    snprintf(path, sizeof(path), "%s/catalog.mdb", dir);
    ck_assert_int_eq(mdb_env_create(&env), 0);
    mdb_env_set_maxdbs(env, 64);
    ck_assert_int_eq(mdb_env_open(env, path, 0, 0644), 0);
    return env;
}

static uint64_t be64(const void *p)
{
    const uint8_t *b = p;
    uint64_t v = 0;

    for (int i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v;
}

/* Delete the pairs of db whose key (or value) starts with a table id >= OLD_FIRST below 256. */
static void strip_db(MDB_txn *txn, const char *name, bool by_value)
{
    MDB_dbi dbi;
    MDB_cursor *c;
    MDB_val k, v;

    ck_assert_int_eq(mdb_dbi_open(txn, name, 0, &dbi), 0);
    ck_assert_int_eq(mdb_cursor_open(txn, dbi, &c), 0);
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
        const MDB_val *id = by_value ? &v : &k;
        uint64_t t = id->mv_size >= 8 ? be64(id->mv_data) : 0;

        if (t >= OLD_FIRST && t < 256)
            ck_assert_int_eq(mdb_cursor_del(c, 0), 0);
    }
    mdb_cursor_close(c);
}

/* Move every entry of sys.table_rows to the database of its kind, key without the kind byte. */
static void to_layout1(MDB_txn *txn)
{
    MDB_dbi rows, dbi;
    MDB_cursor *c;
    MDB_val k, v, nk;
    MDB_val mk = {12, "format_major"}, mv = {1, "1"};
    uint8_t key[600];

    if (mdb_dbi_open(txn, "sys.table_rows", 0, &rows) != 0)
        return; /* already format 1 */
    ck_assert_int_eq(mdb_cursor_open(txn, rows, &c), 0);
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
        const sc_systable *st;

        ck_assert_uint_ge(k.mv_size, 9);
        st = sc_catalog__systable(((const uint8_t *)k.mv_data)[8]);
        ck_assert_ptr_nonnull(st);
        memcpy(key, k.mv_data, 8);
        memcpy(key + 8, (const uint8_t *)k.mv_data + 9, k.mv_size - 9);
        nk.mv_size = k.mv_size - 1;
        nk.mv_data = key;
        ck_assert_int_eq(mdb_dbi_open(txn, st->name, MDB_CREATE, &dbi), 0);
        ck_assert_int_eq(mdb_put(txn, dbi, &nk, &v, MDB_NOOVERWRITE), 0);
    }
    mdb_cursor_close(c);
    /* format 1 had a database for each of them, empty or not */
    for (unsigned i = 1; sc_catalog__systable(i); i++)
        ck_assert_int_eq(mdb_dbi_open(txn, sc_catalog__systable(i)->name, MDB_CREATE, &dbi), 0);
    ck_assert_int_eq(mdb_drop(txn, rows, 1), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, "sys.meta", 0, &dbi), 0);
    ck_assert_int_eq(mdb_put(txn, dbi, &mk, &mv, 0), 0);
}

/* Make the catalog in dir what format 1.2 left: this catalog in format 1's layout. */
static void make_12(const char *dir)
{
    MDB_env *env = env_at(dir);
    MDB_txn *txn;

    ck_assert_int_eq(mdb_txn_begin(env, NULL, 0, &txn), 0);
    to_layout1(txn);
    ck_assert_int_eq(mdb_txn_commit(txn), 0);
    mdb_env_close(env);
}

/* Make the catalog in dir what format 1.0 left (see the file comment). */
static void make_old(const char *dir, bool logged)
{
    static const char *const dbs[] = {"tables", "columns", "indexes", "index_columns"};
    static const char *const newer[] = {"views", "triggers", "users", "partitions",
                                        "sequence_options"};
    MDB_env *env = env_at(dir);
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_val k = {12, "format_minor"}, v = {1, "0"}, lk = {6, "logged"}, lv = {1, "1"};

    ck_assert_int_eq(mdb_txn_begin(env, NULL, 0, &txn), 0);
    to_layout1(txn);
    for (size_t i = 0; i < 4; i++)
        strip_db(txn, dbs[i], false);
    strip_db(txn, "sys.tables_by_name", true);
    for (size_t i = 0; i < sizeof(newer) / sizeof(newer[0]); i++)
        if (mdb_dbi_open(txn, newer[i], 0, &dbi) == 0)
            ck_assert_int_eq(mdb_drop(txn, dbi, 1), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, "sys.meta", 0, &dbi), 0);
    ck_assert_int_eq(mdb_put(txn, dbi, &k, &v, 0), 0);
    if (logged)
        ck_assert_int_eq(mdb_put(txn, dbi, &lk, &lv, 0), 0);
    ck_assert_int_eq(mdb_txn_commit(txn), 0);
    mdb_env_close(env);
}

static void put_hex(FILE *f, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", ((const uint8_t *)p)[i]);
}

static int line_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the lines of text (in place; the result is the same size). */
static void sort_lines(char *text)
{
    char *copy = strdup(text), **lines = NULL, *p, *save = NULL;
    size_t n = 0, cap = 0, o = 0;

    for (p = strtok_r(copy, "\n", &save); p; p = strtok_r(NULL, "\n", &save)) {
        if (n == cap)
            lines = realloc(lines, (cap = cap ? cap * 2 : 256) * sizeof(*lines));
        lines[n++] = p;
    }
    qsort(lines, n, sizeof(*lines), line_cmp);
    for (size_t i = 0; i < n; i++)
        o += (size_t)sprintf(text + o, "%s\n", lines[i]);
    free(lines);
    free(copy);
}

/*
 * Every database and pair of the catalog in dir, as text (empty databases left out when
 * skip_empty); caller frees. logical: the rows as format 1 would hold them, whatever the
 * layout (an entry of sys.table_rows under its kind's name, its key without the kind
 * byte; sys.meta's format_major left out), one sorted line per pair: what must not
 * change when an upgrade only moved rows.
 */
static char *raw_dump(const char *dir, bool skip_empty, bool logical)
{
    MDB_env *env = env_at(dir);
    MDB_txn *txn;
    MDB_dbi main_db, dbi;
    MDB_cursor *c, *d;
    MDB_val k, v, k2, v2;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);

    ck_assert_int_eq(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, NULL, 0, &main_db), 0);
    ck_assert_int_eq(mdb_cursor_open(txn, main_db, &c), 0);
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
        char name[128];
        bool rows;

        MDB_stat ms;

        snprintf(name, sizeof(name), "%.*s", (int)k.mv_size, (const char *)k.mv_data);
        ck_assert_int_eq(mdb_dbi_open(txn, name, 0, &dbi), 0);
        ck_assert_int_eq(mdb_stat(txn, dbi, &ms), 0);
        if (skip_empty && ms.ms_entries == 0)
            continue;
        rows = logical && strcmp(name, "sys.table_rows") == 0;
        if (!logical)
            fprintf(f, "[%s]\n", name);
        ck_assert_int_eq(mdb_cursor_open(txn, dbi, &d), 0);
        while (mdb_cursor_get(d, &k2, &v2, MDB_NEXT) == 0) {
            const uint8_t *kb = k2.mv_data;

            if (logical && strcmp(name, "sys.meta") == 0 && k2.mv_size == 12 &&
                memcmp(kb, "format_major", 12) == 0)
                continue;
            if (rows) {
                ck_assert_uint_ge(k2.mv_size, 9);
                fprintf(f, "%s ", sc_catalog__systable(kb[8])->name);
                put_hex(f, kb, 8);
                put_hex(f, kb + 9, k2.mv_size - 9);
            } else {
                if (logical)
                    fprintf(f, "%s ", name);
                put_hex(f, kb, k2.mv_size);
            }
            fputc('=', f);
            put_hex(f, v2.mv_data, v2.mv_size);
            fputc('\n', f);
        }
        mdb_cursor_close(d);
    }
    mdb_cursor_close(c);
    mdb_txn_abort(txn);
    mdb_env_close(env);
    fclose(f);
    if (logical)
        sort_lines(out);
    return out;
}

/* A closed catalog in base/name as format 1.0 left it, unlogged or with its log. */
static void old_catalog(ru_node *n, const char *name, bool logged)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    memset(n, 0, sizeof(*n));
    snprintf(n->dir, sizeof(n->dir), "%s/%s", base, name);
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    ck_assert_int_eq(sc_ctx_new(&n->ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&n->cat, n->ctx, n->dir, &o), SC_OK);
    ru_close(n);
    make_old(n->dir, logged);
    if (!logged)
        return;
    /* The 1.0 log: its first snapshot (tables 1-12) made before any upgrade. */
    ru_open(n);
    ru_close(n);
    make_old(n->dir, true); /* the databases the open created, absent in 1.0 */
}

static void assert_upgraded(ru_node *n)
{
    sc_catalog_stats st;
    sc_txn *t = NULL;
    sc_table *views = NULL, *triggers = NULL;

    ck_assert_int_eq(sc_catalog_stats_get(&st, n->cat), SC_OK);
    ck_assert_uint_eq(st.format_major, SC_FORMAT_MAJOR);
    ck_assert_uint_eq(st.format_minor, SC_FORMAT_MINOR);
    ck_assert_int_eq(sc_txn_begin(&t, n->cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&views, t, "syscat", "views"), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&triggers, t, "syscat", "triggers"), SC_OK);
    ck_assert_uint_eq(sc_table_id(views), OLD_FIRST);
    ck_assert_uint_eq(sc_table_id(triggers), OLD_FIRST + 1);
    sc_table_free(views);
    sc_table_free(triggers);
    sc_txn_abort(t);
    ru_fsck_ok(n);
}

static void use_it(ru_node *n)
{
    ru_exec_ok(n, "CREATE DATABASE app");
    ru_exec_ok(n, "CREATE TABLE app.t (id INT PRIMARY KEY, a INT)");
    ru_exec_ok(n, "CREATE VIEW app.v AS SELECT id, a FROM app.t");
    ru_exec_ok(n, "CREATE TRIGGER app.tr BEFORE INSERT ON app.t FOR EACH ROW SET NEW.a = 1");
    ru_fsck_ok(n);
}

static void log_clean(ru_node *n)
{
    size_t problems = 99;
    int rc = sc_log_verify(n->log, NULL, NULL, &problems);

    ck_assert_msg(rc == SC_OK && problems == 0, "binlog verify: rc %d, %zu problems", rc, problems);
}

/* Read-only: refused with a message that says an upgrade is needed; nothing written. */
START_TEST(test_upgrade_readonly_says_so)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    ru_node n;
    char *before, *after;
    const sc_error *e;

    old_catalog(&n, "old", false);
    before = raw_dump(n.dir, false, false);
    o.flags = SC_CATALOG_READONLY;
    ck_assert_int_eq(sc_ctx_new(&n.ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&n.cat, n.ctx, n.dir, &o), SC_EVERSION);
    e = sc_ctx_last_error(n.ctx);
    ck_assert_msg(strstr(e->message, "(format 1.0) was made by an older syscat and needs an "
                                     "upgrade to format 2.2: open it read-write once"),
                  "%s", e->message);
    after = raw_dump(n.dir, false, false);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    sc_ctx_free(n.ctx);
}
END_TEST

/* Unlogged: opening read-write upgrades; DDL on the new tables; fsck clean; reopen is a no-op. */
START_TEST(test_upgrade_unlogged)
{
    ru_node n;
    char *before, *after;

    old_catalog(&n, "old", false);
    ru_open(&n); /* upgrades at sc_catalog_open, then the log's first snapshot has it all */
    assert_upgraded(&n);
    use_it(&n);
    log_clean(&n);
    ru_close(&n);
    before = raw_dump(n.dir, false, false);
    ru_open(&n);
    ru_close(&n);
    after = raw_dump(n.dir, false, false);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
}
END_TEST

/* Logged: the upgrade is one logged transaction; binlog verify clean; a replica follows. */
START_TEST(test_upgrade_logged_replica)
{
    ru_node s, r;
    sc_replica_stats st;
    char *a, *b;

    old_catalog(&s, "src", true);
    ru_open(&s);
    ck_assert_int_eq(sc_log_set(s.log, "binlog.server_id", "11"), SC_OK);
    assert_upgraded(&s);
    log_clean(&s);
    ru_create(&r, base, "rep", 99, NULL);
    ru_add_source(&r, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    st = ru_apply_ok(&r, "s");
    ck_assert_uint_eq(st.txns, 2); /* the 1.0 snapshot and the upgrade */
    use_it(&s);
    log_clean(&s);
    ru_apply_ok(&r, "s");
    ru_fsck_ok(&r);
    a = ru_dump_all(&s);
    b = ru_dump_all(&r);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

/*
 * Atomic: every allocation of the upgrading open failed in turn leaves the catalog as it was.
 * A logged catalog gets the clustered layout (one transaction) and the new system tables'
 * (empty) LMDB databases at sc_catalog_open and their rows in sc_log_open's transaction:
 * there the new layout and an empty database may remain, which read as the old ones did;
 * every row, counter, setting and the log are unchanged (the logical dump).
 */
static void fail_each(const char *dir, bool with_log)
{
    char *before = raw_dump(dir, with_log, with_log), *now;
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    bool done = false;
    long k;

    o.flags = SC_CATALOG_NOSYNC;
    for (k = 0; !done && k < 20000; k++) {
        sc_fault_counter fc = {{k, false, false}, 0};
        sc_allocator al = sc_fixture_counting_allocator(&fc);
        sc_ctx_options co = SC_CTX_OPTIONS_INIT;
        sc_ctx *ctx = NULL;
        sc_catalog *cat = NULL;
        sc_log *log = NULL;
        int rc;

        co.allocator = &al;
        if (sc_ctx_new(&ctx, &co) != SC_OK)
            continue;
        rc = sc_catalog_open(&cat, ctx, dir, &o);
        if (!rc && with_log)
            rc = sc_log_open(&log, cat);
        done = rc == SC_OK;
        ck_assert_msg(done || fc.fa.failed, "rc %d without a failure at %ld: %s", rc, k,
                      sc_ctx_last_error(ctx)->message);
        sc_log_close(log);
        sc_catalog_close(cat);
        sc_ctx_free(ctx);
        ck_assert_msg(fc.live == 0, "%ld blocks leaked at %ld", fc.live, k);
        if (!done) {
            now = raw_dump(dir, with_log, with_log);
            ck_assert_msg(strcmp(before, now) == 0, "allocation %ld failed: catalog changed", k);
            free(now);
        }
    }
    ck_assert_msg(done, "never opened");
    free(before);
}

START_TEST(test_upgrade_atomic_unlogged)
{
    ru_node n;

    old_catalog(&n, "old", false);
    fail_each(n.dir, false);
    ru_open(&n);
    assert_upgraded(&n);
    ru_close(&n);
}
END_TEST

START_TEST(test_upgrade_atomic_logged)
{
    ru_node n;

    old_catalog(&n, "old", true);
    fail_each(n.dir, true);
    ru_open(&n);
    assert_upgraded(&n);
    log_clean(&n);
    ru_close(&n);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Format 1.2 (main before the clustered layout) to 2.2                 */

/* What the 1.2 catalog holds: tables of every child kind, a view, a trigger, a sequence. */
static void fill_12(ru_node *n)
{
    ru_exec_ok(n, "CREATE DATABASE app");
    ru_exec_ok(n, "CREATE TABLE app.p (id INT PRIMARY KEY, a VARCHAR(20) COMMENT 'c', "
                  "b INT DEFAULT 3, KEY ka (a(5), b DESC), UNIQUE KEY kb (b), CHECK (b > 0))");
    ru_exec_ok(n, "CREATE TABLE app.c (id INT, pid INT, KEY (pid), "
                  "CONSTRAINT fk FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE)");
    ru_exec_ok(n, "CREATE TABLE app.h (id INT, d DATE) PARTITION BY RANGE (id) "
                  "(PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE)");
    ru_exec_ok(n, "CREATE VIEW app.v AS SELECT id, a FROM app.p");
    ru_exec_ok(n, "CREATE TRIGGER app.tr BEFORE INSERT ON app.p FOR EACH ROW SET NEW.b = 1");
    ru_exec_ok(n, "CREATE SEQUENCE app.s START WITH 5");
}

/* A closed, logged catalog in base/name with fill_12's tables, in format 1.2's layout;
 * *dump gets its SHOW CREATE dump. */
static void catalog_12(ru_node *n, const char *name, char **dump)
{
    memset(n, 0, sizeof(*n));
    snprintf(n->dir, sizeof(n->dir), "%s/%s", base, name);
    ru_open(n);
    fill_12(n);
    *dump = ru_dump_all(n);
    ru_close(n);
    make_12(n->dir);
}

/* Whether the environment in dir has a named database called name. */
static bool has_db(const char *dir, const char *name)
{
    MDB_env *env = env_at(dir);
    MDB_txn *txn;
    MDB_dbi dbi;
    bool yes;

    ck_assert_int_eq(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), 0);
    yes = mdb_dbi_open(txn, name, 0, &dbi) == 0;
    mdb_txn_abort(txn);
    mdb_env_close(env);
    return yes;
}

/* Read-only, a 1.2 catalog is read in its own layout: same definitions, fsck clean, no write. */
START_TEST(test_upgrade_12_readonly_reads)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog_stats st;
    ru_node n;
    char *dump, *now, *before, *after;
    size_t problems = 99;

    catalog_12(&n, "c12", &dump);
    ck_assert(has_db(n.dir, "columns") && !has_db(n.dir, "sys.table_rows"));
    before = raw_dump(n.dir, false, false);
    o.flags = SC_CATALOG_READONLY;
    ck_assert_int_eq(sc_ctx_new(&n.ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&n.cat, n.ctx, n.dir, &o), SC_OK);
    ck_assert_int_eq(sc_catalog_stats_get(&st, n.cat), SC_OK);
    ck_assert_uint_eq(st.format_major, 1);
    ck_assert_uint_eq(st.format_minor, 2);
    now = ru_dump_all(&n);
    ck_assert_str_eq(now, dump);
    ck_assert_int_eq(sc_fsck(n.cat, NULL, NULL, &problems), SC_OK);
    ck_assert_uint_eq(problems, 0);
    sc_catalog_close(n.cat);
    sc_ctx_free(n.ctx);
    after = raw_dump(n.dir, false, false);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    free(now);
    free(dump);
}
END_TEST

/*
 * Read-write, a 1.2 catalog is converted at open in one transaction: format 2.2, every
 * row and the log unchanged (logical dump), the per-table databases gone, same
 * definitions, fsck and binlog verify clean, DDL goes on; a second open is a no-op.
 */
START_TEST(test_upgrade_12_converts)
{
    ru_node n;
    sc_catalog_stats st;
    char *dump, *now, *before, *after;

    catalog_12(&n, "c12", &dump);
    before = raw_dump(n.dir, true, true);
    ru_open(&n);
    ck_assert_int_eq(sc_catalog_stats_get(&st, n.cat), SC_OK);
    ck_assert_uint_eq(st.format_major, SC_FORMAT_MAJOR);
    ck_assert_uint_eq(st.format_minor, SC_FORMAT_MINOR);
    ck_assert_uint_eq(st.tables, 3 + 2 + 17); /* app's p, c, h, the view and the sequence */
    now = ru_dump_all(&n);
    ck_assert_str_eq(now, dump);
    ru_fsck_ok(&n);
    log_clean(&n);
    ru_close(&n);
    after = raw_dump(n.dir, true, true);
    ck_assert_str_eq(before, after);
    ck_assert(!has_db(n.dir, "columns") && !has_db(n.dir, "tables") &&
              has_db(n.dir, "sys.table_rows"));
    ru_open(&n);
    ru_exec_ok(&n, "ALTER TABLE app.p ADD COLUMN z INT FIRST, DROP KEY ka");
    ru_exec_ok(&n, "DROP TABLE app.c");
    ru_fsck_ok(&n);
    log_clean(&n);
    ru_close(&n);
    free(before);
    free(after);
    free(now);
    free(dump);
}
END_TEST

/* The conversion is one transaction: every allocation failure leaves the 1.2 catalog as is. */
START_TEST(test_upgrade_12_atomic)
{
    ru_node n;
    char *dump, *now;

    catalog_12(&n, "c12", &dump);
    fail_each(n.dir, false);
    ru_open(&n);
    now = ru_dump_all(&n);
    ck_assert_str_eq(now, dump);
    ru_fsck_ok(&n);
    ru_close(&n);
    free(now);
    free(dump);
}
END_TEST

Suite *sc_test_upgrade_suite(void);
Suite *sc_test_upgrade_suite(void)
{
    Suite *s = suite_create("upgrade");
    TCase *tc = tcase_create("upgrade");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_upgrade_readonly_says_so);
    tcase_add_test(tc, test_upgrade_unlogged);
    tcase_add_test(tc, test_upgrade_logged_replica);
    tcase_add_test(tc, test_upgrade_atomic_unlogged);
    tcase_add_test(tc, test_upgrade_atomic_logged);
    tcase_add_test(tc, test_upgrade_12_readonly_reads);
    tcase_add_test(tc, test_upgrade_12_converts);
    tcase_add_test(tc, test_upgrade_12_atomic);
    suite_add_tcase(s, tc);
    return s;
}
