/*
 * readers.c - the reader loops of `syscat serve` (docs/server.md "Reader
 * loops"): a connection that keeps sending definition SHOWs (SHOW CREATE
 * TABLE, SHOW TABLES, SHOW COLUMNS, SHOW INDEX, SHOW DATABASES) moves, with
 * its socket, to one of a few reader loops: threads running an event loop of
 * their own, which read its requests, answer them (each in a read-only LMDB
 * transaction, with the catalog's error context routed to a context of the
 * thread's own, sc_ctx_route_thread) and write the replies, with no
 * hand-off per statement. Its first request that is anything else (DDL, SET,
 * SHOW WARNINGS...), a close, an error or a timeout sends it back to the
 * main loop, which does everything else as before (writes stay on its one
 * writer path).
 *
 * Where a connection is (c->rl_at, under the pool's lock): on the main loop;
 * on its way to a reader loop (in that loop's inbox); on a reader loop; on
 * its way back (in the main loop's inbox). The main loop never touches a
 * connection that is away: it only asks for it back (a close, the server
 * stopping) and acts when it has arrived. The bufferevent moves between the
 * event bases while disabled (bufferevent_base_set).
 *
 * A connection is only ever touched by one thread, so both hand-overs wait:
 * - never from inside the bufferevent's own callback: libevent still holds
 *   a reference then and drops it (a plain, unlocked decrement) after the
 *   callback has returned, by which time the other thread may be running
 *   the bufferevent's callbacks (its own increment and decrement): a lost
 *   update freed a connection's bufferevent and closed its socket under a
 *   client (the clean-clone CI's 2013 under load). The main loop disables
 *   the connection and moves it from an event of its own activated for the
 *   purpose (park_cb); a reader loop from a timer (leave_cb);
 * - a reader loop hands a connection back only after its loop has applied
 *   the epoll changes that withdrew its socket (epoll's change list: a zero
 *   timer runs after the next epoll_wait, which applies them first), so its
 *   epoll_ctl can never act on a socket the main loop has since closed, or
 *   on another connection that got the same descriptor number.
 * sc_readers__check_handover() checks the first at each hand-over (a debug
 * build aborts); tests/server/churn.sh moves connections as fast as it can,
 * and under ThreadSanitizer (make check-server-tsan) the second is a report.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <event2/buffer.h>

#include "server/srv_int.h"

#define PARK_AFTER 4 /* consecutive definition SHOWs on the main loop before a move */

typedef struct sc_rloop {
    sc_readers *pool;
    pthread_t th;
    struct event_base *base;
    int efd;                /* its inbox has connections */
    struct event *ev;       /* read event on efd */
    sc_conn *inbox;         /* (pool lock) arriving connections, c->read_next */
    bool recall;            /* (pool lock) a connection of its is asked back */
    sc_conn *own;           /* (its thread) the connections it serves, c->rl_next/rl_prev */
    sc_conn *leaving;       /* (its thread) sent back, handed over by leave_cb, c->read_next */
    struct event *leave_ev; /* zero timer: hands the leaving over after the next epoll_wait */
    bool started;
} sc_rloop;

struct sc_readers {
    sc_srv *srv;
    sc_rloop *loops;
    unsigned n, next;
    pthread_mutex_t lock;
    bool stop, stopped;
    sc_conn *done;          /* (lock) connections coming back to the main loop */
    int efd;                /* the main loop's inbox has connections */
    struct event *ev;       /* its read event on the main loop */
    _Atomic uint64_t reads; /* statements answered on reader loops */
};

enum { AT_MAIN, AT_TO_RL, AT_RL, AT_TO_MAIN };

static void wake(int efd)
{
    uint64_t one = 1;
    ssize_t w = write(efd, &one, sizeof(one));

    (void)w; /* a full counter already wakes the reader */
}

static void drain(int efd)
{
    uint64_t v;
    ssize_t r = read(efd, &v, sizeof(v));

    (void)r;
}

/* ---------------------------------------------------------------- a reader loop */

void sc_readers__check_handover(const sc_conn *c, const char *where)
{
    if (!c->in_cb)
        return;
    sc_srv__log(c->srv, "internal error: connection %u handed %s from inside its callback",
                (unsigned)c->id, where);
#ifdef SC_DEBUG
    abort();
#endif
}

