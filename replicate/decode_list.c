/*
 * decode_list.c - sc_binlog_decode(): binlog files of any MariaDB 10.11
 * server to a listing like `mariadb-binlog -vv --base64-output=decode-rows`
 * or to JSON lines, with mariadb-binlog's position, GTID, database and table
 * filters.
 *
 * The listing follows MariaDB's client/mysqlbinlog.cc and
 * sql/log_event_client.cc: "# at N" before every event, a header comment per
 * event (local time, as the tool prints it), the session SET statements a
 * Query event implies when they change (PRINT_EVENT_INFO's state), Annotate_rows
 * held until its Table_map, rows events' headers and `###` lines held until
 * the statement's STMT_END_F event, then "# Number of rows: N".
 *
 * Memory is bounded: events are read one at a time (reader.c), rows are
 * decoded one at a time (decode.c), output goes out in 64 KB pieces, and a
 * statement's held text (many rows events without STMT_END_F) spills to a
 * temporary file beyond 1 MB, as mariadb-binlog's IO_CACHEs do.
 * Format notes: docs/binlog-decode.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "replicate/decode.h"
#include "replicate/print.h"
#include "replicate/reader.h"

#define OUT_CHUNK (64 * 1024)
#define SPOOL_MAX (1024 * 1024)
#define MAX_DOMAINS 64
#define DELIM "/*!*/;"

/* Query flags2 bits (MariaDB OPTION_*; checked against mariadb-binlog 10.11). */
#define F2_AUTO_IS_NULL (1u << 14)
#define F2_NO_CHECK_CONSTRAINT (1u << 15)
#define F2_NOT_AUTOCOMMIT (1u << 19)
#define F2_EXPLICIT_DEF_TS (1u << 24)
#define F2_NO_FK_CHECKS (1u << 26)
#define F2_RELAXED_UNIQUE (1u << 27)
#define F2_IF_EXISTS (1u << 28)
#define F2_INSERT_HISTORY (1u << 30)

/** Text held back until a statement ends, in memory up to SPOOL_MAX, then in a temp file. */
typedef struct spool {
    sc_buf buf;
    FILE *spill;
} spool;

typedef struct gtid_pos {
    uint32_t domain;
    uint64_t seq;
} gtid_pos;

/* A Table_map completed by opts->schema (names of that time...), kept until its statement ends. */
typedef struct tmap_fill {
    uint64_t table_id;
    sc_binlog_table tab; /* db/table borrowed from the reader's map; columns = cols */
    sc_binlog_column *cols;
    sc_buf names; /* the column names the callback set, copied */
    uint64_t catalog_id;
} tmap_fill;

typedef struct lister {
    sc_ctx *ctx;
    const sc_decode_options *o;
    sc_decode_write_fn write;
    void *payload;
    sc_buf out;     /* pending output */
    spool head;     /* headers of a statement's Table_map/rows events */
    spool tail;     /* its ### lines */
    uint64_t nrows; /* rows of the statement so far */
    const char *file;
    bool first_file, last_file;
    bool stopped; /* a stop condition was met */
    int error;    /* write failure */
    bool crc;     /* the current file has CRC32 trailers */
    /* mariadb-binlog's PRINT_EVENT_INFO */
    char db[256];
    bool thread_id_printed;
    uint32_t thread_id;
    bool flags2_inited;
    uint32_t flags2;
    bool sql_mode_inited;
    uint64_t sql_mode;
    uint32_t ai_inc, ai_off;
    bool charset_inited;
    uint8_t charset[6];
    char time_zone[256];
    uint32_t lc_time_names;
    uint32_t charset_db;
    bool allow_parallel_printed, allow_parallel;
    bool domain_printed, server_printed;
    uint32_t domain_id, server_id;
    /* filters */
    gtid_pos start[MAX_DOMAINS], stop[MAX_DOMAINS];
    size_t nstart, nstop;
    bool skip_group; /* the current GTID group is filtered out */
    /* opts->schema: the completed maps of the current statement */
    tmap_fill *fills;
    size_t nfills, capfills;
} lister;

/* ------------------------------------------------------------------ */
/* Output                                                               */

static int flush_out(lister *l)
{
    if (l->out.failed)
        return SC_ENOMEM;
    if (l->out.len && !l->error && l->write(l->out.data, l->out.len, l->payload) != 0)
        l->error = sc_error_set(l->ctx, SC_EIO, 0, NULL, "binlog decode: cannot write the output");
    l->out.len = 0;
    return l->error;
}

static int maybe_flush(lister *l)
{
    return l->out.len >= OUT_CHUNK ? flush_out(l) : l->out.failed ? SC_ENOMEM : l->error;
}

static void spool_spill(spool *s)
{
    if (s->buf.len < SPOOL_MAX || s->buf.failed)
        return;
    if (!s->spill && !(s->spill = tmpfile())) {
        s->buf.failed = true;
        return;
    }
    if (fwrite(s->buf.data, 1, s->buf.len, s->spill) != s->buf.len)
        s->buf.failed = true;
    s->buf.len = 0;
}

/* Copy a spool to the output and empty it. */
static int spool_drain(lister *l, spool *s)
{
    char chunk[8192];
    size_t n;
    int rc;

    if (s->buf.failed)
        return sc_error_set(l->ctx, SC_ENOMEM, 0, NULL, "binlog decode: cannot hold a statement");
    if (s->spill) {
        rewind(s->spill);
        while ((n = fread(chunk, 1, sizeof(chunk), s->spill)) > 0) {
            sc__buf_put(&l->out, chunk, n);
            if ((rc = maybe_flush(l)))
                return rc;
        }
        fclose(s->spill);
        s->spill = NULL;
    }
    sc__buf_put(&l->out, s->buf.data, s->buf.len);
    s->buf.len = 0;
    return maybe_flush(l);
}

static void spool_free(spool *s)
{
    if (s->spill)
        fclose(s->spill);
    s->spill = NULL;
    sc__buf_free(&s->buf);
}

/* ------------------------------------------------------------------ */
/* Rows and compressed events                                           */

/* Table id and flags of a rows event, compressed or not (the 8-byte post-header). */
static uint64_t rows_table_id(const sc_binlog_event *ev)
{
    return ev->body.len >= 6 ? sc_get_uintle(ev->body.data, 6) : 0;
}

static uint16_t rows_flags(const sc_binlog_event *ev)
{
    return ev->body.len >= 8 ? sc_get_u16le(ev->body.data + 6) : 0;
}

