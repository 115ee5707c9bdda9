/*
 * binlog_dump.c - the replication side of `syscat serve` (server/binlog_dump.h,
 * docs/server.md "The binlog stream"): COM_REGISTER_SLAVE, COM_BINLOG_DUMP and
 * the statements a stock MariaDB 10.11 replica and mariadb-binlog send around
 * a dump that the generic session path does not answer:
 *
 *   SET @master_binlog_checksum = @@global.binlog_checksum
 *   SELECT @@[global.]gtid_domain_id | binlog_checksum | gtid_binlog_pos |
 *          gtid_current_pos | gtid_strict_mode   (one item)
 *   SELECT @rpl_semi_sync_slave=1 (Connector/C's mariadb_rpl_open)
 *   SHOW VARIABLES LIKE 'name' for the variables above (exact names; the session
 *          path answers the others, server_id included)
 *   SHOW MASTER STATUS, SHOW BINLOG STATUS, SHOW BINARY LOGS, SHOW MASTER LOGS
 *   SHOW BINLOG EVENTS [IN 'file'] [FROM pos] [LIMIT [offset,] count]
 *
 * The plain `SET @var = literal` / `SELECT @var` forms (@master_heartbeat_period,
 * @mariadb_slave_capability, @slave_connect_state, @syscat_stable_table_ids...)
 * are the session path's; the dump reads them back with sc_conn_user_var().
 *
 * A dump is a small state machine on the server's event loop, never
 * blocking: the events come from replicate/stream.c (sc_stream_next); each
 * turn writes while the connection's output is under half its bound, then
 * waits for the output to drain (a client stalled for net_write_timeout is
 * disconnected with a logged reason), for the next commit (the server's
 * commit callback, no polling) or for the heartbeat timer. A non-blocking
 * dump (flag 1, or server id 0: mariadb-binlog without --stop-never) ends
 * with an EOF packet when caught up. Positions and the per-statement
 * TABLE_MAPs a stock client gets: docs/server.md.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg_gen.h"
#include "server/binlog_dump.h"
#include "server/query_int.h"

#define MAX_TOKENS 16

/* MYSQL_TYPE_* of the result sets */
enum { T_LONG = 3, T_LONGLONG = 8, T_VAR_STRING = 253 };
#define F_NOT_NULL 0x1
#define F_UNSIGNED 0x20
#define COL(n, t, l, f)                                                                            \
    {                                                                                              \
        .name = (n), .type = (t), .length = (l), .flags = (f)                                      \
    }

typedef enum wait_kind { WAIT_NONE, WAIT_HEARTBEAT, WAIT_DRAIN } wait_kind;

/** One running dump (the connection's stream payload). */
typedef struct dump {
    sc_conn *c;
    sc_ctx *ctx;       /* the stream's errors */
    sc_stream *st;     /* events to send */
    bool nonblock;     /* EOF when caught up */
    unsigned hb_ms;    /* heartbeat period, 0 = none */
    wait_kind waiting; /* what the timer is armed for */
    uint8_t *pkt;      /* OK byte + event */
    size_t cap;
    uint64_t events; /* sent, for the log line at the end */
} dump;

/* ------------------------------------------------------------------ */
/* Small helpers                                                        */

static uint32_t u32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static char *binlog_dir(sc_conn *c)
{
    char *index = NULL, *dir = NULL, *slash;
    sc_ctx *ctx = sc_catalog_ctx(sc_conn_catalog(c));

    if (sc_log_path(&index, sc_conn_binlog(c), NULL) != SC_OK)
        return NULL;
    slash = strrchr(index, '/');
    if (slash) {
        *slash = 0;
        dir = strdup(index);
    }
    sc_free(ctx, index);
    return dir;
}

