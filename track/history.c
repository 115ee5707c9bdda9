/*
 * history.c - the table history of tracked sources: which catalog table,
 * with which column names, signedness and collations, a source's TABLE_MAP
 * named at each point of its log (docs/tracking.md "Rows with the columns
 * of their time"). The tracker (track.c) writes a version whenever a
 * TABLE_MAP finds a table whose catalog definition differs from the last
 * version of that name; sc_track_history_schema() answers, for a TABLE_MAP
 * at FILE:POS, with the version in force there, for sc_binlog_decode().
 *
 * Storage: the LMDB database "track.tables" of the catalog's environment,
 * key SOURCE \0 DB \0 TABLE \0 FILE \0 POS (8 bytes, big-endian), so the
 * version in force at a point is the last key at or before it. Value: the
 * catalog table id (u64 LE), the column count (u32 LE), then per column a
 * flags byte (1 = unsigned), the collation id (u16 LE) and the name (u16 LE
 * length, bytes). Not logged, like the rest of a source's state (state.c).
 */
#include <stdio.h>
#include <string.h>

#include "catalog/buf.h"
#include "catalog/charset.h"
#include "replicate/bytes.h"
#include "syscat/ddl.h"
#include "track/track_int.h"

#define TV_DBI "track.tables"
#define TV_KEY_MAX 511 /* LMDB's default key size limit */

struct sc_track_history {
    sc_catalog *cat;
    sc_ctx *ctx;
    sc_txn *txn; /* read-only, for the history's whole life */
    MDB_dbi dbi;
    bool have_dbi; /* the database exists (something was ever recorded) */
    char source[65];
    sc_buf key;
};

/* The key of (source, db, table) at file:pos into b. @return false when too long */
static bool
tv_key(sc_buf *b, const char *source, sc_slice db, sc_slice table, const char *file, uint64_t pos)
{
    uint8_t be[8];

    sc__buf_reset(b);
    sc__buf_put(b, source, strlen(source) + 1);
    sc__buf_put(b, db.data, db.len);
    sc__buf_putc(b, '\0');
    sc__buf_put(b, table.data, table.len);
    sc__buf_putc(b, '\0');
    sc__buf_put(b, file, strlen(file) + 1);
    for (int i = 0; i < 8; i++)
        be[i] = (uint8_t)(pos >> (56 - 8 * i));
    sc__buf_put(b, be, 8);
    return !b->failed && b->len <= TV_KEY_MAX && !memchr(db.data, 0, db.len) &&
           !memchr(table.data, 0, table.len);
}

/* Length of the (source, db, table) prefix of a key built by tv_key. */
static size_t tv_prefix_len(const sc_buf *key)
{
    size_t n = 0;

    for (int zeros = 0; n < key->len && zeros < 3; n++)
        if (key->data[n] == 0)
            zeros++;
    return n;
}

/* The value of the last version of key's table at or before key's point. */
static int tv_latest(sc_slice *out, sc_txn *txn, MDB_dbi dbi, const sc_buf *key)
{
    MDB_txn *mt = sc_catalog__mdb_txn(txn);
    MDB_cursor *c = NULL;
    MDB_val k = {key->len, key->data}, v;
    size_t plen = tv_prefix_len(key);
    int mrc;

    *out = (sc_slice){NULL, 0};
    if ((mrc = mdb_cursor_open(mt, dbi, &c)))
        return sc_catalog__mdb_error(sc_catalog_ctx(sc_txn_catalog(txn)), mrc,
                                     "reading track.tables");
    mrc = sc_catalog__cursor_get(c, &k, &v, MDB_SET_RANGE);
    if (mrc == MDB_NOTFOUND)
        mrc = sc_catalog__cursor_get(c, &k, &v, MDB_LAST);
    else if (mrc == 0 && (k.mv_size != key->len || memcmp(k.mv_data, key->data, key->len) != 0))
        mrc = sc_catalog__cursor_get(c, &k, &v, MDB_PREV);
    if (mrc == 0 && k.mv_size > plen && memcmp(k.mv_data, key->data, plen) == 0)
        *out = (sc_slice){v.mv_data, v.mv_size};
    mdb_cursor_close(c);
    if (mrc && mrc != MDB_NOTFOUND)
        return sc_catalog__mdb_error(sc_catalog_ctx(sc_txn_catalog(txn)), mrc,
                                     "reading track.tables");
    return SC_OK;
}

/* The collation id a column's values are in (63 for binary strings, 0 when not a string). */
static unsigned column_collation(const sc_column_def *c)
{
    const sc_collation_info *co;

    switch (c->type) {
    case SC_TYPE_BINARY:
    case SC_TYPE_VARBINARY:
    case SC_TYPE_TINYBLOB:
    case SC_TYPE_BLOB:
    case SC_TYPE_MEDIUMBLOB:
    case SC_TYPE_LONGBLOB:
        return 63;
    default:
        co = c->collation ? sc_charset__collation_find(c->collation) : NULL;
        return co ? co->id : 0;
    }
}

