/*
 * check_replicate_event.c - the binlog event codec (replicate/event.c,
 * replicate/rowfmt.c) against the MariaDB 10.11 oracle corpus: every event of
 * every corpus file is decoded, re-encoded from the decoded form (rows events
 * from their decoded values) and must give back the file byte for byte.
 * Plus value-level cases (NEWDECIMAL, TIME2, DATETIME2) with known bytes,
 * and TABLE_MAP metadata rebuilt from decoded column facts.
 */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/event.h"
#include "replicate/reader.h"
#include "replicate/rowfmt.h"
#include "tests/fixtures.h"

/* All corpus binlog files, sorted; caller frees with globfree. */
static size_t corpus_files(glob_t *g)
{
    char pattern[512];
    snprintf(pattern, sizeof(pattern), "%s/binlog/*/binlog.0*", sc_fixture_oracle_dir());
    ck_assert_msg(glob(pattern, 0, NULL, g) == 0, "no corpus files at %s", pattern);
    return g->gl_pathc;
}

typedef struct rt_stats {
    size_t events;   /* events re-encoded */
    size_t rows_evs; /* rows events re-encoded from decoded values */
    size_t images;   /* row images in them */
    size_t modelled; /* events encoded from the structured form */
} rt_stats;

/* Re-encode a rows event from its decoded values. */
static void reencode_rows(sc_buf *out, sc_ctx *ctx, sc_binlog_reader *r, sc_event *ev, rt_stats *st)
{
    const sc_ev_table_map *tm = sc_binlog_reader__table_map(r, ev->u.rows.table_id);
    sc_event_loc loc = {sc_binlog_reader__name(r), 0};
    sc_buf rows_buf = SC_BUF_INIT(ctx);
    sc_rows rows;
    int rc;

    ck_assert_ptr_nonnull(tm);
    rc = sc_rows__decode(&rows, ctx, tm, ev->header.type, &ev->u.rows, &loc);
    ck_assert_msg(rc == SC_OK, "rows decode: %s", sc_ctx_last_error(ctx)->message);
    rc = sc_rows__encode(&rows_buf, tm->columns, &rows, ev->u.rows.present.data,
                         ev->u.rows.present_after.data);
    ck_assert_int_eq(rc, SC_OK);
    ev->u.rows.rows.data = rows_buf.data;
    ev->u.rows.rows.len = rows_buf.len;
    ck_assert_int_eq(sc_event__encode(out, ev, sc_binlog_reader_checksum(r)), SC_OK);
    st->rows_evs++;
    st->images += rows.nimages;
    sc_rows__free(ctx, &rows);
    sc__buf_free(&rows_buf);
}

