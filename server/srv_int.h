/*
 * srv_int.h - the server's internal state (server/ only): the server
 * (listeners, catalog, log, connection list, the writer queue) and one
 * connection. Everything runs on one libevent loop thread (docs/server.md
 * "I/O model"), but for the connections that reader loops serve while they
 * send definition SHOWs (readers.c): the main loop leaves a connection that
 * is away alone until its reader loop gives it back.
 *
 * Writer queue invariant: at most one connection (writer) holds the
 * catalog's write transaction across packets (an explicit BEGIN); while it
 * does, every other connection's statement that writes waits in arrival
 * order in the queue (its request stays unread in its input buffer), and
 * when the writer ends its transaction the queue is served in order. A
 * statement that only reads runs at once in a read-only transaction.
 */
#ifndef SC_SERVER_SRV_INT_H
#define SC_SERVER_SRV_INT_H

#include <pthread.h>
#include <stdio.h>
#include <sys/types.h>

#include <event2/event.h>
#include <event2/bufferevent.h>
#include <event2/listener.h>
#include <openssl/ssl.h>

#include "server/conn.h"
#include "server/packet.h"
#include "server/server.h"

#define SC_SERVER_VERSION "10.11.19-MariaDB-syscat"
#define SC_SERVER_VERSION_WIRE "5.5.5-" SC_SERVER_VERSION /* MariaDB's prefix for old clients */
#define SC_SERVER_CHARSET 45                              /* utf8mb4_general_ci */
#define SC_CONNECT_TIMEOUT 10                             /* seconds to finish the handshake */
#define SC_USER_VARS_MAX (64u << 10) /* bytes of user variables per connection */

typedef struct sc_srv sc_srv;
typedef struct sc_readers sc_readers;

typedef struct sc_user_var {
    struct sc_user_var *next;
    char *name;  /* lower case, no '@' */
    char *value; /* text */
} sc_user_var;

typedef enum sc_conn_state {
    SC_CONN_HANDSHAKE,   /* waiting for the handshake response (or SSL request) */
    SC_CONN_AUTH_SWITCH, /* waiting for the mysql_native_password reply */
    SC_CONN_COMMAND,     /* authenticated: commands */
    SC_CONN_STREAM,      /* a binlog dump owns the connection */
    SC_CONN_CLOSING      /* flushing, then freed */
} sc_conn_state;

struct sc_conn {
    sc_srv *srv;
    sc_conn *prev, *next;     /* srv->conns */
    sc_conn *wait_next;       /* srv's writer queue */
    bool waiting;             /* in the writer queue */
    struct bufferevent *bev;  /* socket, or the TLS filter over it */
    struct event *free_ev;    /* deferred free */
    struct event *park_ev;    /* moves it to a reader loop (readers.c park_cb), or NULL */
    struct event *rl_ev;      /* its socket's read event on a reader loop, or NULL */
    struct event *wait_timer; /* lock wait timeout while in the writer queue */
    struct event *timer;      /* sc_conn_set_timer */
    evutil_socket_t fd;
    uint32_t id;
    char peer[80];                /* "127.0.0.1:40312" / "socket" */
    char host[64];                /* host part of 'user'@'host' */
    bool is_unix, tls, peer_root; /* peer_root: Unix socket peer is uid 0 */
    sc_conn_state state;
    uint8_t seq; /* next sequence id to send */
    uint8_t scramble[SC_SCRAMBLE_LEN];
    uint32_t caps; /* negotiated capabilities */
    char user[SC_HS_USER_MAX + 1];
    unsigned privs;                    /* SC_PRIV_* */
    bool used_password;                /* the login sent a password (using password: YES) */
    char pending_db[SC_HS_DB_MAX + 1]; /* database of the handshake, applied after auth */
    bool autocommit;
    unsigned result_cs; /* character_set_results as a collation id (handshake, SET NAMES) */
    sc_session *session;
    sc_txn *txn; /* explicit transaction (BEGIN), or NULL */
    sc_user_var *vars;
    size_t vars_bytes;
    uint8_t *big; /* a payload split over several packets */
    size_t big_len;
    /* the last statement's diagnostics, for SHOW WARNINGS */
    unsigned diag_errno;
    char diag_state[6];
    char *diag_msg;
    unsigned diag_warnings;
    bool ddl_error;    /* the error being sent is the DDL engine's (its session has it already) */
    bool in_group;     /* has replies waiting for the group commit */
    double wrote_ms;   /* when its last change joined a group (monotonic ms), 0 = never */
    bool stmt_failed;  /* the current statement sent an ERR */
    bool requeue;      /* a query that came past the writer queue as a read must wait after all */
    bool write_parked; /* output written at once (write_now), EV_WRITE off until the next packet */
    /* streaming */
    sc_conn_cb on_commit, on_drain, on_close, timer_fn;
    void *stream_payload, *timer_payload;
    bool commit_pending;
    bool hard_close; /* drop the output, do not flush */
    /* reader loops (readers.c); rl_at and rl_recall under the pool's lock */
    struct sc_rloop *rl;               /* the reader loop it is on (or going to), NULL at home */
    int rl_at;                         /* where it is: home, going, on a reader loop, coming back */
    bool rl_recall;                    /* the main loop wants it back */
    short rl_what;                     /* the bufferevent event it came back with (0: none) */
    unsigned in_cb;                    /* inside a callback of its bufferevent (readers.c) */
    bool free_deferred;                /* freed while away: freed when back */
    bool close_on_return;              /* the server stops: closed when back */
    unsigned reads_in_row, reads_prev; /* definition SHOWs in a row on the main loop */
    sc_conn *read_next;                /* a reader loop's inbox */
    sc_conn *done_next;                /* the main loop's inbox */
    sc_conn *rl_prev, *rl_next;        /* its reader loop's connections */
    int read_errno; /* on a reader loop: its reply could not be queued (ENOMEM, ENOBUFS) */
    char close_reason[160];
};

