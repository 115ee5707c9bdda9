/*
 * userrows.c - data rows of user tables in the catalog log (sc_log_rows):
 * CREATE ... SELECT and any writer whose rows the catalog does not hold.
 *
 * sc_log_rows encodes the row images at call time from the table's
 * definition (sc_table_get in the caller's txn) and keeps them, with the
 * table's TABLE_MAP body, in the log's LMDB db `log.pending` inside that
 * same txn: an abort (or a nested abort) drops them with everything else.
 * The commit hook writes them after the transaction's catalog changes, in
 * call order, grouped by statement (the statement text current at the call,
 * sc_txn_set_statement), then empties log.pending.
 *
 * Column mapping (sc_coltype -> binlog type byte + metadata) follows the
 * table in shared/docs/binlog-notes.md §3; docs/log-format.md "Data rows".
 */
#include <string.h>

#include "ddl/charset.h"
#include "replicate/log.h"

/* ------------------------------------------------------------------ */
/* Column descriptions                                                  */

#define BINARY_COLLATION 63

static bool is_text_type(sc_coltype t)
{
    return t == SC_TYPE_CHAR || t == SC_TYPE_VARCHAR || t == SC_TYPE_TINYTEXT ||
           t == SC_TYPE_TEXT || t == SC_TYPE_MEDIUMTEXT || t == SC_TYPE_LONGTEXT ||
           t == SC_TYPE_ENUM || t == SC_TYPE_SET;
}

static uint32_t collation_id(const sc_column_def *c)
{
    const sc_collation_info *ci = NULL;
    const sc_charset_info *cs;

    if (!is_text_type(c->type))
        return BINARY_COLLATION;
    if (c->collation)
        ci = sc_charset__collation_find(c->collation);
    if (!ci && c->charset && (cs = sc_charset__find(c->charset)))
        ci = sc_charset__collation_find(cs->default_collation);
    return ci ? ci->id : 45; /* utf8mb4_general_ci, the pinned server default */
}

static uint16_t string_meta(uint8_t real, uint32_t bytes)
{
    /* CHAR longer than 255 bytes: two length bits hide in byte 0 (binlog-notes.md 3). */
    return (uint16_t)((real ^ ((bytes & 0x300) >> 4)) << 8 | (bytes & 0xFF));
}

static uint16_t set_pack_length(size_t n)
{
    return n <= 8 ? 1 : n <= 16 ? 2 : n <= 24 ? 3 : n <= 32 ? 4 : 8;
}

static void temporal_or_number(sc_binlog_column *b, const sc_column_def *c)
{
    static const uint8_t ints[] = {[SC_TYPE_TINYINT] = SC_MT_TINY,
                                   [SC_TYPE_SMALLINT] = SC_MT_SHORT,
                                   [SC_TYPE_MEDIUMINT] = SC_MT_INT24,
                                   [SC_TYPE_INT] = SC_MT_LONG,
                                   [SC_TYPE_BIGINT] = SC_MT_LONGLONG};
    switch (c->type) {
    case SC_TYPE_FLOAT:
        b->type = SC_MT_FLOAT;
        b->meta = 4;
        break;
    case SC_TYPE_DOUBLE:
        b->type = SC_MT_DOUBLE;
        b->meta = 8;
        break;
    case SC_TYPE_DECIMAL:
        b->type = SC_MT_NEWDECIMAL;
        b->meta = (uint16_t)((c->length ? c->length : 10) << 8 | c->scale);
        break;
    case SC_TYPE_BIT:
        b->type = SC_MT_BIT;
        b->meta =
            (uint16_t)((c->length ? c->length : 1) / 8 << 8 | (c->length ? c->length : 1) % 8);
        break;
    case SC_TYPE_DATE:
        b->type = SC_MT_DATE;
        break;
    case SC_TYPE_YEAR:
        b->type = SC_MT_YEAR;
        break;
    case SC_TYPE_TIME:
        b->type = SC_MT_TIME2;
        b->meta = (uint16_t)c->scale;
        break;
    case SC_TYPE_DATETIME:
        b->type = SC_MT_DATETIME2;
        b->meta = (uint16_t)c->scale;
        break;
    case SC_TYPE_TIMESTAMP:
        b->type = SC_MT_TIMESTAMP2;
        b->meta = (uint16_t)c->scale;
        break;
    default:
        b->type = ints[c->type];
        break;
    }
}

