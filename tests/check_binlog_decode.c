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
 *  - the typed side of the API: unsigned readings, plain texts, SQL types;
 *  - sc_binlog_decode(): the whole listing equals decoded.txt byte for byte
 *    (every line, TZ=UTC as recorded), JSON lines parse and carry the values
 *    and column names, the position/GTID/database/table filters;
 *  - acceptance 6: truncated files and headers, bad checksums, events longer
 *    than the file, bad magic: SC_ECORRUPT naming the file and offset, peak
 *    allocation under 4 MB, nothing leaked, output before the damage kept;
 *    the same peak allocation for a 4 MB and an 18 MB file; the CLI's exit
 *    statuses and messages.
 */
#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <zlib.h>

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

/* ------------------------------------------------------------------ */
/* sc_binlog_decode(): the listing, JSON, filters                        */

static int to_buf(const void *data, size_t len, void *payload)
{
    return sc__buf_put(payload, data, len);
}

static int count_bytes(const void *data, size_t len, void *payload)
{
    (void)data;
    *(size_t *)payload += len;
    return 0;
}

/* The binlog files of a variant in binlog.index order (paths malloc'ed). */
static size_t variant_files(char **paths, size_t max, const char *variant)
{
    char path[1024], line[256];
    size_t n = 0;
    FILE *idx;

    snprintf(path, sizeof(path), "%s/binlog/%s/binlog.index", sc_fixture_oracle_dir(), variant);
    idx = fopen(path, "r");
    ck_assert_msg(idx != NULL, "%s", path);
    while (n < max && fgets(line, sizeof(line), idx)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        snprintf(path, sizeof(path), "%s/binlog/%s/%s", sc_fixture_oracle_dir(), variant,
                 strrchr(line, '/') ? strrchr(line, '/') + 1 : line);
        paths[n++] = strdup(path);
    }
    fclose(idx);
    return n;
}

/* Decode with options into out (NUL-terminated); returns the rc. */
static int decode_to(sc_buf *out, const char *const *paths, size_t n, const sc_decode_options *o)
{
    int rc;

    out->len = 0;
    rc = sc_binlog_decode(out->ctx, paths, n, o, to_buf, out);
    sc__buf_putc(out, '\0');
    out->len--;
    return rc;
}

static void free_paths(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
}

/*
 * The whole listing of sc_binlog_decode() against decoded.txt: every line,
 * not only the ### ones, byte for byte (mariadb-binlog prints local times: TZ
 * is UTC here, as when the corpus was recorded).
 */
static void listing_variant(const char *variant)
{
    char *paths[16], path[1024];
    size_t n = variant_files(paths, 16, variant), dlen = 0, line = 1;
    sc_ctx *ctx = NULL;
    sc_buf out;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    char *decoded;
    hlines want = {0}, got = {0};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);
    ck_assert_msg(decode_to(&out, (const char *const *)paths, n, &o) == SC_OK, "%s",
                  sc_ctx_last_error(ctx)->message);
    snprintf(path, sizeof(path), "%s/binlog/%s/decoded.txt", sc_fixture_oracle_dir(), variant);
    decoded = sc_fixture_read_file(path, &dlen);
    ck_assert_ptr_nonnull(decoded);
    /* the ### lines, value by value (the acceptance comparison) */
    hlines_of_text(&want, decoded, dlen);
    hlines_of_text(&got, out.text, out.len);
    ck_assert_uint_eq(got.n, want.n);
    for (size_t i = 0; i < want.n; i++)
        ck_assert_msg(hline_eq(&want.v[i], &got.v[i]), "%s: ### line %zu differs", variant, i + 1);
    /* and the rest of the listing, byte for byte */
    for (size_t i = 0; i < dlen && i < out.len; i++) {
        if (decoded[i] == out.text[i]) {
            line += decoded[i] == '\n';
            continue;
        }
        const char *ls = decoded + i, *gs = out.text + i;
        while (ls > decoded && ls[-1] != '\n')
            ls--;
        while (gs > out.text && gs[-1] != '\n')
            gs--;
        ck_abort_msg("%s: listing line %zu differs:\nwant: %.*s\ngot:  %.*s", variant, line,
                     (int)strcspn(ls, "\n"), ls, (int)strcspn(gs, "\n"), gs);
    }
    ck_assert_uint_eq(out.len, dlen);
    hlines_free(&want);
    hlines_free(&got);
    free(decoded);
    free_paths(paths, n);
    sc__buf_free(&out);
    sc_ctx_free(ctx);
}

