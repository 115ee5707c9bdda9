/*
 * logzip.c - the catalog log's compressing thread: a replica applier's batch
 * (one LMDB write transaction split once per source transaction) hands each
 * split's binlog transaction here instead of compressing its rows events in
 * the applying thread (compression was 32% of a one-thread apply:
 * docs/performance.md).
 *
 * A staged transaction (sc_log__zip_stage) is its events encoded without
 * checksums and with log_pos 0, plus the rows events whose rows are to be
 * compressed (candidates: binlog.compress on, rows of compress_min_len bytes or
 * more). The thread takes the staged transactions in order and writes each
 * one's record as the one-thread path (log.c) writes it: the candidates'
 * rows compressed when that makes them shorter (the event then of the
 * compressed type), every event's length and log_pos final, a CRC32 when the
 * file has checksums. The records reach log.events, with log.state, in the
 * applying thread when the batch commits or before anything needs the exact
 * file size (sc_log__zip_finish): the same LMDB transaction as the catalog
 * rows, so crash safety is the one-thread path's. An aborted batch's staged
 * transactions are dropped (sc_log__zip_discard).
 *
 * Threads: the applying thread owns everything but a job's out/err while the
 * job is between `next` and `done`; the two meet under mu. SC_LOG_ZIP_THREAD=0
 * (read at sc_log_open) keeps every commit on the one-thread path.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

#include "replicate/log.h"

typedef sc_log_zcand zip_cand;

/* One staged binlog transaction and, once the thread is done, its record. */
typedef struct zip_job {
    sc_buf in;      /* events without checksums, log_pos 0 (the applying thread's) */
    sc_buf cands;   /* zip_cand array */
    bool first;     /* base is set: the first job since the exact size was known */
    bool crc;       /* the file has CRC32 checksums */
    uint64_t base;  /* file offset of the record (set by the thread unless first) */
    uint8_t *out;   /* the record (malloc'd by the thread) */
    size_t out_len; /* its length */
    size_t out_cap;
    int err; /* SC_OK, SC_ENOMEM, SC_EFULL (past 4 GiB) */
} zip_job;

/*
 * The sleeping thread is woken once this many transactions wait for it (or
 * when they are waited for): waking it for each one cost a futex call on
 * each side per source transaction (0.2 s of system time in 100,001), and
 * a follower's rounds of about 10 transactions still overlap.
 */
#define ZIP_WAKE 8

struct sc_logzip {
    pthread_t th;
    bool started;
    pthread_mutex_t mu;
    pthread_cond_t work, done_cv;
    zip_job **jobs; /* jobs[0..n_jobs) staged in the open batch; pool up to cap_jobs */
    size_t n_jobs, cap_jobs, n_alloc;
    size_t next;  /* under mu: first job the thread has not taken */
    size_t done;  /* under mu: jobs finished */
    bool idle;    /* under mu: the thread sleeps on work */
    bool waiting; /* under mu: the applying thread sleeps on done_cv */
    bool stop;    /* under mu */
    /* the thread's own */
    struct libdeflate_compressor *zc;
    uint8_t *z;
    size_t z_cap;
    uint64_t run; /* end of the last record it wrote */
    /* the applying thread's */
    sc_txn *txn;        /* the write transaction the jobs belong to */
    size_t txn_id;      /* its LMDB txn id */
    sc_log_state st;    /* the state after the staged jobs; cur_size an upper bound */
    uint64_t exact_end; /* set by finish: end of the last record */
};

static bool room(uint8_t **p, size_t *cap, size_t need)
{
    size_t n = *cap ? *cap : 1024;
    uint8_t *q;

    if (need <= *cap)
        return true;
    while (n < need)
        n *= 2;
    if (!(q = realloc(*p, n)))
        return false;
    *p = q;
    *cap = n;
    return true;
}

/* The rows of a candidate compressed as rows_compress (log.c) does, into the
 * thread's z; *len 0 when they stay plain. SC_ENOMEM without memory. */
static int zip_rows(size_t *len, sc_logzip *z, const uint8_t *rows, size_t n)
{
    size_t ll = n > 0xFFFFFF ? 4 : n > 0xFFFF ? 3 : n > 0xFF ? 2 : 1;
    size_t bound = compressBound((uLong)n), got;

    *len = 0;
    if (!z->zc && !(z->zc = libdeflate_alloc_compressor(1)))
        return SC_ENOMEM;
    if (!room(&z->z, &z->z_cap, 1 + ll + bound))
        return SC_ENOMEM;
    z->z[0] = (uint8_t)(0x80 | ll);
    for (size_t i = 0; i < ll; i++)
        z->z[1 + i] = (uint8_t)(n >> (8 * (ll - 1 - i)));
    got = libdeflate_zlib_compress(z->zc, rows, n, z->z + 1 + ll, bound);
    if (got && 1 + ll + got < n)
        *len = 1 + ll + got;
    return SC_OK;
}

