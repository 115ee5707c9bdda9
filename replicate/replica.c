/*
 * replica.c - the replica applier (replica.h; docs/replication.md): reads a
 * source's binlog files (the DIR transport: SOURCE_DATADIR/binlog/, read-only,
 * possibly being written), and applies each complete source transaction
 * (GTID .. XID) together with the new position (file, end offset of the XID,
 * GTID) in syscat.replica_state, in one local catalog transaction: a crash
 * anywhere neither loses nor doubles a transaction, and applying again is a
 * no-op. Consecutive transactions share one local transaction (group apply,
 * replica.h), each still its own transaction of the local log.
 *
 * Before a batch commits, it passes fsck's per-table checks for the tables
 * and databases it touched (sc_catalog__check_tables): rows that would break
 * the catalog stop the source with the position instead (a failed batch is
 * applied again one transaction per commit, to name the culprit).
 * Transactions whose GTID carries our own server id are skipped (circular
 * set-ups); the others are logged here with the origin's server id.
 * A transaction whose XID is not written yet waits for the next call. A
 * conflict aborts the local transaction (nothing of it applied), records the
 * error as the source's last error and returns it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "replicate/replica.h"

/* ------------------------------------------------------------------ */
/* Helpers for replica_rows.c                                           */

int sc_replica__conflict(sc_replica_applier *a,
                         int code,
                         unsigned mysql_errno,
                         const char *sqlstate,
                         const char *fmt,
                         ...)
{
    char what[768];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return sc_error_set(a->ctx, code, mysql_errno, sqlstate,
                        "source '%s' at %s:%llu (GTID %u-%u-%llu): %s", a->src.name, a->file,
                        (unsigned long long)a->ev_offset, a->domain, a->origin,
                        (unsigned long long)a->seq, what);
}

/* Slot of id in a touched set's cache of members (direct-mapped). */
static uint64_t *seen_slot(uint64_t *seen, uint64_t id)
{
    return &seen[(id * 0x9E3779B97F4A7C15ull >> 40) & (SC_REPLICA_TOUCH_CACHE - 1)];
}

/* Add id to a touched set (the array the checks walk); its cache answers
 * most repeats without a scan of the array (a scan was 0.9% of an apply). */
static int push_id(sc_ctx *ctx, uint64_t **arr, size_t *n, size_t *cap, uint64_t *seen, uint64_t id)
{
    uint64_t *slot = seen_slot(seen, id);

    if (*slot == id && id != 0)
        return SC_OK;
    for (size_t i = 0; i < *n; i++)
        if ((*arr)[i] == id) {
            *slot = id;
            return SC_OK;
        }
    if (sc__grow(ctx, (void **)arr, cap, *n, sizeof(**arr), 16) != SC_OK)
        return SC_ENOMEM;
    (*arr)[(*n)++] = id;
    *slot = id;
    return SC_OK;
}

int sc_replica__touch(sc_replica_applier *a, bool schema, uint64_t id)
{
    return schema
               ? push_id(a->ctx, &a->schemas, &a->n_schemas, &a->cap_schemas, a->seen_schemas, id)
               : push_id(a->ctx, &a->tables, &a->n_tables, &a->cap_tables, a->seen_tables, id);
}

/* ------------------------------------------------------------------ */
/* The tid_map cache of a batch (the batch holds the write lock: nobody
 * else changes the map meanwhile; emptied when a batch begins or aborts) */

static sc_replica_map_slot *slot_of(sc_replica_applier *a, uint32_t kind, uint64_t source_tid)
{
    uint64_t h = (source_tid * 2 + kind) * 0x9E3779B97F4A7C15ull;

    return &a->mcache[(h >> 32) & (SC_REPLICA_MAP_CACHE - 1)];
}

int sc_replica__lookup(uint64_t *out, sc_replica_applier *a, uint32_t kind, uint64_t source_tid)
{
    sc_replica_map_slot *s = slot_of(a, kind, source_tid);
    int rc;

    if (s->used && s->kind == kind && s->source_tid == source_tid) {
        *out = s->my_tid;
        return SC_OK;
    }
    rc = sc_replica__map_get(out, a->txn, a->src.id, kind, source_tid);
    if (!rc)
        *s = (sc_replica_map_slot){true, kind, source_tid, *out};
    return rc;
}

int sc_replica__remember(sc_replica_applier *a, uint32_t kind, uint64_t source_tid, uint64_t my_tid)
{
    int rc = sc_replica__map_put(a->txn, a->src.id, kind, source_tid, my_tid);

    if (!rc)
        *slot_of(a, kind, source_tid) = (sc_replica_map_slot){true, kind, source_tid, my_tid};
    return rc;
}

int sc_replica__forget(sc_replica_applier *a, uint32_t kind, uint64_t source_tid)
{
    sc_replica_map_slot *s = slot_of(a, kind, source_tid);

    if (s->used && s->kind == kind && s->source_tid == source_tid)
        s->used = false;
    return sc_replica__map_del(a->txn, a->src.id, kind, source_tid);
}

static void cache_clear(sc_replica_applier *a)
{
    memset(a->mcache, 0, sizeof(a->mcache));
}