static int describe_column(sc_binlog_column *b, const sc_column_def *c)
{
    unsigned maxlen = is_text_type(c->type) ? sc_charset__maxlen(c->charset) : 1;
    static const uint8_t blob_lens[] = {
        [SC_TYPE_TINYBLOB] = 1,   [SC_TYPE_BLOB] = 2,     [SC_TYPE_MEDIUMBLOB] = 3,
        [SC_TYPE_LONGBLOB] = 4,   [SC_TYPE_TINYTEXT] = 1, [SC_TYPE_TEXT] = 2,
        [SC_TYPE_MEDIUMTEXT] = 3, [SC_TYPE_LONGTEXT] = 4};

    memset(b, 0, sizeof(*b));
    b->name.data = (const uint8_t *)c->name;
    b->name.len = strlen(c->name);
    b->nullable = !(c->flags & SC_COL_NOT_NULL);
    b->is_unsigned = (c->flags & SC_COL_UNSIGNED) != 0;
    b->has_unsigned = true;
    b->charset = collation_id(c);
    switch (c->type) {
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        b->type = SC_MT_STRING;
        b->meta = string_meta(SC_MT_STRING, (c->length ? c->length : 1) * maxlen);
        break;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY:
        b->type = SC_MT_VARCHAR;
        b->meta = (uint16_t)(c->length * maxlen);
        break;
    case SC_TYPE_TINYBLOB:
    case SC_TYPE_BLOB:
    case SC_TYPE_MEDIUMBLOB:
    case SC_TYPE_LONGBLOB:
    case SC_TYPE_TINYTEXT:
    case SC_TYPE_TEXT:
    case SC_TYPE_MEDIUMTEXT:
    case SC_TYPE_LONGTEXT:
        b->type = SC_MT_BLOB;
        b->meta = blob_lens[c->type];
        break;
    case SC_TYPE_ENUM:
        b->type = SC_MT_STRING;
        b->meta = (uint16_t)(SC_MT_ENUM << 8 | (c->n_elements > 255 ? 2 : 1));
        break;
    case SC_TYPE_SET:
        b->type = SC_MT_STRING;
        b->meta = (uint16_t)(SC_MT_SET << 8 | set_pack_length(c->n_elements));
        break;
    case SC_TYPE_INET4:
        b->type = SC_MT_STRING;
        b->meta = string_meta(SC_MT_STRING, 4);
        break;
    case SC_TYPE_INET6:
    case SC_TYPE_UUID:
        b->type = SC_MT_STRING;
        b->meta = string_meta(SC_MT_STRING, 16);
        break;
    default:
        if (c->type >= SC_TYPE_GEOMETRY && c->type <= SC_TYPE_GEOMETRYCOLLECTION) {
            b->type = SC_MT_GEOMETRY;
            b->meta = 4;
            b->geometry = (uint8_t)(c->type - SC_TYPE_GEOMETRY);
        } else if (c->type > SC_TYPE_NONE && c->type < SC_TYPE__COUNT) {
            temporal_or_number(b, c);
        } else {
            return SC_EINVAL;
        }
    }
    return SC_OK;
}

static bool is_blob_col(const sc_binlog_column *c)
{
    return c->type == SC_MT_BLOB || c->type == SC_MT_GEOMETRY;
}

/* ------------------------------------------------------------------ */
/* Recording (sc_log_rows)                                              */

