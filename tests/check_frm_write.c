/*
 * check_frm_write.c - the .frm writer (frm/frm_write.c, sc_frm_write) and
 * the filename encoder: corpus files read with the reader and written back
 * must come out byte for byte as MariaDB wrote them (the 16-byte table
 * version aside, zeroed in the corpus and here); names round-trip through
 * MariaDB's filename encoding; definitions a .frm cannot hold are refused
 * with an error naming the table; allocation failures leak nothing. The
 * whole corpus replayed through DDL and `syscat export frm` is compared by
 * tests/oracle/run-frm-export.py.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "tests/fixtures.h"

static uint8_t *corpus_file(size_t *len, const char *rel)
{
    char path[1024];
    uint8_t *data;

    snprintf(path, sizeof path, "%s/ddl/%s", sc_fixture_oracle_dir(), rel);
    data = (uint8_t *)sc_fixture_read_file(path, len);
    ck_assert_msg(data != NULL, "cannot read %s", path);
    return data;
}

/* Corpus files whose reader definition writes back to the same bytes: every
 * part of the format (ints, decimals, temporal defaults, ENUM/SET lists,
 * strings in utf8mb3, BLOBs, prefix keys, FULLTEXT, SPATIAL with the GIS
 * extra2 entry, generated columns, CHECK constraints, invisible columns,
 * comments, MyISAM and Aria options). */
static const char *const roundtrip_files[] = {
    "0003-int-display-width/frm/test/t.frm",
    "0007-decimal-types/frm/test/t.frm",
    "0011-date-time-types/frm/test/t.frm",
    "0015-datetime-defaults/frm/test/t.frm",
    "0023-enum-types/frm/test/t.frm",
    "0031-spatial-myisam/frm/test/t.frm",
    "0059-generated-json-extract/frm/test/t.frm",
    "0062-invisible-columns/frm/test/t.frm",
    "0067-check-mixed-order/frm/test/t.frm",
    "0083-index-prefix-lengths/frm/test/t.frm",
    "0085-index-comment/frm/test/t.frm",
    "0089-fulltext-index/frm/test/t.frm",
    "0131-engine-aria/frm/test/t.frm",
    "0326-sakila/frm/sakila/film.frm",
    "0326-sakila/frm/sakila/address.frm",
    "0327-wordpress/frm/test/wp_posts.frm",
};

START_TEST(test_frm_write_roundtrip)
{
    const char *rel = roundtrip_files[_i];
    static const uint8_t zero[16];
    size_t len, out_len = 0;
    uint8_t *d = corpus_file(&len, rel), *out = NULL;
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    int rc;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, rel), SC_OK);
    rc = sc_frm_write(&out, &out_len, ctx, sc_frm_table(frm), zero);
    ck_assert_msg(rc == SC_OK, "%s: %s", rel, sc_ctx_last_error(ctx)->message);
    ck_assert_msg(out_len == len, "%s: %zu bytes written, MariaDB wrote %zu", rel, out_len, len);
    for (size_t i = 0; i < len; i++)
        ck_assert_msg(out[i] == d[i], "%s: byte %zu is %02x, MariaDB wrote %02x", rel, i, out[i],
                      d[i]);
    sc_free(ctx, out);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

/* The version bytes land where MariaDB keeps them (extra2 entry 0). */
START_TEST(test_frm_write_version)
{
    size_t len, out_len = 0;
    uint8_t *d = corpus_file(&len, "0003-int-display-width/frm/test/t.frm"), *out = NULL;
    uint8_t v[16];
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;

    for (int i = 0; i < 16; i++)
        v[i] = (uint8_t)(0xA0 + i);
    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "test/t.frm"), SC_OK);
    ck_assert_int_eq(sc_frm_write(&out, &out_len, ctx, sc_frm_table(frm), v), SC_OK);
    ck_assert_int_eq(out[64], 0);
    ck_assert_int_eq(out[65], 16);
    ck_assert_mem_eq(out + 66, v, 16);
    sc_free(ctx, out);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

/* DATA/INDEX DIRECTORY are not in a .frm (MariaDB keeps them in the engine):
 * a table with them writes the bytes of the same table without them. */
