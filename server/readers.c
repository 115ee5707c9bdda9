/*
 * readers.c - the reader threads of `syscat serve` (docs/server.md
 * "Readers"): statements that only read the catalog (SHOW CREATE TABLE,
 * SHOW TABLES, SHOW COLUMNS, SHOW INDEX, DESCRIBE, SHOW DATABASES) run on a
 * small pool of threads beside the loop thread, each in a read-only LMDB
 * transaction of its own, with the catalog's error context routed to a
 * context of the thread's own (sc_ctx_route_thread), so that one
 * connection's error never shows in another's reply.
 *
 * The hand-off. The loop thread reads a request, sees that it is such a
 * read (query.c run_read) and queues the connection with a copy of the
 * statement; the connection is then busy: the loop leaves its later input
 * in the input buffer and neither writes to it nor frees it. A reader runs
 * the statement on the connection's session, builds the reply into an
 * output buffer of its own (sc_conn_write_packet captures it) and writes it
 * to the socket itself (plain sockets only; the loop had nothing queued for
 * it, so nothing is overtaken). Then, under the pool's lock, it ends the
 * busy state; only when the loop needs the connection back (input arrived
 * meanwhile, a close, bytes the socket did not take, a socket error) is it
 * put on the done list and the loop woken (an eventfd). So a client that
 * waits for each reply costs the loop no wake-up at all.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <event2/buffer.h>

#include "server/srv_int.h"

struct sc_readers {
    sc_srv *srv;
    pthread_t *threads;
    unsigned n;
    pthread_mutex_t lock; /* everything below, and every conn's busy/resume/free_deferred */
    pthread_cond_t work;
    sc_conn *head, *tail; /* queued reads (conn->read_next) */
    sc_conn *done;        /* conns the loop must look at again (conn->done_next) */
    bool stop;
    int efd;                /* eventfd: the done list is not empty */
    struct event *ev;       /* its read event on the loop */
    _Atomic uint64_t reads; /* statements answered here */
};

/* Run c's statement on this thread and write the reply. */
static void run_job(sc_readers *r, sc_conn *c, struct evbuffer *out)
{
    c->capture = out;
    sc_srv__read_now(c, c->read_sql, c->read_len);
    c->capture = NULL;
    free(c->read_sql);
    c->read_sql = NULL;
    r->reads++;
    while (evbuffer_get_length(out) > 0) {
        int n = evbuffer_write(out, c->fd);

        if (n > 0)
            continue;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            c->read_errno = errno;
        break;
    }
    if (evbuffer_get_length(out) > 0 && !c->read_errno) {
        /* the socket is full: the loop sends the rest */
        if (!c->read_rest && !(c->read_rest = evbuffer_new()))
            c->read_errno = ENOMEM;
        else
            evbuffer_add_buffer(c->read_rest, out);
    }
    evbuffer_drain(out, evbuffer_get_length(out));
}

/* c's read is done (the pool's lock held): give it back to the loop when the loop wants it.
 * @return true when the loop must be woken */
static bool finish(sc_readers *r, sc_conn *c)
{
    bool wake = false;

    atomic_store(&c->busy, false);
    if (c->resume || c->free_deferred || c->read_rest || c->read_errno) {
        wake = r->done == NULL;
        c->done_next = r->done;
        r->done = c;
    }
    return wake;
}

static void wake_loop(sc_readers *r)
{
    uint64_t one = 1;
    ssize_t w = write(r->efd, &one, sizeof(one));

    (void)w; /* a full counter already wakes the loop */
}

static void *reader_main(void *arg)
{
    sc_readers *r = arg;
    sc_ctx *own = NULL;
    struct evbuffer *out = evbuffer_new();

    if (sc_ctx_new(&own, NULL) == SC_OK)
        sc_ctx_route_thread(r->srv->ctx, own);
    pthread_mutex_lock(&r->lock);
    for (;;) {
        sc_conn *c;
        bool wake;

        while (!r->head && !r->stop)
            pthread_cond_wait(&r->work, &r->lock);
        if (!r->head)
            break; /* stopping, and nothing left */
        c = r->head;
        r->head = c->read_next;
        if (!r->head)
            r->tail = NULL;
        c->read_next = NULL;
        pthread_mutex_unlock(&r->lock);
        if (out && own)
            run_job(r, c, out);
        else
            c->read_errno = ENOMEM;
        pthread_mutex_lock(&r->lock);
        wake = finish(r, c); /* (and the next job taken in the same hold of the lock) */
        if (wake) {
            pthread_mutex_unlock(&r->lock);
            wake_loop(r);
            pthread_mutex_lock(&r->lock);
        }
    }
    pthread_mutex_unlock(&r->lock);
    sc_ctx_route_thread(r->srv->ctx, NULL);
    sc_ctx_free(own);
    if (out)
        evbuffer_free(out);
    return NULL;
}

