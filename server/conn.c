/*
 * conn.c - one client connection of `syscat serve`: accept, the protocol 10
 * handshake (with the TLS upgrade), packet framing (3-byte length, sequence
 * ids, payloads split at 16 MiB - 1, max_allowed_packet), the command
 * dispatcher, output buffering with a bound, streaming hooks for binlog
 * dumps, idle timeouts and the close path. Implements server/conn.h.
 *
 * Every connection event is one line on the server log: connect, auth
 * ok/failed, protocol errors (with the peer address), close with reason.
 * A connection is freed only from its deferred free event, never inside
 * one of its own callbacks, so a handler may close it and return safely.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent_ssl.h>
#include <openssl/err.h>
#include <openssl/rand.h>

#include "catalog/errmsg_gen.h"
#include "server/binlog_dump.h"
#include "server/srv_int.h"

/* Command bytes (MariaDB's enum_server_command). */
enum {
    COM_QUIT = 1,
    COM_INIT_DB = 2,
    COM_QUERY = 3,
    COM_STATISTICS = 9,
    COM_PING = 14,
    COM_BINLOG_DUMP = 18,
    COM_REGISTER_SLAVE = 21,
    COM_SET_OPTION = 27,
    COM_RESET_CONNECTION = 31,
};

static void conn_read_cb(struct bufferevent *bev, void *arg);
static void conn_write_cb(struct bufferevent *bev, void *arg);
static void conn_event_cb(struct bufferevent *bev, short what, void *arg);

/* ---------------------------------------------------------------- logging */

static void log_line(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;

    gmtime_r(&now, &tm);
    strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(f, "%s syscat serve: %s", when, prefix);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    fflush(f);
}

void sc_srv__log(sc_srv *srv, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    log_line(srv->logf, "", fmt, ap);
    va_end(ap);
}

