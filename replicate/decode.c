/*
 * decode.c - the row-decoding API of syscat/replicate.h: rows events of any
 * MariaDB 10.11 binlog decoded one row at a time into typed values
 * (sc_binlog_value), and the texts of values and column types in two forms:
 * mariadb-binlog's (print.c) and a plain SQL-like one.
 *
 * Invariants: an iterator holds one row (before + after image) at a time, so
 * its memory is O(columns) whatever the number of rows in the event; the
 * column count is capped at MariaDB's 4096 so that a forged TABLE_MAP cannot
 * make it allocate more than a few hundred KB. Values borrow from the
 * reader's bytes (strings) or from the iterator (decimal texts).
 * Format: docs/binlog-decode.md, docs/log-format.md "Row images".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "replicate/decode.h"
#include "replicate/print.h"
#include "replicate/reader.h"

/** MariaDB's MAX_FIELDS: no table has more columns. */
#define SC_DECODE_MAX_COLUMNS 4096

struct sc_binlog_rows {
    sc_ctx *ctx;
    sc_event ev;           /* the rows event, decoded (slices into the reader's bytes) */
    sc_binlog_table table; /* the table map used */
    sc_event_loc loc;      /* for messages */
    sc_rd rd;              /* over the row images */
    sc_rows_kind kind;
    size_t ncols;                     /* columns per image (the event's count) */
    sc_binlog_value *vals;            /* [0, ncols) before, [ncols, 2 ncols) after */
    bool *present;                    /* idem */
    char (*dec)[SC_DECIMAL_TEXT_MAX]; /* decimal texts, per value slot */
    sc_binlog_row row;                /* what next() hands out */
    size_t nrows;                     /* rows returned so far */
    bool empty_write;                 /* a WRITE without images: one row, no columns */
    const uint8_t *span[3];           /* the last row's bytes: first image, second, end */
    sc_buf inflated;                  /* a compressed event's body, inflated */
};

/* ------------------------------------------------------------------ */
/* Table maps                                                           */

static void table_from_map(sc_binlog_table *out, const sc_ev_table_map *tm)
{
    out->table_id = tm->table_id;
    out->db = tm->db;
    out->table = tm->table;
    out->ncols = tm->ncols;
    out->columns = tm->columns;
}

int sc_binlog_reader_table(sc_binlog_table *out, const sc_binlog_reader *r, uint64_t table_id)
{
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, table_id);

    memset(out, 0, sizeof(*out));
    if (!tm)
        return SC_ENOTFOUND;
    table_from_map(out, tm);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Compressed events (log_bin_compress)                                 */

bool sc_decode__is_rows(uint8_t type)
{
    return sc_event__is_rows((uint8_t)sc_decode__plain_type(type));
}

int sc_decode__plain_type(uint8_t type)
{
    if (type == SC_EV_QUERY_COMPRESSED)
        return SC_EV_QUERY;
    if (type >= SC_EV_WRITE_ROWS_COMPRESSED && type <= SC_EV_DELETE_ROWS_COMPRESSED)
        return SC_EV_WRITE_ROWS + (type - SC_EV_WRITE_ROWS_COMPRESSED);
    if (type >= SC_EV_WRITE_ROWS_COMPRESSED_V1 && type <= SC_EV_DELETE_ROWS_COMPRESSED_V1)
        return SC_EV_WRITE_ROWS_V1 + (type - SC_EV_WRITE_ROWS_COMPRESSED_V1);
    return type;
}

static int inflate_corrupt(sc_ctx *ctx, const sc_event_loc *loc, const char *why)
{
    return sc_error_set(ctx, SC_ECORRUPT, 0, NULL, "%s: event at offset %llu: compressed event: %s",
                        loc->file, (unsigned long long)loc->offset, why);
}

