/*
 * check_replicate_sysmap.c - the commit hook's plan for system-table rows
 * (replicate/sysmap.c): sc_sysmap__values reads a packed row straight from
 * the protobuf wire bytes and must give exactly what unpacking it with
 * protobuf-c gives (sc_sysmap__row), also for unknown fields, repeated
 * fields and damaged bytes; sc_sysmap__encode_image must write byte for byte
 * what the generic row-image encoder (sc_rowfmt__encode_image) writes. Rows
 * are random messages of every system table, packed by protobuf-c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "replicate/sysmap.h"
#include "tests/fixtures.h"

/* xorshift64: the same rows on every run. */
static uint64_t rnd_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A random value of every field of msg (strings in ar's memory, some empty, some long). */
static void fill_random(ProtobufCMessage *msg, sc_arena *ar, uint64_t *seed)
{
    const ProtobufCMessageDescriptor *d = msg->descriptor;

    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        char *at = (char *)msg + f->offset;
        uint64_t r = rnd_next(seed), pick = r % 5;
        uint64_t u = pick == 0 ? 0 : pick == 1 ? r >> 56 : pick == 2 ? UINT64_MAX - (r >> 60) : r;

        switch (f->type) {
        case PROTOBUF_C_TYPE_UINT64:
            memcpy(at, &u, sizeof(u));
            break;
        case PROTOBUF_C_TYPE_UINT32:
        case PROTOBUF_C_TYPE_INT32:
        case PROTOBUF_C_TYPE_ENUM: {
            uint32_t w = (uint32_t)u;
            memcpy(at, &w, sizeof(w));
            break;
        }
        case PROTOBUF_C_TYPE_BOOL: {
            protobuf_c_boolean b = (protobuf_c_boolean)(u & 1);
            memcpy(at, &b, sizeof(b));
            break;
        }
        default: { /* string or bytes: 0, a few, or a few hundred characters */
            size_t len = pick == 0 ? 0 : pick == 4 ? 200 + r % 400 : r % 40;
            char *s = sc__arena_alloc(ar, len + 1);
            ck_assert_ptr_nonnull(s);
            for (size_t k = 0; k < len; k++)
                s[k] = (char)(' ' + rnd_next(seed) % 95);
            s[len] = '\0';
            if (f->type == PROTOBUF_C_TYPE_STRING) {
                memcpy(at, &s, sizeof(s));
            } else {
                ProtobufCBinaryData bd = {len, (uint8_t *)s};
                memcpy(at, &bd, sizeof(bd));
            }
        }
        }
    }
}

/* A random packed row of system table t into out. */
static void random_row(sc_buf *out, const sc_sysmap *m, uint64_t *seed)
{
    const ProtobufCMessageDescriptor *d = m->st->desc;
    sc_arena ar;
    ProtobufCMessage *msg;

    sc__arena_init(&ar, sc_fx.ctx, 1024);
    msg = sc__arena_alloc(&ar, d->sizeof_message);
    ck_assert_ptr_nonnull(msg);
    d->message_init(msg);
    fill_random(msg, &ar, seed);
    out->len = 0;
    protobuf_c_message_pack(msg, sc__buf_append(out, protobuf_c_message_get_packed_size(msg)));
    ck_assert(!out->failed);
    sc__arena_free(&ar);
}