void sc_conn_log(sc_conn *c, const char *fmt, ...)
{
    char prefix[128];
    va_list ap;

    snprintf(prefix, sizeof(prefix), "conn %u %s: ", c->id, c->peer);
    va_start(ap, fmt);
    log_line(c->srv->logf, prefix, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- output */

static bool closing(const sc_conn *c)
{
    return c->state == SC_CONN_CLOSING;
}

/* Past the output bound: drop everything, log why, free soon. */
static void overflow(sc_conn *c)
{
    char why[160];

    snprintf(why, sizeof(why), "output buffer over its bound of %zu bytes (client not reading)",
             c->srv->opts.output_limit);
    c->hard_close = true;
    sc_conn_close(c, why);
}

int sc_conn_write_packet(sc_conn *c, const void *payload, size_t len)
{
    const uint8_t *p = payload;
    struct evbuffer *out;

    if (closing(c))
        return -1;
    if (c->write_parked && !(c->in_group && c->srv->group_waiting)) {
        c->write_parked = false; /* (a held member stays disabled: group_end enables it) */
        bufferevent_enable(c->bev, EV_WRITE);
    }
    out = bufferevent_get_output(c->bev);
    for (;;) {
        size_t n = len < SC_PKT_MAX_PAYLOAD ? len : SC_PKT_MAX_PAYLOAD;
        uint8_t h[4] = {(uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), c->seq++};

        if (evbuffer_add(out, h, 4) != 0 || evbuffer_add(out, p, n) != 0) {
            if (c->rl) {
                c->read_errno = ENOMEM;
                return -1;
            }
            c->hard_close = true;
            sc_conn_close(c, "out of memory for output");
            return -1;
        }
        p += n;
        len -= n;
        if (n < SC_PKT_MAX_PAYLOAD)
            break; /* a payload of exactly k * max ends with an empty packet */
    }
    if (evbuffer_get_length(out) > c->srv->opts.output_limit) {
        if (c->rl) { /* on a reader loop: its main loop closes it (readers.c) */
            c->read_errno = ENOBUFS;
            return -1;
        }
        overflow(c);
        return -1;
    }
    return 0;
}

static int send_buf(sc_conn *c, sc_pkt_buf *b)
{
    int rc;

    if (b->failed && c->rl) {
        sc_pkt_buf_free(b);
        c->read_errno = ENOMEM; /* on a reader loop: its main loop closes it */
        return -1;
    }
    if (b->failed) {
        sc_pkt_buf_free(b);
        c->hard_close = true;
        sc_conn_close(c, "out of memory building a reply");
        return -1;
    }
    rc = sc_conn_write_packet(c, b->data, b->len);
    sc_pkt_buf_free(b);
    return rc;
}

unsigned sc_conn__status(const sc_conn *c)
{
    return (c->autocommit ? SC_STATUS_AUTOCOMMIT : 0) | (c->txn ? SC_STATUS_IN_TRANS : 0);
}

int sc_conn_send_ok(sc_conn *c, uint64_t affected_rows, unsigned warnings)
{
    sc_pkt_buf b = {0};

    sc_pkt_ok(&b, affected_rows, 0, sc_conn__status(c), warnings);
    return send_buf(c, &b);
}

int sc_conn_send_err(sc_conn *c, unsigned mysql_errno, const char *sqlstate, const char *fmt, ...)
{
    sc_pkt_buf b = {0};
    char msg[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    sc_conn__set_diag(c, mysql_errno, sqlstate, msg, 1);
    c->stmt_failed = true;
    sc_pkt_err(&b, mysql_errno, sqlstate, msg);
    return send_buf(c, &b);
}

int sc_conn_send_eof(sc_conn *c, unsigned warnings)
{
    sc_pkt_buf b = {0};

    sc_pkt_eof(&b, warnings, sc_conn__status(c));
    return send_buf(c, &b);
}

void sc_conn__set_diag(
    sc_conn *c, unsigned no, const char *state, const char *msg, unsigned warnings)
{
    /* an error the server answered itself is what SHOW WARNINGS lists next,
     * as the DDL engine's own are (its session keeps the diagnostics) */
    if (no && c->session && !c->ddl_error)
        sc_session_set_error(c->session, no, msg);
    free(c->diag_msg);
    c->diag_msg = msg ? strdup(msg) : NULL;
    c->diag_errno = no;
    snprintf(c->diag_state, sizeof(c->diag_state), "%s", state ? state : "");
    c->diag_warnings = warnings;
}

/* ---------------------------------------------------------------- character sets */

unsigned sc_conn__charset_family(unsigned id)
{
    if (id == 45 || id == 46 || (id >= 224 && id <= 247) || (id >= 2048 && id < 2304))
        return 45; /* utf8mb4 */
    if (id == 33 || id == 83 || (id >= 192 && id <= 215) || id == 223)
        return 33; /* utf8mb3 */
    if (id == 5 || id == 8 || id == 15 || id == 31 || (id >= 47 && id <= 49) || id == 94)
        return 8; /* latin1 */
    if (id == 63)
        return 63;
    return 0;
}

static unsigned mbmaxlen(unsigned family)
{
    return family == 45 ? 4 : family == 33 ? 3 : 1;
}

void sc_conn__result_charset(const sc_conn *c, unsigned *cs, uint32_t *length)
{
    unsigned from = sc_conn__charset_family(*cs), to = sc_conn__charset_family(c->result_cs);

    if (from == 0 || from == 63 || to == 0 || to == 63 || from == to)
        return;
    *length = *length / mbmaxlen(from) * mbmaxlen(to);
    *cs = to;
}

/* ---------------------------------------------------------------- accessors */

const char *sc_conn_user(const sc_conn *c)
{
    return c->user;
}

const char *sc_conn_host(const sc_conn *c)
{
    return c->host;
}

const char *sc_conn_peer(const sc_conn *c)
{
    return c->peer;
}

uint32_t sc_conn_id(const sc_conn *c)
{
    return c->id;
}

uint32_t sc_conn_capabilities(const sc_conn *c)
{
    return c->caps;
}

bool sc_conn_has_privilege(const sc_conn *c, unsigned priv)
{
    return (c->privs & priv) == priv;
}

bool sc_conn_is_secure(const sc_conn *c)
{
    return c->tls || c->is_unix;
}

uint32_t sc_conn_server_id(const sc_conn *c)
{
    return c->srv->server_id;
}

sc_session *sc_conn_session(sc_conn *c)
{
    return c->session;
}

sc_catalog *sc_conn_catalog(sc_conn *c)
{
    return c->srv->cat;
}

sc_log *sc_conn_binlog(sc_conn *c)
{
    return c->srv->log;
}

size_t sc_conn_output_pending(const sc_conn *c)
{
    return evbuffer_get_length(bufferevent_get_output(c->bev));
}

size_t sc_conn_output_limit(const sc_conn *c)
{
    return c->srv->opts.output_limit;
}

unsigned sc_conn_net_write_timeout(const sc_conn *c)
{
    return c->srv->opts.net_write_timeout;
}

bool sc_conn_server_stopping(const sc_conn *c)
{
    return c->srv->stopping;
}

static sc_user_var *find_var(const sc_conn *c, const char *name)
{
    for (sc_user_var *v = c->vars; v; v = v->next)
        if (strcasecmp(v->name, name) == 0)
            return v;
    return NULL;
}

const char *sc_conn_user_var(const sc_conn *c, const char *name)
{
    const sc_user_var *v = find_var(c, name);
    return v ? v->value : NULL;
}

int sc_conn_set_user_var(sc_conn *c, const char *name, const char *value)
{
    sc_user_var *v = find_var(c, name), **pp;
    size_t add = value ? strlen(value) : 0;

    if (v) {
        c->vars_bytes -= strlen(v->value);
        free(v->value);
        v->value = NULL;
    }
    if (!value) {
        for (pp = &c->vars; v && *pp; pp = &(*pp)->next)
            if (*pp == v) {
                *pp = v->next;
                c->vars_bytes -= strlen(v->name);
                free(v->name);
                free(v);
                break;
            }
        return 0;
    }
    if (c->vars_bytes + add + strlen(name) > SC_USER_VARS_MAX)
        return -1;
    if (!v) {
        v = calloc(1, sizeof(*v));
        if (!v || !(v->name = strdup(name))) {
            free(v);
            return -1;
        }
        for (char *p = v->name; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        c->vars_bytes += strlen(name);
        v->next = c->vars;
        c->vars = v;
    }
    v->value = strdup(value);
    if (!v->value)
        return -1;
    c->vars_bytes += add;
    return 0;
}

/* ---------------------------------------------------------------- streaming */

/*
 * The connection's timeouts: `read_s` seconds without a byte from the
 * client (0 = none: a dump), and always net_write_timeout for output the
 * client leaves unread (libevent's write timeout: no progress for that long
 * while output is queued, so a peer that stopped reading or vanished without
 * a FIN, half-open TCP, is closed even in the middle of a result).
 */
static void set_timeouts(sc_conn *c, unsigned read_s)
{
    struct timeval rd = {(time_t)read_s, 0};
    struct timeval wr = {(time_t)c->srv->opts.net_write_timeout, 0};

    bufferevent_set_timeouts(c->bev, read_s ? &rd : NULL, &wr);
}

void sc_conn_stream_begin(
    sc_conn *c, sc_conn_cb fn_commit, sc_conn_cb fn_drain, sc_conn_cb fn_close, void *payload)
{
    c->state = SC_CONN_STREAM;
    c->on_commit = fn_commit;
    c->on_drain = fn_drain;
    c->on_close = fn_close;
    c->stream_payload = payload;
    set_timeouts(c, 0);
    /* the write callback fires when the output falls to half the bound */
    bufferevent_setwatermark(c->bev, EV_WRITE, c->srv->opts.output_limit / 2, 0);
}

void sc_conn_stream_end(sc_conn *c)
{
    if (closing(c))
        return;
    c->state = SC_CONN_COMMAND;
    c->on_commit = c->on_drain = NULL;
    if (c->on_close)
        c->on_close(c, c->stream_payload);
    c->on_close = NULL;
    c->stream_payload = NULL;
    sc_conn_set_timer(c, 0, NULL, NULL);
    bufferevent_setwatermark(c->bev, EV_WRITE, 0, 0);
    set_timeouts(c, c->srv->opts.idle_timeout);
}

static void timer_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_conn *c = arg;
    sc_conn_cb fn = c->timer_fn;

    (void)fd;
    (void)what;
    c->timer_fn = NULL;
    if (fn && !closing(c))
        fn(c, c->timer_payload);
}

void sc_conn_set_timer(sc_conn *c, unsigned ms, sc_conn_cb fn, void *payload)
{
    struct timeval tv = {(time_t)(ms / 1000), (suseconds_t)(ms % 1000) * 1000};

    if (c->timer)
        evtimer_del(c->timer);
    c->timer_fn = NULL;
    if (ms == 0 || !fn)
        return;
    if (!c->timer && !(c->timer = evtimer_new(c->srv->base, timer_cb, c)))
        return;
    c->timer_fn = fn;
    c->timer_payload = payload;
    evtimer_add(c->timer, &tv);
}

static int write_out(sc_conn *c);

/*
 * After a commit, every dump gets the new events and they are written to its
 * socket at once, in this loop turn, before the replies that acknowledge the
 * commit (those go out when the loop next polls, write_now waits for this):
 * a follower never waits for the server to run again after the writer
 * has its OK (docs/server.md "Commit-to-follower latency").
 */
static void commit_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_srv *srv = arg;

    (void)fd;
    (void)what;
    srv->commit_notified = false;
    for (sc_conn *c = srv->conns; c; c = c->next) {
        if (c->state != SC_CONN_STREAM || !c->on_commit)
            continue;
        c->on_commit(c, c->stream_payload);
        if (c->state == SC_CONN_STREAM && write_out(c) > 0 && c->on_drain)
            c->on_drain(c, c->stream_payload); /* as the write callback does after progress */
    }
}

void sc_srv__notify_commit(sc_srv *srv)
{
    if (!srv->commit_ev)
        srv->commit_ev = event_new(srv->base, -1, 0, commit_cb, srv);
    if (srv->commit_ev) {
        srv->commit_notified = true;
        event_active(srv->commit_ev, 0, 0);
    }
}

/* ---------------------------------------------------------------- close, free */

static void queue_remove(sc_srv *srv, sc_conn *c)
{
    sc_conn **pp = &srv->queue_head, *prev = NULL;

    for (; *pp; prev = *pp, pp = &(*pp)->wait_next)
        if (*pp == c) {
            *pp = c->wait_next;
            if (srv->queue_tail == c)
                srv->queue_tail = prev;
            break;
        }
    c->waiting = false;
    c->wait_next = NULL;
}

static void conn_free(sc_conn *c)
{
    sc_srv *srv = c->srv;

    if (sc_readers_away(srv->readers, c, true)) {
        c->free_deferred = true; /* freed when its reader loop has given it back */
        return;
    }
    if (c->on_close)
        c->on_close(c, c->stream_payload);
    if (c->waiting)
        queue_remove(srv, c);
    if (c->txn) {
        sc_txn_abort(c->txn); /* an open transaction is rolled back, as MariaDB does */
        c->txn = NULL;
    }
    if (srv->writer == c) {
        srv->writer = NULL;
        sc_srv__wake_queue(srv);
    }
    sc_conn_log(c, "closed (%s)", c->close_reason[0] ? c->close_reason : "connection ended");
    if (c->prev)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    srv->n_conns--;
    sc_session_free(c->session);
    while (c->vars) {
        sc_user_var *v = c->vars;
        c->vars = v->next;
        free(v->name);
        free(v->value);
        free(v);
    }
    free(c->big);
    free(c->diag_msg);
    if (c->timer)
        event_free(c->timer);
    if (c->wait_timer)
        event_free(c->wait_timer);
    if (c->free_ev)
        event_free(c->free_ev);
    if (c->park_ev)
        event_free(c->park_ev);
    if (c->rl_ev)
        event_free(c->rl_ev); /* (its reader loop has ended: the server stops) */
    if (c->bev)
        bufferevent_free(c->bev);
    free(c);
    if (srv->stopping && srv->n_conns == 0)
        event_base_loopexit(srv->base, NULL);
}

static void free_cb(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    conn_free(arg);
}

void sc_conn_close(sc_conn *c, const char *reason)
{
    struct timeval flush = {5, 0};

    if (closing(c)) {
        if (c->hard_close)
            event_active(c->free_ev, 0, 0);
        return;
    }
    if (reason && !c->close_reason[0])
        snprintf(c->close_reason, sizeof(c->close_reason), "%s", reason);
    c->state = SC_CONN_CLOSING;
    sc_conn_set_timer(c, 0, NULL, NULL);
    bufferevent_disable(c->bev, EV_READ);
    if (c->hard_close || evbuffer_get_length(bufferevent_get_output(c->bev)) == 0) {
        bufferevent_disable(c->bev, EV_WRITE);
        event_active(c->free_ev, 0, 0);
        return;
    }
    /* flush what is queued (at most 5 s), then the write callback frees */
    bufferevent_setwatermark(c->bev, EV_WRITE, 0, 0);
    bufferevent_set_timeouts(c->bev, NULL, &flush);
}

/* ---------------------------------------------------------------- handshake */

static uint32_t server_caps(const sc_srv *srv)
{
    uint32_t caps = SC_CLIENT_FOUND_ROWS | SC_CLIENT_LONG_FLAG | SC_CLIENT_CONNECT_WITH_DB |
                    SC_CLIENT_NO_SCHEMA | SC_CLIENT_IGNORE_SPACE | SC_CLIENT_PROTOCOL_41 |
                    SC_CLIENT_INTERACTIVE | SC_CLIENT_TRANSACTIONS | SC_CLIENT_SECURE_CONNECTION |
                    SC_CLIENT_MULTI_STATEMENTS | SC_CLIENT_MULTI_RESULTS |
                    SC_CLIENT_PS_MULTI_RESULTS | SC_CLIENT_PLUGIN_AUTH | SC_CLIENT_CONNECT_ATTRS |
                    SC_CLIENT_PLUGIN_AUTH_LENENC | 0x1000u /* IGNORE_SIGPIPE */;

    /* CLIENT_LONG_PASSWORD (bit 0) is left clear, as MariaDB does: it tells
     * clients that the server is MariaDB (extended capabilities follow) */
    if (srv->ssl)
        caps |= SC_CLIENT_SSL;
    return caps;
}

static void send_handshake(sc_conn *c)
{
    sc_handshake_info info;
    sc_pkt_buf b = {0};

    if (RAND_bytes(c->scramble, SC_SCRAMBLE_LEN) != 1) {
        sc_conn_close(c, "no random bytes for the scramble");
        return;
    }
    /* the scramble is sent NUL-terminated: keep NULs and '$' out of it, as MariaDB does */
    for (int i = 0; i < SC_SCRAMBLE_LEN; i++)
        c->scramble[i] = (uint8_t)(c->scramble[i] % 94 + 33);
    info.server_version = SC_SERVER_VERSION_WIRE;
    info.connection_id = c->id;
    info.scramble = c->scramble;
    info.capabilities = server_caps(c->srv);
    info.charset = SC_SERVER_CHARSET;
    info.status = SC_STATUS_AUTOCOMMIT;
    sc_pkt_handshake(&b, &info);
    send_buf(c, &b);
}

static void start_tls(sc_conn *c)
{
    SSL *ssl = SSL_new(c->srv->ssl);
    struct bufferevent *tls;

    if (!ssl) {
        sc_conn_close(c, "TLS: SSL_new failed");
        return;
    }
    tls = bufferevent_openssl_filter_new(c->srv->base, c->bev, ssl, BUFFEREVENT_SSL_ACCEPTING,
                                         BEV_OPT_CLOSE_ON_FREE);
    if (!tls) {
        SSL_free(ssl);
        sc_conn_close(c, "TLS: cannot set up the filter");
        return;
    }
    c->bev = tls;
    c->tls = true;
    bufferevent_setcb(tls, conn_read_cb, conn_write_cb, conn_event_cb, c);
    set_timeouts(c, SC_CONNECT_TIMEOUT);
    bufferevent_enable(tls, EV_READ | EV_WRITE);
}

static void enter_command_state(sc_conn *c)
{
    c->state = SC_CONN_COMMAND;
    set_timeouts(c, c->srv->opts.idle_timeout);
}

/* After a successful authentication: select the database, say OK. */
static void finish_login(sc_conn *c)
{
    if (c->pending_db[0]) {
        enter_command_state(c);
        sc_srv__init_db(c, c->pending_db, strlen(c->pending_db));
        if (!closing(c) && c->stmt_failed) {
            /* the error was sent; MariaDB closes after a failed connect database */
            sc_conn_close(c, "unknown database in the handshake");
            return;
        }
        c->pending_db[0] = '\0';
        return;
    }
    sc_conn_send_ok(c, 0, 0);
    enter_command_state(c);
}

static void on_handshake_response(sc_conn *c, const uint8_t *p, size_t len)
{
    sc_handshake_response hs;
    const char *why = NULL;

    if (sc_pkt_parse_handshake_response(&hs, p, len, server_caps(c->srv), &why) != 0) {
        sc_conn_log(c, "bad handshake: %s", why);
        sc_conn_send_err(c, SC_ER_HANDSHAKE_ERROR);
        sc_conn_close(c, "bad handshake");
        return;
    }
    c->caps = hs.capabilities;
    c->result_cs = sc_conn__charset_family(hs.charset) ? hs.charset : SC_SERVER_CHARSET;
    if (hs.ssl_request) {
        if (c->tls || !c->srv->ssl) {
            sc_conn_send_err(c, SC_ER_HANDSHAKE_ERROR);
            sc_conn_close(c, "bad handshake: SSL request twice or without TLS");
            return;
        }
        start_tls(c);
        return;
    }
    snprintf(c->user, sizeof(c->user), "%s", hs.user);
    snprintf(c->pending_db, sizeof(c->pending_db), "%s", hs.has_db ? hs.db : "");
    if (hs.plugin[0] && strcmp(hs.plugin, "mysql_native_password") != 0) {
        /* Auth switch request: 0xfe, plugin name, scramble + NUL */
        sc_pkt_buf b = {0};

        sc_pkt_put_u8(&b, 0xfe);
        sc_pkt_put_cstr(&b, "mysql_native_password");
        sc_pkt_put(&b, c->scramble, SC_SCRAMBLE_LEN);
        sc_pkt_put_u8(&b, 0);
        c->state = SC_CONN_AUTH_SWITCH;
        send_buf(c, &b);
        return;
    }
    if (sc_srv__authenticate(c, &hs, hs.auth, hs.auth_len) == 0)
        finish_login(c);
}

static void on_auth_switch_reply(sc_conn *c, const uint8_t *p, size_t len)
{
    sc_handshake_response hs;

    memset(&hs, 0, sizeof(hs));
    snprintf(hs.user, sizeof(hs.user), "%s", c->user);
    if (sc_srv__authenticate(c, &hs, p, len) == 0)
        finish_login(c);
}

/* ---------------------------------------------------------------- commands */

static void statistics(sc_conn *c)
{
    char text[256];
    long up = (long)(time(NULL) - c->srv->started);
    uint64_t questions = c->srv->questions + sc_readers_count(c->srv->readers);
    int n;

    n = snprintf(text, sizeof(text),
                 "Uptime: %ld  Threads: %u  Questions: %llu  Slow queries: 0  Opens: 0  "
                 "Open tables: 0  Queries per second avg: %.3f",
                 up, c->srv->n_conns, (unsigned long long)questions,
                 up > 0 ? (double)questions / (double)up : 0.0);
    sc_conn_write_packet(c, text, (size_t)n);
}

static void set_option(sc_conn *c, const uint8_t *p, size_t len)
{
    sc_pkt_reader r = {p, len, 0, false};
    unsigned opt = sc_pkt_get_u16(&r);

    if (r.bad || opt > 1) {
        sc_conn_send_err(c, SC_ER_UNKNOWN_COM_ERROR);
        return;
    }
    if (opt == 0)
        c->caps |= SC_CLIENT_MULTI_STATEMENTS;
    else
        c->caps &= ~SC_CLIENT_MULTI_STATEMENTS;
    sc_conn_send_eof(c, 0);
}

/* @return 1 when the command must wait for the writer (not consumed) */
static int dispatch(sc_conn *c, const uint8_t *p, size_t len)
{
    unsigned cmd = p[0];

    if ((cmd == COM_QUERY || cmd == COM_INIT_DB) && sc_srv__must_wait(c) &&
        !(cmd == COM_QUERY && sc_srv__query_may_pass(c, (const char *)p + 1, len - 1)) &&
        !(cmd == COM_INIT_DB && !c->txn && !c->in_group))
        return 1; /* a writer holds the catalog: only a read (a USE too) goes past */
    c->srv->questions++;
    c->reads_prev = c->reads_in_row; /* a definition SHOW now makes it one more */
    c->reads_in_row = 0;
    switch (cmd) {
    case COM_QUIT:
        sc_conn_close(c, "client quit");
        break;
    case COM_INIT_DB:
        sc_srv__init_db(c, (const char *)p + 1, len - 1);
        break;
    case COM_QUERY:
        return sc_srv__query(c, (const char *)p + 1, len - 1);
    case COM_STATISTICS:
        statistics(c);
        break;
    case COM_PING:
        sc_conn_send_ok(c, 0, 0);
        break;
    case COM_SET_OPTION:
        set_option(c, p + 1, len - 1);
        break;
    case COM_RESET_CONNECTION:
        sc_conn_send_ok(c, 0, 0);
        break;
    case COM_REGISTER_SLAVE:
        sc_binlog_dump_register_slave(c, p + 1, len - 1);
        break;
    case COM_BINLOG_DUMP:
        sc_binlog_dump_start(c, p + 1, len - 1);
        break;
    default:
        sc_conn_send_err(c, SC_ER_UNKNOWN_COM_ERROR);
        break;
    }
    return 0;
}

/* Handle one complete payload. @return 1 to stop reading (wait) */
static int handle_payload(sc_conn *c, const uint8_t *p, size_t len)
{
    switch (c->state) {
    case SC_CONN_HANDSHAKE:
        on_handshake_response(c, p, len);
        return 0;
    case SC_CONN_AUTH_SWITCH:
        on_auth_switch_reply(c, p, len);
        return 0;
    case SC_CONN_COMMAND:
        if (len == 0) {
            sc_conn_log(c, "empty command packet");
            sc_conn_send_err(c, SC_ER_UNKNOWN_COM_ERROR);
            return 0;
        }
        return dispatch(c, p, len);
    default:
        return 0; /* streaming: what a dump client sends is ignored */
    }
}

static void
protocol_error(sc_conn *c, unsigned no, const char *state, const char *fmt, const char *why)
{
    sc_conn_log(c, "protocol error: %s", why);
    sc_conn_send_err(c, no, state, "%s", fmt);
    sc_conn_close(c, why);
}

/*
 * Take the next packet off the input: *whole is set when a complete
 * payload (possibly reassembled from 16 MiB - 1 pieces) is ready in
 * out and out_len (the buffer becomes the caller's: free it).
 * @return 1 packet taken, 2 a piece of a longer payload taken, 0 need more
 *         bytes, -1 connection closed
 */
static int next_packet(sc_conn *c, uint8_t **out, size_t *out_len, bool peek_only)
{
    struct evbuffer *in = bufferevent_get_input(c->bev);
    uint8_t h[4];
    size_t n, avail = evbuffer_get_length(in);
    uint8_t expect;
    uint8_t *buf;

    if (avail < 4)
        return 0;
    evbuffer_copyout(in, h, 4);
    n = (size_t)h[0] | (size_t)h[1] << 8 | (size_t)h[2] << 16;
    expect =
        c->big ? c->seq : (c->state == SC_CONN_COMMAND || c->state == SC_CONN_STREAM ? 0 : c->seq);
    if (c->big_len + n > c->srv->opts.max_allowed_packet) {
        protocol_error(c, SC_ER_NET_PACKET_TOO_LARGE, "packet over max_allowed_packet");
        return -1;
    }
    if (h[3] != expect && c->state != SC_CONN_STREAM) {
        char why[80];
        snprintf(why, sizeof(why), "sequence id %u, expected %u", h[3], expect);
        protocol_error(c, SC_ER_NET_PACKETS_OUT_OF_ORDER, why);
        return -1;
    }
    if (avail < 4 + n)
        return 0;
    if (peek_only)
        return 1;
    buf = realloc(c->big, c->big_len + n + 1);
    if (!buf) {
        c->hard_close = true;
        sc_conn_close(c, "out of memory for a packet");
        return -1;
    }
    evbuffer_drain(in, 4);
    evbuffer_remove(in, buf + c->big_len, n);
    c->big = buf;
    c->big_len += n;
    c->seq = (uint8_t)(h[3] + 1);
    if (n == SC_PKT_MAX_PAYLOAD)
        return 2; /* continues */
    *out = c->big;
    *out_len = c->big_len;
    c->big = NULL;
    c->big_len = 0;
    return 1;
}

static void process_input(sc_conn *c);

/*
 * The statement waited --lock-wait-timeout seconds for another connection's
 * transaction: drop the request and answer MariaDB's 1205, as InnoDB does for
 * a lock wait; the connection stays usable.
 */
static void wait_timeout_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_conn *c = arg;
    struct evbuffer *in = bufferevent_get_input(c->bev);
    uint8_t h[4];
    size_t n;

    (void)fd;
    (void)what;
    if (!c->waiting || closing(c))
        return;
    queue_remove(c->srv, c);
    if (evbuffer_copyout(in, h, 4) == 4) {
        n = (size_t)h[0] | (size_t)h[1] << 8 | (size_t)h[2] << 16;
        evbuffer_drain(in, 4 + n);
    }
    sc_conn_log(c, "statement waited %u s for conn %u's transaction: 1205",
                c->srv->opts.lock_wait_timeout, c->srv->writer ? c->srv->writer->id : 0);
    c->seq = 1;
    sc_conn_send_err(c, SC_ER_LOCK_WAIT_TIMEOUT);
    bufferevent_enable(c->bev, EV_READ);
    process_input(c);
}

static void start_wait_timer(sc_conn *c)
{
    struct timeval tv = {(time_t)c->srv->opts.lock_wait_timeout, 0};

    if (!c->wait_timer && !(c->wait_timer = evtimer_new(c->srv->base, wait_timeout_cb, c)))
        return;
    evtimer_add(c->wait_timer, &tv);
}

static void process_input(sc_conn *c)
{
    for (;;) {
        uint8_t *p = NULL;
        size_t len = 0;
        int rc;

        if (closing(c) || c->waiting)
            return;
        if (c->state == SC_CONN_COMMAND && sc_srv__must_wait(c)) {
            /* peek: only a complete command queues (and keeps its arrival order) */
            if (next_packet(c, &p, &len, true) != 1)
                return;
        }
        rc = next_packet(c, &p, &len, false);
        if (rc == 2)
            continue;
        if (rc != 1)
            return;
        rc = handle_payload(c, p, len);
        if (rc == 1) {
            /* put the request back: it runs when the writer is done */
            struct evbuffer *in = bufferevent_get_input(c->bev);
            uint8_t h[4] = {(uint8_t)len, (uint8_t)(len >> 8), (uint8_t)(len >> 16), 0};
            if (evbuffer_prepend(in, p, len) != 0 || evbuffer_prepend(in, h, 4) != 0) {
                free(p);
                c->hard_close = true;
                sc_conn_close(c, "out of memory queueing a request");
                return;
            }
            free(p);
            c->waiting = true;
            if (c->srv->queue_tail)
                c->srv->queue_tail->wait_next = c;
            else
                c->srv->queue_head = c;
            c->srv->queue_tail = c;
            bufferevent_disable(c->bev, EV_READ);
            start_wait_timer(c);
            return;
        }
        free(p);
    }
}

/* Let waiting connections run, in arrival order, until one opens a transaction. */
static void wake_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_srv *srv = arg;

    (void)fd;
    (void)what;
    while (srv->queue_head && !srv->writer) {
        sc_conn *c = srv->queue_head;

        srv->queue_head = c->wait_next;
        if (!srv->queue_head)
            srv->queue_tail = NULL;
        c->waiting = false;
        c->wait_next = NULL;
        if (c->wait_timer)
            evtimer_del(c->wait_timer);
        if (closing(c))
            continue;
        bufferevent_enable(c->bev, EV_READ);
        srv->serving = c; /* taken off the queue's head: it goes before the rest */
        process_input(c);
        srv->serving = NULL;
    }
}