/* Where the compressed part of a compressed event's body starts (0: bad). */
static size_t compressed_start(const uint8_t *b, size_t n, uint8_t type, const sc_event_fmt *fmt)
{
    size_t ph = type <= fmt->n_post_header ? fmt->post_header[type - 1] : 0, at;
    sc_rd rd;
    uint64_t width;

    if (type == SC_EV_QUERY_COMPRESSED) {
        if (ph < 13 || n < 13)
            return 0;
        at = ph + sc_get_u16le(b + 11) + b[8] + 1;
        return at < n ? at : 0;
    }
    if (n < 8 + 2)
        return 0;
    at = 8;
    if (ph == 10) /* v2: variable header, its length included */
        at += sc_get_u16le(b + 8);
    if (at >= n)
        return 0;
    rd = sc_rd_init((sc_slice){b + at, n - at});
    width = sc_rd_lenenc(&rd);
    if (rd.bad || width > SC_DECODE_MAX_COLUMNS)
        return 0;
    at = (size_t)(rd.p - b) +
         (size_t)(width + 7) / 8 *
             (sc_event__rows_kind((uint8_t)sc_decode__plain_type(type)) == 1 ? 2 : 1);
    return at < n ? at : 0;
}

int sc_decode__inflate(sc_buf *out,
                       sc_ctx *ctx,
                       const sc_binlog_event *ev,
                       const sc_event_fmt *fmt,
                       const sc_event_loc *loc)
{
    const uint8_t *b = ev->body.data;
    size_t n = ev->body.len, at = compressed_start(b, n, ev->header.type, fmt), lenlen;
    uint64_t want = 0;
    uLongf got;
    uint8_t *dst;

    out->len = 0;
    if (!at)
        return inflate_corrupt(ctx, loc, "header runs past the event");
    lenlen = b[at] & 7;
    if ((b[at] & 0xE0) != 0x80 || lenlen < 1 || lenlen > 4 || at + 1 + lenlen > n)
        return inflate_corrupt(ctx, loc, "bad compression header");
    for (size_t i = 0; i < lenlen; i++)
        want = want << 8 | b[at + 1 + i];
    /* zlib cannot expand more than about 1032:1; MariaDB's packets stop at 1 GB */
    if (want == 0 || want > (1u << 30) || want > (uint64_t)(n - at) * 1040 + 64)
        return inflate_corrupt(ctx, loc, "impossible uncompressed length");
    if (!(dst = sc__buf_append(out, at + (size_t)want)))
        return SC_ENOMEM;
    memcpy(dst, b, at);
    got = (uLongf)want;
    if (uncompress(dst + at, &got, b + at + 1 + lenlen, (uLong)(n - at - 1 - lenlen)) != Z_OK ||
        got != want)
        return inflate_corrupt(ctx, loc, "zlib data does not inflate to its length");
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Row iterator                                                         */

static bool bit_set(sc_slice bm, size_t i)
{
    return i / 8 < bm.len && (bm.data[i / 8] >> (i % 8)) & 1;
}

static size_t count_bits(sc_slice bm, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += bit_set(bm, i);
    return c;
}

static int rows_corrupt(sc_binlog_rows *it, const char *what)
{
    return sc_error_set(it->ctx, SC_ECORRUPT, 0, NULL,
                        "%s: event at offset %llu: row %zu of `%.*s`.`%.*s`: %s", it->loc.file,
                        (unsigned long long)it->loc.offset, it->nrows, (int)it->table.db.len,
                        (const char *)it->table.db.data, (int)it->table.table.len,
                        (const char *)it->table.table.data, what);
}

static int rows_alloc(sc_binlog_rows *it)
{
    size_t n = it->ncols * 2 + 1;

    it->vals = sc__calloc(it->ctx, n, sizeof(*it->vals));
    it->present = sc__calloc(it->ctx, n, sizeof(*it->present));
    it->dec = sc__calloc(it->ctx, n, sizeof(*it->dec));
    return it->vals && it->present && it->dec ? SC_OK : SC_ENOMEM;
}

static int rows_start(sc_binlog_rows *it, sc_binlog_reader *r, const sc_binlog_event *bev)
{
    const sc_ev_rows *rw = &it->ev.u.rows;
    int rc;

    sc_slice body = bev->body;

    it->loc.file = sc_binlog_reader__name(r);
    it->loc.offset = bev->offset;
    it->ev.header = bev->header;
    if (sc_decode__plain_type(bev->header.type) != bev->header.type) {
        rc = sc_decode__inflate(&it->inflated, it->ctx, bev, sc_binlog_reader__fmt(r), &it->loc);
        if (rc)
            return rc;
        body = (sc_slice){it->inflated.data, it->inflated.len};
        it->ev.header.type = (uint8_t)sc_decode__plain_type(bev->header.type);
    }
    rc = sc_event__decode(&it->ev, it->ctx, body, sc_binlog_reader__fmt(r), &it->loc);
    if (rc)
        return rc;
    it->kind = (sc_rows_kind)sc_event__rows_kind(it->ev.header.type);
    if (rw->ncols > SC_DECODE_MAX_COLUMNS || rw->ncols > it->table.ncols)
        return sc_error_set(it->ctx, SC_ECORRUPT, 0, NULL,
                            "%s: event at offset %llu: rows event has %llu columns, "
                            "table map of `%.*s`.`%.*s` has %zu",
                            it->loc.file, (unsigned long long)it->loc.offset,
                            (unsigned long long)rw->ncols, (int)it->table.db.len,
                            (const char *)it->table.db.data, (int)it->table.table.len,
                            (const char *)it->table.table.data, it->table.ncols);
    it->ncols = (size_t)rw->ncols;
    it->rd = sc_rd_init(rw->rows);
    it->empty_write = it->kind == SC_ROWS_WRITE && rw->rows.len == 0;
    return rows_alloc(it);
}

static int rows_open(sc_binlog_rows **out,
                     sc_binlog_reader *r,
                     const sc_binlog_event *ev,
                     const sc_binlog_table *table)
{
    sc_ctx *ctx = sc_binlog_reader__ctx(r);
    sc_binlog_rows *it;
    int rc;

    *out = NULL;
    if (!sc_decode__is_rows(ev->header.type))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "%s: event at offset %llu is not a rows event",
                            sc_binlog_reader__name(r), (unsigned long long)ev->offset);
    if (!(it = sc__calloc(ctx, 1, sizeof(*it))))
        return SC_ENOMEM;
    it->ctx = ctx;
    it->table = *table;
    sc__buf_init(&it->inflated, ctx);
    rc = rows_start(it, r, ev);
    if (rc) {
        sc_binlog_rows_close(it);
        return rc;
    }
    *out = it;
    return SC_OK;
}

