/*
 * reader.c - read a binlog v4 file: magic, then events back to back, each
 * framed by its common header and (per the Format_description event)
 * followed by a CRC32 that is verified with sc_event__crc32().
 *
 * Invariants: the file is mapped (or copied) once and every slice handed out
 * points into it, so events stay valid until close. Memory stays bounded
 * for any file size: pages of a mapped file more than SC_READER_KEEP bytes
 * behind the read position are handed back to the kernel (MADV_DONTNEED on a
 * read-only private mapping drops them; touching them again reads the file
 * again, so old slices stay valid), and the mapping is read sequentially. An error names the file,
 * the event offset and the reason ("binlog.000001: event at offset 1348:
 * checksum mismatch (stored 0x..., computed 0x...)") and leaves the reader
 * where it was. Unknown event types follow mariadb-binlog's rule: skipped
 * only with LOG_EVENT_IGNORABLE_F and a number covered by the FDE's
 * post-header table (binlog-notes.md 5). Format: docs/log-format.md.
 * Compressed rows events (log_bin_compress, 166..171) are handed out with
 * their raw form as stored (sc_binlog_event: type, bytes) and their decoded
 * form (sc_binlog_reader__event) as the plain rows event they hold, rows
 * inflated: the one exception to the rule above, those inflated rows are
 * valid until the next event is read.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/decode.h"
#include "replicate/print.h"
#include "replicate/reader.h"

/** Bytes of a mapped file kept resident behind the read position. */
#define SC_READER_KEEP (8u << 20)

struct sc_binlog_reader {
    sc_ctx *ctx;      /* errors and memory */
    char name[256];   /* base name for messages */
    uint8_t *data;    /* the whole file */
    size_t len;       /* its size */
    bool mapped;      /* data is an mmap (else allocated) */
    size_t released;  /* mapped: pages before this offset were handed back */
    size_t pos;       /* offset of the next event */
    sc_event_fmt fmt; /* from the latest FDE; post_header points into data */
    char server_version[SC_SERVER_VERSION_LEN + 1]; /* from the FDE */
    bool have_fde;                                  /* an FDE was read */
    sc_binlog_event cur;                            /* the event last returned */
    sc_event ev;                                    /* its decoded form */
    sc_event *maps;       /* last TABLE_MAP per table id (decoded, arrays owned) */
    uint8_t **map_body;   /* per maps[i]: the copy of its body its slices point into */
    size_t nmaps;         /* entries used */
    size_t maps_cap;      /* entries allocated */
    uint8_t *post_header; /* copy of the FDE's post-header lengths (fmt.post_header) */
    bool stream;          /* events pushed one at a time (sc_binlog_reader__push) */
    uint64_t framed;      /* events framed since open (tests) */
    sc_buf inflated;      /* a compressed rows event's body, inflated (ev.u.rows points in) */
};

static int corrupt_at(sc_binlog_reader *r, uint64_t off, const char *fmt, ...) SC_PRINTF(3, 4);

static int corrupt_at(sc_binlog_reader *r, uint64_t off, const char *fmt, ...)
{
    char why[384];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    return sc_error_set(r->ctx, SC_ECORRUPT, 0, NULL, "%s: event at offset %llu: %s", r->name,
                        (unsigned long long)off, why);
}

/* ------------------------------------------------------------------ */
/* Opening                                                              */

static void set_name(sc_binlog_reader *r, const char *path)
{
    const char *slash = strrchr(path, '/');
    snprintf(r->name, sizeof(r->name), "%s", slash ? slash + 1 : path);
}