/* A catalog setting as text ("" when unset); caller frees with free(). */
static char *setting(sc_conn *c, const char *key, const char *dflt)
{
    sc_catalog *cat = sc_conn_catalog(c);
    sc_txn *txn = NULL;
    char *v = NULL, *out;

    if (sc_txn_begin(&txn, cat, SC_TXN_READONLY) == SC_OK &&
        sc_setting_get(&v, txn, key) == SC_OK && v)
        out = strdup(v);
    else
        out = strdup(dflt);
    sc_free(sc_catalog_ctx(cat), v);
    sc_txn_abort(txn);
    return out;
}

static void send_ctx_error(sc_conn *c, const sc_ctx *ctx)
{
    const sc_error *e = sc_ctx_last_error(ctx);

    if (e->mysql_errno && e->sqlstate[0])
        sc_conn_send_err(c, e->mysql_errno, e->sqlstate, "%s", e->message);
    else
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR_MSG, e->message);
}

/* ------------------------------------------------------------------ */
/* Tokens of a statement                                                */

typedef struct tok {
    const char *p; /* start (a quoted string: inside the quotes) */
    size_t n;      /* length */
    bool quoted;   /* a '...' or "..." string */
} tok;

/* Split into words ([A-Za-z0-9_@.$]+), quoted strings and single punctuation. */
static size_t tokenize(tok *t, size_t max, const char *s, size_t len)
{
    size_t n = 0, i = sc_q__skip_space(s, len, 0);

    while (i < len && n < max) {
        char ch = s[i];
        size_t j = i + 1;
        if (ch == '\'' || ch == '"') {
            while (j < len && s[j] != ch)
                j += s[j] == '\\' && j + 1 < len ? 2 : 1;
            if (j >= len)
                return 0; /* unterminated */
            t[n++] = (tok){s + i + 1, j - i - 1, true};
            j++;
        } else if (isalnum((unsigned char)ch) || ch == '_' || ch == '@' || ch == '.' || ch == '$') {
            while (j < len && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '@' ||
                               s[j] == '.' || s[j] == '$'))
                j++;
            t[n++] = (tok){s + i, j - i, false};
        } else {
            t[n++] = (tok){s + i, 1, false};
        }
        i = sc_q__skip_space(s, len, j);
    }
    return i < len ? 0 : n;
}

static bool is(const tok *t, const char *word)
{
    return !t->quoted && strlen(word) == t->n && strncasecmp(t->p, word, t->n) == 0;
}

static bool number(uint64_t *out, const tok *t)
{
    char buf[24], *end;

    if (t->quoted || t->n == 0 || t->n >= sizeof(buf) || !isdigit((unsigned char)t->p[0]))
        return false;
    memcpy(buf, t->p, t->n);
    buf[t->n] = 0;
    *out = strtoull(buf, &end, 10);
    return *end == 0;
}

/* ------------------------------------------------------------------ */
/* Replication variables                                                */

/* The log's last GTID per domain ("0-1-42"); caller frees. */
static char *gtid_pos(sc_conn *c)
{
    char *dir = binlog_dir(c), *out = NULL;
    sc_ctx *ctx = sc_catalog_ctx(sc_conn_catalog(c));

    if (dir && sc_stream_gtid_pos(&out, ctx, dir) == SC_OK) {
        char *copy = strdup(out);
        sc_free(ctx, out);
        out = copy;
    } else {
        out = NULL;
    }
    free(dir);
    return out ? out : strdup("");
}

/* Value of a replication variable this file answers, or NULL when not ours. */
static char *repl_var(sc_conn *c, const char *name, size_t n, bool *integer)
{
    *integer = false;
#define NAME(s) (n == strlen(s) && strncasecmp(name, s, n) == 0)
    if (NAME("gtid_domain_id")) {
        *integer = true;
        return setting(c, "binlog.domain_id", "0");
    }
    if (NAME("gtid_strict_mode")) {
        *integer = true;
        return strdup("0");
    }
    if (NAME("binlog_checksum"))
        return setting(c, "binlog.checksum", "CRC32");
    if (NAME("gtid_binlog_pos") || NAME("gtid_current_pos"))
        return gtid_pos(c);
#undef NAME
    return NULL;
}