/* A Query_compressed event decoded as the Query it holds (q: slices into buf). */
static int
inflate_query(lister *l, sc_event *q, sc_buf *buf, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    sc_event_loc loc = {sc_binlog_reader__name(r), ev->offset};
    int rc = sc_decode__inflate(buf, l->ctx, ev, sc_binlog_reader__fmt(r), &loc);

    memset(q, 0, sizeof(*q));
    q->header = ev->header;
    q->header.type = SC_EV_QUERY;
    if (rc == SC_OK)
        rc = sc_event__decode(q, l->ctx, (sc_slice){buf->data, buf->len}, sc_binlog_reader__fmt(r),
                              &loc);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Event headers                                                        */

static void put_time(sc_buf *b, uint32_t when)
{
    time_t t = (time_t)when;
    struct tm tm;

    localtime_r(&t, &tm);
    sc__buf_printf(b, "%02d%02d%02d %2d:%02d:%02d", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday,
                   tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/*
 * Log_event::print_header: "#YYMMDD hh:mm:ss server id N  end_log_pos N "
 * and, in a CRC32 file (the FDE included), "CRC32 0x%08x ".
 */
static void put_header(sc_buf *b, const sc_binlog_event *ev, bool crc)
{
    sc__buf_putc(b, '#');
    put_time(b, ev->header.timestamp);
    sc__buf_printf(b, " server id %u  end_log_pos %u ", ev->header.server_id, ev->header.log_pos);
    if (crc && ev->has_checksum)
        sc__buf_printf(b, "CRC32 0x%08x ", ev->checksum);
}

static void put_ident(sc_buf *b, sc_slice s)
{
    sc__buf_putc(b, '`');
    for (size_t i = 0; i < s.len; i++) {
        if (s.data[i] == '`')
            sc__buf_putc(b, '`');
        sc__buf_putc(b, (char)s.data[i]);
    }
    sc__buf_putc(b, '`');
}

/* ------------------------------------------------------------------ */
/* Per event type (text)                                                */

static void text_fde(lister *l, const sc_binlog_event *ev, const sc_ev_fde *f)
{
    sc_buf *b = &l->out;

    put_header(b, ev, l->crc);
    sc__buf_printf(b, "\tStart: binlog v %u, server v %s created ", f->binlog_version,
                   f->server_version);
    put_time(b, ev->header.timestamp); /* print_timestamp() prints `when`, not `created` */
    if (f->create_timestamp)
        sc__buf_puts(b, " at startup");
    sc__buf_putc(b, '\n');
    if (ev->header.flags & SC_EVF_BINLOG_IN_USE)
        sc__buf_puts(b, "# Warning: this binlog is either in use or was not closed properly.\n");
    if (!(ev->header.flags & SC_EVF_ARTIFICIAL) && f->create_timestamp)
        sc__buf_puts(b, "ROLLBACK" DELIM "\n");
}

static void text_gtid(lister *l, const sc_binlog_event *ev, const sc_ev_gtid *g)
{
    sc_buf *b = &l->out;
    bool parallel = (g->flags2 & SC_GTID_ALLOW_PARALLEL) != 0;

    put_header(b, ev, l->crc);
    sc__buf_printf(b, "\tGTID %u-%u-%llu", g->domain_id, ev->header.server_id,
                   (unsigned long long)g->seq_no);
    if (g->flags2 & SC_GTID_GROUP_COMMIT_ID)
        sc__buf_printf(b, " cid=%llu", (unsigned long long)g->commit_id);
    if (g->flags2 & SC_GTID_DDL)
        sc__buf_puts(b, " ddl");
    if (g->flags2 & SC_GTID_TRANSACTIONAL)
        sc__buf_puts(b, " trans");
    if (g->flags2 & SC_GTID_WAITED)
        sc__buf_puts(b, " waited");
    sc__buf_putc(b, '\n');
    if (!l->allow_parallel_printed || l->allow_parallel != parallel) {
        sc__buf_printf(b, "/*M!100101 SET @@session.skip_parallel_replication=%u*/" DELIM "\n",
                       parallel ? 0u : 1u);
        l->allow_parallel = parallel;
        l->allow_parallel_printed = true;
    }
    if (!l->domain_printed || l->domain_id != g->domain_id) {
        sc__buf_printf(b, "/*M!100001 SET @@session.gtid_domain_id=%u*/" DELIM "\n", g->domain_id);
        l->domain_id = g->domain_id;
        l->domain_printed = true;
    }
    if (!l->server_printed || l->server_id != ev->header.server_id) {
        sc__buf_printf(b, "/*M!100001 SET @@session.server_id=%u*/" DELIM "\n",
                       ev->header.server_id);
        l->server_id = ev->header.server_id;
        l->server_printed = true;
    }
    sc__buf_printf(b, "/*M!100001 SET @@session.gtid_seq_no=%llu*/" DELIM "\n",
                   (unsigned long long)g->seq_no);
    if (g->flags2 & SC_GTID_PREPARED_XA) {
        sc__buf_puts(b, "XA START X'");
        for (size_t i = 0; i < g->xa_gtrid.len; i++)
            sc__buf_printf(b, "%02x", g->xa_gtrid.data[i]);
        sc__buf_puts(b, "',X'");
        for (size_t i = 0; i < g->xa_bqual.len; i++)
            sc__buf_printf(b, "%02x", g->xa_bqual.data[i]);
        sc__buf_printf(b, "',%u" DELIM "\n", g->xa_format_id);
    } else if (!(g->flags2 & SC_GTID_STANDALONE)) {
        sc__buf_puts(b, "START TRANSACTION\n" DELIM "\n");
    }
}

static void
set_option(sc_buf *b, uint32_t changed, uint32_t bit, bool on, const char *name, bool *comma)
{
    if (!(changed & bit))
        return;
    sc__buf_printf(b, "%s%s=%d", *comma ? ", " : "", name, on ? 1 : 0);
    *comma = true;
}

/* The status variables a Query event carries, as Query_log_event reads them. */
typedef struct qvars {
    bool has_flags2, has_sql_mode, has_charset;
    uint32_t flags2;
    uint64_t sql_mode;
    uint32_t ai_inc, ai_off;
    uint8_t charset[6];
    sc_slice time_zone;
    uint32_t lc_time_names, charset_db;
    uint64_t xid;
    uint32_t usec;
} qvars;

static void read_qvars(qvars *q, sc_slice vars)
{
    sc_rd rd = sc_rd_init(vars);
    uint8_t code;
    sc_slice v;

    memset(q, 0, sizeof(*q));
    q->ai_inc = q->ai_off = 1;
    while (sc_query__status_next(&rd, &code, &v) == 1) {
        switch (code) {
        case 0x00:
            q->has_flags2 = true;
            q->flags2 = sc_get_u32le(v.data);
            break;
        case 0x01:
            q->has_sql_mode = true;
            q->sql_mode = sc_get_uintle(v.data, 8);
            break;
        case 0x03:
            q->ai_inc = sc_get_u16le(v.data);
            q->ai_off = sc_get_u16le(v.data + 2);
            break;
        case 0x04:
            q->has_charset = true;
            memcpy(q->charset, v.data, 6);
            break;
        case 0x05:
            q->time_zone = (sc_slice){v.data + 1, v.len - 1};
            break;
        case 0x07:
            q->lc_time_names = sc_get_u16le(v.data);
            break;
        case 0x08:
            q->charset_db = sc_get_u16le(v.data);
            break;
        case 0x80:
            q->usec = sc_get_u24le(v.data);
            break;
        case 0x81:
            q->xid = sc_get_uintle(v.data, 8);
            break;
        default:
            break;
        }
    }
}

static void query_session(lister *l, const qvars *q)
{
    sc_buf *b = &l->out;

    if (q->has_flags2) {
        uint32_t changed = l->flags2_inited ? l->flags2 ^ q->flags2 : ~0u;
        bool comma = false;
        l->flags2_inited = true;
        if (changed) {
            uint32_t f = q->flags2;
            sc__buf_puts(b, "SET ");
            set_option(b, changed, F2_NO_FK_CHECKS, !(f & F2_NO_FK_CHECKS),
                       "@@session.foreign_key_checks", &comma);
            set_option(b, changed, F2_AUTO_IS_NULL, f & F2_AUTO_IS_NULL,
                       "@@session.sql_auto_is_null", &comma);
            set_option(b, changed, F2_RELAXED_UNIQUE, !(f & F2_RELAXED_UNIQUE),
                       "@@session.unique_checks", &comma);
            set_option(b, changed, F2_NOT_AUTOCOMMIT, !(f & F2_NOT_AUTOCOMMIT),
                       "@@session.autocommit", &comma);
            set_option(b, changed, F2_NO_CHECK_CONSTRAINT, !(f & F2_NO_CHECK_CONSTRAINT),
                       "@@session.check_constraint_checks", &comma);
            set_option(b, changed, F2_IF_EXISTS, f & F2_IF_EXISTS, "@@session.sql_if_exists",
                       &comma);
            set_option(b, changed, F2_EXPLICIT_DEF_TS, f & F2_EXPLICIT_DEF_TS,
                       "@@session.explicit_defaults_for_timestamp", &comma);
            set_option(b, changed, F2_INSERT_HISTORY, f & F2_INSERT_HISTORY,
                       "@@session.system_versioning_insert_history", &comma);
            sc__buf_puts(b, DELIM "\n");
            l->flags2 = q->flags2;
        }
    }
    if (q->has_sql_mode && (!l->sql_mode_inited || l->sql_mode != q->sql_mode)) {
        sc__buf_printf(b, "SET @@session.sql_mode=%llu" DELIM "\n",
                       (unsigned long long)q->sql_mode);
        l->sql_mode = q->sql_mode;
        l->sql_mode_inited = true;
    }
    if (l->ai_inc != q->ai_inc || l->ai_off != q->ai_off) {
        sc__buf_printf(b,
                       "SET @@session.auto_increment_increment=%u, "
                       "@@session.auto_increment_offset=%u" DELIM "\n",
                       q->ai_inc, q->ai_off);
        l->ai_inc = q->ai_inc;
        l->ai_off = q->ai_off;
    }
    if (q->has_charset && (!l->charset_inited || memcmp(l->charset, q->charset, 6) != 0)) {
        const sc_collation_info *co = sc_charset__collation_by_id(sc_get_u16le(q->charset));
        if (co)
            sc__buf_printf(b, "/*!\\C %s */" DELIM "\n", co->charset);
        else
            sc__buf_puts(b, "# Ignored (Unknown charset) ");
        sc__buf_printf(b,
                       "SET @@session.character_set_client=%s,@@session.collation_connection=%u,"
                       "@@session.collation_server=%u" DELIM "\n",
                       co ? co->charset : "Unknown", sc_get_u16le(q->charset + 2),
                       sc_get_u16le(q->charset + 4));
        memcpy(l->charset, q->charset, 6);
        l->charset_inited = true;
    }
    if (q->time_zone.len && (strlen(l->time_zone) != q->time_zone.len ||
                             memcmp(l->time_zone, q->time_zone.data, q->time_zone.len) != 0)) {
        size_t n = q->time_zone.len < sizeof(l->time_zone) - 1 ? q->time_zone.len
                                                               : sizeof(l->time_zone) - 1;
        memcpy(l->time_zone, q->time_zone.data, n);
        l->time_zone[n] = '\0';
        sc__buf_printf(b, "SET @@session.time_zone='%s'" DELIM "\n", l->time_zone);
    }
    if (q->lc_time_names != l->lc_time_names) {
        sc__buf_printf(b, "SET @@session.lc_time_names=%u" DELIM "\n", q->lc_time_names);
        l->lc_time_names = q->lc_time_names;
    }
    if (q->charset_db != l->charset_db) {
        if (q->charset_db)
            sc__buf_printf(b, "SET @@session.collation_database=%u" DELIM "\n", q->charset_db);
        else
            sc__buf_puts(b, "SET @@session.collation_database=DEFAULT" DELIM "\n");
        l->charset_db = q->charset_db;
    }
}

static bool is_trans_keyword(sc_slice text)
{
    static const char *const kw[] = {"BEGIN",  "COMMIT",     "ROLLBACK",  "XA START",
                                     "XA END", "XA PREPARE", "XA COMMIT", "XA ROLLBACK"};
    for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++) {
        size_t n = strlen(kw[i]);
        if (text.len >= n && strncasecmp((const char *)text.data, kw[i], n) == 0)
            return true;
    }
    return false;
}

static void text_query(lister *l, const sc_binlog_event *ev, const sc_ev_query *qe)
{
    sc_buf *b = &l->out;
    qvars q;

    read_qvars(&q, qe->status_vars);
    put_header(b, ev, l->crc);
    sc__buf_printf(b, "\t%s\tthread_id=%u\texec_time=%u\terror_code=%u\txid=%llu\n",
                   sc_binlog_event_type_name(ev->header.type), qe->thread_id, qe->exec_time,
                   qe->error_code, (unsigned long long)q.xid);
    if (ev->header.flags & SC_EVF_SUPPRESS_USE) {
        if (!is_trans_keyword(qe->text))
            l->db[0] = '\0';
    } else if (qe->db.len < sizeof(l->db) &&
               (strlen(l->db) != qe->db.len || memcmp(l->db, qe->db.data, qe->db.len) != 0)) {
        memcpy(l->db, qe->db.data, qe->db.len);
        l->db[qe->db.len] = '\0';
        if (qe->db.len) {
            sc__buf_puts(b, "use ");
            put_ident(b, qe->db);
            sc__buf_puts(b, DELIM "\n");
        }
    }
    sc__buf_printf(b, "SET TIMESTAMP=%u", ev->header.timestamp);
    if (q.usec && q.usec <= 999999)
        sc__buf_printf(b, ".%06u", q.usec);
    sc__buf_puts(b, DELIM "\n");
    if (!l->thread_id_printed ||
        ((ev->header.flags & SC_EVF_THREAD_SPECIFIC) && qe->thread_id != l->thread_id)) {
        sc__buf_printf(b, "SET @@session.pseudo_thread_id=%u" DELIM "\n", qe->thread_id);
        l->thread_id = qe->thread_id;
        l->thread_id_printed = true;
    }
    query_session(l, &q);
    sc__buf_put(b, qe->text.data, qe->text.len);
    sc__buf_puts(b, "\n" DELIM "\n");
}

static void text_annotate_into(sc_buf *b, const sc_binlog_event *ev, sc_slice text, bool crc)
{
    const uint8_t *p = text.data, *end = text.data + text.len;

    put_header(b, ev, crc);
    sc__buf_puts(b, "\tAnnotate_rows:\n");
    while (p < end) {
        const uint8_t *e;
        while (p < end && (*p == '\r' || *p == '\n'))
            p++;
        if (p >= end)
            break;
        for (e = p + 1; e < end && *e != '\r' && *e != '\n'; e++)
            ;
        sc__buf_puts(b, "#Q> ");
        sc__buf_put(b, p, (size_t)(e - p));
        sc__buf_putc(b, '\n');
        p = e;
    }
}

static void text_misc(lister *l, const sc_binlog_event *ev, const sc_event *de)
{
    sc_buf *b = &l->out;

    put_header(b, ev, l->crc);
    switch (ev->header.type) {
    case SC_EV_XID:
        sc__buf_printf(b, "\tXid = %llu\nCOMMIT" DELIM "\n", (unsigned long long)de->u.xid.xid);
        break;
    case SC_EV_ROTATE:
        sc__buf_puts(b, "\tRotate to ");
        sc__buf_put(b, de->u.rotate.name.data, de->u.rotate.name.len);
        sc__buf_printf(b, "  pos: %llu\n", (unsigned long long)de->u.rotate.position);
        break;
    case SC_EV_BINLOG_CHECKPOINT:
        sc__buf_puts(b, "\tBinlog checkpoint ");
        sc__buf_put(b, de->u.checkpoint.name.data, de->u.checkpoint.name.len);
        sc__buf_putc(b, '\n');
        break;
    case SC_EV_GTID_LIST: {
        const sc_ev_gtid_list *g = &de->u.gtid_list;
        size_t n = g->count_flags & 0x0FFFFFFF;
        sc__buf_puts(b, "\tGtid list [");
        for (size_t i = 0; i < n; i++)
            sc__buf_printf(b, "%s%u-%u-%llu", i ? ",\n# " : "", g->gtids[i].domain_id,
                           g->gtids[i].server_id, (unsigned long long)g->gtids[i].seq_no);
        sc__buf_puts(b, "]\n");
        break;
    }
    case 3: /* STOP */
        sc__buf_puts(b, "\tStop\n");
        break;
    default:
        sc__buf_printf(b, "\tIgnorable\n# Ignorable event type %u (%s)\n", ev->header.type,
                       sc_binlog_event_type_name(ev->header.type));
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Filters                                                              */

static int parse_gtids(gtid_pos *out, size_t *n, sc_ctx *ctx, const char *text, const char *opt)
{
    const char *p = text;

    *n = 0;
    while (p && *p) {
        unsigned long d, s;
        unsigned long long q;
        int used = 0;
        if (sscanf(p, "%lu-%lu-%llu%n", &d, &s, &q, &used) != 3 || d > UINT32_MAX ||
            s > UINT32_MAX || (p[used] && p[used] != ','))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "%s: '%s' is not a GTID list (DOMAIN-SERVER-SEQ[,...])", opt, text);
        for (size_t i = 0; i < *n; i++)
            if (out[i].domain == d)
                return sc_error_set(ctx, SC_EINVAL, 0, NULL, "%s: domain %lu given twice", opt, d);
        if (*n == MAX_DOMAINS)
            return sc_error_set(ctx, SC_EINVAL, 0, NULL, "%s: more than %d domains", opt,
                                MAX_DOMAINS);
        out[*n].domain = (uint32_t)d;
        out[(*n)++].seq = q;
        p += used;
        if (*p == ',')
            p++;
    }
    return SC_OK;
}

static const gtid_pos *find_domain(const gtid_pos *v, size_t n, uint32_t domain)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].domain == domain)
            return &v[i];
    return NULL;
}