/* Both readers agree on packed: both fail, or both give the same values. */
static void check_same(const sc_sysmap *m, sc_slice packed)
{
    sc_binlog_value a[SC_SYSMAP_MAX_COLS], b[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *msg = NULL;
    int ra = sc_sysmap__row(a, &msg, sc_fx.ctx, m, packed);
    int rb = sc_sysmap__values(b, sc_fx.ctx, m, packed);

    if (ra != rb) {
        for (size_t i = 0; i < packed.len; i++)
            fprintf(stderr, "%02x ", packed.data[i]);
        fprintf(stderr, "\n");
    }
    ck_assert_msg(ra == rb, "syscat.%s, %zu bytes: unpack %d, wire %d", m->st->name, packed.len, ra,
                  rb);
    if (ra == SC_OK)
        for (size_t i = 0; i < m->ncols; i++)
            ck_assert_msg(sc_sysmap__value_eq(&a[i], &b[i]), "syscat.%s column %zu differs",
                          m->st->name, i);
    sc_sysmap__free_row(sc_fx.ctx, msg);
}

/* The plan's image equals the generic encoder's for the bitmap present. */
static void check_image(const sc_sysmap *m, const uint8_t *present, const sc_binlog_value *v)
{
    sc_buf g = SC_BUF_INIT(sc_fx.ctx), p = SC_BUF_INIT(sc_fx.ctx);

    ck_assert_int_eq(sc_rowfmt__encode_image(&g, m->cols, m->ncols, present, v), SC_OK);
    ck_assert_int_eq(sc_sysmap__encode_image(&p, m, present, v), SC_OK);
    ck_assert_uint_eq(g.len, p.len);
    ck_assert_mem_eq(g.data, p.data, g.len);
    sc__buf_free(&g);
    sc__buf_free(&p);
}

START_TEST(test_replicate_sysmap_values_random)
{
    uint64_t seed = 0x9E3779B97F4A7C15u;
    sc_buf row = SC_BUF_INIT(sc_fx.ctx);

    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_sysmap m;
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, t), SC_OK);
        for (int n = 0; n < 200; n++) {
            random_row(&row, &m, &seed);
            check_same(&m, (sc_slice){row.data, row.len});
        }
    }
    sc__buf_free(&row);
}
END_TEST

/* Every cut and many single-byte changes of real rows: the same verdict and values. */
START_TEST(test_replicate_sysmap_values_damaged)
{
    uint64_t seed = 42;
    sc_buf row = SC_BUF_INIT(sc_fx.ctx);

    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_sysmap m;
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, t), SC_OK);
        for (int n = 0; n < 20; n++) {
            random_row(&row, &m, &seed);
            for (size_t cut = 0; cut < row.len; cut++)
                check_same(&m, (sc_slice){row.data, cut});
            for (int k = 0; k < 64 && row.len; k++) {
                size_t at = rnd_next(&seed) % row.len;
                uint8_t was = row.data[at];
                row.data[at] = (uint8_t)rnd_next(&seed);
                check_same(&m, (sc_slice){row.data, row.len});
                row.data[at] = was;
            }
        }
    }
    sc__buf_free(&row);
}
END_TEST

/* Unknown fields of every wire type are skipped, a repeated field's last value wins, a
 * known field of the wrong wire type is refused, and a string ends at its first NUL. */
START_TEST(test_replicate_sysmap_values_wire_cases)
{
    static const struct {
        const char *what;
        uint8_t bytes[24];
        size_t len;
    } cases[] = {
        {"unknown varint, fixed64, bytes, fixed32",
         {0xE0, 0x03, 0x05, 0xE9, 0x03, 1,   2,    3,    4, 5, 6, 7,
          8,    0xF2, 0x03, 2,    'x',  'y', 0xFD, 0x03, 1, 2, 3, 4},
         24},
        {"id twice", {0x08, 0x07, 0x08, 0x09}, 4},
        {"id as bytes", {0x0A, 0x01, 0x07}, 3},
        {"name as varint", {0x18, 0x01}, 2},
        {"name with a NUL", {0x1A, 0x03, 'a', 0, 'b'}, 5},
        {"group start", {0xE3, 0x03}, 2},
        {"tag of six bytes", {0x88, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01}, 7},
        {"varint of eleven bytes",
         {0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01},
         12},
        {"field 0", {0x00, 0x01}, 2},
        {"length past the end", {0x1A, 0x05, 'a'}, 3},
    };
    sc_sysmap m;

    ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, SC_SYS_TABLES), SC_OK);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        sc_binlog_value v[SC_SYSMAP_MAX_COLS];
        int rc = sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){cases[i].bytes, cases[i].len});
        bool ok = i < 2 || i == 4;

        ck_assert_msg((rc == SC_OK) == ok, "%s: %d", cases[i].what, rc);
        if (!ok)
            ck_assert_ptr_nonnull(
                strstr(sc_ctx_last_error(sc_fx.ctx)->message, "undecodable row of syscat.tables"));
        if (i == 1)
            ck_assert_int_eq(v[0].v.i, 9);
        if (i == 4)
            ck_assert_uint_eq(v[2].v.str.len, 1);
        check_same(&m, (sc_slice){cases[i].bytes, cases[i].len});
    }
}
END_TEST

