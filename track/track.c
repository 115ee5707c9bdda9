/*
 * track.c - the schema tracker (sc_track_files): follows the binlog files
 * of a foreign MariaDB 10.11 server. Every DDL Query event runs through the
 * DDL engine in a session set up from the event's status variables (current
 * database, sql_mode, flags2, collation_server); row events move the
 * AUTO_INCREMENT counter of the table they touch (found by the name its
 * TABLE_MAP gives: the server's table ids are valid only within a file, the
 * catalog's ids are stable). One catalog transaction per event group that
 * changes something, holding the source's new position (state.c), so an
 * interrupted run resumes exactly. Files (sc_track_files) or a live server's
 * replication stream through Connector/C (sc_track_live, the transport of
 * replicate/replica_net.c). docs/tracking.md.
 */
#include <errno.h>
#include <iconv.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog/buf.h"
#include "catalog/charset.h"
#include "replicate/bytes.h"
#include "replicate/log.h"
#include "replicate/reader.h"
#include "replicate/replica.h"
#include "syscat/ddl.h"
#include "track/track_int.h"

/* Query status variables (MariaDB log_event.h) the tracker reads. */
#define Q_FLAGS2 0
#define Q_SQL_MODE 1
#define Q_CHARSET 4
#define Q_TIME_ZONE 5

/* flags2 bits (MariaDB sql_priv.h OPTION_*; checked on a 10.11.19 server). */
#define F2_EXPLICIT_DEF_TIMESTAMP (1u << 24)
#define F2_NO_FOREIGN_KEY_CHECKS (1u << 26)

#define MAX_DOMAINS 32

typedef struct dom_pos {
    uint32_t domain;
    uint32_t server;
    uint64_t seq;
} dom_pos;

/* A TABLE_MAP's server table id and the catalog table it names (0: none the catalog holds). */
typedef struct id_map {
    uint64_t table_id;
    uint64_t catalog_id;
} id_map;

typedef struct tracker {
    sc_log *log;
    sc_catalog *cat;
    sc_ctx *ctx;
    const sc_track_options *o;
    sc_track_stats st;
    sc_track_state state; /* position reached (committed unless dirty) */
    dom_pos doms[MAX_DOMAINS];
    size_t ndoms;
    bool dirty; /* state moved past groups that changed nothing: not committed yet */
    /* the file being read */
    const char *fname;
    char fname_buf[256]; /* a stream's current file (from its ROTATE events) */
    bool stream;         /* events come from a replication stream (sc_track_live) */
    sc_binlog_reader *r;
    /* the event group being read */
    bool in_group, skipping, standalone, changed;
    dom_pos gtid;
    sc_txn *txn;
    char gtid_text[64];
    char marker[400];
    sc_buf annotate; /* the group's last ANNOTATE_ROWS text */
    /* the current statement's TABLE_MAPs: server table id -> catalog table id */
    id_map *ids;
    size_t nids, capids;
} tracker;

/* Where an event starts and ends in its binlog file. A stream's reader sees
 * one event at a time: its position is the header's log_pos (the end). */
static uint64_t ev_start(const tracker *t, const sc_binlog_event *raw)
{
    if (!t->stream)
        return raw->offset;
    return raw->header.log_pos >= raw->header.event_len
               ? raw->header.log_pos - raw->header.event_len
               : 0;
}

static uint64_t ev_end(const tracker *t, const sc_binlog_event *raw)
{
    return t->stream ? raw->header.log_pos : raw->offset + raw->header.event_len;
}

/* ------------------------------------------------------------------ */
/* GTID positions                                                       */

static void gtids_parse(tracker *t, const char *text)
{
    const char *p = text;

    t->ndoms = 0;
    while (*p && t->ndoms < MAX_DOMAINS) {
        unsigned long d, s;
        unsigned long long n;
        int used = 0;
        if (sscanf(p, "%lu-%lu-%llu%n", &d, &s, &n, &used) != 3)
            break;
        t->doms[t->ndoms++] = (dom_pos){(uint32_t)d, (uint32_t)s, n};
        p += used;
        if (*p == ',')
            p++;
    }
}

static void gtids_format(tracker *t)
{
    char *o = t->state.gtid;
    size_t left = sizeof(t->state.gtid);

    o[0] = '\0';
    for (size_t i = 0; i < t->ndoms && left > 1; i++) {
        int n = snprintf(o, left, "%s%" PRIu32 "-%" PRIu32 "-%" PRIu64, i ? "," : "",
                         t->doms[i].domain, t->doms[i].server, t->doms[i].seq);
        if (n < 0 || (size_t)n >= left)
            break;
        o += n;
        left -= (size_t)n;
    }
}

