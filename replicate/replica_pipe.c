/*
 * replica_pipe.c - the applier's reading thread (replica.h,
 * sc_replica__read_piped; docs/replication.md "Two threads"): while the
 * applying thread applies and commits, a second thread frames the source's
 * events, checks their CRC32, inflates compressed rows events and resolves
 * each rows event's TABLE_MAP, and hands them over through a bounded
 * single-producer single-consumer ring. The applying thread decodes the row
 * images itself: decoded rows are several times the event's bytes, and
 * moving them from one core's cache to the other's cost more CPU than the
 * decoding moved (docs/performance.md).
 *
 * Invariants: the reading thread never writes the catalog, the applier's
 * state or its ctx's error (its reports are routed to a ctx of its own,
 * sc_ctx_route_thread, and carried to the applying thread in the item of the
 * event they belong to, which reports them at that event's turn, as one
 * thread would). A TABLE_MAP an item points to stays unchanged until the
 * round ends (the thread keeps its own copy of each version). The thread
 * stops at the first event that ends a round (the end of what is mapped, a
 * transaction not completely written yet, an error), and the applying thread
 * takes every item before it returns, so that on success the reader stands
 * where the one-thread loop would have left it. Crash safety is the applying
 * thread's alone: nothing in this file writes.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "replicate/replica.h"

/* Events in flight between the two threads. */
#define PIPE_SLOTS 4096
/* Events waiting that wake the applier even inside a transaction. */
#define PIPE_WAKE_BATCH 64
/* Items the applier takes before it hands their slots back. */
#define PIPE_HAND_BACK 32

typedef enum item_kind {
    ITEM_EVENT, /* an event to apply */
    ITEM_WAIT,  /* the rest is not completely written yet: the round ends waiting */
    ITEM_END,   /* the end of what is mapped */
    ITEM_ERROR, /* reading failed here: err */
} item_kind;

typedef struct item {
    item_kind kind;
    sc_replica_ev v; /* ITEM_EVENT */
    sc_buf inflated; /* a compressed rows event's rows (v.rows points in) */
    sc_error err;    /* ITEM_ERROR */
} item;

/* A version of a TABLE_MAP, copied in one block (columns, names): the
 * reader replaces its own at the next TABLE_MAP of the same table id (with
 * binlog.table_map=statement, every statement), items still point here. */
typedef struct tmap {
    struct tmap *older; /* the versions before, to free at the end */
    sc_ev_table_map tm; /* columns, db, table and names point into the block */
} tmap;

/* Each side keeps its own copy of the other's index and reads the shared one
 * only when its copy says the ring is empty (applier) or full (reader); the
 * applier hands slots back PIPE_HAND_BACK at a time. So the two cores
 * exchange the indexes' cache lines once per batch of events, not four times
 * per event; the padding keeps what each side writes on lines of its own. */
typedef struct pipe {
    sc_replica_applier *a;  /* read only by the reading thread (maps, file, ids) */
    sc_binlog_reader *r;    /* the reading thread's until the join */
    const char *path;       /* the file, for has_successor */
    uint64_t start;         /* events before it were applied already */
    sc_ctx *own;            /* the reading thread's errors */
    item slots[PIPE_SLOTS]; /* the ring */
    tmap *maps;             /* the reading thread's: every version, newest first */
    tmap **cur;             /* ... the newest of each table id */
    size_t n_cur, cap_cur;
    char pad0[64];
    atomic_size_t tail;       /* items filled (written by the reader) */
    atomic_bool putter_waits; /* the reader sleeps on can_put */
    size_t r_tail;            /* the reader's: items filled */
    size_t r_head;            /* ... head as it last read it */
    char pad1[64];
    atomic_size_t head;      /* items taken and handed back (written by the applier) */
    atomic_bool taker_waits; /* the applier sleeps on can_take */
    size_t a_head;           /* the applier's: items taken */
    size_t a_tail;           /* ... tail as it last read it */
    size_t a_given;          /* ... head as it last handed back */
    char pad2[64];
    atomic_bool stop;   /* the applier returns: read no further */
    pthread_mutex_t mu; /* for the two sleeps only */
    pthread_cond_t can_take, can_put;
} pipe;

/* ------------------------------------------------------------------ */
/* The ring (a side sleeps only when it is empty or full)               */

/* After storing an index: wake the other side if it sleeps (the fence orders
 * the store before the flag's load, as the sleeper's store of the flag comes
 * before its load of the index: one of the two sees the other's). */
static void wake(pipe *p, atomic_bool *waits, pthread_cond_t *cond)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(waits, memory_order_relaxed)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_signal(cond);
        pthread_mutex_unlock(&p->mu);
    }
}