static int map_file(sc_binlog_reader *r, const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC), rc = SC_OK;

    if (fd < 0)
        return sc_error_set(r->ctx, SC_EIO, 0, NULL, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0) {
        rc = sc_error_set(r->ctx, SC_EIO, 0, NULL, "%s: cannot stat: %s", path, strerror(errno));
        goto out;
    }
    r->len = (size_t)st.st_size;
    if (r->len == 0)
        goto out;
    r->data = mmap(NULL, r->len, PROT_READ, MAP_PRIVATE, fd, 0);
    if (r->data == MAP_FAILED) {
        r->data = NULL;
        rc = sc_error_set(r->ctx, SC_EIO, 0, NULL, "%s: cannot map: %s", path, strerror(errno));
        goto out;
    }
    r->mapped = true;
    (void)madvise(r->data, r->len, MADV_SEQUENTIAL);
out:
    close(fd);
    return rc;
}

/* Magic, then the first event must be a valid Format_description. */
static int check_start(sc_binlog_reader *r)
{
    const sc_binlog_event *ev;
    int rc;

    if (r->len < SC_BINLOG_MAGIC_LEN || memcmp(r->data, sc_binlog__magic, SC_BINLOG_MAGIC_LEN))
        return sc_error_set(r->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: bad magic: not a binlog file (expected fe 62 69 6e)", r->name);
    r->pos = SC_BINLOG_MAGIC_LEN;
    if (r->len - r->pos < SC_EVENT_HEADER_LEN || r->data[r->pos + 4] != SC_EV_FORMAT_DESCRIPTION)
        return corrupt_at(r, r->pos, "first event is not a Format_description event");
    rc = sc_binlog_reader_next(&ev, r);
    r->pos = SC_BINLOG_MAGIC_LEN; /* next() returns the FDE again */
    return rc;
}

static int reader_new(sc_binlog_reader **out, sc_ctx *ctx, const char *name)
{
    sc_binlog_reader *r = sc__calloc(ctx, 1, sizeof(*r));

    *out = NULL;
    if (!r)
        return SC_ENOMEM;
    r->ctx = ctx;
    sc__buf_init(&r->inflated, ctx);
    set_name(r, name);
    *out = r;
    return SC_OK;
}

int sc_binlog_reader_open(sc_binlog_reader **out, sc_ctx *ctx, const char *path)
{
    sc_binlog_reader *r = NULL;
    int rc = reader_new(&r, ctx, path);

    *out = NULL;
    if (rc)
        return rc;
    rc = map_file(r, path);
    if (rc == SC_OK)
        rc = check_start(r);
    if (rc) {
        sc_binlog_reader_close(r);
        return rc;
    }
    *out = r;
    return SC_OK;
}

int sc_binlog_reader_open_mem(sc_binlog_reader **out, sc_ctx *ctx, const char *name, sc_slice data)
{
    sc_binlog_reader *r = NULL;
    int rc = reader_new(&r, ctx, name ? name : "(memory)");

    *out = NULL;
    if (rc)
        return rc;
    r->data = sc__malloc(ctx, data.len ? data.len : 1);
    if (!r->data) {
        sc_binlog_reader_close(r);
        return SC_ENOMEM;
    }
    if (data.len)
        memcpy(r->data, data.data, data.len);
    r->len = data.len;
    rc = check_start(r);
    if (rc) {
        sc_binlog_reader_close(r);
        return rc;
    }
    *out = r;
    return SC_OK;
}

static void clear_maps(sc_binlog_reader *r)
{
    for (size_t i = 0; i < r->nmaps; i++) {
        sc_event__clear(r->ctx, &r->maps[i]);
        sc_free(r->ctx, r->map_body[i]);
    }
    sc_free(r->ctx, r->maps);
    sc_free(r->ctx, r->map_body);
    r->maps = NULL;
    r->map_body = NULL;
    r->nmaps = r->maps_cap = 0;
}

void sc_binlog_reader_close(sc_binlog_reader *r)
{
    if (!r)
        return;
    sc_event__clear(r->ctx, &r->ev);
    clear_maps(r);
    sc__buf_free(&r->inflated);
    sc_free(r->ctx, r->post_header);
    if (r->mapped)
        munmap(r->data, r->len);
    else
        sc_free(r->ctx, r->data);
    sc_free(r->ctx, r);
}

/* ------------------------------------------------------------------ */
/* Framing                                                              */

/* MySQL >= 5.6.1 and MariaDB >= 5.3 end the FDE with the checksum algorithm. */
static bool version_has_checksum(const char *v)
{
    unsigned a = 0, b = 0, c = 0;

    if (sscanf(v, "%u.%u.%u", &a, &b, &c) < 2)
        return false;
    if (strstr(v, "MariaDB") || strstr(v, "-maria"))
        return a > 5 || (a == 5 && b >= 3);
    return (a * 256 + b) * 256 + c >= (5 * 256 + 6) * 256 + 1;
}

static int check_crc(sc_binlog_reader *r, const uint8_t *p, uint32_t len)
{
    uint32_t stored = sc_get_u32le(p + len - SC_CHECKSUM_LEN);
    uint32_t computed = sc_event__crc32(p, len - SC_CHECKSUM_LEN);

    r->cur.has_checksum = true;
    r->cur.checksum = stored;
    if (stored != computed)
        return corrupt_at(r, r->pos, "checksum mismatch (stored 0x%08x, computed 0x%08x)", stored,
                          computed);
    return SC_OK;
}

/* The FDE fixes the format of what follows; its own trailer is always there. */
static int frame_fde(sc_binlog_reader *r, const uint8_t *p, uint32_t len)
{
    char ver[SC_SERVER_VERSION_LEN + 1];
    uint8_t alg;
    int rc;

    if (len < SC_EVENT_HEADER_LEN + 57 + 1 + SC_CHECKSUM_LEN)
        return corrupt_at(r, r->pos, "Format_description event too short (%u bytes)", len);
    memcpy(ver, p + SC_EVENT_HEADER_LEN + 2, SC_SERVER_VERSION_LEN);
    ver[SC_SERVER_VERSION_LEN] = '\0';
    if (!version_has_checksum(ver))
        return corrupt_at(r, r->pos, "unsupported server version '%s' (binlog before 5.6.1)", ver);
    alg = p[len - SC_CHECKSUM_LEN - 1];
    if (alg != SC_CHECKSUM_NONE && alg != SC_CHECKSUM_CRC32)
        return corrupt_at(r, r->pos, "unknown checksum algorithm %u", alg);
    /* A checksum-aware server's FDE carries a real CRC32 even in a NONE file;
     * a zero value there is the "no checksum" mark of the FDE format. */
    if (alg == SC_CHECKSUM_NONE && sc_get_u32le(p + len - SC_CHECKSUM_LEN) == 0) {
        r->cur.has_checksum = true;
        rc = SC_OK;
    } else {
        rc = check_crc(r, p, len);
    }
    if (rc)
        return rc;
    r->cur.body.data = p + SC_EVENT_HEADER_LEN;
    r->cur.body.len = len - SC_EVENT_HEADER_LEN - SC_CHECKSUM_LEN;
    return SC_OK;
}

static int frame_event(sc_binlog_reader *r)
{
    const uint8_t *p = r->data + r->pos;
    size_t left = r->len - r->pos;
    sc_event_header *h = &r->cur.header;
    size_t min;

    memset(&r->cur, 0, sizeof(r->cur));
    r->framed++;
    if (left < SC_EVENT_HEADER_LEN)
        return corrupt_at(r, r->pos, "truncated event header (%zu bytes left)", left);
    sc_event__decode_header(h, p);
    r->cur.offset = r->pos;
    min = SC_EVENT_HEADER_LEN + (r->fmt.checksum == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_LEN : 0);
    if (h->event_len < min)
        return corrupt_at(r, r->pos, "wrong event length %u (less than %zu)", h->event_len, min);
    if (h->event_len > left)
        return corrupt_at(r, r->pos, "truncated event: length %u, only %zu bytes left",
                          h->event_len, left);
    if (r->stream) /* one event at a time: its place is in the source's file */
        r->cur.offset = h->log_pos >= h->event_len ? h->log_pos - h->event_len : 0;
    else if (h->log_pos != 0 && h->log_pos != r->pos + h->event_len)
        return corrupt_at(r, r->pos, "wrong end position %u (event length %u ends at %llu)",
                          h->log_pos, h->event_len, (unsigned long long)(r->pos + h->event_len));
    r->cur.raw.data = p;
    r->cur.raw.len = h->event_len;
    if (h->type == SC_EV_FORMAT_DESCRIPTION)
        return frame_fde(r, p, h->event_len);
    r->cur.body.data = p + SC_EVENT_HEADER_LEN;
    r->cur.body.len = h->event_len - SC_EVENT_HEADER_LEN;
    if (r->fmt.checksum == SC_CHECKSUM_CRC32) {
        r->cur.body.len -= SC_CHECKSUM_LEN;
        return check_crc(r, p, h->event_len);
    }
    return SC_OK;
}

/* mariadb-binlog's rule for types it does not know (binlog-notes.md 5). */
static int check_type(sc_binlog_reader *r)
{
    const sc_event_header *h = &r->cur.header;

    if (h->type == SC_EV_FORMAT_DESCRIPTION)
        return SC_OK;
    if (h->type == 0 || h->type > r->fmt.n_post_header)
        return corrupt_at(r, r->pos,
                          "event type %u is beyond the %zu types of the "
                          "Format_description event",
                          h->type, r->fmt.n_post_header);
    if (!sc_event__known_type(h->type) && !(h->flags & SC_EVF_IGNORABLE))
        return corrupt_at(r, r->pos, "unknown event type %u without LOG_EVENT_IGNORABLE_F",
                          h->type);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Table maps                                                           */

static sc_event *find_map(const sc_binlog_reader *r, uint64_t table_id)
{
    for (size_t i = 0; i < r->nmaps; i++)
        if (r->maps[i].u.table_map.table_id == table_id)
            return &r->maps[i];
    return NULL;
}

/* Room for one more map (maps and map_body grow together). */
static int maps_grow(sc_binlog_reader *r)
{
    size_t cap = r->maps_cap ? r->maps_cap * 2 : 16;
    sc_event *m;
    uint8_t **b;

    if (r->nmaps < r->maps_cap)
        return SC_OK;
    if (!(m = sc__realloc(r->ctx, r->maps, cap * sizeof(*m))))
        return SC_ENOMEM;
    r->maps = m;
    if (!(b = sc__realloc(r->ctx, r->map_body, cap * sizeof(*b))))
        return SC_ENOMEM;
    r->map_body = b;
    r->maps_cap = cap;
    return SC_OK;
}

/*
 * Keep the TABLE_MAP just read, decoded from a copy of its body: the map
 * outlives the bytes it came from (a file mapped again as it grows, an event
 * received from a stream), so that a follower keeps a file's maps.
 */
static int remember_map(sc_binlog_reader *r, const sc_event_loc *loc)
{
    sc_event *slot = find_map(r, r->ev.u.table_map.table_id);
    uint8_t *body = sc__malloc(r->ctx, r->cur.body.len ? r->cur.body.len : 1);
    size_t i;
    int rc;

    if (!body)
        return SC_ENOMEM;
    memcpy(body, r->cur.body.data, r->cur.body.len);
    if (slot) {
        i = (size_t)(slot - r->maps);
        sc_event__clear(r->ctx, slot);
        sc_free(r->ctx, r->map_body[i]);
    } else {
        if ((rc = maps_grow(r))) {
            sc_free(r->ctx, body);
            return rc;
        }
        i = r->nmaps++;
        slot = &r->maps[i];
    }
    r->map_body[i] = body;
    memset(slot, 0, sizeof(*slot));
    slot->header = r->cur.header;
    rc = sc_event__decode(slot, r->ctx, (sc_slice){body, r->cur.body.len}, &r->fmt, loc);
    if (rc == SC_OK && sc_table_map__apply_metadata(&slot->u.table_map) != SC_OK)
        rc = corrupt_at(r, r->pos, "Table_map: malformed optional metadata");
    if (rc) {
        sc_event__clear(r->ctx, slot);
        sc_free(r->ctx, r->map_body[i]);
        r->nmaps--;
        r->maps[i] = r->maps[r->nmaps];
        r->map_body[i] = r->map_body[r->nmaps];
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

/* The format of what follows (its post-header table copied: it outlives the bytes). */
static int adopt_fde(sc_binlog_reader *r)
{
    const sc_ev_fde *f = &r->ev.u.fde;
    uint8_t *ph = sc__malloc(r->ctx, f->post_header.len ? f->post_header.len : 1);

    if (!ph)
        return SC_ENOMEM;
    if (f->post_header.len)
        memcpy(ph, f->post_header.data, f->post_header.len);
    sc_free(r->ctx, r->post_header);
    r->post_header = ph;
    r->fmt.checksum = f->checksum_alg == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE;
    r->fmt.post_header = ph;
    r->fmt.n_post_header = f->post_header.len;
    memcpy(r->server_version, f->server_version, sizeof(r->server_version));
    r->have_fde = true;
    return SC_OK;
}

/* Hand back the pages more than SC_READER_KEEP behind the read position. */
static void release_behind(sc_binlog_reader *r)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), end = (r->pos - SC_READER_KEEP) / page * page;

    if (end > r->released && madvise(r->data + r->released, end - r->released, MADV_DONTNEED) == 0)
        r->released = end;
}

/*
 * The decoded form of a compressed rows event as the plain event it holds:
 * the rows inflated into r->inflated (sc_decode__inflate checks the header,
 * the length and the zlib stream; an error names file and offset).
 */
static int inflate_rows(sc_binlog_reader *r, const sc_event_loc *loc)
{
    size_t at = (size_t)(r->ev.u.rows.rows.data - r->cur.body.data);
    int rc = sc_decode__inflate(&r->inflated, r->ctx, &r->cur, &r->fmt, loc);

    if (rc)
        return rc;
    if (r->inflated.len < at) /* the compressed part starts where the rows do */
        return corrupt_at(r, r->pos, "compressed event: rows start past the inflated body");
    r->ev.u.rows.rows = (sc_slice){r->inflated.data + at, r->inflated.len - at};
    r->ev.header.type = sc_event__rows_plain(r->ev.header.type);
    return SC_OK;
}

int sc_binlog_reader_next(const sc_binlog_event **out, sc_binlog_reader *r)
{
    sc_event_loc loc;
    int rc;

    *out = NULL;
    sc_event__clear(r->ctx, &r->ev);
    memset(&r->ev, 0, sizeof(r->ev));
    if (r->pos >= r->len)
        return SC_OK;
    rc = frame_event(r);
    if (rc == SC_OK)
        rc = check_type(r);
    if (rc)
        return rc;
    loc.file = r->name;
    loc.offset = r->pos;
    r->ev.header = r->cur.header;
    rc = sc_event__decode(&r->ev, r->ctx, r->cur.body, &r->fmt, &loc);
    if (rc == SC_OK && sc_event__rows_compressed(r->ev.header.type))
        rc = inflate_rows(r, &loc);
    if (rc)
        return rc;
    if (r->ev.header.type == SC_EV_FORMAT_DESCRIPTION && (rc = adopt_fde(r)))
        return rc;
    if (r->ev.header.type == SC_EV_TABLE_MAP && (rc = remember_map(r, &loc)))
        return rc;
    r->pos += r->cur.header.event_len;
    if (r->mapped && r->pos >= r->released + 2 * SC_READER_KEEP)
        release_behind(r);
    *out = &r->cur;
    return SC_OK;
}

sc_checksum_alg sc_binlog_reader_checksum(const sc_binlog_reader *r)
{
    return r->fmt.checksum;
}

const char *sc_binlog_reader_server_version(const sc_binlog_reader *r)
{
    return r->server_version;
}

const sc_event *sc_binlog_reader__event(const sc_binlog_reader *r)
{
    return &r->ev;
}

const sc_ev_table_map *sc_binlog_reader__table_map(const sc_binlog_reader *r, uint64_t table_id)
{
    const sc_event *m = find_map(r, table_id);
    return m ? &m->u.table_map : NULL;
}

const sc_event_fmt *sc_binlog_reader__fmt(const sc_binlog_reader *r)
{
    return &r->fmt;
}

sc_ctx *sc_binlog_reader__ctx(const sc_binlog_reader *r)
{
    return r->ctx;
}

const char *sc_binlog_reader__name(const sc_binlog_reader *r)
{
    return r->name;
}

/* Go on reading at off, an event boundary a caller knows (a stored position):
 * the FDE read at open still sets the format; TABLE_MAPs before off are unknown. */
void sc_binlog_reader__seek(sc_binlog_reader *r, uint64_t off)
{
    r->pos = off < SC_BINLOG_MAGIC_LEN ? SC_BINLOG_MAGIC_LEN : (size_t)off;
}

/* The bytes from the next event on (to the end of what was mapped at open)
 * are the start of one event still being written: fewer than a header, or a
 * sane header (length and end position agree) whose event runs past them. */
bool sc_binlog_reader__partial_tail(const sc_binlog_reader *r)
{
    size_t left = r->pos < r->len ? r->len - r->pos : 0;
    sc_event_header h;
    size_t min;

    if (left == 0)
        return false;
    if (left < SC_EVENT_HEADER_LEN)
        return true;
    sc_event__decode_header(&h, r->data + r->pos);
    min = SC_EVENT_HEADER_LEN + (r->fmt.checksum == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_LEN : 0);
    return h.event_len >= min && h.event_len > left &&
           (h.log_pos == 0 || h.log_pos == r->pos + h.event_len);
}

/* The next event is a GTID whose transaction has no XID yet in the bytes
 * mapped at open: only headers are read (lengths and end positions sane), so
 * a damaged event reads as complete and next() reports it. */
bool sc_binlog_reader__txn_incomplete(const sc_binlog_reader *r)
{
    size_t at = r->pos, min;
    sc_event_header h;

    min = SC_EVENT_HEADER_LEN + (r->fmt.checksum == SC_CHECKSUM_CRC32 ? SC_CHECKSUM_LEN : 0);
    for (bool first = true;; first = false) {
        size_t left = at < r->len ? r->len - at : 0;
        if (left < SC_EVENT_HEADER_LEN)
            return !first || left > 0;
        sc_event__decode_header(&h, r->data + at);
        if (h.event_len < min || (h.log_pos != 0 && h.log_pos != at + h.event_len))
            return false;
        if (first && h.type != SC_EV_GTID)
            return false;
        if (h.event_len > left)
            return true;
        if (h.type == SC_EV_XID || (!first && h.type == SC_EV_GTID))
            return false;
        at += h.event_len;
    }
}

/* The file grew: map it again at its new size, keeping the position, the
 * format and the TABLE_MAPs (they own their bytes); the event last returned
 * is gone. A file that did not grow is left as it is. */
int sc_binlog_reader__refresh(sc_binlog_reader *r, const char *path)
{
    struct stat st;
    uint8_t *data;
    int fd;

    if (!r->mapped && r->data)
        return SC_OK; /* a copy in memory does not grow */
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return sc_error_set(r->ctx, SC_EIO, 0, NULL, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || (size_t)st.st_size <= r->len) {
        close(fd);
        return SC_OK;
    }
    data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (data == MAP_FAILED)
        return sc_error_set(r->ctx, SC_EIO, 0, NULL, "%s: cannot map: %s", path, strerror(errno));
    sc_event__clear(r->ctx, &r->ev);
    memset(&r->ev, 0, sizeof(r->ev));
    memset(&r->cur, 0, sizeof(r->cur));
    if (r->mapped)
        munmap(r->data, r->len);
    r->data = data;
    r->len = (size_t)st.st_size;
    r->mapped = true;
    r->released = 0;
    return SC_OK;
}

int sc_binlog_reader__open_stream(sc_binlog_reader **out,
                                  sc_ctx *ctx,
                                  const char *name,
                                  sc_checksum_alg alg)
{
    sc_binlog_reader *r = NULL;
    int rc = reader_new(&r, ctx, name);

    *out = NULL;
    if (rc)
        return rc;
    /* before the stream's Format_description: MariaDB's table, the given checksum */
    r->post_header = sc__malloc(ctx, SC_FDE_MARIADB_TYPES);
    if (!r->post_header) {
        sc_binlog_reader_close(r);
        return SC_ENOMEM;
    }
    sc_event__default_post_header(r->post_header, SC_FDE_MARIADB_TYPES);
    r->fmt.post_header = r->post_header;
    r->fmt.n_post_header = SC_FDE_MARIADB_TYPES;
    r->fmt.checksum = alg;
    r->stream = true;
    *out = r;
    return SC_OK;
}

int sc_binlog_reader__push(const sc_binlog_event **out, sc_binlog_reader *r, sc_slice ev)
{
    uint8_t *copy = sc__realloc(r->ctx, r->mapped ? NULL : r->data, ev.len ? ev.len : 1);

    *out = NULL;
    if (!copy)
        return SC_ENOMEM;
    sc_event__clear(r->ctx, &r->ev);
    memset(&r->ev, 0, sizeof(r->ev));
    memcpy(copy, ev.data, ev.len);
    r->data = copy;
    r->len = ev.len;
    r->pos = 0;
    if (ev.len == 0)
        return corrupt_at(r, 0, "empty event from the stream");
    return sc_binlog_reader_next(out, r);
}

size_t sc_binlog_reader__left(const sc_binlog_reader *r)
{
    return r->pos < r->len ? r->len - r->pos : 0;
}

void sc_binlog_reader__swap_inflated(sc_binlog_reader *r, sc_buf *b)
{
    sc_buf t = r->inflated;

    r->inflated = *b;
    *b = t;
    r->inflated.len = 0;
}

uint64_t sc_binlog_reader__framed(const sc_binlog_reader *r)
{
    return r->framed;
}

/* ------------------------------------------------------------------ */
/* Printing rows                                                        */

/* One row at a time through the row iterator (decode.c): memory does not
 * grow with the rows of the event. */
int sc_binlog_reader_print_rows(
    char **out, size_t *out_len, size_t *nrows, sc_binlog_reader *r, const sc_binlog_event *bev)
{
    sc_buf b = SC_BUF_INIT(r->ctx);
    sc_binlog_rows *it = NULL;
    size_t n = 0;
    int rc;

    *out = NULL;
    if (out_len)
        *out_len = 0;
    if (nrows)
        *nrows = 0;
    if (!sc_decode__is_rows(bev->header.type))
        return sc_error_set(r->ctx, SC_EINVAL, 0, NULL, "event at offset %llu is not a rows event",
                            (unsigned long long)bev->offset);
    rc = sc_binlog_rows_open(&it, r, bev);
    if (rc == SC_ENOTFOUND)
        rc = sc_print__unknown_table(&b, bev->body.len >= 6 ? sc_get_uintle(bev->body.data, 6) : 0);
    else if (rc == SC_OK)
        rc = sc_decode__rows_text(&b, &n, it);
    sc_binlog_rows_close(it);
    if (rc == SC_OK && !sc__buf_append(&b, 1))
        rc = SC_ENOMEM;
    if (rc) {
        sc__buf_free(&b);
        return rc;
    }
    b.data[b.len - 1] = '\0';
    *out = (char *)b.data;
    if (out_len)
        *out_len = b.len - 1;
    if (nrows)
        *nrows = n;
    return SC_OK;
}
