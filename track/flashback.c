/*
 * flashback.c - undo every catalog change after a point of the log
 * (sc_flashback): the catalog at that point is rebuilt from the log
 * (sc_asof_open), then every system-table row that differs from it is
 * written back in one new catalog transaction, logged like any other: rows
 * added since are deleted, rows removed since come back byte for byte (a
 * dropped table with its id, columns, indexes and foreign keys), rows
 * changed since get their old bytes. Left alone: syscat.replica_state (never
 * logged) and syscat.sequences, the id counters, which only ever grow, so
 * that an id given out after the point is never given to another object.
 * docs/history-and-flashback.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catalog/buf.h"
#include "replicate/log.h"
#include "track/track_int.h"

/* Rows to write back, as (u32 length, bytes) records. */
typedef struct fb_walk {
    sc_ctx *ctx;
    sc_txn *other; /* the side the walked row is looked up in */
    unsigned st;
    bool live_side; /* walking the live catalog (else the old one) */
    sc_buf dels, puts;
    sc_flashback_stats *stats;
} fb_walk;

static int record(sc_buf *b, sc_slice packed)
{
    uint8_t len[4];

    len[0] = (uint8_t)packed.len;
    len[1] = (uint8_t)(packed.len >> 8);
    len[2] = (uint8_t)(packed.len >> 16);
    len[3] = (uint8_t)(packed.len >> 24);
    sc__buf_put(b, len, 4);
    sc__buf_put(b, packed.data, packed.len);
    return b->failed ? SC_ENOMEM : SC_OK;
}

static int walk_cb(sc_slice packed, void *payload)
{
    fb_walk *w = payload;
    uint8_t *other = NULL;
    size_t len = 0;
    bool same;
    int rc = sc_catalog__row_get(&other, &len, w->other, w->st, packed);

    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(w->ctx);
        if (w->live_side)
            w->stats->rows_deleted++;
        else
            w->stats->rows_inserted++;
        return record(w->live_side ? &w->dels : &w->puts, packed);
    }
    if (rc)
        return rc;
    same = len == packed.len && memcmp(other, packed.data, len) == 0;
    sc_free(w->ctx, other);
    if (same)
        return SC_OK;
    if (w->live_side) {
        w->stats->rows_replaced++;
        return record(&w->dels, packed);
    }
    return record(&w->puts, packed);
}

/* Apply the records of b with fn. */
static int
apply_list(sc_txn *txn, unsigned st, const sc_buf *b, int (*fn)(sc_txn *, unsigned, sc_slice))
{
    size_t p = 0;
    int rc = SC_OK;

    while (!rc && p + 4 <= b->len) {
        size_t n = (size_t)b->data[p] | (size_t)b->data[p + 1] << 8 | (size_t)b->data[p + 2] << 16 |
                   (size_t)b->data[p + 3] << 24;
        rc = fn(txn, st, (sc_slice){b->data + p + 4, n});
        p += 4 + n;
    }
    return rc;
}

/* Compare one system table; unless dry, write the old rows back in live. */
static int flash_table(fb_walk *w, sc_txn *live, sc_txn *old, bool dry)
{
    uint64_t before = w->stats->rows_deleted + w->stats->rows_inserted + w->stats->rows_replaced;
    int rc;

    sc__buf_reset(&w->dels);
    sc__buf_reset(&w->puts);
    w->live_side = true;
    w->other = old;
    rc = sc_catalog__row_foreach(live, w->st, walk_cb, w);
    if (!rc) {
        w->live_side = false;
        w->other = live;
        rc = sc_catalog__row_foreach(old, w->st, walk_cb, w);
    }
    if (!rc && !dry)
        rc = apply_list(live, w->st, &w->dels, sc_catalog__row_delete);
    if (!rc && !dry)
        rc = apply_list(live, w->st, &w->puts, sc_catalog__row_put);
    if (!rc && w->stats->rows_deleted + w->stats->rows_inserted + w->stats->rows_replaced > before)
        w->stats->systables_touched++;
    return rc;
}

int sc_flashback(sc_flashback_stats *out, sc_log *log, const char *spec, bool dry_run)
{
    sc_flashback_stats stats;
    sc_catalog *scratch = NULL;
    sc_txn *old = NULL, *live = NULL;
    fb_walk w;
    char stmt[300];
    int rc;

    memset(&stats, 0, sizeof(stats));
    memset(&w, 0, sizeof(w));
    w.ctx = log->ctx;
    w.stats = &stats;
    sc__buf_init(&w.dels, log->ctx);
    sc__buf_init(&w.puts, log->ctx);
    rc = sc_asof_open(&scratch, log, spec);
    if (!rc)
        rc = sc_txn_begin(&old, scratch, SC_TXN_READONLY);
    if (!rc)
        rc = sc_txn_begin(&live, log->cat, dry_run ? SC_TXN_READONLY : 0);
    snprintf(stmt, sizeof(stmt), "FLASHBACK TO '%s'", spec);
    if (!rc && !dry_run)
        rc = sc_txn_set_statement(live, stmt, strlen(stmt));
    for (w.st = 1; !rc && w.st < SC_SYS__END; w.st++)
        if (w.st != SC_SYS_REPLICA_STATE && w.st != SC_SYS_SEQUENCES)
            rc = flash_table(&w, live, old, dry_run);
    if (!rc && !dry_run)
        rc = sc_txn_commit(live);
    else
        sc_txn_abort(live);
    sc_txn_abort(old);
    sc_asof_close(scratch);
    sc__buf_free(&w.dels);
    sc__buf_free(&w.puts);
    if (out)
        *out = stats;
    return rc;
}
