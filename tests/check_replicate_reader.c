/*
 * check_replicate_reader.c - the binlog reader (replicate/reader.c) and the
 * `mariadb-binlog -vv` compatible row printer (replicate/print.c):
 *  - every rows event of every oracle corpus file printed as `###` lines and
 *    compared byte for byte with decoded.txt (all three variants);
 *  - corrupt input (flipped byte, truncation, wrong length, bad magic, ...):
 *    an SC_ECORRUPT error naming file, offset and reason, never a crash;
 *  - a file written with our encoders decodes with the installed stock
 *    mariadb-binlog (exit 0, no warning) into the expected `###` lines.
 */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/event.h"
#include "replicate/print.h"
#include "replicate/reader.h"
#include "replicate/rowfmt.h"
#include "tests/fixtures.h"

/* The lines of text that start with "###", concatenated (each with its '\n'). */
static char *hash_lines(const char *text, size_t len, size_t *out_len)
{
    char *out = malloc(len + 1);
    size_t o = 0, i = 0;

    ck_assert_ptr_nonnull(out);
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (end - i >= 3 && memcmp(text + i, "###", 3) == 0) {
            memcpy(out + o, text + i, end - i);
            o += end - i;
        }
        i = end;
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

/* Print the rows events of every binlog file of one corpus variant. */
static void print_variant(sc_buf *out, size_t *nrows_total, const char *variant)
{
    char pattern[512];
    glob_t g;
    sc_ctx *ctx = out->ctx;

    snprintf(pattern, sizeof(pattern), "%s/binlog/%s/binlog.0*", sc_fixture_oracle_dir(), variant);
    ck_assert_int_eq(glob(pattern, 0, NULL, &g), 0);
    for (size_t f = 0; f < g.gl_pathc; f++) {
        sc_binlog_reader *r = NULL;
        const sc_binlog_event *ev;
        ck_assert_int_eq(sc_binlog_reader_open(&r, ctx, g.gl_pathv[f]), SC_OK);
        for (;;) {
            char *text = NULL;
            size_t len = 0, nrows = 0;
            ck_assert_int_eq(sc_binlog_reader_next(&ev, r), SC_OK);
            if (!ev)
                break;
            if (!sc_event__is_rows(ev->header.type))
                continue;
            ck_assert_msg(sc_binlog_reader_print_rows(&text, &len, &nrows, r, ev) == SC_OK, "%s",
                          sc_ctx_last_error(ctx)->message);
            sc__buf_put(out, text, len);
            *nrows_total += nrows;
            sc_free(ctx, text);
        }
        sc_binlog_reader_close(r);
    }
    globfree(&g);
}

static void compare_variant(const char *variant)
{
    char path[512];
    sc_ctx *ctx = NULL;
    sc_buf out;
    size_t dlen = 0, wlen = 0, nrows = 0, line = 1;
    char *decoded, *want;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    out = (sc_buf)SC_BUF_INIT(ctx);
    snprintf(path, sizeof(path), "%s/binlog/%s/decoded.txt", sc_fixture_oracle_dir(), variant);
    decoded = sc_fixture_read_file(path, &dlen);
    ck_assert_ptr_nonnull(decoded);
    want = hash_lines(decoded, dlen, &wlen);
    print_variant(&out, &nrows, variant);
    ck_assert_uint_gt(wlen, 1000);
    ck_assert_uint_gt(nrows, 40);
    for (size_t i = 0; i < wlen && i < out.len; i++) {
        if (want[i] != (char)out.data[i]) {
            const char *ls = want + i, *gs = (const char *)out.data + i;
            while (ls > want && ls[-1] != '\n')
                ls--;
            while (gs > (const char *)out.data && gs[-1] != '\n')
                gs--;
            ck_abort_msg("%s: ### line %zu differs:\nwant: %.*s\ngot:  %.*s", variant, line,
                         (int)strcspn(ls, "\n"), ls, (int)strcspn(gs, "\n"), gs);
        }
        line += want[i] == '\n';
    }
    ck_assert_uint_eq(out.len, wlen);
    sc__buf_free(&out);
    free(want);
    free(decoded);
    sc_ctx_free(ctx);
}

START_TEST(test_replicate_reader_print_full)
{
    compare_variant("crc32-full-full");
}
END_TEST

START_TEST(test_replicate_reader_print_minimal_metadata)
{
    compare_variant("none-minimal-full");
}
END_TEST

START_TEST(test_replicate_reader_print_nolog_minimal_image)
{
    compare_variant("crc32-nolog-minimal");
}
END_TEST

/* Types the corpus lacks, printed as log_event_print_value() does. */
START_TEST(test_replicate_reader_print_value_forms)
{
    static const struct {
        uint8_t type;
        uint16_t meta;
        const char *hex; /* value bytes */
        const char *want;
    } cases[] = {
        {SC_MT_DATETIME, 0, "f67cac8b68120000", "'2024-02-29 23:59:58' /* DATETIME"},
        {SC_MT_TIME, 0, "893ef3", "'-83:59:59' /* TIME"},
        {SC_MT_DOUBLE, 8, "9a9999999999b93f", "0.10000000000000000555 /* DOUBLE"},
        {SC_MT_FLOAT, 4, "cdcccc3d", "0.1                  /* FLOAT"},
        {SC_MT_YEAR, 0, "00", "1900 /* YEAR"},
        {SC_MT_BLOB_COMPRESSED, 2, "0200ff27", "'\xff'' /* BLOB/TEXT COMPRESSED"},
        {SC_MT_VARCHAR_COMPRESSED, 300, "01000a", "'\\x0a' /* VARSTRING(300) COMPRESSED"},
        {SC_MT_TIMESTAMP, 0, "00e1f505", "100000000 /* TIMESTAMP"},
        {SC_MT_INT24, 0, "ffffff", "-1 (16777215) /* MEDIUMINT"},
        {SC_MT_STRING, 0xF801, "05", "b'00000101' /* SET(1 bytes)"},
        {SC_MT_STRING, 0xEEFF, "02000061", "'\\x00a' /* STRING(511)"},
    };
    sc_ctx *ctx = NULL;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        sc_buf b = SC_BUF_INIT(ctx);
        sc_binlog_column c;
        sc_binlog_value v;
        uint8_t bytes[16];
        char dec[SC_DECIMAL_TEXT_MAX];
        size_t n = 0;
        sc_rd rd;
        for (const char *h = cases[i].hex; h[0] && h[1]; h += 2) {
            unsigned x;
            sscanf(h, "%2x", &x);
            bytes[n++] = (uint8_t)x;
        }
        memset(&c, 0, sizeof(c));
        c.type = cases[i].type;
        c.meta = cases[i].meta;
        rd = sc_rd_init((sc_slice){bytes, n});
        ck_assert_int_eq(sc_rowfmt__decode_value(&v, &rd, &c, dec), SC_OK);
        ck_assert_uint_eq(sc_rd_left(&rd), 0);
        sc_print__value(&b, &v, &c);
        sc__buf_put(&b, " /* ", 4);
        sc_print__type(&b, &c);
        sc_buf_u8(&b, 0);
        ck_assert_msg(strncmp((char *)b.data, cases[i].want, strlen(cases[i].want)) == 0,
                      "case %zu: got %s, want %s", i, (char *)b.data, cases[i].want);
        /* and it encodes back to the same bytes */
        b.len = 0;
        ck_assert_int_eq(sc_rowfmt__encode_value(&b, &v, &c), SC_OK);
        ck_assert(b.len == n && memcmp(b.data, bytes, n) == 0);
        sc__buf_free(&b);
    }
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Corrupt input                                                        */

typedef enum mut_kind {
    MUT_FLIP,       /* xor a byte of the body */
    MUT_TRUNCATE,   /* cut the file inside an event */
    MUT_LENGTH,     /* change an event_len */
    MUT_MAGIC,      /* damage the magic */
    MUT_LOGPOS,     /* change a log_pos */
    MUT_TYPE,       /* unknown type without the ignorable flag */
    MUT_CUT_HEADER, /* cut inside a header */
    MUT_FDE_ALG,    /* FDE with an unknown checksum algorithm */
} mut_kind;

typedef struct mut_case {
    const char *name;
    mut_kind kind;
    int event_index;    /* which event (0 = FDE) */
    long delta;         /* byte offset in the event, or length change */
    const char *expect; /* substring of the message */
} mut_case;

static const mut_case mutations[] = {
    {"flip in table map", MUT_FLIP, 8, 25, "checksum mismatch (stored 0x"},
    {"flip in rows body", MUT_FLIP, 9, 30, "checksum mismatch"},
    {"flip in header", MUT_FLIP, 3, 2, "checksum mismatch"},
    {"flip in FDE", MUT_FLIP, 0, 60, "checksum mismatch"},
    {"truncated event", MUT_TRUNCATE, 9, 20, "truncated event: length"},
    {"truncated header", MUT_CUT_HEADER, 5, 7, "truncated event header"},
    {"length too big", MUT_LENGTH, 4, 1000000, "truncated event: length"},
    {"length too small", MUT_LENGTH, 4, -130, "wrong event length"},
    {"length off by one", MUT_LENGTH, 4, -1, "wrong end position"},
    {"wrong log_pos", MUT_LOGPOS, 6, 1, "wrong end position"},
    {"bad magic", MUT_MAGIC, 0, 0, "bad magic"},
    {"unknown type", MUT_TYPE, 5, 200, "beyond"},
    {"unknown type in range", MUT_TYPE, 5, 100, "without LOG_EVENT_IGNORABLE_F"},
    {"fde checksum alg", MUT_FDE_ALG, 0, 7, "unknown checksum algorithm"},
};

/* Offsets of the first events of a file (walking event_len). */
static size_t event_offset(const uint8_t *d, size_t len, int index)
{
    size_t p = 4;
    for (int i = 0; i < index; i++) {
        ck_assert_uint_lt(p + 13, len);
        p += d[p + 9] | d[p + 10] << 8 | (size_t)d[p + 11] << 16 | (size_t)d[p + 12] << 24;
    }
    return p;
}

static void fix_crc(uint8_t *ev)
{
    uint32_t len = sc_get_u32le(ev + 9);
    uLong c = crc32(0L, ev, len - 4);
    sc_put_u32le(ev + len - 4, (uint32_t)c);
}

static size_t apply_mutation(uint8_t *d, size_t len, const mut_case *m, size_t *where)
{
    size_t p = event_offset(d, len, m->event_index);

    *where = p;
    switch (m->kind) {
    case MUT_FLIP:
        d[p + (size_t)m->delta] ^= 0x5A;
        return len;
    case MUT_TRUNCATE:
        return p + (size_t)m->delta;
    case MUT_CUT_HEADER:
        return p + (size_t)m->delta;
    case MUT_LENGTH:
        sc_put_u32le(d + p + 9, (uint32_t)((long)sc_get_u32le(d + p + 9) + m->delta));
        return len;
    case MUT_LOGPOS:
        sc_put_u32le(d + p + 13, sc_get_u32le(d + p + 13) + (uint32_t)m->delta);
        fix_crc(d + p);
        return len;
    case MUT_MAGIC:
        d[1] = 'X';
        return len;
    case MUT_TYPE:
        d[p + 4] = (uint8_t)m->delta;
        fix_crc(d + p);
        return len;
    case MUT_FDE_ALG: {
        uint32_t elen = sc_get_u32le(d + p + 9);
        d[p + elen - 5] = (uint8_t)m->delta;
        fix_crc(d + p);
        return len;
    }
    }
    return len;
}

/* Read everything; return the first error code (message in ctx). */
static int read_all(sc_ctx *ctx, const uint8_t *d, size_t len)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    int rc = sc_binlog_reader_open_mem(&r, ctx, "binlog.000001", (sc_slice){d, len});

    while (rc == SC_OK) {
        rc = sc_binlog_reader_next(&ev, r);
        if (rc == SC_OK && !ev)
            break;
        if (rc == SC_OK && sc_event__is_rows(ev->header.type)) {
            char *text = NULL;
            rc = sc_binlog_reader_print_rows(&text, NULL, NULL, r, ev);
            sc_free(ctx, text);
        }
    }
    sc_binlog_reader_close(r);
    return rc;
}