static void roundtrip_file(const char *path, rt_stats *st)
{
    sc_ctx *ctx = NULL;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *bev;
    size_t len = 0;
    char *orig = sc_fixture_read_file(path, &len);
    sc_buf out;

    ck_assert_ptr_nonnull(orig);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    out = (sc_buf)SC_BUF_INIT(ctx);
    ck_assert_msg(sc_binlog_reader_open(&r, ctx, path) == SC_OK, "%s",
                  sc_ctx_last_error(ctx)->message);
    sc__buf_put(&out, sc_binlog__magic, SC_BINLOG_MAGIC_LEN);
    for (;;) {
        int rc = sc_binlog_reader_next(&bev, r);
        sc_event ev;
        size_t at = out.len;
        ck_assert_msg(rc == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
        if (!bev)
            break;
        ev = *sc_binlog_reader__event(r);
        ck_assert_int_eq(ev.header.event_len, bev->raw.len);
        ev.header.event_len = 0; /* must be recomputed by the encoder */
        /* STOP (3, empty body) is the only type of the corpus kept raw */
        st->modelled += ev.modelled || ev.header.type == 3;
        if (ev.modelled && sc_event__is_rows(ev.header.type))
            reencode_rows(&out, ctx, r, &ev, st);
        else
            ck_assert_int_eq(sc_event__encode(&out, &ev, sc_binlog_reader_checksum(r)), SC_OK);
        ck_assert_msg(out.len - at == bev->raw.len &&
                          memcmp(out.data + at, bev->raw.data, bev->raw.len) == 0,
                      "%s: event at offset %llu (type %u) re-encodes differently", path,
                      (unsigned long long)bev->offset, bev->header.type);
        st->events++;
    }
    ck_assert_uint_eq(out.len, len);
    ck_assert(memcmp(out.data, orig, len) == 0);
    sc__buf_free(&out);
    sc_binlog_reader_close(r);
    sc_ctx_free(ctx);
    free(orig);
}

START_TEST(test_replicate_event_roundtrip_corpus)
{
    glob_t g;
    rt_stats st = {0, 0, 0, 0};
    size_t n = corpus_files(&g);

    ck_assert_uint_ge(n, 4);
    for (size_t i = 0; i < n; i++)
        roundtrip_file(g.gl_pathv[i], &st);
    globfree(&g);
    /* the corpus has hundreds of events and rows events: make sure we saw them */
    ck_assert_uint_gt(st.events, 500);
    ck_assert_uint_eq(st.modelled, st.events);
    ck_assert_uint_gt(st.rows_evs, 100);
    ck_assert_uint_eq(st.images, 271); /* 126 INSERT + 63 UPDATE x 2 + 19 DELETE images */
}
END_TEST

/* ------------------------------------------------------------------ */

typedef struct dec_case {
    unsigned prec, scale;
    const char *text;
    const char *hex; /* binary form */
} dec_case;

static void hex_to_bytes(uint8_t *out, const char *hex, size_t *n)
{
    *n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[(*n)++] = (uint8_t)v;
    }
}