/** Everything one call needs, built from the table's definition. */
typedef struct user_table {
    sc_table *table;
    size_t ncols;
    sc_binlog_column *cols;
    bool *pk;          /* column is part of the primary key */
    unsigned *pk_list; /* PRIMARY key columns in key order */
    size_t npk;
} user_table;

static void user_table_free(sc_ctx *ctx, user_table *u)
{
    sc_table_free(u->table);
    sc_free(ctx, u->cols);
    sc_free(ctx, u->pk);
    sc_free(ctx, u->pk_list);
}

static int find_pk(user_table *u, const sc_table_def *def)
{
    for (size_t i = 0; i < def->n_indexes; i++) {
        const sc_index_def *ix = &def->indexes[i];
        if (ix->kind != SC_INDEX_PRIMARY)
            continue;
        for (size_t p = 0; p < ix->n_parts; p++)
            for (size_t c = 0; c < def->n_columns; c++)
                if (strcmp(def->columns[c].name, ix->parts[p].column) == 0) {
                    u->pk[c] = true;
                    u->cols[c].nullable = false;
                    u->pk_list[u->npk++] = (unsigned)c;
                }
    }
    return SC_OK;
}

static int user_table_load(user_table *u, sc_ctx *ctx, sc_txn *txn, uint64_t table_id)
{
    const sc_table_def *def;
    int rc = sc_table_get(&u->table, txn, table_id);

    if (rc)
        return rc;
    def = sc_table_definition(u->table);
    u->ncols = def->n_columns;
    u->cols = sc__calloc(ctx, u->ncols ? u->ncols : 1, sizeof(*u->cols));
    u->pk = sc__calloc(ctx, u->ncols ? u->ncols : 1, sizeof(*u->pk));
    u->pk_list = sc__calloc(ctx, u->ncols ? u->ncols : 1, sizeof(*u->pk_list));
    if (!u->cols || !u->pk || !u->pk_list)
        return SC_ENOMEM;
    for (size_t i = 0; i < u->ncols; i++)
        if (describe_column(&u->cols[i], &def->columns[i]))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL, "column %s: no binlog type",
                                def->columns[i].name);
    return find_pk(u, def);
}

/* The TABLE_MAP body (no header, no checksum) of a user table. */
static int table_map_body(sc_buf *out, sc_ctx *ctx, const user_table *u)
{
    sc_buf meta = {ctx, NULL, 0, 0, false};
    const char *db = sc_table_schema_name(u->table);
    const char *name = sc_table_definition(u->table)->name;
    size_t at = out->len;
    sc_event ev;
    int rc;

    memset(&ev, 0, sizeof(ev));
    ev.header.type = SC_EV_TABLE_MAP;
    ev.modelled = true;
    ev.u.table_map.table_id = sc_table_id(u->table);
    ev.u.table_map.flags = 1;
    ev.u.table_map.db = (sc_slice){(const uint8_t *)db, strlen(db)};
    ev.u.table_map.table = (sc_slice){(const uint8_t *)name, strlen(name)};
    ev.u.table_map.ncols = u->ncols;
    ev.u.table_map.columns = u->cols;
    rc = sc_table_map__build_metadata(&ev.u.table_map, &meta, SC_ROW_METADATA_FULL, u->pk_list,
                                      u->npk);
    if (!rc)
        rc = sc_event__encode(out, &ev, SC_CHECKSUM_NONE);
    if (!rc) { /* keep the body only */
        memmove(out->data + at, out->data + at + SC_EVENT_HEADER_LEN,
                out->len - at - SC_EVENT_HEADER_LEN);
        out->len -= SC_EVENT_HEADER_LEN;
    }
    sc_free(ctx, ev.u.table_map.fields);
    sc_buf__free(&meta);
    return rc;
}

static void bit_put(uint8_t *bm, size_t i)
{
    bm[i / 8] |= (uint8_t)(1u << (i % 8));
}

