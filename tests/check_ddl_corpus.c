/*
 * check_ddl_corpus.c - in-process replay of the DDL oracle corpus
 * (../shared/oracle/ddl, format in its README.md): every case starts from a
 * fresh catalog holding database `test` (selected), runs input.sql statement
 * by statement through sc_ddl_exec(), compares each outcome's errno with
 * results.txt and the final sc_dump_show_create() text with schema.sql.
 *
 * A case passes when the dump equals schema.sql and every statement's
 * results line (`ok`, `ok warnings=N`, `error ERRNO SQLSTATE MESSAGE`, masked
 * and escaped as results.txt) equals MariaDB's: outcome and errno, but also
 * SQLSTATE, message text and warning count, as tests/oracle/run-ddl-cli.sh
 * gates them. Statements named in known-differences.txt (beside the list:
 * "<case> <statement> <why>") may differ in SQLSTATE, message or warning
 * count only, and must differ. It prints per-case diagnostics,
 * `N passed, M failed` and the per-statement scores. The expected-pass list
 * is an exact ratchet: the test fails when a listed case fails, when a case
 * passes unlisted, when a listed name is no case, or when the list cannot be
 * read (SC_CORPUS_CASE runs only gate the cases they run).
 * A second test replays tests/data/ddl-extra (cases we recorded from the
 * same MariaDB version, see its README.md) with its own list, a third the
 * oracle's ddl-objects corpus (list: tests/oracle/ddl-objects/) and a fourth
 * our recorded tests/data/ddl-objects-extra.
 * SC_CORPUS_CASE=<substring> restricts the run; SC_CORPUS_VERBOSE=1 prints
 * full texts of failing schemas.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

typedef struct corpus_stats {
    unsigned passed, failed;
    unsigned stmts, errno_ok, errors, state_ok, msg_ok, oks, warn_ok;
} corpus_stats;

/* Whether known-differences.txt (text, may be NULL) names statement n of case name. */
static bool known_stmt(const char *known, const char *name, unsigned n)
{
    size_t l = strlen(name);
    for (const char *p = known; p && *p;) {
        const char *eol = strchr(p, '\n');
        if (strncmp(p, name, l) == 0 && p[l] == ' ' && strtoul(p + l + 1, NULL, 10) == n)
            return true;
        p = eol ? eol + 1 : NULL;
    }
    return false;
}

/* The largest statement number known-differences.txt gives for name (0: none). */
static unsigned known_max(const char *known, const char *name)
{
    size_t l = strlen(name);
    unsigned max = 0;
    for (const char *p = known; p && *p;) {
        const char *eol = strchr(p, '\n');
        if (strncmp(p, name, l) == 0 && p[l] == ' ') {
            unsigned n = (unsigned)strtoul(p + l + 1, NULL, 10);
            max = n > max ? n : max;
        }
        p = eol ? eol + 1 : NULL;
    }
    return max;
}

/*
 * Compare one statement's results line: the outcome (ok / errno) must always
 * match; the whole line too, unless the statement is a known difference,
 * which then must differ. Updates the scores; false when the case fails.
 */
static bool check_stmt(const char *name,
                       unsigned n,
                       const char *want,
                       const char *got,
                       const char *got_msg,
                       const sc_stmt_result *r,
                       bool known,
                       corpus_stats *st)
{
    bool want_ok = strncmp(want, "ok", 2) == 0, got_ok = r->code == SC_OK;
    bool exact = strcmp(want, got) == 0;
    unsigned we = 0;
    char ws[8] = "";
    int off = 0;

    st->stmts++;
    if (want_ok) {
        st->oks++;
    } else {
        st->errors++;
        sscanf(want, "error %u %5s %n", &we, ws, &off);
    }
    if (want_ok != got_ok || (!want_ok && we != r->mysql_errno)) {
        printf("  %s stmt %u outcome:\n    want: %s\n    got:  %s\n", name, n, want, got);
        return false;
    }
    st->errno_ok++;
    if (want_ok) {
        st->warn_ok += exact;
    } else {
        st->state_ok += strcmp(ws, r->sqlstate) == 0;
        st->msg_ok += off > 0 && strcmp(want + off, got_msg) == 0;
    }
    if (exact && known) {
        printf("  %s stmt %u matches MariaDB now: remove it from known-differences.txt\n", name, n);
        return false;
    }
    if (!exact && !known) {
        printf("  %s stmt %u %s:\n    want: %s\n    got:  %s\n", name, n,
               want_ok ? "warning count" : "SQLSTATE or message", want, got);
        return false;
    }
    return true;
}