START_TEST(test_replicate_event_decimal_cases)
{
    static const dec_case cases[] = {
        {10, 2, "1234.56", "800004d238"}, {10, 2, "-0.01", "7ffffffffe"},
        {5, 0, "-99999", "7e7960"},       {3, 3, "0.999", "83e7"},
        {3, 3, "-0.500", "7e0b"},         {10, 2, "0.00", "8000000000"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const dec_case *c = &cases[i];
        uint8_t want[40], got[40];
        char text[SC_DECIMAL_TEXT_MAX];
        size_t n;
        hex_to_bytes(want, c->hex, &n);
        ck_assert_uint_eq(sc_decimal__bin_size(c->prec, c->scale), n);
        ck_assert_int_eq(
            sc_decimal__from_text(got, (sc_slice){(const uint8_t *)c->text, strlen(c->text)},
                                  c->prec, c->scale),
            SC_OK);
        ck_assert_msg(memcmp(got, want, n) == 0, "encode %s", c->text);
        ck_assert_int_eq(sc_decimal__to_text(text, want, c->prec, c->scale), SC_OK);
        ck_assert_str_eq(text, c->text);
    }
    /* a digit group out of range is corrupt, too many digits is invalid */
    {
        uint8_t bad[5] = {0x80 | 0x3B, 0x9A, 0xCA, 0x00, 0x00};
        char text[SC_DECIMAL_TEXT_MAX];
        uint8_t out[8];
        ck_assert_int_eq(sc_decimal__to_text(text, bad, 9, 0), SC_ECORRUPT);
        ck_assert_int_eq(sc_decimal__from_text(out, (sc_slice){(const uint8_t *)"123456", 6}, 5, 0),
                         SC_EINVAL);
    }
}
END_TEST

/* Encode one value of a column, compare bytes, decode back. */
static void value_case(uint8_t type, uint16_t meta, const sc_binlog_value *v, const char *hex)
{
    sc_ctx *ctx = NULL;
    sc_binlog_column c;
    sc_buf b;
    sc_binlog_value back;
    uint8_t want[64];
    size_t n;
    char dec[SC_DECIMAL_TEXT_MAX];
    sc_rd rd;

    memset(&c, 0, sizeof(c));
    c.type = type;
    c.meta = meta;
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    b = (sc_buf)SC_BUF_INIT(ctx);
    hex_to_bytes(want, hex, &n);
    ck_assert_int_eq(sc_rowfmt__encode_value(&b, v, &c), SC_OK);
    ck_assert_msg(b.len == n && memcmp(b.data, want, n) == 0, "type %u meta %u: want %s", type,
                  meta, hex);
    rd = sc_rd_init((sc_slice){want, n});
    ck_assert_int_eq(sc_rowfmt__decode_value(&back, &rd, &c, dec), SC_OK);
    ck_assert_uint_eq(sc_rd_left(&rd), 0);
    ck_assert_int_eq(back.kind, v->kind);
    ck_assert(memcmp(&back.v.tm, &v->v.tm, sizeof(v->v.tm)) == 0);
    sc__buf_free(&b);
    sc_ctx_free(ctx);
}

START_TEST(test_replicate_event_temporal_cases)
{
    sc_binlog_value v;

    memset(&v, 0, sizeof(v));
    v.kind = SC_VAL_DATETIME;
    v.v.tm = (sc_binlog_time){false, 2024, 2, 29, 23, 59, 59, 0};
    value_case(SC_MT_DATETIME2, 0, &v, "99b2bb7efb");
    v.v.tm.usec = 123456;
    value_case(SC_MT_DATETIME2, 6, &v, "99b2bb7efb01e240");
    memset(&v, 0, sizeof(v));
    v.kind = SC_VAL_TIME;
    v.v.tm = (sc_binlog_time){true, 0, 0, 0, 0, 0, 0, 10000}; /* -00:00:00.01 */
    value_case(SC_MT_TIME2, 2, &v, "7fffffff");
    v.v.tm = (sc_binlog_time){true, 0, 0, 0, 0, 0, 1, 1}; /* -00:00:01.000001 */
    value_case(SC_MT_TIME2, 6, &v,
               "7ffffefffff"
               "f");
    v.v.tm = (sc_binlog_time){true, 0, 0, 0, 838, 59, 59, 0};
    value_case(SC_MT_TIME2, 0, &v, "4b9105");
    v.v.tm = (sc_binlog_time){false, 0, 0, 0, 838, 59, 59, 990000};
    value_case(SC_MT_TIME2, 2, &v, "b46efb63");
    memset(&v, 0, sizeof(v));
    v.kind = SC_VAL_DATE;
    v.v.tm = (sc_binlog_time){false, 9999, 12, 31, 0, 0, 0, 0};
    value_case(SC_MT_DATE, 0, &v, "9f1f4e");
}
END_TEST

/* ------------------------------------------------------------------ */

/* Rebuild each TABLE_MAP's metadata from its decoded column facts. */
static void rebuild_metadata_file(const char *path, size_t *checked)
{
    sc_ctx *ctx = NULL;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *bev;
    sc_row_metadata level = strstr(path, "-full-")  ? SC_ROW_METADATA_FULL
                            : strstr(path, "nolog") ? SC_ROW_METADATA_NONE
                                                    : SC_ROW_METADATA_MINIMAL;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_binlog_reader_open(&r, ctx, path), SC_OK);
    while (sc_binlog_reader_next(&bev, r) == SC_OK && bev) {
        const sc_ev_table_map *orig;
        sc_ev_table_map tm;
        sc_buf b = SC_BUF_INIT(ctx);
        unsigned pk[16];
        size_t npk = 0, k = 0;
        if (bev->header.type != SC_EV_TABLE_MAP)
            continue;
        orig = sc_binlog_reader__table_map(r, sc_binlog_reader__event(r)->u.table_map.table_id);
        tm = *orig;
        for (size_t i = 0; i < orig->nfields; i++)
            if (orig->fields[i].type == SC_TM_SIMPLE_PRIMARY_KEY)
                for (size_t j = 0; j < orig->fields[i].value.len; j++)
                    pk[npk++] = orig->fields[i].value.data[j];
        ck_assert_int_eq(sc_table_map__build_metadata(&tm, &b, level, pk, npk), SC_OK);
        /* every field we build must equal the original, in order (5/6 are not built) */
        for (size_t i = 0; i < orig->nfields; i++) {
            const sc_tm_field *f = &orig->fields[i];
            if (f->type == SC_TM_SET_STR_VALUE || f->type == SC_TM_ENUM_STR_VALUE)
                continue;
            ck_assert_uint_lt(k, tm.nfields);
            ck_assert_uint_eq(tm.fields[k].type, f->type);
            ck_assert_msg(tm.fields[k].value.len == f->value.len &&
                              memcmp(tm.fields[k].value.data, f->value.data, f->value.len) == 0,
                          "%s: table %.*s field %u differs", path, (int)orig->table.len,
                          orig->table.data, f->type);
            k++;
        }
        ck_assert_uint_eq(k, tm.nfields);
        (*checked)++;
        sc_free(ctx, tm.fields);
        sc__buf_free(&b);
    }
    sc_binlog_reader_close(r);
    sc_ctx_free(ctx);
}