static dom_pos *gtid_domain(tracker *t, uint32_t domain)
{
    for (size_t i = 0; i < t->ndoms; i++)
        if (t->doms[i].domain == domain)
            return &t->doms[i];
    return NULL;
}

static void gtid_advance(tracker *t, const dom_pos *g)
{
    dom_pos *d = gtid_domain(t, g->domain);

    if (!d && t->ndoms < MAX_DOMAINS)
        d = &t->doms[t->ndoms++];
    if (d)
        *d = *g;
    gtids_format(t);
}

/* ------------------------------------------------------------------ */
/* Groups                                                               */

static int ensure_txn(tracker *t)
{
    return t->txn ? SC_OK : sc_txn_begin(&t->txn, t->cat, 0);
}

static void start_group(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    dom_pos *d;

    t->in_group = true;
    t->changed = false;
    t->nids = 0;
    t->gtid = (dom_pos){ev->u.gtid.domain_id, raw->header.server_id, ev->u.gtid.seq_no};
    d = gtid_domain(t, t->gtid.domain);
    t->skipping = d && t->gtid.seq <= d->seq;
    t->standalone = (ev->u.gtid.flags2 & SC_GTID_STANDALONE) != 0;
    snprintf(t->gtid_text, sizeof(t->gtid_text), "%" PRIu32 "-%" PRIu32 "-%" PRIu64, t->gtid.domain,
             t->gtid.server, t->gtid.seq);
    snprintf(t->marker, sizeof(t->marker), SC_TRACK_MARKER "%s %s %s:%" PRIu64 " %" PRIu32 " */ ",
             t->o->source, t->gtid_text, t->fname, ev_start(t, raw), raw->header.timestamp);
    sc__buf_reset(&t->annotate);
}

/* The group ended with the event that ends at end_off. */
static int end_group(tracker *t, uint64_t end_off)
{
    int rc = SC_OK;

    if (!t->in_group)
        return SC_OK;
    t->in_group = false;
    if (t->skipping) {
        t->st.groups_skipped++;
        return SC_OK;
    }
    t->st.groups++;
    snprintf(t->state.file, sizeof(t->state.file), "%s", t->fname);
    t->state.position = end_off;
    gtid_advance(t, &t->gtid);
    if (t->txn && t->changed) {
        rc = sc_track__state_write(t->txn, &t->state);
        if (!rc)
            rc = sc_txn_commit(t->txn);
        else
            sc_txn_abort(t->txn);
        t->txn = NULL;
        t->dirty = false;
        return rc;
    }
    sc_txn_abort(t->txn);
    t->txn = NULL;
    t->dirty = true;
    return SC_OK;
}

/* Commit a position that only moved past groups that changed nothing. */
static int save_dirty(tracker *t)
{
    sc_txn *txn = NULL;
    int rc;

    if (!t->dirty)
        return SC_OK;
    rc = sc_txn_begin(&txn, t->cat, 0);
    if (!rc)
        rc = sc_track__state_write(txn, &t->state);
    if (!rc)
        rc = sc_txn_commit(txn);
    else
        sc_txn_abort(txn);
    if (!rc)
        t->dirty = false;
    return rc;
}

/* ------------------------------------------------------------------ */
/* Query events                                                         */

typedef enum qkind { Q_IGNORE, Q_BEGIN, Q_END, Q_DDL } qkind;

/* The n-th word (0-based) of text, upper-cased into w. */
static void nth_word(char *w, size_t size, const char *text, size_t len, unsigned n)
{
    size_t i = sc_sql_skip_blank(text, len), k;

    w[0] = '\0';
    for (;;) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            i++;
        for (k = 0; i < len && ((text[i] >= 'a' && text[i] <= 'z') ||
                                (text[i] >= 'A' && text[i] <= 'Z') || text[i] == '_');
             i++)
            if (k + 1 < size)
                w[k++] = (char)(text[i] & ~0x20);
        w[k] = '\0';
        if (n-- == 0 || k == 0)
            return;
        while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
            i++;
    }
}

