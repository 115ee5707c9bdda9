/*
 * check_frm.c - the .frm reader (frm/, include/syscat/frm.h) on real files
 * of the DDL oracle corpus (read in place, never copied) and on damaged
 * copies of them made in memory: truncated at every length, wrong magic,
 * offsets and lengths pointing outside the file, unknown field types and
 * collations. Every bad input must give SC_ECORRUPT with a message naming
 * the file and an offset, never a crash (ASan/UBSan builds), and nothing
 * leaks when an allocation fails. The whole corpus is compared with
 * schema.sql by tests/oracle/run-frm-cli.py.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"
#include "tests/fixtures.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static uint32_t u16(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8;
}

static uint32_t u32(const uint8_t *p)
{
    return u16(p) | u16(p + 2) << 16;
}

/* Offset of column i's 17-byte entry in the column block. */
static size_t field_entry(const uint8_t *d, unsigned i)
{
    size_t forminfo = u32(d + 64 + u16(d + 4));
    return forminfo + 288 + u16(d + forminfo + 260) + 17 * i;
}

/* Decode data as path and expect SC_ECORRUPT with a message naming path and an offset. */
static void expect_corrupt(const uint8_t *data, size_t len, const char *path, const char *needle)
{
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    int rc = sc_frm_read(&frm, ctx, data, len, path);
    const char *msg = sc_ctx_last_error(ctx)->message;

    ck_assert_int_eq(rc, SC_ECORRUPT);
    ck_assert_ptr_null(frm);
    ck_assert_msg(strstr(msg, path) && strstr(msg, "offset "), "message lacks file/offset: %s",
                  msg);
    if (needle)
        ck_assert_msg(strstr(msg, needle) != NULL, "expected '%s' in: %s", needle, msg);
    sc_ctx_free(ctx);
}

/* ------------------------------------------------------------------ */
/* Good files                                                           */

static const char decimal_show[] =
    "CREATE TABLE `t` (\n"
    "  `a` decimal(10,0) DEFAULT NULL,\n"
    "  `b` decimal(10,0) DEFAULT NULL,\n"
    "  `c` decimal(10,2) DEFAULT NULL,\n"
    "  `d` decimal(5,5) DEFAULT NULL,\n"
    "  `e` decimal(65,30) DEFAULT NULL,\n"
    "  `f` decimal(8,3) DEFAULT NULL,\n"
    "  `g` decimal(12,4) unsigned DEFAULT NULL,\n"
    "  `h` decimal(6,2) unsigned zerofill DEFAULT NULL\n"
    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci";

START_TEST(test_frm_read_show_decimal)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0007-decimal-types/frm/test/t.frm");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    char *text = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "db1/t.frm"), SC_OK);
    ck_assert_str_eq(sc_frm_schema(frm), "db1");
    ck_assert_str_eq(sc_frm_table(frm)->name, "t");
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_str_eq(text, decimal_show);
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

/* Literal defaults of every kind come out of the default record (sakila's film). */
START_TEST(test_frm_read_defaults)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0326-sakila/frm/sakila/film.frm");
    sc_ctx *ctx = sc_fixture_ctx();
    sc_frm *frm = NULL;
    char *text = NULL;

    ck_assert_int_eq(sc_frm_read(&frm, ctx, d, len, "sakila/film.frm"), SC_OK);
    ck_assert_int_eq(sc_frm_show_create(&text, frm), SC_OK);
    ck_assert_ptr_nonnull(strstr(text, "`rental_rate` decimal(4,2) NOT NULL DEFAULT 4.99,"));
    ck_assert_ptr_nonnull(strstr(text, "`replacement_cost` decimal(5,2) NOT NULL DEFAULT 19.99,"));
    ck_assert_ptr_nonnull(strstr(text, "`rating` enum('G','PG','PG-13','R','NC-17') DEFAULT 'G',"));
    ck_assert_ptr_nonnull(
        strstr(text, "DEFAULT current_timestamp() ON UPDATE current_timestamp()"));
    sc_free(ctx, text);
    sc_frm_free(frm);
    sc_ctx_free(ctx);
    free(d);
}
END_TEST