/* Send c back to the main loop (on its reader loop's thread); what: a bufferevent
 * event for the main loop to handle (EOF, error, timeout), 0 for none. It stops
 * being served now and is handed over by leave_cb (see the header comment). */
static void send_back(sc_rloop *rl, sc_conn *c, short what)
{
    static const struct timeval now = {0, 0};

    if (c->rl_prev)
        c->rl_prev->rl_next = c->rl_next;
    else if (rl->own == c)
        rl->own = c->rl_next;
    if (c->rl_next)
        c->rl_next->rl_prev = c->rl_prev;
    c->rl_next = c->rl_prev = NULL;
    bufferevent_disable(c->bev, EV_READ | EV_WRITE);
    bufferevent_setcb(c->bev, NULL, NULL, NULL, NULL);
    if (c->rl_ev)
        event_del(c->rl_ev); /* (freed by leave_cb, outside its callback) */
    c->rl_what = what;
    c->read_next = rl->leaving;
    rl->leaving = c;
    event_add(rl->leave_ev, &now);
}

/* The connections sent back, once this loop's epoll has let go of their
 * sockets and no callback of theirs is running: to the main loop's inbox. */
static void leave_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_rloop *rl = arg;
    sc_readers *r = rl->pool;
    sc_conn *list = rl->leaving, *last = NULL;
    bool was_empty;

    (void)fd;
    (void)what;
    rl->leaving = NULL;
    if (!list)
        return;
    for (sc_conn *c = list; c; c = c->read_next) {
        sc_readers__check_handover(c, "to the main loop");
        if (c->rl_ev)
            event_free(c->rl_ev);
        c->rl_ev = NULL;
        bufferevent_base_set(r->srv->base, c->bev);
        last = c;
    }
    pthread_mutex_lock(&r->lock);
    for (sc_conn *c = list, *next; c; c = next) {
        next = c->read_next;
        c->read_next = NULL;
        c->rl_at = AT_TO_MAIN;
        c->done_next = c == last ? r->done : next;
    }
    was_empty = r->done == NULL;
    r->done = list;
    pthread_mutex_unlock(&r->lock);
    if (was_empty)
        wake(r->efd);
}

/* Write what is queued now (the bufferevent's write event sends any rest).
 * @return false when c was sent back (a socket error): c is not ours any more */
static bool flush(sc_rloop *rl, sc_conn *c)
{
    struct evbuffer *out = bufferevent_get_output(c->bev);
    int rc, err;

    if (evbuffer_get_length(out) == 0)
        return true;
    evbuffer_unfreeze(out, 1);
    rc = evbuffer_write(out, c->fd);
    err = errno;
    evbuffer_freeze(out, 1);
    if (rc < 0 && err != EAGAIN && err != EWOULDBLOCK && err != EINTR) {
        c->read_errno = err;
        send_back(rl, c, BEV_EVENT_ERROR | BEV_EVENT_WRITING);
        return false;
    }
    if (evbuffer_get_length(out) > 0) {
        c->write_parked = false;
        bufferevent_enable(c->bev, EV_WRITE);
    } else if (!c->write_parked) {
        /* all written: withdraw the write interest that queuing the reply
         * added, in the same turn (no epoll_ctl with the change list), and
         * leave it parked until the next reply (sc_conn_write_packet) */
        bufferevent_disable(c->bev, EV_WRITE);
        c->write_parked = true;
    }
    return true;
}

/*
 * The next complete request, when it is one statement a reader loop answers.
 * @return the statement (malloc'ed, its length in *len) with the request
 *         taken off the input; NULL with *wait set when the request is not
 *         complete yet; NULL otherwise (the main loop must have it)
 */
static char *next_read(sc_conn *c, size_t *len, bool *wait)
{
    struct evbuffer *in = bufferevent_get_input(c->bev);
    size_t avail = evbuffer_get_length(in), n;
    uint8_t h[4];
    char *p;

    *wait = false;
    if (avail < 4) {
        *wait = true;
        return NULL;
    }
    evbuffer_copyout(in, h, 4);
    n = (size_t)h[0] | (size_t)h[1] << 8 | (size_t)h[2] << 16;
    if (h[3] != 0 || n < 2 || n >= SC_PKT_MAX_PAYLOAD || n > c->srv->opts.max_allowed_packet)
        return NULL;
    if (avail < 4 + n) {
        *wait = true;
        return NULL;
    }
    if (!(p = malloc(n + 1)))
        return NULL;
    {
        struct evbuffer_ptr at;
        evbuffer_ptr_set(in, &at, 4, EVBUFFER_PTR_SET);
        evbuffer_copyout_from(in, &at, p, n);
    }
    p[n] = '\0';
    if ((uint8_t)p[0] != 3 /* COM_QUERY */ || !sc_srv__reader_query(c, p + 1, n - 1)) {
        free(p);
        return NULL;
    }
    evbuffer_drain(in, 4 + n);
    *len = n - 1;
    memmove(p, p + 1, n);
    return p;
}