START_TEST(test_replicate_event_table_map_metadata)
{
    glob_t g;
    size_t n = corpus_files(&g), checked = 0;

    for (size_t i = 0; i < n; i++)
        rebuild_metadata_file(g.gl_pathv[i], &checked);
    globfree(&g);
    ck_assert_uint_gt(checked, 50);
}
END_TEST

/* A decoded TABLE_MAP exposes signedness, charsets, names and geometry types. */
START_TEST(test_replicate_event_table_map_facts)
{
    char path[512];
    sc_ctx *ctx = NULL;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *bev;
    bool saw_ints = false, saw_special = false;

    snprintf(path, sizeof(path), "%s/binlog/crc32-full-full/binlog.000001",
             sc_fixture_oracle_dir());
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_binlog_reader_open(&r, ctx, path), SC_OK);
    while (sc_binlog_reader_next(&bev, r) == SC_OK && bev) {
        const sc_ev_table_map *tm;
        if (bev->header.type != SC_EV_TABLE_MAP)
            continue;
        tm = sc_binlog_reader__table_map(r, sc_binlog_reader__event(r)->u.table_map.table_id);
        if (tm->table.len == 4 && memcmp(tm->table.data, "ints", 4) == 0 &&
            tm->columns[2].name.len == 3 && memcmp(tm->columns[2].name.data, "tiu", 3) == 0) {
            /* id INT, ti TINYINT, tiu TINYINT UNSIGNED ... */
            ck_assert(tm->columns[1].has_unsigned && !tm->columns[1].is_unsigned);
            ck_assert(tm->columns[2].is_unsigned);
            ck_assert(!tm->columns[0].nullable && tm->columns[1].nullable);
            saw_ints = true;
        }
        if (tm->table.len == 7 && memcmp(tm->table.data, "special", 7) == 0) {
            /* ip INET6, u UUID (binary 63), g GEOMETRY, p POINT, ..., v VARCHAR utf8mb4 */
            ck_assert_uint_eq(tm->columns[1].charset, 63);
            ck_assert_uint_eq(tm->columns[3].geometry, 0);
            ck_assert_uint_eq(tm->columns[4].geometry, 1);
            ck_assert_uint_eq(tm->columns[8].charset, 45);
            saw_special = true;
        }
    }
    ck_assert(saw_ints && saw_special);
    sc_binlog_reader_close(r);
    sc_ctx_free(ctx);
}
END_TEST