START_TEST(test_frm_filename_decode)
{
    sc_ctx *ctx = sc_fixture_ctx();
    char *s = NULL;

    ck_assert_int_eq(sc_frm_decode_filename(&s, ctx, "my@0020table"), SC_OK);
    ck_assert_str_eq(s, "my table");
    sc_free(ctx, s);
    ck_assert_int_eq(sc_frm_decode_filename(&s, ctx, "a@002fb"), SC_OK);
    ck_assert_str_eq(s, "a/b");
    sc_free(ctx, s);
    ck_assert_int_eq(sc_frm_decode_filename(&s, ctx, "@8868"), SC_OK);
    ck_assert_str_eq(s, "\xE8\xA1\xA8"); /* U+8868 */
    sc_free(ctx, s);
    ck_assert_int_eq(sc_frm_decode_filename(&s, ctx, "@y0@g0@n1"), SC_OK);
    ck_assert_str_eq(s,
                     "\xD1\x82\xD0\xB0\xD1\x8B"); /* two-character escapes: U+0442 U+0430 U+044B */
    sc_free(ctx, s);
    ck_assert_int_eq(sc_frm_decode_filename(&s, ctx, "bad@"), SC_EINVAL);
    ck_assert_ptr_null(s);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad input                                                            */

/* Every proper prefix of a real file is refused cleanly. */
START_TEST(test_frm_truncated_every_length)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0326-sakila/frm/sakila/film.frm");

    for (size_t n = 0; n < len; n++) {
        uint8_t *cut = malloc(n ? n : 1);
        memcpy(cut, d, n);
        expect_corrupt(cut, n, "cut/film.frm", NULL);
        free(cut);
    }
    free(d);
}
END_TEST

START_TEST(test_frm_wrong_magic)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0007-decimal-types/frm/test/t.frm");

    d[0] = 'T';
    expect_corrupt(d, len, "x/t.frm", "offset 0: not a binary .frm file");
    free(d);
}
END_TEST

START_TEST(test_frm_lengths_outside)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0007-decimal-types/frm/test/t.frm");
    uint8_t *copy = malloc(len);
    size_t e2 = 64 + u16(d + 4);

    /* the forminfo position beyond the end of the file */
    memcpy(copy, d, len);
    copy[e2] = 0xFF, copy[e2 + 1] = 0xFF, copy[e2 + 2] = 0x00, copy[e2 + 3] = 0x01;
    expect_corrupt(copy, len, "x/t.frm", "forminfo");
    /* a column count that makes the column block run past the end */
    memcpy(copy, d, len);
    copy[u32(d + e2) + 258] = 0xFF;
    expect_corrupt(copy, len, "x/t.frm", "column block");
    /* an extra2 entry longer than its section */
    memcpy(copy, d, len);
    copy[65] = 0x7F;
    expect_corrupt(copy, len, "x/t.frm", "extra2");
    /* the default record beyond the end */
    memcpy(copy, d, len);
    copy[16] = 0xFF, copy[17] = 0xFF;
    expect_corrupt(copy, len, "x/t.frm", "default record");
    free(copy);
    free(d);
}
END_TEST

START_TEST(test_frm_unknown_field_type)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0007-decimal-types/frm/test/t.frm");

    d[field_entry(d, 0) + 13] = 200;
    expect_corrupt(d, len, "x/t.frm", "unknown field type 200");
    free(d);
}
END_TEST

/* A TIME whose length gives more than 6 fraction digits (found by fuzz_frm:
 * the time decoder shifted by 8 * bytes of the fraction, past 64 bits). */
START_TEST(test_frm_time_precision_beyond_6)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0012-time-fsp/frm/test/t.frm");

    d[field_entry(d, 2) + 3] = 40;
    expect_corrupt(d, len, "x/t.frm", "fractional precision above 6");
    free(d);
}
END_TEST