/* SELECT @@[global.|session.]name - one item, ours. */
static bool select_var(sc_conn *c, const tok *t, size_t n)
{
    const char *name;
    size_t len;
    bool integer;
    char *v, colname[96];
    sc_rs_col col = COL(NULL, T_VAR_STRING, 0, 0);
    const char *vals[1];

    if (n != 2 || !is(&t[0], "SELECT") || t[1].quoted || t[1].n < 3 || strncmp(t[1].p, "@@", 2))
        return false;
    name = t[1].p + 2;
    len = t[1].n - 2;
    if (len > 7 && !strncasecmp(name, "global.", 7))
        name += 7, len -= 7;
    else if (len > 8 && !strncasecmp(name, "session.", 8))
        name += 8, len -= 8;
    v = repl_var(c, name, len, &integer);
    if (!v)
        return false;
    snprintf(colname, sizeof(colname), "%.*s", (int)t[1].n, t[1].p);
    col.name = colname;
    col.type = integer ? T_LONGLONG : T_VAR_STRING;
    col.length = integer ? 21 : 2048;
    col.flags = integer ? F_UNSIGNED : 0;
    vals[0] = v;
    sc_srv__send_rows(c, &col, 1, vals, 1, 0, false);
    free(v);
    return true;
}

/*
 * SELECT @rpl_semi_sync_slave=1: what Connector/C's mariadb_rpl_open() asks
 * before a dump (semi-sync is not offered: NULL when unset, as MariaDB).
 */
static bool select_semi_sync(sc_conn *c, const tok *t, size_t n)
{
    sc_rs_col col = COL("@rpl_semi_sync_slave=1", T_LONGLONG, 1, 0);
    const char *v, *vals[1];

    if (n != 4 || !is(&t[0], "SELECT") || !is(&t[1], "@rpl_semi_sync_slave") || !is(&t[2], "=") ||
        !is(&t[3], "1"))
        return false;
    v = sc_conn_user_var(c, "rpl_semi_sync_slave");
    vals[0] = v ? (strcmp(v, "1") == 0 ? "1" : "0") : NULL;
    sc_srv__send_rows(c, &col, 1, vals, 1, 0, false);
    return true;
}

/* SHOW VARIABLES LIKE 'name' for an exact name of ours (no wildcards). */
static bool show_variables(sc_conn *c, const tok *t, size_t n)
{
    /* the definitions the session path gives SHOW VARIABLES (MariaDB's) */
    static const sc_rs_col cols[2] = {{"Variable_name", T_VAR_STRING, 256, 0x1001, 45, 0,
                                       "VARIABLE_NAME", "SESSION_VARIABLES", "information_schema"},
                                      {"Value", T_VAR_STRING, 16384, 0x1001, 45, 0,
                                       "VARIABLE_VALUE", "SESSION_VARIABLES",
                                       "information_schema"}};
    char name[64];
    const char *vals[2];
    bool integer;
    char *v;

    if (n != 4 || !is(&t[0], "SHOW") || !is(&t[1], "VARIABLES") || !is(&t[2], "LIKE") ||
        !t[3].quoted || t[3].n >= sizeof(name) || memchr(t[3].p, '%', t[3].n))
        return false;
    for (size_t i = 0; i < t[3].n; i++)
        name[i] = (char)tolower((unsigned char)t[3].p[i]);
    name[t[3].n] = 0;
    v = repl_var(c, name, t[3].n, &integer);
    if (!v)
        return false;
    vals[0] = name;
    vals[1] = v;
    sc_srv__send_rows(c, cols, 2, vals, 1, 0, false);
    free(v);
    return true;
}