static qkind classify(const char *text, size_t len)
{
    static const char *const ddl[] = {"CREATE", "ALTER", "DROP", "RENAME", "TRUNCATE"};
    char w0[16], w1[16], w3[16];

    nth_word(w0, sizeof(w0), text, len, 0);
    nth_word(w1, sizeof(w1), text, len, 1);
    if (strcmp(w0, "BEGIN") == 0 || strcmp(w0, "XA") == 0 || strcmp(w0, "SAVEPOINT") == 0 ||
        strcmp(w0, "RELEASE") == 0 || (strcmp(w0, "START") == 0 && strcmp(w1, "TRANSACTION") == 0))
        return Q_BEGIN;
    if (strcmp(w0, "COMMIT") == 0 || (strcmp(w0, "ROLLBACK") == 0 && strcmp(w1, "TO") != 0))
        return Q_END;
    for (size_t i = 0; i < sizeof(ddl) / sizeof(ddl[0]); i++)
        if (strcmp(w0, ddl[i]) == 0) {
            /* accounts are not schema: CREATE [OR REPLACE] USER/ROLE, DROP USER ... */
            nth_word(w3, sizeof(w3), text, len, 3);
            if (strcmp(w1, "USER") == 0 || strcmp(w1, "ROLE") == 0 ||
                (strcmp(w1, "OR") == 0 && (strcmp(w3, "USER") == 0 || strcmp(w3, "ROLE") == 0)))
                return Q_IGNORE;
            return Q_DDL;
        }
    return Q_IGNORE;
}