/* Answer the requests c has queued while they are definition SHOWs. */
static void rl_input(sc_rloop *rl, sc_conn *c)
{
    for (;;) {
        size_t len;
        bool wait;
        char *sql = next_read(c, &len, &wait);

        if (!sql) {
            if (!wait)
                send_back(rl, c, 0);
            return;
        }
        c->seq = 1;
        sc_srv__read_stmt(c, sql, len);
        free(sql);
        rl->pool->reads++;
        if (c->read_errno) {
            /* the reply could not be queued (memory, --output-limit) */
            send_back(rl, c, BEV_EVENT_ERROR | BEV_EVENT_WRITING);
            return;
        }
        if (!flush(rl, c))
            return;
    }
}

/*
 * c's socket is readable (or its idle timeout passed): one read(2) into its
 * input, then its requests. The reader loop reads the socket itself rather
 * than through the bufferevent, whose evbuffer_read asks the kernel how much
 * there is first (an ioctl(FIONREAD) per request; docs/performance.md).
 */
static void rl_sock_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_conn *c = arg;
    struct evbuffer *in = bufferevent_get_input(c->bev);
    struct evbuffer_iovec v;
    ssize_t n;

    c->in_cb++;
    if (what & EV_TIMEOUT) {
        send_back(c->rl, c, BEV_EVENT_TIMEOUT | BEV_EVENT_READING);
        c->in_cb--;
        return;
    }
    evbuffer_unfreeze(in, 0);
    if (evbuffer_reserve_space(in, 16384, &v, 1) < 1) {
        evbuffer_freeze(in, 0);
        c->read_errno = ENOMEM;
        send_back(c->rl, c, BEV_EVENT_ERROR | BEV_EVENT_READING);
        c->in_cb--;
        return;
    }
    n = read(fd, v.iov_base, v.iov_len);
    if (n > 0) {
        v.iov_len = (size_t)n;
        evbuffer_commit_space(in, &v, 1);
    }
    evbuffer_freeze(in, 0);
    if (n > 0)
        rl_input(c->rl, c);
    else if (n == 0)
        send_back(c->rl, c, BEV_EVENT_EOF | BEV_EVENT_READING);
    else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        c->read_errno = errno;
        send_back(c->rl, c, BEV_EVENT_ERROR | BEV_EVENT_READING);
    }
    c->in_cb--;
}

static void rl_event_cb(struct bufferevent *bev, short what, void *arg)
{
    sc_conn *c = arg;

    if ((what & BEV_EVENT_ERROR) && !c->read_errno)
        c->read_errno = errno; /* (errno is this thread's: the main loop logs it) */
    (void)bev;
    c->in_cb++;
    send_back(c->rl, c, what);
    c->in_cb--;
}

/* Read c's socket on this loop (rl_sock_cb), with the idle timeout.
 * @return false when c was sent back (no memory for the event) */
static bool rl_watch(sc_rloop *rl, sc_conn *c)
{
    unsigned idle = c->srv->opts.idle_timeout;
    struct timeval tv = {(time_t)idle, 0};

    if (!(c->rl_ev = event_new(rl->base, c->fd, EV_READ | EV_PERSIST, rl_sock_cb, c)) ||
        event_add(c->rl_ev, idle ? &tv : NULL) != 0) {
        c->read_errno = ENOMEM;
        send_back(rl, c, BEV_EVENT_ERROR | BEV_EVENT_READING);
        return false;
    }
    return true;
}

