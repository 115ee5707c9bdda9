/*
 * stream.c - the catalog's binlog files served as a MariaDB replication
 * stream: what a server sends after COM_BINLOG_DUMP, built from the files of
 * a binlog directory with no socket involved (the server writes the events,
 * tests read them here).
 *
 * Per file the stream sends, as MariaDB's sql_repl.cc does: an artificial
 * ROTATE naming the file (timestamp 0, log_pos 0, LOG_EVENT_ARTIFICIAL_F),
 * the file's Format_description (log_pos and `created` 0 when the dump
 * starts inside the file), then the file's events from the start position;
 * after the file's ROTATE the next file the same way.
 *
 * The stream image. A client that has not announced stable table ids (every
 * stock MariaDB replica, mariadb-binlog) must see a TABLE_MAP in every
 * statement: the MariaDB applier forgets its maps at each statement end and
 * silently skips rows of an unmapped table (binlog-notes.md 5). So for such
 * a client each stored file is served as its *image*: the same events in the
 * same order, and before the first TABLE_MAP or rows event of every
 * statement, a copy of the file's latest TABLE_MAP (as of the statement's
 * start) for each table the statement's rows use without mapping it first.
 * Every event's log_pos is its end offset in the image and its CRC32 is
 * recomputed, so the image is itself a valid binlog file and every position
 * the client sees, stores and sends back (file + offset) is an image
 * offset. A statement-mode file (every statement maps its tables) is its own
 * image, byte for byte. A client with stable ids gets the stored bytes.
 * Positions: docs/server.md "The binlog stream".
 *
 * Invariants: rpos/ipos are the stored and image offsets of the next event
 * of the current file (equal for a stable client); the maps are those of the
 * current file up to rpos; queued events are complete, final bytes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/event.h"
#include "replicate/log.h"

#define EV_HEARTBEAT 27
#define MAX_DOMAINS 64
/* Body offset of the FDE's create timestamp: binlog version u16 + server version. */
#define FDE_CREATED_OFF (2 + SC_SERVER_VERSION_LEN)

/** The latest TABLE_MAP of one table id in the current file (header + body, no CRC). */
typedef struct smap {
    uint64_t id;
    sc_buf ev;
} smap;

/** One event of a group being imaged. */
typedef struct gev {
    size_t off; /* stored offset */
    size_t len; /* stored length (with CRC) */
} gev;

struct sc_stream {
    sc_ctx *ctx;
    char *dir;
    sc_stream_options opt; /* copy; string members not kept */
    int send_alg;          /* checksum of artificial events: negotiated, then the file's */

    /* start */
    bool gtid_mode;
    sc_gtid want[MAX_DOMAINS]; /* the client's GTID state */
    size_t nwant;
    uint64_t start_pos; /* first file: image position of the first event to send */
    bool in_start_file;

    /* current file */
    uint32_t fileno;
    char name[32];
    int fd;
    uint8_t *data; /* mapped bytes [0, len) */
    size_t len;
    int alg;          /* the file's checksum algorithm, -1 before its FDE */
    uint64_t rpos;    /* stored offset of the next event */
    uint64_t ipos;    /* its image offset */
    bool header_done; /* artificial ROTATE + FDE sent */
    bool rotated;     /* the file's ROTATE was passed */
    bool done;        /* one_file: the file is finished */
    smap *maps;       /* sorted by id */
    size_t nmaps, capmaps;
    sc_gtid cur[MAX_DOMAINS]; /* binlog state up to rpos */
    size_t ncur;
    bool fake_list_pending; /* groups were skipped: send a GTID_LIST before the next event */

    /* group scratch */
    gev *gevs;
    size_t ngevs, capgevs;
    uint64_t *ids; /* ids of the statement being imaged */
    size_t nids, capids;
    uint64_t *missing;
    size_t nmissing, capmissing;
    sc_buf img; /* one image event being built */
    sc_buf art; /* one artificial event being built */

    /* output */
    sc_buf q;     /* queued events, back to back */
    size_t qhead; /* offset of the next one to hand out */
    sc_buf out;   /* the event handed out last */
    sc_buf hb;    /* the last heartbeat */
};

static int fatal(sc_stream *s, const char *fmt, ...) SC_PRINTF(2, 3);

static int fatal(sc_stream *s, const char *fmt, ...)
{
    char msg[400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_MASTER_FATAL_ERROR_READING_BINLOG_DUMP, msg);
}

static int not_an_event(sc_stream *s)
{
    return fatal(s,
                 "Client requested master to start replication from position %llu of '%s', "
                 "which is not the start of an event",
                 (unsigned long long)s->start_pos, s->name);
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static void unmap(sc_stream *s)
{
    if (s->data)
        munmap(s->data, s->len);
    s->data = NULL;
    s->len = 0;
}

static void close_file(sc_stream *s)
{
    unmap(s);
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
    for (size_t i = 0; i < s->nmaps; i++)
        sc__buf_free(&s->maps[i].ev);
    s->nmaps = 0;
}

/* Map the file again when it grew. */
static int remap(sc_stream *s)
{
    struct stat st;

    if (fstat(s->fd, &st) != 0)
        return sc_error_set(s->ctx, SC_EIO, 0, NULL, "%s: cannot stat: %s", s->name,
                            strerror(errno));
    if ((size_t)st.st_size <= s->len)
        return SC_OK;
    unmap(s);
    s->data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, s->fd, 0);
    if (s->data == MAP_FAILED) {
        s->data = NULL;
        return sc_error_set(s->ctx, SC_EIO, 0, NULL, "%s: cannot map: %s", s->name,
                            strerror(errno));
    }
    s->len = (size_t)st.st_size;
    return SC_OK;
}