/* Our own FDE: MariaDB's table, extendable, 4 checksum bytes also with NONE. */
START_TEST(test_replicate_event_own_fde)
{
    sc_ctx *ctx = NULL;
    sc_event ev;
    uint8_t ph[200];
    sc_buf b;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    b = (sc_buf)SC_BUF_INIT(ctx);
    sc_event__default_post_header(ph, sizeof(ph));
    ck_assert_uint_eq(ph[SC_EV_QUERY - 1], 13);
    ck_assert_uint_eq(ph[SC_EV_GTID - 1], 19);
    ck_assert_uint_eq(ph[SC_EV_FORMAT_DESCRIPTION - 1], 228);
    ck_assert_uint_eq(ph[199], 0);
    memset(&ev, 0, sizeof(ev));
    ev.header.type = SC_EV_FORMAT_DESCRIPTION;
    ev.header.server_id = 7;
    ev.header.log_pos = 4 + 19 + 57 + 171 + 1 + 4;
    ev.modelled = true;
    ev.u.fde.binlog_version = SC_BINLOG_VERSION;
    snprintf(ev.u.fde.server_version, sizeof(ev.u.fde.server_version), "%s", SC_SERVER_VERSION);
    ev.u.fde.header_len = SC_EVENT_HEADER_LEN;
    ev.u.fde.post_header = (sc_slice){ph, SC_FDE_MARIADB_TYPES};
    ev.u.fde.checksum_alg = SC_CHECKSUM_NONE;
    ck_assert_int_eq(sc_event__encode(&b, &ev, SC_CHECKSUM_NONE), SC_OK);
    ck_assert_uint_eq(b.len, 252); /* as MariaDB's */
    ck_assert_uint_eq(b.data[b.len - 5], 0);
    b.len = 0;
    ev.u.fde.post_header.len = 200;
    ck_assert_int_eq(sc_event__encode(&b, &ev, SC_CHECKSUM_CRC32), SC_OK);
    ck_assert_uint_eq(b.len, 252 + 29);
    sc__buf_free(&b);
    sc_ctx_free(ctx);
}
END_TEST

/* Walk the status variables of every corpus QUERY event to their exact end. */
START_TEST(test_replicate_event_query_status_vars)
{
    glob_t g;
    size_t n = corpus_files(&g), queries = 0, charset_seen = 0;

    for (size_t i = 0; i < n; i++) {
        sc_ctx *ctx = NULL;
        sc_binlog_reader *r = NULL;
        const sc_binlog_event *bev;
        ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
        ck_assert_int_eq(sc_binlog_reader_open(&r, ctx, g.gl_pathv[i]), SC_OK);
        while (sc_binlog_reader_next(&bev, r) == SC_OK && bev) {
            const sc_event *ev = sc_binlog_reader__event(r);
            sc_rd rd;
            uint8_t code;
            sc_slice v;
            int k;
            if (bev->header.type != SC_EV_QUERY)
                continue;
            rd = sc_rd_init(ev->u.query.status_vars);
            while ((k = sc_query__status_next(&rd, &code, &v)) == 1)
                if (code == 4) {
                    ck_assert_uint_eq(v.len, 6);
                    ck_assert_uint_eq(sc_get_u16le(v.data), 45); /* utf8mb4_general_ci */
                    charset_seen++;
                }
            ck_assert_int_eq(k, 0);
            ck_assert(ev->u.query.text.len > 0);
            queries++;
        }
        sc_binlog_reader_close(r);
        sc_ctx_free(ctx);
    }
    globfree(&g);
    ck_assert_uint_gt(queries, 30);
    ck_assert_uint_eq(charset_seen, queries);
}
END_TEST

