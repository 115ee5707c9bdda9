/*
 * query.c - COM_QUERY and COM_INIT_DB of `syscat serve`: split a query
 * into statements (CLIENT_MULTI_STATEMENTS), give each to the replication
 * side first (server/binlog_dump.h), then answer it: transactions (BEGIN /
 * START TRANSACTION / COMMIT / ROLLBACK: one catalog write transaction
 * around several DDL statements), session queries (server/session_query.c),
 * accounts (server/account.c), and everything else through the DDL engine
 * (sc_ddl_exec) with MariaDB's OK/ERR packets.
 *
 * Privileges are checked before a statement runs (server/privilege.c).
 * A statement that needs the catalog while another connection holds an
 * open transaction waits (server/srv_int.h, writer queue).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <event2/buffer.h>

#include "catalog/errmsg_gen.h"
#include "server/binlog_dump.h"
#include "server/query_int.h"

/* ---------------------------------------------------------------- lexing helpers */

size_t sc_q__skip_space(const char *s, size_t len, size_t i)
{
    while (i < len) {
        if (isspace((unsigned char)s[i])) {
            i++;
        } else if (s[i] == '#' ||
                   (s[i] == '-' && i + 2 < len + 1 && i + 1 < len && s[i + 1] == '-' &&
                    (i + 2 == len || isspace((unsigned char)s[i + 2])))) {
            while (i < len && s[i] != '\n')
                i++;
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*' &&
                   !(i + 2 < len && s[i + 2] == '!')) {
            i += 2;
            while (i + 1 < len && !(s[i] == '*' && s[i + 1] == '/'))
                i++;
            i = i + 2 <= len ? i + 2 : len;
        } else {
            break;
        }
    }
    return i;
}

bool sc_q__word(const char *s, size_t len, size_t *pos, const char *word)
{
    size_t i = sc_q__skip_space(s, len, *pos), n = strlen(word);

    if (len - i < n || strncasecmp(s + i, word, n) != 0)
        return false;
    if (i + n < len && (isalnum((unsigned char)s[i + n]) || s[i + n] == '_'))
        return false;
    *pos = i + n;
    return true;
}

bool sc_q__at_end(const char *s, size_t len, size_t pos)
{
    pos = sc_q__skip_space(s, len, pos);
    while (pos < len && (s[pos] == ';' || isspace((unsigned char)s[pos])))
        pos = sc_q__skip_space(s, len, pos + 1);
    return pos >= len;
}

/* ---------------------------------------------------------------- transactions */

/* End c's transaction. @return SC_OK or the commit's error (the catalog ctx holds it) */
static int end_txn(sc_conn *c, bool commit)
{
    int rc = SC_OK;

    if (!c->txn)
        return SC_OK;
    if (commit)
        rc = sc_txn_commit(c->txn);
    else
        sc_txn_abort(c->txn);
    c->txn = NULL;
    if (c->srv->writer == c) {
        c->srv->writer = NULL;
        sc_srv__wake_queue(c->srv);
    }
    if (commit && rc == SC_OK)
        sc_srv__notify_commit(c->srv);
    if (rc != SC_OK)
        sc_conn_log(c, "COMMIT failed: %s", sc_ctx_last_error(c->srv->ctx)->message);
    return rc;
}

/* The catalog's last error as an ERR packet (1105 when it has no MariaDB errno). */
static void send_ctx_error(sc_conn *c)
{
    const sc_error *e = sc_ctx_last_error(c->srv->ctx);

    if (e->mysql_errno && e->sqlstate[0])
        sc_conn_send_err(c, e->mysql_errno, e->sqlstate, "%s", e->message);
    else
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
}