/* SET @master_binlog_checksum = @@global.binlog_checksum (what a replica sends). */
static bool set_checksum(sc_conn *c, const tok *t, size_t n)
{
    char *v;

    if (n != 4 || !is(&t[0], "SET") || !is(&t[1], "@master_binlog_checksum") || !is(&t[2], "=") ||
        !(is(&t[3], "@@global.binlog_checksum") || is(&t[3], "@@binlog_checksum")))
        return false;
    v = setting(c, "binlog.checksum", "CRC32");
    if (!v || sc_conn_set_user_var(c, "master_binlog_checksum", v) != 0)
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
    else
        sc_conn_send_ok(c, 0, 0);
    free(v);
    return true;
}

/* ------------------------------------------------------------------ */
/* SHOW MASTER STATUS, SHOW BINARY LOGS                                 */

static bool stable_ids(sc_conn *c)
{
    const char *v = sc_conn_user_var(c, "syscat_stable_table_ids");
    return v && strcmp(v, "0") != 0 && *v;
}

typedef struct file_list {
    char (*names)[32];
    size_t n, cap;
} file_list;

static int list_cb(const sc_log_file *f, void *payload)
{
    file_list *l = payload;

    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        void *p = realloc(l->names, cap * sizeof(*l->names));
        if (!p)
            return SC_ENOMEM;
        l->names = p;
        l->cap = cap;
    }
    snprintf(l->names[l->n++], sizeof(l->names[0]), "%s", f->name);
    return 0;
}

static bool may_inspect(sc_conn *c)
{
    if (sc_conn_has_privilege(c, SC_PRIV_ADMIN) || sc_conn_has_privilege(c, SC_PRIV_REPL_SLAVE))
        return true;
    sc_q__deny_global(c, "BINLOG MONITOR");
    return false;
}

/* SHOW MASTER STATUS (all = false) or SHOW BINARY LOGS (all = true). */
static void show_files(sc_conn *c, bool all)
{
    static const sc_rs_col status_cols[4] = {
        COL("File", T_VAR_STRING, 512, F_NOT_NULL),
        COL("Position", T_LONGLONG, 20, F_NOT_NULL | F_UNSIGNED),
        COL("Binlog_Do_DB", T_VAR_STRING, 1020, F_NOT_NULL),
        COL("Binlog_Ignore_DB", T_VAR_STRING, 1020, F_NOT_NULL)};
    static const sc_rs_col log_cols[2] = {
        COL("Log_name", T_VAR_STRING, 512, F_NOT_NULL),
        COL("File_size", T_LONGLONG, 20, F_NOT_NULL | F_UNSIGNED)};
    sc_ctx *ctx = sc_catalog_ctx(sc_conn_catalog(c));
    file_list l = {NULL, 0, 0};
    char *dir = binlog_dir(c), (*sizes)[24] = NULL;
    const char **vals = NULL;
    size_t from, rows;
    int rc = dir ? sc_log_files(sc_conn_binlog(c), list_cb, &l) : SC_ENOMEM;

    from = all || l.n == 0 ? 0 : l.n - 1;
    rows = l.n - from;
    sizes = calloc(rows ? rows : 1, sizeof(*sizes));
    vals = calloc(rows ? rows * 4 : 1, sizeof(*vals));
    if (rc == SC_OK && (!sizes || !vals))
        rc = SC_ENOMEM;
    for (size_t i = 0; rc == SC_OK && i < rows; i++) {
        uint64_t size = 0;
        rc = sc_stream_file_size(&size, ctx, dir, l.names[from + i], stable_ids(c));
        snprintf(sizes[i], sizeof(sizes[i]), "%llu", (unsigned long long)size);
        if (all) {
            vals[2 * i] = l.names[from + i];
            vals[2 * i + 1] = sizes[i];
        } else {
            vals[0] = l.names[from + i];
            vals[1] = sizes[i];
            vals[2] = vals[3] = "";
        }
    }
    if (rc != SC_OK)
        send_ctx_error(c, ctx);
    else if (all)
        sc_srv__send_rows(c, log_cols, 2, vals, rows, 0, false);
    else
        sc_srv__send_rows(c, status_cols, 4, vals, rows, 0, false);
    free(vals);
    free(sizes);
    free(l.names);
    free(dir);
}