void sc_srv__wake_queue(sc_srv *srv)
{
    if (!srv->queue_head)
        return;
    if (!srv->wake_ev)
        srv->wake_ev = event_new(srv->base, -1, 0, wake_cb, srv);
    if (srv->wake_ev)
        event_active(srv->wake_ev, 0, 0);
}

bool sc_srv__must_wait(const sc_conn *c)
{
    const sc_srv *srv = c->srv;

    if (srv->writer)
        return srv->writer != c; /* the writer goes on; everyone else queues behind it */
    if (srv->serving == c)
        return false;
    return srv->queue_head && !c->waiting && srv->queue_head != c;
}

/* ---------------------------------------------------------------- callbacks */

/*
 * Write what is queued for c to its socket now, as the bufferevent's write
 * callback would (a socket bufferevent keeps its output's start frozen
 * between its own writes). Plain sockets only: TLS writes through its filter.
 * An error is reported now: the socket gives it once (a kernel timeout's
 * ETIMEDOUT), later writes only say EPIPE.
 * @return bytes written, 0 when nothing was (or could be), -1 after an error
 */
static int write_out(sc_conn *c)
{
    struct evbuffer *out = bufferevent_get_output(c->bev);
    int rc;

    if (c->tls || closing(c) || evbuffer_get_length(out) == 0)
        return 0;
    evbuffer_unfreeze(out, 1);
    rc = evbuffer_write(out, c->fd);
    evbuffer_freeze(out, 1);
    if (rc < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return 0;
        conn_event_cb(c->bev, BEV_EVENT_ERROR | BEV_EVENT_WRITING, c);
        return -1;
    }
    return rc;
}