/* Append one event (header + body + rows) with its final length, type, log_pos and CRC32. */
static int put_event(zip_job *j,
                     uint64_t base,
                     const uint8_t *ev,
                     size_t body,
                     uint8_t type,
                     const uint8_t *rows,
                     size_t rows_len)
{
    size_t len = body + rows_len + (j->crc ? SC_CHECKSUM_LEN : 0);
    uint64_t end = base + j->out_len + len;
    uint8_t *p;

    if (end > UINT32_MAX)
        return SC_EFULL;
    if (!room(&j->out, &j->out_cap, j->out_len + len))
        return SC_ENOMEM;
    p = j->out + j->out_len;
    memcpy(p, ev, body);
    if (rows_len)
        memcpy(p + body, rows, rows_len);
    p[4] = type;
    sc_put_u32le(p + 9, (uint32_t)len);
    sc_put_u32le(p + 13, (uint32_t)end);
    if (j->crc)
        sc_put_u32le(p + len - SC_CHECKSUM_LEN, sc_event__crc32(p, len - SC_CHECKSUM_LEN));
    j->out_len += len;
    return SC_OK;
}

/* Write job j's record at file offset base. */
static int zip_job_run(sc_logzip *z, zip_job *j, uint64_t base)
{
    const zip_cand *c = (const zip_cand *)(void *)j->cands.data;
    size_t n_c = j->cands.len / sizeof(zip_cand), k = 0;
    const uint8_t *d = j->in.data;
    int rc = SC_OK;

    j->out_len = 0;
    for (size_t at = 0; !rc && at + SC_EVENT_HEADER_LEN <= j->in.len;) {
        size_t len = sc_get_u32le(d + at + 9), zl = 0;
        if (k < n_c && c[k].at == at) {
            rc = zip_rows(&zl, z, d + at + len - c[k].rows, c[k].rows);
            if (!rc && zl)
                rc = put_event(j, base, d + at, len - c[k].rows,
                               (uint8_t)(SC_EV_ROWS_COMPRESSED_V1 + c[k].kind), z->z, zl);
            k++;
        }
        if (!rc && !zl)
            rc = put_event(j, base, d + at, len, d[at + 4], NULL, 0);
        at += len;
    }
    return rc;
}

static void *zip_main(void *arg)
{
    sc_logzip *z = arg;

    pthread_mutex_lock(&z->mu);
    while (!z->stop) {
        if (z->next < z->n_jobs) {
            zip_job *j = z->jobs[z->next++];
            pthread_mutex_unlock(&z->mu);
            if (j->first)
                z->run = j->base;
            j->base = z->run;
            j->err = zip_job_run(z, j, j->base);
            z->run += j->out_len;
            pthread_mutex_lock(&z->mu);
            z->done++;
            if (z->waiting)
                pthread_cond_signal(&z->done_cv);
            continue;
        }
        z->idle = true;
        pthread_cond_wait(&z->work, &z->mu);
        z->idle = false;
    }
    pthread_mutex_unlock(&z->mu);
    return NULL;
}

static int zip_start(sc_log *log)
{
    sc_logzip *z = log->zip;

    if (z && z->started)
        return SC_OK;
    if (!z && !(z = log->zip = calloc(1, sizeof(*z))))
        return sc_error_set(log->ctx, SC_ENOMEM, 0, NULL, "out of memory (the log's compressor)");
    pthread_mutex_init(&z->mu, NULL);
    pthread_cond_init(&z->work, NULL);
    pthread_cond_init(&z->done_cv, NULL);
    if (pthread_create(&z->th, NULL, zip_main, z) != 0) {
        pthread_cond_destroy(&z->work);
        pthread_cond_destroy(&z->done_cv);
        pthread_mutex_destroy(&z->mu);
        return sc_error_set(log->ctx, SC_ERROR, 0, NULL,
                            "cannot start the log's compressing thread");
    }
    z->started = true;
    return SC_OK;
}

/* Wait until the thread finished every staged job. */
static void zip_wait(sc_logzip *z)
{
    pthread_mutex_lock(&z->mu);
    if (z->idle && z->next < z->n_jobs)
        pthread_cond_signal(&z->work);
    while (z->done < z->n_jobs) {
        z->waiting = true;
        pthread_cond_wait(&z->done_cv, &z->mu);
    }
    z->waiting = false;
    pthread_mutex_unlock(&z->mu);
}

/* Forget the staged jobs (their buffers stay in the pool). */
static void zip_reset(sc_logzip *z)
{
    zip_wait(z);
    pthread_mutex_lock(&z->mu);
    z->n_jobs = z->next = z->done = 0;
    pthread_mutex_unlock(&z->mu);
    z->txn = NULL;
}

bool sc_log__zip_pending(const sc_log *log, sc_txn *txn)
{
    const sc_logzip *z = log->zip;

    return z && z->n_jobs && z->txn == txn && z->txn_id == mdb_txn_id(sc_catalog__mdb_txn(txn));
}

void sc_log__zip_discard(sc_log *log)
{
    if (log->zip && log->zip->started && log->zip->n_jobs)
        zip_reset(log->zip);
}