START_TEST(test_replicate_sysmap_image_random)
{
    uint64_t seed = 7;
    sc_buf row = SC_BUF_INIT(sc_fx.ctx);

    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_sysmap m;
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, t), SC_OK);
        for (int n = 0; n < 100; n++) {
            sc_binlog_value v[SC_SYSMAP_MAX_COLS];
            uint8_t some[SC_SYSMAP_MAX_COLS / 8];
            random_row(&row, &m, &seed);
            ck_assert_int_eq(sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){row.data, row.len}),
                             SC_OK);
            for (size_t k = 0; k < sizeof(some); k++)
                some[k] = (uint8_t)rnd_next(&seed);
            if (n % 10 == 0)
                v[rnd_next(&seed) % m.ncols].kind = SC_VAL_NULL;
            check_image(&m, m.all_bits, v);
            check_image(&m, m.pk_bits, v);
            check_image(&m, m.noblob_bits, v);
            check_image(&m, some, v);
        }
    }
    sc__buf_free(&row);
}
END_TEST

/* A value the columns cannot hold is refused, as by the generic encoder. */
START_TEST(test_replicate_sysmap_image_refused)
{
    sc_sysmap m;
    sc_binlog_value v[SC_SYSMAP_MAX_COLS];
    sc_buf b = SC_BUF_INIT(sc_fx.ctx);
    size_t str = SIZE_MAX;

    ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, SC_SYS_TABLES), SC_OK);
    ck_assert_int_eq(sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){NULL, 0}), SC_OK);
    for (size_t i = 0; i < m.ncols && str == SIZE_MAX; i++)
        if (m.kind[i] == SC_SYSMAP_STR)
            str = i;
    ck_assert_uint_ne(str, SIZE_MAX);
    v[str].v.str.len = 70000; /* over the 2-byte length of a VARCHAR(255) */
    ck_assert_int_eq(sc_sysmap__encode_image(&b, &m, m.all_bits, v), SC_EINVAL);
    ck_assert_int_eq(sc_rowfmt__encode_image(&b, m.cols, m.ncols, m.all_bits, v), SC_EINVAL);
    v[str].v.str.len = 0;
    v[0].kind = SC_VAL_BYTES; /* the id as text */
    b.len = 0;
    ck_assert_int_eq(sc_sysmap__encode_image(&b, &m, m.all_bits, v), SC_EINVAL);
    ck_assert_uint_eq(b.len, 0);
    sc__buf_free(&b);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A source's image as the commit hook would write it (sc_sysmap__image_match) */

/* What the hook writes for decoded values once the catalog stored them. */
static void stored_image(sc_buf *out, const sc_sysmap *m, const sc_binlog_value *v)
{
    sc_buf packed = SC_BUF_INIT(sc_fx.ctx);
    sc_binlog_value back[SC_SYSMAP_MAX_COLS];

    ck_assert_int_eq(sc_sysmap__pack(&packed, sc_fx.ctx, m, v, NULL), SC_OK);
    ck_assert_int_eq(sc_sysmap__values(back, sc_fx.ctx, m, (sc_slice){packed.data, packed.len}),
                     SC_OK);
    out->len = 0;
    ck_assert_int_eq(sc_sysmap__encode_image(out, m, m->all_bits, back), SC_OK);
    sc__buf_free(&packed);
}