/* Encode then decode synthetic events of the shapes the corpus lacks. */
static void synth_roundtrip(sc_ctx *ctx, const sc_event *ev, sc_checksum_alg alg)
{
    sc_buf b = SC_BUF_INIT(ctx), b2 = SC_BUF_INIT(ctx);
    sc_event back;
    uint8_t ph[SC_FDE_MARIADB_TYPES];
    sc_event_fmt fmt = {alg, ph, sizeof(ph)};
    sc_event_loc loc = {"synthetic", 4};
    size_t crc = alg == SC_CHECKSUM_CRC32 ? 4 : 0;

    sc_event__default_post_header(ph, sizeof(ph));
    ck_assert_int_eq(sc_event__encode(&b, ev, alg), SC_OK);
    ck_assert_uint_eq(sc_get_u32le(b.data + 9), b.len);
    memset(&back, 0, sizeof(back));
    sc_event__decode_header(&back.header, b.data);
    ck_assert_int_eq(
        sc_event__decode(&back, ctx, (sc_slice){b.data + 19, b.len - 19 - crc}, &fmt, &loc), SC_OK);
    ck_assert(back.modelled);
    ck_assert_int_eq(sc_event__encode(&b2, &back, alg), SC_OK);
    ck_assert(b.len == b2.len && memcmp(b.data, b2.data, b.len) == 0);
    if (ev->header.type == SC_EV_GTID) {
        ck_assert_uint_eq(back.u.gtid.commit_id, ev->u.gtid.commit_id);
        ck_assert_uint_eq(back.u.gtid.xa_format_id, ev->u.gtid.xa_format_id);
        ck_assert_uint_eq(back.u.gtid.xa_bqual.len, ev->u.gtid.xa_bqual.len);
        ck_assert_uint_eq(back.u.gtid.extra.len, ev->u.gtid.extra.len);
    }
    if (ev->header.type == SC_EV_GTID_LIST) {
        ck_assert_uint_eq(back.u.gtid_list.count_flags, 2);
        ck_assert_uint_eq(back.u.gtid_list.gtids[1].seq_no, 99);
    }
    if (ev->header.type == SC_EV_WRITE_ROWS)
        ck_assert_uint_eq(back.u.rows.extra.len, 3);
    sc_event__clear(ctx, &back);
    sc__buf_free(&b);
    sc__buf_free(&b2);
}

START_TEST(test_replicate_event_synthetic_shapes)
{
    sc_ctx *ctx = NULL;
    sc_event ev;
    sc_gtid list[2] = {{0, 1, 47}, {5, 2, 99}};
    uint8_t bm = 0x03;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_GTID;
    ev.header.flags = SC_EVF_SUPPRESS_USE;
    ev.u.gtid.seq_no = 123456789012ull;
    ev.u.gtid.domain_id = 3;
    ev.u.gtid.flags2 = SC_GTID_GROUP_COMMIT_ID | SC_GTID_TRANSACTIONAL | SC_GTID_PREPARED_XA;
    ev.u.gtid.commit_id = 777;
    ev.u.gtid.xa_format_id = 1;
    ev.u.gtid.xa_gtrid = (sc_slice){(const uint8_t *)"gtrid", 5};
    ev.u.gtid.xa_bqual = (sc_slice){(const uint8_t *)"bq", 2};
    ev.u.gtid.extra = (sc_slice){(const uint8_t *)"\x01\x02", 2};
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_CRC32);
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_NONE);

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_GTID_LIST;
    ev.u.gtid_list.count_flags = 2;
    ev.u.gtid_list.gtids = list;
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_CRC32);

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_ROTATE;
    ev.header.flags = SC_EVF_ARTIFICIAL;
    ev.u.rotate.position = 4;
    ev.u.rotate.name = (sc_slice){(const uint8_t *)"binlog.000002", 13};
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_NONE);

    memset(&ev, 0, sizeof(ev));
    ev.modelled = true;
    ev.header.type = SC_EV_WRITE_ROWS;
    ev.u.rows.table_id = SC_ID_MAX;
    ev.u.rows.flags = SC_ROWS_STMT_END;
    ev.u.rows.extra = (sc_slice){(const uint8_t *)"\x00\x01\x02", 3};
    ev.u.rows.ncols = 2;
    ev.u.rows.present = (sc_slice){&bm, 1};
    ev.u.rows.rows = (sc_slice){(const uint8_t *)"\xfc\x05\x00\x00\x00\x01", 6};
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_CRC32);
    ev.header.type = SC_EV_UPDATE_ROWS;
    ev.u.rows.present_after = (sc_slice){&bm, 1};
    ev.u.rows.extra = (sc_slice){(const uint8_t *)"\x00\x01\x02", 3};
    synth_roundtrip(ctx, &ev, SC_CHECKSUM_NONE);
    /* inconsistent structs are refused, not written */
    {
        sc_buf b = SC_BUF_INIT(ctx);
        ev.u.rows.present.len = 2;
        ck_assert_int_eq(sc_event__encode(&b, &ev, SC_CHECKSUM_NONE), SC_EINVAL);
        ck_assert_uint_eq(b.len, 0);
        sc__buf_free(&b);
    }
    sc_ctx_free(ctx);
}
END_TEST