/* A GTID starts a group: decide whether it is printed, or whether to stop. */
static void gtid_filter(lister *l, const sc_ev_gtid *g)
{
    const gtid_pos *s = find_domain(l->start, l->nstart, g->domain_id);
    const gtid_pos *e = find_domain(l->stop, l->nstop, g->domain_id);

    l->skip_group = s && g->seq_no <= s->seq;
    if (e && g->seq_no > e->seq) {
        l->skip_group = true;
        /* stop once every stop domain is past its GTID: here, the simple case of one */
        if (l->nstop == 1)
            l->stopped = true;
    }
}

static bool name_is(sc_slice s, const char *want, size_t n)
{
    return s.len == n && memcmp(s.data, want, n) == 0;
}

/* The --table argument "T" or "DB.T" against a table map. */
static bool table_wanted(const lister *l, sc_slice db, sc_slice table)
{
    const char *t = l->o->table, *dot;

    if (l->o->database && !name_is(db, l->o->database, strlen(l->o->database)))
        return false;
    if (!t)
        return true;
    dot = strchr(t, '.');
    if (dot)
        return name_is(db, t, (size_t)(dot - t)) && name_is(table, dot + 1, strlen(dot + 1));
    return name_is(table, t, strlen(t));
}

/* ------------------------------------------------------------------ */
/* JSON                                                                 */

