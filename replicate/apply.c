/*
 * apply.c - replay a syscat binlog's system-table rows into a catalog
 * (apply.h). Each GTID opens a catalog write transaction, each XID commits
 * it; rows go through sc_catalog__row_put/row_delete, which keep the
 * secondary indexes, so the target stays fsck-clean when the log is.
 */
#include <string.h>

#include "replicate/apply.h"
#include "catalog/errmsg.h"

typedef struct applier {
    sc_catalog *target;
    sc_ctx *ctx;
    sc_txn *txn;                 /* open between GTID and XID */
    uint64_t after_seq;          /* skip transactions up to this GTID */
    bool skipping;               /* inside a skipped transaction */
    uint64_t seq;                /* GTID of the open transaction */
    sc_sysmap maps[SC_SYS__END]; /* system tables by id (0 unused) */
} applier;

/* ------------------------------------------------------------------ */
/* Finding the current row of a partial image                           */

typedef struct find_row {
    applier *a;
    const sc_sysmap *m;
    const sc_binlog_value *key; /* image holding the key columns */
    sc_buf *found;              /* packed row, when found */
    bool hit;
} find_row;

static int find_cb(sc_slice packed, void *payload)
{
    find_row *f = payload;
    sc_binlog_value vals[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *msg = NULL;
    bool same = true;
    int rc = sc_sysmap__row(vals, &msg, f->a->ctx, f->m, packed);

    if (rc)
        return rc;
    for (size_t k = 0; k < f->m->npk && same; k++)
        same = sc_sysmap__value_eq(&vals[f->m->pk[k]], &f->key[f->m->pk[k]]);
    sc_sysmap__free_row(f->a->ctx, msg);
    if (!same)
        return 0;
    f->hit = true;
    sc__buf_put(f->found, packed.data, packed.len);
    return 1; /* stop */
}

/* Merge a partial after image into the row the before image's key names. */
static int merged_row(sc_buf *out,
                      applier *a,
                      const sc_sysmap *m,
                      const sc_binlog_value *bv,
                      const sc_binlog_value *av,
                      const bool *aabsent)
{
    sc_buf cur = SC_BUF_INIT(a->ctx);
    find_row f = {a, m, bv, &cur, false};
    sc_binlog_value vals[SC_SYSMAP_MAX_COLS];
    bool none[SC_SYSMAP_MAX_COLS] = {false};
    ProtobufCMessage *msg = NULL;
    int rc = sc_catalog__row_foreach(a->txn, m->st->id, find_cb, &f);

    if (rc == 1)
        rc = SC_OK;
    if (!rc && !f.hit)
        rc = sc_error_set_er(a->ctx, SC_ENOTFOUND, SC_ER_KEY_NOT_FOUND, m->st->name);
    if (!rc)
        rc = sc_sysmap__row(vals, &msg, a->ctx, m, (sc_slice){cur.data, cur.len});
    for (size_t i = 0; !rc && i < m->ncols; i++)
        if (!aabsent[i])
            vals[i] = av[i];
    if (!rc)
        rc = sc_sysmap__pack(out, a->ctx, m, vals, none);
    sc_sysmap__free_row(a->ctx, msg);
    sc__buf_free(&cur);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Rows events                                                          */

static bool all_present(const bool *absent, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (absent[i])
            return false;
    return true;
}

static bool key_changed(const sc_sysmap *m,
                        const sc_binlog_value *bv,
                        const bool *babsent,
                        const sc_binlog_value *av,
                        const bool *aabsent)
{
    for (size_t k = 0; k < m->npk; k++) {
        unsigned c = m->pk[k];
        if (!babsent[c] && !aabsent[c] && !sc_sysmap__value_eq(&bv[c], &av[c]))
            return true;
    }
    return false;
}

static int apply_update(applier *a,
                        const sc_sysmap *m,
                        const sc_binlog_value *bv,
                        const bool *babsent,
                        const sc_binlog_value *av,
                        const bool *aabsent)
{
    sc_buf oldk = SC_BUF_INIT(a->ctx), row = SC_BUF_INIT(a->ctx);
    int rc = all_present(aabsent, m->ncols) ? sc_sysmap__pack(&row, a->ctx, m, av, aabsent)
                                            : merged_row(&row, a, m, bv, av, aabsent);

    if (!rc && key_changed(m, bv, babsent, av, aabsent)) {
        rc = sc_sysmap__pack(&oldk, a->ctx, m, bv, babsent);
        if (!rc)
            rc = sc_catalog__row_delete(a->txn, m->st->id, (sc_slice){oldk.data, oldk.len});
    }
    if (!rc)
        rc = sc_catalog__row_put(a->txn, m->st->id, (sc_slice){row.data, row.len});
    sc__buf_free(&oldk);
    sc__buf_free(&row);
    return rc;
}

static int apply_image(applier *a, const sc_sysmap *m, const sc_rows *rows, size_t i)
{
    const sc_binlog_value *v = rows->vals + i * rows->ncols;
    const bool *absent = rows->absent + i * rows->ncols;
    sc_buf row = SC_BUF_INIT(a->ctx);
    int rc;

    if (rows->kind == 1)
        return apply_update(a, m, v, absent, v + rows->ncols, absent + rows->ncols);
    rc = sc_sysmap__pack(&row, a->ctx, m, v, absent);
    if (!rc && rows->kind == 0)
        rc = sc_catalog__row_put(a->txn, m->st->id, (sc_slice){row.data, row.len});
    else if (!rc)
        rc = sc_catalog__row_delete(a->txn, m->st->id, (sc_slice){row.data, row.len});
    sc__buf_free(&row);
    return rc;
}

static int
apply_rows(applier *a, sc_binlog_reader *r, const sc_event *ev, const sc_binlog_event *raw)
{
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, ev->u.rows.table_id);
    sc_event_loc loc = {sc_binlog_reader__name(r), raw->offset};
    const sc_sysmap *m;
    sc_rows rows;
    int rc;

    if (!tm)
        return sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: event at offset %llu: no TABLE_MAP"
                            " for table id %llu",
                            loc.file, (unsigned long long)loc.offset,
                            (unsigned long long)ev->u.rows.table_id);
    if (tm->table_id >= SC_SYS__END || tm->db.len != strlen(SC_SYSCAT_SCHEMA) ||
        memcmp(tm->db.data, SC_SYSCAT_SCHEMA, tm->db.len) != 0)
        return SC_OK; /* a user table's data rows: not the catalog's */
    m = &a->maps[tm->table_id];
    if (!a->txn || ev->u.rows.ncols != m->ncols)
        return sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: event at offset %llu: rows outside a transaction or with %llu "
                            "columns for syscat.%s",
                            loc.file, (unsigned long long)loc.offset,
                            (unsigned long long)ev->u.rows.ncols, m->st->name);
    rc = sc_rows__decode(&rows, a->ctx, tm, ev->header.type, &ev->u.rows, &loc);
    if (rc)
        return rc;
    for (size_t i = 0; !rc && i < rows.nimages; i += rows.kind == 1 ? 2 : 1)
        rc = apply_image(a, m, &rows, i);
    sc_rows__free(a->ctx, &rows);
    return rc;
}