/*
 * Replies that wait for no commit go out at once: at the end of the read
 * callback that produced them, not after the loop has polled for
 * writability. Not for a connection with something in the open group (its
 * OK must wait for the group commit), nor while a commit's notification is
 * pending (its dumps go first, commit_cb). When the socket took everything,
 * the write interest that queuing the reply added is withdrawn in the same
 * turn, which with epoll's change list costs no system call (two epoll_ctl
 * a reply otherwise), and the write side stays parked until the next packet
 * is queued (sc_conn_write_packet).
 */
static void write_now(sc_conn *c)
{
    if (c->state != SC_CONN_COMMAND || c->in_group || c->write_parked || c->srv->commit_notified)
        return;
    if (write_out(c) <= 0)
        return;
    if (evbuffer_get_length(bufferevent_get_output(c->bev)) == 0) {
        bufferevent_disable(c->bev, EV_WRITE);
        c->write_parked = true;
    }
}

void sc_conn__back_home(sc_conn *c, short what)
{
    int err = c->read_errno; /* the reader loop's errno for what */

    c->rl = NULL;
    c->reads_in_row = 0;
    c->read_errno = 0;
    bufferevent_setcb(c->bev, conn_read_cb, conn_write_cb, conn_event_cb, c);
    if (c->free_deferred) {
        c->free_deferred = false;
        conn_free(c);
        return;
    }
    if (what && err == ENOBUFS) {
        overflow(c); /* its replies passed --output-limit on the reader loop */
        return;
    }
    if (what) {
        errno = err;
        conn_event_cb(c->bev, what, c);
        return;
    }
    if (c->close_on_return) {
        c->close_on_return = false;
        sc_conn_close(c, "server shutdown");
        return;
    }
    bufferevent_enable(c->bev, EV_READ);
    c->write_parked = true; /* EV_WRITE is off (readers.c turned it off) */
    if (evbuffer_get_length(bufferevent_get_output(c->bev)) > 0) {
        c->write_parked = false;
        bufferevent_enable(c->bev, EV_WRITE);
    }
    process_input(c);
    write_now(c);
}