START_TEST(test_replicate_reader_corrupt_table)
{
    char path[512];
    size_t len = 0;
    uint8_t *orig, *d;
    sc_ctx *ctx = NULL;

    snprintf(path, sizeof(path), "%s/binlog/crc32-full-full/binlog.000001",
             sc_fixture_oracle_dir());
    orig = (uint8_t *)sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(orig);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(read_all(ctx, orig, len), SC_OK); /* the original is fine */
    d = malloc(len);
    for (size_t i = 0; i < sizeof(mutations) / sizeof(mutations[0]); i++) {
        const mut_case *m = &mutations[i];
        char where_s[64];
        size_t where, mlen;
        const sc_error *e;
        memcpy(d, orig, len);
        mlen = apply_mutation(d, len, m, &where);
        ck_assert_msg(read_all(ctx, d, mlen) == SC_ECORRUPT, "%s: not reported", m->name);
        e = sc_ctx_last_error(ctx);
        ck_assert_msg(strstr(e->message, "binlog.000001: ") == e->message, "%s: %s", m->name,
                      e->message);
        ck_assert_msg(strstr(e->message, m->expect), "%s: %s", m->name, e->message);
        snprintf(where_s, sizeof(where_s), "event at offset %zu:", where);
        if (m->kind != MUT_MAGIC)
            ck_assert_msg(strstr(e->message, where_s), "%s: %s (want %s)", m->name, e->message,
                          where_s);
    }
    free(d);
    free(orig);
    sc_ctx_free(ctx);
}
END_TEST