static int apply_event(
    applier *a, sc_binlog_reader *r, const sc_binlog_event *raw, sc_apply_cb after, void *payload)
{
    const sc_event *ev = sc_binlog_reader__event(r);
    int rc;

    switch (raw->header.type) {
    case SC_EV_GTID:
        if (a->txn)
            return sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL, "GTID inside a transaction");
        a->seq = ev->u.gtid.seq_no;
        a->skipping = a->seq <= a->after_seq;
        return a->skipping ? SC_OK : sc_txn_begin(&a->txn, a->target, 0);
    case SC_EV_XID:
        if (a->skipping) {
            a->skipping = false;
            return SC_OK;
        }
        if (!a->txn)
            return sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL, "XID outside a transaction");
        rc = sc_txn_commit(a->txn);
        a->txn = NULL;
        return rc ? rc : after ? after(a->target, a->seq, payload) : SC_OK;
    default:
        return sc_event__is_rows(raw->header.type) && !a->skipping ? apply_rows(a, r, ev, raw)
                                                                   : SC_OK;
    }
}

int sc_apply__reader(
    sc_catalog *target, sc_binlog_reader *r, uint64_t after_seq, sc_apply_cb after, void *payload)
{
    applier a;
    const sc_binlog_event *raw = NULL;
    int rc = SC_OK;

    memset(&a, 0, sizeof(a));
    a.target = target;
    a.ctx = sc_catalog_ctx(target);
    a.after_seq = after_seq;
    for (unsigned t = 1; !rc && t < SC_SYS__END; t++)
        rc = sc_sysmap__init(&a.maps[t], a.ctx, t);
    while (!rc) {
        rc = sc_binlog_reader_next(&raw, r);
        if (rc || !raw)
            break;
        rc = apply_event(&a, r, raw, after, payload);
    }
    sc_txn_abort(a.txn); /* a transaction cut by the end of the file is not applied */
    return rc;
}
