/*
 * check_binlog_decode.c - decoding foreign MariaDB binlogs (replicate/decode.c,
 * the sc_binlog_rows_* API) against the real tool:
 *  - acceptance 1 of issue 14: for EVERY variant under oracle/binlog/ (found
 *    by listing the directory, so new variants are covered without a code
 *    change), every event of every file named in binlog.index is decoded and
 *    every `###` line is compared, value by value, with the variant's
 *    decoded.txt (`mariadb-binlog -vv --base64-output=decode-rows`).
 *    Normalisation, and nothing else (docs/binlog-decode.md says the same):
 *      1. whitespace: leading and trailing whitespace of a line and of a
 *         value is ignored (this is what hides FLOAT's "%-20g" padding), and
 *         runs of whitespace in the non-value parts compare as one space;
 *      2. comment formatting: the trailing comment of an `@N=` line,
 *         `/ * TYPE meta=M nullable=X is_null=Y * /`, is compared as its four
 *         fields, not as bytes.
 *    The column number, the value text (quotes, escapes, digits), the
 *    statement lines (`### INSERT INTO `db`.`t``, `### SET`, `### WHERE`,
 *    `### SET / * no columns * /`), their order and their count are exact.
 *  - the typed side of the API: unsigned readings, plain texts, SQL types.
 */
#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "replicate/decode.h"
#include "replicate/event.h"
#include "replicate/reader.h"
#include "tests/fixtures.h"

/* ------------------------------------------------------------------ */
/* One `###` line, normalised                                          */

typedef struct hline {
    bool is_value; /* an "@N=" line */
    unsigned n;    /* N */
    char *value;   /* value text, outer whitespace trimmed */
    char *type;    /* comment type, whitespace collapsed */
    unsigned meta; /* comment fields */
    int nullable;
    int is_null;
    char *text; /* other lines: whitespace collapsed */
} hline;

static char *dup_range(const char *s, size_t n)
{
    char *o = malloc(n + 1);
    ck_assert_ptr_nonnull(o);
    memcpy(o, s, n);
    o[n] = '\0';
    return o;
}

/* Trim outer whitespace and collapse inner runs into one space. */
static char *collapse(const char *s, size_t n)
{
    char *o = malloc(n + 1);
    size_t k = 0;
    bool space = false;

    ck_assert_ptr_nonnull(o);
    for (size_t i = 0; i < n; i++) {
        if (isspace((unsigned char)s[i])) {
            space = k > 0;
            continue;
        }
        if (space)
            o[k++] = ' ';
        space = false;
        o[k++] = s[i];
    }
    o[k] = '\0';
    return o;
}

/* Parse "###   @N=VALUE, type comment"; false if the line is not of that shape. */
static bool parse_value_line(hline *h, const char *s, size_t n)
{
    const char *p = s + 3, *end = s + n, *eq, *meta = NULL, *open = NULL;
    unsigned num;

    while (p < end && isspace((unsigned char)*p))
        p++;
    if (p >= end || *p != '@' || sscanf(p + 1, "%u", &num) != 1 || !(eq = memchr(p, '=', end - p)))
        return false;
    while (end > eq && isspace((unsigned char)end[-1]))
        end--;
    for (const char *q = end - 1; q > eq; q--)
        if (!meta && q + 6 <= end && memcmp(q, " meta=", 6) == 0)
            meta = q;
        else if (meta && q + 3 <= meta && memcmp(q, "/* ", 3) == 0) {
            open = q;
            break;
        }
    if (!meta || !open || end - s < 2 || memcmp(end - 2, "*/", 2) != 0)
        return false;
    h->is_value = true;
    h->n = num;
    if (sscanf(meta, " meta=%u nullable=%d is_null=%d", &h->meta, &h->nullable, &h->is_null) != 3)
        return false;
    h->type = collapse(open + 3, (size_t)(meta - open - 3));
    {
        const char *v = eq + 1, *ve = open;
        while (ve > v && isspace((unsigned char)ve[-1]))
            ve--;
        while (v < ve && isspace((unsigned char)*v))
            v++;
        h->value = dup_range(v, (size_t)(ve - v));
    }
    return true;
}

typedef struct hlines {
    hline *v;
    size_t n, cap;
} hlines;

static void hlines_add(hlines *l, const char *s, size_t n)
{
    hline h;

    memset(&h, 0, sizeof(h));
    if (!parse_value_line(&h, s, n)) {
        free(h.type);
        free(h.value);
        memset(&h, 0, sizeof(h));
        h.text = collapse(s, n);
    }
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->v = realloc(l->v, l->cap * sizeof(*l->v));
        ck_assert_ptr_nonnull(l->v);
    }
    l->v[l->n++] = h;
}