struct sc_srv {
    struct event_base *base;
    sc_catalog *cat;
    sc_log *log;
    sc_ctx *ctx;
    sc_server_options opts;
    char socket_path[4096];
    FILE *logf;
    SSL_CTX *ssl;
    struct evconnlistener *tcp, *unix_l;
    struct event *sig_term, *sig_int, *commit_ev, *wake_ev, *stop_timer;
    int watch_fd;           /* inotify on the binlog directory (commits of other processes) */
    struct event *watch_ev; /* its read event on the loop */
    sc_conn *conns;
    unsigned n_conns;
    uint32_t next_id;
    bool stopping;
    bool commit_notified; /* a commit's notification of the dumps is pending (commit_cb) */
    sc_conn *writer;      /* holds an explicit transaction */
    sc_conn *queue_head, *queue_tail;
    sc_conn *serving;         /* the connection wake_cb took off the queue's head, while it runs */
    sc_txn *group;            /* group commit: the statements of this loop turn (query.c) */
    struct event *group_ev;   /* commits the group at the end of the turn */
    unsigned group_size;      /* statements in the group */
    bool group_dirty;         /* the group holds a change (a SHOW-only group commits nothing) */
    bool group_waiting;       /* the commit delay is running: members' output is held */
    double commit_ms;         /* moving average of a writing group's commit time */
    uint64_t groups, grouped; /* group commits made, statements they held */
    uint64_t reads;           /* statements answered in read-only transactions */
    sc_readers *readers;      /* reader loops, NULL when none */
    uint64_t questions;
    time_t started;
    uint32_t server_id;
};

/* conn.c */
void sc_srv__accept(
    sc_srv *srv, evutil_socket_t fd, const struct sockaddr *sa, int salen, bool is_unix);
void sc_srv__log(sc_srv *srv, const char *fmt, ...) SC_PRINTF(2, 3);
void sc_srv__notify_commit(sc_srv *srv);
void sc_srv__wake_queue(sc_srv *srv);
void sc_srv__stop(sc_srv *srv);
/** Free every connection now (after the loop has ended). */
void sc_srv__free_all(sc_srv *srv);
void sc_conn__set_diag(
    sc_conn *c, unsigned no, const char *state, const char *msg, unsigned warnings);
unsigned sc_conn__status(const sc_conn *c);

/** c is back from a reader loop (readers.c): its callbacks restored, then what
 *  (a bufferevent event, 0 for none) handled, a deferred free or close done, or input read on. */
void sc_conn__back_home(sc_conn *c, short what);

