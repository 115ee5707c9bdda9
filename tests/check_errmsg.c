/*
 * check_errmsg.c - the error table catalog/errmsg.def against MariaDB
 * 10.11 itself:
 *   - every SC_ER entry's name is MariaDB's (ER_<NAME> in mysqld_error.h,
 *     libmariadb-dev) with the same errno, and its format is the server's
 *     own message (english/errmsg.sys, mariadb-server-core) up to the
 *     printf dialect: %-.192s, %`s, %M, %T, %.*s are all strings, and
 *     %d/%u/%lu/%llu/%zu all integers;
 *   - every entry's SQLSTATE is the one MariaDB returned for that errno in
 *     the recorded oracle corpora ($SC_ORACLE and tests/data, "error N S
 *     msg" lines of results.txt) or, for errors no corpus provokes,
 *     tests/data/errmsg-sqlstates.txt (provoked on a real server).
 * Entry names are unique. SC_ER_VARIANT entries (texts MariaDB prints other
 * than its errmsg.sys format) are checked for errno and SQLSTATE only.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *sc_test_errmsg_suite(void);

typedef struct entry {
    const char *name;
    unsigned no;
    const char *state;
    const char *fmt;
    bool variant;
} entry;

static const entry entries[] = {
#define SC_ER(n, e, s, f) {#n, e, s, f, false},
#define SC_ER_VARIANT(n, e, s, f) {#n, e, s, f, true},
#include "catalog/errmsg.def"
#undef SC_ER
#undef SC_ER_VARIANT
};
#define N_ENTRIES (sizeof(entries) / sizeof(entries[0]))

#define ERRMSG_SYS "/usr/share/mysql/english/errmsg.sys"
#define MYSQLD_ERROR_H "/usr/include/mariadb/mysqld_error.h"
#define MAX_ERRNO 5000

static char *mdb_msg[MAX_ERRNO]; /* errmsg.sys text by errno */
static char mdb_state[MAX_ERRNO][6];

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;

    ck_assert_msg(f != NULL,
                  "%s: cannot open (Debian package mariadb-server-core / "
                  "libmariadb-dev, both in the Makefile's DEB_PKGS)",
                  path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static unsigned u16(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

/*
 * errmsg.sys (MariaDB's comp_err, version 5): a 32-byte header (fe fe 02 05,
 * text bytes at 6, message count at 12, section count at 14), one 16-bit
 * size per section, one 16-bit length per message, then the NUL-terminated
 * messages. Sections start at 1000, 2000, 3000, 4000 (mysqld_error.h).
 */
static void load_errmsg_sys(void)
{
    size_t len, at;
    unsigned char *d = (unsigned char *)slurp(ERRMSG_SYS, &len);
    unsigned count, sections;
    const char *text;

    ck_assert_msg(len > 32 && d[0] == 0xfe && d[1] == 0xfe && d[2] == 2 && d[3] == 5,
                  "%s: not an errmsg.sys of format version 5", ERRMSG_SYS);
    count = u16(d + 12);
    sections = u16(d + 14);
    ck_assert_msg(sections == 4, "%s: %u sections, expected 4", ERRMSG_SYS, sections);
    at = 32 + 2 * (size_t)sections + 2 * (size_t)count;
    ck_assert(at < len);
    text = (const char *)d + at;
    for (unsigned s = 0, i = 0; s < sections; s++) {
        unsigned size = u16(d + 32 + 2 * s);
        ck_assert(size <= 1000);
        for (unsigned k = 0; k < size; k++, i++) {
            ck_assert_msg((size_t)(text - (const char *)d) < len, "%s: truncated", ERRMSG_SYS);
            mdb_msg[1000 * (s + 1) + k] = strdup(text);
            text += strlen(text) + 1;
        }
    }
    /* an anchor, so that a changed layout cannot pass unnoticed */
    ck_assert_str_eq(mdb_msg[1146], "Table '%-.192s.%-.192s' doesn't exist");
    free(d);
}

/* The format with MariaDB's and our printf dialects folded: "%s" strings, "%d" integers. */
static void normalise(char *out, size_t cap, const char *f)
{
    size_t o = 0;

    while (*f && o + 5 < cap) {
        if (*f != '%') {
            out[o++] = *f++;
            continue;
        }
        f++;
        if (*f == '%') {
            out[o++] = '%';
            out[o++] = *f++;
            continue;
        }
        bool quoted = *f == '`';
        if (quoted)
            f++;
        while (*f && strchr("-+ #0123456789.*", *f))
            f++;
        while (*f == 'l' || *f == 'z')
            f++;
        if (quoted)
            out[o++] = '`';
        out[o++] = '%';
        out[o++] = strchr("diux", *f) ? 'd' : 's';
        if (quoted)
            out[o++] = '`';
        if (*f)
            f++;
    }
    out[o] = '\0';
}

static void note_state(unsigned no, const char *state, const char *where)
{
    if (no >= MAX_ERRNO)
        return;
    if (!mdb_state[no][0]) {
        memcpy(mdb_state[no], state, 5);
        return;
    }
    ck_assert_msg(memcmp(mdb_state[no], state, 5) == 0, "%s: errno %u with SQLSTATE %s and %.5s",
                  where, no, state, mdb_state[no]);
}

static void load_results_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[4096];

    ck_assert_msg(f != NULL, "%s: cannot open", path);
    while (fgets(line, sizeof(line), f)) {
        unsigned no;
        char state[8];
        if (sscanf(line, "error %u %7s", &no, state) == 2 && strlen(state) == 5)
            note_state(no, state, path);
    }
    fclose(f);
}

static int visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    const char *base = path + ftw->base;
    (void)sb;
    if (type == FTW_F && strcmp(base, "results.txt") == 0)
        load_results_file(path);
    return 0;
}