/* Event boundaries of a file up to about `upto` bytes; returns the prefix length used. */
static size_t boundaries(bool *is_b, const uint8_t *d, size_t len, size_t upto)
{
    size_t p = 4;
    while (p + 13 <= len && p < upto) {
        p += sc_get_u32le(d + p + 9);
        if (p <= len)
            is_b[p] = true;
    }
    return p <= len ? p : len;
}

/* Every single-byte flip of a CRC32 file is caught; with NONE, no crash. Every cut. */
START_TEST(test_replicate_reader_corrupt_every_byte)
{
    const char *files[2] = {"crc32-nolog-minimal", "none-minimal-full"};

    for (int f = 0; f < 2; f++) {
        char path[512];
        size_t len = 0, prefix;
        uint8_t *d;
        bool *is_b;
        sc_ctx *ctx = NULL;
        snprintf(path, sizeof(path), "%s/binlog/%s/binlog.000001", sc_fixture_oracle_dir(),
                 files[f]);
        d = (uint8_t *)sc_fixture_read_file(path, &len);
        ck_assert_ptr_nonnull(d);
        is_b = calloc(len + 1, 1);
        ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
        /* the first 1400 bytes hold FDE, GTID_LIST, checkpoint, GTID, QUERY,
         * ANNOTATE, TABLE_MAP, WRITE_ROWS (all integer types) and XID */
        prefix = boundaries(is_b, d, len, 1400);
        ck_assert_int_eq(read_all(ctx, d, prefix), SC_OK);
        for (size_t i = 0; i < prefix; i++) {
            int rc;
            d[i] ^= 0x01;
            rc = read_all(ctx, d, prefix);
            if (f == 0)
                ck_assert_msg(rc == SC_ECORRUPT, "flip at %zu not detected", i);
            else
                ck_assert(rc == SC_OK || rc == SC_ECORRUPT);
            d[i] ^= 0x01;
        }
        for (size_t cut = 0; cut < prefix; cut++)
            ck_assert_msg(read_all(ctx, d, cut) == (is_b[cut] ? SC_OK : SC_ECORRUPT), "cut at %zu",
                          cut);
        sc_ctx_free(ctx);
        free(is_b);
        free(d);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Interoperability: a file we write, read by stock mariadb-binlog      */

typedef struct synth {
    sc_ctx *ctx;
    sc_buf file;
    uint32_t ts;
} synth;

static void synth_event(synth *s, sc_event *ev)
{
    size_t at = s->file.len;
    ev->header.timestamp = s->ts;
    ev->header.server_id = 1;
    ck_assert_int_eq(sc_event__encode(&s->file, ev, SC_CHECKSUM_CRC32), SC_OK);
    /* log_pos = end of this event: patch it now that the length is known */
    sc_put_u32le(s->file.data + at + 13, (uint32_t)s->file.len);
    fix_crc(s->file.data + at);
}

static void synth_fde(synth *s, uint8_t *ph)
{
    sc_event ev;
    memset(&ev, 0, sizeof(ev));
    ev.header.type = SC_EV_FORMAT_DESCRIPTION;
    ev.modelled = true;
    ev.u.fde.binlog_version = SC_BINLOG_VERSION;
    snprintf(ev.u.fde.server_version, sizeof(ev.u.fde.server_version), "%s", SC_SERVER_VERSION);
    ev.u.fde.create_timestamp = s->ts;
    ev.u.fde.header_len = SC_EVENT_HEADER_LEN;
    sc_event__default_post_header(ph, 200);
    ev.u.fde.post_header = (sc_slice){ph, 200};
    ev.u.fde.checksum_alg = SC_CHECKSUM_CRC32;
    synth_event(s, &ev);
}

#define S(lit) ((sc_slice){(const uint8_t *)(lit), sizeof(lit) - 1})

/* Columns of the synthetic table: one of each family. */
static void synth_columns(sc_binlog_column *c)
{
    static const struct {
        uint8_t type;
        uint16_t meta;
        bool nullable, is_unsigned;
        uint32_t cs;
        const char *name;
    } d[] = {
        {SC_MT_LONG, 0, false, true, 0, "id"},
        {SC_MT_VARCHAR, 256, true, false, 45, "name"},
        {SC_MT_NEWDECIMAL, 0x0A02, true, false, 0, "price"},
        {SC_MT_DATETIME2, 6, true, false, 0, "at"},
        {SC_MT_BLOB, 2, true, false, 63, "data"},
        {SC_MT_LONGLONG, 0, true, false, 0, "big"},
        {SC_MT_TIME2, 2, true, false, 0, "dur"},
        {SC_MT_STRING, 0xFE10, true, false, 63, "uuid"},
    };
    for (size_t i = 0; i < 8; i++) {
        memset(&c[i], 0, sizeof(c[i]));
        c[i].type = d[i].type;
        c[i].meta = d[i].meta;
        c[i].nullable = d[i].nullable;
        c[i].is_unsigned = d[i].is_unsigned;
        c[i].charset = d[i].cs;
        c[i].name = (sc_slice){(const uint8_t *)d[i].name, strlen(d[i].name)};
    }
}

static void synth_values(sc_binlog_value *v, int row)
{
    memset(v, 0, 8 * sizeof(*v));
    v[0].kind = SC_VAL_INT;
    v[0].v.i = row + 1;
    v[1].kind = SC_VAL_BYTES;
    v[1].v.str = row ? S("it's \\ \n") : S("hello");
    v[2].kind = SC_VAL_DECIMAL;
    v[2].v.str = row ? S("-0.01") : S("1234.56");
    v[3].kind = SC_VAL_DATETIME;
    v[3].v.tm = (sc_binlog_time){false, 2024, 2, 29, 23, 59, 59, 123456};
    v[4].kind = row ? SC_VAL_NULL : SC_VAL_BYTES;
    v[4].v.str = S("\x01\x02");
    v[5].kind = SC_VAL_INT;
    v[5].v.i = row ? -5 : 9000000000LL;
    v[6].kind = SC_VAL_TIME;
    v[6].v.tm = (sc_binlog_time){row == 1, 0, 0, 0, 838, 59, 59, 990000};
    v[7].kind = SC_VAL_BYTES;
    v[7].v.str = S("\x12\x3e\x45\x67");
}

/* One rows event of table t1 from images (vals[i] for image i), and the ### lines we expect. */
static void synth_rows(synth *s,
                       sc_buf *expect,
                       const sc_binlog_column *cols,
                       uint8_t type,
                       const uint8_t *present,
                       const uint8_t *present_after,
                       sc_binlog_value (*vals)[8],
                       size_t nimages)
{
    sc_buf rows = SC_BUF_INIT(s->ctx);
    sc_ev_table_map tm;
    sc_event_loc loc = {"synthetic", 0};
    sc_rows decoded;
    sc_event ev;

    for (size_t i = 0; i < nimages; i++) {
        const uint8_t *bm = (sc_event__rows_kind(type) == 1 && i % 2) ? present_after : present;
        ck_assert_int_eq(sc_rowfmt__encode_image(&rows, cols, 8, bm, vals[i]), SC_OK);
    }
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = type;
    ev.u.rows.table_id = 1234567;
    ev.u.rows.flags = SC_ROWS_STMT_END;
    ev.u.rows.ncols = 8;
    ev.u.rows.present = (sc_slice){present, 1};
    if (sc_event__rows_kind(type) == 1)
        ev.u.rows.present_after = (sc_slice){present_after, 1};
    ev.u.rows.rows = (sc_slice){rows.data, rows.len};
    synth_event(s, &ev);

    /* what our printer says about it is what mariadb-binlog must say */
    memset(&tm, 0, sizeof(tm));
    tm.db = S("sys`cat");
    tm.table = S("t1");
    tm.ncols = 8;
    tm.columns = (sc_binlog_column *)cols;
    ck_assert_int_eq(sc_rows__decode(&decoded, s->ctx, &tm, type, &ev.u.rows, &loc), SC_OK);
    ck_assert_uint_eq(decoded.nimages, nimages);
    ck_assert_int_eq(sc_print__rows(expect, &tm, &ev.u.rows, &decoded), SC_OK);
    sc_rows__free(s->ctx, &decoded);
    sc__buf_free(&rows);
}

static void synth_simple(synth *s, uint8_t type, const char *text, uint64_t n)
{
    sc_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = type;
    if (type == SC_EV_GTID) {
        ev.header.flags = SC_EVF_SUPPRESS_USE;
        ev.u.gtid.seq_no = n;
        ev.u.gtid.flags2 = SC_GTID_TRANSACTIONAL | SC_GTID_ALLOW_PARALLEL;
    } else if (type == SC_EV_XID) {
        ev.u.xid.xid = n;
    } else if (type == SC_EV_ANNOTATE_ROWS) {
        ev.u.annotate.text = (sc_slice){(const uint8_t *)text, strlen(text)};
    } else if (type == SC_EV_BINLOG_CHECKPOINT) {
        ev.u.checkpoint.name = (sc_slice){(const uint8_t *)text, strlen(text)};
    } else if (type == SC_EV_ROTATE) {
        ev.u.rotate.position = n;
        ev.u.rotate.name = (sc_slice){(const uint8_t *)text, strlen(text)};
    }
    synth_event(s, &ev);
}

static void synth_table_map(synth *s, sc_binlog_column *cols)
{
    sc_buf meta = SC_BUF_INIT(s->ctx);
    unsigned pk = 0;
    sc_event ev;

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_TABLE_MAP;
    ev.u.table_map.table_id = 1234567;
    ev.u.table_map.flags = 1;
    ev.u.table_map.db = S("sys`cat");
    ev.u.table_map.table = S("t1");
    ev.u.table_map.ncols = 8;
    ev.u.table_map.columns = cols;
    ck_assert_int_eq(
        sc_table_map__build_metadata(&ev.u.table_map, &meta, SC_ROW_METADATA_FULL, &pk, 1), SC_OK);
    synth_event(s, &ev);
    sc_free(s->ctx, ev.u.table_map.fields);
    sc__buf_free(&meta);
}

/* GTID, ANNOTATE, TABLE_MAP, WRITE v1 (2 rows), UPDATE v1 (minimal images),
 * DELETE v1, WRITE v2, XID; the table is mapped once for all statements. */
static void synth_transaction(synth *s, sc_buf *expect)
{
    sc_binlog_column cols[8];
    sc_binlog_value vals[4][8];
    const uint8_t all = 0xFF, pk = 0x01, changed = 0x06;

    synth_columns(cols);
    synth_simple(s, SC_EV_GTID, NULL, 1);
    synth_simple(s, SC_EV_ANNOTATE_ROWS, "INSERT INTO t1 VALUES (...)", 0);
    synth_table_map(s, cols);
    synth_values(vals[0], 0);
    synth_values(vals[1], 1);
    synth_rows(s, expect, cols, SC_EV_WRITE_ROWS_V1, &all, NULL, vals, 2);
    /* UPDATE: before = key only, after = the two changed columns (row_image=MINIMAL) */
    synth_values(vals[0], 0);
    synth_values(vals[1], 1);
    vals[1][2].kind = SC_VAL_NULL;
    synth_rows(s, expect, cols, SC_EV_UPDATE_ROWS_V1, &pk, &changed, vals, 2);
    synth_rows(s, expect, cols, SC_EV_DELETE_ROWS_V1, &pk, NULL, vals, 1);
    synth_values(vals[0], 1);
    vals[0][0].v.i = 77;
    synth_rows(s, expect, cols, SC_EV_WRITE_ROWS, &all, NULL, vals, 1);
    synth_simple(s, SC_EV_XID, NULL, 42);
}

static char *run_capture(const char *cmd, int *status, size_t *len)
{
    FILE *p = popen(cmd, "r");
    char *out = NULL;
    size_t cap = 0;

    ck_assert_ptr_nonnull(p);
    *len = 0;
    for (;;) {
        if (*len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            out = realloc(out, cap);
            ck_assert_ptr_nonnull(out);
        }
        size_t n = fread(out + *len, 1, 4096, p);
        if (n == 0)
            break;
        *len += n;
    }
    out[*len] = '\0';
    *status = pclose(p);
    return out;
}

START_TEST(test_replicate_reader_stock_mariadb_binlog)
{
    const char *tool = "/usr/bin/mariadb-binlog";
    char dir[256], path[300], cmd[1024];
    uint8_t ph[200];
    synth s;
    sc_buf expect;
    FILE *f;
    int status;
    size_t olen, wlen;
    char *out, *lines;

    /* A missing tool is a broken set-up, not a reason to skip: make deps installs it. */
    ck_assert_msg(access(tool, X_OK) == 0,
                  "%s is not installed (Debian mariadb-client; `make deps` installs it)", tool);
    memset(&s, 0, sizeof(s));
    ck_assert_int_eq(sc_ctx_new(&s.ctx, NULL), SC_OK);
    s.file = (sc_buf)SC_BUF_INIT(s.ctx);
    expect = (sc_buf)SC_BUF_INIT(s.ctx);
    s.ts = 1700000000;
    sc__buf_put(&s.file, sc_binlog__magic, 4);
    synth_fde(&s, ph);
    {
        sc_event ev;
        memset(&ev, 0, sizeof(ev));
        ev.modelled = true;
        ev.header.type = SC_EV_GTID_LIST;
        synth_event(&s, &ev);
    }
    synth_simple(&s, SC_EV_BINLOG_CHECKPOINT, "binlog.000001", 0);
    synth_transaction(&s, &expect);
    synth_simple(&s, SC_EV_ROTATE, "binlog.000002", 4);
    ck_assert(!s.file.failed);

    /* our own reader accepts it first */
    {
        sc_binlog_reader *r = NULL;
        const sc_binlog_event *ev;
        int n = 0;
        ck_assert_int_eq(
            sc_binlog_reader_open_mem(&r, s.ctx, "synth", (sc_slice){s.file.data, s.file.len}),
            SC_OK);
        while (sc_binlog_reader_next(&ev, r) == SC_OK && ev)
            n++;
        ck_assert_int_eq(n, 12);
        sc_binlog_reader_close(r);
    }

    sc_fixture_tmpdir(dir, sizeof(dir));
    snprintf(path, sizeof(path), "%s/binlog.000001", dir);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(s.file.data, 1, s.file.len, f), s.file.len);
    fclose(f);
    snprintf(cmd, sizeof(cmd), "%s -vv --base64-output=decode-rows %s 2>&1", tool, path);
    out = run_capture(cmd, &status, &olen);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit %d:\n%s", status, out);
    ck_assert_msg(!strstr(out, "WARNING") && !strstr(out, "ERROR") && !strstr(out, "Warning"), "%s",
                  out);
    lines = hash_lines(out, olen, &wlen);
    ck_assert_msg(wlen == expect.len && memcmp(lines, expect.data, wlen) == 0,
                  "mariadb-binlog printed:\n%s\nwe expected:\n%.*s", lines, (int)expect.len,
                  (char *)expect.data);
    ck_assert(strstr(lines, "### INSERT INTO `sys``cat`.`t1`"));
    ck_assert(strstr(lines, "@3=-0.01 /* DECIMAL(10,2) meta=2562 nullable=1 is_null=0 */"));
    ck_assert(strstr(out, "GTID 0-1-1"));
    ck_assert(strstr(out, "Xid = 42"));
    ck_assert(strstr(lines, "### UPDATE `sys``cat`.`t1`\n### WHERE\n###   @1=1 /* INT"));
    ck_assert(strstr(lines, "### DELETE FROM `sys``cat`.`t1`"));
    ck_assert(strstr(out, "#Q> INSERT INTO t1 VALUES (...)"));
    ck_assert(strstr(out, "Rotate to binlog.000002  pos: 4"));
    free(lines);
    free(out);
    if (!getenv("SC_KEEP_TMP"))
        sc_fixture_rmtree(dir);
    else
        printf("kept %s\n", path);
    sc__buf_free(&expect);
    sc__buf_free(&s.file);
    sc_ctx_free(s.ctx);
}
END_TEST

Suite *sc_test_replicate_reader_suite(void);

Suite *sc_test_replicate_reader_suite(void)
{
    Suite *s = suite_create("replicate_reader");
    TCase *tc = tcase_create("reader_print");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_replicate_reader_print_full);
    tcase_add_test(tc, test_replicate_reader_print_minimal_metadata);
    tcase_add_test(tc, test_replicate_reader_print_nolog_minimal_image);
    tcase_add_test(tc, test_replicate_reader_print_value_forms);
    suite_add_tcase(s, tc);
    tc = tcase_create("reader_corrupt");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_replicate_reader_corrupt_table);
    tcase_add_test(tc, test_replicate_reader_corrupt_every_byte);
    suite_add_tcase(s, tc);
    tc = tcase_create("reader_interop");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_replicate_reader_stock_mariadb_binlog);
    suite_add_tcase(s, tc);
    return s;
}