/* Escape as results.txt does: \ \n \r \t. */
static void escape_into(char *out, size_t size, const char *s)
{
    size_t n = 0;
    for (; s && *s && n + 3 < size; s++) {
        const char *rep = NULL;
        switch (*s) {
        case '\\':
            rep = "\\\\";
            break;
        case '\n':
            rep = "\\n";
            break;
        case '\r':
            rep = "\\r";
            break;
        case '\t':
            rep = "\\t";
            break;
        default:
            break;
        }
        if (rep) {
            out[n++] = rep[0];
            out[n++] = rep[1];
        } else {
            out[n++] = *s;
        }
    }
    out[n] = '\0';
}

/* Mask temporary table names: #sql-<hex> / #sql-<word>-<hex> -> ...-*. */
static void mask_sql_names(char *s)
{
    char *p = s;
    while ((p = strstr(p, "#sql-")) != NULL) {
        char *q = p + 5, *r;
        if (strncmp(q, "alter-", 6) == 0)
            q += 6;
        r = q;
        while (*r && (strchr("0123456789abcdefABCDEF-_", *r)))
            r++;
        if (r > q) {
            *q = '*';
            memmove(q + 1, r, strlen(r) + 1);
        }
        p = q;
    }
}

static char *next_line(char **cursor)
{
    char *s = *cursor, *nl;
    if (!s || !*s)
        return NULL;
    nl = strchr(s, '\n');
    if (nl) {
        *nl = '\0';
        *cursor = nl + 1;
    } else {
        *cursor = s + strlen(s);
    }
    return s;
}

static void first_diff(const char *a, const char *b)
{
    unsigned line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
        a++;
        b++;
    }
    printf("    schema differs at line %u:\n      want: %.*s\n      got:  %.*s\n", line,
           (int)strcspn(lb, "\n"), lb, (int)strcspn(la, "\n"), la);
}