static void conn_read(sc_conn *c)
{
    if (c->state == SC_CONN_STREAM) {
        struct evbuffer *in = bufferevent_get_input(c->bev);
        evbuffer_drain(in, evbuffer_get_length(in));
        return;
    }
    process_input(c);
    write_now(c);
    if (!closing(c))
        sc_readers_park(c->srv->readers, c); /* a reader of definitions moves to a reader loop */
}

static void conn_write(sc_conn *c, struct bufferevent *bev)
{
    if (closing(c)) {
        if (evbuffer_get_length(bufferevent_get_output(bev)) == 0)
            event_active(c->free_ev, 0, 0);
        return;
    }
    if (c->state == SC_CONN_STREAM && c->on_drain)
        c->on_drain(c, c->stream_payload);
}

static void conn_event(sc_conn *c, short what)
{
    char why[160];

    if (what & BEV_EVENT_TIMEOUT) {
        if (closing(c))
            snprintf(why, sizeof(why), "flush timed out");
        else if (what & BEV_EVENT_WRITING)
            snprintf(why, sizeof(why),
                     "write timeout: the client read nothing for %u s, %zu bytes unsent "
                     "(net_write_timeout)",
                     c->srv->opts.net_write_timeout, sc_conn_output_pending(c));
        else if (c->state == SC_CONN_HANDSHAKE || c->state == SC_CONN_AUTH_SWITCH)
            snprintf(why, sizeof(why), "handshake timeout (%d s)", SC_CONNECT_TIMEOUT);
        else
            snprintf(why, sizeof(why), "idle timeout (%u s)", c->srv->opts.idle_timeout);
    } else if (what & BEV_EVENT_EOF) {
        snprintf(why, sizeof(why), "%s",
                 c->state == SC_CONN_COMMAND  ? "client closed the connection"
                 : c->state == SC_CONN_STREAM ? "dump client went away"
                                              : "client went away mid-handshake");
    } else if (what & BEV_EVENT_ERROR) {
        unsigned long e = c->tls ? bufferevent_get_openssl_error(c->bev) : 0;
        if (e)
            snprintf(why, sizeof(why), "TLS error: %s",
                     ERR_reason_error_string(e) ? ERR_reason_error_string(e) : "unknown");
        else
            snprintf(why, sizeof(why), "socket error: %s", strerror(EVUTIL_SOCKET_ERROR()));
    } else {
        return;
    }
    c->hard_close = true;
    if (!c->close_reason[0] || !closing(c))
        snprintf(c->close_reason, sizeof(c->close_reason), "%s", why);
    sc_conn_close(c, why);
}