/* BEGIN, START TRANSACTION, COMMIT, ROLLBACK. @return true when handled */
static bool transaction_statement(sc_conn *c, const char *s, size_t len, unsigned more)
{
    size_t pos = 0;
    enum { NONE, BEGIN, COMMIT, ROLLBACK } what = NONE;

    if (sc_q__word(s, len, &pos, "BEGIN")) {
        sc_q__word(s, len, &pos, "WORK");
        what = BEGIN;
    } else if (sc_q__word(s, len, &pos, "START") && sc_q__word(s, len, &pos, "TRANSACTION")) {
        what = BEGIN;
    } else if ((pos = 0, sc_q__word(s, len, &pos, "COMMIT"))) {
        sc_q__word(s, len, &pos, "WORK");
        what = COMMIT;
    } else if ((pos = 0, sc_q__word(s, len, &pos, "ROLLBACK"))) {
        sc_q__word(s, len, &pos, "WORK");
        what = ROLLBACK;
    }
    if (what == NONE || !sc_q__at_end(s, len, pos))
        return false;
    if (what == BEGIN && !sc_conn_has_privilege(c, SC_PRIV_SELECT)) {
        sc_q__deny_global(c, "SELECT");
        return true;
    }
    /* BEGIN commits an open transaction, as MariaDB does */
    if (end_txn(c, what != ROLLBACK) != SC_OK) {
        send_ctx_error(c);
        return true;
    }
    if (what == BEGIN) {
        int rc;

        sc_srv__group_flush(c->srv); /* one writer: the group commits first */
        rc = sc_txn_begin(&c->txn, c->srv->cat, 0);
        if (rc != SC_OK) {
            send_ctx_error(c);
            return true;
        }
        c->srv->writer = c;
    }
    sc_q__send_ok(c, 0, 0, more);
    return true;
}

/* ---------------------------------------------------------------- replies */

void sc_q__send_ok(sc_conn *c, uint64_t affected, unsigned warnings, unsigned more)
{
    sc_pkt_buf b = {0};

    sc_pkt_ok(&b, affected, 0, sc_conn__status(c) | more, warnings);
    if (b.failed) {
        sc_pkt_buf_free(&b);
        sc_conn_close(c, "out of memory");
        return;
    }
    sc_conn__set_diag(c, 0, NULL, NULL, warnings);
    sc_conn_write_packet(c, b.data, b.len);
    sc_pkt_buf_free(&b);
}

static void send_result_error(sc_conn *c, const sc_stmt_result *r)
{
    c->ddl_error = true;
    if (r->mysql_errno && r->sqlstate[0] && r->message)
        sc_conn_send_err(c, r->mysql_errno, r->sqlstate, "%s", r->message);
    else
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
    c->ddl_error = false;
    c->diag_warnings = r->warnings;
}

/* ---------------------------------------------------------------- group commit */

/*
 * Group commit. A statement outside BEGIN...COMMIT runs in the group: one
 * catalog write transaction shared by every statement of this loop turn,
 * each in its own nested transaction (a failing one leaves the group as it
 * was) and closed as its own binlog transaction (sc_txn_split: one GTID per
 * statement, as before). The group commits once, in group_cb, which
 * libevent runs after the other callbacks of the same turn, i.e. before it
 * polls the sockets again: the replies queued meanwhile cannot reach a
 * client before the commit (and its fdatasync) made them true. One LMDB
 * commit then carries the writes of every connection that spoke in that
 * turn instead of one commit (two fdatasyncs) each.
 */
#define GROUP_MAX 256 /* statements in one group before it commits early */
/*
 * Commit delay. Left alone, groups stay small under steady load: after a
 * commit the members get their replies at once and answer within
 * microseconds of each other, but the loop wakes for the first one, runs it
 * and commits it alone, and the others form the next group behind it. So a
 * group that holds a change, while other connections that wrote recently
 * (its siblings, within SIBLING_MS) are not in it yet, waits for them a
 * little before committing: until all have joined, or half the recent
 * commit time, at most DELAY_MAX_MS (PostgreSQL's commit_delay with
 * commit_siblings; MariaDB's binlog_commit_wait_usec). Meanwhile the
 * members' output is held (writing disabled), so an OK still never leaves
 * before the commit made it true. A lone writer, and a group of SHOWs,
 * never wait.
 */
#define SIBLING_MS 1000.0
#define DELAY_MAX_MS 2.0

static double now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Connections that wrote recently and have no statement in the group. */
static unsigned siblings_missing(const sc_srv *srv)
{
    double now = now_ms();
    unsigned n = 0;

    for (const sc_conn *c = srv->conns; c; c = c->next)
        if (!c->in_group && !c->txn && c->state == SC_CONN_COMMAND && c->wrote_ms > 0 &&
            now - c->wrote_ms < SIBLING_MS)
            n++;
    return n;
}

/* Hold (or release) a member's replies while the group waits. */
static void hold_output(sc_conn *c, bool hold)
{
    if (hold) {
        bufferevent_disable(c->bev, EV_WRITE);
    } else if (!c->hard_close) {
        c->write_parked = false;
        bufferevent_enable(c->bev, EV_WRITE);
    }
}