static void hlines_free(hlines *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].value);
        free(l->v[i].type);
        free(l->v[i].text);
    }
    free(l->v);
}

/* The "###" lines of a text. */
static void hlines_of_text(hlines *l, const char *text, size_t len)
{
    size_t i = 0;

    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        if (end - i >= 3 && memcmp(text + i, "###", 3) == 0)
            hlines_add(l, text + i, end - i);
        i = end + 1;
    }
}

static void describe(char *out, size_t size, const hline *h)
{
    if (h->is_value)
        snprintf(out, size, "@%u=%s /* %s meta=%u nullable=%d is_null=%d */", h->n, h->value,
                 h->type, h->meta, h->nullable, h->is_null);
    else
        snprintf(out, size, "%s", h->text);
}

static bool hline_eq(const hline *a, const hline *b)
{
    if (a->is_value != b->is_value)
        return false;
    if (!a->is_value)
        return strcmp(a->text, b->text) == 0;
    return a->n == b->n && strcmp(a->value, b->value) == 0 && strcmp(a->type, b->type) == 0 &&
           a->meta == b->meta && a->nullable == b->nullable && a->is_null == b->is_null;
}

/* ------------------------------------------------------------------ */
/* Decoding a variant through the API                                   */

/* Decode every event of one file; the ### lines of its rows events go to out. */
static void decode_file(sc_buf *out, size_t *nrows, size_t *nevents, const char *path)
{
    sc_ctx *ctx = out->ctx;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;

    ck_assert_msg(sc_binlog_reader_open(&r, ctx, path) == SC_OK, "%s: %s", path,
                  sc_ctx_last_error(ctx)->message);
    for (;;) {
        sc_binlog_rows *it = NULL;
        size_t n = 0;
        int rc;
        ck_assert_msg(sc_binlog_reader_next(&ev, r) == SC_OK, "%s",
                      sc_ctx_last_error(ctx)->message);
        if (!ev)
            break;
        (*nevents)++;
        ck_assert(sc_binlog_reader__event(r)->modelled || ev->header.type == 3);
        if (!sc_event__is_rows(ev->header.type))
            continue;
        rc = sc_binlog_rows_open(&it, r, ev);
        if (rc == SC_ENOTFOUND) {
            sc__buf_printf(out, "### Row event for unknown table #%llu\n",
                           (unsigned long long)sc_binlog_reader__event(r)->u.rows.table_id);
            continue;
        }
        ck_assert_msg(rc == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
        rc = sc_decode__rows_text(out, &n, it);
        ck_assert_msg(rc == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
        *nrows += n;
        sc_binlog_rows_close(it);
    }
    sc_binlog_reader_close(r);
}

static void compare_variant(const char *dir)
{
    char path[2048], line[256], a[2048], b[2048];
    sc_ctx *ctx = NULL;
    sc_buf out;
    size_t dlen = 0, nrows = 0, nevents = 0, nfiles = 0;
    char *decoded;
    hlines want = {0}, got = {0};
    FILE *idx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);
    snprintf(path, sizeof(path), "%s/binlog.index", dir);
    idx = fopen(path, "r");
    ck_assert_msg(idx != NULL, "%s: cannot open", path);
    while (fgets(line, sizeof(line), idx)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        snprintf(path, sizeof(path), "%s/%s", dir,
                 strrchr(line, '/') ? strrchr(line, '/') + 1 : line);
        decode_file(&out, &nrows, &nevents, path);
        nfiles++;
    }
    fclose(idx);
    ck_assert_uint_gt(nfiles, 0);
    snprintf(path, sizeof(path), "%s/decoded.txt", dir);
    decoded = sc_fixture_read_file(path, &dlen);
    ck_assert_msg(decoded != NULL, "%s: cannot read", path);
    hlines_of_text(&want, decoded, dlen);
    hlines_of_text(&got, (const char *)out.data, out.len);
    ck_assert_uint_gt(want.n, 100);
    for (size_t i = 0; i < want.n && i < got.n; i++) {
        if (hline_eq(&want.v[i], &got.v[i]))
            continue;
        describe(a, sizeof(a), &want.v[i]);
        describe(b, sizeof(b), &got.v[i]);
        ck_abort_msg("%s: ### line %zu of %zu differs:\nwant: %s\ngot:  %s", dir, i + 1, want.n, a,
                     b);
    }
    ck_assert_msg(got.n == want.n, "%s: %zu ### lines decoded, decoded.txt has %zu", dir, got.n,
                  want.n);
    printf("binlog_decode: %s: %zu files, %zu events, %zu rows, %zu ### lines equal\n",
           strrchr(dir, '/') + 1, nfiles, nevents, nrows, want.n);
    hlines_free(&want);
    hlines_free(&got);
    free(decoded);
    sc__buf_free(&out);
    sc_ctx_free(ctx);
}

START_TEST(test_binlog_decode_every_variant)
{
    char dir[1024], sub[1600];
    DIR *d;
    struct dirent *e;
    size_t n = 0;

    snprintf(dir, sizeof(dir), "%s/binlog", sc_fixture_oracle_dir());
    d = opendir(dir);
    ck_assert_msg(d != NULL, "%s: cannot list", dir);
    while ((e = readdir(d)) != NULL) {
        FILE *f;
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof(sub), "%s/%s/decoded.txt", dir, e->d_name);
        if (!(f = fopen(sub, "r")))
            continue;
        fclose(f);
        snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
        compare_variant(sub);
        n++;
    }
    closedir(d);
    ck_assert_uint_ge(n, 3);
}
END_TEST