/* The bufferevent's callbacks: c->in_cb says that libevent is inside one of
 * them (a hand-over to another loop must wait until it has returned,
 * readers.c). None of them frees c (a close frees it from free_ev). */
static void conn_read_cb(struct bufferevent *bev, void *arg)
{
    sc_conn *c = arg;

    (void)bev;
    c->in_cb++;
    conn_read(c);
    c->in_cb--;
}

static void conn_write_cb(struct bufferevent *bev, void *arg)
{
    sc_conn *c = arg;

    c->in_cb++;
    conn_write(c, bev);
    c->in_cb--;
}

static void conn_event_cb(struct bufferevent *bev, short what, void *arg)
{
    sc_conn *c = arg;

    (void)bev;
    c->in_cb++;
    conn_event(c, what);
    c->in_cb--;
}

/* ---------------------------------------------------------------- accept */

static void describe_peer(sc_conn *c, const struct sockaddr *sa, bool is_unix)
{
    char addr[INET6_ADDRSTRLEN] = "?";
    unsigned port = 0;

    if (is_unix) {
        struct ucred cred;
        socklen_t clen = sizeof(cred);

        snprintf(c->peer, sizeof(c->peer), "socket");
        snprintf(c->host, sizeof(c->host), "localhost");
        if (getsockopt(c->fd, SOL_SOCKET, SO_PEERCRED, &cred, &clen) == 0) {
            c->peer_root = cred.uid == 0;
            snprintf(c->peer, sizeof(c->peer), "socket pid %ld uid %ld", (long)cred.pid,
                     (long)cred.uid);
        }
        return;
    }
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)sa;
        inet_ntop(AF_INET, &in->sin_addr, addr, sizeof(addr));
        port = ntohs(in->sin_port);
    } else if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)(const void *)sa;
        inet_ntop(AF_INET6, &in6->sin6_addr, addr, sizeof(addr));
        port = ntohs(in6->sin6_port);
    }
    snprintf(c->peer, sizeof(c->peer), "%s:%u", addr, port);
    /* MariaDB names a loopback peer 'localhost' in its messages */
    snprintf(c->host, sizeof(c->host), "%s",
             strcmp(addr, "127.0.0.1") == 0 || strcmp(addr, "::1") == 0 ? "localhost" : addr);
}