/* The next slot to fill, or NULL when the applier has stopped. A full ring
 * is left to drain to half before the reader goes on (no wake-up per item). */
static item *slot_to_fill(pipe *p)
{
    item *it;

    if (p->r_tail - p->r_head == PIPE_SLOTS)
        p->r_head = atomic_load_explicit(&p->head, memory_order_acquire);
    if (p->r_tail - p->r_head == PIPE_SLOTS) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->putter_waits, true);
        while (p->r_tail - (p->r_head = atomic_load(&p->head)) > PIPE_SLOTS / 2 &&
               !atomic_load(&p->stop))
            pthread_cond_wait(&p->can_put, &p->mu);
        atomic_store(&p->putter_waits, false);
        pthread_mutex_unlock(&p->mu);
    }
    if (atomic_load_explicit(&p->stop, memory_order_relaxed))
        return NULL;
    it = &p->slots[p->r_tail % PIPE_SLOTS];
    return it;
}

/* An applier asleep is woken when a transaction is complete (it cannot commit
 * before its XID), when the round ends, or every PIPE_WAKE_BATCH events: one
 * wake-up per transaction, not per event. */
static void publish(pipe *p, const item *it)
{
    p->r_tail++;
    atomic_store_explicit(&p->tail, p->r_tail, memory_order_release);
    if (it->kind != ITEM_EVENT || it->v.type == SC_EV_XID || p->r_tail % PIPE_WAKE_BATCH == 0)
        wake(p, &p->taker_waits, &p->can_take);
}

/* Hand the slots taken so far back to the reader. */
static void hand_back(pipe *p)
{
    if (p->a_given == p->a_head)
        return;
    p->a_given = p->a_head;
    atomic_store_explicit(&p->head, p->a_head, memory_order_release);
    /* the reader, if asleep, waits for half the ring: wake it only then */
    if (atomic_load_explicit(&p->tail, memory_order_relaxed) - p->a_head <= PIPE_SLOTS / 2)
        wake(p, &p->putter_waits, &p->can_put);
}

/* The next item to apply (the reader always ends with a non-event item). */
static item *take(pipe *p)
{
    if (p->a_head == p->a_tail) {
        hand_back(p);
        p->a_tail = atomic_load_explicit(&p->tail, memory_order_acquire);
    }
    if (p->a_head == p->a_tail) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->taker_waits, true);
        while ((p->a_tail = atomic_load(&p->tail)) == p->a_head)
            pthread_cond_wait(&p->can_take, &p->mu);
        atomic_store(&p->taker_waits, false);
        pthread_mutex_unlock(&p->mu);
    }
    return &p->slots[p->a_head % PIPE_SLOTS];
}

/* The applier is done with the item it took last (the reader frees its rows). */
static void release(pipe *p)
{
    if (++p->a_head - p->a_given >= PIPE_HAND_BACK)
        hand_back(p);
}

/* ------------------------------------------------------------------ */
/* The reading thread                                                   */

/* Where a transaction begins and ends, as the applier will see it, so that a
 * rows event is prepared exactly when the applier applies it. */
typedef struct txn_track {
    bool in_txn; /* between a GTID and its XID */
    bool skip;   /* that GTID carries our own server id */
} txn_track;

static bool same_column(const sc_binlog_column *x, const sc_binlog_column *y)
{
    return x->type == y->type && x->meta == y->meta && x->nullable == y->nullable &&
           x->is_unsigned == y->is_unsigned && x->has_unsigned == y->has_unsigned &&
           x->charset == y->charset && x->geometry == y->geometry && x->name.len == y->name.len &&
           (!x->name.len || !memcmp(x->name.data, y->name.data, x->name.len));
}

static bool same_slice(sc_slice x, sc_slice y)
{
    return x.len == y.len && (!x.len || !memcmp(x.data, y.data, x.len));
}

static bool same_map(const sc_ev_table_map *x, const sc_ev_table_map *y)
{
    if (x->table_id != y->table_id || x->flags != y->flags || x->ncols != y->ncols ||
        !same_slice(x->db, y->db) || !same_slice(x->table, y->table))
        return false;
    for (size_t i = 0; i < x->ncols; i++)
        if (!same_column(&x->columns[i], &y->columns[i]))
            return false;
    return true;
}

/* Copy s to *at, advancing it; the copy's slice. */
static sc_slice put_slice(uint8_t **at, sc_slice s)
{
    sc_slice out = {*at, s.len};

    if (s.len)
        memcpy(*at, s.data, s.len);
    *at += s.len;
    return out;
}