/* ------------------------------------------------------------------ */
/* SHOW BINLOG EVENTS                                                   */

/* The rows of SHOW BINLOG EVENTS: six text cells per event. */
typedef struct ev_rows {
    char **cells; /* 6 per row, malloc'ed */
    size_t n, cap;
} ev_rows;

static int ev_rows_add(ev_rows *r, const char *file, sc_slice ev, int alg)
{
    char info[1024], num[3][24];
    sc_event_header h;
    sc_slice body;
    size_t trailer = alg == SC_CHECKSUM_CRC32 || ev.data[4] == SC_EV_FORMAT_DESCRIPTION ? 4 : 0;

    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        char **p = realloc(r->cells, cap * 6 * sizeof(*p));
        if (!p)
            return SC_ENOMEM;
        r->cells = p;
        r->cap = cap;
    }
    h.timestamp = u32le(ev.data);
    h.type = ev.data[4];
    h.server_id = u32le(ev.data + 5);
    h.event_len = u32le(ev.data + 9);
    h.log_pos = u32le(ev.data + 13);
    h.flags = (uint16_t)(ev.data[17] | ev.data[18] << 8);
    body = (sc_slice){ev.data + 19, ev.len >= 19 + trailer ? ev.len - 19 - trailer : 0};
    sc_binlog_event_info(info, sizeof(info), &h, body);
    snprintf(num[0], sizeof(num[0]), "%llu",
             (unsigned long long)(h.log_pos >= ev.len ? h.log_pos - ev.len : 0));
    snprintf(num[1], sizeof(num[1]), "%u", (unsigned)h.server_id);
    snprintf(num[2], sizeof(num[2]), "%u", (unsigned)h.log_pos);
    {
        const char *v[6] = {file, num[0], sc_binlog_event_type_name(h.type), num[1], num[2], info};
        char **row = r->cells + 6 * r->n;
        for (size_t i = 0; i < 6; i++)
            if (!(row[i] = strdup(v[i]))) {
                while (i--)
                    free(row[i]);
                return SC_ENOMEM;
            }
    }
    r->n++;
    return SC_OK;
}

/* Parse [IN 'file'] [FROM pos] [LIMIT [offset,] count] after SHOW BINLOG EVENTS. */
static bool binlog_events_args(char *file,
                               size_t fsize,
                               uint64_t *from,
                               uint64_t *offset,
                               uint64_t *limit,
                               const tok *t,
                               size_t n)
{
    size_t i = 3;

    *file = 0;
    *from = 4;
    *offset = 0;
    *limit = UINT64_MAX;
    if (i + 1 < n && is(&t[i], "IN") && t[i + 1].quoted && t[i + 1].n < fsize) {
        snprintf(file, fsize, "%.*s", (int)t[i + 1].n, t[i + 1].p);
        i += 2;
    }
    if (i + 1 < n && is(&t[i], "FROM")) {
        if (!number(from, &t[i + 1]))
            return false;
        i += 2;
    }
    if (i + 1 < n && is(&t[i], "LIMIT")) {
        if (!number(limit, &t[i + 1]))
            return false;
        i += 2;
        if (i + 1 < n && is(&t[i], ",")) {
            *offset = *limit;
            if (!number(limit, &t[i + 1]))
                return false;
            i += 2;
        }
    }
    return i == n;
}

/* MariaDB's wording of SHOW BINLOG EVENTS failures (sql_repl.cc, mysql_show_binlog_events). */
static const char *events_error(const char *stream_msg)
{
    if (strstr(stream_msg, "Could not find first log file"))
        return "Could not find target log";
    if (strstr(stream_msg, "not the start of an event") ||
        strstr(stream_msg, "impossible position"))
        return "Wrong offset or I/O error";
    return stream_msg;
}