START_TEST(test_binlog_decode_listing)
{
    setenv("TZ", "UTC", 1);
    tzset();
    listing_variant("crc32-full-full");
    listing_variant("none-minimal-full");
    listing_variant("crc32-nolog-minimal");
}
END_TEST

/* Count lines of text that start with prefix. */
static size_t count_prefix(const char *text, const char *prefix)
{
    size_t n = 0, k = strlen(prefix);

    for (const char *p = text; p && *p;) {
        if (strncmp(p, prefix, k) == 0)
            n++;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return n;
}

START_TEST(test_binlog_decode_json)
{
    char *paths[16];
    size_t n = variant_files(paths, 16, "crc32-full-full"), events = 0, rows_events = 0;
    sc_ctx *ctx = NULL;
    sc_buf out;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    bool saw_ints = false;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);
    o.format = SC_DECODE_JSON;
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_OK);
    for (char *line = out.text; line && *line;) {
        char *nl = strchr(line, '\n');
        json_error_t err;
        json_t *j;
        ck_assert_ptr_nonnull(nl);
        j = json_loadb(line, (size_t)(nl - line), 0, &err);
        ck_assert_msg(j != NULL, "line %zu: %s", events + 1, err.text);
        ck_assert(json_is_integer(json_object_get(j, "pos")));
        events++;
        if (json_object_get(j, "rows")) {
            json_t *row0 = json_array_get(json_object_get(j, "rows"), 0);
            rows_events++;
            ck_assert_ptr_nonnull(row0);
            if (!saw_ints && strcmp(json_string_value(json_object_get(j, "table")), "ints") == 0) {
                json_t *after = json_object_get(row0, "after");
                saw_ints = true;
                ck_assert_int_eq(json_integer_value(json_object_get(after, "tiu")), 255);
                ck_assert_int_eq(json_integer_value(json_object_get(after, "ti")), -128);
                ck_assert_str_eq(json_string_value(json_object_get(after, "biu")),
                                 "18446744073709551615");
                ck_assert(json_real_value(json_object_get(after, "f")) == 1.5);
            }
        }
        if (json_object_get(j, "columns")) {
            json_t *c0 = json_array_get(json_object_get(j, "columns"), 0);
            ck_assert_ptr_nonnull(json_object_get(c0, "name"));
            ck_assert_ptr_nonnull(json_object_get(c0, "type"));
        }
        json_decref(j);
        line = nl + 1;
    }
    ck_assert(saw_ints);
    ck_assert_uint_eq(events, 399);
    ck_assert_uint_gt(rows_events, 60);
    free_paths(paths, n);
    sc__buf_free(&out);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_binlog_decode_filters)
{
    char *paths[16];
    size_t n = variant_files(paths, 16, "crc32-full-full");
    sc_ctx *ctx = NULL;
    sc_buf out;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);
    /* positions: first file from 896 (GTID 0-1-3), last file up to 755 (exclusive) */
    o.start_position = 896;
    o.stop_position = 755;
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_OK);
    ck_assert_ptr_null(strstr(out.text, "# at 325\n"));
    ck_assert_ptr_nonnull(strstr(out.text, "# at 4\n"));   /* the FDE always */
    ck_assert_ptr_nonnull(strstr(out.text, "# at 896\n")); /* first file */
    ck_assert_ptr_nonnull(strstr(out.text, "# at 713\n")); /* last file */
    ck_assert_ptr_null(strstr(out.text, "# at 755\n"));
    ck_assert_ptr_nonnull(strstr(out.text, "GTID 0-1-50")); /* at 713, ends at 755 */
    ck_assert_ptr_null(strstr(out.text, "GTID 0-1-51"));
    /* GTIDs: after 0-1-3 (exclusive) up to 0-1-5 (inclusive) */
    o = (sc_decode_options)SC_DECODE_OPTIONS_INIT;
    o.start_gtid = "0-1-3";
    o.stop_gtid = "0-1-5";
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_OK);
    ck_assert_uint_eq(count_prefix(out.text, "/*M!100001 SET @@session.gtid_seq_no="), 2);
    ck_assert_ptr_nonnull(strstr(out.text, "gtid_seq_no=4*/"));
    ck_assert_ptr_nonnull(strstr(out.text, "gtid_seq_no=5*/"));
    /* database and table */
    o = (sc_decode_options)SC_DECODE_OPTIONS_INIT;
    o.table = "cat1.ints";
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_OK);
    ck_assert_uint_gt(count_prefix(out.text, "### INSERT INTO `cat1`.`ints`"), 3);
    ck_assert_uint_eq(count_prefix(out.text, "### INSERT INTO"),
                      count_prefix(out.text, "### INSERT INTO `cat1`.`ints`"));
    ck_assert_uint_eq(count_prefix(out.text, "### UPDATE"),
                      count_prefix(out.text, "### UPDATE `cat1`.`ints`"));
    o = (sc_decode_options)SC_DECODE_OPTIONS_INIT;
    o.database = "cat3";
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_OK);
    ck_assert_ptr_null(strstr(out.text, "`cat1`"));
    ck_assert_ptr_nonnull(strstr(out.text, "`cat3`"));
    /* a bad GTID list is an error naming the option */
    o = (sc_decode_options)SC_DECODE_OPTIONS_INIT;
    o.stop_gtid = "0-1";
    ck_assert_int_eq(decode_to(&out, (const char *const *)paths, n, &o), SC_EINVAL);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "--stop-gtid"));
    free_paths(paths, n);
    sc__buf_free(&out);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Malformed input (acceptance 6)                                       */