static bool run_case(const char *dir, const char *name, const char *known, corpus_stats *st)
{
    char path[1024], tmp[256], *input, *results, *schema, *cur_in, *cur_res, *line;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_session *sess = NULL;
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_stmt_result r;
    char stmt[1 << 16];
    size_t slen = 0;
    unsigned n = 0;
    bool ok = true;
    char *dump = NULL;
    sc_txn *txn = NULL;

    snprintf(path, sizeof(path), "%s/%s/input.sql", dir, name);
    input = sc_fixture_read_file(path, NULL);
    snprintf(path, sizeof(path), "%s/%s/results.txt", dir, name);
    results = sc_fixture_read_file(path, NULL);
    snprintf(path, sizeof(path), "%s/%s/schema.sql", dir, name);
    schema = sc_fixture_read_file(path, NULL);
    ck_assert_msg(input && results && schema, "case %s: missing files", name);

    sc_fixture_tmpdir(tmp, sizeof(tmp));
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = 64u << 20;
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, tmp, &opts), SC_OK);
    ck_assert_int_eq(sc_session_new(&sess, cat, NULL), SC_OK);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, "CREATE DATABASE test", 20), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, "USE test", 8), SC_OK);
    sc_stmt_result_clear(&r);

    cur_in = input;
    cur_res = results;
    while ((line = next_line(&cur_in)) != NULL) {
        size_t l = strlen(line), t = l;
        char *want, got[2048], msg[1600];

        while (t && (line[t - 1] == ' ' || line[t - 1] == '\t' || line[t - 1] == '\r'))
            t--;
        if (slen)
            stmt[slen++] = '\n';
        memcpy(stmt + slen, line, l);
        slen += l;
        if (!(t && line[t - 1] == ';'))
            continue;
        slen -= l - (t - 1); /* drop the ';' and trailing blanks */
        stmt[slen] = '\0';
        n++;
        sc_ddl_exec(&r, sess, NULL, stmt, slen);
        slen = 0;
        want = next_line(&cur_res);
        if (!want)
            want = "<missing>";
        msg[0] = '\0';
        if (r.code == SC_OK) {
            if (r.warnings)
                snprintf(got, sizeof(got), "ok warnings=%u", r.warnings);
            else
                snprintf(got, sizeof(got), "ok");
        } else {
            escape_into(msg, sizeof(msg), r.message);
            mask_sql_names(msg);
            snprintf(got, sizeof(got), "error %u %s %s", r.mysql_errno, r.sqlstate, msg);
        }
        if (!check_stmt(name, n, want, got, msg, &r, known_stmt(known, name, n), st))
            ok = false;
        sc_stmt_result_clear(&r);
    }
    if ((line = next_line(&cur_res)) != NULL) {
        ok = false;
        printf("  %s: results.txt has more lines than input.sql has statements\n", name);
    }
    if (known_max(known, name) > n) {
        ok = false;
        printf("  %s: known-differences.txt names statement %u of %u\n", name,
               known_max(known, name), n);
    }
    ck_assert_int_eq(sc_txn_begin(&txn, cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&dump, txn), SC_OK);
    sc_txn_abort(txn);
    if (strcmp(dump, schema) != 0) {
        ok = false;
        printf("  %s:\n", name);
        first_diff(dump, schema);
        if (getenv("SC_CORPUS_VERBOSE"))
            printf("---- got\n%s---- want\n%s----\n", dump, schema);
    }
    sc_free(ctx, dump);
    sc_session_free(sess);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    sc_fixture_rmtree(tmp);
    free(input);
    free(results);
    free(schema);
    if (ok)
        st->passed++;
    else
        st->failed++;
    return ok;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool listed(const char *list, const char *name)
{
    size_t l = strlen(name);
    for (const char *p = list; p && (p = strstr(p, name)) != NULL; p += l)
        if ((p == list || p[-1] == '\n') && (p[l] == '\n' || p[l] == '\0' || p[l] == '\r'))
            return true;
    return false;
}