/* Unknown types: kept raw with LOG_EVENT_IGNORABLE_F, refused without it. */
START_TEST(test_replicate_event_ignorable_unknown)
{
    char path[512];
    size_t len = 0;
    uint8_t *orig = NULL, *d;
    sc_ctx *ctx = NULL;
    sc_buf ins;
    static const struct {
        uint8_t type;
        uint16_t flags;
        int want;
    } cases[] = {
        {28, SC_EVF_IGNORABLE, SC_OK},
        {100, SC_EVF_IGNORABLE, SC_OK},
        {33, 0, SC_OK},
        {100, 0, SC_ECORRUPT},
        {28, 0, SC_ECORRUPT},
        {172, SC_EVF_IGNORABLE, SC_ECORRUPT},
    };

    snprintf(path, sizeof(path), "%s/binlog/none-minimal-full/binlog.000001",
             sc_fixture_oracle_dir());
    orig = (uint8_t *)sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(orig);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        sc_event ev;
        sc_binlog_reader *r = NULL;
        const sc_binlog_event *bev;
        size_t at = 4, found = 0;
        int rc;
        at += sc_get_u32le(orig + at + 9); /* after the FDE */
        at += sc_get_u32le(orig + at + 9); /* and the GTID_LIST */
        ins = (sc_buf)SC_BUF_INIT(ctx);
        memset(&ev, 0, sizeof(ev));
        ev.header.type = cases[c].type;
        ev.header.flags = cases[c].flags;
        ev.raw_body = (sc_slice){(const uint8_t *)"opaque body", 11};
        ck_assert_int_eq(sc_event__encode(&ins, &ev, SC_CHECKSUM_NONE), SC_OK);
        d = malloc(len + ins.len);
        memcpy(d, orig, at);
        memcpy(d + at, ins.data, ins.len);
        memcpy(d + at + ins.len, orig + at, len - at);
        /* log_pos 0 everywhere after the insertion point is accepted as "unknown" */
        for (size_t p = at; p + 19 <= len + ins.len; p += sc_get_u32le(d + p + 9))
            sc_put_u32le(d + p + 13, 0);
        ck_assert_int_eq(
            sc_binlog_reader_open_mem(&r, ctx, "binlog.000001", (sc_slice){d, len + ins.len}),
            SC_OK);
        while ((rc = sc_binlog_reader_next(&bev, r)) == SC_OK && bev)
            if (bev->offset == at) {
                const sc_event *e = sc_binlog_reader__event(r);
                ck_assert(!e->modelled);
                ck_assert_uint_eq(e->raw_body.len, 11);
                ck_assert_uint_eq(e->header.flags, cases[c].flags);
                found++;
            }
        ck_assert_msg(rc == cases[c].want, "type %u: %s", cases[c].type,
                      sc_ctx_last_error(ctx)->message);
        ck_assert_uint_eq(found, cases[c].want == SC_OK ? 1 : 0);
        sc_binlog_reader_close(r);
        sc__buf_free(&ins);
        free(d);
    }
    sc_ctx_free(ctx);
    free(orig);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Allocation failure: every failing allocation is SC_ENOMEM, no crash or leak */