static void json_str(sc_buf *b, const uint8_t *s, size_t n)
{
    sc__buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        uint8_t c = s[i];
        if (c == '"' || c == '\\')
            sc__buf_printf(b, "\\%c", c);
        else if (c < 0x20)
            sc__buf_printf(b, "\\u%04x", c);
        else
            sc__buf_putc(b, (char)c);
    }
    sc__buf_putc(b, '"');
}

/* Valid UTF-8 (no overlongs, no surrogates)? */
static bool utf8_valid(const uint8_t *s, size_t n)
{
    size_t i = 0;

    while (i < n) {
        uint8_t c = s[i];
        size_t k;
        uint32_t cp;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            k = 1, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF)
            k = 2, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4)
            k = 3, cp = c & 0x07;
        else
            return false;
        if (n - i <= k)
            return false;
        for (size_t j = 1; j <= k; j++) {
            if ((s[i + j] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if ((k == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (k == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return false;
        i += k + 1;
    }
    return true;
}

static void json_hex(sc_buf *b, sc_slice s)
{
    static const char hex[] = "0123456789abcdef";
    uint8_t *p;

    sc__buf_puts(b, "{\"hex\":\"");
    if ((p = sc__buf_append(b, 2 * s.len)) != NULL)
        for (size_t i = 0; i < s.len; i++) {
            p[2 * i] = (uint8_t)hex[s.data[i] >> 4];
            p[2 * i + 1] = (uint8_t)hex[s.data[i] & 15];
        }
    sc__buf_puts(b, "\"}");
}

/* Text as a JSON string when it is UTF-8, else {"hex": "..."}. */
static void json_slice(sc_buf *b, sc_slice s)
{
    if (utf8_valid(s.data, s.len))
        json_str(b, s.data, s.len);
    else
        json_hex(b, s);
}

/* Integers and floats a double holds exactly stay JSON numbers. */
static bool json_number_ok(const sc_binlog_value *v, const sc_binlog_column *c, uint8_t t)
{
    const uint64_t big = 1ull << 53;

    if (t == SC_MT_YEAR || t == SC_MT_TIME || t == SC_MT_DATETIME)
        return false;
    if (v->kind == SC_VAL_UINT)
        return v->v.u <= big;
    if (v->kind == SC_VAL_INT) {
        if (c->has_unsigned && c->is_unsigned)
            return sc_binlog_value_uint(v, c) <= big;
        return v->v.i <= (int64_t)big && v->v.i >= -(int64_t)big;
    }
    if (v->kind == SC_VAL_FLOAT)
        return isfinite(v->v.f);
    return v->kind == SC_VAL_DOUBLE && isfinite(v->v.d);
}

static void json_value(sc_buf *b, sc_buf *tmp, const sc_binlog_value *v, const sc_binlog_column *c)
{
    unsigned len;
    uint8_t t = sc_column__real_type(c, &len);

    if (v->kind == SC_VAL_NULL) {
        sc__buf_puts(b, "null");
        return;
    }
    if (v->kind == SC_VAL_BYTES && c->charset == 63) {
        json_hex(b, v->v.str);
        return;
    }
    tmp->len = 0;
    sc_decode__plain(tmp, v, c);
    if (json_number_ok(v, c, t))
        sc__buf_put(b, tmp->data, tmp->len);
    else
        json_slice(b, (sc_slice){tmp->data, tmp->len});
}

static void json_common(sc_buf *b, const lister *l, const sc_binlog_event *ev)
{
    sc__buf_puts(b, "{\"file\":");
    json_str(b, (const uint8_t *)l->file, strlen(l->file));
    sc__buf_printf(b,
                   ",\"pos\":%llu,\"end_log_pos\":%u,\"timestamp\":%u,\"server_id\":%u,"
                   "\"type\":\"%s\",\"type_code\":%u,\"flags\":%u",
                   (unsigned long long)ev->offset, ev->header.log_pos, ev->header.timestamp,
                   ev->header.server_id, sc_binlog_event_type_name(ev->header.type),
                   ev->header.type, ev->header.flags);
    if (ev->has_checksum && ev->header.type != SC_EV_FORMAT_DESCRIPTION)
        sc__buf_printf(b, ",\"crc32\":\"0x%08x\"", ev->checksum);
}

static void json_column(sc_buf *b, sc_buf *tmp, const sc_binlog_column *c, size_t i)
{
    sc__buf_printf(b, "{\"n\":%zu", i + 1);
    if (c->name.len) {
        sc__buf_puts(b, ",\"name\":");
        json_slice(b, c->name);
    }
    tmp->len = 0;
    sc_decode__sql_type(tmp, c);
    sc__buf_puts(b, ",\"type\":");
    json_str(b, tmp->data, tmp->len);
    tmp->len = 0;
    sc_print__type(tmp, c);
    sc__buf_puts(b, ",\"binlog_type\":");
    json_str(b, tmp->data, tmp->len);
    sc__buf_printf(b, ",\"type_code\":%u,\"meta\":%u,\"nullable\":%s", c->type, c->meta,
                   c->nullable ? "true" : "false");
    if (c->has_unsigned)
        sc__buf_printf(b, ",\"unsigned\":%s", c->is_unsigned ? "true" : "false");
    if (c->charset) {
        const sc_collation_info *co = sc_charset__collation_by_id(c->charset);
        sc__buf_printf(b, ",\"collation_id\":%u", c->charset);
        if (co)
            sc__buf_printf(b, ",\"collation\":\"%s\"", co->name);
    }
    sc__buf_putc(b, '}');
}

static void json_table_names(sc_buf *b, uint64_t id, sc_slice db, sc_slice table)
{
    sc__buf_printf(b, ",\"table_id\":%llu,\"database\":", (unsigned long long)id);
    json_slice(b, db);
    sc__buf_puts(b, ",\"table\":");
    json_slice(b, table);
}

static void json_image(sc_buf *b,
                       sc_buf *tmp,
                       const sc_binlog_table *t,
                       const sc_binlog_value *v,
                       const bool *present,
                       size_t ncols)
{
    bool first = true;

    sc__buf_putc(b, '{');
    for (size_t i = 0; i < ncols; i++) {
        const sc_binlog_column *c = &t->columns[i];
        if (!present[i])
            continue;
        if (!first)
            sc__buf_putc(b, ',');
        first = false;
        if (c->name.len) {
            json_slice(b, c->name);
        } else {
            sc__buf_printf(b, "\"@%zu\"", i + 1);
        }
        sc__buf_putc(b, ':');
        json_value(b, tmp, &v[i], c);
    }
    sc__buf_putc(b, '}');
}

/* ------------------------------------------------------------------ */
/* Table maps completed by opts->schema                                 */

static void fills_clear(lister *l)
{
    for (size_t i = 0; i < l->nfills; i++) {
        sc_free(l->ctx, l->fills[i].cols);
        sc__buf_free(&l->fills[i].names);
    }
    l->nfills = 0;
}

static tmap_fill *fill_find(lister *l, uint64_t table_id)
{
    for (size_t i = l->nfills; i-- > 0;)
        if (l->fills[i].table_id == table_id)
            return &l->fills[i];
    return NULL;
}

/* A new entry for table_id (replacing an older one of the same id). */
static tmap_fill *fill_new(lister *l, uint64_t table_id)
{
    tmap_fill *f = fill_find(l, table_id);

    if (f) {
        sc_free(l->ctx, f->cols);
        sc__buf_free(&f->names);
    } else {
        if (l->nfills == l->capfills) {
            size_t cap = l->capfills ? 2 * l->capfills : 8;
            tmap_fill *n = sc__realloc(l->ctx, l->fills, cap * sizeof(*n));
            if (!n)
                return NULL;
            l->fills = n;
            l->capfills = cap;
        }
        f = &l->fills[l->nfills++];
    }
    memset(f, 0, sizeof(*f));
    f->table_id = table_id;
    sc__buf_init(&f->names, l->ctx);
    return f;
}

/* Ask opts->schema about the map tm (the Table_map event ev); keep what it set. */
static int fill_map(lister *l, const sc_binlog_event *ev, const sc_ev_table_map *tm)
{
    tmap_fill *f = fill_new(l, tm->table_id);
    sc_decode_table_info info;
    size_t *offs;
    int rc;

    if (!f)
        return SC_ENOMEM;
    f->cols = sc__calloc(l->ctx, tm->ncols ? tm->ncols : 1, sizeof(*f->cols));
    offs = sc__calloc(l->ctx, tm->ncols ? tm->ncols : 1, sizeof(*offs));
    if (!f->cols || !offs) {
        sc_free(l->ctx, offs);
        return SC_ENOMEM;
    }
    memcpy(f->cols, tm->columns, tm->ncols * sizeof(*f->cols));
    info = (sc_decode_table_info){l->file, ev->offset, tm->db, tm->table, tm->ncols, f->cols, 0};
    rc = l->o->schema(&info, l->o->schema_payload);
    for (size_t i = 0; !rc && i < tm->ncols; i++) { /* copy the names: the buffer may move */
        offs[i] = f->names.len;
        sc__buf_put(&f->names, f->cols[i].name.data, f->cols[i].name.len);
    }
    for (size_t i = 0; !rc && !f->names.failed && i < tm->ncols; i++)
        f->cols[i].name.data = f->names.data ? f->names.data + offs[i] : NULL;
    sc_free(l->ctx, offs);
    if (!rc && f->names.failed)
        rc = SC_ENOMEM;
    f->catalog_id = info.catalog_table_id;
    f->tab = (sc_binlog_table){tm->table_id, tm->db, tm->table, tm->ncols, f->cols};
    return rc;
}

static int json_rows(lister *l, sc_buf *tmp, sc_binlog_rows *it, uint64_t catalog_id)
{
    static const char *const kind[3] = {"insert", "update", "delete"};
    const sc_binlog_table *t = sc_binlog_rows_table(it);
    const sc_binlog_row *row;
    sc_buf *b = &l->out;
    int rc;

    json_table_names(b, t->table_id, t->db, t->table);
    if (catalog_id)
        sc__buf_printf(b, ",\"catalog_table_id\":%llu", (unsigned long long)catalog_id);
    sc__buf_printf(b, ",\"kind\":\"%s\",\"rows\":[", kind[sc_binlog_rows_kind(it)]);
    while ((rc = sc_binlog_rows_next(&row, it)) == SC_OK && row) {
        if (row->index)
            sc__buf_putc(b, ',');
        sc__buf_putc(b, '{');
        if (row->before) {
            sc__buf_puts(b, "\"before\":");
            json_image(b, tmp, t, row->before, row->before_present, row->ncols);
        }
        if (row->after) {
            sc__buf_puts(b, row->before ? ",\"after\":" : "\"after\":");
            json_image(b, tmp, t, row->after, row->after_present, row->ncols);
        }
        sc__buf_putc(b, '}');
        if ((rc = maybe_flush(l)))
            return rc;
    }
    sc__buf_putc(b, ']');
    return rc;
}

static int json_event(lister *l, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    const sc_event *de = sc_binlog_reader__event(r);
    sc_buf *b = &l->out, tmp, zbuf;
    sc_event zq;
    int rc = SC_OK;

    memset(&zq, 0, sizeof(zq));
    sc__buf_init(&tmp, l->ctx);
    sc__buf_init(&zbuf, l->ctx);
    json_common(b, l, ev);
    switch (ev->header.type) {
    case SC_EV_FORMAT_DESCRIPTION:
        sc__buf_printf(b, ",\"binlog_version\":%u,\"server_version\":", de->u.fde.binlog_version);
        json_slice(b, (sc_slice){(const uint8_t *)de->u.fde.server_version,
                                 strlen(de->u.fde.server_version)});
        sc__buf_printf(b, ",\"created\":%u,\"checksum\":\"%s\"", de->u.fde.create_timestamp,
                       sc_binlog_reader_checksum(r) == SC_CHECKSUM_CRC32 ? "CRC32" : "NONE");
        break;
    case SC_EV_GTID: {
        const sc_ev_gtid *g = &de->u.gtid;
        sc__buf_printf(b, ",\"gtid\":\"%u-%u-%llu\",\"flags2\":%u,\"standalone\":%s,\"ddl\":%s",
                       g->domain_id, ev->header.server_id, (unsigned long long)g->seq_no, g->flags2,
                       g->flags2 & SC_GTID_STANDALONE ? "true" : "false",
                       g->flags2 & SC_GTID_DDL ? "true" : "false");
        if (g->flags2 & SC_GTID_GROUP_COMMIT_ID)
            sc__buf_printf(b, ",\"commit_id\":%llu", (unsigned long long)g->commit_id);
        break;
    }
    case SC_EV_GTID_LIST: {
        size_t n = de->u.gtid_list.count_flags & 0x0FFFFFFF;
        sc__buf_puts(b, ",\"gtids\":[");
        for (size_t i = 0; i < n; i++)
            sc__buf_printf(b, "%s\"%u-%u-%llu\"", i ? "," : "", de->u.gtid_list.gtids[i].domain_id,
                           de->u.gtid_list.gtids[i].server_id,
                           (unsigned long long)de->u.gtid_list.gtids[i].seq_no);
        sc__buf_putc(b, ']');
        break;
    }
    case SC_EV_BINLOG_CHECKPOINT:
        sc__buf_puts(b, ",\"binlog_file\":");
        json_slice(b, de->u.checkpoint.name);
        break;
    case SC_EV_ROTATE:
        sc__buf_puts(b, ",\"next_file\":");
        json_slice(b, de->u.rotate.name);
        sc__buf_printf(b, ",\"next_position\":%llu", (unsigned long long)de->u.rotate.position);
        break;
    case SC_EV_QUERY_COMPRESSED:
        if ((rc = inflate_query(l, &zq, &zbuf, r, ev)) != SC_OK)
            break;
        de = &zq;
        /* fall through */
    case SC_EV_QUERY: {
        qvars q;
        read_qvars(&q, de->u.query.status_vars);
        sc__buf_printf(b, ",\"thread_id\":%u,\"exec_time\":%u,\"error_code\":%u,\"database\":",
                       de->u.query.thread_id, de->u.query.exec_time, de->u.query.error_code);
        json_slice(b, de->u.query.db);
        if (q.has_sql_mode)
            sc__buf_printf(b, ",\"sql_mode\":%llu", (unsigned long long)q.sql_mode);
        if (q.has_flags2)
            sc__buf_printf(b, ",\"flags2\":%u", q.flags2);
        if (q.xid)
            sc__buf_printf(b, ",\"xid\":%llu", (unsigned long long)q.xid);
        sc__buf_puts(b, ",\"statement\":");
        json_slice(b, de->u.query.text);
        break;
    }
    case SC_EV_XID:
        sc__buf_printf(b, ",\"xid\":%llu", (unsigned long long)de->u.xid.xid);
        break;
    case SC_EV_ANNOTATE_ROWS:
        sc__buf_puts(b, ",\"statement\":");
        json_slice(b, de->u.annotate.text);
        break;
    case SC_EV_TABLE_MAP: {
        const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, de->u.table_map.table_id);
        const sc_binlog_column *cols = tm->columns;
        tmap_fill *f = NULL;
        if (l->o->schema) {
            if ((rc = fill_map(l, ev, tm)) != SC_OK)
                break;
            f = fill_find(l, tm->table_id);
            cols = f->cols;
        }
        json_table_names(b, tm->table_id, tm->db, tm->table);
        if (f && f->catalog_id)
            sc__buf_printf(b, ",\"catalog_table_id\":%llu", (unsigned long long)f->catalog_id);
        sc__buf_puts(b, ",\"columns\":[");
        for (size_t i = 0; i < tm->ncols; i++) {
            if (i)
                sc__buf_putc(b, ',');
            json_column(b, &tmp, &cols[i], i);
        }
        sc__buf_putc(b, ']');
        break;
    }
    default:
        if (sc_decode__is_rows(ev->header.type)) {
            sc_binlog_rows *it = NULL;
            const tmap_fill *f = fill_find(l, rows_table_id(ev));
            sc__buf_printf(b, ",\"stmt_end\":%s",
                           rows_flags(ev) & SC_ROWS_STMT_END ? "true" : "false");
            rc = f ? sc_binlog_rows_open_table(&it, r, ev, &f->tab)
                   : sc_binlog_rows_open(&it, r, ev);
            if (rc == SC_ENOTFOUND) {
                sc__buf_printf(b, ",\"table_id\":%llu,\"unknown_table\":true",
                               (unsigned long long)rows_table_id(ev));
                rc = SC_OK;
            } else if (rc == SC_OK) {
                rc = json_rows(l, &tmp, it, f ? f->catalog_id : 0);
            }
            sc_binlog_rows_close(it);
            if (rows_flags(ev) & SC_ROWS_STMT_END) /* a statement's maps end with it */
                fills_clear(l);
        }
        break;
    }
    sc__buf_puts(b, "}\n");
    sc_event__clear(l->ctx, &zq);
    sc__buf_free(&zbuf);
    sc__buf_free(&tmp);
    return rc ? rc : maybe_flush(l);
}

/* ------------------------------------------------------------------ */
/* Rows events in the listing                                           */

static int text_rows(lister *l, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    static const char *const names[2][3] = {
        {"Write_rows", "Update_rows", "Delete_rows"},
        {"Write_compressed_rows", "Update_compressed_rows", "Delete_compressed_rows"}};
    uint8_t plain = (uint8_t)sc_decode__plain_type(ev->header.type);
    sc_binlog_rows *it = NULL;
    const sc_binlog_row *row;
    bool end = (rows_flags(ev) & SC_ROWS_STMT_END) != 0;
    int rc;

    put_header(&l->head.buf, ev, l->crc);
    sc__buf_printf(&l->head.buf, "\t%s: table id %llu%s\n",
                   names[plain != ev->header.type][sc_event__rows_kind(plain)],
                   (unsigned long long)rows_table_id(ev), end ? " flags: STMT_END_F" : "");
    rc = sc_binlog_rows_open(&it, r, ev);
    if (rc == SC_ENOTFOUND) {
        sc_print__unknown_table(&l->tail.buf, rows_table_id(ev));
        rc = SC_OK;
    }
    while (rc == SC_OK && it && (rc = sc_binlog_rows_next(&row, it)) == SC_OK && row) {
        rc = sc_decode__row_text(&l->tail.buf, it, row);
        l->nrows++;
        spool_spill(&l->tail);
    }
    sc_binlog_rows_close(it);
    spool_spill(&l->head);
    if (rc || !end)
        return rc;
    if ((rc = spool_drain(l, &l->head)) || (rc = spool_drain(l, &l->tail)))
        return rc;
    sc__buf_printf(&l->out, "# Number of rows: %llu\n", (unsigned long long)l->nrows);
    l->nrows = 0;
    return maybe_flush(l);
}

static int text_event(lister *l, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    const sc_event *de = sc_binlog_reader__event(r);
    int rc = SC_OK;

    sc__buf_printf(&l->out, "# at %llu\n", (unsigned long long)ev->offset);
    switch (ev->header.type) {
    case SC_EV_FORMAT_DESCRIPTION:
        text_fde(l, ev, &de->u.fde);
        break;
    case SC_EV_GTID:
        text_gtid(l, ev, &de->u.gtid);
        break;
    case SC_EV_QUERY:
        text_query(l, ev, &de->u.query);
        break;
    case SC_EV_ANNOTATE_ROWS:
        text_annotate_into(&l->head.buf, ev, de->u.annotate.text, l->crc);
        spool_spill(&l->head);
        break;
    case SC_EV_TABLE_MAP: {
        const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, de->u.table_map.table_id);
        put_header(&l->head.buf, ev, l->crc);
        sc__buf_puts(&l->head.buf, "\tTable_map: ");
        put_ident(&l->head.buf, tm->db);
        sc__buf_putc(&l->head.buf, '.');
        put_ident(&l->head.buf, tm->table);
        sc__buf_printf(&l->head.buf, " mapped to number %llu%s\n", (unsigned long long)tm->table_id,
                       tm->flags & (1u << 14) ? " (has triggers)" : "");
        rc = spool_drain(l, &l->head);
        break;
    }
    case SC_EV_QUERY_COMPRESSED: {
        sc_event q;
        sc_buf buf;
        sc__buf_init(&buf, l->ctx);
        if ((rc = inflate_query(l, &q, &buf, r, ev)) == SC_OK)
            text_query(l, ev, &q.u.query);
        sc_event__clear(l->ctx, &q);
        sc__buf_free(&buf);
        break;
    }
    default:
        if (sc_decode__is_rows(ev->header.type))
            rc = text_rows(l, r, ev);
        else
            text_misc(l, ev, de);
        break;
    }
    return rc ? rc : maybe_flush(l);
}

/* ------------------------------------------------------------------ */
/* Driving                                                              */

/* Is this event printed (filters)? Updates the group and stop state. */
static bool wanted(lister *l, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    const sc_event *de = sc_binlog_reader__event(r);
    uint8_t t = ev->header.type;

    if (t == SC_EV_FORMAT_DESCRIPTION)
        return true;
    if (l->first_file && l->o->start_position && ev->offset < l->o->start_position)
        return false;
    if (t == SC_EV_GTID) {
        gtid_filter(l, &de->u.gtid);
        if (l->stopped)
            return false;
    }
    if (t == SC_EV_ROTATE || t == SC_EV_GTID_LIST || t == SC_EV_BINLOG_CHECKPOINT || t == 3)
        return true;
    if (l->skip_group)
        return false;
    if (t == SC_EV_QUERY && l->o->database)
        return name_is(de->u.query.db, l->o->database, strlen(l->o->database));
    if (t == SC_EV_QUERY_COMPRESSED && l->o->database) /* the db is before the compressed part */
        return ev->body.len > 13 + (size_t)sc_get_u16le(ev->body.data + 11) + ev->body.data[8] &&
               name_is((sc_slice){ev->body.data + 13 + sc_get_u16le(ev->body.data + 11),
                                  ev->body.data[8]},
                       l->o->database, strlen(l->o->database));
    if (t == SC_EV_TABLE_MAP) {
        const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, de->u.table_map.table_id);
        return table_wanted(l, tm->db, tm->table);
    }
    if (sc_decode__is_rows(t) && (l->o->database || l->o->table)) {
        const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, rows_table_id(ev));
        return tm && table_wanted(l, tm->db, tm->table);
    }
    return true;
}