static bool values_equal(const sc_binlog_value *a, const sc_binlog_value *b)
{
    return sc_sysmap__value_eq(a, b);
}

static void user_bitmaps(uint8_t *present,
                         uint8_t *after_bm,
                         const user_table *u,
                         int kind,
                         sc_log_image image,
                         const sc_binlog_value *bv,
                         const sc_binlog_value *av)
{
    bool no_pk = u->npk == 0; /* without a key, MINIMAL logs every column (as MariaDB) */

    for (size_t i = 0; i < u->ncols; i++) {
        bool blob = is_blob_col(&u->cols[i]);
        bool changed = kind == SC_LOG_UPDATE && !values_equal(&bv[i], &av[i]);
        if (kind == SC_LOG_INSERT || image == SC_LOG_IMAGE_FULL || no_pk ||
            (image == SC_LOG_IMAGE_MINIMAL && u->pk[i]) ||
            (image == SC_LOG_IMAGE_NOBLOB && (!blob || u->pk[i])))
            bit_put(present, i);
        if (kind == SC_LOG_UPDATE &&
            (image == SC_LOG_IMAGE_FULL || changed || (image == SC_LOG_IMAGE_NOBLOB && !blob)))
            bit_put(after_bm, i);
    }
}

/* Number of statements of txn so far (the text sc_log_rows files its rows under). */
static unsigned current_statement(const sc_txn *txn)
{
    unsigned n = 0;

    while (sc_catalog__statement(txn, n + 1).len)
        n++;
    return n;
}

/*
 * Pending record: table_id u64 | version u64 | kind u8 | stmt u32 | ncols u32 |
 * map_len u32 | map body | present | present_after | row images.
 */
static int encode_record(sc_buf *rec,
                         sc_ctx *ctx,
                         const user_table *u,
                         int kind,
                         unsigned stmt,
                         sc_log_image image,
                         const sc_binlog_value *before,
                         const sc_binlog_value *after)
{
    size_t nbm = (u->ncols + 7) / 8, at;
    uint8_t *present = sc__calloc(ctx, 2, nbm ? nbm : 1);
    int rc;

    if (!present)
        return SC_ENOMEM;
    user_bitmaps(present, present + nbm, u, kind, image, before, after);
    sc_buf_uintle(rec, sc_table_id(u->table), 8);
    sc_buf_uintle(rec, sc_table_version(u->table), 8);
    sc_buf_u8(rec, (uint8_t)kind);
    sc_buf_uintle(rec, stmt, 4);
    sc_buf_uintle(rec, u->ncols, 4);
    at = rec->len;
    sc_buf_uintle(rec, 0, 4);
    rc = table_map_body(rec, ctx, u);
    if (!rc && !rec->failed)
        sc_put_u32le(rec->data + at, (uint32_t)(rec->len - at - 4));
    sc_buf_put(rec, present, 2 * nbm);
    if (!rc)
        rc = sc_rowfmt__encode_image(rec, u->cols, u->ncols, present,
                                     kind == SC_LOG_INSERT ? after : before);
    if (!rc && kind == SC_LOG_UPDATE)
        rc = sc_rowfmt__encode_image(rec, u->cols, u->ncols, present + nbm, after);
    sc_free(ctx, present);
    if (rc == SC_EINVAL)
        rc = sc_error_set(ctx, SC_EINVAL, 0, NULL,
                          "a value does not match its column type in table %s",
                          sc_table_definition(u->table)->name);
    return rc ? rc : rec->failed ? SC_ENOMEM : SC_OK;
}