/* Set up a session as the event's status variables and default database say. */
static int session_for(sc_session **out, tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    const sc_ev_query *q = &ev->u.query;
    sc_rd rd = sc_rd_init(q->status_vars);
    char *db = NULL, num[32];
    uint8_t code;
    sc_slice v;
    int more, rc;

    if (q->db.len && !(raw->header.flags & SC_EVF_SUPPRESS_USE) &&
        !(db = sc__strndup(t->ctx, (const char *)q->db.data, q->db.len)))
        return SC_ENOMEM;
    rc = sc_session_new(out, t->cat, db);
    sc_free(t->ctx, db);
    while (!rc && (more = sc_query__status_next(&rd, &code, &v)) > 0) {
        if (code == Q_FLAGS2 && v.len >= 4) {
            uint32_t f2 = sc_get_u32le(v.data);
            rc = sc_session_set(*out, "foreign_key_checks",
                                f2 & F2_NO_FOREIGN_KEY_CHECKS ? "0" : "1");
            if (!rc)
                rc = sc_session_set(*out, "explicit_defaults_for_timestamp",
                                    f2 & F2_EXPLICIT_DEF_TIMESTAMP ? "1" : "0");
        } else if (code == Q_SQL_MODE && v.len >= 8) {
            snprintf(num, sizeof(num), "%" PRIu64, sc_get_u64le(v.data));
            rc = sc_session_set(*out, "sql_mode", num);
        } else if (code == Q_CHARSET && v.len >= 6) {
            const sc_collation_info *c = sc_charset__collation_by_id(sc_get_u16le(v.data + 4));
            if (c)
                rc = sc_session_set(*out, "collation_server", c->name);
        } else if (code == Q_TIME_ZONE && v.len >= 1 && v.data[0] < sizeof(num) &&
                   v.data[0] < v.len) { /* TIMESTAMP literals are read in it */
            memcpy(num, v.data + 1, v.data[0]);
            num[v.data[0]] = '\0';
            rc = sc_session_set(*out, "time_zone", num);
        }
    }
    if (rc) {
        sc_session_free(*out);
        *out = NULL;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* character_set_client                                                 */

/* MariaDB's latin1 is cp1252, with the five bytes cp1252 leaves undefined as U+0080.. */
static const uint16_t latin1_80[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

static void put_utf8(sc_buf *b, uint32_t cp)
{
    if (cp < 0x80) {
        sc__buf_putc(b, (char)cp);
    } else if (cp < 0x800) {
        sc__buf_putc(b, (char)(0xC0 | (cp >> 6)));
        sc__buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    } else {
        sc__buf_putc(b, (char)(0xE0 | (cp >> 12)));
        sc__buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
        sc__buf_putc(b, (char)(0x80 | (cp & 0x3F)));
    }
}

/* The iconv name of a MariaDB client character set; NULL when not known. */
static const char *iconv_name(const char *cs)
{
    static const char *const map[][2] = {{"latin2", "ISO-8859-2"},
                                         {"latin5", "ISO-8859-9"},
                                         {"latin7", "ISO-8859-13"},
                                         {"greek", "ISO-8859-7"},
                                         {"hebrew", "ISO-8859-8"},
                                         {"cp1250", "CP1250"},
                                         {"cp1251", "CP1251"},
                                         {"cp1256", "CP1256"},
                                         {"cp1257", "CP1257"},
                                         {"cp850", "CP850"},
                                         {"cp852", "CP852"},
                                         {"cp866", "CP866"},
                                         {"koi8r", "KOI8-R"},
                                         {"koi8u", "KOI8-U"},
                                         {"ascii", "ASCII"},
                                         {"sjis", "SHIFT_JIS"},
                                         {"cp932", "CP932"},
                                         {"ujis", "EUC-JP"},
                                         {"eucjpms", "EUC-JP-MS"},
                                         {"gbk", "GBK"},
                                         {"gb2312", "GB2312"},
                                         {"big5", "BIG5"},
                                         {"euckr", "EUC-KR"},
                                         {"tis620", "TIS-620"},
                                         {"macroman", "MACINTOSH"},
                                         {"armscii8", "ARMSCII-8"},
                                         {"geostd8", "GEORGIAN-PS"},
                                         {"gb18030", "GB18030"},
                                         {"macce", "MAC-CENTRALEUROPE"}};

    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
        if (strcmp(map[i][0], cs) == 0)
            return map[i][1];
    return NULL;
}

static int iconv_to_utf8(sc_buf *out, const char *from, sc_slice in)
{
    iconv_t cd = iconv_open("UTF-8", from);
    char *ip = (char *)(uintptr_t)in.data;
    size_t il = in.len, ol, done = 0;
    int ok = cd != (iconv_t)-1;

    while (ok && il > 0) {
        char *op;
        size_t room = 4 * il + 16;
        if (!sc__buf_append(out, room))
            break;
        out->len -= room; /* the room is reserved; iconv fills it */
        op = (char *)out->data + out->len;
        ol = room;
        done = iconv(cd, &ip, &il, &op, &ol);
        out->len += room - ol;
        if (done == (size_t)-1 && errno != E2BIG)
            ok = 0; /* a byte sequence the character set does not have */
    }
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    return ok && !out->failed ? 0 : -1;
}

/*
 * The statement as the DDL engine reads it (utf8mb4): MariaDB converts a
 * statement from its character_set_client (Q_CHARSET's first id) before it
 * parses it, identifiers, literals and comments alike (10.11.19: under SET
 * NAMES latin1, DEFAULT 0xE9 is 'é'). Text of utf8mb3/utf8mb4/binary clients
 * and pure ASCII text stay as logged.
 */
static int client_text(tracker *t, sc_buf *out, const sc_event *ev)
{
    sc_rd rd = sc_rd_init(ev->u.query.status_vars);
    sc_slice text = ev->u.query.text, v;
    const sc_collation_info *co = NULL;
    const char *conv;
    uint8_t code;
    bool ascii = true;

    for (size_t i = 0; i < text.len && ascii; i++)
        ascii = text.data[i] < 0x80;
    while (!ascii && sc_query__status_next(&rd, &code, &v) > 0)
        if (code == Q_CHARSET && v.len >= 6)
            co = sc_charset__collation_by_id(sc_get_u16le(v.data));
    if (ascii || !co || !strncmp(co->charset, "utf8", 4) || !strcmp(co->charset, "binary")) {
        sc__buf_put(out, text.data, text.len);
        return SC_OK;
    }
    if (strcmp(co->charset, "latin1") == 0) {
        for (size_t i = 0; i < text.len; i++) {
            uint8_t c = text.data[i];
            put_utf8(out, c >= 0x80 && c < 0xA0 ? latin1_80[c - 0x80] : c);
        }
        return SC_OK;
    }
    conv = iconv_name(co->charset);
    if (!conv || iconv_to_utf8(out, conv, text) != 0)
        return sc_error_set(t->ctx, SC_ERROR, 0, NULL,
                            "the statement's character_set_client %s%s cannot be converted to "
                            "utf8mb4",
                            co->charset, conv ? " (a byte sequence it does not have)" : "");
    return SC_OK;
}

static int refuse(tracker *t, const sc_binlog_event *raw, const sc_slice text)
{
    sc_error e = *sc_ctx_last_error(t->ctx);
    char head[256];

    snprintf(head, sizeof(head), "track %s: %s at %" PRIu64 ", GTID %s", t->o->source, t->fname,
             ev_start(t, raw), t->gtid_text);
    if (e.mysql_errno)
        return sc_error_set(t->ctx, e.code ? e.code : SC_ESQL, e.mysql_errno, e.sqlstate,
                            "%s: ERROR %u (%s): %s; statement: %.*s", head, e.mysql_errno,
                            e.sqlstate, e.message, (int)(text.len > 2000 ? 2000 : text.len),
                            (const char *)text.data);
    return sc_error_set(t->ctx, e.code ? e.code : SC_ERROR, 0, NULL, "%s: %s; statement: %.*s",
                        head, e.message, (int)(text.len > 2000 ? 2000 : text.len),
                        (const char *)text.data);
}

static int skip_ddl(tracker *t, const sc_binlog_event *raw, const sc_slice text)
{
    sc_error e = *sc_ctx_last_error(t->ctx);
    char *stmt = sc__strndup(t->ctx, (const char *)text.data, text.len);
    sc_track_skipped s;
    int rc;

    if (!stmt)
        return SC_ENOMEM;
    s.file = t->fname;
    s.position = ev_start(t, raw);
    s.gtid = t->gtid_text;
    s.mysql_errno = e.mysql_errno;
    s.message = e.message;
    s.statement = stmt;
    sc_ctx_clear_error(t->ctx);
    rc = sc_track__skipped_write(t->txn, t->o->source, ++t->state.n_skipped, &s);
    sc_free(t->ctx, stmt);
    t->st.ddl_skipped++;
    t->changed = true;
    return rc;
}

/* Run the statement of ev in a session set up from it, with the tracker's marker before it. */
static int exec_ddl(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    sc_session *s = NULL;
    sc_stmt_result res;
    sc_buf sql;
    int rc = session_for(&s, t, raw, ev);

    if (rc)
        return rc;
    sc__buf_init(&sql, t->ctx);
    sc__buf_puts(&sql, t->marker);
    rc = client_text(t, &sql, ev);
    if (!rc && sql.failed)
        rc = SC_ENOMEM;
    memset(&res, 0, sizeof(res));
    if (!rc)
        rc = sc_ddl_exec(&res, s, t->txn, sql.text, sql.len);
    sc_stmt_result_clear(&res);
    sc_session_free(s);
    sc__buf_free(&sql);
    return rc;
}

static int run_ddl(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    sc_slice text = ev->u.query.text;
    int rc = ensure_txn(t);

    if (rc)
        return rc;
    rc = exec_ddl(t, raw, ev);
    if (rc == SC_OK) {
        t->st.ddl++;
        t->changed = true;
        return SC_OK;
    }
    /* refused by the engine, or its session (a named time zone, a client character set
     * that cannot be converted) cannot be set up */
    if (rc == SC_ENOMEM || rc == SC_EIO || rc == SC_EFULL || !t->o->skip_unparsed_ddl)
        return refuse(t, raw, text);
    return skip_ddl(t, raw, text);
}

static int on_query(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    sc_slice text = ev->u.query.text;
    qkind k = classify((const char *)text.data, text.len);
    uint64_t end = ev_end(t, raw);
    int rc = SC_OK;

    if (!t->in_group) { /* a log without GTIDs: each statement is its own group */
        sc_event none;
        memset(&none, 0, sizeof(none));
        none.u.gtid.flags2 = SC_GTID_STANDALONE;
        start_group(t, raw, &none);
        t->skipping = false;
    }
    if (k == Q_END)
        return end_group(t, end);
    if (t->skipping || k == Q_BEGIN)
        return t->standalone && k != Q_BEGIN ? end_group(t, end) : SC_OK;
    if (k == Q_DDL)
        rc = run_ddl(t, raw, ev);
    else
        t->st.ignored++;
    if (!rc && t->standalone)
        rc = end_group(t, end);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Row events: AUTO_INCREMENT                                           */

/* The value of an AUTO_INCREMENT column as an unsigned counter; false when it
 * does not move a counter (NULL, absent, zero or negative). */
static bool counter_value(uint64_t *out, const sc_binlog_value *v, uint8_t type, bool is_unsigned)
{
    unsigned bytes = type == 1 ? 1 : type == 2 ? 2 : type == 9 ? 3 : type == 3 ? 4 : 8;

    switch (v->kind) {
    case SC_VAL_INT:
        if (is_unsigned) {
            *out = bytes == 8 ? (uint64_t)v->v.i : (uint64_t)v->v.i & ((1ull << (8 * bytes)) - 1);
            return *out > 0;
        }
        *out = (uint64_t)v->v.i;
        return v->v.i > 0;
    case SC_VAL_FLOAT:
        *out = v->v.f >= 1 ? (uint64_t)v->v.f : 0;
        return *out > 0;
    case SC_VAL_DOUBLE:
        *out = v->v.d >= 1 ? (uint64_t)v->v.d : 0;
        return *out > 0;
    default:
        return false;
    }
}

static int move_counter(tracker *t, sc_table *tab, uint64_t next)
{
    sc_table_def def = *sc_table_definition(tab);
    sc_buf stmt;
    int rc;

    def.auto_increment = next;
    sc__buf_init(&stmt, t->ctx);
    sc__buf_puts(&stmt, t->marker);
    sc__buf_put(&stmt, t->annotate.data, t->annotate.len);
    rc = stmt.failed ? SC_ENOMEM : sc_txn_set_statement(t->txn, stmt.text, stmt.len);
    sc__buf_free(&stmt);
    if (!rc)
        rc = sc_table_alter(t->txn, sc_table_id(tab), &def);
    if (!rc) {
        t->st.auto_increment++;
        t->changed = true;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Table maps: server table ids to catalog tables                       */

static const id_map *id_find(const tracker *t, uint64_t table_id)
{
    for (size_t i = t->nids; i-- > 0;)
        if (t->ids[i].table_id == table_id)
            return &t->ids[i];
    return NULL;
}

static int id_set(tracker *t, uint64_t table_id, uint64_t catalog_id)
{
    id_map *m = (id_map *)id_find(t, table_id);

    if (!m) {
        if (t->nids == t->capids) {
            size_t cap = t->capids ? 2 * t->capids : 8;
            id_map *n = sc__realloc(t->ctx, t->ids, cap * sizeof(*n));
            if (!n)
                return SC_ENOMEM;
            t->ids = n;
            t->capids = cap;
        }
        m = &t->ids[t->nids++];
    }
    *m = (id_map){table_id, catalog_id};
    return SC_OK;
}

/*
 * A TABLE_MAP: find the catalog table it names (by database and table name,
 * as they are at this event), remember its stable id for the statement's
 * rows events, and record the table's columns in the source's table history
 * when they differ from the last version recorded for that name (history.c).
 */
static int on_table_map(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(t->r, ev->u.table_map.table_id);
    sc_table *tab = NULL;
    char *db, *name;
    bool written = false;
    int rc;

    if (t->skipping || !t->in_group || !tm)
        return SC_OK;
    if ((rc = ensure_txn(t)))
        return rc;
    db = sc__strndup(t->ctx, (const char *)tm->db.data, tm->db.len);
    name = sc__strndup(t->ctx, (const char *)tm->table.data, tm->table.len);
    rc = db && name ? sc_table_lookup(&tab, t->txn, db, name) : SC_ENOMEM;
    sc_free(t->ctx, db);
    sc_free(t->ctx, name);
    if (rc == SC_ENOTFOUND) { /* mysql.*, or a table made before tracking began */
        sc_ctx_clear_error(t->ctx);
        return id_set(t, tm->table_id, 0);
    }
    if (!rc)
        rc = id_set(t, tm->table_id, sc_table_id(tab));
    if (!rc)
        rc = sc_track__tv_record(&written, t->txn, t->o->source, t->fname, ev_start(t, raw), tm->db,
                                 tm->table, tab);
    if (written)
        t->changed = true;
    sc_table_free(tab);
    return rc;
}

static int on_rows(tracker *t, const sc_binlog_event *raw, const sc_event *ev)
{
    int kind = sc_event__rows_kind(raw->header.type);
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(t->r, ev->u.rows.table_id);
    const id_map *m = id_find(t, ev->u.rows.table_id);
    sc_event_loc loc = {t->fname, ev_start(t, raw)};
    const sc_table_def *def;
    sc_table *tab = NULL;
    size_t ai;
    uint64_t top = 0, v;
    sc_rows rows;
    int rc;

    if (ev->u.rows.flags & SC_ROWS_STMT_END) /* the statement's table maps end with it */
        t->nids = 0;
    if (t->skipping || !t->in_group || kind == 2 || !tm || !m || !m->catalog_id)
        return SC_OK;
    if ((rc = ensure_txn(t)))
        return rc;
    if ((rc = sc_table_get(&tab, t->txn, m->catalog_id)))
        return rc;
    def = sc_table_definition(tab);
    for (ai = 0; ai < def->n_columns && !(def->columns[ai].flags & SC_COL_AUTO_INCREMENT); ai++)
        ;
    if (ai == def->n_columns || ai >= tm->ncols) {
        sc_table_free(tab);
        return SC_OK;
    }
    rc = sc_rows__decode(&rows, t->ctx, tm, raw->header.type, &ev->u.rows, &loc);
    for (size_t i = kind == 1 ? 1 : 0; !rc && i < rows.nimages; i += kind == 1 ? 2 : 1) {
        size_t k = i * rows.ncols + ai;
        if (!rows.absent[k] &&
            counter_value(&v, &rows.vals[k], tm->columns[ai].type,
                          (def->columns[ai].flags & SC_COL_UNSIGNED) != 0) &&
            v > top)
            top = v;
    }
    if (!rc)
        sc_rows__free(t->ctx, &rows);
    if (!rc && top && top != UINT64_MAX && top + 1 > def->auto_increment)
        rc = move_counter(t, tab, top + 1);
    sc_table_free(tab);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static int on_event(tracker *t, const sc_binlog_event *raw)
{
    const sc_event *ev = sc_binlog_reader__event(t->r);

    switch (raw->header.type) {
    case SC_EV_GTID:
        if (t->in_group) { /* a group without its end (a server crash): not applied */
            sc_txn_abort(t->txn);
            t->txn = NULL;
            t->in_group = false;
        }
        start_group(t, raw, ev);
        return SC_OK;
    case SC_EV_QUERY:
        return on_query(t, raw, ev);
    case SC_EV_ANNOTATE_ROWS:
        sc__buf_reset(&t->annotate);
        sc__buf_put(&t->annotate, ev->u.annotate.text.data, ev->u.annotate.text.len);
        return t->annotate.failed ? SC_ENOMEM : SC_OK;
    case SC_EV_TABLE_MAP:
        return on_table_map(t, raw, ev);
    case SC_EV_XID:
        return end_group(t, ev_end(t, raw));
    case SC_EV_ROTATE: /* a stream goes on in the file it names */
        if (t->stream) {
            size_t n = ev->u.rotate.name.len < sizeof(t->fname_buf) - 1 ? ev->u.rotate.name.len
                                                                        : sizeof(t->fname_buf) - 1;
            memcpy(t->fname_buf, ev->u.rotate.name.data, n);
            t->fname_buf[n] = '\0';
        }
        return SC_OK;
    default:
        return sc_event__is_rows(raw->header.type) ? on_rows(t, raw, ev) : SC_OK;
    }
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static int track_file(tracker *t, const char *path)
{
    const sc_binlog_event *raw = NULL;
    int rc = sc_binlog_reader_open(&t->r, t->ctx, path);

    if (rc)
        return rc;
    t->fname = base_name(path);
    if (strcmp(t->state.file, t->fname) == 0 && t->state.position > 4)
        sc_binlog_reader__seek(t->r, t->state.position);
    while (!rc && !(rc = sc_binlog_reader_next(&raw, t->r)) && raw)
        rc = on_event(t, raw);
    if (t->in_group) { /* cut by the end of the file: not applied, read again next time */
        sc_txn_abort(t->txn);
        t->txn = NULL;
        t->in_group = false;
    }
    sc_binlog_reader_close(t->r);
    t->r = NULL;
    return rc;
}

/* Set up a tracker for opts and read the source's saved state. */
static int tracker_open(tracker **out, sc_log *log, const sc_track_options *opts)
{
    sc_catalog *cat = log->cat;
    sc_ctx *ctx = sc_catalog_ctx(cat);
    sc_txn *txn = NULL;
    tracker *t;
    int rc;

    *out = NULL;
    if (!opts || opts->version != SC_TRACK_OPTIONS_VERSION)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "schema tracker: bad options version");
    if ((rc = sc_track__check_name(ctx, opts->source)))
        return rc;
    if (!(t = sc__calloc(ctx, 1, sizeof(*t))))
        return SC_ENOMEM;
    t->log = log;
    t->cat = cat;
    t->ctx = ctx;
    t->o = opts;
    sc__buf_init(&t->annotate, ctx);
    rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY);
    if (!rc)
        rc = sc_track__state_read(&t->state, txn, opts->source);
    sc_txn_abort(txn);
    gtids_parse(t, t->state.gtid);
    if (rc) {
        sc__buf_free(&t->annotate);
        sc_free(ctx, t);
        return rc;
    }
    *out = t;
    return SC_OK;
}

/* Drop an unfinished group, save the position reached, report, free. */
static int tracker_close(tracker *t, int rc, sc_track_stats *out)
{
    sc_ctx *ctx = t->ctx;

    sc_txn_abort(t->txn); /* an error inside a group: nothing of it stays */
    t->txn = NULL;
    if (rc) {
        sc_error e = *sc_ctx_last_error(ctx);
        (void)save_dirty(t);
        sc_error_set(ctx, e.code ? e.code : rc, e.mysql_errno, e.sqlstate, "%s", e.message);
    } else {
        rc = save_dirty(t);
    }
    if (out)
        *out = t->st;
    sc__buf_free(&t->annotate);
    sc_free(ctx, t->ids);
    sc_free(ctx, t);
    return rc;
}

int sc_track_files(sc_track_stats *out,
                   sc_log *log,
                   const sc_track_options *opts,
                   const char *const *files,
                   size_t nfiles)
{
    tracker *t = NULL;
    int rc;

    if (out)
        memset(out, 0, sizeof(*out));
    if ((rc = tracker_open(&t, log, opts)))
        return rc;
    for (size_t i = 0; !rc && i < nfiles; i++)
        rc = track_file(t, files[i]);
    return tracker_close(t, rc, out);
}

/* ------------------------------------------------------------------ */
/* A live server                                                        */

/* Follow one connection's dump until it ends, fails or stop() says so. */
static int live_session(tracker *t, const sc_track_live_options *lo, bool *lost)
{
    sc_replica_net_options no;
    sc_replica_net *net = NULL;
    const sc_binlog_event *raw = NULL;
    sc_slice ev;
    int rc;

    memset(&no, 0, sizeof(no));
    no.hostport = lo->from;
    no.user = lo->user;
    no.password_file = lo->password_file;
    no.server_id = lo->server_id ? lo->server_id : 4000000001u;
    no.file = t->state.file;
    no.position = t->state.position;
    no.gtid = t->state.gtid; /* resume after the saved GTIDs when there are some */
    no.non_block = lo->once;
    *lost = false;
    rc = sc_replica__net_open(&net, t->ctx, &no);
    if (!rc)
        rc = sc_binlog_reader__open_stream(&t->r, t->ctx, lo->from, sc_replica__net_checksum(net));
    snprintf(t->fname_buf, sizeof(t->fname_buf), "%s", t->state.file);
    t->fname = t->fname_buf;
    t->stream = true;
    while (!rc) {
        if ((rc = sc_replica__net_next(&ev, net)))
            break;
        if (ev.len == 0) {
            if (sc_replica__net_ended(net))
                break;
        } else if (!(rc = sc_binlog_reader__push(&raw, t->r, ev)) && raw) {
            rc = on_event(t, raw);
        }
        if (!rc && !sc_replica__net_ready(net)) { /* caught up: make the position durable */
            rc = save_dirty(t);
            if (!rc && lo->stop && lo->stop(lo->payload))
                break;
        }
    }
    if (rc && net && sc_replica__net_lost(net))
        *lost = true;
    if (t->in_group) { /* cut by the connection: read again from the saved position */
        sc_txn_abort(t->txn);
        t->txn = NULL;
        t->in_group = false;
    }
    sc_binlog_reader_close(t->r);
    t->r = NULL;
    sc_replica__net_close(net);
    return rc;
}

int sc_track_live(sc_track_stats *out,
                  sc_log *log,
                  const sc_track_options *opts,
                  const sc_track_live_options *lo)
{
    tracker *t = NULL;
    bool lost = false;
    unsigned waited = 0;
    int rc;

    if (out)
        memset(out, 0, sizeof(*out));
    if ((rc = tracker_open(&t, log, opts)))
        return rc;
    for (;;) {
        uint64_t before = t->st.groups;
        rc = live_session(t, lo, &lost);
        if (!rc || lo->once || (lo->stop && lo->stop(lo->payload)))
            break;
        if (!lost && rc != SC_EIO) /* a refused DDL, a damaged event: not the network */
            break;
        if (t->st.groups > before)
            waited = 0;
        if (waited >= lo->retry_s) /* the server stayed away */
            break;
        (void)save_dirty(t);
        sleep(1);
        waited++;
        sc_ctx_clear_error(t->ctx);
    }
    return tracker_close(t, rc, out);
}