/* mariadb-binlog starts every file with a fresh PRINT_EVENT_INFO: all session
 * state is printed again at the first events of the next file. */
static void reset_session(lister *l)
{
    l->db[0] = '\0';
    l->thread_id_printed = l->flags2_inited = l->sql_mode_inited = l->charset_inited = false;
    l->thread_id = l->flags2 = 0;
    l->sql_mode = 0;
    l->ai_inc = l->ai_off = 0;
    memset(l->charset, 0, sizeof(l->charset));
    l->time_zone[0] = '\0';
    l->lc_time_names = UINT32_MAX;
    l->charset_db = UINT32_MAX;
    l->allow_parallel_printed = l->domain_printed = l->server_printed = false;
    l->allow_parallel = true;
    l->domain_id = l->server_id = 0;
}

static int decode_file(lister *l, const char *path)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    const char *slash = strrchr(path, '/');
    int rc = sc_binlog_reader_open(&r, l->ctx, path);

    l->file = slash ? slash + 1 : path;
    if (rc)
        return rc;
    l->crc = sc_binlog_reader_checksum(r) == SC_CHECKSUM_CRC32;
    reset_session(l);
    if (l->o->format == SC_DECODE_TEXT)
        sc__buf_puts(&l->out, "DELIMITER " DELIM "\n");
    while ((rc = sc_binlog_reader_next(&ev, r)) == SC_OK && ev) {
        if (l->last_file && l->o->stop_position && ev->offset >= l->o->stop_position) {
            l->stopped = true;
            break;
        }
        if (!wanted(l, r, ev)) {
            if (l->stopped)
                break;
            continue;
        }
        rc = l->o->format == SC_DECODE_JSON ? json_event(l, r, ev) : text_event(l, r, ev);
        if (rc)
            break;
    }
    if (l->o->format == SC_DECODE_TEXT) {
        int rc2 = spool_drain(l, &l->head);
        if (!rc2)
            rc2 = spool_drain(l, &l->tail);
        if (!rc)
            rc = rc2;
        sc__buf_puts(&l->out, "DELIMITER ;\n");
    }
    fills_clear(l);
    sc_binlog_reader_close(r);
    return rc;
}

