/*
 * server.c - `syscat serve` start and stop (server/server.h): attach the
 * catalog's log, set up TLS (OpenSSL), listen on loopback TCP and on a
 * Unix socket, run the libevent loop, and stop cleanly on SIGTERM/SIGINT:
 * no new connections, open transactions rolled back, every connection's
 * queued output flushed (at most 5 s each) and closed, the log detached.
 * The I/O model is explained in docs/server.md.
 *
 * Commits of other processes (the CLI on the same data directory) reach the
 * binlog files without passing through this loop: an inotify watch on the
 * binlog directory wakes the dump connections when a file there is written,
 * created or renamed, as the server's own commits do (no polling).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/listener.h>
#include <openssl/err.h>

#include "server/srv_int.h"

void sc_server_password_hash(uint8_t out[20], const char *password, size_t len)
{
    sc_pkt_native_password_hash(out, password, len);
}

static void
accept_tcp(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int salen, void *arg)
{
    (void)l;
    sc_srv__accept(arg, fd, sa, salen, false);
}

static void
accept_unix(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int salen, void *arg)
{
    (void)l;
    sc_srv__accept(arg, fd, sa, salen, true);
}

static void accept_error(struct evconnlistener *l, void *arg)
{
    (void)l;
    /* EMFILE and the like: log and keep serving the connections we have */
    sc_srv__log(arg, "accept failed: %s", strerror(errno));
}

static void stop_timeout(evutil_socket_t fd, short what, void *arg)
{
    sc_srv *srv = arg;

    (void)fd;
    (void)what;
    sc_srv__log(srv, "shutdown: %u connection(s) did not finish flushing in time, closing them",
                srv->n_conns);
    event_base_loopexit(srv->base, NULL);
}