static bool file_exists(const sc_stream *s, uint32_t fileno)
{
    char name[32], path[4096];
    struct stat st;

    sc_log__file_name(name, sizeof(name), fileno);
    snprintf(path, sizeof(path), "%s/%s", s->dir, name);
    return stat(path, &st) == 0;
}

static int open_file(sc_stream *s, uint32_t fileno)
{
    char path[4096];

    close_file(s);
    s->fileno = fileno;
    sc_log__file_name(s->name, sizeof(s->name), fileno);
    snprintf(path, sizeof(path), "%s/%s", s->dir, s->name);
    s->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (s->fd < 0)
        return fatal(s, "Could not find first log file name in binary log index file");
    s->alg = -1;
    s->rpos = s->ipos = SC_BINLOG_MAGIC_LEN;
    s->header_done = s->rotated = false;
    return remap(s);
}

/* Oldest and newest file numbers present in the directory (0 when none). */
static int file_range(uint32_t *first, uint32_t *last, sc_ctx *ctx, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    *first = *last = 0;
    if (!d)
        return sc_error_set(ctx, SC_EIO, 0, NULL, "%s: cannot open the binlog directory: %s", dir,
                            strerror(errno));
    while ((e = readdir(d)) != NULL) {
        uint32_t n = sc_log__file_number(e->d_name);
        if (n && (!*first || n < *first))
            *first = n;
        if (n > *last)
            *last = n;
    }
    closedir(d);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Framing                                                              */

/* 1: a complete, sound event at off (*len set); 0: not all written yet; <0: error. */
static int frame(size_t *len, sc_stream *s, uint64_t off)
{
    const uint8_t *p = s->data + off;
    uint32_t n, end;

    if (off + SC_EVENT_HEADER_LEN > s->len)
        return 0;
    n = sc_get_u32le(p + 9);
    end = sc_get_u32le(p + 13);
    if (n < SC_EVENT_HEADER_LEN)
        return fatal(s, "bogus data in log event; '%s' at %llu: event length %u", s->name,
                     (unsigned long long)off, n);
    if (off + n > s->len)
        return 0;
    if (end != 0 && end != off + n)
        return fatal(s,
                     "bogus data in log event; '%s' at %llu: end position %u, expected %llu "
                     "(not an event boundary?)",
                     s->name, (unsigned long long)off, end, (unsigned long long)(off + n));
    if ((s->alg == SC_CHECKSUM_CRC32 || p[4] == SC_EV_FORMAT_DESCRIPTION) &&
        n >= SC_EVENT_HEADER_LEN + SC_CHECKSUM_LEN) {
        uint32_t want = sc_get_u32le(p + n - SC_CHECKSUM_LEN);
        uint32_t got = (uint32_t)crc32(0L, p, n - SC_CHECKSUM_LEN);
        if (want != got && !(p[4] == SC_EV_FORMAT_DESCRIPTION && want == 0))
            return fatal(s, "event read from binlog did not pass crc check; '%s' at %llu", s->name,
                         (unsigned long long)off);
    }
    *len = n;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Output                                                               */

static void put_crc(uint8_t *ev, size_t len)
{
    sc_put_u32le(ev + len - SC_CHECKSUM_LEN,
                 (uint32_t)crc32(0L, ev, (uInt)(len - SC_CHECKSUM_LEN)));
}

static int queue(sc_stream *s, const uint8_t *ev, size_t len)
{
    uint8_t *p = sc__buf_append(&s->q, 4 + len);
    if (!p)
        return SC_ENOMEM;
    sc_put_u32le(p, (uint32_t)len);
    memcpy(p + 4, ev, len);
    return SC_OK;
}

/* An artificial event (timestamp 0, our server id, ARTIFICIAL) with body, checksummed per send_alg.
 */
static int artificial(sc_buf *b, sc_stream *s, uint8_t type, uint32_t log_pos, sc_slice body)
{
    bool crc = s->send_alg == SC_CHECKSUM_CRC32;
    size_t len = SC_EVENT_HEADER_LEN + body.len + (crc ? SC_CHECKSUM_LEN : 0);
    uint8_t *p;

    sc__buf_reset(b);
    p = sc__buf_append(b, len);
    if (!p)
        return SC_ENOMEM;
    memset(p, 0, SC_EVENT_HEADER_LEN);
    p[4] = type;
    sc_put_u32le(p + 5, s->opt.server_id);
    sc_put_u32le(p + 9, (uint32_t)len);
    sc_put_u32le(p + 13, log_pos);
    sc_put_u16le(p + 17, SC_EVF_ARTIFICIAL);
    if (body.len)
        memcpy(p + SC_EVENT_HEADER_LEN, body.data, body.len);
    if (crc)
        put_crc(p, len);
    return SC_OK;
}

static int send_fake_rotate(sc_stream *s, uint64_t pos)
{
    uint8_t body[8 + sizeof(s->name)];
    size_t n = strlen(s->name);
    int rc;

    sc_put_u64le(body, pos);
    memcpy(body + 8, s->name, n);
    rc = artificial(&s->art, s, SC_EV_ROTATE, 0, (sc_slice){body, 8 + n});
    return rc ? rc : queue(s, s->art.data, s->art.len);
}

/* A GTID_LIST with the state so far, at the current image position (MariaDB sends one
 * after the groups a GTID start skipped, so the client's file/pos moves past them). */
static int send_fake_gtid_list(sc_stream *s)
{
    uint8_t body[4 + MAX_DOMAINS * 16];
    size_t n = 4;
    int rc;

    sc_put_u32le(body, (uint32_t)s->ncur);
    for (size_t i = 0; i < s->ncur; i++, n += 16) {
        sc_put_u32le(body + n, s->cur[i].domain_id);
        sc_put_u32le(body + n + 4, s->cur[i].server_id);
        sc_put_u64le(body + n + 8, s->cur[i].seq_no);
    }
    s->fake_list_pending = false;
    rc = artificial(&s->art, s, SC_EV_GTID_LIST, (uint32_t)s->ipos, (sc_slice){body, n});
    return rc ? rc : queue(s, s->art.data, s->art.len);
}

/*
 * Put one image event (bytes of length len, to sit at image offset ipos) in
 * the queue, or drop it: before the start position, in a skipped GTID group,
 * or an ANNOTATE_ROWS the client did not ask for (a hole it tolerates).
 */
static int emit(sc_stream *s, uint8_t *ev, size_t len, bool skip)
{
    uint64_t at = s->ipos;
    int rc;

    s->ipos += len;
    if (!s->opt.stable_ids && s->ipos > UINT32_MAX)
        return fatal(s,
                     "the stream image of '%s' passes 4 GiB; log with binlog.table_map=statement "
                     "or a smaller binlog.max_file_size",
                     s->name);
    if (sc_get_u32le(ev + 13) != 0 && sc_get_u32le(ev + 13) != s->ipos) {
        sc_put_u32le(ev + 13, (uint32_t)s->ipos);
        if (s->alg == SC_CHECKSUM_CRC32)
            put_crc(ev, len);
    }
    if (s->in_start_file && at < s->start_pos)
        return s->ipos > s->start_pos ? not_an_event(s) : SC_OK;
    if (skip) {
        s->fake_list_pending = true;
        return SC_OK;
    }
    if (ev[4] == SC_EV_ANNOTATE_ROWS && !(s->opt.flags & SC_DUMP_SEND_ANNOTATE_ROWS) &&
        s->opt.capability >= SC_STREAM_CAP_TOLERATE_HOLES && !s->opt.one_file)
        return SC_OK;
    if (s->fake_list_pending && !s->opt.one_file) {
        s->ipos = at; /* the list stands where the skipped groups ended */
        rc = send_fake_gtid_list(s);
        s->ipos = at + len;
        if (rc)
            return rc;
    }
    return queue(s, ev, len);
}

/* Image a stored event unchanged but for log_pos (and CRC). */
static int emit_stored(sc_stream *s, uint64_t off, size_t len, bool skip)
{
    sc__buf_reset(&s->img);
    if (sc__buf_put(&s->img, s->data + off, len))
        return SC_ENOMEM;
    return emit(s, s->img.data, len, skip);
}

/* ------------------------------------------------------------------ */
/* TABLE_MAPs of the current file                                       */

static smap *map_find(sc_stream *s, uint64_t id)
{
    size_t lo = 0, hi = s->nmaps;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->maps[mid].id == id)
            return &s->maps[mid];
        if (s->maps[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int map_remember(sc_stream *s, uint64_t off, size_t len)
{
    uint64_t id = sc_get_u48le(s->data + off + SC_EVENT_HEADER_LEN);
    size_t body = len - (s->alg == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_LEN : 0);
    smap *m = map_find(s, id);

    if (!m) {
        size_t i = 0;
        if (sc__grow(s->ctx, (void **)&s->maps, &s->capmaps, s->nmaps, sizeof(*s->maps), 32))
            return SC_ENOMEM;
        while (i < s->nmaps && s->maps[i].id < id)
            i++;
        memmove(&s->maps[i + 1], &s->maps[i], (s->nmaps - i) * sizeof(*m));
        s->nmaps++;
        m = &s->maps[i];
        m->id = id;
        sc__buf_init(&m->ev, s->ctx);
    }
    sc__buf_reset(&m->ev);
    return sc__buf_put(&m->ev, s->data + off, body);
}

/* Emit the file's map of id as a TABLE_MAP of this statement, stamped like gtid_ev. */
static int emit_map_copy(sc_stream *s, uint64_t id, const uint8_t *gtid_ev, bool skip)
{
    smap *m = map_find(s, id);
    bool crc = s->alg == SC_CHECKSUM_CRC32;
    size_t len;
    uint8_t *p;

    if (!m)
        return SC_OK; /* never mapped in this file: the stored file cannot say more */
    len = m->ev.len + (crc ? SC_CHECKSUM_LEN : 0);
    sc__buf_reset(&s->img);
    p = sc__buf_append(&s->img, len);
    if (!p)
        return SC_ENOMEM;
    memcpy(p, m->ev.data, m->ev.len);
    memcpy(p, gtid_ev, 4);         /* timestamp of the transaction */
    memcpy(p + 5, gtid_ev + 5, 4); /* and its server id */
    sc_put_u32le(p + 9, (uint32_t)len);
    sc_put_u32le(p + 13, 0xFFFFFFFFu); /* forces emit() to set log_pos and the CRC */
    if (crc)
        put_crc(p, len);
    return emit(s, p, len, skip);
}

/* ------------------------------------------------------------------ */
/* Groups                                                               */

static bool is_rows(uint8_t type)
{
    return sc_event__is_rows(type);
}

static int push_id(uint64_t **arr, size_t *n, size_t *cap, sc_ctx *ctx, uint64_t id)
{
    if (sc__grow(ctx, (void **)arr, cap, *n, sizeof(**arr), 16))
        return SC_ENOMEM;
    (*arr)[(*n)++] = id;
    return SC_OK;
}

static bool has_id(const uint64_t *arr, size_t n, uint64_t id)
{
    for (size_t i = 0; i < n; i++)
        if (arr[i] == id)
            return true;
    return false;
}

static uint16_t rows_flags(const sc_stream *s, const gev *g)
{
    return sc_get_u16le(s->data + g->off + SC_EVENT_HEADER_LEN + 6);
}

static uint64_t event_tid(const sc_stream *s, const gev *g)
{
    return sc_get_u48le(s->data + g->off + SC_EVENT_HEADER_LEN);
}

/* The statement starting at event i ends at the returned index (inclusive). */
static size_t stmt_end(const sc_stream *s, size_t i, size_t n)
{
    for (; i < n; i++) {
        uint8_t t = s->data[s->gevs[i].off + 4];
        if (is_rows(t) && (rows_flags(s, &s->gevs[i]) & SC_ROWS_STMT_END))
            return i;
        if (t == SC_EV_XID || t == SC_EV_QUERY)
            return i;
    }
    return n - 1;
}

/* Image the events [i, e] of one statement: missing maps first, then its events. */
static int image_stmt(sc_stream *s, size_t i, size_t e, const uint8_t *gtid_ev, bool skip)
{
    bool inserted = s->opt.stable_ids;
    int rc = SC_OK;

    s->nids = s->nmissing = 0;
    for (size_t k = i; k <= e && !s->opt.stable_ids; k++) {
        uint8_t t = s->data[s->gevs[k].off + 4];
        uint64_t id;
        if (t != SC_EV_TABLE_MAP && !is_rows(t))
            continue;
        id = event_tid(s, &s->gevs[k]);
        if (has_id(s->ids, s->nids, id))
            continue;
        rc = push_id(&s->ids, &s->nids, &s->capids, s->ctx, id);
        if (!rc && is_rows(t))
            rc = push_id(&s->missing, &s->nmissing, &s->capmissing, s->ctx, id);
        if (rc)
            return rc;
    }
    for (size_t k = i; k <= e && rc == SC_OK; k++) {
        const gev *g = &s->gevs[k];
        uint8_t t = s->data[g->off + 4];
        if (!inserted && (t == SC_EV_TABLE_MAP || is_rows(t))) {
            for (size_t m = 0; m < s->nmissing && rc == SC_OK; m++)
                rc = emit_map_copy(s, s->missing[m], gtid_ev, skip);
            inserted = true;
        }
        if (rc == SC_OK && t == SC_EV_TABLE_MAP)
            rc = map_remember(s, g->off, g->len);
        if (rc == SC_OK)
            rc = emit_stored(s, g->off, g->len, skip);
    }
    return rc;
}

static void state_update(sc_gtid *arr, size_t *n, sc_gtid g)
{
    for (size_t i = 0; i < *n; i++)
        if (arr[i].domain_id == g.domain_id) {
            arr[i] = g;
            return;
        }
    if (*n < MAX_DOMAINS)
        arr[(*n)++] = g;
}

static const sc_gtid *state_find(const sc_gtid *arr, size_t n, uint32_t domain)
{
    for (size_t i = 0; i < n; i++)
        if (arr[i].domain_id == domain)
            return &arr[i];
    return NULL;
}

/* Is the QUERY event at g a COMMIT or ROLLBACK (end of a non-XID group)? */
static bool query_ends_group(const sc_stream *s, const gev *g)
{
    const uint8_t *b = s->data + g->off + SC_EVENT_HEADER_LEN;
    size_t blen = g->len - SC_EVENT_HEADER_LEN - (s->alg == SC_CHECKSUM_CRC32 ? 4 : 0);
    size_t vars, db, text;

    if (blen < 13)
        return false;
    db = b[8];
    vars = sc_get_u16le(b + 11);
    text = 13 + vars + db + 1;
    if (text > blen)
        return false;
    return (blen - text == 6 && !strncasecmp((const char *)b + text, "COMMIT", 6)) ||
           (blen - text == 8 && !strncasecmp((const char *)b + text, "ROLLBACK", 8));
}

/*
 * Collect the events of the group starting with the GTID at rpos. Returns 1
 * when the group is complete in the mapped bytes, 0 when it is not yet.
 */
static int collect_group(sc_stream *s)
{
    uint64_t off = s->rpos;
    bool standalone = false;

    s->ngevs = 0;
    for (;;) {
        size_t len;
        int rc = frame(&len, s, off);
        uint8_t t;
        if (rc <= 0)
            return rc;
        if (sc__grow(s->ctx, (void **)&s->gevs, &s->capgevs, s->ngevs, sizeof(*s->gevs), 64))
            return SC_ENOMEM;
        s->gevs[s->ngevs++] = (gev){off, len};
        t = s->data[off + 4];
        if (s->ngevs == 1)
            standalone = (s->data[off + SC_EVENT_HEADER_LEN + 12] & SC_GTID_STANDALONE) != 0;
        else if (t == SC_EV_XID || t == SC_EV_GTID)
            return t == SC_EV_XID ? 1
                                  : fatal(s,
                                          "bogus data in log event; '%s' at %llu: a GTID "
                                          "inside a transaction",
                                          s->name, (unsigned long long)off);
        else if (t == SC_EV_QUERY && (standalone || query_ends_group(s, &s->gevs[s->ngevs - 1])))
            return 1;
        off += len;
    }
}

/* Should the group of this GTID be skipped (the client has it already)? */
static bool gtid_skip(const sc_stream *s, sc_gtid g)
{
    const sc_gtid *w;

    if (!s->gtid_mode)
        return false;
    w = state_find(s->want, s->nwant, g.domain_id);
    return w && g.seq_no <= w->seq_no;
}

static int image_group(sc_stream *s)
{
    const uint8_t *ge = s->data + s->gevs[0].off;
    sc_gtid g;
    bool skip;
    uint8_t gtid_ev[SC_EVENT_HEADER_LEN];
    int rc;

    if (s->gevs[0].len < SC_EVENT_HEADER_LEN + 13)
        return fatal(s, "bogus data in log event; '%s' at %llu: short GTID event", s->name,
                     (unsigned long long)s->gevs[0].off);
    memcpy(gtid_ev, ge, sizeof(gtid_ev));
    g.seq_no = sc_get_u64le(ge + SC_EVENT_HEADER_LEN);
    g.domain_id = sc_get_u32le(ge + SC_EVENT_HEADER_LEN + 8);
    g.server_id = sc_get_u32le(ge + 5);
    skip = gtid_skip(s, g);
    state_update(s->cur, &s->ncur, g);
    rc = emit_stored(s, s->gevs[0].off, s->gevs[0].len, skip);
    for (size_t i = 1; i < s->ngevs && rc == SC_OK;) {
        size_t e = stmt_end(s, i, s->ngevs);
        rc = image_stmt(s, i, e, gtid_ev, skip);
        i = e + 1;
    }
    if (rc == SC_OK) {
        const gev *last = &s->gevs[s->ngevs - 1];
        s->rpos = last->off + last->len;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* File start                                                           */

/* The artificial ROTATE and the FDE that open every file of the stream: 1 done, 0 not written
 * yet, < 0 error. */
static int file_header(sc_stream *s)
{
    size_t len;
    int rc = frame(&len, s, SC_BINLOG_MAGIC_LEN);
    bool mid = s->in_start_file && s->start_pos > SC_BINLOG_MAGIC_LEN;
    uint8_t *p;

    if (rc <= 0)
        return rc;
    if (s->data[SC_BINLOG_MAGIC_LEN + 4] != SC_EV_FORMAT_DESCRIPTION ||
        memcmp(s->data, sc_binlog__magic, SC_BINLOG_MAGIC_LEN) ||
        len < SC_EVENT_HEADER_LEN + FDE_CREATED_OFF + 4 + 5)
        return fatal(s, "Failed to find format descriptor event in start of binlog '%s'", s->name);
    if (mid && s->start_pos < SC_BINLOG_MAGIC_LEN + len)
        return not_an_event(s);
    if (!s->opt.one_file && (rc = send_fake_rotate(s, s->in_start_file ? s->start_pos : 4)))
        return rc;
    sc__buf_reset(&s->img);
    if (sc__buf_put(&s->img, s->data + SC_BINLOG_MAGIC_LEN, len))
        return SC_ENOMEM;
    p = s->img.data;
    s->alg = p[len - 5];
    if (s->opt.checksum < 0 && s->alg == SC_CHECKSUM_CRC32 && !s->opt.one_file)
        return fatal(s, "Slave can not handle replication events with the checksum that master "
                        "is configured to log");
    sc_put_u16le(p + 17, sc_get_u16le(p + 17) & ~SC_EVF_BINLOG_IN_USE);
    if (mid && !s->opt.one_file)
        sc_put_u32le(p + 13, 0);
    if ((mid || (s->gtid_mode && s->nwant && s->in_start_file)) && !s->opt.one_file)
        sc_put_u32le(p + SC_EVENT_HEADER_LEN + FDE_CREATED_OFF, 0);
    put_crc(p, len);
    s->send_alg = s->alg;
    s->header_done = true;
    s->rpos = s->ipos = SC_BINLOG_MAGIC_LEN + len;
    if (s->opt.one_file && s->in_start_file && s->start_pos > SC_BINLOG_MAGIC_LEN)
        return 1;
    rc = queue(s, p, len);
    return rc ? rc : 1;
}

/* A stable client starting inside a file: the image is the file, seek straight there. */
static int stable_seek(sc_stream *s)
{
    size_t len;
    int rc;

    if (!s->opt.stable_ids || !s->in_start_file || s->start_pos <= s->rpos)
        return SC_OK;
    if (s->start_pos > s->len)
        return SC_OK; /* checked when caught up */
    s->rpos = s->ipos = s->start_pos;
    rc = frame(&len, s, s->rpos);
    return rc < 0 ? not_an_event(s) : SC_OK;
}

/* ------------------------------------------------------------------ */
/* The pump                                                             */

static int impossible(sc_stream *s)
{
    return fatal(s,
                 "Client requested master to start replication from impossible position; the "
                 "first event '%s' at %llu, the last event read from '%s' at %llu",
                 s->name, (unsigned long long)s->start_pos, s->name, (unsigned long long)s->ipos);
}

/* Nothing more in the mapped bytes: grow, move to the next file, or report "caught up" (0). */
static int at_end(sc_stream *s)
{
    size_t before = s->len;
    int rc = remap(s);

    if (rc)
        return rc;
    if (s->len > before)
        return 1;
    if (s->opt.one_file) {
        if (s->in_start_file && s->start_pos > s->ipos)
            return impossible(s);
        s->done = true;
        return 0;
    }
    if (!file_exists(s, s->fileno + 1))
        goto caught_up;
    /* The writer may have finished this file meanwhile: look once more. */
    if ((rc = remap(s)) != SC_OK)
        return rc;
    if (s->len > before)
        return 1;
    if (s->rpos < s->len)
        return fatal(s, "binlog truncated in the middle of event; '%s' at %llu", s->name,
                     (unsigned long long)s->rpos);
    if (s->in_start_file && s->start_pos > s->ipos)
        goto impossible;
    if (s->fake_list_pending && (rc = send_fake_gtid_list(s)))
        return rc;
    s->in_start_file = false;
    rc = open_file(s, s->fileno + 1);
    return rc ? rc : 1;
caught_up:
    if (s->in_start_file && s->start_pos > s->ipos)
        goto impossible;
    if (s->fake_list_pending && (rc = send_fake_gtid_list(s)))
        return rc;
    return 0;
impossible:
    return impossible(s);
}

/* Image the next group or event. 1 = progress, 0 = caught up, < 0 = error. */
static int step(sc_stream *s)
{
    size_t len;
    uint8_t t;
    int rc;

    if (s->done)
        return 0;
    if (!s->header_done) {
        rc = file_header(s);
        if (rc == 0)
            return at_end(s);
        if (rc < 0)
            return rc;
        rc = stable_seek(s);
        return rc ? rc : 1;
    }
    if (s->rotated) {
        if (s->opt.one_file) {
            s->done = true;
            return 0;
        }
        if (s->in_start_file && s->start_pos > s->ipos)
            return impossible(s);
        if (!file_exists(s, s->fileno + 1))
            return 0; /* the writer has not created it yet */
        s->rotated = false;
        s->in_start_file = false;
        rc = open_file(s, s->fileno + 1);
        return rc ? rc : 1;
    }
    rc = frame(&len, s, s->rpos);
    if (rc == 0)
        return at_end(s);
    if (rc < 0)
        return rc;
    t = s->data[s->rpos + 4];
    if (t == SC_EV_GTID) {
        rc = collect_group(s);
        if (rc == 0)
            return at_end(s);
        if (rc < 0)
            return rc;
        rc = image_group(s);
        return rc ? rc : 1;
    }
    if (t == SC_EV_GTID_LIST) {
        const uint8_t *b = s->data + s->rpos + SC_EVENT_HEADER_LEN;
        uint32_t n = sc_get_u32le(b) & 0x0FFFFFFF;
        s->ncur = 0;
        for (uint32_t i = 0; i < n && 4 + 16 * (size_t)(i + 1) <= len; i++)
            state_update(s->cur, &s->ncur,
                         (sc_gtid){sc_get_u32le(b + 4 + 16 * i), sc_get_u32le(b + 8 + 16 * i),
                                   sc_get_u64le(b + 12 + 16 * i)});
    }
    if (t == SC_EV_ROTATE)
        s->rotated = true;
    rc = emit_stored(s, s->rpos, len, false);
    s->rpos += len;
    return rc ? rc : 1;
}

/*
 * The artificial ROTATE and FDE of a start inside a file are held back until
 * the start position is reached, so a start that turns out impossible sends
 * nothing but the error (MariaDB checks the position before sending).
 */
static bool holding(const sc_stream *s)
{
    return s->in_start_file && s->ipos < s->start_pos;
}

int sc_stream_next(sc_slice *out, sc_stream *s)
{
    *out = (sc_slice){NULL, 0};
    for (;;) {
        int rc;
        if (s->qhead < s->q.len && !holding(s))
            break;
        if (s->qhead >= s->q.len) {
            sc__buf_reset(&s->q);
            s->qhead = 0;
        }
        rc = step(s);
        if (rc < 0)
            return rc;
        if (rc == 0) { /* caught up (a start past the end was refused by at_end) */
            if (s->qhead >= s->q.len)
                return SC_OK;
            break;
        }
    }
    {
        size_t len = sc_get_u32le(s->q.data + s->qhead);
        sc__buf_reset(&s->out);
        if (sc__buf_put(&s->out, s->q.data + s->qhead + 4, len))
            return SC_ENOMEM;
        s->qhead += 4 + len;
        *out = (sc_slice){s->out.data, len};
    }
    return SC_OK;
}

bool sc_stream_done(const sc_stream *s)
{
    return s->done && s->qhead >= s->q.len;
}

int sc_stream_heartbeat(sc_slice *out, sc_stream *s)
{
    char next[32];
    const char *name = s->name;
    uint64_t pos = s->ipos;
    int rc;

    if (s->rotated) { /* the client has switched to the next file already */
        sc_log__file_name(next, sizeof(next), s->fileno + 1);
        name = next;
        pos = SC_BINLOG_MAGIC_LEN;
    }
    rc = artificial(&s->hb, s, EV_HEARTBEAT, (uint32_t)pos,
                    (sc_slice){(const uint8_t *)name, strlen(name)});
    *out = rc ? (sc_slice){NULL, 0} : (sc_slice){s->hb.data, s->hb.len};
    return rc;
}

int sc_stream_checksum(const sc_stream *s)
{
    return s->alg;
}

void sc_stream_position(const char **file, uint64_t *pos, const sc_stream *s)
{
    *file = s->name;
    *pos = s->ipos;
}

/* ------------------------------------------------------------------ */
/* Opening                                                              */

/* "0-1-42,1-2-7" (spaces allowed around entries). */
static int parse_state(sc_stream *s, const char *text)
{
    const char *p = text;

    s->nwant = 0;
    while (*p) {
        unsigned long long d, sv, q;
        int n = 0;
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p)
            break;
        if (sscanf(p, "%llu-%llu-%llu%n", &d, &sv, &q, &n) != 3 || d > UINT32_MAX ||
            sv > UINT32_MAX || s->nwant == MAX_DOMAINS ||
            state_find(s->want, s->nwant, (uint32_t)d))
            return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_ERROR_GTID_STATE);
        s->want[s->nwant++] = (sc_gtid){(uint32_t)d, (uint32_t)sv, q};
        p += n;
        while (*p == ' ')
            p++;
        if (*p && *p != ',')
            return sc_error_set_er(s->ctx, SC_ESQL, SC_ER_UNKNOWN_ERROR_GTID_STATE);
    }
    return SC_OK;
}

/* The GTID_LIST of a file (its head), into arr. */
static int head_list(sc_gtid *arr, size_t *n, sc_stream *s, uint32_t fileno)
{
    size_t len;
    int rc = open_file(s, fileno);
    uint64_t off;

    *n = 0;
    if (rc)
        return rc;
    if ((rc = frame(&len, s, SC_BINLOG_MAGIC_LEN)) <= 0)
        return rc < 0 ? rc
                      : fatal(s,
                              "Failed to find format descriptor event in start of "
                              "binlog '%s'",
                              s->name);
    s->alg = s->data[SC_BINLOG_MAGIC_LEN + len - 5];
    off = SC_BINLOG_MAGIC_LEN + len;
    if ((rc = frame(&len, s, off)) <= 0 || s->data[off + 4] != SC_EV_GTID_LIST)
        return rc < 0 ? rc : fatal(s, "'%s' has no Gtid_list event at its start", s->name);
    {
        const uint8_t *b = s->data + off + SC_EVENT_HEADER_LEN;
        uint32_t c = sc_get_u32le(b) & 0x0FFFFFFF;
        for (uint32_t i = 0; i < c && 4 + 16 * (size_t)(i + 1) <= len; i++)
            state_update(arr, n,
                         (sc_gtid){sc_get_u32le(b + 4 + 16 * i), sc_get_u32le(b + 8 + 16 * i),
                                   sc_get_u64le(b + 12 + 16 * i)});
    }
    return SC_OK;
}

/* Does the client's state cover every GTID the file's head list says came before it? */
static bool state_covers(const sc_stream *s, const sc_gtid *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const sc_gtid *w = state_find(s->want, s->nwant, list[i].domain_id);
        if (!w || w->seq_no < list[i].seq_no)
            return false;
    }
    return true;
}

/* The newest GTID per domain in the whole log: the last file's head list + its GTIDs. */
static int log_state(sc_gtid *arr, size_t *n, sc_stream *s, uint32_t last)
{
    uint64_t off;
    int rc = head_list(arr, n, s, last);

    for (off = SC_BINLOG_MAGIC_LEN; rc == SC_OK;) {
        size_t len;
        int f = frame(&len, s, off);
        if (f <= 0)
            return f;
        if (s->data[off + 4] == SC_EV_GTID && len >= SC_EVENT_HEADER_LEN + 13)
            state_update(arr, n,
                         (sc_gtid){sc_get_u32le(s->data + off + SC_EVENT_HEADER_LEN + 8),
                                   sc_get_u32le(s->data + off + 5),
                                   sc_get_u64le(s->data + off + SC_EVENT_HEADER_LEN)});
        off += len;
    }
    return rc;
}

/* Pick the file a GTID start reads from: the newest whose head list the state covers. */
static int gtid_start_file(uint32_t *out, sc_stream *s, uint32_t first, uint32_t last)
{
    sc_gtid arr[MAX_DOMAINS], now[MAX_DOMAINS];
    size_t n, nnow;
    int rc = log_state(now, &nnow, s, last);

    if (rc)
        return rc;
    for (size_t i = 0; i < s->nwant; i++) {
        const sc_gtid *have = state_find(now, nnow, s->want[i].domain_id);
        if (have && s->want[i].seq_no > have->seq_no)
            return fatal(s,
                         "Error: connecting slave requested to start from GTID %u-%u-%llu, which "
                         "is not in the master's binlog",
                         s->want[i].domain_id, s->want[i].server_id,
                         (unsigned long long)s->want[i].seq_no);
    }
    for (uint32_t f = last; f >= first && f > 0; f--) {
        if ((rc = head_list(arr, &n, s, f)))
            return rc;
        if (state_covers(s, arr, n)) {
            *out = f;
            return SC_OK;
        }
    }
    return fatal(s, "Could not find GTID state requested by slave in any binlog files. Probably "
                    "the slave state is too old and required binlog files have been purged.");
}

static int open_start(sc_stream *s, const sc_stream_options *opt)
{
    uint32_t first, last, start;
    int rc = file_range(&first, &last, s->ctx, s->dir);

    if (rc)
        return rc;
    if (!first)
        return fatal(s, "Binary log is not open");
    s->in_start_file = true;
    if (opt->gtid_state && !opt->one_file) {
        s->gtid_mode = true;
        if ((rc = parse_state(s, opt->gtid_state)) ||
            (rc = gtid_start_file(&start, s, first, last)))
            return rc;
        s->start_pos = SC_BINLOG_MAGIC_LEN;
    } else {
        start = first;
        if (opt->file && *opt->file) {
            start = sc_log__file_number(opt->file);
            if (!start || start < first || start > last)
                return fatal(s, "Could not find first log file name in binary log index file");
        }
        s->start_pos = opt->pos < SC_BINLOG_MAGIC_LEN ? SC_BINLOG_MAGIC_LEN : opt->pos;
    }
    s->ncur = 0;
    s->fake_list_pending = false;
    return open_file(s, start);
}

int sc_stream_open(sc_stream **out, sc_ctx *ctx, const sc_stream_options *opt)
{
    sc_stream *s = sc__calloc(ctx, 1, sizeof(*s));
    int rc;

    *out = NULL;
    if (!s)
        return SC_ENOMEM;
    s->ctx = ctx;
    s->fd = -1;
    s->opt = *opt;
    s->opt.file = s->opt.gtid_state = s->opt.dir = NULL;
    s->send_alg = opt->checksum;
    sc__buf_init(&s->img, ctx);
    sc__buf_init(&s->art, ctx);
    sc__buf_init(&s->q, ctx);
    sc__buf_init(&s->out, ctx);
    sc__buf_init(&s->hb, ctx);
    s->dir = sc__strdup(ctx, opt->dir ? opt->dir : ".");
    rc = s->dir ? open_start(s, opt) : SC_ENOMEM;
    if (rc) {
        sc_stream_close(s);
        return rc;
    }
    *out = s;
    return SC_OK;
}

void sc_stream_close(sc_stream *s)
{
    if (!s)
        return;
    close_file(s);
    sc_free(s->ctx, s->maps);
    sc_free(s->ctx, s->gevs);
    sc_free(s->ctx, s->ids);
    sc_free(s->ctx, s->missing);
    sc__buf_free(&s->img);
    sc__buf_free(&s->art);
    sc__buf_free(&s->q);
    sc__buf_free(&s->out);
    sc__buf_free(&s->hb);
    sc_free(s->ctx, s->dir);
    sc_free(s->ctx, s);
}

int sc_stream_file_size(
    uint64_t *out, sc_ctx *ctx, const char *dir, const char *file, bool stable_ids)
{
    sc_stream_options o = SC_STREAM_OPTIONS_INIT;
    sc_stream *s = NULL;
    sc_slice ev;
    int rc;

    *out = 0;
    if (stable_ids) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof(path), "%s/%s", dir, file);
        if (!sc_log__file_number(file) || stat(path, &st) != 0)
            return sc_error_set_er(ctx, SC_ESQL, SC_ER_ERROR_WHEN_EXECUTING_COMMAND,
                                   "SHOW BINLOG EVENTS", "Could not find target log");
        *out = (uint64_t)st.st_size;
        return SC_OK;
    }
    o.dir = dir;
    o.file = file;
    o.stable_ids = stable_ids;
    o.one_file = true;
    rc = sc_stream_open(&s, ctx, &o);
    while (rc == SC_OK) {
        rc = sc_stream_next(&ev, s);
        if (rc == SC_OK && ev.len == 0)
            break;
    }
    if (rc == SC_OK)
        *out = s->ipos;
    sc_stream_close(s);
    return rc;
}

int sc_stream_gtid_pos(char **out, sc_ctx *ctx, const char *dir)
{
    sc_stream_options o = SC_STREAM_OPTIONS_INIT;
    sc_gtid now[MAX_DOMAINS];
    size_t n = 0;
    uint32_t first, last;
    sc_stream *s = NULL;
    sc_buf b = SC_BUF_INIT(ctx);
    int rc = file_range(&first, &last, ctx, dir);

    *out = NULL;
    o.dir = dir;
    o.one_file = true;
    if (rc == SC_OK && last == 0)
        return sc__buf_finish(out, &b);
    if (rc == SC_OK)
        rc = sc_stream_open(&s, ctx, &o);
    if (rc == SC_OK)
        rc = log_state(now, &n, s, last);
    for (size_t i = 0; rc == SC_OK && i < n; i++)
        rc = sc__buf_printf(&b, "%s%u-%u-%llu", i ? "," : "", now[i].domain_id, now[i].server_id,
                            (unsigned long long)now[i].seq_no);
    sc_stream_close(s);
    if (rc != SC_OK) {
        sc__buf_free(&b);
        return rc;
    }
    return sc__buf_finish(out, &b);
}