/* The reader loop's inbox: connections arriving, and recalls. */
static void rl_inbox_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_rloop *rl = arg;
    sc_readers *r = rl->pool;
    sc_conn *list, *next;
    bool recall;

    (void)what;
    drain(fd);
    pthread_mutex_lock(&r->lock);
    list = rl->inbox;
    rl->inbox = NULL;
    recall = rl->recall;
    rl->recall = false;
    for (sc_conn *c = list; c; c = c->read_next)
        c->rl_at = AT_RL;
    if (r->stop)
        event_base_loopbreak(rl->base);
    pthread_mutex_unlock(&r->lock);
    for (; list; list = next) {
        sc_conn *c = list;

        next = c->read_next;
        c->read_next = NULL;
        c->rl_prev = NULL;
        c->rl_next = rl->own;
        if (rl->own)
            rl->own->rl_prev = c;
        rl->own = c;
        bufferevent_setcb(c->bev, NULL, NULL, rl_event_cb, c); /* (its writes' errors) */
        recall = true; /* (an arrival may have been asked back already) */
        if (!rl_watch(rl, c))
            continue;
        rl_input(rl, c);
    }
    if (!recall)
        return;
    for (sc_conn *c = rl->own; c; c = next) {
        bool back;

        next = c->rl_next;
        pthread_mutex_lock(&r->lock);
        back = c->rl_recall;
        pthread_mutex_unlock(&r->lock);
        if (back)
            send_back(rl, c, 0);
    }
}

/* A reader loop's base, with epoll's change list as the main loop's (server.c
 * new_base): a write interest added and withdrawn in one turn costs no
 * epoll_ctl. */
static struct event_base *rl_base_new(void)
{
    struct event_config *cfg = event_config_new();
    struct event_base *b;

    if (!cfg)
        return NULL;
    event_config_set_flag(cfg, EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST);
    b = event_base_new_with_config(cfg);
    event_config_free(cfg);
    return b;
}

static void *rl_main(void *arg)
{
    sc_rloop *rl = arg;
    sc_ctx *own = NULL;

    if (sc_ctx_new(&own, NULL) == SC_OK)
        sc_ctx_route_thread(rl->pool->srv->ctx, own);
    event_base_dispatch(rl->base);
    sc_ctx_route_thread(rl->pool->srv->ctx, NULL);
    sc_ctx_free(own);
    return NULL;
}

/* ---------------------------------------------------------------- the main loop's side */

/* Connections back from reader loops. */
static void main_inbox_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_readers *r = arg;
    sc_conn *list;

    (void)what;
    drain(fd);
    pthread_mutex_lock(&r->lock);
    list = r->done;
    r->done = NULL;
    for (sc_conn *c = list; c; c = c->done_next)
        c->rl_at = AT_MAIN;
    pthread_mutex_unlock(&r->lock);
    while (list) {
        sc_conn *c = list;

        list = c->done_next;
        c->done_next = NULL;
        c->rl = NULL;
        c->rl_recall = false;
        sc_conn__back_home(c, c->rl_what);
    }
}

int sc_readers_start(sc_readers **out, sc_srv *srv, unsigned n)
{
    sc_readers *r;

    *out = NULL;
    if (n == 0)
        return 0;
    if (!(r = calloc(1, sizeof(*r))) || !(r->loops = calloc(n, sizeof(*r->loops)))) {
        free(r);
        return -1;
    }
    r->srv = srv;
    pthread_mutex_init(&r->lock, NULL);
    for (unsigned i = 0; i < n; i++)
        r->loops[i].efd = -1;
    r->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (r->efd < 0 ||
        !(r->ev = event_new(srv->base, r->efd, EV_READ | EV_PERSIST, main_inbox_cb, r)) ||
        event_add(r->ev, NULL) != 0) {
        sc_readers_stop(r);
        sc_readers_free(r);
        return -1;
    }
    for (; r->n < n; r->n++) {
        sc_rloop *rl = &r->loops[r->n];

        rl->pool = r;
        rl->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (rl->efd < 0 || !(rl->base = rl_base_new()) ||
            !(rl->ev = event_new(rl->base, rl->efd, EV_READ | EV_PERSIST, rl_inbox_cb, rl)) ||
            !(rl->leave_ev = evtimer_new(rl->base, leave_cb, rl)) || event_add(rl->ev, NULL) != 0 ||
            pthread_create(&rl->th, NULL, rl_main, rl) != 0) {
            r->n++;
            sc_readers_stop(r);
            sc_readers_free(r);
            return -1;
        }
        rl->started = true;
    }
    *out = r;
    return 0;
}