static int check_options(lister *l, const sc_decode_options *o)
{
    int rc;

    if (!o || o->version != SC_DECODE_OPTIONS_VERSION)
        return sc_error_set(l->ctx, SC_EINVAL, 0, NULL,
                            "binlog decode: options of an unknown version");
    if (o->format != SC_DECODE_TEXT && o->format != SC_DECODE_JSON)
        return sc_error_set(l->ctx, SC_EINVAL, 0, NULL, "binlog decode: unknown format %d",
                            (int)o->format);
    if (o->schema && o->format != SC_DECODE_JSON)
        return sc_error_set(l->ctx, SC_EINVAL, 0, NULL,
                            "binlog decode: column names from a schema history are for "
                            "--format=json (the -vv listing prints none)");
    if (o->start_gtid &&
        (rc = parse_gtids(l->start, &l->nstart, l->ctx, o->start_gtid, "--start-gtid")))
        return rc;
    if (o->stop_gtid && (rc = parse_gtids(l->stop, &l->nstop, l->ctx, o->stop_gtid, "--stop-gtid")))
        return rc;
    return SC_OK;
}

int sc_binlog_decode(sc_ctx *ctx,
                     const char *const *paths,
                     size_t npaths,
                     const sc_decode_options *opts,
                     sc_decode_write_fn write,
                     void *payload)
{
    lister *l = sc__calloc(ctx, 1, sizeof(*l));
    int rc;

    if (!l)
        return SC_ENOMEM;
    l->ctx = ctx;
    l->o = opts;
    l->write = write;
    l->payload = payload;
    sc__buf_init(&l->out, ctx);
    sc__buf_init(&l->head.buf, ctx);
    sc__buf_init(&l->tail.buf, ctx);
    rc = check_options(l, opts);
    if (!rc && opts->format == SC_DECODE_TEXT)
        sc__buf_puts(&l->out, "/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=1*/;\n"
                              "/*!40019 SET @@session.max_delayed_threads=0*/;\n"
                              "/*!50003 SET @OLD_COMPLETION_TYPE=@@COMPLETION_TYPE,"
                              "COMPLETION_TYPE=0*/;\n");
    for (size_t i = 0; !rc && i < npaths && !l->stopped; i++) {
        l->first_file = i == 0;
        l->last_file = i + 1 == npaths;
        rc = decode_file(l, paths[i]);
    }
    if (!rc && opts->format == SC_DECODE_TEXT)
        sc__buf_puts(&l->out, "# End of log file\nROLLBACK /* added by mysqlbinlog */;\n"
                              "/*!50003 SET COMPLETION_TYPE=@OLD_COMPLETION_TYPE*/;\n"
                              "/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=0*/;\n");
    {
        int rc2 = flush_out(l);
        if (!rc)
            rc = rc2;
    }
    spool_free(&l->head);
    spool_free(&l->tail);
    fills_clear(l);
    sc_free(ctx, l->fills);
    sc__buf_free(&l->out);
    sc_free(ctx, l);
    return rc;
}
