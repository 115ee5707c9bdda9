/*
 * userrows.c - data rows of user tables in the catalog log (sc_log_rows):
 * CREATE ... SELECT and any writer whose rows the catalog does not hold.
 *
 * sc_log_rows encodes the row images at call time from the table's
 * definition (sc_table_get in the caller's txn) and records them in the
 * catalog's ordered change list (sc_catalog__txn_add_user_change): an abort,
 * or a nested abort, drops them like any change, and the commit hook meets
 * them in execution order among the catalog changes, under the statement
 * current at the call (sc_txn_set_statement). The table's TABLE_MAP body,
 * built from the same definition, waits in log->umaps (one per table and
 * version) until the commit hook writes it.
 *
 * Column mapping (sc_coltype -> binlog type byte + metadata) follows the
 * table in shared/docs/binlog-notes.md §3; docs/log-format.md "Data rows".
 */
#include <stdio.h>
#include <string.h>

#include "catalog/charset.h"
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

/*
 * The collation of a text column: its own CHARACTER SET / COLLATE, else its
 * table's (MariaDB fills the table's in at CREATE; a definition made through
 * the C API may leave them out), else the server default. A name the
 * charset table does not know is an error: the TABLE_MAP must not guess.
 */
static int column_collation(const sc_collation_info **out,
                            sc_ctx *ctx,
                            const sc_column_def *c,
                            const sc_table_def *def)
{
    const sc_charset_info *cs;
    const char *charset = c->charset, *collation = c->collation;
    char why[sizeof(sc_ctx_last_error(ctx)->message)];

    if (!charset && !collation) {
        charset = def->charset;
        collation = def->collation;
    }
    if (!charset && !collation)
        collation = SC_COLLATION_SERVER_DEFAULT;
    if (sc_charset__resolve(&cs, out, ctx, charset, collation) == SC_OK)
        return SC_OK;
    snprintf(why, sizeof(why), "%s", sc_ctx_last_error(ctx)->message);
    return sc_error_set(ctx, SC_ECORRUPT, 0, NULL, "table %s column %s: %s", def->name, c->name,
                        why);
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

static int
describe_column(sc_binlog_column *b, sc_ctx *ctx, const sc_column_def *c, const sc_table_def *def)
{
    const sc_collation_info *coll = NULL;
    unsigned maxlen = 1;
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
    b->charset = BINARY_COLLATION;
    if (is_text_type(c->type)) {
        int rc = column_collation(&coll, ctx, c, def);
        if (rc)
            return rc;
        b->charset = coll->id;
        maxlen = sc_charset__maxlen(coll->charset);
    }
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
    for (size_t i = 0; i < u->ncols; i++) {
        rc = describe_column(&u->cols[i], ctx, &def->columns[i], def);
        if (rc == SC_EINVAL)
            return sc_error_set(ctx, SC_EINVAL, 0, NULL, "column %s: no binlog type",
                                def->columns[i].name);
        if (rc)
            return rc;
    }
    return find_pk(u, def);
}

/* The TABLE_MAP body (no header, no checksum) of a user table. */
static int table_map_body(sc_buf *out, sc_ctx *ctx, const user_table *u)
{
    sc_buf meta = SC_BUF_INIT(ctx);
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
    sc__buf_free(&meta);
    return rc;
}

static sc_log_col_traits user_traits(const void *table, size_t i)
{
    const user_table *u = table;

    /* without a key, MINIMAL logs every column (as MariaDB) */
    return (sc_log_col_traits){.pk = u->npk == 0 || u->pk[i], .blob = is_blob_col(&u->cols[i])};
}

/*
 * A user change in the catalog's change list (the record of one sc_log_rows
 * call; docs/log-format.md "Data rows"):
 *   header = version u64 LE | ncols u32 LE | present bitmap | present-after bitmap
 *   INSERT: after  = header + after image
 *   DELETE: before = header + before image
 *   UPDATE: before = header + before image, after = after image
 * The images are binlog row images, final; the TABLE_MAP is in log->umaps.
 */
static int encode_record(sc_buf *rec,
                         size_t *split,
                         sc_ctx *ctx,
                         const user_table *u,
                         int kind,
                         sc_log_image image,
                         const sc_binlog_value *before,
                         const sc_binlog_value *after)
{
    size_t nbm = (u->ncols + 7) / 8;
    uint8_t *present = sc__calloc(ctx, 2, nbm ? nbm : 1);
    int rc;

    if (!present)
        return SC_ENOMEM;
    sc_log__image_bits(
        present, present + nbm,
        &(sc_log_image_change){u->ncols, user_traits, u, kind, image, before, after});
    sc_buf_uintle(rec, sc_table_version(u->table), 8);
    sc_buf_uintle(rec, u->ncols, 4);
    sc__buf_put(rec, present, 2 * nbm);
    rc = sc_rowfmt__encode_image(rec, u->cols, u->ncols, present,
                                 kind == SC_LOG_INSERT ? after : before);
    *split = rec->len;
    if (!rc && kind == SC_LOG_UPDATE)
        rc = sc_rowfmt__encode_image(rec, u->cols, u->ncols, present + nbm, after);
    sc_free(ctx, present);
    if (rc == SC_EINVAL)
        rc = sc_error_set(ctx, SC_EINVAL, 0, NULL,
                          "a value does not match its column type in table %s",
                          sc_table_definition(u->table)->name);
    return rc ? rc : rec->failed ? SC_ENOMEM : SC_OK;
}

/* ------------------------------------------------------------------ */
/* The maps of the open transaction (log->umaps)                        */

static sc_log_umap *umap_find(sc_log *log, uint64_t table_id, uint64_t version)
{
    for (size_t i = 0; i < log->n_umaps; i++)
        if (log->umaps[i].table_id == table_id && log->umaps[i].version == version)
            return &log->umaps[i];
    return NULL;
}

/*
 * Keep the map body of (table, version). An entry with other bytes is
 * replaced: it was left by a transaction (or nested one) that aborted and
 * whose version number this one reuses; no surviving row refers to it.
 */
static int umap_put(sc_log *log, uint64_t table_id, uint64_t version, sc_slice body)
{
    sc_log_umap *m = umap_find(log, table_id, version);

    if (m && m->body.len == body.len && memcmp(m->body.data, body.data, body.len) == 0)
        return SC_OK;
    if (!m) {
        if (log->n_umaps == log->cap_umaps) {
            size_t cap = log->cap_umaps ? log->cap_umaps * 2 : 8;
            sc_log_umap *p = sc__realloc(log->ctx, log->umaps, cap * sizeof(*p));
            if (!p)
                return SC_ENOMEM;
            log->umaps = p;
            log->cap_umaps = cap;
        }
        m = &log->umaps[log->n_umaps++];
        memset(m, 0, sizeof(*m));
        m->table_id = table_id;
        m->version = version;
        m->body.ctx = log->ctx;
    }
    m->body.len = 0;
    sc__buf_put(&m->body, body.data, body.len);
    return m->body.failed ? SC_ENOMEM : SC_OK;
}

void sc_log__umaps_clear(sc_log *log)
{
    for (size_t i = 0; i < log->n_umaps; i++)
        sc__buf_free(&log->umaps[i].body);
    sc_free(log->ctx, log->umaps);
    log->umaps = NULL;
    log->n_umaps = log->cap_umaps = 0;
}

/* Build the map of (table, version) from the catalog when sc_log_rows did not leave it. */
static int
umap_from_catalog(sc_log_umap **out, sc_log *log, sc_txn *txn, uint64_t table_id, uint64_t version)
{
    user_table u;
    sc_buf body = SC_BUF_INIT(log->ctx);
    int rc;

    memset(&u, 0, sizeof(u));
    rc = user_table_load(&u, log->ctx, txn, table_id);
    if (!rc && sc_table_version(u.table) != version)
        rc = sc_error_set(log->ctx, SC_EINVAL, 0, NULL,
                          "no TABLE_MAP for table %llu version %llu: its rows were not logged "
                          "through this log handle",
                          (unsigned long long)table_id, (unsigned long long)version);
    if (!rc)
        rc = table_map_body(&body, log->ctx, &u);
    if (!rc)
        rc = umap_put(log, table_id, version, (sc_slice){body.data, body.len});
    sc__buf_free(&body);
    user_table_free(log->ctx, &u);
    *out = rc ? NULL : umap_find(log, table_id, version);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Recording (sc_log_rows)                                              */

static int record(sc_log *log,
                  sc_txn *txn,
                  const user_table *u,
                  int kind,
                  const sc_binlog_value *before,
                  const sc_binlog_value *after)
{
    sc_buf rec = SC_BUF_INIT(log->ctx), map = SC_BUF_INIT(log->ctx);
    sc_log_settings set;
    sc_slice b = {NULL, 0}, a = {NULL, 0};
    size_t split = 0;
    int rc = sc_log__settings(&set, txn);

    if (!rc)
        rc = table_map_body(&map, log->ctx, u);
    if (!rc)
        rc = umap_put(log, sc_table_id(u->table), sc_table_version(u->table),
                      (sc_slice){map.data, map.len});
    if (!rc)
        rc = encode_record(&rec, &split, log->ctx, u, kind, set.image, before, after);
    if (rc)
        goto out;
    if (kind == SC_LOG_INSERT) {
        a = (sc_slice){rec.data, rec.len};
    } else {
        b = (sc_slice){rec.data, split};
        if (kind == SC_LOG_UPDATE)
            a = (sc_slice){rec.data + split, rec.len - split};
    }
    rc = sc_catalog__txn_add_user_change(txn, sc_table_id(u->table), b, a);
out:
    sc__buf_free(&rec);
    sc__buf_free(&map);
    return rc;
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
    int rc;

    memset(&u, 0, sizeof(u));
    if (kind < SC_LOG_INSERT || kind > SC_LOG_DELETE || (kind != SC_LOG_INSERT && !before) ||
        (kind != SC_LOG_DELETE && !after) || sc_txn_readonly(txn) || !log->have_dbis ||
        sc_txn_catalog(txn) != log->cat)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "sc_log_rows: invalid arguments");
    rc = user_table_load(&u, ctx, txn, table_id);
    if (!rc && ncols != u.ncols)
        rc = sc_error_set(ctx, SC_EINVAL, 0, NULL, "table %s has %zu columns, not %zu",
                          sc_table_definition(u.table)->name, u.ncols, ncols);
    if (!rc)
        rc = record(log, txn, &u, kind, before, after);
    user_table_free(ctx, &u);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Writing (the commit hook)                                            */

/** A user change, decoded (slices borrow from the change). */
typedef struct user_row {
    uint64_t version;
    int kind;
    size_t ncols;
    sc_slice present, present_after;
    sc_slice images; /* before and/or after image(s), as the rows event carries them */
    bool split;      /* UPDATE: the after image is in the change's `after` */
} user_row;

static int user_row_parse(user_row *r, sc_log *log, const sc_row_change *c)
{
    sc_rd rd = sc_rd_init(c->before.len ? c->before : c->after);
    size_t nbm;

    r->kind = !c->before.len ? SC_LOG_INSERT : c->after.len ? SC_LOG_UPDATE : SC_LOG_DELETE;
    r->version = sc_rd_uintle(&rd, 8);
    r->ncols = sc_rd_u32le(&rd);
    nbm = (r->ncols + 7) / 8;
    r->present = sc_rd_bytes(&rd, nbm);
    r->present_after = sc_rd_bytes(&rd, nbm);
    r->images = sc_rd_rest(&rd);
    r->split = r->kind == SC_LOG_UPDATE;
    if (rd.bad || r->ncols == 0)
        return sc_error_set(log->ctx, SC_ECORRUPT, 0, NULL,
                            "data row of table %llu: bad change record",
                            (unsigned long long)c->table_id);
    return SC_OK;
}

/* Index of table_id in the statement's mapped list, or the count when absent. */
static size_t smap_find(const sc_log_build *bld, uint64_t table_id)
{
    size_t n = bld->smaps.len / 16;

    for (size_t i = 0; i < n; i++)
        if (sc_get_u64le(bld->smaps.data + 16 * i) == table_id)
            return i;
    return n;
}

int sc_log__user_map(sc_log_build *bld, const sc_row_change *c, bool inline_only)
{
    sc_log_umap *m;
    user_row r;
    sc_event ev;
    size_t i;
    bool need;
    int rc = user_row_parse(&r, bld->log, c);

    if (rc)
        return rc;
    i = smap_find(bld, c->table_id);
    if (i < bld->smaps.len / 16) {
        if (!inline_only || sc_get_u64le(bld->smaps.data + 16 * i + 8) == r.version)
            return SC_OK;
        if ((rc = sc_log__rows_flush(bld, false)))
            return rc;
        sc_put_u64le(bld->smaps.data + 16 * i + 8, r.version);
    } else {
        sc_buf_uintle(&bld->smaps, c->table_id, 8);
        sc_buf_uintle(&bld->smaps, r.version, 8);
        if (bld->smaps.failed)
            return SC_ENOMEM;
    }
    rc = sc_log__need_map(&need, bld, c->table_id, r.version);
    if (rc || !need)
        return rc;
    m = umap_find(bld->log, c->table_id, r.version);
    if (!m && (rc = umap_from_catalog(&m, bld->log, bld->txn, c->table_id, r.version)))
        return rc;
    sc_log__header(bld, &ev, SC_EV_TABLE_MAP);
    ev.modelled = false;
    ev.raw_body = (sc_slice){m->body.data, m->body.len};
    return sc_log__build_emit(bld, &ev);
}

int sc_log__user_change(sc_log_build *bld, const sc_row_change *c)
{
    user_row r;
    sc_slice image;
    int rc = sc_log__user_map(bld, c, true);

    if (!rc)
        rc = user_row_parse(&r, bld->log, c);
    if (rc)
        return rc;
    image = r.images;
    if (r.split) { /* before and after images back to back, as UPDATE rows carry them */
        bld->scratch.len = 0;
        sc__buf_put(&bld->scratch, r.images.data, r.images.len);
        sc__buf_put(&bld->scratch, c->after.data, c->after.len);
        if (bld->scratch.failed)
            return SC_ENOMEM;
        image = (sc_slice){bld->scratch.data, bld->scratch.len};
    }
    return sc_log__rows_add(bld, c->table_id, r.kind, 0, r.ncols, r.present.data,
                            r.present_after.data, image);
}