/* Whether name is a case directory of dir (holds input.sql). */
static bool is_case(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s/input.sql", dir, name);
    f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/*
 * Names in list (one a line) that are no case of dir; `what` names the list.
 * Counted only on full runs.
 */
static unsigned stale_names(const char *dir, const char *list, const char *what)
{
    unsigned stale = 0;
    for (const char *p = list; p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t l = strcspn(p, " \n");
        char name[256];
        if (l > 0 && l < sizeof(name) && *p != '#') {
            memcpy(name, p, l);
            name[l] = '\0';
            if (!is_case(dir, name)) {
                printf("  STALE: %s in %s is no case of %s\n", name, what, dir);
                stale++;
            }
        }
        p = eol ? eol + 1 : NULL;
    }
    return stale;
}

/* Replay every case directory of dir; gate exactly on the list in expected_path. */
static void replay_corpus(const char *dir, const char *expected_path, const char *label)
{
    DIR *d;
    struct dirent *e;
    char *names[4096];
    size_t n = 0;
    corpus_stats st = {0};
    char known_path[1024], *expected = sc_fixture_read_file(expected_path, NULL), *known;
    const char *only = getenv("SC_CORPUS_CASE"), *slash = strrchr(expected_path, '/');
    unsigned regressions = 0, unlisted = 0, stale = 0;

    ck_assert_msg(expected != NULL, "cannot read the expected-pass list %s", expected_path);
    ck_assert_msg(strchr(expected, '\r') == NULL, "%s has CR line ends", expected_path);
    snprintf(known_path, sizeof(known_path), "%.*s/known-differences.txt",
             slash ? (int)(slash - expected_path) : 1, slash ? expected_path : ".");
    known = sc_fixture_read_file(known_path, NULL);
    d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    while ((e = readdir(d)) != NULL && n < 4096)
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof(names[0]), cmp_names);
    for (size_t i = 0; i < n; i++) {
        if (!only || strstr(names[i], only)) {
            bool ok = run_case(dir, names[i], known, &st);
            if (!ok && listed(expected, names[i])) {
                printf("  REGRESSION: %s is in %s\n", names[i], expected_path);
                regressions++;
            }
            if (ok && !listed(expected, names[i])) {
                printf("  NEW PASS: %s is not in %s: add it (the list must name every pass)\n",
                       names[i], expected_path);
                unlisted++;
            }
            fflush(stdout);
        }
        free(names[i]);
    }
    if (!only) {
        stale = stale_names(dir, expected, expected_path) + stale_names(dir, known, known_path);
    } else {
        unlisted = 0;
    }
    printf("%s: %u passed, %u failed\n", label, st.passed, st.failed);
    printf("%s statements: %u, outcome+errno %u; of %u errors: sqlstate %u, message %u; of %u "
           "successes: warning count %u\n",
           label, st.stmts, st.errno_ok, st.errors, st.state_ok, st.msg_ok, st.oks, st.warn_ok);
    fflush(stdout);
    free(expected);
    free(known);
    ck_assert_msg(regressions == 0, "%u expected-pass cases failed", regressions);
    ck_assert_msg(unlisted == 0, "%u passing cases are not in %s", unlisted, expected_path);
    ck_assert_msg(stale == 0, "%u stale names in %s or %s", stale, expected_path, known_path);
}

START_TEST(test_ddl_corpus_replay)
{
    char dir[1024];

    snprintf(dir, sizeof(dir), "%s/ddl", sc_fixture_oracle_dir());
    replay_corpus(dir, "tests/oracle/expected-pass.txt", "ddl corpus");
}
END_TEST

/*
 * Cases we recorded from MariaDB 10.11.19 (the oracle's version) with
 * tests/oracle/record-ddl.sh, in the oracle's format: back-end behaviours the
 * public corpus does not show, real application schemas with migrations,
 * variations of the public categories; see tests/data/ddl-extra/README.md.
 */
START_TEST(test_ddl_corpus_extra_cases)
{
    replay_corpus("tests/data/ddl-extra", "tests/data/ddl-extra/expected-pass.txt",
                  "ddl extra cases");
}
END_TEST

/*
 * The oracle's objects corpus (partitioned, sequence, system-versioned and
 * application-time tables, views, triggers, CREATE ... SELECT), whose
 * schema.sql adds sequences, views and triggers after each database's tables.
 */
START_TEST(test_ddl_corpus_objects)
{
    char dir[1024];

    snprintf(dir, sizeof(dir), "%s/ddl-objects", sc_fixture_oracle_dir());
    replay_corpus(dir, "tests/oracle/ddl-objects/expected-pass.txt", "ddl-objects corpus");
}
END_TEST

/* Our own recorded cases for partitions, sequences and versioning (README.md there). */
START_TEST(test_ddl_corpus_objects_extra)
{
    replay_corpus("tests/data/ddl-objects-extra", "tests/data/ddl-objects-extra/expected-pass.txt",
                  "ddl-objects extra cases");
}
END_TEST

Suite *sc_test_ddl_corpus_suite(void);
Suite *sc_test_ddl_corpus_suite(void)
{
    Suite *s = suite_create("ddl_corpus");
    TCase *tc = tcase_create("replay");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_ddl_corpus_replay);
    tcase_add_test(tc, test_ddl_corpus_extra_cases);
    tcase_add_test(tc, test_ddl_corpus_objects);
    tcase_add_test(tc, test_ddl_corpus_objects_extra);
    suite_add_tcase(s, tc);
    return s;
}