static int pending_put(sc_log *log, sc_txn *txn, sc_slice rec)
{
    MDB_txn *mt = sc_catalog__mdb_txn(txn);
    MDB_cursor *c = NULL;
    uint8_t key[8];
    MDB_val k, v;
    uint64_t seq = 0;
    int rc = mdb_cursor_open(mt, log->dbi_pending, &c);

    if (rc)
        return sc_catalog__mdb_error(log->ctx, rc, "opening log.pending");
    rc = mdb_cursor_get(c, &k, &v, MDB_LAST);
    if (rc == 0 && k.mv_size == 8)
        seq = sc_get_uintbe(k.mv_data, 8) + 1;
    mdb_cursor_close(c);
    if (rc && rc != MDB_NOTFOUND)
        return sc_catalog__mdb_error(log->ctx, rc, "reading log.pending");
    sc_put_uintbe(key, seq, 8);
    k.mv_size = sizeof(key);
    k.mv_data = key;
    v.mv_size = rec.len;
    v.mv_data = (void *)(uintptr_t)rec.data;
    rc = mdb_put(mt, log->dbi_pending, &k, &v, 0);
    return rc ? sc_catalog__mdb_error(log->ctx, rc, "writing log.pending") : SC_OK;
}

int sc_log_rows(sc_log *log,
                sc_txn *txn,
                uint64_t table_id,
                int kind,
                const sc_binlog_value *before,
                const sc_binlog_value *after,
                size_t ncols)
{
    sc_ctx *ctx = log->ctx;
    user_table u;
    sc_log_settings set;
    sc_buf rec = {ctx, NULL, 0, 0, false};
    int rc;

    memset(&u, 0, sizeof(u));
    if (kind < SC_LOG_INSERT || kind > SC_LOG_DELETE || (kind != SC_LOG_INSERT && !before) ||
        (kind != SC_LOG_DELETE && !after) || sc_txn_readonly(txn) || !log->have_dbis)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "sc_log_rows: invalid arguments");
    rc = user_table_load(&u, ctx, txn, table_id);
    if (!rc && ncols != u.ncols)
        rc = sc_error_set(ctx, SC_EINVAL, 0, NULL, "table %s has %zu columns, not %zu",
                          sc_table_definition(u.table)->name, u.ncols, ncols);
    if (!rc)
        rc = sc_log__settings(&set, txn);
    if (!rc)
        rc = encode_record(&rec, ctx, &u, kind, current_statement(txn), set.image, before, after);
    if (!rc)
        rc = pending_put(log, txn, (sc_slice){rec.data, rec.len});
    sc_buf__free(&rec);
    user_table_free(ctx, &u);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Writing (the commit hook)                                            */

/** A decoded pending record (slices borrow from LMDB, valid in the txn). */
typedef struct pending {
    uint64_t table_id, version;
    int kind;
    unsigned stmt;
    size_t ncols;
    sc_slice map, present, present_after, image;
} pending;

static int pending_decode(pending *p, sc_log *log, const MDB_val *v)
{
    sc_rd rd = sc_rd_init((sc_slice){v->mv_data, v->mv_size});
    size_t nbm;

    p->table_id = sc_rd_uintle(&rd, 8);
    p->version = sc_rd_uintle(&rd, 8);
    p->kind = sc_rd_u8(&rd);
    p->stmt = sc_rd_u32le(&rd);
    p->ncols = sc_rd_u32le(&rd);
    p->map = sc_rd_bytes(&rd, sc_rd_u32le(&rd));
    nbm = (p->ncols + 7) / 8;
    p->present = sc_rd_bytes(&rd, nbm);
    p->present_after = sc_rd_bytes(&rd, nbm);
    p->image = sc_rd_rest(&rd);
    if (rd.bad || p->kind > SC_LOG_DELETE)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL, "log.pending: bad record");
    return SC_OK;
}

int sc_log__has_user_rows(bool *out, sc_log *log, sc_txn *txn)
{
    MDB_stat ms;
    int rc;

    *out = false;
    if (!log->have_dbis)
        return SC_OK;
    rc = mdb_stat(sc_catalog__mdb_txn(txn), log->dbi_pending, &ms);
    if (rc)
        return sc_catalog__mdb_error(log->ctx, rc, "reading log.pending");
    *out = ms.ms_entries > 0;
    return SC_OK;
}