/* The loop's side: the connections a reader gave back. */
static void done_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_readers *r = arg;
    uint64_t v;
    sc_conn *list;

    (void)what;
    if (read(fd, &v, sizeof(v)) < 0 && errno != EAGAIN)
        sc_srv__log(r->srv, "reader wake-up: %s", strerror(errno));
    pthread_mutex_lock(&r->lock);
    list = r->done;
    r->done = NULL;
    pthread_mutex_unlock(&r->lock);
    while (list) {
        sc_conn *c = list;

        list = c->done_next;
        c->done_next = NULL;
        sc_conn__read_done(c);
    }
}

int sc_readers_start(sc_readers **out, sc_srv *srv, unsigned n)
{
    sc_readers *r;

    *out = NULL;
    if (n == 0)
        return 0;
    if (!(r = calloc(1, sizeof(*r))) || !(r->threads = calloc(n, sizeof(*r->threads)))) {
        free(r);
        return -1;
    }
    r->srv = srv;
    r->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    {
        /* adaptive: the loop and the readers hold it for a few instructions */
        pthread_mutexattr_t a;
        pthread_mutexattr_init(&a);
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ADAPTIVE_NP);
        pthread_mutex_init(&r->lock, &a);
        pthread_mutexattr_destroy(&a);
    }
    pthread_cond_init(&r->work, NULL);
    if (r->efd < 0 || !(r->ev = event_new(srv->base, r->efd, EV_READ | EV_PERSIST, done_cb, r)) ||
        event_add(r->ev, NULL) != 0) {
        sc_readers_stop(r);
        return -1;
    }
    for (; r->n < n; r->n++)
        if (pthread_create(&r->threads[r->n], NULL, reader_main, r) != 0)
            break;
    if (r->n == 0) {
        sc_readers_stop(r);
        return -1;
    }
    *out = r;
    return 0;
}

void sc_readers_stop(sc_readers *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->stop = true;
    pthread_cond_broadcast(&r->work);
    pthread_mutex_unlock(&r->lock);
    for (unsigned i = 0; i < r->n; i++)
        pthread_join(r->threads[i], NULL);
    /* the loop has ended: what the last reads gave back is freed with the
     * connections (sc_srv__free_all) */
    for (sc_conn *c = r->done; c; c = c->done_next)
        c->free_deferred = false;
    if (r->ev)
        event_free(r->ev);
    if (r->efd >= 0)
        close(r->efd);
    pthread_cond_destroy(&r->work);
    pthread_mutex_destroy(&r->lock);
    free(r->threads);
    free(r);
}

uint64_t sc_readers_count(const sc_readers *r)
{
    return r ? r->reads : 0;
}

bool sc_readers_submit(sc_readers *r, sc_conn *c, const char *sql, size_t len)
{
    char *copy;

    if (!r || !(copy = malloc(len + 1)))
        return false;
    memcpy(copy, sql, len);
    copy[len] = '\0';
    c->read_sql = copy;
    c->read_len = len;
    pthread_mutex_lock(&r->lock);
    atomic_store(&c->busy, true);
    if (r->tail)
        r->tail->read_next = c;
    else
        r->head = c;
    r->tail = c;
    pthread_cond_signal(&r->work);
    pthread_mutex_unlock(&r->lock);
    return true;
}

bool sc_readers_hold(sc_readers *r, sc_conn *c, bool resume, bool free_it)
{
    bool busy;

    if (!r || !atomic_load(&c->busy))
        return false; /* (only the loop sets busy: once clear, it stays clear) */
    pthread_mutex_lock(&r->lock);
    busy = atomic_load(&c->busy);
    if (busy) {
        c->resume = c->resume || resume;
        c->free_deferred = c->free_deferred || free_it;
    }
    pthread_mutex_unlock(&r->lock);
    return busy;
}