static void load_states(void)
{
    const char *oracle = getenv("SC_ORACLE");
    FILE *f;
    char line[1024];

    ck_assert_int_eq(nftw(oracle ? oracle : "../shared/oracle", visit, 16, FTW_PHYS), 0);
    ck_assert_int_eq(nftw("tests/data", visit, 16, FTW_PHYS), 0);
    f = fopen("tests/data/errmsg-sqlstates.txt", "r");
    ck_assert_ptr_nonnull(f);
    while (fgets(line, sizeof(line), f)) {
        unsigned no;
        char state[8];
        if (line[0] != '#' && sscanf(line, "%u %7s", &no, state) == 2)
            note_state(no, state, "tests/data/errmsg-sqlstates.txt");
    }
    fclose(f);
}

static void setup(void)
{
    load_errmsg_sys();
    load_states();
}

START_TEST(test_errmsg_names_unique)
{
    for (size_t i = 0; i < N_ENTRIES; i++)
        for (size_t k = i + 1; k < N_ENTRIES; k++)
            ck_assert_msg(strcmp(entries[i].name, entries[k].name) != 0, "SC_ER_%s twice",
                          entries[i].name);
}
END_TEST

START_TEST(test_errmsg_names_and_numbers_are_mariadbs)
{
    size_t len;
    char *h = slurp(MYSQLD_ERROR_H, &len);

    for (size_t i = 0; i < N_ENTRIES; i++) {
        const entry *e = &entries[i];
        char want[160];
        if (e->variant) {
            /* below 1000: mysys (1) and storage engine (InnoDB's warning 150) numbers */
            ck_assert_msg(e->no < 1000 || (e->no < MAX_ERRNO && mdb_msg[e->no]),
                          "SC_ER_%s: MariaDB has no error %u", e->name, e->no);
            continue;
        }
        snprintf(want, sizeof(want), "#define ER_%s %u\n", e->name, e->no);
        if (strncmp(e->name, "WARN_", 5) == 0 && !strstr(h, want)) /* WARN_DATA_TRUNCATED */
            snprintf(want, sizeof(want), "#define %s %u\n", e->name, e->no);
        ck_assert_msg(strstr(h, want) != NULL, "SC_ER_%s: %s has no ER_%s %u", e->name,
                      MYSQLD_ERROR_H, e->name, e->no);
    }
    free(h);
}
END_TEST

START_TEST(test_errmsg_formats_are_mariadbs)
{
    for (size_t i = 0; i < N_ENTRIES; i++) {
        const entry *e = &entries[i];
        char ours[1024], theirs[1024];
        if (e->variant)
            continue;
        ck_assert_msg(e->no < MAX_ERRNO && mdb_msg[e->no], "SC_ER_%s: no message %u in %s", e->name,
                      e->no, ERRMSG_SYS);
        normalise(ours, sizeof(ours), e->fmt);
        normalise(theirs, sizeof(theirs), mdb_msg[e->no]);
        ck_assert_msg(strcmp(ours, theirs) == 0, "SC_ER_%s (%u): format \"%s\", MariaDB \"%s\"",
                      e->name, e->no, e->fmt, mdb_msg[e->no]);
    }
}
END_TEST

START_TEST(test_errmsg_sqlstates_are_mariadbs)
{
    for (size_t i = 0; i < N_ENTRIES; i++) {
        const entry *e = &entries[i];
        ck_assert_msg(e->no < MAX_ERRNO && mdb_state[e->no][0],
                      "SC_ER_%s (%u): no SQLSTATE recorded from MariaDB (add the error to "
                      "tests/data/errmsg-sqlstates.txt after provoking it on a server)",
                      e->name, e->no);
        ck_assert_msg(memcmp(e->state, mdb_state[e->no], 5) == 0 && strlen(e->state) == 5,
                      "SC_ER_%s (%u): SQLSTATE %s, MariaDB %.5s", e->name, e->no, e->state,
                      mdb_state[e->no]);
    }
}
END_TEST

/* The normaliser itself: the dialects it folds and what it keeps. */
START_TEST(test_errmsg_normalise)
{
    char a[128], b[128];

    normalise(a, sizeof(a), "Table '%-.192s.%-.192s' doesn't exist (%lu) %`s 100%%");
    normalise(b, sizeof(b), "Table '%s.%s' doesn't exist (%llu) `%s` 100%%");
    ck_assert_str_eq(a, b);
    normalise(b, sizeof(b), "Table '%s.%s' doesn't exist (%s) `%s` 100%%");
    ck_assert_str_ne(a, b);
}
END_TEST

Suite *sc_test_errmsg_suite(void)
{
    Suite *s = suite_create("errmsg");
    TCase *tc = tcase_create("table");

    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_errmsg_names_unique);
    tcase_add_test(tc, test_errmsg_names_and_numbers_are_mariadbs);
    tcase_add_test(tc, test_errmsg_formats_are_mariadbs);
    tcase_add_test(tc, test_errmsg_sqlstates_are_mariadbs);
    tcase_add_test(tc, test_errmsg_normalise);
    suite_add_tcase(s, tc);
    return s;
}