static uint8_t *oracle_bytes(size_t *len, const char *variant, const char *file)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/binlog/%s/%s", sc_fixture_oracle_dir(), variant, file);
    return (uint8_t *)sc_fixture_read_file(path, len);
}

/* Offset of the k-th event (0 = the FDE) of a file. */
static size_t event_at(const uint8_t *d, size_t len, size_t k)
{
    size_t p = 4;
    for (size_t i = 0; i < k && p + 19 <= len; i++)
        p += sc_get_u32le(d + p + 9);
    return p;
}

/* Write bytes to DIR/binlog.000001; returns the path (static). */
static const char *write_tmp(const char *dir, const uint8_t *d, size_t len)
{
    static char path[1100];
    FILE *f;

    snprintf(path, sizeof(path), "%s/binlog.000001", dir);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, len, f), len);
    fclose(f);
    return path;
}

/* Peak bytes allocated through a ctx. */
typedef struct peak_alloc {
    size_t live, peak;
} peak_alloc;

static void *pk_malloc(size_t n, void *payload)
{
    peak_alloc *p = payload;
    size_t *b = malloc(n + 16);
    if (!b)
        return NULL;
    b[0] = n;
    p->live += n;
    if (p->live > p->peak)
        p->peak = p->live;
    return (char *)b + 16;
}

static void pk_free(void *ptr, void *payload)
{
    peak_alloc *p = payload;
    if (!ptr)
        return;
    size_t *b = (size_t *)((char *)ptr - 16);
    p->live -= b[0];
    free(b);
}

static void *pk_realloc(void *ptr, size_t n, void *payload)
{
    peak_alloc *p = payload;
    size_t *b = ptr ? (size_t *)((char *)ptr - 16) : NULL, old = b ? b[0] : 0;
    size_t *nb = realloc(b, n + 16);
    if (!nb)
        return NULL;
    nb[0] = n;
    p->live = p->live - old + n;
    if (p->live > p->peak)
        p->peak = p->live;
    return (char *)nb + 16;
}

static sc_ctx *peak_ctx(peak_alloc *p, sc_allocator *a)
{
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_ctx *ctx = NULL;

    a->malloc_fn = pk_malloc;
    a->realloc_fn = pk_realloc;
    a->free_fn = pk_free;
    a->payload = p;
    co.allocator = a;
    ck_assert_int_eq(sc_ctx_new(&ctx, &co), SC_OK);
    return ctx;
}