static void group_end(sc_srv *srv, int rc)
{
    const char *why = rc == SC_OK ? NULL : sc_ctx_last_error(srv->ctx)->message;

    for (sc_conn *c = srv->conns; c; c = c->next) {
        if (!c->in_group)
            continue;
        c->in_group = false;
        if (srv->group_waiting)
            hold_output(c, false);
        if (rc != SC_OK) {
            /* its replies said OK for changes that are gone: drop them */
            char reason[160];
            snprintf(reason, sizeof(reason), "group commit failed: %.120s", why);
            c->hard_close = true;
            sc_conn_close(c, reason);
        }
    }
    srv->group_waiting = false;
    srv->group_dirty = false;
    if (rc == SC_OK)
        sc_srv__notify_commit(srv);
}

void sc_srv__group_flush(sc_srv *srv)
{
    bool dirty = srv->group_dirty;
    double t0;
    int rc;

    if (!srv->group)
        return;
    if (srv->group_ev)
        event_del(srv->group_ev); /* a commit delay running */
    t0 = now_ms();
    rc = sc_txn_commit(srv->group);
    if (dirty)
        srv->commit_ms =
            srv->commit_ms > 0 ? (srv->commit_ms * 7 + (now_ms() - t0)) / 8 : now_ms() - t0;
    srv->group = NULL;
    srv->groups++;
    srv->grouped += srv->group_size;
    srv->group_size = 0;
    if (rc != SC_OK)
        sc_srv__log(srv, "group commit failed: %s", sc_ctx_last_error(srv->ctx)->message);
    group_end(srv, rc);
}

/* The end of the loop turn that began the group, or the end of its commit delay. */
static void group_cb(evutil_socket_t fd, short what, void *arg)
{
    sc_srv *srv = arg;
    double delay = srv->commit_ms / 2 < DELAY_MAX_MS ? srv->commit_ms / 2 : DELAY_MAX_MS;

    (void)fd;
    if (!(what & EV_TIMEOUT) && srv->group && srv->group_dirty && delay > 0 &&
        siblings_missing(srv) > 0) {
        struct timeval tv = {0, (suseconds_t)(delay * 1000)};

        srv->group_waiting = true;
        for (sc_conn *c = srv->conns; c; c = c->next)
            if (c->in_group)
                hold_output(c, true);
        event_add(srv->group_ev, &tv);
        return;
    }
    sc_srv__group_flush(srv);
}

/* A statement joined the group: hold its reply while the group waits, commit
 * as soon as every sibling is in. */
static void group_joined(sc_conn *c, bool wrote)
{
    sc_srv *srv = c->srv;

    c->srv->group_size++;
    c->in_group = true; /* its reply waits for the group commit */
    if (wrote) {
        srv->group_dirty = true;
        c->wrote_ms = now_ms();
    }
    if (!srv->group_waiting)
        return;
    hold_output(c, true);
    if (siblings_missing(srv) == 0)
        event_active(srv->group_ev, EV_TIMEOUT, 0);
}

/* The group for c's next statement, begun if needed. @return NULL after sending the error */
static sc_txn *group_txn(sc_conn *c)
{
    sc_srv *srv = c->srv;

    if (srv->group_size >= GROUP_MAX)
        sc_srv__group_flush(srv);
    if (!srv->group) {
        if (!srv->group_ev && !(srv->group_ev = event_new(srv->base, -1, 0, group_cb, srv))) {
            sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
            return NULL;
        }
        if (sc_txn_begin(&srv->group, srv->cat, 0) != SC_OK) {
            send_ctx_error(c);
            return NULL;
        }
        event_active(srv->group_ev, 0, 0);
    }
    return srv->group;
}

/* ---------------------------------------------------------------- the DDL engine */

bool sc_srv__read_statement(const char *s, size_t len)
{
    static const char *const words[] = {"SHOW", "DESCRIBE", "DESC", "EXPLAIN", "SELECT", "USE"};
    size_t pos;

    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if ((pos = 0, sc_q__word(s, len, &pos, words[i])))
            return true;
    return false;
}

/*
 * Statements a reader thread may answer (readers.c): SHOW forms that read
 * only catalog definitions through the DDL engine, never the log or the
 * server's own state.
 */