int sc_binlog_rows_open(sc_binlog_rows **out, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    sc_binlog_table t;
    sc_rd rd;

    *out = NULL;
    if (sc_decode__is_rows(ev->header.type) && ev->body.len >= 6) {
        rd = sc_rd_init(ev->body);
        uint64_t id = sc_rd_uintle(&rd, 6);
        if (sc_binlog_reader_table(&t, r, id) != SC_OK)
            return sc_error_set(sc_binlog_reader__ctx(r), SC_ENOTFOUND, 0, NULL,
                                "%s: event at offset %llu: Row event for unknown table #%llu",
                                sc_binlog_reader__name(r), (unsigned long long)ev->offset,
                                (unsigned long long)id);
    } else {
        memset(&t, 0, sizeof(t));
    }
    return rows_open(out, r, ev, &t);
}

int sc_binlog_rows_open_table(sc_binlog_rows **out,
                              sc_binlog_reader *r,
                              const sc_binlog_event *ev,
                              const sc_binlog_table *table)
{
    return rows_open(out, r, ev, table);
}

/* One image: NULL bitmap over the present columns, then their values. */
static int decode_image(sc_binlog_rows *it, size_t slot, sc_slice present)
{
    size_t npresent = count_bits(present, it->ncols), k = 0;
    sc_slice nulls = sc_rd_bytes(&it->rd, (npresent + 7) / 8);
    sc_binlog_value *vals = it->vals + slot;
    bool *pres = it->present + slot;

    if (it->rd.bad)
        return rows_corrupt(it, "image ends inside its NULL bitmap");
    for (size_t i = 0; i < it->ncols; i++) {
        int rc;
        memset(&vals[i], 0, sizeof(vals[i]));
        pres[i] = bit_set(present, i);
        if (!pres[i] || bit_set(nulls, k++))
            continue;
        rc = sc_rowfmt__decode_value(&vals[i], &it->rd, &it->table.columns[i], it->dec[slot + i]);
        if (rc == SC_EINVAL)
            return rows_corrupt(it, "unsupported column type");
        if (rc)
            return rows_corrupt(it, "value runs past the event or is out of range");
    }
    return SC_OK;
}