/* readers.c */
/** Start n reader loops (none when n is 0: *out NULL). @return 0, -1 */
int sc_readers_start(sc_readers **out, sc_srv *srv, unsigned n);
/** End the reader loops (idempotent); connections still away stay freeable. */
void sc_readers_stop(sc_readers *r);
/** Free the pool, after the connections (their bufferevents may be on its bases). */
void sc_readers_free(sc_readers *r);
/** Statements the reader loops answered. */
uint64_t sc_readers_count(const sc_readers *r);
/** Move c to a reader loop when it has been sending definition SHOWs and is idle
 *  (from its bufferevent's callback: c is disabled now and moves from an event of
 *  its own once the callback has returned, or reads on there if things changed).
 *  @return true when it is moving: leave it alone (sc_readers_away says when it is away) */
bool sc_readers_park(sc_readers *r, sc_conn *c);
/** A hand-over of c to another thread: never from inside a callback of its
 *  bufferevent (libevent touches it after the callback returns). Aborts a
 *  debug build (tests/server/churn.sh), logs in a release build. */
void sc_readers__check_handover(const sc_conn *c, const char *where);
/** Is c away on a reader loop? With recall, ask for it back (sc_conn__back_home follows). */
bool sc_readers_away(sc_readers *r, sc_conn *c, bool recall);

/* auth.c */
/** Check credentials; on success fills c->privs. @return 0, or -1 after sending the error */
int sc_srv__authenticate(sc_conn *c,
                         const sc_handshake_response *hs,
                         const uint8_t *auth,
                         size_t auth_len);

/* query.c */
/**
 * Commit the open group (the statements run since the loop turn began) now;
 * a failure closes the connections whose replies waited for it. Called
 * before anything that needs the writer (BEGIN, accounts) and at shutdown.
 */
void sc_srv__group_flush(sc_srv *srv);
/** Run a COM_QUERY payload. @return 0, or 1 when it must wait for the writer (nothing consumed) */
int sc_srv__query(sc_conn *c, const char *sql, size_t len);
/** May a reader loop answer this COM_QUERY payload of c (one definition SHOW)? */
bool sc_srv__reader_query(const sc_conn *c, const char *sql, size_t len);
/** Answer such a payload on a reader loop: privileges, the statement, its reply. */
void sc_srv__read_stmt(sc_conn *c, const char *sql, size_t len);
/** Does a statement begin like a read (SHOW, DESCRIBE, EXPLAIN, SELECT)? */
bool sc_srv__read_statement(const char *s, size_t len);
/**
 * May a COM_QUERY payload of c run while another connection holds the
 * writer? Only one statement that begins like a read, from a connection
 * with no transaction of its own (a read runs in its own read-only
 * transaction, query.c; a query that writes after all waits then).
 */
bool sc_srv__query_may_pass(const sc_conn *c, const char *sql, size_t len);
/** COM_INIT_DB */
void sc_srv__init_db(sc_conn *c, const char *db, size_t len);
/** Would a statement from c have to wait for another connection's transaction? */
bool sc_srv__must_wait(const sc_conn *c);

/* resultset.c */
typedef struct sc_rs_col {
    const char *name;
    unsigned type; /* MYSQL_TYPE_* */
    uint32_t length;
    unsigned flags;
    unsigned charset; /* 0 = utf8mb4 (45) */
    unsigned decimals;
    const char *org_name; /* NULL = "" (computed columns) */
    const char *table;    /* and org_table; NULL = "" */
    const char *schema;   /* NULL = "" */
} sc_rs_col;
/**
 * A text column's (collation id, byte length) as MariaDB sends it to this
 * connection: in its character_set_results (a utf8mb3 client gets 33 and
 * 3 bytes a character, a utf8mb4 client 45 and 4). Binary columns unchanged.
 */
void sc_conn__result_charset(const sc_conn *c, unsigned *cs, uint32_t *length);
/** The default collation id of a client's collation id (45, 33, 8, 63), 0 when unknown. */
unsigned sc_conn__charset_family(unsigned id);

/** Send the statement layer's result set (column definitions as it gives them). */
int sc_srv__send_result_set(sc_conn *c, const sc_result_set *rs, unsigned warnings, bool more);
/** Send a result set: column count, definitions, EOF, rows (n_rows x n_cols values), EOF. */
int sc_srv__send_rows(sc_conn *c,
                      const sc_rs_col *cols,
                      size_t n_cols,
                      const char *const *values,
                      size_t n_rows,
                      unsigned warnings,
                      bool more);

#endif /* SC_SERVER_SRV_INT_H */