static bool reader_statement(const char *s, size_t len)
{
    static const char *const words[] = {"CREATE",  "TABLES", "COLUMNS",   "FIELDS", "INDEX",
                                        "INDEXES", "KEYS",   "DATABASES", "SCHEMAS"};
    size_t pos = 0;

    if (!sc_q__word(s, len, &pos, "SHOW"))
        return false;
    sc_q__word(s, len, &pos, "FULL");
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        size_t at = pos;
        if (sc_q__word(s, len, &at, words[i]))
            return true;
    }
    return false;
}

/* The statement of a query without leading space and trailing space or ';'. */
static void trim(const char **s, size_t *len)
{
    size_t start = sc_q__skip_space(*s, *len, 0);

    *s += start;
    *len -= start;
    while (*len > 0 && (isspace((unsigned char)(*s)[*len - 1]) || (*s)[*len - 1] == ';'))
        (*len)--;
}

bool sc_srv__reader_query(const sc_conn *c, const char *sql, size_t len)
{
    if (!sc_srv__query_may_pass(c, sql, len))
        return false; /* (one statement that begins like a read, no transaction) */
    trim(&sql, &len);
    return reader_statement(sql, len);
}

void sc_srv__read_stmt(sc_conn *c, const char *s, size_t len)
{
    sc_stmt_result r;
    int rc;

    trim(&s, &len);
    c->stmt_failed = false;
    if (!sc_q__check_privileges(c, s, len))
        return;
    rc = sc_ddl_exec_read(&r, c->session, s, len);
    if (rc == SC_EREADONLY && !r.message) {
        /* reader_statement() lets only SHOWs through, which always read */
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
    } else if (rc != SC_OK) {
        send_result_error(c, &r);
    } else if (r.rs) {
        sc_conn__set_diag(c, 0, NULL, NULL, r.warnings);
        sc_srv__send_result_set(c, r.rs, r.warnings, false);
    } else {
        sc_q__send_ok(c, r.affected_rows, r.warnings, 0);
    }
    sc_stmt_result_clear(&r);
}

/*
 * Readers. A statement that only reads the catalog runs in a read-only
 * transaction of its own (sc_ddl_exec_read): it sees the last committed
 * state, never takes the writer's lock and is answered at once, beside an
 * open group or another connection's BEGIN. Not when c has a change of its
 * own that is not committed yet (its BEGIN ... COMMIT, or a statement in
 * the open group): it must see that change, so it runs on the write path.
 * @return true when answered; false when it must run on the write path
 */
static bool run_read(sc_conn *c, const char *s, size_t len, unsigned more)
{
    sc_stmt_result r;
    int rc;

    if (c->txn || c->in_group || !sc_srv__read_statement(s, len))
        return false;
    rc = sc_ddl_exec_read(&r, c->session, s, len);
    if (rc == SC_EREADONLY && !r.message)
        return false; /* not a read after all (nothing ran) */
    c->srv->reads++;
    if (!more && reader_statement(s, len))
        c->reads_in_row = c->reads_prev + 1; /* (readers.c moves such a reader) */
    if (rc != SC_OK) {
        send_result_error(c, &r);
    } else if (r.rs) {
        sc_conn__set_diag(c, 0, NULL, NULL, r.warnings);
        sc_srv__send_result_set(c, r.rs, r.warnings, more != 0);
    } else {
        sc_q__send_ok(c, r.affected_rows, r.warnings, more);
    }
    sc_stmt_result_clear(&r);
    return true;
}

static void run_ddl(sc_conn *c, const char *s, size_t len, unsigned more)
{
    sc_stmt_result r;
    sc_txn *txn = c->txn;
    int rc;

    if (run_read(c, s, len, more))
        return;
    if (sc_srv__must_wait(c)) {
        /* it came past another connection's BEGIN as a read, but writes */
        c->requeue = true;
        return;
    }
    if (!txn && !(txn = group_txn(c)))
        return;
    rc = sc_ddl_exec(&r, c->session, txn, s, len);
    if (!c->txn) {
        group_joined(c, rc == SC_OK && !r.rs && !r.output);
        if (rc == SC_OK && sc_txn_split(txn) != SC_OK) {
            /* the log refused the unit: the group can only be aborted */
            sc_txn_abort(txn);
            c->srv->group = NULL;
            c->srv->group_size = 0;
            sc_srv__log(c->srv, "group aborted, the log refused a statement: %s",
                        sc_ctx_last_error(c->srv->ctx)->message);
            group_end(c->srv, SC_ERROR);
            sc_stmt_result_clear(&r);
            return;
        }
    }
    if (rc != SC_OK) {
        send_result_error(c, &r);
    } else if (r.rs) {
        sc_conn__set_diag(c, 0, NULL, NULL, r.warnings);
        sc_srv__send_result_set(c, r.rs, r.warnings, more != 0);
    } else {
        sc_q__send_ok(c, r.affected_rows, r.warnings, more);
    }
    sc_stmt_result_clear(&r);
}