int sc_replica__unmap_later(sc_replica_applier *a,
                            uint32_t kind,
                            uint64_t source_tid,
                            uint64_t my_tid)
{
    if (sc__grow(a->ctx, (void **)&a->unmaps, &a->cap_unmaps, a->n_unmaps, sizeof(*a->unmaps), 16))
        return SC_ENOMEM;
    a->unmaps[a->n_unmaps++] = (sc_replica_unmap){kind, source_tid, my_tid};
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Commit: mappings, checks, position                                   */

/* Drop the mappings of source objects whose local row stayed deleted. */
static int finish_unmaps(sc_replica_applier *a)
{
    int rc = SC_OK;

    for (size_t i = 0; !rc && i < a->n_unmaps; i++) {
        const sc_replica_unmap *u = &a->unmaps[i];
        uint64_t mine;
        bool exists;
        rc = sc_replica__lookup(&mine, a, u->kind, u->source_tid);
        if (rc == SC_ENOTFOUND) {
            rc = SC_OK;
            continue;
        }
        if (u->kind == SC_IDMAP_TABLE) {
            sc_table *t = NULL;
            exists = sc_table_get(&t, a->txn, mine) == SC_OK;
            sc_table_free(t);
        } else {
            sc_schema *s = NULL;
            exists = sc_schema_get(&s, a->txn, mine) == SC_OK;
            sc_schema_free(s);
        }
        sc_ctx_clear_error(a->ctx);
        if (!rc && !exists)
            rc = sc_replica__forget(a, u->kind, u->source_tid);
    }
    return rc;
}

typedef struct first_problem {
    char text[512];
    size_t n;
} first_problem;

static void note_problem(const char *problem, void *payload)
{
    first_problem *p = payload;

    if (!p->n++)
        snprintf(p->text, sizeof(p->text), "%s", problem);
}

static int check_invariants(sc_replica_applier *a)
{
    first_problem p = {"", 0};
    size_t n = 0;
    int rc = sc_catalog__check_tables(a->txn, a->tables, a->n_tables, a->schemas, a->n_schemas,
                                      note_problem, &p, &n);

    if (rc)
        return rc;
    if (n)
        return sc_replica__conflict(a, SC_ECORRUPT, 0, NULL,
                                    "the transaction would break the catalog (%zu problem(s)), "
                                    "first: %s",
                                    n, p.text);
    /* and the rules the DDL path applies to a definition */
    for (size_t i = 0; i < a->n_tables; i++) {
        rc = sc_catalog__validate_table(a->txn, a->tables[i]);
        if (rc == SC_ENOMEM || rc == SC_EIO)
            return rc;
        if (rc) {
            char what[512];
            snprintf(what, sizeof(what), "%s", sc_ctx_last_error(a->ctx)->message);
            return sc_replica__conflict(a, SC_ECORRUPT, 0, NULL,
                                        "the transaction would break the catalog: table id "
                                        "%llu here: %s",
                                        (unsigned long long)a->tables[i], what);
        }
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Batches: many source transactions per local catalog transaction      */

static int push_done(sc_replica_applier *a)
{
    if (sc__grow(a->ctx, (void **)&a->done, &a->cap_done, a->n_done, sizeof(*a->done), 64))
        return SC_ENOMEM;
    a->done[a->n_done++] =
        (sc_replica_done){a->domain, a->origin, a->seq, a->skip, a->txn_rows, a->txn_rows_skipped};
    return SC_OK;
}

static void abort_batch(sc_replica_applier *a)
{
    sc_log__unpin_settings(a->log);
    sc_txn_abort(a->txn);
    a->txn = NULL;
    a->in_txn = false;
    a->pend = a->pos;
    a->n_done = 0;
    a->src.n_rules = a->n_rules_at_begin;
    cache_clear(a);
}

/* The counters and callbacks of the transactions a commit made durable. */
static void count_done(sc_replica_applier *a)
{
    for (size_t i = 0; i < a->n_done; i++) {
        const sc_replica_done *d = &a->done[i];
        a->stats.txns += !d->skipped;
        a->stats.skipped_txns += d->skipped;
        a->stats.rows += d->rows;
        a->stats.rows_skipped += d->rows_skip;
        a->stats.gtid_domain = d->domain;
        a->stats.gtid_server = d->server;
        a->stats.gtid_seq = d->seq;
        if (a->cb)
            a->cb(&a->stats, a->cb_payload);
    }
    a->n_done = 0;
}

/* Check what the batch touched, then commit it with the position after its last transaction. */
static int commit_batch(sc_replica_applier *a)
{
    int rc = a->n_tables || a->n_schemas ? check_invariants(a) : SC_OK;

    if (rc) {
        abort_batch(a);
        return rc;
    }
    rc = sc_txn_commit(a->txn);
    sc_log__unpin_settings(a->log);
    a->txn = NULL;
    if (rc) {
        abort_batch(a);
        return rc;
    }
    a->pos = a->pend;
    a->n_rules_at_begin = a->src.n_rules;
    count_done(a);
    return SC_OK;
}

static int begin_batch(sc_replica_applier *a)
{
    int rc;

    a->n_tables = a->n_schemas = 0;
    memset(a->seen_tables, 0, sizeof(a->seen_tables));
    memset(a->seen_schemas, 0, sizeof(a->seen_schemas));
    a->n_done = 0;
    cache_clear(a);
    a->pend = a->pos;
    a->n_rules_at_begin = a->src.n_rules;
    rc = sc_txn_begin(&a->txn, a->cat, 0);
    if (!rc)
        sc_log__pin_settings(a->log, a->txn); /* a batch writes no setting */
    return rc;
}

/* ------------------------------------------------------------------ */
/* One source transaction: GTID .. XID                                  */

static int begin_txn(sc_replica_applier *a, const sc_replica_ev *ev)
{
    int rc;

    if (a->in_txn)
        return sc_replica__conflict(a, SC_ECORRUPT, 0, NULL, "GTID inside a transaction");
    if (!a->txn && (rc = begin_batch(a)))
        return rc;
    a->origin = ev->server_id;
    a->domain = ev->domain;
    a->seq = ev->seq;
    a->skip = a->origin == a->own_server_id;
    a->txn_rows = a->txn_rows_skipped = 0;
    a->n_unmaps = 0;
    a->in_txn = true;
    return SC_OK;
}

/*
 * A batch's transactions from this one on hand their local log's compression
 * to the log's thread (docs/performance.md, "Compressing in a second thread").
 */
#define ZIP_FROM 8

/* The XID: the transaction's mappings and position, then its own unit of the local log. */
static int end_txn(sc_replica_applier *a)
{
    sc_replica_pos pos = a->pend;
    int rc = SC_OK;

    if (!a->skip)
        rc = finish_unmaps(a);
    snprintf(pos.file, sizeof(pos.file), "%s", a->file);
    pos.position = a->ev_end;
    pos.gtid_domain = a->domain;
    pos.gtid_server = a->origin;
    pos.gtid_seq = a->seq;
    pos.txns_applied += !a->skip;
    pos.rows_applied += a->txn_rows;
    pos.rows_skipped += a->txn_rows_skipped;
    pos.last_error[0] = '\0';
    if (!rc)
        rc = sc_replica__pos_store(a->txn, a->src.id, &pos);
    if (!rc) {
        sc_log__set_origin(a->log, a->origin);
        /* compressed by the log's thread (logzip.c) from a batch's ZIP_FROM-th
         * transaction on: a follower's rounds of a few transactions gain nothing
         * (each one is waited for at the commit) and pay the hand-off */
        sc_log__set_defer(a->log, a->n_done + 1 >= ZIP_FROM);
        rc = sc_catalog__txn_split(a->txn);
        sc_log__set_defer(a->log, false);
        sc_log__set_origin(a->log, 0);
    }
    if (!rc)
        rc = push_done(a);
    if (rc)
        return rc;
    a->pend = pos;
    a->in_txn = false;
    return a->single || a->n_done >= a->batch_max ? commit_batch(a) : SC_OK;
}

/* ------------------------------------------------------------------ */
/* One file                                                             */

void sc_replica__ev_view(sc_replica_ev *v, const sc_binlog_event *raw, const sc_event *ev)
{
    memset(v, 0, sizeof(*v));
    v->type = raw->header.type;
    v->offset = raw->offset;
    v->end = raw->offset + raw->raw.len;
    v->server_id = ev->header.server_id;
    if (v->type == SC_EV_GTID) {
        v->domain = ev->u.gtid.domain_id;
        v->seq = ev->u.gtid.seq_no;
    } else if (v->type == SC_EV_ROTATE) {
        v->text = ev->u.rotate.name;
    } else if (v->type == SC_EV_ANNOTATE_ROWS) {
        v->text = ev->u.annotate.text;
    }
}

/* A rows event: decoded here, from what the reading thread resolved or from r. */
static int on_rows(sc_replica_applier *a, const sc_replica_ev *v, sc_binlog_reader *r)
{
    sc_event_loc loc = {a->file, a->ev_offset};
    const sc_event *ev;
    sc_replica_rowsev p;
    int rc;

    p.rows = a->rows_keep; /* the last event's arrays */
    if (v->has_rows) {
        sc_replica__rows_prepare(&p, a, v->tm, v->rows_type, &v->rows, &loc);
    } else if (r) {
        ev = sc_binlog_reader__event(r);
        sc_replica__rows_prepare(&p, a, sc_binlog_reader__table_map(r, ev->u.rows.table_id),
                                 ev->header.type, &ev->u.rows, &loc);
    } else { /* the reading thread resolves every rows event the applier applies */
        return sc_error_set(a->ctx, SC_ERROR, 0, NULL,
                            "%s: event at offset %llu: rows event not resolved (internal error)",
                            a->file, (unsigned long long)a->ev_offset);
    }
    rc = sc_replica__rows(a, &p);
    sc_replica__rows_release(a->ctx, &p);
    a->rows_keep = p.rows;
    return rc;
}

int sc_replica__on_event(sc_replica_applier *a,
                         const sc_replica_ev *v,
                         sc_binlog_reader *r,
                         sc_replica_file_run *fr)
{
    a->ev_offset = v->offset;
    a->ev_end = v->end;
    switch (v->type) {
    case SC_EV_GTID:
        return begin_txn(a, v);
    case SC_EV_XID:
        if (!a->in_txn)
            return sc_replica__conflict(a, SC_ECORRUPT, 0, NULL, "XID outside a transaction");
        return end_txn(a);
    case SC_EV_ROTATE:
        snprintf(fr->next, sizeof(fr->next), "%.*s", (int)v->text.len, (const char *)v->text.data);
        return SC_OK;
    case SC_EV_ANNOTATE_ROWS:
        return a->in_txn && !a->skip
                   ? sc_txn_set_statement(a->txn, (const char *)v->text.data, v->text.len)
                   : SC_OK;
    default:
        if (!sc_event__is_rows(v->type) || (a->in_txn && a->skip))
            return SC_OK;
        if (!a->in_txn)
            return sc_replica__conflict(a, SC_ECORRUPT, 0, NULL, "rows outside a transaction");
        return on_rows(a, v, r);
    }
}

static int on_event(sc_replica_applier *a,
                    sc_binlog_reader *r,
                    const sc_binlog_event *raw,
                    sc_replica_file_run *fr)
{
    sc_replica_ev v;

    sc_replica__ev_view(&v, raw, sc_binlog_reader__event(r));
    return sc_replica__on_event(a, &v, r, fr);
}

/* The source went on to its next file (binlog.NNNNNN + 1 exists): this one is finished. */
bool sc_replica__has_successor(const char *path)
{
    char next[1400];
    size_t n = strlen(path), d = n;
    unsigned long long num;
    struct stat st;

    while (d > 0 && path[d - 1] >= '0' && path[d - 1] <= '9')
        d--;
    if (d == n || n - d > 18 || n >= sizeof(next))
        return false;
    num = strtoull(path + d, NULL, 10) + 1;
    snprintf(next, sizeof(next), "%.*s%0*llu", (int)d, path, (int)(n - d), num);
    return stat(next, &st) == 0;
}

/* SC_REPLICA_BATCH: transactions per batch (1 = one local commit per source transaction). */
static size_t batch_max_env(void)
{
    const char *v = getenv("SC_REPLICA_BATCH");
    char *end = NULL;
    unsigned long n = v ? strtoul(v, &end, 10) : 0;

    return v && *v && !*end && n >= 1 && n <= 1000000 ? (size_t)n : SC_REPLICA_BATCH_MAX;
}

/* SC_REPLICA_THREADS (replica.h): 1 or 2, else 0 (automatic). */
static int threads_env(void)
{
    const char *v = getenv("SC_REPLICA_THREADS");

    return v && (!strcmp(v, "1") || !strcmp(v, "2")) ? v[0] - '0' : 0;
}

/* Called by run_file once the file is mapped (tests: the source writes on meanwhile). */
void (*sc_replica__after_open_hook)(const char *path);

/* Apply the events of r from where it stands; stops early (waiting) at a
 * transaction not completely written yet. */
static int read_events(sc_replica_applier *a,
                       sc_binlog_reader *r,
                       const char *path,
                       uint64_t start,
                       sc_replica_file_run *fr)
{
    const sc_binlog_event *raw = NULL;
    int rc = SC_OK;

    if (sc_replica__pipe_wanted(a, r))
        return sc_replica__read_piped(a, r, path, start, fr);
    while (!rc) {
        /* A transaction is begun only when its XID is in the bytes mapped: a
         * batch never holds half a transaction the next round must finish. */
        if (!a->in_txn && sc_binlog_reader__txn_incomplete(r) && !sc_replica__has_successor(path)) {
            fr->waiting = true;
            break;
        }
        rc = sc_binlog_reader_next(&raw, r);
        /* The end of what was mapped at open, inside an event the source is
         * still writing: nothing more yet (never the file's current size,
         * which may have grown since). A cut event in a finished file is damage. */
        if (rc && sc_binlog_reader__partial_tail(r) && !sc_replica__has_successor(path)) {
            sc_ctx_clear_error(a->ctx);
            fr->waiting = true;
            rc = SC_OK;
            break;
        }
        if (rc || !raw)
            break;
        if (raw->offset < start)
            continue; /* applied already; the reader still keeps the file's TABLE_MAPs */
        rc = on_event(a, r, raw, fr);
    }
    return rc;
}

static void close_reader(sc_replica_applier *a)
{
    if (a->rd)
        a->framed += sc_binlog_reader__framed(a->rd);
    sc_binlog_reader_close(a->rd);
    a->rd = NULL;
}

/* The reader a round goes on with: the one kept open when it stopped right
 * after the committed position of this file (mapped again if the file grew:
 * its TABLE_MAPs are kept), else none. */
static int reuse_reader(sc_replica_applier *a, const char *path, uint64_t start, bool seek)
{
    if (a->rd && (!seek || strcmp(a->rd_file, a->file) != 0 || a->rd_resume != start))
        close_reader(a);
    return a->rd ? sc_binlog_reader__refresh(a->rd, path) : SC_OK;
}

/* Read path from start on (seek: skip the bytes before it unread) and apply. */
static int read_file(
    sc_replica_applier *a, const char *path, uint64_t start, bool seek, sc_replica_file_run *fr)
{
    sc_binlog_reader *r = NULL;
    int rc = reuse_reader(a, path, start, seek);

    if (rc)
        return rc;
    if (a->rd) {
        r = a->rd;
        a->rd = NULL;
        a->seeked = a->rd_seeked; /* it has the file's maps from where it started */
        a->map_missing = false;
        rc = read_events(a, r, path, start, fr);
        goto done;
    }
    rc = sc_binlog_reader_open(&r, a->ctx, path);
    if (rc) {
        struct stat st;
        /* a file just created, its header not yet written: nothing to read yet */
        if (stat(path, &st) == 0 && st.st_size < 512) {
            sc_ctx_clear_error(a->ctx);
            fr->waiting = true;
            return SC_OK;
        }
        return rc;
    }
    if (sc_replica__after_open_hook)
        sc_replica__after_open_hook(path);
    a->seeked = seek && start > SC_BINLOG_MAGIC_LEN;
    a->map_missing = false;
    if (a->seeked)
        sc_binlog_reader__seek(r, start);
    rc = read_events(a, r, path, start, fr);
done:
    if (!rc && a->in_txn)
        rc = sc_error_set(a->ctx, SC_ECORRUPT, 0, NULL,
                          "%s: the file ends inside the transaction of GTID %u-%u-%llu", a->file,
                          a->domain, a->origin, (unsigned long long)a->seq);
    if (!rc && a->txn)
        rc = commit_batch(a);
    if (rc && a->txn) {
        a->batch_failed = !a->single;
        abort_batch(a);
    }
    /* kept for the next round while it stands right after what is committed */
    a->rd = r;
    snprintf(a->rd_file, sizeof(a->rd_file), "%s", a->file);
    a->rd_resume = strcmp(a->pos.file, a->file) == 0 ? a->pos.position : start;
    a->rd_seeked = a->seeked;
    if (rc || fr->next[0])
        close_reader(a);
    return rc;
}

/*
 * From the position on; from the file's start only when a rows event needs a
 * TABLE_MAP written before the position (binlog.table_map=file). A failed
 * batch is applied again one transaction per commit.
 */
static int
run_file(sc_replica_applier *a, const char *path, uint64_t start, sc_replica_file_run *fr)
{
    bool seek = true;
    int rc;

    for (;;) {
        uint64_t from = strcmp(a->pos.file, a->file) == 0 ? a->pos.position : start;
        *fr = (sc_replica_file_run){"", false};
        a->batch_failed = false;
        rc = read_file(a, path, from, seek, fr);
        if (rc && a->map_missing && seek) {
            seek = false;
        } else if (rc && a->batch_failed) {
            a->single = true;
        } else {
            break;
        }
        sc_ctx_clear_error(a->ctx);
    }
    a->single = a->seeked = a->map_missing = false;
    return rc;
}

/* ------------------------------------------------------------------ */
/* The HOST:PORT transport: the same events, from a binlog stream       */

/* One event of the stream: decoded by the stream reader, then applied as from a file. */
static int
net_event(sc_replica_applier *a, sc_binlog_reader *r, sc_slice bytes, sc_replica_file_run *fr)
{
    const sc_binlog_event *raw = NULL;
    const sc_event *ev;
    int rc = sc_binlog_reader__push(&raw, r, bytes);

    if (rc)
        return rc;
    ev = sc_binlog_reader__event(r);
    if (raw->header.type == SC_EV_ROTATE) { /* the file the next events come from */
        char next[256];
        snprintf(next, sizeof(next), "%.*s", (int)ev->u.rotate.name.len,
                 (const char *)ev->u.rotate.name.data);
        if (strcmp(next, a->net_file) != 0) { /* a new file, read from its start */
            a->net_skip_below = 0;
            a->seeked = false;
        }
        memcpy(a->net_file, next, sizeof(next));
        return SC_OK;
    }
    if (raw->offset < a->net_skip_below && strcmp(a->net_file, a->pos.file) == 0)
        return SC_OK; /* applied already; read again for its TABLE_MAPs */
    return on_event(a, r, raw, fr);
}

/* Milliseconds of a monotonic clock. */
static uint64_t now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* A follower's round gives the other sources their turn after this long. */
#define NET_ROUND_MS 20

/* One event of the stream: a transaction's events are kept until its XID has
 * come, then applied, so the applier never holds half a transaction. */
static int net_take(sc_replica_applier *a, sc_slice ev, sc_replica_file_run *fr)
{
    sc_buf *pending = &a->net_pending;
    int rc = SC_OK;

    if (ev.data[4] != SC_EV_GTID && !pending->len)
        return net_event(a, a->net_rd, ev, fr);
    sc__buf_put(pending, ev.data, ev.len);
    if (pending->failed)
        return SC_ENOMEM;
    if (ev.data[4] == SC_EV_XID) {
        for (size_t at = 0, len; !rc && at < pending->len; at += len) {
            len = sc_get_u32le(pending->data + at + 9);
            rc = net_event(a, a->net_rd, (sc_slice){pending->data + at, len}, fr);
        }
        pending->len = 0;
    }
    return rc;
}

/*
 * Read the stream: a non-blocking dump to its end; a follower's blocking dump
 * while events have arrived (never waiting for the next one; at most
 * NET_ROUND_MS at a time). A connection lost in the middle of a transaction
 * loses nothing that is applied, and the complete ones before it are committed.
 */
static int net_round(sc_replica_applier *a, bool *lost)
{
    sc_replica_file_run fr = {"", false};
    uint64_t t0 = now_ms();
    sc_slice ev;
    int rc = SC_OK;

    for (;;) {
        if (a->keep_open && !a->in_txn &&
            (!sc_replica__net_ready(a->net) || now_ms() - t0 >= NET_ROUND_MS))
            break;
        if ((rc = sc_replica__net_next(&ev, a->net)))
            break;
        if (!ev.len) {
            if (sc_replica__net_ended(a->net) || a->keep_open)
                break;
            continue;
        }
        if ((rc = net_take(a, ev, &fr)))
            break;
    }
    *lost = rc && sc_replica__net_lost(a->net);
    if ((!rc || *lost) && a->txn && !a->in_txn) {
        sc_error saved = *sc_ctx_last_error(a->ctx);
        int crc = commit_batch(a);
        if (crc)
            return crc;
        a->ctx->err = saved;
    }
    if (rc && a->txn) {
        a->batch_failed = !a->single;
        abort_batch(a);
    }
    return rc;
}

static void net_disconnect(sc_replica_applier *a)
{
    sc_binlog_reader_close(a->net_rd);
    sc_replica__net_close(a->net);
    a->net_rd = NULL;
    a->net = NULL;
    a->net_pending.len = 0;
}

/* Connect: from the position, or (from_start) from its file's start when a
 * transaction there needs TABLE_MAPs written before it (binlog.table_map=file). */
static int net_connect(sc_replica_applier *a, bool *lost, bool from_start)
{
    sc_replica_net_options o = {0};
    int rc;

    o.hostport = a->src.from;
    o.user = a->src.user;
    o.password_file = a->src.password_file;
    o.server_id = a->src.server_id ? a->src.server_id : a->own_server_id;
    o.file = a->pos.file;
    o.position = a->pos.file[0] && !from_start ? a->pos.position : 4;
    o.non_block = !a->keep_open;
    a->net_skip_below = from_start ? a->pos.position : 0;
    a->seeked = o.position > 4;
    a->map_missing = false;
    a->net_pending.len = 0;
    snprintf(a->net_file, sizeof(a->net_file), "%s", a->pos.file);
    o.own_server_id = a->own_server_id;
    rc = sc_replica__net_open(&a->net, a->ctx, &o);
    if (rc == SC_ESQL) /* 1593: the source's server id is ours */
        return sc_replica__conflict(a, SC_ESQL, SC_ER_SLAVE_FATAL_ERROR,
                                    SC_REPLICA_SAME_SERVER_IDS);
    if (rc) {
        *lost = rc == SC_EIO;
        return rc;
    }
    rc = sc_binlog_reader__open_stream(&a->net_rd, a->ctx, a->src.from,
                                       sc_replica__net_checksum(a->net));
    if (rc)
        net_disconnect(a);
    return rc;
}

/* One connection (a follower's: the one kept open, or a new one) read as far as it goes. */
static int net_once(sc_replica_applier *a, bool *lost, bool from_start)
{
    int rc = SC_OK;

    *lost = false;
    if (!a->net)
        rc = net_connect(a, lost, from_start);
    a->file = a->net_file;
    if (!rc)
        rc = net_round(a, lost);
    if (rc || !a->keep_open)
        net_disconnect(a);
    return rc;
}

/* Apply what the source has now; a failed batch again one transaction per commit;
 * a lost connection resumed from the committed position (three times). */
static int apply_net(sc_replica_applier *a)
{
    int rc, retries = 0;
    bool lost, from_start = false;

    for (;;) {
        a->batch_failed = false;
        rc = net_once(a, &lost, from_start);
        if (!rc)
            break;
        if (a->map_missing && !from_start)
            from_start = true;
        else if (a->batch_failed && !a->single)
            a->single = true;
        else if (lost && retries++ < 3)
            nanosleep(&(struct timespec){0, 100000000L * retries}, NULL);
        else
            break;
        sc_ctx_clear_error(a->ctx);
    }
    a->single = a->map_missing = false;
    if (!a->net) { /* a kept dump goes on where it stands (its seek, what it skips) */
        a->seeked = false;
        a->net_skip_below = 0;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Files of a source                                                    */

/* The first file the source's index lists (binlog.000001 when there is no index). */
static void first_file(char *out, size_t size, const char *dir)
{
    char path[1200], line[512];
    FILE *f;

    snprintf(out, size, "%s.000001", SC_LOG_BASENAME);
    snprintf(path, sizeof(path), "%s/binlog/%s.index", dir, SC_LOG_BASENAME);
    f = fopen(path, "r");
    if (!f)
        return;
    if (fgets(line, sizeof(line), f)) {
        char *base = strrchr(line, '/');
        base = base ? base + 1 : line;
        base[strcspn(base, "\r\n")] = '\0';
        if (*base && strlen(base) < size)
            memcpy(out, base, strlen(base) + 1);
    }
    fclose(f);
}

static bool is_dir_source(const sc_replica_source *src)
{
    struct stat st;

    return strchr(src->from, '/') || (stat(src->from, &st) == 0 && S_ISDIR(st.st_mode));
}

static int apply_files(sc_replica_applier *a)
{
    char file[256], path[1400];
    uint64_t start = a->pos.position;
    struct stat st;
    int rc = SC_OK;

    if (a->pos.file[0])
        snprintf(file, sizeof(file), "%s", a->pos.file);
    else
        first_file(file, sizeof(file), a->src.from);
    for (;;) {
        sc_replica_file_run fr = {"", false};
        snprintf(path, sizeof(path), "%s/binlog/%s", a->src.from, file);
        if (stat(path, &st) != 0)
            break; /* not written yet */
        a->file = file;
        rc = run_file(a, path, start, &fr);
        if (rc || fr.waiting || !fr.next[0] || strchr(fr.next, '/'))
            break;
        snprintf(file, sizeof(file), "%s", fr.next);
        start = 0;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* The entry point                                                      */

/* What may have changed since the last round: settings, the source's row, its position. */
static int applier_reload(sc_replica_applier *a)
{
    sc_log_settings set;
    sc_txn *txn = NULL;
    char name[256];
    int rc = sc_txn_begin(&txn, a->cat, SC_TXN_READONLY);

    snprintf(name, sizeof(name), "%s", a->name);
    if (!rc)
        rc = sc_log__settings(&set, txn);
    if (!rc)
        rc = sc_replica__source_load(&a->src, txn, name);
    if (!rc)
        rc = sc_replica__pos_load(&a->pos, txn, a->src.id);
    sc_txn_abort(txn);
    if (rc)
        return rc;
    a->own_server_id = set.server_id;
    a->n_rules_at_begin = a->src.n_rules;
    a->pend = a->pos;
    return SC_OK;
}

static int applier_init(sc_replica_applier *a, sc_log *log, const char *name)
{
    int rc;

    memset(a, 0, sizeof(*a));
    a->log = log;
    a->cat = log->cat;
    a->ctx = log->ctx;
    snprintf(a->name, sizeof(a->name), "%s", name);
    a->batch_max = batch_max_env();
    a->threads = sc_replica__thread_safe_alloc(a->ctx) ? threads_env() : 1;
    a->packed_rows =
        getenv("SC_REPLICA_PACKED_ROWS") && !strcmp(getenv("SC_REPLICA_PACKED_ROWS"), "1");
    a->hook_images =
        getenv("SC_REPLICA_LOG_IMAGES") && !strcmp(getenv("SC_REPLICA_LOG_IMAGES"), "hook");
    a->generic_decode =
        getenv("SC_REPLICA_DECODE") && !strcmp(getenv("SC_REPLICA_DECODE"), "generic");
    a->net_pending = (sc_buf)SC_BUF_INIT(a->ctx);
    for (unsigned t = 1; t < SC_SYS__END; t++) {
        if ((rc = sc_sysmap__init(&a->maps[t], a->ctx, t)))
            return rc;
        sc_replica__cols_init(&a->cols[t], &a->maps[t]);
    }
    return SC_OK;
}

static void applier_free(sc_replica_applier *a)
{
    if (a->txn)
        abort_batch(a);
    close_reader(a);
    net_disconnect(a);
    sc__buf_free(&a->net_pending);
    sc_rows__free(a->ctx, &a->rows_keep);
    sc_free(a->ctx, a->done);
    sc_free(a->ctx, a->tables);
    sc_free(a->ctx, a->schemas);
    sc_free(a->ctx, a->unmaps);
}

uint64_t sc_replica__test_now;

/* Keep the error as the source's last error (own transaction), leaving ctx's error as it was. */
static void record_error(sc_replica_applier *a)
{
    sc_error saved = *sc_ctx_last_error(a->ctx);
    sc_replica_pos pos;
    sc_txn *txn = NULL;

    if (sc_txn_begin(&txn, a->cat, 0) == SC_OK &&
        sc_replica__pos_load(&pos, txn, a->src.id) == SC_OK) {
        snprintf(pos.last_error, sizeof(pos.last_error), "%s", saved.message);
        pos.last_error_time = sc_replica__test_now ? sc_replica__test_now : (uint64_t)time(NULL);
        if (sc_replica__pos_store(txn, a->src.id, &pos) == SC_OK) {
            sc_txn_commit(txn);
            txn = NULL;
        }
    }
    sc_txn_abort(txn);
    sc_error_set(a->ctx, saved.code, saved.mysql_errno, saved.sqlstate[0] ? saved.sqlstate : NULL,
                 "%s", saved.message);
}

struct sc_replica_follower {
    sc_replica_applier a;
};

/* keep_open: a HOST:PORT source through one blocking dump kept between rounds. */
static int follower_open(sc_replica_follower **out, sc_log *log, const char *name, bool keep_open)
{
    sc_replica_follower *f = sc__calloc(log->ctx, 1, sizeof(*f));
    int rc;

    *out = NULL;
    if (!f)
        return SC_ENOMEM;
    rc = applier_init(&f->a, log, name);
    f->a.keep_open = keep_open;
    if (!rc)
        rc = applier_reload(&f->a); /* the source exists */
    if (rc) {
        sc_replica_follower_close(f);
        return rc;
    }
    *out = f;
    return SC_OK;
}

int sc_replica_follower_open(sc_replica_follower **out, sc_log *log, const char *name)
{
    return follower_open(out, log, name, true);
}

int sc_replica_follower_fd(const sc_replica_follower *f)
{
    return f && f->a.net ? sc_replica__net_fd(f->a.net) : -1;
}

bool sc_replica_follower_has_more(const sc_replica_follower *f)
{
    return f && f->a.net && sc_replica__net_ready(f->a.net);
}

int sc_replica_follower_apply(sc_replica_stats *out,
                              sc_replica_follower *f,
                              sc_replica_progress_cb cb,
                              void *payload)
{
    sc_replica_applier *a = &f->a;
    int rc = applier_reload(a);

    memset(&a->stats, 0, sizeof(a->stats));
    if (!rc && !is_dir_source(&a->src) && !sc_replica__is_hostport(a->src.from))
        rc = sc_error_set(a->ctx, SC_EINVAL, 0, NULL,
                          "source '%s': '%s' is neither a data directory nor HOST:PORT",
                          a->src.name, a->src.from);
    else if (!rc) {
        a->cb = cb;
        a->cb_payload = payload;
        rc = is_dir_source(&a->src) ? apply_files(a) : apply_net(a);
        if (a->txn)
            abort_batch(a);
        if (rc && rc != SC_ENOMEM)
            record_error(a);
    }
    if (rc)
        close_reader(a);
    if (out)
        *out = a->stats;
    return rc;
}

void sc_replica_follower_close(sc_replica_follower *f)
{
    if (!f)
        return;
    sc_ctx *ctx = f->a.ctx;
    applier_free(&f->a);
    sc_free(ctx, f);
}

uint64_t sc_replica__follower_framed(const sc_replica_follower *f)
{
    return f->a.framed + (f->a.rd ? sc_binlog_reader__framed(f->a.rd) : 0);
}

int sc_replica_apply(
    sc_replica_stats *out, sc_log *log, const char *name, sc_replica_progress_cb cb, void *payload)
{
    sc_replica_follower *f = NULL;
    int rc;

    if (out)
        memset(out, 0, sizeof(*out));
    rc = follower_open(&f, log, name, false); /* a non-blocking dump: to the source's end */
    if (!rc)
        rc = sc_replica_follower_apply(out, f, cb, payload);
    sc_replica_follower_close(f);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Lag (status)                                                         */

typedef struct lag_walk {
    uint64_t bytes, txns;
} lag_walk;

static int
lag_file(lag_walk *w, sc_ctx *ctx, const char *path, uint64_t start, char *next, size_t size)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *raw = NULL;
    struct stat st;
    int rc;

    next[0] = '\0';
    if (stat(path, &st) != 0)
        return SC_ENOTFOUND;
    w->bytes += (uint64_t)st.st_size > start ? (uint64_t)st.st_size - start : 0;
    rc = sc_binlog_reader_open(&r, ctx, path);
    while (!rc && (rc = sc_binlog_reader_next(&raw, r)) == SC_OK && raw) {
        if (raw->offset < start)
            continue;
        w->txns += raw->header.type == SC_EV_XID;
        if (raw->header.type == SC_EV_ROTATE) {
            const sc_event *ev = sc_binlog_reader__event(r);
            snprintf(next, size, "%.*s", (int)ev->u.rotate.name.len,
                     (const char *)ev->u.rotate.name.data);
        }
    }
    sc_binlog_reader_close(r);
    return rc;
}

int sc_replica__lag(sc_replica_status *st, sc_ctx *ctx);

int sc_replica__lag(sc_replica_status *st, sc_ctx *ctx)
{
    lag_walk w = {0, 0};
    char file[256], next[256], path[1400];
    uint64_t start = st->position;
    int rc = SC_OK;

    if (!strchr(st->from, '/')) {
        struct stat s;
        if (stat(st->from, &s) != 0)
            return SC_EINVAL; /* HOST:PORT: not known without a connection */
    }
    if (st->file[0])
        snprintf(file, sizeof(file), "%s", st->file);
    else
        first_file(file, sizeof(file), st->from);
    for (int guard = 0; guard < 100000; guard++) {
        snprintf(path, sizeof(path), "%s/binlog/%s", st->from, file);
        rc = lag_file(&w, ctx, path, start, next, sizeof(next));
        if (rc == SC_ENOTFOUND)
            rc = SC_OK;
        if (rc || !next[0] || strchr(next, '/'))
            break;
        snprintf(file, sizeof(file), "%s", next);
        start = 0;
    }
    st->lag_known = rc == SC_OK;
    st->lag_bytes = w.bytes;
    st->lag_txns = w.txns;
    return rc;
}