/* Decode a damaged copy: the error names binlog.000001 and the offset. */
static void expect_damage(const char *dir, const uint8_t *d, size_t len, const char *want)
{
    const char *path = write_tmp(dir, d, len);
    peak_alloc pk = {0, 0};
    sc_allocator a;
    sc_ctx *ctx = peak_ctx(&pk, &a);
    sc_buf out;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    int rc;

    sc__buf_init(&out, ctx);
    for (int f = 0; f < 2; f++) {
        o.format = f ? SC_DECODE_JSON : SC_DECODE_TEXT;
        rc = decode_to(&out, &path, 1, &o);
        ck_assert_int_eq(rc, SC_ECORRUPT);
        ck_assert_msg(strstr(sc_ctx_last_error(ctx)->message, want) != NULL, "got '%s', want '%s'",
                      sc_ctx_last_error(ctx)->message, want);
        ck_assert(strncmp(sc_ctx_last_error(ctx)->message, "binlog.000001: ", 15) == 0);
    }
    sc__buf_free(&out);
    sc_ctx_free(ctx);
    /* never more than a few MB, whatever the lengths claim; nothing leaked */
    ck_assert_msg(pk.peak < 4 * 1024 * 1024, "peak allocation %zu", pk.peak);
    ck_assert_uint_eq(pk.live, 0);
}

START_TEST(test_binlog_decode_malformed)
{
    char dir[512], want[256];
    size_t len = 0, at;
    uint8_t *d = oracle_bytes(&len, "crc32-full-full", "binlog.000001"), *c;

    ck_assert_ptr_nonnull(d);
    sc_fixture_tmpdir(dir, sizeof(dir));
    c = malloc(len);
    ck_assert_ptr_nonnull(c);
    /* truncated inside the 40th event */
    at = event_at(d, len, 40);
    snprintf(want, sizeof(want), "event at offset %zu: truncated event", at);
    expect_damage(dir, d, at + 30, want);
    /* truncated inside a header */
    snprintf(want, sizeof(want), "event at offset %zu: truncated event header", at);
    expect_damage(dir, d, at + 7, want);
    /* a flipped byte in the body of the 40th event: bad checksum */
    memcpy(c, d, len);
    c[at + 25] ^= 0x10;
    snprintf(want, sizeof(want), "event at offset %zu: checksum mismatch", at);
    expect_damage(dir, c, len, want);
    /* an event claiming to be longer than the file (4 GB) */
    memcpy(c, d, len);
    sc_put_u32le(c + at + 9, 0xFFFFFFF0u);
    snprintf(want, sizeof(want), "event at offset %zu: truncated event: length 4294967280", at);
    expect_damage(dir, c, len, want);
    /* the last event of the file cut short */
    at = event_at(d, len, 10000);
    ck_assert_uint_eq(at, len);
    /* bad magic */
    memcpy(c, d, len);
    c[1] = 'X';
    expect_damage(dir, c, len, "bad magic");
    free(c);
    free(d);
    sc_fixture_rmtree(dir);
}
END_TEST

/* Output already produced before the damage is delivered (streaming). */
START_TEST(test_binlog_decode_partial_output)
{
    char dir[512];
    size_t len = 0, at;
    uint8_t *d = oracle_bytes(&len, "crc32-nolog-minimal", "binlog.000001");
    const char *path;
    sc_ctx *ctx = NULL;
    sc_buf out;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;

    ck_assert_ptr_nonnull(d);
    sc_fixture_tmpdir(dir, sizeof(dir));
    at = event_at(d, len, 100);
    path = write_tmp(dir, d, at + 10);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);
    ck_assert_int_eq(decode_to(&out, &path, 1, &o), SC_ECORRUPT);
    ck_assert_uint_eq(count_prefix(out.text, "# at "), 100);
    sc__buf_free(&out);
    sc_ctx_free(ctx);
    free(d);
    sc_fixture_rmtree(dir);
}
END_TEST

/*
 * Constant memory: a file of N copies of the corpus's largest transactions
 * (positions and CRC32 rewritten) decodes with the same peak allocation
 * for N and 4 N.
 */
