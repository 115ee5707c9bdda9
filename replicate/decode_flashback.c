/*
 * decode_flashback.c - sc_binlog_flashback(): the reversed data-row log of
 * MariaDB binlog files, as `mariadb-binlog --flashback` writes it for FULL
 * row images (MariaDB's Log_event::print_base64 and
 * Rows_log_event::change_to_flashback_event, read in the source): a script
 * of BINLOG statements that undoes every row change, last transaction
 * first. In each transaction the statements come in reverse order; in each
 * statement its Table_map events as logged, then its rows events last one
 * first, WRITE and DELETE exchanged, the two images of every UPDATE row
 * exchanged, the rows of every event in reverse order, and STMT_END_F on
 * the event that now ends the statement. Unlike the stock tool, the CRC32
 * of a changed event is computed again. DDL is not reversed (the stock tool
 * does not either).
 *
 * Two passes: the first checks every file (a MINIMAL or NOBLOB image, a
 * compressed rows event or a rows event of an unknown table is refused,
 * naming the file and offset, before anything is written) and lists the
 * transactions holding rows; the second reads them back in reverse order
 * through the reader's seek, one event in memory at a time.
 */
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/decode.h"
#include "replicate/reader.h"

#define DELIM "/*!*/;"

/* One transaction (event group) that holds rows events. */
typedef struct fb_group {
    size_t file;    /* index in paths */
    uint64_t start; /* offset of its first event */
    uint64_t end;   /* offset after its last event */
} fb_group;

typedef struct flashback {
    sc_ctx *ctx;
    const char *const *paths;
    sc_decode_write_fn write;
    void *payload;
    fb_group *groups;
    size_t n, cap;
    sc_buf out;
    sc_buf ev; /* one reversed rows event */
    int error;
} flashback;

static int fb_flush(flashback *f, bool force)
{
    if (f->out.failed)
        return SC_ENOMEM;
    if ((force || f->out.len >= 64 * 1024) && f->out.len && !f->error &&
        f->write(f->out.data, f->out.len, f->payload) != 0)
        f->error = sc_error_set(f->ctx, SC_EIO, 0, NULL, "binlog flashback: cannot write");
    if (force || f->out.len >= 64 * 1024)
        f->out.len = 0;
    return f->error;
}

/* Base64 as my_base64_encode writes it: lines of 76 characters. */
static void put_base64(sc_buf *b, sc_slice s)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t col = 0;

    for (size_t i = 0; i < s.len; i += 3) {
        uint32_t v = (uint32_t)s.data[i] << 16;
        size_t left = s.len - i;
        char q[4];
        if (left > 1)
            v |= (uint32_t)s.data[i + 1] << 8;
        if (left > 2)
            v |= s.data[i + 2];
        q[0] = tab[(v >> 18) & 63];
        q[1] = tab[(v >> 12) & 63];
        q[2] = left > 1 ? tab[(v >> 6) & 63] : '=';
        q[3] = left > 2 ? tab[v & 63] : '=';
        if (col == 76) {
            sc__buf_putc(b, '\n');
            col = 0;
        }
        sc__buf_put(b, q, 4);
        col += 4;
    }
    sc__buf_putc(b, '\n');
}

/* ------------------------------------------------------------------ */
/* Pass 1: check and list                                               */

static int refuse(flashback *f, sc_binlog_reader *r, const sc_binlog_event *ev, const char *why)
{
    return sc_error_set(f->ctx, SC_EINVAL, 0, NULL, "%s: event at offset %llu (%s): %s",
                        sc_binlog_reader__name(r), (unsigned long long)ev->offset,
                        sc_binlog_event_type_name(ev->header.type), why);
}

static int check_rows(flashback *f, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    sc_binlog_rows *it = NULL;
    int rc;

    if (sc_decode__plain_type(ev->header.type) != ev->header.type)
        return refuse(f, r, ev,
                      "a compressed rows event (log_bin_compress): flashback writes events as "
                      "logged and cannot reverse it");
    rc = sc_binlog_rows_open(&it, r, ev);
    if (rc == SC_ENOTFOUND)
        return refuse(f, r, ev, "its table has no Table_map before it");
    if (!rc && !sc_decode__rows_full(it))
        rc = refuse(f, r, ev,
                    "a MINIMAL or NOBLOB row image (columns left out): flashback needs "
                    "binlog_row_image=FULL, since every undone row must be written whole");
    sc_binlog_rows_close(it);
    return rc;
}

static int add_group(flashback *f, size_t file, uint64_t start, uint64_t end)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 64;
        fb_group *g = sc__realloc(f->ctx, f->groups, cap * sizeof(*g));
        if (!g)
            return SC_ENOMEM;
        f->groups = g;
        f->cap = cap;
    }
    f->groups[f->n++] = (fb_group){file, start, end};
    return SC_OK;
}