static void
show_binlog_events(sc_conn *c, const char *file, uint64_t from, uint64_t offset, uint64_t limit)
{
    static const sc_rs_col cols[6] = {
        COL("Log_name", T_VAR_STRING, 80, F_NOT_NULL),
        COL("Pos", T_LONGLONG, 20, F_NOT_NULL | F_UNSIGNED),
        COL("Event_type", T_VAR_STRING, 60, F_NOT_NULL),
        COL("Server_id", T_LONG, 10, F_NOT_NULL | F_UNSIGNED),
        COL("End_log_pos", T_LONGLONG, 20, F_NOT_NULL | F_UNSIGNED),
        COL("Info", T_VAR_STRING, 1020, F_NOT_NULL),
    };
    sc_stream_options o = SC_STREAM_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_stream *st = NULL;
    char *dir = binlog_dir(c);
    uint64_t seen = 0;
    ev_rows r = {NULL, 0, 0};
    int rc = sc_ctx_new(&ctx, NULL);

    o.dir = dir;
    o.file = file;
    o.pos = from;
    o.stable_ids = stable_ids(c);
    o.one_file = true;
    if (rc == SC_OK)
        rc = dir ? sc_stream_open(&st, ctx, &o) : SC_ENOMEM;
    while (rc == SC_OK && r.n < limit) {
        const char *name;
        uint64_t pos;
        sc_slice ev;
        rc = sc_stream_next(&ev, st);
        if (rc != SC_OK || ev.len == 0)
            break;
        if (seen++ < offset)
            continue;
        sc_stream_position(&name, &pos, st);
        rc = ev_rows_add(&r, name, ev, sc_stream_checksum(st));
    }
    if (rc == SC_OK)
        sc_srv__send_rows(c, cols, 6, (const char *const *)r.cells, r.n, 0, false);
    else if (ctx && sc_ctx_last_error(ctx)->mysql_errno)
        sc_conn_send_err(c, SC_ER_ERROR_WHEN_EXECUTING_COMMAND, "SHOW BINLOG EVENTS",
                         events_error(sc_ctx_last_error(ctx)->message));
    else
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
    for (size_t i = 0; i < 6 * r.n; i++)
        free(r.cells[i]);
    free(r.cells);
    sc_stream_close(st);
    sc_ctx_free(ctx);
    free(dir);
}

