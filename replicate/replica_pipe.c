/*
 * replica_pipe.c - the applier's reading thread (replica.h,
 * sc_replica__read_piped; docs/replication.md "Two threads"): while the
 * applying thread applies and commits, a second thread frames the source's
 * events, checks their CRC32, inflates compressed rows events, resolves each
 * rows event's TABLE_MAP and decodes its row images, and hands them over
 * through a bounded single-producer single-consumer ring.
 *
 * Invariants: the reading thread never writes the catalog, the applier's
 * state or its ctx's error (its reports are routed to a ctx of its own,
 * sc_ctx_route_thread, and carried to the applying thread in the item of the
 * event they belong to, which reports them at that event's turn, as one
 * thread would). It stops at the first event that ends a round (the end of
 * what is mapped, a transaction not completely written yet, an error), and
 * the applying thread takes every item before it returns, so that on
 * success the reader stands where the one-thread loop would have left it.
 * Crash safety is the applying thread's alone: nothing of this file writes.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "replicate/replica.h"

/* Events in flight between the two threads. */
#define PIPE_SLOTS 1024

typedef enum item_kind {
    ITEM_EVENT, /* an event to apply */
    ITEM_WAIT,  /* the rest is not completely written yet: the round ends waiting */
    ITEM_END,   /* the end of what is mapped */
    ITEM_ERROR, /* reading failed here: err */
} item_kind;

typedef struct item {
    item_kind kind;
    sc_replica_ev v;         /* ITEM_EVENT */
    sc_replica_rowsev rows;  /* a rows event's preparation (v.rows points here) */
    sc_buf inflated;         /* a compressed rows event's rows (the values point in) */
    sc_error err;            /* ITEM_ERROR */
} item;

typedef struct pipe {
    sc_replica_applier *a;    /* read only by the reading thread (maps, file, ids) */
    sc_binlog_reader *r;      /* the reading thread's until the join */
    const char *path;         /* the file, for has_successor */
    uint64_t start;           /* events before it were applied already */
    sc_ctx *own;              /* the reading thread's errors */
    item slots[PIPE_SLOTS];   /* the ring */
    atomic_size_t head;       /* next item the applier takes */
    atomic_size_t tail;       /* next item the reader fills */
    atomic_bool stop;         /* the applier returns: read no further */
    atomic_bool taker_waits;  /* the applier sleeps on can_take */
    atomic_bool putter_waits; /* the reader sleeps on can_put */
    pthread_mutex_t mu;       /* for the two sleeps only */
    pthread_cond_t can_take, can_put;
} pipe;

/* ------------------------------------------------------------------ */
/* The ring (sleeping only when it is empty or full)                    */

static void wake(pipe *p, atomic_bool *waits, pthread_cond_t *cond)
{
    if (atomic_load(waits)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_signal(cond);
        pthread_mutex_unlock(&p->mu);
    }
}

/* The next slot to fill, or NULL when the applier has stopped. A full ring
 * is left to drain to half before the reader goes on (no wake-up per item). */
static item *slot_to_fill(pipe *p)
{
    size_t tail = atomic_load_explicit(&p->tail, memory_order_relaxed);

    if (tail - atomic_load(&p->head) == PIPE_SLOTS) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->putter_waits, true);
        while (tail - atomic_load(&p->head) > PIPE_SLOTS / 2 && !atomic_load(&p->stop))
            pthread_cond_wait(&p->can_put, &p->mu);
        atomic_store(&p->putter_waits, false);
        pthread_mutex_unlock(&p->mu);
    }
    return atomic_load(&p->stop) ? NULL : &p->slots[tail % PIPE_SLOTS];
}

static void publish(pipe *p)
{
    atomic_fetch_add(&p->tail, 1);
    wake(p, &p->taker_waits, &p->can_take);
}

/* The next item to apply (the reader always ends with a non-event item). */
static item *take(pipe *p)
{
    size_t head = atomic_load_explicit(&p->head, memory_order_relaxed);

    if (head == atomic_load(&p->tail)) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->taker_waits, true);
        while (head == atomic_load(&p->tail))
            pthread_cond_wait(&p->can_take, &p->mu);
        atomic_store(&p->taker_waits, false);
        pthread_mutex_unlock(&p->mu);
    }
    return &p->slots[head % PIPE_SLOTS];
}

/* The applier is done with the item at head: its rows freed, its buffer kept. */
static void release(pipe *p, item *it)
{
    sc_replica__rows_release(p->a->ctx, &it->rows);
    if (it->inflated.failed)
        sc__buf_free(&it->inflated);
    /* the reader sleeps until half the ring is free: one wake-up per half ring */
    if (atomic_load(&p->tail) - (atomic_fetch_add(&p->head, 1) + 1) <= PIPE_SLOTS / 2)
        wake(p, &p->putter_waits, &p->can_put);
}

/* ------------------------------------------------------------------ */
/* The reading thread                                                   */

/* Where a transaction begins and ends, as the applier will see it, so that a
 * rows event is prepared exactly when the applier applies it. */
typedef struct txn_track {
    bool in_txn; /* between a GTID and its XID */
    bool skip;   /* that GTID carries our own server id */
} txn_track;

static item_kind fill_event(pipe *p, item *it, const sc_binlog_event *raw, txn_track *t)
{
    const sc_event *ev = sc_binlog_reader__event(p->r);

    sc_replica__ev_view(&it->v, raw, ev);
    if (raw->header.type == SC_EV_GTID) {
        t->in_txn = true;
        t->skip = ev->header.server_id == p->a->own_server_id;
    } else if (raw->header.type == SC_EV_XID) {
        t->in_txn = false;
    } else if (sc_event__is_rows(raw->header.type) && t->in_txn && !t->skip) {
        sc_event_loc loc = {p->a->file, raw->offset};
        sc_replica__rows_prepare(&it->rows, p->a, p->r, ev, &loc);
        if (sc_event__rows_compressed(raw->header.type))
            sc_binlog_reader__swap_inflated(p->r, &it->inflated);
        it->v.rows = &it->rows;
    }
    return ITEM_EVENT;
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
        if (raw->offset >= p->start)
            return fill_event(p, it, raw, t);
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
        publish(p);
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

    for (size_t i = atomic_load(&p->head); i != atomic_load(&p->tail); i++)
        sc_replica__rows_release(ctx, &p->slots[i % PIPE_SLOTS].rows);
    for (size_t i = 0; i < PIPE_SLOTS; i++)
        sc__buf_free(&p->slots[i].inflated);
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
                            it->err.sqlstate[0] ? it->err.sqlstate : NULL, "%s",
                            it->err.message);
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
        release(p, it);
    }
    atomic_store(&p->stop, true);
    wake(p, &p->putter_waits, &p->can_put);
    pthread_join(reader, NULL);
    pipe_free(p);
    return rc;
}