/* BIT wider than 64 bits (found by fuzz_frm: a shift past 64 bits). */
START_TEST(test_frm_bit_beyond_64)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0295-err-wrong-field-spec/frm/test/t4.frm");

    d[field_entry(d, 0) + 3] = 250;
    expect_corrupt(d, len, "x/t.frm", "BIT(250)");
    free(d);
}
END_TEST

START_TEST(test_frm_unknown_collation)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0326-sakila/frm/sakila/film.frm");

    d[field_entry(d, 1) + 14] = 0xFF; /* `title` varchar: collation 0x..FF */
    d[field_entry(d, 1) + 11] = 0x07;
    expect_corrupt(d, len, "x/film.frm", "unknown collation #2047");
    d[38] = 0xFE, d[41] = 0x07; /* the table's */
    expect_corrupt(d, len, "x/film.frm", "unknown table collation #2046");
    free(d);
}
END_TEST

/* An ENUM default past the end of its value list (found by fuzz_frm). */
START_TEST(test_frm_enum_default_outside)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0326-sakila/frm/sakila/film.frm");
    size_t rating = field_entry(d, 10), record = u16(d + 6) + u16(d + 14);
    size_t recpos = u16(d + rating + 5) | (size_t)d[rating + 7] << 16;

    ck_assert_int_eq(d[rating + 13], 247); /* `rating` is the ENUM */
    d[record + recpos - 1] = 9;
    expect_corrupt(d, len, "x/film.frm", "column 'rating': ENUM default 9 of 5 values");
    free(d);
}
END_TEST

/* Allocation failures anywhere give SC_ENOMEM or success, and leak nothing. */
START_TEST(test_frm_alloc_failures)
{
    size_t len;
    uint8_t *d = sc_fixture_oracle_file(&len, "ddl", "0326-sakila/frm/sakila/film.frm");

    for (long left = 0; left < 400; left++) {
        sc_fault_counter fc = {{left, false, false}, 0};
        sc_allocator al = sc_fixture_counting_allocator(&fc);
        sc_ctx_options co = SC_CTX_OPTIONS_INIT;
        sc_ctx *ctx = NULL;
        sc_frm *frm = NULL;
        char *text = NULL;
        int rc;

        co.allocator = &al;
        if (sc_ctx_new(&ctx, &co) != SC_OK)
            continue;
        rc = sc_frm_read(&frm, ctx, d, len, "s/film.frm");
        if (rc == SC_OK)
            rc = sc_frm_show_create(&text, frm);
        ck_assert_msg(rc == SC_OK || rc == SC_ENOMEM, "left %ld: rc %d", left, rc);
        sc_free(ctx, text);
        sc_frm_free(frm);
        sc_ctx_free(ctx);
        ck_assert_int_eq(fc.live, 0);
        if (!fc.fa.failed)
            break;
    }
    free(d);
}
END_TEST

Suite *sc_test_frm_suite(void);

Suite *sc_test_frm_suite(void)
{
    Suite *s = suite_create("frm");
    TCase *tc = tcase_create("read");
    TCase *bad = tcase_create("bad_input");

    tcase_add_test(tc, test_frm_read_show_decimal);
    tcase_add_test(tc, test_frm_read_defaults);
    tcase_add_test(tc, test_frm_filename_decode);
    tcase_add_test(bad, test_frm_truncated_every_length);
    tcase_add_test(bad, test_frm_wrong_magic);
    tcase_add_test(bad, test_frm_lengths_outside);
    tcase_add_test(bad, test_frm_unknown_field_type);
    tcase_add_test(bad, test_frm_time_precision_beyond_6);
    tcase_add_test(bad, test_frm_bit_beyond_64);
    tcase_add_test(bad, test_frm_unknown_collation);
    tcase_add_test(bad, test_frm_enum_default_outside);
    tcase_add_test(bad, test_frm_alloc_failures);
    tcase_set_timeout(bad, 60);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, bad);
    return s;
}