static size_t big_file(const char *dir, const uint8_t *d, size_t len, size_t copies)
{
    size_t body = event_at(d, len, 3), first = 0, cap, n;
    uint8_t *f;
    size_t p = body, out = body;

    /* the events after the FDE, Gtid_list and checkpoint, up to the Rotate */
    while (p + 19 <= len && d[p + 4] != 4)
        p += sc_get_u32le(d + p + 9);
    first = p - body;
    cap = body + first * copies;
    f = malloc(cap);
    ck_assert_ptr_nonnull(f);
    memcpy(f, d, body);
    for (size_t k = 0; k < copies; k++) {
        memcpy(f + out, d + body, first);
        for (size_t q = out; q < out + first;) {
            uint32_t l = sc_get_u32le(f + q + 9);
            sc_put_u32le(f + q + 13, (uint32_t)(q + l));
            sc_put_u32le(f + q + l - 4, (uint32_t)crc32(0, f + q, l - 4));
            q += l;
        }
        out += first;
    }
    write_tmp(dir, f, out);
    n = out;
    free(f);
    return n;
}

START_TEST(test_binlog_decode_constant_memory)
{
    char dir[512], path[1100];
    size_t len = 0, sizes[2], peaks[2];
    uint8_t *d = oracle_bytes(&len, "crc32-full-full", "binlog.000001");
    const char *p = path;

    ck_assert_ptr_nonnull(d);
    sc_fixture_tmpdir(dir, sizeof(dir));
    snprintf(path, sizeof(path), "%s/binlog.000001", dir);
    for (int i = 0; i < 2; i++) {
        peak_alloc pk = {0, 0};
        sc_allocator a;
        sc_ctx *ctx = peak_ctx(&pk, &a);
        sc_decode_options o = SC_DECODE_OPTIONS_INIT;
        size_t total = 0;
        sizes[i] = big_file(dir, d, len, i ? 24 : 6);
        for (int f = 0; f < 2; f++) {
            o.format = f ? SC_DECODE_JSON : SC_DECODE_TEXT;
            ck_assert_int_eq(sc_binlog_decode(ctx, &p, 1, &o, count_bytes, &total), SC_OK);
        }
        peaks[i] = pk.peak;
        ck_assert_uint_gt(total, sizes[i]);
        sc_ctx_free(ctx);
    }
    printf("binlog_decode: peak allocation %zu bytes for %zu MB, %zu bytes for %zu MB\n", peaks[0],
           sizes[0] >> 20, peaks[1], sizes[1] >> 20);
    ck_assert_uint_lt(peaks[1], 4 * 1024 * 1024);
    ck_assert_uint_le(peaks[1], peaks[0] + 64 * 1024);
    free(d);
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Compressed events (log_bin_compress)                                 */

/* MariaDB's binlog_buf_compress: 0x80|lenlen, the length big-endian, zlib. */
static size_t compress_part(uint8_t *dst, const uint8_t *src, size_t n)
{
    uLongf clen = compressBound((uLong)n);
    unsigned lenlen = n > 0xFFFFFF ? 4 : n > 0xFFFF ? 3 : n > 0xFF ? 2 : 1;

    dst[0] = (uint8_t)(0x80 | lenlen);
    for (unsigned i = 0; i < lenlen; i++)
        dst[1 + i] = (uint8_t)(n >> (8 * (lenlen - 1 - i)));
    ck_assert_int_eq(compress(dst + 1 + lenlen, &clen, src, (uLong)n), Z_OK);
    return 1 + lenlen + clen;
}

/* Offset in an event (from its header) where the compressed part starts, or 0 to keep it. */
static size_t compress_at(const uint8_t *ev)
{
    const uint8_t *b = ev + 19;
    uint8_t t = ev[4];
    size_t at;

    if (t == 2)
        return 19 + 13 + sc_get_u16le(b + 11) + b[8] + 1;
    if (t < 23 || t > 25)
        return 0;
    at = 19 + 8;
    {
        uint64_t w = ev[at] < 251 ? ev[at] : sc_get_u16le(ev + at + 1);
        at += ev[at] < 251 ? 1 : 3;
        at += (size_t)(w + 7) / 8 * (t == 24 ? 2 : 1);
    }
    return at;
}

/* A copy of a CRC32 file with every Query and v1 rows event compressed. */
static uint8_t *compress_file(const uint8_t *d, size_t len, size_t *out_len)
{
    uint8_t *f = malloc(len * 2 + 4096);
    size_t p = 4, o = 4;

    ck_assert_ptr_nonnull(f);
    memcpy(f, d, 4);
    while (p + 19 <= len) {
        uint32_t l = sc_get_u32le(d + p + 9);
        size_t at = compress_at(d + p), n;
        if (at) {
            memcpy(f + o, d + p, at);
            n = at + compress_part(f + o + at, d + p + at, l - 4 - at) + 4;
            f[o + 4] = d[p + 4] == 2 ? 165 : (uint8_t)(d[p + 4] - 23 + 166);
        } else {
            memcpy(f + o, d + p, l);
            n = l;
        }
        sc_put_u32le(f + o + 9, (uint32_t)n);
        sc_put_u32le(f + o + 13, (uint32_t)(o + n));
        sc_put_u32le(f + o + n - 4, (uint32_t)crc32(0, f + o, (uInt)(n - 4)));
        o += n;
        p += l;
    }
    *out_len = o;
    return f;
}

/* Lines that are neither "# at", event headers nor position-dependent. */
static char *statement_lines(const char *text)
{
    size_t n = strlen(text), k = 0;
    char *out = malloc(n + 1);

    ck_assert_ptr_nonnull(out);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (p[0] != '#' || strncmp(p, "###", 3) == 0 || strncmp(p, "#Q>", 3) == 0) {
            memcpy(out + k, p, l);
            k += l;
        }
        p += l;
    }
    out[k] = '\0';
    return out;
}