/* Does a Query event end a group (COMMIT, ROLLBACK) or start one (BEGIN)? */
static int query_kind(const sc_event *de)
{
    sc_slice t = de->u.query.text;

    if (t.len >= 5 && strncasecmp((const char *)t.data, "BEGIN", 5) == 0)
        return 1;
    if ((t.len >= 6 && strncasecmp((const char *)t.data, "COMMIT", 6) == 0) ||
        (t.len >= 8 && strncasecmp((const char *)t.data, "ROLLBACK", 8) == 0))
        return 2;
    return 0;
}

static int scan_file(flashback *f, size_t i)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    uint64_t start = 0;
    bool open = false, rows = false;
    int rc = sc_binlog_reader_open(&r, f->ctx, f->paths[i]);

    while (!rc && !(rc = sc_binlog_reader_next(&ev, r)) && ev) {
        uint8_t t = ev->header.type;
        int q = t == SC_EV_QUERY ? query_kind(sc_binlog_reader__event(r)) : 0;
        if (t == SC_EV_GTID || q == 1) {
            if (t == SC_EV_GTID || !open)
                start = ev->offset;
            open = true;
            rows = false;
        } else if (sc_decode__is_rows(t)) {
            rc = check_rows(f, r, ev);
            rows = true;
        } else if ((t == SC_EV_XID || q == 2) && open) {
            if (rows)
                rc = add_group(f, i, start, ev->offset + ev->header.event_len);
            open = rows = false;
        }
    }
    sc_binlog_reader_close(r);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Pass 2: the reversed script                                          */

/* Positions of one group's Table_map and rows events, and where its statements end. */
typedef struct fb_pos {
    uint64_t off;
    bool map;      /* a Table_map (else a rows event) */
    bool stmt_end; /* a rows event that ends its statement */
} fb_pos;

/* The rows event ev reversed into f->ev (stmt_end: it now ends its statement). */
static int
reverse_event(flashback *f, sc_binlog_reader *r, const sc_binlog_event *ev, bool stmt_end)
{
    sc_binlog_rows *it = NULL;
    const sc_binlog_row *row;
    sc_slice imgs, a, b;
    uint8_t t = ev->header.type;
    size_t head, tail, pos;
    int rc = sc_binlog_rows_open(&it, r, ev);

    if (rc)
        return rc;
    imgs = sc_decode__rows_images(it);
    head = (size_t)(imgs.data - ev->raw.data);
    tail = ev->raw.len - head - imgs.len;
    sc__buf_reset(&f->ev);
    if (!sc__buf_append(&f->ev, ev->raw.len)) {
        sc_binlog_rows_close(it);
        return SC_ENOMEM;
    }
    memcpy(f->ev.data, ev->raw.data, ev->raw.len);
    pos = head + imgs.len; /* rows are copied from the end backwards */
    while (!(rc = sc_binlog_rows_next(&row, it)) && row) {
        sc_decode__row_bytes(it, &a, &b);
        if (a.len + b.len > pos - head) { /* cannot happen: the rows are the images */
            rc = refuse(f, r, ev, "its rows do not add up to its images");
            break;
        }
        pos -= a.len + b.len;
        memcpy(f->ev.data + pos, b.data, b.len); /* an UPDATE's images exchanged */
        memcpy(f->ev.data + pos + b.len, a.data, a.len);
    }
    sc_binlog_rows_close(it);
    if (rc)
        return rc;
    if (t == SC_EV_WRITE_ROWS || t == SC_EV_WRITE_ROWS_V1)
        f->ev.data[4] = (uint8_t)(t + 2);
    else if (t == SC_EV_DELETE_ROWS || t == SC_EV_DELETE_ROWS_V1)
        f->ev.data[4] = (uint8_t)(t - 2);
    f->ev.data[SC_EVENT_HEADER_LEN + 6] =
        (uint8_t)((f->ev.data[SC_EVENT_HEADER_LEN + 6] & ~SC_ROWS_STMT_END) |
                  (stmt_end ? SC_ROWS_STMT_END : 0));
    if (ev->has_checksum && tail >= 4)
        sc_put_u32le(f->ev.data + ev->raw.len - 4,
                     (uint32_t)crc32(0L, f->ev.data, (uInt)(ev->raw.len - 4)));
    return SC_OK;
}

static int read_at(const sc_binlog_event **ev, sc_binlog_reader *r, uint64_t off)
{
    sc_binlog_reader__seek(r, off);
    return sc_binlog_reader_next(ev, r);
}