bool sc_binlog_dump_query(sc_conn *c, const char *sql, size_t len)
{
    tok t[MAX_TOKENS];
    size_t n = tokenize(t, MAX_TOKENS, sql, len);

    if (n == 0)
        return false;
    if (set_checksum(c, t, n) || select_var(c, t, n) || select_semi_sync(c, t, n) ||
        show_variables(c, t, n))
        return true;
    if (n == 3 && is(&t[0], "SHOW") && (is(&t[1], "MASTER") || is(&t[1], "BINLOG")) &&
        is(&t[2], "STATUS")) {
        if (may_inspect(c))
            show_files(c, false);
        return true;
    }
    if (n == 3 && is(&t[0], "SHOW") && (is(&t[1], "BINARY") || is(&t[1], "MASTER")) &&
        is(&t[2], "LOGS")) {
        if (may_inspect(c))
            show_files(c, true);
        return true;
    }
    if (n >= 3 && is(&t[0], "SHOW") && is(&t[1], "BINLOG") && is(&t[2], "EVENTS")) {
        char file[64];
        uint64_t from, offset, limit;
        if (!binlog_events_args(file, sizeof(file), &from, &offset, &limit, t, n))
            return false; /* the generic path reports the syntax error */
        if (may_inspect(c))
            show_binlog_events(c, file, from, offset, limit);
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* COM_REGISTER_SLAVE                                                   */

void sc_binlog_dump_register_slave(sc_conn *c, const uint8_t *body, size_t len)
{
    size_t at = 4, hl, ul, pl;

    if (!sc_conn_has_privilege(c, SC_PRIV_REPL_SLAVE)) {
        sc_q__deny_global(c, "REPLICATION SLAVE");
        return;
    }
    /* server_id u32 | host | user | password (each u8 length + bytes) | port u16 | rank | master */
    if (len < 4 + 1 || at + 1 + (hl = body[at]) > len || at + 1 + hl + 1 > len ||
        at + 1 + hl + 1 + (ul = body[at + 1 + hl]) > len ||
        at + 2 + hl + ul + 1 + (pl = body[at + 2 + hl + ul]) > len ||
        at + 3 + hl + ul + pl + 2 > len) {
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR_REGISTER_SLAVE);
        return;
    }
    sc_conn_log(c, "register slave: server id %u, host '%.*s', port %u", (unsigned)u32le(body),
                (int)hl, (const char *)body + 5,
                (unsigned)(body[at + 3 + hl + ul + pl] | body[at + 4 + hl + ul + pl] << 8));
    sc_conn_send_ok(c, 0, 0);
}

/* ------------------------------------------------------------------ */
/* COM_BINLOG_DUMP                                                      */

static void dump_pump(dump *d);

static void dump_free(dump *d)
{
    if (!d)
        return;
    sc_stream_close(d->st);
    sc_ctx_free(d->ctx);
    free(d->pkt);
    free(d);
}

/* End a dump that leaves the connection open: back to commands (on_close frees d). */
static void dump_end(dump *d)
{
    sc_conn_stream_end(d->c);
}

static void on_timer(sc_conn *c, void *payload)
{
    dump *d = payload;
    sc_slice hb;

    if (d->waiting == WAIT_DRAIN) {
        char why[160];
        snprintf(why, sizeof(why),
                 "binlog dump: client stalled, %zu bytes unsent for %u s (net_write_timeout)",
                 sc_conn_output_pending(c), sc_conn_net_write_timeout(c));
        d->waiting = WAIT_NONE;
        sc_conn_close(c, why);
        return;
    }
    d->waiting = WAIT_NONE;
    if (sc_stream_heartbeat(&hb, d->st) == SC_OK && hb.len + 1 <= d->cap) {
        d->pkt[0] = 0;
        memcpy(d->pkt + 1, hb.data, hb.len);
        if (sc_conn_write_packet(c, d->pkt, hb.len + 1) != 0)
            return;
    }
    dump_pump(d);
}

static void on_commit(sc_conn *c, void *payload)
{
    dump *d = payload;

    (void)c;
    if (d->waiting != WAIT_DRAIN)
        dump_pump(d);
}

static void on_drain(sc_conn *c, void *payload)
{
    dump *d = payload;

    if (d->waiting == WAIT_DRAIN) {
        d->waiting = WAIT_NONE;
        sc_conn_set_timer(c, 0, NULL, NULL);
        dump_pump(d);
    }
}

static void on_close(sc_conn *c, void *payload)
{
    dump *d = payload;

    sc_conn_log(c, "binlog dump ended: %llu events sent", (unsigned long long)d->events);
    dump_free(d);
}

/* OK byte + event. @return 0, -1 when the connection is going away */
static int send_event(dump *d, sc_slice ev)
{
    if (ev.len + 1 > d->cap) {
        size_t cap = (ev.len + 1) * 2;
        uint8_t *p = realloc(d->pkt, cap);
        if (!p) {
            sc_conn_close(d->c, "binlog dump: out of memory");
            return -1;
        }
        d->pkt = p;
        d->cap = cap;
    }
    d->pkt[0] = 0;
    memcpy(d->pkt + 1, ev.data, ev.len);
    d->events++;
    return sc_conn_write_packet(d->c, d->pkt, ev.len + 1);
}

/* Send what there is while the output has room; then wait for drain, commit or heartbeat. */
static void dump_pump(dump *d)
{
    sc_conn *c = d->c;

    if (sc_conn_server_stopping(c)) {
        sc_conn_close(c, "binlog dump: server shutting down");
        return;
    }
    while (sc_conn_output_pending(c) < sc_conn_output_limit(c) / 2) {
        sc_slice ev;
        if (sc_stream_next(&ev, d->st) != SC_OK) {
            sc_conn_log(c, "binlog dump error: %s", sc_ctx_last_error(d->ctx)->message);
            send_ctx_error(c, d->ctx);
            dump_end(d);
            return;
        }
        if (ev.len == 0) { /* caught up */
            if (d->nonblock) {
                sc_conn_send_eof(c, 0);
                dump_end(d);
                return;
            }
            if (d->hb_ms) {
                d->waiting = WAIT_HEARTBEAT;
                sc_conn_set_timer(c, d->hb_ms, on_timer, d);
            }
            return;
        }
        if (send_event(d, ev) != 0)
            return;
    }
    d->waiting = WAIT_DRAIN;
    sc_conn_set_timer(c, sc_conn_net_write_timeout(c) * 1000u, on_timer, d);
}

static int checksum_var(const sc_conn *c)
{
    const char *v = sc_conn_user_var(c, "master_binlog_checksum");

    if (!v)
        return -1;
    return !strcasecmp(v, "CRC32") ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE;
}

static long long int_var(const sc_conn *c, const char *name)
{
    const char *v = sc_conn_user_var(c, name);
    return v ? strtoll(v, NULL, 10) : 0;
}

void sc_binlog_dump_start(sc_conn *c, const uint8_t *body, size_t len)
{
    sc_stream_options o = SC_STREAM_OPTIONS_INIT;
    char file[256], *dir;
    dump *d;
    uint32_t slave_id;
    long long hb_ns;

    if (!sc_conn_has_privilege(c, SC_PRIV_REPL_SLAVE)) {
        sc_q__deny_global(c, "REPLICATION SLAVE");
        return;
    }
    if (len < 10 || len - 10 >= sizeof(file)) {
        sc_conn_send_err(c, SC_ER_MALFORMED_PACKET);
        return;
    }
    memcpy(file, body + 10, len - 10);
    file[len - 10] = 0;
    slave_id = u32le(body + 6);
    d = calloc(1, sizeof(*d));
    dir = binlog_dir(c);
    if (!d || !dir || sc_ctx_new(&d->ctx, NULL) != SC_OK) {
        free(d);
        free(dir);
        sc_conn_send_err(c, SC_ER_UNKNOWN_ERROR);
        return;
    }
    d->c = c;
    o.dir = dir;
    o.file = file;
    o.pos = u32le(body);
    o.flags = (uint16_t)(body[4] | body[5] << 8);
    o.gtid_state = sc_conn_user_var(c, "slave_connect_state");
    o.stable_ids = stable_ids(c);
    o.checksum = checksum_var(c);
    o.capability = (int)int_var(c, "mariadb_slave_capability");
    o.server_id = sc_conn_server_id(c);
    d->nonblock = (o.flags & SC_DUMP_NON_BLOCK) || slave_id == 0;
    hb_ns = int_var(c, "master_heartbeat_period");
    d->hb_ms = hb_ns > 0 ? (unsigned)(hb_ns / 1000000 ? hb_ns / 1000000 : 1) : 0;
    sc_conn_log(c, "binlog dump: slave server id %u, %s '%s' pos %u, stable ids %s, checksum %s%s",
                (unsigned)slave_id, o.gtid_state ? "gtid" : "file",
                o.gtid_state ? o.gtid_state : file, (unsigned)o.pos, o.stable_ids ? "yes" : "no",
                o.checksum < 0 ? "unset"
                : o.checksum   ? "CRC32"
                               : "NONE",
                d->nonblock ? ", non-blocking" : "");
    if (sc_stream_open(&d->st, d->ctx, &o) != SC_OK) {
        sc_conn_log(c, "binlog dump refused: %s", sc_ctx_last_error(d->ctx)->message);
        send_ctx_error(c, d->ctx);
        dump_free(d);
        free(dir);
        return;
    }
    free(dir);
    sc_conn_stream_begin(c, on_commit, on_drain, on_close, d);
    dump_pump(d);
}