START_TEST(test_binlog_decode_compressed)
{
    char dir[512];
    size_t len = 0, clen = 0;
    uint8_t *d = oracle_bytes(&len, "crc32-nolog-minimal", "binlog.000001"), *c;
    const char *path;
    sc_ctx *ctx = NULL;
    sc_buf plain, comp;
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    char *a, *b;

    ck_assert_ptr_nonnull(d);
    sc_fixture_tmpdir(dir, sizeof(dir));
    c = compress_file(d, len, &clen);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&plain, ctx);
    sc__buf_init(&comp, ctx);
    path = write_tmp(dir, d, len);
    ck_assert_int_eq(decode_to(&plain, &path, 1, &o), SC_OK);
    path = write_tmp(dir, c, clen);
    ck_assert_msg(decode_to(&comp, &path, 1, &o) == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
    ck_assert_ptr_nonnull(strstr(comp.text, "\tQuery_compressed\tthread_id="));
    ck_assert_ptr_nonnull(strstr(comp.text, "\tWrite_compressed_rows: table id "));
    ck_assert_ptr_nonnull(strstr(comp.text, "\tUpdate_compressed_rows: table id "));
    a = statement_lines(plain.text);
    b = statement_lines(comp.text);
    ck_assert_uint_gt(strlen(a), 10000);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    /* JSON: the same rows */
    o.format = SC_DECODE_JSON;
    ck_assert_int_eq(decode_to(&comp, &path, 1, &o), SC_OK);
    ck_assert_ptr_nonnull(strstr(comp.text, "\"type\":\"Write_rows_compressed_v1\""));
    ck_assert_ptr_nonnull(strstr(comp.text, "\"statement\":\"CREATE TABLE ints"));
    /* a damaged zlib stream is an error naming the event */
    o.format = SC_DECODE_TEXT;
    {
        size_t p = event_at(c, clen, 5);
        while (c[p + 4] != 165)
            p += sc_get_u32le(c + p + 9);
        c[p + sc_get_u32le(c + p + 9) - 8] ^= 0x55;
        sc_put_u32le(c + p + sc_get_u32le(c + p + 9) - 4,
                     (uint32_t)crc32(0, c + p, sc_get_u32le(c + p + 9) - 4));
        path = write_tmp(dir, c, clen);
        ck_assert_int_eq(decode_to(&comp, &path, 1, &o), SC_ECORRUPT);
        ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "compressed event"));
    }
    sc__buf_free(&plain);
    sc__buf_free(&comp);
    sc_ctx_free(ctx);
    free(c);
    free(d);
    sc_fixture_rmtree(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The CLI                                                              */

static int run_cli(char **out, const char *fmt, ...) SC_PRINTF(2, 3);

static int run_cli(char **out, const char *fmt, ...)
{
    char cmd[4096], *cli = NULL;
    va_list ap;
    FILE *p;
    size_t n = 0, cap = 1 << 16;
    int st;

    if (asprintf(&cli, "%s/syscat", sc_fixture_build_dir()) < 0)
        ck_abort();
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    {
        char full[5000];
        snprintf(full, sizeof(full), "SC=%s; ( %s ) 2>&1", cli, cmd);
        p = popen(full, "r");
    }
    ck_assert_ptr_nonnull(p);
    *out = malloc(cap);
    while (!feof(p)) {
        if (n + 4096 > cap)
            *out = realloc(*out, cap *= 2);
        n += fread(*out + n, 1, 4096, p);
    }
    (*out)[n] = '\0';
    st = pclose(p);
    free(cli);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_binlog_decode_cli)
{
    char *out = NULL, dir[512];
    const char *o = sc_fixture_oracle_dir();
    size_t len = 0;
    uint8_t *d = oracle_bytes(&len, "crc32-nolog-minimal", "binlog.000001");

    ck_assert_int_eq(run_cli(&out,
                             "$SC binlog decode %s/binlog/crc32-full-full/binlog.000001 "
                             "%s/binlog/crc32-full-full/binlog.000002 | grep -c '^# at '",
                             o, o),
                     0);
    ck_assert_str_eq(out, "399\n");
    free(out);
    ck_assert_int_eq(run_cli(&out,
                             "$SC binlog decode --format=json --table ints "
                             "%s/binlog/crc32-nolog-minimal/binlog.000001 | grep -c "
                             "'\"table\":\"ints\",\"kind\"'",
                             o),
                     0);
    ck_assert_uint_gt(strtoul(out, NULL, 10), 3);
    free(out);
    /* damage: exit 1, the message names the file and the offset */
    sc_fixture_tmpdir(dir, sizeof(dir));
    write_tmp(dir, d, event_at(d, len, 50) + 5);
    ck_assert_int_eq(run_cli(&out, "$SC binlog decode %s/binlog.000001 >/dev/null", dir), 1);
    ck_assert_msg(strstr(out, "binlog.000001: event at offset") != NULL, "%s", out);
    free(out);
    ck_assert_int_eq(run_cli(&out, "$SC binlog decode --format=xml %s/binlog.000001", dir), 2);
    free(out);
    ck_assert_int_eq(run_cli(&out, "$SC binlog decode --start-position=abc %s/binlog.000001", dir),
                     2);
    free(out);
    ck_assert_int_eq(run_cli(&out, "$SC binlog decode %s/nonexistent/binlog.000009", dir), 1);
    free(out);
    free(d);
    sc_fixture_rmtree(dir);
}
END_TEST

/* binlog flashback: a MINIMAL image is refused naming file and offset, nothing written; a FULL
 * log reverses (tests/track-binlog-flashback.sh compares it with mariadb-binlog --flashback). */
START_TEST(test_binlog_flashback)
{
    char *paths[4];
    size_t n = variant_files(paths, 4, "crc32-nolog-minimal");
    sc_ctx *ctx = NULL;
    sc_buf out;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&out, ctx);

    ck_assert_int_eq(sc_binlog_flashback(ctx, (const char *const *)paths, n, to_buf, &out),
                     SC_EINVAL);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message,
                                 "binlog.000001: event at offset 1486 (Write_rows_v1): a MINIMAL"));
    ck_assert_uint_eq(out.len, 0);
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    n = variant_files(paths, 4, "none-minimal-full");
    ck_assert_int_eq(sc_binlog_flashback(ctx, (const char *const *)paths, n, to_buf, &out), SC_OK);
    sc__buf_putc(&out, '\0');
    ck_assert_ptr_nonnull(strstr(out.text, "BINLOG '\n"));
    ck_assert_ptr_nonnull(strstr(out.text, "DELIMITER ;\n# End of log file\n"));
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    sc__buf_free(&out);
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
    tcase_add_test(tc, test_binlog_decode_listing);
    tcase_add_test(tc, test_binlog_decode_json);
    tcase_add_test(tc, test_binlog_decode_filters);
    tcase_add_test(tc, test_binlog_decode_malformed);
    tcase_add_test(tc, test_binlog_decode_partial_output);
    tcase_add_test(tc, test_binlog_decode_constant_memory);
    tcase_add_test(tc, test_binlog_decode_compressed);
    tcase_add_test(tc, test_binlog_decode_cli);
    tcase_add_test(tc, test_binlog_flashback);
    suite_add_tcase(s, tc);
    return s;
}