static void on_signal(evutil_socket_t sig, short what, void *arg)
{
    sc_srv *srv = arg;
    struct timeval limit = {10, 0};

    (void)what;
    if (srv->stopping)
        return;
    sc_srv__log(srv, "%s received: shutting down", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    if (srv->tcp)
        evconnlistener_disable(srv->tcp);
    if (srv->unix_l)
        evconnlistener_disable(srv->unix_l);
    srv->stop_timer = evtimer_new(srv->base, stop_timeout, srv);
    if (srv->stop_timer)
        evtimer_add(srv->stop_timer, &limit);
    sc_srv__stop(srv);
}

static int setup_tls(sc_srv *srv)
{
    const sc_server_options *o = &srv->opts;

    if (!o->ssl_cert && !o->ssl_key)
        return 0;
    if (!o->ssl_cert || !o->ssl_key) {
        sc_srv__log(srv, "--ssl-cert and --ssl-key go together");
        return -1;
    }
    srv->ssl = SSL_CTX_new(TLS_server_method());
    if (!srv->ssl || SSL_CTX_set_min_proto_version(srv->ssl, TLS1_2_VERSION) != 1 ||
        SSL_CTX_use_certificate_chain_file(srv->ssl, o->ssl_cert) != 1 ||
        SSL_CTX_use_PrivateKey_file(srv->ssl, o->ssl_key, SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_check_private_key(srv->ssl) != 1) {
        unsigned long e = ERR_get_error();
        sc_srv__log(srv, "TLS set-up failed (%s, %s): %s", o->ssl_cert, o->ssl_key,
                    e ? ERR_reason_error_string(e) : "unknown error");
        return -1;
    }
    return 0;
}

static int listen_tcp(sc_srv *srv)
{
    struct sockaddr_storage ss;
    struct sockaddr_in *in4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
    socklen_t sl;
    const char *bind_addr = srv->opts.bind;

    if (!bind_addr || !*bind_addr)
        return 0;
    memset(&ss, 0, sizeof(ss));
    if (inet_pton(AF_INET, bind_addr, &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        in4->sin_port = htons((uint16_t)srv->opts.port);
        sl = sizeof(*in4);
    } else if (inet_pton(AF_INET6, bind_addr, &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons((uint16_t)srv->opts.port);
        sl = sizeof(*in6);
    } else {
        sc_srv__log(srv, "--bind '%s': not a numeric IPv4 or IPv6 address", bind_addr);
        return -1;
    }
    srv->tcp = evconnlistener_new_bind(srv->base, accept_tcp, srv,
                                       LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, 128,
                                       (struct sockaddr *)&ss, (int)sl);
    if (!srv->tcp) {
        sc_srv__log(srv, "cannot listen on %s port %u: %s", bind_addr, srv->opts.port,
                    strerror(errno));
        return -1;
    }
    evconnlistener_set_error_cb(srv->tcp, accept_error);
    sl = sizeof(ss);
    if (getsockname(evconnlistener_get_fd(srv->tcp), (struct sockaddr *)&ss, &sl) == 0)
        srv->opts.port = ntohs(ss.ss_family == AF_INET ? in4->sin_port : in6->sin6_port);
    return 0;
}

static int listen_unix(sc_srv *srv)
{
    struct sockaddr_un un;
    struct stat st;
    const char *path = srv->socket_path;

    if (!*path)
        return 0;
    if (strlen(path) >= sizeof(un.sun_path)) {
        sc_srv__log(srv, "socket path too long (%zu bytes, at most %zu): %s", strlen(path),
                    sizeof(un.sun_path) - 1, path);
        return -1;
    }
    /* a stale socket of an earlier run is replaced; anything else is refused */
    if (lstat(path, &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            sc_srv__log(srv, "%s exists and is not a socket", path);
            return -1;
        }
        unlink(path);
    }
    memset(&un, 0, sizeof(un));
    un.sun_family = AF_UNIX;
    memcpy(un.sun_path, path, strlen(path) + 1);
    srv->unix_l = evconnlistener_new_bind(srv->base, accept_unix, srv, LEV_OPT_CLOSE_ON_FREE, 128,
                                          (struct sockaddr *)&un, (int)sizeof(un));
    if (!srv->unix_l) {
        sc_srv__log(srv, "cannot listen on %s: %s", path, strerror(errno));
        return -1;
    }
    evconnlistener_set_error_cb(srv->unix_l, accept_error);
    chmod(path, 0777); /* like MariaDB's socket: access is decided by accounts */
    return 0;
}

static int read_server_id(sc_srv *srv)
{
    char buf[16];
    sc_txn *txn = NULL;
    char *v = NULL;

    if (srv->opts.server_id) {
        snprintf(buf, sizeof(buf), "%u", srv->opts.server_id);
        if (sc_log_set(srv->log, SC_LOG_SET_SERVER_ID, buf) != SC_OK) {
            sc_srv__log(srv, "--server-id %u: %s", srv->opts.server_id,
                        sc_ctx_last_error(srv->ctx)->message);
            return -1;
        }
        srv->server_id = srv->opts.server_id;
        return 0;
    }
    srv->server_id = 1;
    if (sc_txn_begin(&txn, srv->cat, SC_TXN_READONLY) != SC_OK)
        return 0;
    if (sc_setting_get(&v, txn, SC_LOG_SET_SERVER_ID) == SC_OK && v)
        srv->server_id = (uint32_t)strtoul(v, NULL, 10);
    sc_free(srv->ctx, v);
    sc_txn_abort(txn);
    return 0;
}

static int write_port_file(sc_srv *srv)
{
    FILE *f;

    if (!srv->opts.port_file)
        return 0;
    f = fopen(srv->opts.port_file, "w");
    if (!f || fprintf(f, "%u\n", srv->opts.port) < 0 || fclose(f) != 0) {
        sc_srv__log(srv, "cannot write %s: %s", srv->opts.port_file, strerror(errno));
        return -1;
    }
    return 0;
}

/* Something in the binlog directory changed: drain the events, then wake the dumps. */
static void on_binlog_change(evutil_socket_t fd, short what, void *arg)
{
    sc_srv *srv = arg;
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));

    (void)what;
    /* drained before the dumps look, so a write after this read wakes them again */
    while (read(fd, buf, sizeof(buf)) > 0)
        ;
    sc_srv__notify_commit(srv);
}

/*
 * Watch the binlog directory so that commits made by another process wake
 * the dump connections. Without inotify (an exotic file system, the
 * watch limit reached) dumps still follow the server's own commits: say so.
 */
static void watch_binlog(sc_srv *srv)
{
    char *index = NULL, *slash;
    int wd = -1;

    srv->watch_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (srv->watch_fd >= 0 && sc_log_path(&index, srv->log, NULL) == SC_OK &&
        (slash = strrchr(index, '/')) != NULL) {
        *slash = 0;
        wd = inotify_add_watch(srv->watch_fd, index, IN_MODIFY | IN_CREATE | IN_MOVED_TO);
    }
    if (wd >= 0) {
        srv->watch_ev =
            event_new(srv->base, srv->watch_fd, EV_READ | EV_PERSIST, on_binlog_change, srv);
        if (srv->watch_ev && event_add(srv->watch_ev, NULL) == 0) {
            sc_free(srv->ctx, index);
            return;
        }
    }
    sc_srv__log(srv,
                "warning: cannot watch the binlog directory (%s): dump connections see "
                "commits of other processes only at this server's next commit",
                strerror(errno));
    if (srv->watch_ev)
        event_free(srv->watch_ev);
    srv->watch_ev = NULL;
    if (srv->watch_fd >= 0)
        close(srv->watch_fd);
    srv->watch_fd = -1;
    sc_free(srv->ctx, index);
}

/*
 * The event loop. epoll's change list: a socket's write interest added and
 * removed again in one loop turn (a reply queued and written by the turn's
 * end) costs no epoll_ctl, and one that stays costs one at the next wait
 * instead of one per change.
 */
static int new_base(sc_srv *srv)
{
    struct event_config *cfg = event_config_new();

    if (!cfg)
        return -1;
    event_config_set_flag(cfg, EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST);
    srv->base = event_base_new_with_config(cfg);
    event_config_free(cfg);
    return srv->base ? 0 : -1;
}

/*
 * --reader-threads: the number of reader loops asked for; by default one per
 * online CPU but the main loop's, and at least two from two CPUs on (on 2
 * CPUs two reader loops answered 1.1-1.5x the SHOWs of none at the same
 * server CPU per SHOW, docs/server.md "Reader loops"); none on one CPU.
 */
static unsigned reader_count(const sc_server_options *o)
{
    long n = o->reader_threads;

    if (n < 0) {
        n = sysconf(_SC_NPROCESSORS_ONLN);
        n = n > 2 ? n - 1 : n == 2 ? 2 : 0;
    }
    return (unsigned)(n > SC_SERVER_READERS_MAX ? SC_SERVER_READERS_MAX : n);
}

static int start(sc_srv *srv)
{
    if (sc_log_open(&srv->log, srv->cat) != SC_OK) {
        sc_srv__log(srv, "cannot attach the log: %s", sc_ctx_last_error(srv->ctx)->message);
        return -1;
    }
    if (read_server_id(srv) != 0 || setup_tls(srv) != 0)
        return -1;
    if (srv->opts.require_secure_transport && !srv->ssl) {
        sc_srv__log(srv, "--require-secure-transport needs --ssl-cert and --ssl-key");
        return -1;
    }
    if (new_base(srv) != 0)
        return -1;
    if (listen_tcp(srv) != 0 || listen_unix(srv) != 0)
        return -1;
    if (sc_readers_start(&srv->readers, srv, reader_count(&srv->opts)) != 0) {
        sc_srv__log(srv, "cannot start the reader loops");
        return -1;
    }
    watch_binlog(srv);
    srv->sig_term = evsignal_new(srv->base, SIGTERM, on_signal, srv);
    srv->sig_int = evsignal_new(srv->base, SIGINT, on_signal, srv);
    if (!srv->sig_term || !srv->sig_int || evsignal_add(srv->sig_term, NULL) != 0 ||
        evsignal_add(srv->sig_int, NULL) != 0)
        return -1;
    return write_port_file(srv);
}

static void cleanup(sc_srv *srv)
{
    sc_readers_stop(srv->readers); /* before the connections they served are freed */
    sc_srv__group_flush(srv);
    sc_srv__free_all(srv);
    sc_readers_free(srv->readers); /* after: a bufferevent may be on a reader loop's base */
    srv->readers = NULL;
    if (srv->tcp)
        evconnlistener_free(srv->tcp);
    if (srv->unix_l) {
        evconnlistener_free(srv->unix_l);
        unlink(srv->socket_path);
    }
    if (srv->sig_term)
        event_free(srv->sig_term);
    if (srv->sig_int)
        event_free(srv->sig_int);
    if (srv->commit_ev)
        event_free(srv->commit_ev);
    if (srv->wake_ev)
        event_free(srv->wake_ev);
    if (srv->group_ev)
        event_free(srv->group_ev);
    if (srv->stop_timer)
        event_free(srv->stop_timer);
    if (srv->watch_ev)
        event_free(srv->watch_ev);
    if (srv->watch_fd >= 0)
        close(srv->watch_fd);
    if (srv->base)
        event_base_free(srv->base);
    if (srv->ssl)
        SSL_CTX_free(srv->ssl);
    if (srv->log && sc_log_sync(srv->log) != SC_OK)
        sc_srv__log(srv,
                    "warning: binlog files not written (%s); `syscat binlog rebuild` "
                    "rewrites them from the catalog",
                    sc_ctx_last_error(srv->ctx)->message);
    sc_log_close(srv->log);
}

int sc_server_run(sc_catalog *cat, const sc_server_options *opts, FILE *logf)
{
    sc_srv srv;
    uint64_t on_readers;
    int status = 1;

    memset(&srv, 0, sizeof(srv));
    srv.watch_fd = -1;
    srv.cat = cat;
    srv.ctx = sc_catalog_ctx(cat);
    srv.opts = *opts;
    srv.logf = logf;
    srv.started = time(NULL);
    if (opts->socket_path)
        snprintf(srv.socket_path, sizeof(srv.socket_path), "%s", opts->socket_path);
    else
        snprintf(srv.socket_path, sizeof(srv.socket_path), "%s/syscat.sock",
                 sc_catalog_datadir(cat));
    signal(SIGPIPE, SIG_IGN);
    if (start(&srv) == 0) {
        char tcp[96] = "no TCP";

        if (srv.tcp)
            snprintf(tcp, sizeof(tcp), "TCP %s port %u", opts->bind, srv.opts.port);
        sc_srv__log(&srv, "ready for connections: %s%s%s%s (server id %u, %u reader loops%s)", tcp,
                    srv.unix_l ? ", socket " : "", srv.unix_l ? srv.socket_path : "",
                    srv.ssl ? ", TLS" : "", srv.server_id, reader_count(opts),
                    opts->require_secure_transport ? ", secure transport required" : "");
        event_base_dispatch(srv.base);
        on_readers = sc_readers_count(srv.readers);
        sc_readers_stop(srv.readers);
        sc_srv__group_flush(&srv);
        sc_srv__log(&srv,
                    "stopped (%llu group commits held %llu statements, %llu reads in read "
                    "transactions, %llu of them on reader loops)",
                    (unsigned long long)srv.groups, (unsigned long long)srv.grouped,
                    (unsigned long long)(srv.reads + on_readers), (unsigned long long)on_readers);
        status = 0;
    }
    cleanup(&srv);
    return status;
}