START_TEST(test_frm_write_skips_directories)
{
    static const uint8_t zero[16];
    static const char *const with[] = {
        "DATA DIRECTORY='/tmp/d/' INDEX DIRECTORY='/tmp/i/'",
        "MAX_ROWS=10 DATA DIRECTORY='/tmp/it\\'s here/'",
        "MAX_ROWS=10 INDEX DIRECTORY='/x/'",
    };
    static const char *const without[] = {NULL, "MAX_ROWS=10", "MAX_ROWS=10"};
    sc_column_def col = {.name = "a", .type = SC_TYPE_INT, .length = 11};
    sc_table_def def = {.name = "t",
                        .engine = "MyISAM",
                        .charset = "utf8mb4",
                        .collation = "utf8mb4_general_ci",
                        .columns = &col,
                        .n_columns = 1};
    sc_ctx *ctx = sc_fixture_ctx();

    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        uint8_t *a = NULL, *b = NULL;
        size_t alen = 0, blen = 0;
        def.options = with[i];
        ck_assert_msg(sc_frm_write(&a, &alen, ctx, &def, zero) == SC_OK, "%s: %s", with[i],
                      sc_ctx_last_error(ctx)->message);
        def.options = without[i];
        ck_assert_int_eq(sc_frm_write(&b, &blen, ctx, &def, zero), SC_OK);
        ck_assert_uint_eq(alen, blen);
        ck_assert_mem_eq(a, b, alen);
        sc_free(ctx, a);
        sc_free(ctx, b);
    }
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_frm_encode_filename)
{
    /* the names of cases 0219, 0220 and 0292 as MariaDB stored them */
    static const char *const pairs[][2] = {
        {"t1_ok", "t1_ok"},
        {"my table", "my@0020table"},
        {"a/b", "a@002fb"},
        {"ünïcödé", "@1on@0vc@1id@0p"},
        {"表", "@8868"},
        {"данные", "@k0@g0@t0@t0@n1@l0"},
        {"таблица", "@y0@g0@h0@r0@o0@i1@g0"},
    };
    sc_ctx *ctx = sc_fixture_ctx();

    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char *enc = NULL, *dec = NULL;
        ck_assert_int_eq(sc_frm_encode_filename(&enc, ctx, pairs[i][0]), SC_OK);
        ck_assert_str_eq(enc, pairs[i][1]);
        ck_assert_int_eq(sc_frm_decode_filename(&dec, ctx, enc), SC_OK);
        ck_assert_str_eq(dec, pairs[i][0]);
        sc_free(ctx, enc);
        sc_free(ctx, dec);
    }
    sc_ctx_free(ctx);
}
END_TEST

/* What a .frm cannot hold is refused, naming the table and the feature; a
 * partitioned table is no longer one of them. */
START_TEST(test_frm_write_unsupported)
{
    static const uint8_t zero[16];
    sc_column_def col = {.name = "a", .type = SC_TYPE_INT, .length = 11};
    sc_partition_def part = {.name = "p0"};
    sc_partitioning_def pdef = {.type = SC_PART_HASH, .expr = "`a`", .parts = &part, .n_parts = 1};
    sc_table_def def = {.name = "tp",
                        .engine = "InnoDB",
                        .charset = "utf8mb4",
                        .collation = "utf8mb4_general_ci",
                        .columns = &col,
                        .n_columns = 1,
                        .partitioning = &pdef};
    sc_ctx *ctx = sc_fixture_ctx();
    uint8_t *out = NULL;
    size_t len = 0;

    sc_frm *frm = NULL;
    char *text = NULL;

    /* partitioned tables are written (engine "partition", the clause in the extra block) */
    ck_assert_int_eq(sc_frm_write(&out, &len, ctx, &def, zero), SC_OK);
    ck_assert_int_eq(out[3], 20);
    ck_assert_int_eq(sc_frm_read(&frm, ctx, out, len, "db1/tp.frm"), SC_OK);
    ck_assert(sc_frm_is_partitioned(frm));
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_ptr_nonnull(strstr(text, ") ENGINE=InnoDB DEFAULT CHARSET="));
    ck_assert_ptr_nonnull(strstr(text, "\n PARTITION BY HASH (`a`)\n(PARTITION `p0`"));
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_free(ctx, out);
    out = NULL;
    def.partitioning = NULL;
    def.engine = "CSV";
    ck_assert_int_eq(sc_frm_write(&out, &len, ctx, &def, zero), SC_EINVAL);
    ck_assert_ptr_null(out);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "'tp'"));
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "storage engine"));
    def.engine = "InnoDB";
    def.options = "`ENCRYPTED`=YES";
    ck_assert_int_eq(sc_frm_write(&out, &len, ctx, &def, zero), SC_EINVAL);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "engine-defined"));
    sc_ctx_free(ctx);
}
END_TEST