void sc_srv__accept(
    sc_srv *srv, evutil_socket_t fd, const struct sockaddr *sa, int salen, bool is_unix)
{
    sc_conn *c = calloc(1, sizeof(*c));

    (void)salen;
    if (!c) {
        evutil_closesocket(fd);
        return;
    }
    c->srv = srv;
    c->fd = fd;
    c->is_unix = is_unix;
    c->autocommit = true;
    c->result_cs = SC_SERVER_CHARSET;
    c->id = ++srv->next_id;
    describe_peer(c, sa, is_unix);
    if (!is_unix) {
        int one = 1;
        unsigned user_timeout = srv->opts.net_write_timeout * 1000u;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
        /* half-open TCP: data (or zero-window probes) unacknowledged for
         * net_write_timeout aborts the connection in the kernel, even when
         * everything queued fits in the socket buffer */
        setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_timeout, sizeof(user_timeout));
    }
    c->bev = bufferevent_socket_new(srv->base, fd, BEV_OPT_CLOSE_ON_FREE);
    c->free_ev = event_new(srv->base, -1, 0, free_cb, c);
    if (!c->bev || !c->free_ev || sc_session_new(&c->session, srv->cat, NULL) != SC_OK) {
        if (c->bev)
            bufferevent_free(c->bev);
        else
            evutil_closesocket(fd);
        if (c->free_ev)
            event_free(c->free_ev);
        free(c);
        return;
    }
    c->next = srv->conns;
    if (srv->conns)
        srv->conns->prev = c;
    srv->conns = c;
    srv->n_conns++;
    bufferevent_setcb(c->bev, conn_read_cb, conn_write_cb, conn_event_cb, c);
    set_timeouts(c, SC_CONNECT_TIMEOUT);
    bufferevent_enable(c->bev, EV_READ | EV_WRITE);
    sc_conn_log(c, "connect (%s)", is_unix ? "Unix socket" : "TCP");
    if (srv->stopping) {
        c->hard_close = true;
        sc_conn_close(c, "server shutting down");
        return;
    }
    if (srv->n_conns > srv->opts.max_connections) {
        /* MariaDB answers with the error in place of the handshake */
        sc_conn_send_err(c, SC_ER_CON_COUNT_ERROR);
        sc_conn_close(c, "too many connections");
        return;
    }
    send_handshake(c);
}

void sc_srv__stop(sc_srv *srv)
{
    sc_conn *c, *next;

    srv->stopping = true;
    for (c = srv->conns; c; c = next) {
        next = c->next;
        if (sc_readers_away(srv->readers, c, true)) {
            c->close_on_return = true; /* closed when its reader loop has given it back */
            continue;
        }
        if (c->txn) {
            sc_txn_abort(c->txn);
            c->txn = NULL;
            if (srv->writer == c)
                srv->writer = NULL;
        }
        sc_conn_close(c, "server shutdown");
    }
    if (srv->n_conns == 0)
        event_base_loopexit(srv->base, NULL);
}

void sc_srv__free_all(sc_srv *srv)
{
    while (srv->conns) {
        sc_conn *c = srv->conns;

        if (!c->close_reason[0])
            snprintf(c->close_reason, sizeof(c->close_reason), "server shutdown");
        conn_free(c);
    }
}