int sc_binlog_rows_next(const sc_binlog_row **out, sc_binlog_rows *it)
{
    const sc_ev_rows *rw = &it->ev.u.rows;
    const uint8_t *start = it->rd.p;
    int rc;

    *out = NULL;
    memset(&it->row, 0, sizeof(it->row));
    it->row.index = it->nrows;
    it->row.ncols = it->ncols;
    if (it->empty_write) { /* INSERT ... VALUES (): one row, no columns */
        it->empty_write = false;
        it->span[0] = it->span[1] = it->span[2] = it->rd.p;
        memset(it->present, 0, it->ncols * sizeof(*it->present));
        it->row.after = it->vals;
        it->row.after_present = it->present;
        it->nrows++;
        *out = &it->row;
        return SC_OK;
    }
    if (sc_rd_left(&it->rd) == 0)
        return SC_OK;
    it->span[0] = it->span[1] = start;
    if (it->kind != SC_ROWS_WRITE) {
        if ((rc = decode_image(it, 0, rw->present)))
            return rc;
        it->row.before = it->vals;
        it->row.before_present = it->present;
    }
    it->span[1] = it->rd.p;
    if (it->kind != SC_ROWS_DELETE) {
        sc_slice bm = it->kind == SC_ROWS_UPDATE ? rw->present_after : rw->present;
        if (it->kind == SC_ROWS_UPDATE && sc_rd_left(&it->rd) == 0)
            return rows_corrupt(it, "update without an after image");
        if ((rc = decode_image(it, it->ncols, bm)))
            return rc;
        it->row.after = it->vals + it->ncols;
        it->row.after_present = it->present + it->ncols;
    }
    it->span[2] = it->rd.p;
    if (it->rd.p == start) /* an image of no bytes would repeat forever */
        return rows_corrupt(it, "empty row image");
    it->nrows++;
    *out = &it->row;
    return SC_OK;
}

sc_slice sc_decode__rows_images(const sc_binlog_rows *it)
{
    return it->ev.u.rows.rows;
}

void sc_decode__row_bytes(const sc_binlog_rows *it, sc_slice *first, sc_slice *second)
{
    *first = (sc_slice){it->span[0], (size_t)(it->span[1] - it->span[0])};
    *second = (sc_slice){it->span[1], (size_t)(it->span[2] - it->span[1])};
}

static bool all_set(sc_slice bm, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (i / 8 >= bm.len || !(bm.data[i / 8] & (1u << (i % 8))))
            return false;
    return true;
}

bool sc_decode__rows_full(const sc_binlog_rows *it)
{
    return all_set(it->ev.u.rows.present, it->ncols) &&
           (it->kind != SC_ROWS_UPDATE || all_set(it->ev.u.rows.present_after, it->ncols));
}

sc_rows_kind sc_binlog_rows_kind(const sc_binlog_rows *it)
{
    return it->kind;
}

const sc_binlog_table *sc_binlog_rows_table(const sc_binlog_rows *it)
{
    return &it->table;
}

void sc_binlog_rows_close(sc_binlog_rows *it)
{
    if (!it)
        return;
    sc_event__clear(it->ctx, &it->ev);
    sc_free(it->ctx, it->vals);
    sc_free(it->ctx, it->present);
    sc_free(it->ctx, it->dec);
    sc__buf_free(&it->inflated);
    sc_free(it->ctx, it);
}

/* ------------------------------------------------------------------ */
/* Texts                                                                */

static unsigned int_width(uint8_t type)
{
    switch (type) {
    case SC_MT_TINY:
        return 1;
    case SC_MT_SHORT:
        return 2;
    case SC_MT_INT24:
        return 3;
    case SC_MT_LONG:
        return 4;
    default:
        return 8;
    }
}

uint64_t sc_binlog_value_uint(const sc_binlog_value *v, const sc_binlog_column *c)
{
    unsigned len, w;
    uint8_t type = sc_column__real_type(c, &len);

    if (v->kind != SC_VAL_INT)
        return v->v.u;
    w = int_width(type);
    return w == 8 ? (uint64_t)v->v.i : (uint64_t)v->v.i & ((1ull << (8 * w)) - 1);
}

/* Shortest %.Ng that reads back as the same float or double. */
static void put_shortest(sc_buf *b, double d, bool is_float)
{
    char tmp[64];

    for (int prec = is_float ? 6 : 15; prec <= 17; prec++) {
        snprintf(tmp, sizeof(tmp), "%.*g", prec, d);
        if (is_float ? strtof(tmp, NULL) == (float)d : strtod(tmp, NULL) == d)
            break;
    }
    sc__buf_puts(b, tmp);
}