/* The normalisation itself: what it forgives and what it does not. */
START_TEST(test_binlog_decode_normalisation)
{
    static const char *const base =
        "###   @12=1.5                  /* FLOAT meta=4 nullable=1 is_null=0 */";

    static const char *const lines[] = {
        "###   @12=1.5 /*  FLOAT  meta=4 nullable=1 is_null=0 */  ",
        "###   @12=1.50 /* FLOAT meta=4 nullable=1 is_null=0 */",
        "###   @12=1.5 /* FLOAT meta=4 nullable=0 is_null=0 */",
        "###   @2='a /* b' /* STRING(4) meta=65028 nullable=1 is_null=0 */",
    };
    hlines l = {0};

    hlines_add(&l, base, strlen(base));
    for (size_t i = 0; i < 4; i++)
        hlines_add(&l, lines[i], strlen(lines[i]));
    ck_assert(l.v[0].is_value && l.v[1].is_value);
    ck_assert(hline_eq(&l.v[0], &l.v[1]));
    ck_assert(!hline_eq(&l.v[0], &l.v[2]));
    ck_assert(!hline_eq(&l.v[0], &l.v[3]));
    ck_assert(l.v[4].is_value);
    ck_assert_str_eq(l.v[4].value, "'a /* b'");
    ck_assert_str_eq(l.v[4].type, "STRING(4)");
    hlines_free(&l);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Typed values and plain texts                                         */

/* The first rows event of cat1.ints in crc32-full-full (row 1 of workload w1). */
START_TEST(test_binlog_decode_typed_values)
{
    char path[1024];
    sc_ctx *ctx = NULL;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    sc_binlog_rows *it = NULL;
    const sc_binlog_row *row = NULL;
    const sc_binlog_table *t;
    char *text = NULL;
    static const char *const plain[13] = {"1",
                                          "-128",
                                          "255",
                                          "-32768",
                                          "65535",
                                          "-8388608",
                                          "16777215",
                                          "-2147483648",
                                          "4294967295",
                                          "-9223372036854775808",
                                          "18446744073709551615",
                                          "1.5",
                                          "-2.25"};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/crc32-full-full/binlog.000001",
             sc_fixture_oracle_dir());
    ck_assert_int_eq(sc_binlog_reader_open(&r, ctx, path), SC_OK);
    do {
        ck_assert_int_eq(sc_binlog_reader_next(&ev, r), SC_OK);
        ck_assert_ptr_nonnull(ev);
    } while (!sc_event__is_rows(ev->header.type));
    ck_assert_int_eq(sc_binlog_rows_open(&it, r, ev), SC_OK);
    ck_assert_int_eq(sc_binlog_rows_kind(it), SC_ROWS_WRITE);
    t = sc_binlog_rows_table(it);
    ck_assert(t->table.len == 4 && memcmp(t->table.data, "ints", 4) == 0);
    ck_assert_int_eq(sc_binlog_rows_next(&row, it), SC_OK);
    ck_assert_ptr_nonnull(row);
    ck_assert_ptr_null(row->before);
    ck_assert_uint_eq(row->ncols, 13);
    ck_assert(t->columns[0].name.len == 2 && memcmp(t->columns[0].name.data, "id", 2) == 0);
    ck_assert_uint_eq(sc_binlog_value_uint(&row->after[10], &t->columns[10]), UINT64_MAX);
    for (size_t i = 0; i < 13; i++) {
        ck_assert(row->after_present[i]);
        ck_assert_int_eq(
            sc_binlog_value_text(&text, NULL, ctx, &row->after[i], &t->columns[i], SC_FORM_PLAIN),
            SC_OK);
        ck_assert_msg(strcmp(text, plain[i]) == 0, "column %zu: %s, want %s", i + 1, text,
                      plain[i]);
        sc_free(ctx, text);
    }
    ck_assert_int_eq(
        sc_binlog_value_text(&text, NULL, ctx, &row->after[2], &t->columns[2], SC_FORM_BINLOG),
        SC_OK);
    ck_assert_str_eq(text, "-1 (255)");
    sc_free(ctx, text);
    ck_assert_int_eq(sc_binlog_column_type(&text, ctx, &t->columns[2], SC_FORM_PLAIN), SC_OK);
    ck_assert_str_eq(text, "tinyint unsigned");
    sc_free(ctx, text);
    ck_assert_int_eq(sc_binlog_column_type(&text, ctx, &t->columns[1], SC_FORM_BINLOG), SC_OK);
    ck_assert_str_eq(text, "TINYINT");
    sc_free(ctx, text);
    ck_assert_int_eq(sc_binlog_rows_next(&row, it), SC_OK);
    ck_assert_ptr_null(row);
    sc_binlog_rows_close(it);
    sc_binlog_reader_close(r);
    sc_ctx_free(ctx);
}
END_TEST