/* One statement, positions p[0..n): its maps, then its rows events last first. */
static int put_statement(flashback *f, sc_binlog_reader *r, const fb_pos *p, size_t n)
{
    const sc_binlog_event *ev;
    size_t last = 0; /* the rows event written last, which now ends the statement */
    int rc = SC_OK;

    while (last < n && p[last].map)
        last++;
    sc__buf_puts(&f->out, "BINLOG '\n");
    for (size_t i = 0; !rc && i < n; i++)
        if (p[i].map && !(rc = read_at(&ev, r, p[i].off)))
            put_base64(&f->out, ev->raw);
    for (size_t i = n; !rc && i-- > 0;) {
        if (p[i].map)
            continue;
        if (!(rc = read_at(&ev, r, p[i].off)) && !(rc = reverse_event(f, r, ev, i == last)))
            put_base64(&f->out, (sc_slice){f->ev.data, f->ev.len});
        rc = rc ? rc : fb_flush(f, false);
    }
    sc__buf_puts(&f->out, "'" DELIM "\n");
    return rc;
}

static int put_group(flashback *f, sc_binlog_reader *r, const fb_group *g)
{
    const sc_binlog_event *ev;
    fb_pos *p = NULL;
    size_t n = 0, cap = 0, end;
    int rc = SC_OK;

    /* read the group forward: the maps are registered and the positions listed */
    sc_binlog_reader__seek(r, g->start);
    while (!rc && !(rc = sc_binlog_reader_next(&ev, r)) && ev && ev->offset < g->end) {
        bool map = ev->header.type == SC_EV_TABLE_MAP;
        if (!map && !sc_decode__is_rows(ev->header.type))
            continue;
        if (n == cap) {
            fb_pos *np = sc__realloc(f->ctx, p, (cap = cap ? 2 * cap : 16) * sizeof(*np));
            if (!np) {
                rc = SC_ENOMEM;
                break;
            }
            p = np;
        }
        p[n++] = (fb_pos){ev->offset, map,
                          !map && ev->body.len > 7 && (ev->body.data[6] & SC_ROWS_STMT_END)};
    }
    sc__buf_printf(&f->out, "# flashback of %s at %llu..%llu\nSTART TRANSACTION" DELIM "\n",
                   sc_binlog_reader__name(r), (unsigned long long)g->start,
                   (unsigned long long)g->end);
    /* statements last first: each ends at a rows event with STMT_END_F */
    end = n;
    while (!rc && end > 0) {
        size_t begin = end - 1;
        while (begin > 0 && !(p[begin - 1].stmt_end))
            begin--;
        rc = put_statement(f, r, p + begin, end - begin);
        end = begin;
    }
    sc__buf_puts(&f->out, "COMMIT\n" DELIM "\n");
    sc_free(f->ctx, p);
    return rc ? rc : fb_flush(f, false);
}

static int put_fde(flashback *f, sc_binlog_reader *r)
{
    const sc_binlog_event *ev;
    int rc = read_at(&ev, r, 4);

    if (!rc && ev) {
        sc__buf_puts(&f->out, "BINLOG '\n");
        put_base64(&f->out, ev->raw);
        sc__buf_puts(&f->out, "'" DELIM "\n");
    }
    return rc;
}

static int write_reversed(flashback *f)
{
    sc_binlog_reader *r = NULL;
    size_t file = SIZE_MAX;
    int rc = SC_OK;

    sc__buf_puts(&f->out, "/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=1*/;\n"
                          "/*!40019 SET @@session.max_delayed_threads=0*/;\n"
                          "/*!50003 SET @OLD_COMPLETION_TYPE=@@COMPLETION_TYPE,"
                          "COMPLETION_TYPE=0*/;\n"
                          "DELIMITER " DELIM "\n");
    for (size_t i = f->n; !rc && i-- > 0;) {
        const fb_group *g = &f->groups[i];
        if (g->file != file) { /* each file's own Format_description first */
            sc_binlog_reader_close(r);
            r = NULL;
            file = g->file;
            rc = sc_binlog_reader_open(&r, f->ctx, f->paths[file]);
            if (!rc)
                rc = put_fde(f, r);
        }
        if (!rc)
            rc = put_group(f, r, g);
    }
    sc_binlog_reader_close(r);
    sc__buf_puts(&f->out, "DELIMITER ;\n# End of log file\nROLLBACK /* added by mysqlbinlog */;\n"
                          "/*!50003 SET COMPLETION_TYPE=@OLD_COMPLETION_TYPE*/;\n"
                          "/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=0*/;\n");
    return rc ? rc : fb_flush(f, true);
}

int sc_binlog_flashback(
    sc_ctx *ctx, const char *const *paths, size_t npaths, sc_decode_write_fn write, void *payload)
{
    flashback f;
    int rc = SC_OK;

    memset(&f, 0, sizeof(f));
    f.ctx = ctx;
    f.paths = paths;
    f.write = write;
    f.payload = payload;
    sc__buf_init(&f.out, ctx);
    sc__buf_init(&f.ev, ctx);
    for (size_t i = 0; !rc && i < npaths; i++)
        rc = scan_file(&f, i);
    if (!rc)
        rc = write_reversed(&f);
    sc__buf_free(&f.out);
    sc__buf_free(&f.ev);
    sc_free(ctx, f.groups);
    return rc;
}