/* Statement start: annotate, then the maps of every table the statement touches. */
static int user_statement_start(sc_log_build *bld, MDB_cursor *c, unsigned stmt)
{
    uint64_t done[64];
    size_t ndone = 0;
    MDB_val k, v;
    pending p;
    bool need;
    int rc = sc_log__annotate(bld, sc_catalog__statement(bld->txn, stmt)), mrc;

    for (mrc = mdb_cursor_get(c, &k, &v, MDB_GET_CURRENT); !rc && mrc == 0;
         mrc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        sc_event ev;
        size_t i;
        if ((rc = pending_decode(&p, bld->log, &v)) || p.stmt != stmt)
            break;
        for (i = 0; i < ndone && done[i] != p.table_id; i++)
            ;
        if (i < ndone)
            continue;
        if (ndone < 64)
            done[ndone++] = p.table_id;
        /* Copy the map first: need_map writes log.maps, which may move LMDB pages. */
        bld->scratch.len = 0;
        sc_buf_put(&bld->scratch, p.map.data, p.map.len);
        rc = sc_log__need_map(&need, bld, p.table_id, p.version);
        if (rc || !need)
            continue;
        sc_log__header(bld, &ev, SC_EV_TABLE_MAP);
        ev.modelled = false;
        ev.raw_body = (sc_slice){bld->scratch.data, bld->scratch.len};
        rc = sc_log__build_emit(bld, &ev);
    }
    return rc;
}

int sc_log__user_rows(sc_log_build *bld, bool *any)
{
    sc_log *log = bld->log;
    MDB_txn *mt = sc_catalog__mdb_txn(bld->txn);
    MDB_cursor *c = NULL, *scan = NULL;
    MDB_val k, v;
    pending p;
    bool first = true;
    unsigned stmt = 0;
    int rc = SC_OK, mrc;

    *any = false;
    if ((mrc = mdb_cursor_open(mt, log->dbi_pending, &c)) ||
        (mrc = mdb_cursor_open(mt, log->dbi_pending, &scan)))
        goto mdb_fail;
    for (mrc = mdb_cursor_get(c, &k, &v, MDB_FIRST); !rc && mrc == 0;
         mrc = mdb_cursor_get(c, &k, &v, MDB_NEXT)) {
        if ((rc = pending_decode(&p, log, &v)))
            break;
        *any = true;
        if (first || p.stmt != stmt) {
            if (!first && (rc = sc_log__rows_flush(bld, true)))
                break;
            first = false;
            stmt = p.stmt;
            mdb_cursor_get(scan, &k, &v, MDB_SET_KEY);
            if ((rc = user_statement_start(bld, scan, stmt)))
                break;
            /* Decode again: the maps written meanwhile may have moved pages. */
            if ((mrc = mdb_cursor_get(c, &k, &v, MDB_GET_CURRENT)))
                goto mdb_fail;
            if ((rc = pending_decode(&p, log, &v)))
                break;
        }
        rc = sc_log__rows_add(bld, p.table_id, p.kind, 0, p.ncols, p.present.data,
                              p.present_after.data, p.image);
    }
    if (!rc && mrc && mrc != MDB_NOTFOUND)
        goto mdb_fail;
    if (!rc)
        rc = sc_log__rows_flush(bld, true);
    mdb_cursor_close(c);
    mdb_cursor_close(scan);
    if (!rc && (mrc = mdb_drop(mt, log->dbi_pending, 0)))
        return sc_catalog__mdb_error(log->ctx, mrc, "clearing log.pending");
    return rc;
mdb_fail:
    if (c)
        mdb_cursor_close(c);
    if (scan)
        mdb_cursor_close(scan);
    return sc_catalog__mdb_error(log->ctx, mrc, "reading log.pending");
}