/* Plain forms of the temporal and string types (hand-made values). */
START_TEST(test_binlog_decode_plain_forms)
{
    static const struct {
        uint8_t type;
        uint16_t meta;
        uint32_t charset;
        sc_binlog_value v;
        const char *want_plain, *want_type;
    } cases[] = {
        {SC_MT_NEWDATE,
         0,
         0,
         {.kind = SC_VAL_DATE, .v.tm = {.year = 2024, .month = 2, .day = 29}},
         "2024-02-29",
         "date"},
        {SC_MT_TIMESTAMP2,
         3,
         0,
         {.kind = SC_VAL_TIMESTAMP, .v.ts = {1700000000, 123000}},
         "2023-11-14 22:13:20.123",
         "timestamp(3)"},
        {SC_MT_TIME2,
         0,
         0,
         {.kind = SC_VAL_TIME, .v.tm = {.neg = true, .hour = 838, .minute = 59, .second = 59}},
         "-838:59:59",
         "time"},
        {SC_MT_YEAR, 0, 0, {.kind = SC_VAL_INT, .v.i = 0}, "0000", "year"},
        {SC_MT_FLOAT, 4, 0, {.kind = SC_VAL_FLOAT, .v.f = 0.1f}, "0.1", "float"},
        {SC_MT_DOUBLE, 8, 0, {.kind = SC_VAL_DOUBLE, .v.d = 0.1}, "0.1", "double"},
        {SC_MT_VARCHAR,
         80,
         45,
         {.kind = SC_VAL_BYTES, .v.str = {(const uint8_t *)"ab'c", 4}},
         "ab'c",
         "varchar(20)"},
        {SC_MT_BLOB,
         2,
         63,
         {.kind = SC_VAL_BYTES, .v.str = {(const uint8_t *)"x", 1}},
         "x",
         "blob"},
    };
    sc_ctx *ctx = NULL;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        sc_binlog_column c;
        char *text = NULL;
        memset(&c, 0, sizeof(c));
        c.type = cases[i].type;
        c.meta = cases[i].meta;
        c.charset = cases[i].charset;
        ck_assert_int_eq(sc_binlog_value_text(&text, NULL, ctx, &cases[i].v, &c, SC_FORM_PLAIN),
                         SC_OK);
        ck_assert_msg(strcmp(text, cases[i].want_plain) == 0, "case %zu: %s", i, text);
        sc_free(ctx, text);
        ck_assert_int_eq(sc_binlog_column_type(&text, ctx, &c, SC_FORM_PLAIN), SC_OK);
        ck_assert_msg(strcmp(text, cases[i].want_type) == 0, "case %zu: %s", i, text);
        sc_free(ctx, text);
    }
    sc_ctx_free(ctx);
}
END_TEST

Suite *sc_test_binlog_decode_suite(void);

Suite *sc_test_binlog_decode_suite(void)
{
    Suite *s = suite_create("binlog_decode");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_binlog_decode_every_variant);
    tcase_add_test(tc, test_binlog_decode_normalisation);
    tcase_add_test(tc, test_binlog_decode_typed_values);
    tcase_add_test(tc, test_binlog_decode_plain_forms);
    suite_add_tcase(s, tc);
    return s;
}