/* A BIT default on InnoDB lives whole in the record bytes (0x1000 in the pack
 * flags), on MyISAM its odd bits among the null bits: both read back. */
START_TEST(test_frm_write_bit_default)
{
    static const uint8_t zero[16];
    static const char *const engines[] = {"InnoDB", "MyISAM"};
    sc_column_def cols[2] = {{.name = "a",
                              .type = SC_TYPE_BIT,
                              .length = 5,
                              .default_kind = SC_DEFAULT_LITERAL,
                              .default_value = "10101"},
                             {.name = "b",
                              .type = SC_TYPE_BIT,
                              .length = 12,
                              .default_kind = SC_DEFAULT_LITERAL,
                              .default_value = "100000000011"}};
    sc_table_def def = {.name = "t",
                        .charset = "utf8mb4",
                        .collation = "utf8mb4_general_ci",
                        .columns = cols,
                        .n_columns = 2};
    sc_ctx *ctx = sc_fixture_ctx();

    for (int e = 0; e < 2; e++) {
        uint8_t *out = NULL;
        size_t len = 0;
        sc_frm *frm = NULL;
        char *text = NULL;
        def.engine = engines[e];
        ck_assert_int_eq(sc_frm_write(&out, &len, ctx, &def, zero), SC_OK);
        ck_assert_int_eq(sc_frm_read(&frm, ctx, out, len, "test/t.frm"), SC_OK);
        ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
        ck_assert_msg(strstr(text, "`a` bit(5) DEFAULT b'10101',") &&
                          strstr(text, "`b` bit(12) DEFAULT b'100000000011'"),
                      "%s: %s", engines[e], text);
        sc_free(ctx, text);
        sc_frm_free(frm);
        sc_free(ctx, out);
    }
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_frm_write_alloc_failures)
{
    static const uint8_t zero[16];
    size_t len;
    uint8_t *d = corpus_file(&len, "0326-sakila/frm/sakila/film.frm");
    sc_ctx *rctx = sc_fixture_ctx();
    sc_frm *frm = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, rctx, d, len, "sakila/film.frm"), SC_OK);
    for (long left = 0; left < 400; left++) {
        sc_fault_counter fc = {{left, false, false}, 0};
        sc_allocator al = sc_fixture_counting_allocator(&fc);
        sc_ctx_options co = SC_CTX_OPTIONS_INIT;
        sc_ctx *ctx = NULL;
        uint8_t *out = NULL;
        size_t out_len = 0;
        int rc;

        co.allocator = &al;
        if (sc_ctx_new(&ctx, &co) != SC_OK)
            continue;
        rc = sc_frm_write(&out, &out_len, ctx, sc_frm_table(frm), zero);
        ck_assert_msg(rc == SC_OK || rc == SC_ENOMEM, "left %ld: rc %d", left, rc);
        ck_assert(rc == SC_OK || out == NULL);
        sc_free(ctx, out);
        sc_ctx_free(ctx);
        ck_assert_int_eq(fc.live, 0);
        if (!fc.fa.failed)
            break;
    }
    sc_frm_free(frm);
    sc_ctx_free(rctx);
    free(d);
}
END_TEST

Suite *sc_test_frm_write_suite(void);

Suite *sc_test_frm_write_suite(void)
{
    Suite *s = suite_create("frm_write");
    TCase *tc = tcase_create("write");

    tcase_add_loop_test(tc, test_frm_write_roundtrip, 0,
                        (int)(sizeof roundtrip_files / sizeof roundtrip_files[0]));
    tcase_add_test(tc, test_frm_write_version);
    tcase_add_test(tc, test_frm_encode_filename);
    tcase_add_test(tc, test_frm_write_unsupported);
    tcase_add_test(tc, test_frm_write_skips_directories);
    tcase_add_test(tc, test_frm_write_bit_default);
    tcase_add_test(tc, test_frm_write_alloc_failures);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