/* Decode image (a Write_rows image of every column of m's table) into rows. */
static void decode_one(sc_rows *rows, const sc_sysmap *m, sc_slice image)
{
    sc_ev_table_map tm;
    sc_ev_rows r;
    sc_event_loc loc = {"test", 0};

    memset(&tm, 0, sizeof(tm));
    memset(&r, 0, sizeof(r));
    tm.ncols = m->ncols;
    tm.columns = (sc_binlog_column *)m->cols;
    tm.db = (sc_slice){(const uint8_t *)"syscat", 6};
    r.ncols = m->ncols;
    r.present = (sc_slice){m->all_bits, (m->ncols + 7) / 8};
    r.rows = image;
    ck_assert_msg(sc_rows__decode_keep(rows, sc_fx.ctx, &tm, SC_EV_WRITE_ROWS_V1, &r, &loc) ==
                      SC_OK,
                  "%s", sc_ctx_last_error(sc_fx.ctx)->message);
    ck_assert_uint_eq(rows->nimages, 1);
    ck_assert_uint_eq(rows->img_at[1] - rows->img_at[0], image.len);
}

/* Whether image matches after decoding, and the patched copy is the stored image when it does. */
static bool match_is_stored(const sc_sysmap *m, sc_slice image, int change, bool *was_match)
{
    sc_rows rows;
    sc_sysmap_fix fix[SC_SYSMAP_MAX_FIX];
    size_t nfix = 9;
    sc_buf want = SC_BUF_INIT(sc_fx.ctx);
    uint8_t copy[4096];
    bool same;

    memset(&rows, 0, sizeof(rows));
    decode_one(&rows, m, image);
    if (change >= 0) /* a translated id */
        rows.vals[change].v.i += 1000003;
    *was_match = sc_sysmap__image_match(fix, &nfix, m, rows.vals, rows.at, image.data, image);
    stored_image(&want, m, rows.vals);
    ck_assert_uint_le(image.len, sizeof(copy));
    memcpy(copy, image.data, image.len);
    if (*was_match) {
        ck_assert_uint_eq(nfix, change >= 0);
        sc_sysmap__image_fix(copy, m, rows.vals, fix, nfix);
    }
    same = want.len == image.len && memcmp(want.data, copy, image.len) == 0;
    sc__buf_free(&want);
    sc_rows__free(sc_fx.ctx, &rows);
    return same;
}

/* Column of kind k in m, or -1. */
static int col_of_kind(const sc_sysmap *m, int k)
{
    for (size_t i = 0; i < m->ncols; i++)
        if (m->kind[i] == k)
            return (int)i;
    return -1;
}

/*
 * A random row's image matches and is what the hook writes from the stored
 * row, also with an id changed (patched); a bool other than 0/1, a NUL in a
 * string, a stray null-bitmap bit or a changed uint32 do not match (the stored row says
 * something else, or the bytes would have to be encoded again).
 */