void sc_readers_stop(sc_readers *r)
{
    if (!r || r->stopped)
        return;
    pthread_mutex_lock(&r->lock);
    r->stop = true;
    pthread_mutex_unlock(&r->lock);
    for (unsigned i = 0; i < r->n; i++) {
        sc_rloop *rl = &r->loops[i];

        if (rl->started) {
            wake(rl->efd);
            pthread_join(rl->th, NULL);
        }
    }
    r->stopped = true;
    /* the loops have ended: a connection still away is freed with the others
     * (sc_srv__free_all), on its reader loop's base (freed after it) */
    for (unsigned i = 0; i < r->n; i++) {
        for (sc_conn *c = r->loops[i].own; c; c = c->rl_next)
            c->rl_at = AT_MAIN;
        for (sc_conn *c = r->loops[i].inbox; c; c = c->read_next)
            c->rl_at = AT_MAIN;
        for (sc_conn *c = r->loops[i].leaving; c; c = c->read_next)
            c->rl_at = AT_MAIN;
    }
    for (sc_conn *c = r->done; c; c = c->done_next)
        c->rl_at = AT_MAIN;
    if (r->ev)
        event_free(r->ev);
    r->ev = NULL;
}

void sc_readers_free(sc_readers *r)
{
    if (!r)
        return;
    for (unsigned i = 0; i < r->n; i++) {
        sc_rloop *rl = &r->loops[i];

        if (rl->ev)
            event_free(rl->ev);
        if (rl->leave_ev)
            event_free(rl->leave_ev);
        if (rl->base)
            event_base_free(rl->base);
        if (rl->efd >= 0)
            close(rl->efd);
    }
    if (r->efd >= 0)
        close(r->efd);
    pthread_mutex_destroy(&r->lock);
    free(r->loops);
    free(r);
}

uint64_t sc_readers_count(const sc_readers *r)
{
    return r ? r->reads : 0;
}

/* May c move to a reader loop now? */
static bool may_park(const sc_readers *r, const sc_conn *c)
{
    return r && !r->stop && c->reads_in_row >= PARK_AFTER && c->state == SC_CONN_COMMAND &&
           !c->tls && !c->txn && !c->in_group && !c->waiting && c->srv->writer != c && !c->big &&
           !c->hard_close && evbuffer_get_length(bufferevent_get_output(c->bev)) == 0;
}

/* The move of c, on the main loop, outside any callback of its bufferevent. */
static void park_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_conn *c = arg;
    sc_readers *r = c->srv->readers;
    sc_rloop *rl;
    bool was_empty;

    (void)fd;
    (void)what;
    if (c->state == SC_CONN_CLOSING)
        return; /* (its free is on its way) */
    if (!may_park(r, c)) {
        sc_conn__back_home(c, 0); /* (things changed: it stays, reading on) */
        return;
    }
    sc_readers__check_handover(c, "to a reader loop");
    bufferevent_setcb(c->bev, NULL, NULL, NULL, NULL);
    rl = &r->loops[r->next++ % r->n];
    if (bufferevent_base_set(rl->base, c->bev) != 0) {
        sc_conn__back_home(c, 0);
        return;
    }
    c->rl = rl;
    c->write_parked = true; /* (EV_WRITE is off: the next queued reply turns it on) */
    pthread_mutex_lock(&r->lock);
    c->rl_at = AT_TO_RL;
    was_empty = rl->inbox == NULL;
    c->read_next = rl->inbox;
    rl->inbox = c;
    pthread_mutex_unlock(&r->lock);
    if (was_empty)
        wake(rl->efd);
}

bool sc_readers_park(sc_readers *r, sc_conn *c)
{
    if (!may_park(r, c))
        return false;
    if (!c->park_ev && !(c->park_ev = event_new(c->srv->base, -1, 0, park_cb, c)))
        return false;
    /* still inside c's callback: quiet it, and move it from park_cb */
    bufferevent_disable(c->bev, EV_READ | EV_WRITE);
    event_active(c->park_ev, 0, 0);
    return true;
}

bool sc_readers_away(sc_readers *r, sc_conn *c, bool recall)
{
    bool away, post = false;
    sc_rloop *rl;

    if (!r)
        return false;
    pthread_mutex_lock(&r->lock);
    away = c->rl_at != AT_MAIN;
    rl = c->rl;
    if (away && recall && !c->rl_recall && (c->rl_at == AT_TO_RL || c->rl_at == AT_RL)) {
        c->rl_recall = true;
        rl->recall = true;
        post = true;
    }
    pthread_mutex_unlock(&r->lock);
    if (post)
        wake(rl->efd);
    return away;
}