/* Read a corpus prefix, printing rows; returns the first error. */
static int read_prefix(sc_ctx *ctx, const uint8_t *d, size_t len)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    int rc = sc_binlog_reader_open_mem(&r, ctx, "binlog.000001", (sc_slice){d, len});

    while (rc == SC_OK && (rc = sc_binlog_reader_next(&ev, r)) == SC_OK && ev) {
        if (sc_event__is_rows(ev->header.type)) {
            char *text = NULL;
            rc = sc_binlog_reader_print_rows(&text, NULL, NULL, r, ev);
            sc_free(ctx, text);
        }
    }
    sc_binlog_reader_close(r);
    return rc;
}

START_TEST(test_replicate_event_alloc_failure)
{
    char path[512];
    size_t len = 0, prefix = 4;
    uint8_t *d;
    sc_fault_alloc fa = {-1, false, false};
    sc_allocator a = sc_fixture_fault_allocator(&fa);
    sc_ctx_options opts = SC_CTX_OPTIONS_INIT;
    long n;

    snprintf(path, sizeof(path), "%s/binlog/crc32-full-full/binlog.000001",
             sc_fixture_oracle_dir());
    d = (uint8_t *)sc_fixture_read_file(path, &len);
    ck_assert_ptr_nonnull(d);
    while (prefix < 6000)
        prefix += sc_get_u32le(d + prefix + 9);
    opts.allocator = &a;
    for (n = 1;; n++) {
        sc_ctx *ctx = NULL;
        int rc;
        fa.left = -1;
        ck_assert_int_eq(sc_ctx_new(&ctx, &opts), SC_OK);
        fa.left = n;
        rc = read_prefix(ctx, d, prefix);
        fa.left = -1;
        sc_ctx_free(ctx);
        if (rc == SC_OK)
            break;
        ck_assert_msg(rc == SC_ENOMEM, "allocation %ld failed with %d", n, rc);
    }
    ck_assert_int_gt(n, 10); /* the run did allocate, and every failure point was tried */
    free(d);
}
END_TEST

/* sc_event__crc32 (libdeflate) is zlib's crc32 at every length and alignment a
 * binlog event can have, the empty input and a 64 KB one included. */
START_TEST(test_replicate_event_crc32_is_zlibs)
{
    static uint8_t b[65536 + 64];
    uint32_t seed = 12345;

    for (size_t i = 0; i < sizeof(b); i++) {
        seed = seed * 1103515245u + 12345u;
        b[i] = (uint8_t)(seed >> 16);
    }
    for (size_t off = 0; off < 16; off++)
        for (size_t n = 0; n < 600; n++)
            ck_assert_uint_eq(sc_event__crc32(b + off, n), (uint32_t)crc32(0L, b + off, (uInt)n));
    ck_assert_uint_eq(sc_event__crc32(b + 3, 65536), (uint32_t)crc32(0L, b + 3, 65536));
}
END_TEST

Suite *sc_test_replicate_event_suite(void);

Suite *sc_test_replicate_event_suite(void)
{
    Suite *s = suite_create("replicate_event");
    TCase *tc = tcase_create("event_roundtrip");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_replicate_event_roundtrip_corpus);
    tcase_add_test(tc, test_replicate_event_table_map_metadata);
    tcase_add_test(tc, test_replicate_event_table_map_facts);
    suite_add_tcase(s, tc);
    tc = tcase_create("event_values");
    tcase_add_test(tc, test_replicate_event_decimal_cases);
    tcase_add_test(tc, test_replicate_event_temporal_cases);
    tcase_add_test(tc, test_replicate_event_own_fde);
    tcase_add_test(tc, test_replicate_event_synthetic_shapes);
    tcase_add_test(tc, test_replicate_event_crc32_is_zlibs);
    suite_add_tcase(s, tc);
    tc = tcase_create("event_query_unknown");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_replicate_event_query_status_vars);
    tcase_add_test(tc, test_replicate_event_ignorable_unknown);
    tcase_add_test(tc, test_replicate_event_alloc_failure);
    suite_add_tcase(s, tc);
    return s;
}