static void put_frac(sc_buf *b, uint32_t usec, unsigned fsp)
{
    static const uint32_t div[7] = {1000000, 100000, 10000, 1000, 100, 10, 1};
    if (fsp > 0 && fsp <= 6)
        sc__buf_printf(b, ".%0*u", (int)fsp, usec / div[fsp]);
}

static void put_plain_timestamp(sc_buf *b, uint32_t sec, uint32_t usec, unsigned fsp)
{
    time_t t = (time_t)sec;
    struct tm tm;

    if (sec == 0) {
        sc__buf_puts(b, "0000-00-00 00:00:00");
    } else {
        gmtime_r(&t, &tm);
        sc__buf_printf(b, "%04d-%02d-%02d %02d:%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
    }
    put_frac(b, usec, fsp);
}

static void put_plain_temporal(sc_buf *b, const sc_binlog_value *v, uint8_t type, unsigned fsp)
{
    const sc_binlog_time *t = &v->v.tm;

    switch (v->kind) {
    case SC_VAL_DATE:
        sc__buf_printf(b, "%04u-%02u-%02u", t->year, t->month, t->day);
        break;
    case SC_VAL_TIMESTAMP:
        put_plain_timestamp(b, v->v.ts.sec, v->v.ts.usec, fsp);
        break;
    case SC_VAL_DATETIME:
        sc__buf_printf(b, "%04u-%02u-%02u %02u:%02u:%02u", t->year, t->month, t->day, t->hour,
                       t->minute, t->second);
        put_frac(b, t->usec, fsp);
        break;
    case SC_VAL_TIME:
        sc__buf_printf(b, "%s%02u:%02u:%02u", t->neg ? "-" : "", t->hour, t->minute, t->second);
        put_frac(b, t->usec, fsp);
        break;
    case SC_VAL_UINT: { /* old DATETIME, YYYYMMDDhhmmss */
        uint64_t d = v->v.u / 1000000, s = v->v.u % 1000000;
        sc__buf_printf(b, "%04u-%02u-%02u %02u:%02u:%02u", (unsigned)(d / 10000),
                       (unsigned)(d % 10000 / 100), (unsigned)(d % 100), (unsigned)(s / 10000),
                       (unsigned)(s % 10000 / 100), (unsigned)(s % 100));
        break;
    }
    default: { /* old TIME, signed hhmmss */
        int64_t a = v->v.i < 0 ? -v->v.i : v->v.i;
        (void)type;
        sc__buf_printf(b, "%s%02lld:%02lld:%02lld", v->v.i < 0 ? "-" : "", (long long)(a / 10000),
                       (long long)(a % 10000 / 100), (long long)(a % 100));
        break;
    }
    }
}

int sc_decode__plain(sc_buf *b, const sc_binlog_value *v, const sc_binlog_column *c)
{
    unsigned len;
    uint8_t type = sc_column__real_type(c, &len);

    if (v->kind == SC_VAL_NULL)
        return sc__buf_puts(b, "NULL"), b->failed ? SC_ENOMEM : SC_OK;
    switch (v->kind) {
    case SC_VAL_INT:
        if (type == SC_MT_YEAR)
            sc__buf_printf(b, "%04d", v->v.i ? (int)v->v.i + 1900 : 0);
        else if (type == SC_MT_TIME)
            put_plain_temporal(b, v, type, 0);
        else if (c->has_unsigned && c->is_unsigned)
            sc__buf_printf(b, "%llu", (unsigned long long)sc_binlog_value_uint(v, c));
        else
            sc__buf_printf(b, "%lld", (long long)v->v.i);
        break;
    case SC_VAL_FLOAT:
        put_shortest(b, v->v.f, true);
        break;
    case SC_VAL_DOUBLE:
        put_shortest(b, v->v.d, false);
        break;
    case SC_VAL_UINT:
        if (type == SC_MT_DATETIME)
            put_plain_temporal(b, v, type, 0);
        else
            sc__buf_printf(b, "%llu", (unsigned long long)v->v.u);
        break;
    case SC_VAL_DECIMAL:
    case SC_VAL_BYTES:
        sc__buf_put(b, v->v.str.data, v->v.str.len);
        break;
    default:
        put_plain_temporal(b, v, type, type == SC_MT_TIMESTAMP ? 0 : c->meta);
        break;
    }
    return b->failed ? SC_ENOMEM : SC_OK;
}

int sc_binlog_value_text(char **out,
                         size_t *out_len,
                         sc_ctx *ctx,
                         const sc_binlog_value *v,
                         const sc_binlog_column *c,
                         sc_value_form form)
{
    sc_buf b;
    size_t len;

    sc__buf_init(&b, ctx);
    if (form == SC_FORM_BINLOG)
        sc_print__value(&b, v, c);
    else
        sc_decode__plain(&b, v, c);
    len = b.len;
    if (out_len)
        *out_len = 0;
    if (sc__buf_finish(out, &b))
        return SC_ENOMEM;
    if (out_len)
        *out_len = len;
    return SC_OK;
}

/* Characters of a column of byte length n in its charset (bytes when unknown). */
static unsigned chars_of(const sc_binlog_column *c, unsigned n)
{
    const sc_collation_info *co = c->charset ? sc_charset__collation_by_id(c->charset) : NULL;
    unsigned mb = co ? sc_charset__maxlen(co->charset) : 1;

    return mb ? n / mb : n;
}

static const char *const geometry_names[8] = {
    "geometry",   "point",           "linestring",   "polygon",
    "multipoint", "multilinestring", "multipolygon", "geometrycollection",
};

static void put_blob_type(sc_buf *b, const sc_binlog_column *c)
{
    static const char *const size[5] = {"long", "tiny", "", "medium", "long"};
    const char *base = c->charset == 63 ? "blob" : c->charset ? "text" : "blob/text";

    sc__buf_printf(b, "%s%s", size[c->meta <= 4 ? c->meta : 0], base);
}

int sc_decode__sql_type(sc_buf *b, const sc_binlog_column *c)
{
    static const char *const ints[] = {"tinyint", "smallint", "mediumint", "int", "bigint"};
    unsigned len, m = c->meta;
    uint8_t type = sc_column__real_type(c, &len);
    const char *uns = c->has_unsigned && c->is_unsigned ? " unsigned" : "";

    switch (type) {
    case SC_MT_TINY:
    case SC_MT_SHORT:
    case SC_MT_INT24:
    case SC_MT_LONG:
    case SC_MT_LONGLONG: {
        unsigned w = int_width(type);
        sc__buf_printf(b, "%s%s", ints[w == 8 ? 4 : w - 1], uns);
        break;
    }
    case SC_MT_FLOAT:
        sc__buf_printf(b, "float%s", uns);
        break;
    case SC_MT_DOUBLE:
        sc__buf_printf(b, "double%s", uns);
        break;
    case SC_MT_NEWDECIMAL:
        sc__buf_printf(b, "decimal(%u,%u)%s", m >> 8, m & 0xFF, uns);
        break;
    case SC_MT_BIT:
        sc__buf_printf(b, "bit(%u)", (m >> 8) * 8 + (m & 0xFF));
        break;
    case SC_MT_YEAR:
        sc__buf_puts(b, "year");
        break;
    case SC_MT_DATE:
    case SC_MT_NEWDATE:
        sc__buf_puts(b, "date");
        break;
    case SC_MT_TIMESTAMP:
    case SC_MT_DATETIME:
    case SC_MT_TIME:
        sc__buf_puts(b, type == SC_MT_TIMESTAMP ? "timestamp"
                        : type == SC_MT_TIME    ? "time"
                                                : "datetime");
        break;
    case SC_MT_TIMESTAMP2:
    case SC_MT_DATETIME2:
    case SC_MT_TIME2:
        sc__buf_puts(b, type == SC_MT_TIMESTAMP2 ? "timestamp"
                        : type == SC_MT_TIME2    ? "time"
                                                 : "datetime");
        if (m)
            sc__buf_printf(b, "(%u)", m);
        break;
    case SC_MT_ENUM:
        sc__buf_puts(b, "enum");
        break;
    case SC_MT_SET:
        sc__buf_puts(b, "set");
        break;
    case SC_MT_VARCHAR:
    case SC_MT_VAR_STRING:
    case SC_MT_VARCHAR_COMPRESSED:
        if (c->charset == 63)
            sc__buf_printf(b, "varbinary(%u)", m);
        else if (c->charset)
            sc__buf_printf(b, "varchar(%u)", chars_of(c, m));
        else
            sc__buf_printf(b, "varchar(%u bytes)", m);
        break;
    case SC_MT_STRING:
        if (c->charset == 63)
            sc__buf_printf(b, "binary(%u)", len);
        else if (c->charset)
            sc__buf_printf(b, "char(%u)", chars_of(c, len));
        else
            sc__buf_printf(b, "char(%u bytes)", len);
        break;
    case SC_MT_BLOB:
    case SC_MT_BLOB_COMPRESSED:
    case SC_MT_JSON:
        put_blob_type(b, c);
        break;
    case SC_MT_GEOMETRY:
        sc__buf_puts(b, geometry_names[c->geometry < 8 ? c->geometry : 0]);
        break;
    default:
        sc__buf_printf(b, "type %u", type);
        break;
    }
    if (type == SC_MT_BLOB_COMPRESSED || type == SC_MT_VARCHAR_COMPRESSED)
        sc__buf_puts(b, " compressed");
    return b->failed ? SC_ENOMEM : SC_OK;
}

int sc_binlog_column_type(char **out, sc_ctx *ctx, const sc_binlog_column *c, sc_value_form form)
{
    sc_buf b;

    sc__buf_init(&b, ctx);
    if (form == SC_FORM_BINLOG)
        sc_print__type(&b, c);
    else
        sc_decode__sql_type(&b, c);
    return sc__buf_finish(out, &b);
}

/* ------------------------------------------------------------------ */
/* mariadb-binlog -vv rows (the ### lines)                             */

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

static void put_image(sc_buf *b,
                      const sc_binlog_table *t,
                      const sc_binlog_value *vals,
                      const bool *present,
                      size_t ncols,
                      const char *clause)
{
    sc__buf_puts(b, clause);
    for (size_t i = 0; i < ncols; i++) {
        const sc_binlog_column *c = &t->columns[i];
        if (!present[i])
            continue;
        sc__buf_printf(b, "###   @%zu=", i + 1);
        sc_print__value(b, &vals[i], c);
        sc__buf_puts(b, " /* ");
        sc_print__type(b, c);
        sc__buf_printf(b, " meta=%u nullable=%d is_null=%d */\n", c->meta, c->nullable ? 1 : 0,
                       vals[i].kind == SC_VAL_NULL ? 1 : 0);
    }
}

static bool none_present(const bool *present, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (present[i])
            return false;
    return true;
}

static void put_command(sc_buf *b, const sc_binlog_rows *it)
{
    static const char *const command[3] = {"INSERT INTO", "UPDATE", "DELETE FROM"};

    sc__buf_printf(b, "### %s ", command[it->kind]);
    put_ident(b, it->table.db);
    sc__buf_putc(b, '.');
    put_ident(b, it->table.table);
}

int sc_decode__row_text(sc_buf *b, const sc_binlog_rows *it, const sc_binlog_row *row)
{
    const sc_binlog_table *t = &it->table;

    put_command(b, it);
    if (row->after && !row->before && it->kind == SC_ROWS_WRITE && it->ev.u.rows.rows.len == 0) {
        sc__buf_puts(b, " VALUES ()\n"); /* a WRITE without images */
        return b->failed ? SC_ENOMEM : SC_OK;
    }
    sc__buf_putc(b, '\n');
    if (row->before)
        put_image(b, t, row->before, row->before_present, row->ncols, "### WHERE\n");
    if (row->after && it->kind == SC_ROWS_UPDATE && none_present(row->after_present, row->ncols))
        sc__buf_puts(b, "### SET /* no columns */\n");
    else if (row->after)
        put_image(b, t, row->after, row->after_present, row->ncols, "### SET\n");
    return b->failed ? SC_ENOMEM : SC_OK;
}

int sc_decode__rows_text(sc_buf *b, size_t *nrows, sc_binlog_rows *it)
{
    const sc_binlog_row *row;
    int rc;

    *nrows = 0;
    while ((rc = sc_binlog_rows_next(&row, it)) == SC_OK && row) {
        if ((rc = sc_decode__row_text(b, it, row)))
            return rc;
        (*nrows)++;
    }
    return rc;
}