/* A copy of tm in one block (what decoding needs: no optional metadata fields). */
static tmap *copy_map(sc_ctx *ctx, const sc_ev_table_map *tm)
{
    size_t size = sizeof(tmap) + tm->ncols * sizeof(sc_binlog_column) + tm->db.len + tm->table.len;
    tmap *m;
    uint8_t *at;

    for (size_t i = 0; i < tm->ncols; i++)
        size += tm->columns[i].name.len;
    if (!(m = sc__malloc(ctx, size)))
        return NULL;
    m->older = NULL;
    m->tm = *tm;
    m->tm.fields = NULL;
    m->tm.nfields = 0;
    m->tm.columns = (sc_binlog_column *)(m + 1);
    at = (uint8_t *)(m->tm.columns + tm->ncols);
    m->tm.db = put_slice(&at, tm->db);
    m->tm.table = put_slice(&at, tm->table);
    for (size_t i = 0; i < tm->ncols; i++) {
        m->tm.columns[i] = tm->columns[i];
        m->tm.columns[i].name = put_slice(&at, tm->columns[i].name);
    }
    return m;
}

static tmap **cur_map(pipe *p, uint64_t table_id)
{
    for (size_t i = 0; i < p->n_cur; i++)
        if (p->cur[i]->tm.table_id == table_id)
            return &p->cur[i];
    return NULL;
}

/* The version of table_id's TABLE_MAP the reader has now (NULL: none), kept. */
static int keep_map(const sc_ev_table_map **out, pipe *p, uint64_t table_id)
{
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(p->r, table_id);
    tmap **slot = cur_map(p, table_id), *m;

    *out = NULL;
    if (!tm)
        return SC_OK;
    if (slot && same_map(&(*slot)->tm, tm)) {
        *out = &(*slot)->tm;
        return SC_OK;
    }
    if (!slot && sc__grow(p->a->ctx, (void **)&p->cur, &p->cap_cur, p->n_cur, sizeof(*p->cur), 16))
        return SC_ENOMEM;
    if (!(m = copy_map(p->a->ctx, tm)))
        return SC_ENOMEM;
    m->older = p->maps;
    p->maps = m;
    if (!slot)
        slot = &p->cur[p->n_cur++];
    *slot = m;
    *out = &m->tm;
    return SC_OK;
}

static int fill_event(pipe *p, item *it, const sc_binlog_event *raw, txn_track *t)
{
    const sc_event *ev = sc_binlog_reader__event(p->r);

    sc_replica__ev_view(&it->v, raw, ev);
    if (raw->header.type == SC_EV_GTID) {
        t->in_txn = true;
        t->skip = ev->header.server_id == p->a->own_server_id;
    } else if (raw->header.type == SC_EV_XID) {
        t->in_txn = false;
    } else if (sc_event__is_rows(raw->header.type) && t->in_txn && !t->skip) {
        it->v.has_rows = true;
        it->v.rows_type = ev->header.type;
        it->v.rows = ev->u.rows;
        if (it->inflated.failed) /* an allocation failed in it once: start afresh */
            sc__buf_free(&it->inflated);
        if (sc_event__rows_compressed(raw->header.type))
            sc_binlog_reader__swap_inflated(p->r, &it->inflated);
        return keep_map(&it->v.tm, p, ev->u.rows.table_id);
    }
    return SC_OK;
}

/* Read the next event to apply into it (the loop of replica.c's read_events). */
static item_kind fill(pipe *p, item *it, txn_track *t)
{
    const sc_binlog_event *raw = NULL;
    int rc;

    for (;;) {
        if (!t->in_txn && sc_binlog_reader__txn_incomplete(p->r) &&
            !sc_replica__has_successor(p->path))
            return ITEM_WAIT;
        rc = sc_binlog_reader_next(&raw, p->r);
        if (rc && sc_binlog_reader__partial_tail(p->r) && !sc_replica__has_successor(p->path)) {
            sc_ctx_clear_error(p->a->ctx);
            return ITEM_WAIT;
        }
        if (rc) {
            it->err = *sc_ctx_last_error(p->a->ctx);
            it->err.code = rc;
            return ITEM_ERROR;
        }
        if (!raw)
            return ITEM_END;
        /* every TABLE_MAP, those before start too: the version rows events meet */
        if (raw->header.type == SC_EV_TABLE_MAP)
            rc = keep_map(&it->v.tm, p, sc_binlog_reader__event(p->r)->u.table_map.table_id);
        if (!rc && raw->offset >= p->start)
            rc = fill_event(p, it, raw, t);
        if (rc) {
            it->err = *sc_ctx_last_error(p->a->ctx);
            it->err.code = rc;
            return ITEM_ERROR;
        }
        if (raw->offset >= p->start)
            return ITEM_EVENT;
    }
}