START_TEST(test_replicate_sysmap_image_match)
{
    uint64_t seed = 11;
    sc_buf row = SC_BUF_INIT(sc_fx.ctx), img = SC_BUF_INIT(sc_fx.ctx);
    bool match;

    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_sysmap m;
        sc_binlog_value v[SC_SYSMAP_MAX_COLS];
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, t), SC_OK);
        for (int n = 0; n < 50; n++) {
            random_row(&row, &m, &seed);
            ck_assert_int_eq(sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){row.data, row.len}),
                             SC_OK);
            img.len = 0;
            ck_assert_int_eq(sc_sysmap__encode_image(&img, &m, m.all_bits, v), SC_OK);
            ck_assert(match_is_stored(&m, (sc_slice){img.data, img.len}, -1, &match));
            ck_assert_msg(match, "syscat.%s row %d", m.st->name, n);
            ck_assert(match_is_stored(&m, (sc_slice){img.data, img.len},
                                      m.kind[0] == SC_SYSMAP_U64 ? 0 : -1, &match));
            ck_assert(match);
        }
    }
    {
        sc_sysmap m;
        sc_binlog_value v[SC_SYSMAP_MAX_COLS];
        int b, s, u;
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, SC_SYS_INDEX_COLUMNS), SC_OK);
        b = col_of_kind(&m, SC_SYSMAP_BOOL);
        s = col_of_kind(&m, SC_SYSMAP_STR);
        u = col_of_kind(&m, SC_SYSMAP_U32);
        ck_assert(b >= 0 && s >= 0 && u >= 0);
        ck_assert_int_eq(sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){NULL, 0}), SC_OK);
        v[b].v.i = 2; /* stored as true: 1 */
        img.len = 0;
        ck_assert_int_eq(sc_sysmap__encode_image(&img, &m, m.all_bits, v), SC_OK);
        ck_assert(!match_is_stored(&m, (sc_slice){img.data, img.len}, -1, &match));
        ck_assert(!match);
        v[b].v.i = 1;
        v[s].v.str.data = (const uint8_t *)"a\0b";
        v[s].v.str.len = 3; /* stored as "a" */
        img.len = 0;
        ck_assert_int_eq(sc_sysmap__encode_image(&img, &m, m.all_bits, v), SC_OK);
        ck_assert(!match_is_stored(&m, (sc_slice){img.data, img.len}, -1, &match));
        ck_assert(!match);
        v[s].v.str.len = 1;
        img.len = 0;
        ck_assert_int_eq(sc_sysmap__encode_image(&img, &m, m.all_bits, v), SC_OK);
        ck_assert(match_is_stored(&m, (sc_slice){img.data, img.len}, -1, &match));
        ck_assert(match);
        ck_assert(!match_is_stored(&m, (sc_slice){img.data, img.len}, u, &match));
        ck_assert(!match);   /* only uint64 ids are patched */
        img.data[0] &= 0x7f; /* a pad bit of the null bitmap clear: MariaDB sets them */
        ck_assert(!match_is_stored(&m, (sc_slice){img.data, img.len}, -1, &match));
        ck_assert(!match);
    }
    sc__buf_free(&row);
    sc__buf_free(&img);
}
END_TEST

/* Both decoders give the same rows (values, absent flags, offsets) or both refuse. */
static void
check_plan(const sc_sysmap *m, uint8_t type, const uint8_t *pb, const uint8_t *pa, sc_slice bytes)
{
    sc_ev_table_map tm;
    sc_ev_rows r;
    sc_event_loc loc = {"test", 0};
    sc_rows g, p;
    int rg, rp;

    memset(&tm, 0, sizeof(tm));
    memset(&r, 0, sizeof(r));
    memset(&g, 0, sizeof(g));
    memset(&p, 0, sizeof(p));
    tm.ncols = m->ncols;
    tm.columns = (sc_binlog_column *)m->cols;
    r.ncols = m->ncols;
    r.present = (sc_slice){pb, (m->ncols + 7) / 8};
    r.present_after = (sc_slice){pa, (m->ncols + 7) / 8};
    r.rows = bytes;
    rg = sc_rows__decode_keep(&g, sc_fx.ctx, &tm, type, &r, &loc);
    sc_ctx_clear_error(sc_fx.ctx);
    rp = sc_rows__decode_plan(&p, sc_fx.ctx, m->decode, type, &r);
    ck_assert_msg((rg == SC_OK) == (rp == SC_OK), "syscat.%s: generic %d, plan %d", m->st->name, rg,
                  rp);
    if (rg == SC_OK) {
        size_t n = g.nimages * g.ncols;
        ck_assert_uint_eq(g.nimages, p.nimages);
        ck_assert_int_eq(g.kind, p.kind);
        if (n) {
            ck_assert_mem_eq(g.absent, p.absent, n);
            ck_assert_mem_eq(g.at, p.at, n * sizeof(*g.at));
            ck_assert_mem_eq(g.img_at, p.img_at, (g.nimages + 1) * sizeof(*g.img_at));
        }
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_eq(g.vals[i].kind, p.vals[i].kind);
            if (g.vals[i].kind == SC_VAL_BYTES) {
                ck_assert_ptr_eq(g.vals[i].v.str.data, p.vals[i].v.str.data);
                ck_assert_uint_eq(g.vals[i].v.str.len, p.vals[i].v.str.len);
            } else {
                ck_assert_int_eq(g.vals[i].v.i, p.vals[i].v.i);
            }
        }
    }
    sc_rows__free(sc_fx.ctx, &g);
    sc_rows__free(sc_fx.ctx, &p);
}