bool sc_log__zip_state(sc_log_state *st, const sc_log *log, sc_txn *txn)
{
    if (!sc_log__zip_pending(log, txn))
        return false;
    *st = log->zip->st;
    return true;
}

/* A job of the pool for the next staged transaction. */
static zip_job *zip_take(sc_log *log)
{
    sc_logzip *z = log->zip;
    zip_job *j;

    if (z->n_jobs == z->n_alloc) {
        if (z->n_alloc == z->cap_jobs) {
            size_t cap = z->cap_jobs ? 2 * z->cap_jobs : 64;
            zip_job **p;
            pthread_mutex_lock(&z->mu); /* the thread reads jobs[] under mu */
            p = realloc(z->jobs, cap * sizeof(*p));
            if (p) {
                z->jobs = p;
                z->cap_jobs = cap;
            }
            pthread_mutex_unlock(&z->mu);
            if (!p)
                return NULL;
        }
        if (!(j = calloc(1, sizeof(*j))))
            return NULL;
        z->jobs[z->n_alloc++] = j;
    }
    return z->jobs[z->n_jobs];
}

unsigned long sc_log__zip_staged;

int sc_log__zip_stage(sc_log_build *bld, uint64_t *upper)
{
    sc_log *log = bld->log;
    sc_logzip *z;
    zip_job *j;
    sc_buf swap;
    int rc = zip_start(log);

    if (rc)
        return rc;
    z = log->zip;
    if (z->n_jobs && !sc_log__zip_pending(log, bld->txn))
        zip_reset(z); /* jobs of a transaction that did not commit */
    if (!(j = zip_take(log)))
        return sc_error_set(log->ctx, SC_ENOMEM, 0, NULL, "out of memory (a staged transaction)");
    swap = j->in;
    j->in = bld->out;
    bld->out = swap;
    swap = j->cands;
    j->cands = bld->cands;
    bld->cands = swap;
    j->first = z->n_jobs == 0;
    j->base = bld->st.cur_size;
    j->crc = bld->st.checksum == SC_CHECKSUM_CRC32;
    j->err = SC_OK;
    *upper = j->in.len + (j->crc ? SC_CHECKSUM_LEN * bld->n_events : 0);
    sc_log__zip_staged++;
    z->txn = bld->txn;
    z->txn_id = mdb_txn_id(sc_catalog__mdb_txn(bld->txn));
    pthread_mutex_lock(&z->mu);
    z->n_jobs++;
    if (z->idle && z->n_jobs - z->next >= ZIP_WAKE)
        pthread_cond_signal(&z->work);
    pthread_mutex_unlock(&z->mu);
    return SC_OK;
}

void sc_log__zip_keep_state(sc_log *log, const sc_log_state *st)
{
    log->zip->st = *st;
}

int sc_log__zip_finish(sc_log *log, sc_txn *txn, sc_log_state *st)
{
    sc_logzip *z = log->zip;
    uint64_t end = 0;
    int rc = SC_OK;

    *st = z->st;
    zip_wait(z);
    for (size_t i = 0; !rc && i < z->n_jobs; i++) {
        zip_job *j = z->jobs[i];
        if (j->err == SC_EFULL)
            rc = sc_error_set(log->ctx, SC_EFULL, 0, NULL,
                              "binlog file would pass 4 GiB (log_pos is 32 bits)");
        else if (j->err)
            rc = sc_error_set(log->ctx, j->err, 0, NULL,
                              "out of memory (compressing a binlog transaction)");
        else
            rc =
                sc_log__record_put(log, txn, st->cur_file, j->base, (sc_slice){j->out, j->out_len});
        end = j->base + j->out_len;
    }
    for (size_t i = 0; i < z->n_jobs; i++) { /* a batch's big records are not kept */
        zip_job *j = z->jobs[i];
        if (j->out_cap > (1u << 20)) {
            free(j->out);
            j->out = NULL;
            j->out_cap = 0;
        }
    }
    zip_reset(z);
    st->cur_size = end;
    return rc ? rc : sc_log__state_put(log, txn, st);
}

void sc_log__zip_free(sc_log *log)
{
    sc_logzip *z = log->zip;

    if (!z)
        return;
    if (z->started) {
        pthread_mutex_lock(&z->mu);
        z->stop = true;
        pthread_cond_signal(&z->work);
        pthread_mutex_unlock(&z->mu);
        pthread_join(z->th, NULL);
        pthread_cond_destroy(&z->work);
        pthread_cond_destroy(&z->done_cv);
        pthread_mutex_destroy(&z->mu);
    }
    for (size_t i = 0; i < z->n_alloc; i++) {
        sc__buf_free(&z->jobs[i]->in);
        sc__buf_free(&z->jobs[i]->cands);
        free(z->jobs[i]->out);
        free(z->jobs[i]);
    }
    free(z->jobs);
    free(z->z);
    libdeflate_free_compressor(z->zc);
    free(z);
    log->zip = NULL;
}
