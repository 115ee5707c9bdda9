/*
 * check_integrity.c - damaged catalogs the readers must refuse rather than
 * trust: an LMDB node whose size field was flipped (LMDB does not check
 * node sizes, so a reader would run far past the value) must give
 * SC_ECORRUPT naming the table and key, from the read paths and from fsck.
 * The damage is made deterministically: the node of a known record is found
 * in data.mdb through LMDB itself and its size field patched. And a row
 * damaged in place that still decodes (a column renamed by one flipped
 * byte) must be found by comparing the rows with the stored log's copy
 * (sc_log_verify_rows), while a purged log says it could not compare.
 */
#include <check.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/replicate.h"
#include "tests/catalog_util.h"

/* ------------------------------------------------------------------ */
/* Damage                                                               */

/* The first entry of db dbname (in dir's catalog, raw LMDB) whose value contains marker,
 * or whose key equals it; copies key and value into fresh memory. */
static void
find_entry(const char *dir, const char *dbname, const char *marker, MDB_val *k_out, MDB_val *v_out)
{
    char path[512];
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_cursor *c;
    MDB_val k, v;
    int rc;
    bool found = false;

    snprintf(path, sizeof(path), "%s/catalog.mdb", dir);
    ck_assert_int_eq(mdb_env_create(&env), 0);
    ck_assert_int_eq(mdb_env_set_maxdbs(env, 64), 0);
    ck_assert_int_eq(mdb_env_open(env, path, MDB_RDONLY | MDB_NOTLS, 0644), 0);
    ck_assert_int_eq(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), 0);
    ck_assert_int_eq(mdb_dbi_open(txn, dbname, 0, &dbi), 0);
    ck_assert_int_eq(mdb_cursor_open(txn, dbi, &c), 0);
    for (rc = mdb_cursor_get(c, &k, &v, MDB_FIRST); rc == 0 && !found;
         rc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        if ((k.mv_size == strlen(marker) && !memcmp(k.mv_data, marker, k.mv_size)) ||
            memmem(v.mv_data, v.mv_size, marker, strlen(marker))) {
            k_out->mv_size = k.mv_size;
            k_out->mv_data = malloc(k.mv_size);
            memcpy(k_out->mv_data, k.mv_data, k.mv_size);
            v_out->mv_size = v.mv_size;
            v_out->mv_data = malloc(v.mv_size);
            memcpy(v_out->mv_data, v.mv_data, v.mv_size);
            found = true;
        }
    }
    mdb_cursor_close(c);
    mdb_txn_abort(txn);
    mdb_env_close(env);
    ck_assert_msg(found, "no entry with '%s' in %s", marker, dbname);
}

/*
 * Add 256 MiB to the size of the node holding the entry of dbname that has
 * marker (see find_entry): the node header (lo, hi, flags, ksize, all 16-bit
 * little-endian) sits right before the key, and the value right after it.
 */
static void damage_node_size(const char *dir, const char *dbname, const char *marker)
{
    char path[512];
    MDB_val k, v;
    uint8_t *file, *hit = NULL, *node;
    size_t len, i;
    FILE *f;

    find_entry(dir, dbname, marker, &k, &v);
    snprintf(path, sizeof(path), "%s/catalog.mdb/data.mdb", dir);
    file = (uint8_t *)sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(file);
    for (i = 8; !hit && i + k.mv_size + v.mv_size <= len; i++)
        if (!memcmp(file + i, k.mv_data, k.mv_size) &&
            !memcmp(file + i + k.mv_size, v.mv_data, v.mv_size) &&
            (size_t)(file[i - 2] | file[i - 1] << 8) == k.mv_size &&
            (size_t)(file[i - 8] | file[i - 7] << 8 |
                     (size_t)(file[i - 6] | file[i - 5] << 8) << 16) == v.mv_size)
            hit = file + i;
    ck_assert_msg(hit != NULL, "node of '%s' in %s not found in data.mdb", marker, dbname);
    node = hit - 8;
    node[3] = 0x10; /* mn_hi += 0x1000: 256 MiB more */
    ck_assert_ptr_nonnull(f = fopen(path, "r+b"));
    ck_assert_int_eq(fseek(f, (long)(node + 2 - file), SEEK_SET), 0);
    ck_assert_int_eq(fwrite(node + 2, 1, 2, f), 2);
    fclose(f);
    free(file);
    free(k.mv_data);
    free(v.mv_data);
}

