/*
 * settings.c - persisted key/value settings (sys.settings, e.g. binlog
 * options) and catalog statistics. Settings are plain LMDB entries, not a
 * system table: they are not logged.
 */
#include <string.h>

#include "catalog/catalog_priv.h"

int sc_setting_get(char **out, sc_txn *txn, const char *key)
{
    MDB_val k = {strlen(key), (void *)(uintptr_t)key}, v;
    int rc;

    *out = NULL;
    rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[SC_DB_SETTINGS], &k, &v);
    if (rc == MDB_NOTFOUND)
        return sc_error_set(txn->cat->ctx, SC_ENOTFOUND, 0, NULL, "setting '%s' is not set", key);
    if (rc)
        return sc__mdb_fail(txn, rc, "reading sys.settings");
    *out = sc__strndup(txn->cat->ctx, v.mv_data, v.mv_size);
    return *out ? SC_OK : SC_ENOMEM;
}

int sc_catalog__setting_peek(sc_slice *out, sc_txn *txn, const char *key)
{
    MDB_val k = {strlen(key), (void *)(uintptr_t)key}, v;
    int rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[SC_DB_SETTINGS], &k, &v);

    out->data = NULL;
    out->len = 0;
    if (rc == MDB_NOTFOUND)
        return SC_ENOTFOUND;
    if (rc)
        return sc__mdb_fail(txn, rc, "reading sys.settings");
    out->data = v.mv_data;
    out->len = v.mv_size;
    return SC_OK;
}

int sc_setting_set(sc_txn *txn, const char *key, const char *value)
{
    MDB_val k = {strlen(key), (void *)(uintptr_t)key};
    MDB_val v = {strlen(value), (void *)(uintptr_t)value};
    int rc;

    if ((rc = sc__txn_writable(txn)))
        return rc;
    if (!*key)
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL, "empty setting name");
    rc = mdb_put(txn->mdb, txn->cat->dbi[SC_DB_SETTINGS], &k, &v, 0);
    return rc ? sc__mdb_fail(txn, rc, "writing sys.settings") : SC_OK;
}

int sc_setting_foreach(sc_txn *txn,
                       int (*cb)(const char *key, const char *value, void *payload),
                       void *payload)
{
    sc_ctx *ctx = txn->cat->ctx;
    MDB_cursor *c = NULL;
    MDB_val k, v;
    char *ks, *vs;
    int rc = SC_OK, mrc;

    if ((mrc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_SETTINGS], &c)))
        return sc__mdb_fail(txn, mrc, "opening a cursor");
    for (mrc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); mrc == 0 && rc == SC_OK;
         mrc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        ks = sc__strndup(ctx, k.mv_data, k.mv_size);
        vs = sc__strndup(ctx, v.mv_data, v.mv_size);
        rc = ks && vs ? cb(ks, vs, payload) : SC_ENOMEM;
        sc_free(ctx, ks);
        sc_free(ctx, vs);
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        rc = sc__mdb_fail(txn, mrc, "walking sys.settings");
    mdb_cursor_close(c);
    return rc;
}

static int counter(uint64_t *out, sc_txn *txn, const char *name)
{
    Syscat__Catalog__SequenceRow *row = NULL;
    sc_buf key = SC_BUF_INIT(txn->cat->ctx);
    sc_arena a;
    int rc;

    sc__arena_init(&a, txn->cat->ctx, 256);
    rc = sc__key_put_str(&key, (const uint8_t *)name, strlen(name));
    if (!rc)
        rc = sc__row_get((ProtobufCMessage **)&row, txn, &a, SC_SYS_SEQUENCES, key.data, key.len);
    if (!rc)
        *out = row->next_value;
    if (rc == SC_ENOTFOUND)
        rc = SC_OK;
    sc__row_release(row ? &row->base : NULL, &a);
    sc__arena_free(&a);
    sc__buf_free(&key);
    return rc;
}

static uint64_t entries(sc_txn *txn, unsigned slot, const uint64_t *kinds)
{
    MDB_stat st;

    if (txn->cat->keys[slot].kind) /* sys.table_rows holds several tables: counted by kind */
        return kinds[slot];
    if (mdb_stat(txn->mdb, txn->cat->dbi[slot], &st))
        return 0;
    return st.ms_entries;
}

int sc_catalog_stats_get(sc_catalog_stats *out, sc_catalog *cat)
{
    sc_txn *txn = NULL;
    MDB_envinfo info;
    MDB_stat est;
    uint64_t pages = 0, kinds[SC_SYS__END] = {0};
    int rc;

    memset(out, 0, sizeof(*out));
    if ((rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
        return rc;
    out->format_major = cat->format_major;
    out->format_minor = cat->format_minor;
    if (cat->clustered && (rc = sc__layout_count(kinds, txn))) {
        sc_txn_abort(txn);
        return rc;
    }
    out->schemas = entries(txn, SC_SYS_SCHEMATA, kinds);
    out->tables = entries(txn, SC_SYS_TABLES, kinds);
    out->columns = entries(txn, SC_SYS_COLUMNS, kinds);
    out->indexes = entries(txn, SC_SYS_INDEXES, kinds);
    rc = counter(&out->next_schema_id, txn, "schema_id");
    if (!rc)
        rc = counter(&out->next_table_id, txn, "table_id");
    mdb_env_info(cat->env, &info);
    mdb_env_stat(cat->env, &est);
    pages = info.me_last_pgno + 1;
    out->map_size = info.me_mapsize;
    out->used_bytes = pages * est.ms_psize;
    out->last_txn_id = info.me_last_txnid;
    out->map_size_max = sc__map_ceiling(cat);
    out->map_grows = cat->map_grows;
    sc_txn_abort(txn);
    return rc;
}