/* One statement. @return true to stop a multi-statement query (error) */
static bool run_statement(sc_conn *c, const char *s, size_t len, unsigned more)
{
    size_t start = sc_q__skip_space(s, len, 0);

    s += start;
    len -= start;
    while (len > 0 && (isspace((unsigned char)s[len - 1]) || s[len - 1] == ';'))
        len--;
    c->stmt_failed = false;
    if (len == 0) {
        sc_conn_send_err(c, SC_ER_EMPTY_QUERY);
        return true;
    }
    if (sc_binlog_dump_query(c, s, len))
        return c->stmt_failed;
    if (transaction_statement(c, s, len, more))
        return c->stmt_failed;
    if (sc_q__account_statement(c, s, len, more))
        return c->stmt_failed;
    if (sc_q__session_query(c, s, len, more))
        return c->stmt_failed;
    if (!sc_q__check_privileges(c, s, len))
        return true;
    run_ddl(c, s, len, more);
    return c->stmt_failed;
}

bool sc_srv__query_may_pass(const sc_conn *c, const char *sql, size_t len)
{
    size_t end, rest;
    bool content, more = false;

    if (c->txn || c->in_group)
        return false;
    if (c->caps & SC_CLIENT_MULTI_STATEMENTS) {
        sc_sql_split_next(&end, &content, sql, len);
        if (end < len)
            sc_sql_split_next(&rest, &more, sql + end + 1, len - end - 1);
        if (more)
            return false;
        len = end;
    }
    return sc_srv__read_statement(sql, len);
}

int sc_srv__query(sc_conn *c, const char *sql, size_t len)
{
    size_t pos = 0;

    c->requeue = false;
    if (!(c->caps & SC_CLIENT_MULTI_STATEMENTS)) {
        run_statement(c, sql, len, 0);
        return c->requeue ? 1 : 0;
    }
    while (pos < len) {
        size_t end, next;
        bool content, stop;
        unsigned more;

        sc_sql_split_next(&end, &content, sql + pos, len - pos);
        next = pos + end + (pos + end < len ? 1 : 0);
        if (!content && pos != 0)
            break;
        /* more results follow when another statement with content does */
        {
            size_t e2;
            bool c2 = false;
            if (next < len)
                sc_sql_split_next(&e2, &c2, sql + next, len - next);
            more = c2 ? SC_STATUS_MORE_RESULTS : 0;
        }
        stop = run_statement(c, sql + pos, end, more);
        if (c->requeue)
            return 1; /* only a query of one statement comes past the queue */
        if (stop || !more || c->state == SC_CONN_CLOSING || c->state == SC_CONN_STREAM)
            break;
        pos = next;
        if (sc_srv__must_wait(c)) {
            /* another connection took the writer between statements: cannot
             * happen on one thread, kept as an invariant */
            break;
        }
    }
    return 0;
}

void sc_srv__init_db(sc_conn *c, const char *db, size_t len)
{
    char sql[SC_HS_DB_MAX * 2 + 16];
    size_t n = 0;

    if (len > SC_HS_DB_MAX || memchr(db, 0, len)) {
        sc_conn_send_err(c, SC_ER_WRONG_DB_NAME, "");
        return;
    }
    if (!sc_q__may_use_db(c, db, len))
        return;
    n += (size_t)snprintf(sql, sizeof(sql), "USE `");
    for (size_t i = 0; i < len; i++) {
        if (db[i] == '`')
            sql[n++] = '`';
        sql[n++] = db[i];
    }
    sql[n++] = '`';
    sql[n] = '\0';
    /* as the statement USE: a read of its own beside any writer (run_read),
     * or in the connection's BEGIN or the open group when it has a change
     * there that it must see. It used to ask for a write transaction, which
     * failed with 1105 ("a write transaction is already open on this
     * catalog") whenever another connection's statement was in the open
     * group or its BEGIN held the writer. */
    run_ddl(c, sql, n, 0);
}