/* Close the fixture's catalog, damage it, open it again. */
static void reopen_damaged(const char *dbname, const char *marker)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;

    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    damage_node_size(sc_fx.dir, dbname, marker);
    opts.flags = SC_CATALOG_NOSYNC;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &opts));
}

static void expect_corrupt(int rc, const char *table, const char *key)
{
    const char *msg = sc_ctx_last_error(sc_fx.ctx)->message;

    ck_assert_msg(rc == SC_ECORRUPT, "rc %d (%s), wanted SC_ECORRUPT", rc, msg);
    ck_assert_msg(strstr(msg, table) && strstr(msg, key), "message '%s' names %s and %s", msg,
                  table, key);
}

typedef struct problems {
    char all[4096];
    size_t n;
} problems;

static void on_problem(const char *problem, void *payload)
{
    problems *p = payload;
    size_t used = strlen(p->all);

    snprintf(p->all + used, sizeof(p->all) - used, "%s\n", problem);
    p->n++;
}

static int count_setting(const char *key, const char *value, void *payload)
{
    (void)key;
    (void)value;
    ++*(int *)payload;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */

START_TEST(test_integrity_setting_node_size)
{
    sc_txn *txn;
    char *val = NULL;
    problems p = {{0}, 0};
    size_t n = 0;
    int count = 0;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, 0));
    ct_ok(sc_setting_set(txn, "zz.integrity", "victim-value"));
    ct_ok(sc_txn_commit(txn));
    reopen_damaged("sys.settings", "zz.integrity");

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY));
    expect_corrupt(sc_setting_foreach(txn, count_setting, &count), "sys.settings", "zz.integrity");
    expect_corrupt(sc_setting_get(&val, txn, "zz.integrity"), "sys.settings", "zz.integrity");
    ck_assert_ptr_null(val);
    sc_txn_abort(txn);

    ck_assert_int_eq(sc_fsck(sc_fx.cat, on_problem, &p, &n), SC_ECORRUPT);
    ck_assert_uint_eq(n, 1);
    ck_assert_msg(strstr(p.all, "sys.settings") && strstr(p.all, "zz.integrity") &&
                      strstr(p.all, "runs past the used part of the map"),
                  "fsck said: %s", p.all);
}
END_TEST

START_TEST(test_integrity_row_node_size)
{
    sc_txn *txn;
    sc_table *t = NULL;
    problems p = {{0}, 0};
    size_t n = 0;
    uint64_t s, id;
    ct_def d;

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, 0));
    s = ct_schema(txn, "db1");
    ct_def_make(&d, "victim", 3, 0);
    d.def.comment = "integrity-victim-comment";
    ct_ok(sc_table_create(&id, txn, s, &d.def));
    ct_ok(sc_txn_commit(txn));
    reopen_damaged(CT_ROWS_DB, "integrity-victim-comment");

    ct_ok(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY));
    expect_corrupt(sc_table_lookup(&t, txn, "db1", "victim"), "tables", "id=");
    ck_assert_ptr_null(t);
    sc_txn_abort(txn);

    ck_assert_int_eq(sc_fsck(sc_fx.cat, on_problem, &p, &n), SC_ECORRUPT);
    ck_assert_msg(n >= 1 && strstr(p.all, "tables: the value of the entry") &&
                      strstr(p.all, "runs past the used part of the map"),
                  "fsck said: %s", p.all);
}
END_TEST