/*
 * sc_rows__decode_plan against the generic decoder on random events of every
 * system table: inserts and updates, every column or a random part of them,
 * NULLs, values at their limits (random_row), and the same bytes cut short
 * or with a byte flipped, which both refuse or both read the same way.
 */
START_TEST(test_replicate_sysmap_decode_plan)
{
    uint64_t seed = 23;
    sc_buf row = SC_BUF_INIT(sc_fx.ctx), ev = SC_BUF_INIT(sc_fx.ctx);

    for (unsigned t = 1; t < SC_SYS__END; t++) {
        sc_sysmap m;
        ck_assert_int_eq(sc_sysmap__init(&m, sc_fx.ctx, t), SC_OK);
        for (int n = 0; n < 60; n++) {
            sc_binlog_value v[SC_SYSMAP_MAX_COLS];
            uint8_t pb[SC_SYSMAP_MAX_COLS / 8], pa[SC_SYSMAP_MAX_COLS / 8];
            bool update = n % 2;
            ev.len = 0;
            for (size_t k = 0; k < sizeof(pb); k++) {
                pb[k] = n % 3
                            ? m.all_bits[k]
                            : (uint8_t)(((uint8_t)rnd_next(&seed) & m.all_bits[k]) | m.pk_bits[k]);
                pa[k] = n % 5
                            ? m.all_bits[k]
                            : (uint8_t)(((uint8_t)rnd_next(&seed) & m.all_bits[k]) | m.pk_bits[k]);
            }
            for (int img = 0; img < 1 + n % 4; img++) {
                random_row(&row, &m, &seed);
                ck_assert_int_eq(sc_sysmap__values(v, sc_fx.ctx, &m, (sc_slice){row.data, row.len}),
                                 SC_OK);
                if (n % 7 == 0)
                    v[rnd_next(&seed) % m.ncols].kind = SC_VAL_NULL;
                ck_assert_int_eq(sc_sysmap__encode_image(&ev, &m, pb, v), SC_OK);
                if (update)
                    ck_assert_int_eq(sc_sysmap__encode_image(&ev, &m, pa, v), SC_OK);
            }
            check_plan(&m, update ? SC_EV_UPDATE_ROWS_V1 : SC_EV_WRITE_ROWS_V1, pb, pa,
                       (sc_slice){ev.data, ev.len});
            check_plan(&m, update ? SC_EV_UPDATE_ROWS_V1 : SC_EV_WRITE_ROWS_V1, pb, pa,
                       (sc_slice){ev.data, ev.len - 1 - rnd_next(&seed) % ev.len});
            ev.data[rnd_next(&seed) % ev.len] ^= (uint8_t)(1u << (rnd_next(&seed) % 8));
            check_plan(&m, update ? SC_EV_UPDATE_ROWS_V1 : SC_EV_WRITE_ROWS_V1, pb, pa,
                       (sc_slice){ev.data, ev.len});
        }
    }
    sc__buf_free(&row);
    sc__buf_free(&ev);
}
END_TEST

Suite *sc_test_replicate_sysmap_suite(void);

Suite *sc_test_replicate_sysmap_suite(void)
{
    Suite *s = suite_create("replicate_sysmap");
    TCase *tc = tcase_create("sysmap");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_replicate_sysmap_values_random);
    tcase_add_test(tc, test_replicate_sysmap_values_damaged);
    tcase_add_test(tc, test_replicate_sysmap_values_wire_cases);
    tcase_add_test(tc, test_replicate_sysmap_image_random);
    tcase_add_test(tc, test_replicate_sysmap_image_refused);
    tcase_add_test(tc, test_replicate_sysmap_image_match);
    tcase_add_test(tc, test_replicate_sysmap_decode_plan);
    suite_add_tcase(s, tc);
    return s;
}