static void *reading(void *arg)
{
    pipe *p = arg;
    txn_track t = {false, false};
    item *it;

    sc_ctx_route_thread(p->a->ctx, p->own);
    while ((it = slot_to_fill(p))) {
        memset(&it->v, 0, sizeof(it->v));
        it->kind = fill(p, it, &t);
        publish(p, it);
        if (it->kind != ITEM_EVENT)
            break;
    }
    sc_ctx_route_thread(p->a->ctx, NULL);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* The applying thread                                                  */

/* A ctx with the default allocator (malloc: safe from two threads); a
 * caller's allocator is not known to be, so the applier keeps to one thread. */
bool sc_replica__thread_safe_alloc(const sc_ctx *ctx)
{
    sc_ctx *probe = NULL;
    bool same;

    if (sc_ctx_new(&probe, NULL))
        return false;
    same = probe->alloc.malloc_fn == ctx->alloc.malloc_fn &&
           probe->alloc.realloc_fn == ctx->alloc.realloc_fn &&
           probe->alloc.free_fn == ctx->alloc.free_fn;
    sc_ctx_free(probe);
    return same;
}

_Atomic unsigned long sc_replica__piped_rounds;

bool sc_replica__pipe_wanted(const sc_replica_applier *a, const sc_binlog_reader *r)
{
    if (a->threads != 0)
        return a->threads == 2;
    return sc_binlog_reader__left(r) >= SC_REPLICA_PIPE_MIN_BYTES;
}

static int pipe_new(pipe **out, sc_replica_applier *a)
{
    pipe *p = sc__calloc(a->ctx, 1, sizeof(*p));

    *out = NULL;
    if (!p)
        return SC_ENOMEM;
    if (sc_ctx_new(&p->own, NULL)) {
        sc_free(a->ctx, p);
        return sc_error_set(a->ctx, SC_ENOMEM, 0, NULL, "out of memory (a reading thread's ctx)");
    }
    p->a = a;
    for (size_t i = 0; i < PIPE_SLOTS; i++)
        sc__buf_init(&p->slots[i].inflated, a->ctx);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->can_take, NULL);
    pthread_cond_init(&p->can_put, NULL);
    *out = p;
    return SC_OK;
}

static void pipe_free(pipe *p)
{
    sc_ctx *ctx = p->a->ctx;

    for (size_t i = 0; i < PIPE_SLOTS; i++)
        sc__buf_free(&p->slots[i].inflated);
    while (p->maps) {
        tmap *older = p->maps->older;
        sc_free(ctx, p->maps);
        p->maps = older;
    }
    sc_free(ctx, p->cur);
    pthread_cond_destroy(&p->can_put);
    pthread_cond_destroy(&p->can_take);
    pthread_mutex_destroy(&p->mu);
    sc_ctx_free(p->own);
    sc_free(ctx, p);
}

/* Apply one item; *end: it ends the round. */
static int apply_item(sc_replica_applier *a, const item *it, sc_replica_file_run *fr, bool *end)
{
    *end = it->kind != ITEM_EVENT;
    switch (it->kind) {
    case ITEM_EVENT:
        return sc_replica__on_event(a, &it->v, NULL, fr);
    case ITEM_WAIT:
        fr->waiting = true;
        return SC_OK;
    case ITEM_ERROR:
        return sc_error_set(a->ctx, it->err.code, it->err.mysql_errno,
                            it->err.sqlstate[0] ? it->err.sqlstate : NULL, "%s", it->err.message);
    default:
        return SC_OK;
    }
}

int sc_replica__read_piped(sc_replica_applier *a,
                           sc_binlog_reader *r,
                           const char *path,
                           uint64_t start,
                           sc_replica_file_run *fr)
{
    pthread_t reader;
    pipe *p = NULL;
    bool end = false;
    int rc = pipe_new(&p, a), err;

    if (rc)
        return rc;
    atomic_fetch_add(&sc_replica__piped_rounds, 1);
    p->r = r;
    p->path = path;
    p->start = start;
    if ((err = pthread_create(&reader, NULL, reading, p)) != 0) {
        pipe_free(p);
        return sc_error_set(a->ctx, SC_ERROR, 0, NULL, "cannot start the reading thread: %s",
                            strerror(err));
    }
    while (!rc && !end) {
        item *it = take(p);
        rc = apply_item(a, it, fr, &end);
        release(p);
    }
    atomic_store(&p->stop, true);
    pthread_mutex_lock(&p->mu);
    pthread_cond_signal(&p->can_put);
    pthread_mutex_unlock(&p->mu);
    pthread_join(reader, NULL);
    pipe_free(p);
    return rc;
}