/* Flip byte `at` of the value holding marker (found as in damage_node_size) to `to`. */
static void damage_value_byte(const char *dir, const char *dbname, const char *marker, char to)
{
    char path[512];
    MDB_val k, v;
    uint8_t *file, *hit = NULL;
    const uint8_t *m;
    size_t len, i;
    FILE *f;

    find_entry(dir, dbname, marker, &k, &v);
    snprintf(path, sizeof(path), "%s/catalog.mdb/data.mdb", dir);
    file = (uint8_t *)sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(file);
    for (i = 0; !hit && i + v.mv_size <= len; i++)
        if (!memcmp(file + i, v.mv_data, v.mv_size))
            hit = file + i;
    ck_assert_msg(hit != NULL, "value with '%s' not found in data.mdb", marker);
    m = memmem(hit, v.mv_size, marker, strlen(marker));
    ck_assert_ptr_nonnull(m);
    ck_assert_ptr_nonnull(f = fopen(path, "r+b"));
    ck_assert_int_eq(fseek(f, (long)(m - file), SEEK_SET), 0);
    ck_assert_int_eq(fputc(to, f), to);
    fclose(f);
    free(file);
    free(k.mv_data);
    free(v.mv_data);
}

/* A logged catalog with db1.emp (id, salary, ...) created through the log. */
static void make_logged_table(void)
{
    sc_log *log = NULL;
    sc_txn *txn;
    uint64_t s, id;
    ct_def d;

    ct_ok(sc_log_open(&log, sc_fx.cat));
    ct_ok(sc_txn_begin(&txn, sc_fx.cat, 0));
    s = ct_schema(txn, "db1");
    ct_def_make(&d, "emp", 3, 0);
    snprintf(d.names[1], sizeof(d.names[1]), "salary");
    ct_ok(sc_table_create(&id, txn, s, &d.def));
    ct_ok(sc_txn_commit(txn));
    sc_log_close(log);
}

START_TEST(test_integrity_rows_match_log)
{
    sc_log *log = NULL;
    problems p = {{0}, 0};
    size_t n = 0;
    bool partial = true;

    make_logged_table();
    ct_ok(sc_log_open(&log, sc_fx.cat));
    ct_ok(sc_log_verify_rows(log, on_problem, &p, &n, &partial));
    ck_assert_msg(n == 0, "problems: %s", p.all);
    ck_assert(!partial);
    sc_log_close(log);
}
END_TEST

START_TEST(test_integrity_row_byte_flip)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_log *log = NULL;
    problems p = {{0}, 0};
    size_t n = 0;
    bool partial = true;

    make_logged_table();
    sc_catalog_close(sc_fx.cat);
    sc_fx.cat = NULL;
    damage_value_byte(sc_fx.dir, CT_ROWS_DB, "salary", '/');
    opts.flags = SC_CATALOG_NOSYNC;
    ct_ok(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &opts));
    /* the row still decodes: the catalog's own check cannot see it */
    ct_ok(sc_fsck(sc_fx.cat, NULL, NULL, NULL));
    ct_ok(sc_log_open(&log, sc_fx.cat));
    ck_assert_int_eq(sc_log_verify_rows(log, on_problem, &p, &n, &partial), SC_ECORRUPT);
    ck_assert(!partial);
    ck_assert_msg(n == 1 && strstr(p.all, "columns (table_id=") && strstr(p.all, "ordinal=") &&
                      strstr(p.all, "name is '/alary', the log says 'salary'"),
                  "problems: %s", p.all);
    sc_log_close(log);
}
END_TEST

START_TEST(test_integrity_purged_log_partial)
{
    sc_log *log = NULL;
    problems p = {{0}, 0};
    size_t n = 0;
    bool partial = false;

    make_logged_table();
    ct_ok(sc_log_open(&log, sc_fx.cat));
    ct_ok(sc_log_rotate(log));
    ct_ok(sc_log_purge(log, "binlog.000002"));
    ct_ok(sc_log_verify_rows(log, on_problem, &p, &n, &partial));
    ck_assert(partial);
    ck_assert_uint_eq(n, 0);
    sc_log_close(log);
}
END_TEST

Suite *sc_test_integrity_suite(void);

Suite *sc_test_integrity_suite(void)
{
    Suite *s = suite_create("integrity");
    TCase *tc = tcase_create("node_size");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_integrity_setting_node_size);
    tcase_add_test(tc, test_integrity_row_node_size);
    suite_add_tcase(s, tc);
    tc = tcase_create("log_rows");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_integrity_rows_match_log);
    tcase_add_test(tc, test_integrity_row_byte_flip);
    tcase_add_test(tc, test_integrity_purged_log_partial);
    suite_add_tcase(s, tc);
    return s;
}