/* The version value of a catalog table. */
static void tv_value(sc_buf *b, const sc_table *tab)
{
    const sc_table_def *def = sc_table_definition(tab);
    uint8_t u[8];

    sc__buf_reset(b);
    sc_put_u64le(u, sc_table_id(tab));
    sc__buf_put(b, u, 8);
    sc_put_u32le(u, (uint32_t)def->n_columns);
    sc__buf_put(b, u, 4);
    for (size_t i = 0; i < def->n_columns; i++) {
        const sc_column_def *c = &def->columns[i];
        size_t n = strlen(c->name);
        sc__buf_putc(b, (char)((c->flags & SC_COL_UNSIGNED) ? 1 : 0));
        sc_put_u16le(u, (uint16_t)column_collation(c));
        sc_put_u16le(u + 2, (uint16_t)n);
        sc__buf_put(b, u, 4);
        sc__buf_put(b, c->name, n);
    }
}

int sc_track__tv_record(bool *written,
                        sc_txn *txn,
                        const char *source,
                        const char *file,
                        uint64_t pos,
                        sc_slice db,
                        sc_slice table,
                        const sc_table *tab)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_buf key, val;
    sc_slice last;
    MDB_dbi dbi;
    int rc;

    *written = false;
    sc__buf_init(&key, ctx);
    sc__buf_init(&val, ctx);
    tv_value(&val, tab);
    rc = sc_catalog__open_dbi(&dbi, txn, TV_DBI, 0);
    if (!rc && !tv_key(&key, source, db, table, file, pos))
        rc = key.failed ? SC_ENOMEM : SC_OK; /* names too long for a key: no history */
    else if (!rc && val.failed)
        rc = SC_ENOMEM;
    else if (!rc && !(rc = tv_latest(&last, txn, dbi, &key)) &&
             (last.len != val.len || memcmp(last.data, val.data, val.len) != 0)) {
        MDB_val k = {key.len, key.data}, v = {val.len, val.data};
        int mrc = mdb_put(sc_catalog__mdb_txn(txn), dbi, &k, &v, 0);
        if (mrc)
            rc = sc_catalog__mdb_error(ctx, mrc, "writing track.tables");
        *written = rc == SC_OK;
    }
    sc__buf_free(&key);
    sc__buf_free(&val);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

int sc_track_history_open(sc_track_history **out, sc_catalog *cat, const char *source)
{
    sc_ctx *ctx = sc_catalog_ctx(cat);
    sc_track_state st;
    sc_track_history *h;
    int rc = sc_track_state_get(&st, cat, source);

    *out = NULL;
    if (rc)
        return rc;
    if (!(h = sc__calloc(ctx, 1, sizeof(*h))))
        return SC_ENOMEM;
    h->cat = cat;
    h->ctx = ctx;
    snprintf(h->source, sizeof(h->source), "%s", source);
    sc__buf_init(&h->key, ctx);
    rc = sc_txn_begin(&h->txn, cat, SC_TXN_READONLY);
    if (!rc) {
        rc = sc_catalog__open_dbi(&h->dbi, h->txn, TV_DBI, 0);
        h->have_dbi = rc == SC_OK;
        if (rc) { /* never written: no history yet */
            sc_ctx_clear_error(ctx);
            rc = SC_OK;
        }
    }
    if (rc) {
        sc_track_history_close(h);
        return rc;
    }
    *out = h;
    return SC_OK;
}

/* Where the map has names (FULL metadata), the version's must be the same. */
static bool names_agree(const sc_decode_table_info *info, sc_rd rd)
{
    for (size_t i = 0; i < info->ncols; i++) {
        const sc_binlog_column *c = &info->columns[i];
        sc_slice name;
        (void)sc_rd_bytes(&rd, 3);
        name = sc_rd_bytes(&rd, sc_rd_u16le(&rd));
        if (rd.bad)
            return false;
        if (c->name.len && (c->name.len != name.len || memcmp(c->name.data, name.data, name.len)))
            return false;
    }
    return true;
}

/* Fill what the log left out of info's columns from a version value (the log's names, if any,
 * must agree: a version that does not is not this map's table, which the log knows best). */
static int apply_version(sc_decode_table_info *info, sc_slice v)
{
    sc_rd rd = sc_rd_init(v);
    uint64_t id = sc_rd_u64le(&rd);
    uint32_t n = sc_rd_u32le(&rd);

    if (rd.bad || n != info->ncols || !names_agree(info, rd)) /* not this map's table */
        return SC_OK;
    for (size_t i = 0; i < n; i++) {
        sc_binlog_column *c = &info->columns[i];
        uint8_t flags = sc_rd_u8(&rd);
        uint16_t coll = sc_rd_u16le(&rd);
        sc_slice name = sc_rd_bytes(&rd, sc_rd_u16le(&rd));
        if (rd.bad)
            return SC_OK;
        if (!c->name.len)
            c->name = name;
        if (!c->has_unsigned) {
            c->has_unsigned = true;
            c->is_unsigned = (flags & 1) != 0;
        }
        if (!c->charset)
            c->charset = coll;
    }
    info->catalog_table_id = id;
    return SC_OK;
}

int sc_track_history_schema(sc_decode_table_info *info, void *history)
{
    sc_track_history *h = history;
    sc_slice v;
    int rc;

    info->catalog_table_id = 0;
    if (!h->have_dbi || !tv_key(&h->key, h->source, info->db, info->table, info->file, info->pos))
        return h->key.failed ? SC_ENOMEM : SC_OK;
    rc = tv_latest(&v, h->txn, h->dbi, &h->key);
    return rc || !v.len ? rc : apply_version(info, v);
}

void sc_track_history_close(sc_track_history *h)
{
    if (!h)
        return;
    sc_txn_abort(h->txn);
    sc__buf_free(&h->key);
    sc_free(h->ctx, h);
}
