/*
 * check_ddl_corpus.c - in-process replay of the DDL oracle corpus
 * (../shared/oracle/ddl, format in its README.md): every case starts from a
 * fresh catalog holding database `test` (selected), runs input.sql statement
 * by statement through sc_ddl_exec(), compares each outcome's errno with
 * results.txt and the final sc_dump_show_create() text with schema.sql.
 *
 * It prints per-case diagnostics and `N passed, M failed` plus the secondary
 * scores (SQLSTATE and message equality over all statements). The test fails
 * only when a case listed in tests/oracle/expected-pass.txt fails, so the
 * list is a ratchet: add cases as they start passing.
 * Further tests replay tests/data/ddl-backend and tests/data/ddl-extra (extra
 * cases recorded from the same MariaDB version, each gated by its own
 * expected-pass.txt).
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
    unsigned stmts, errno_ok, state_ok, msg_ok, warn_ok;
} corpus_stats;

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

static bool run_case(const char *dir, const char *name, corpus_stats *st)
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
            want = "";
        if (r.code == SC_OK) {
            snprintf(got, sizeof(got), "ok");
        } else {
            escape_into(msg, sizeof(msg), r.message);
            mask_sql_names(msg);
            snprintf(got, sizeof(got), "error %u %s %s", r.mysql_errno, r.sqlstate, msg);
        }
        st->stmts++;
        {
            bool want_ok = strncmp(want, "ok", 2) == 0, got_ok = r.code == SC_OK;
            unsigned we = 0;
            char ws[8] = "";
            const char *wm = "";
            if (!want_ok) {
                int off = 0;
                sscanf(want, "error %u %5s %n", &we, ws, &off);
                wm = want + off;
            }
            if (want_ok && got_ok) {
                unsigned ww = 0;
                sscanf(want, "ok warnings=%u", &ww);
                if (ww == r.warnings)
                    st->warn_ok++;
                else if (getenv("SC_CORPUS_WARNINGS"))
                    printf("  %s stmt %u warnings: want %u, got %u\n", name, n, ww, r.warnings);
            }
            if (want_ok == got_ok && (want_ok || we == r.mysql_errno)) {
                st->errno_ok++;
                if (want_ok || strcmp(ws, r.sqlstate) == 0)
                    st->state_ok++;
                if (want_ok || strcmp(wm, msg) == 0)
                    st->msg_ok++;
                else
                    printf("  %s stmt %u message:\n    want: %s\n    got:  %s\n", name, n, want,
                           got);
            } else {
                ok = false;
                printf("  %s stmt %u outcome:\n    want: %s\n    got:  %s\n", name, n, want, got);
            }
        }
        sc_stmt_result_clear(&r);
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

/* Replay every case directory of dir; gate on the cases listed in expected_path. */
static void replay_corpus(const char *dir, const char *expected_path, const char *label)
{
    DIR *d;
    struct dirent *e;
    char *names[4096];
    size_t n = 0;
    corpus_stats st = {0};
    char *expected = sc_fixture_read_file(expected_path, NULL);
    const char *only = getenv("SC_CORPUS_CASE");
    unsigned regressions = 0;

    d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    while ((e = readdir(d)) != NULL && n < 4096)
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof(names[0]), cmp_names);
    for (size_t i = 0; i < n; i++) {
        if (!only || strstr(names[i], only)) {
            bool ok = run_case(dir, names[i], &st);
            if (!ok && listed(expected, names[i])) {
                printf("  REGRESSION: %s is in %s\n", names[i], expected_path);
                regressions++;
            }
            if (ok && !listed(expected, names[i]))
                printf("  NEW PASS: %s\n", names[i]);
            fflush(stdout);
        }
        free(names[i]);
    }
    printf("%s: %u passed, %u failed\n", label, st.passed, st.failed);
    printf("%s statements: %u, errno %u, sqlstate %u, message %u (%.1f%%), ok-warning counts "
           "%u\n",
           label, st.stmts, st.errno_ok, st.state_ok, st.msg_ok,
           st.stmts ? 100.0 * st.msg_ok / st.stmts : 0.0, st.warn_ok);
    free(expected);
    ck_assert_msg(regressions == 0, "%u expected-pass cases failed", regressions);
}

START_TEST(test_ddl_corpus_replay)
{
    char dir[1024];

    snprintf(dir, sizeof(dir), "%s/ddl", sc_fixture_oracle_dir());
    replay_corpus(dir, "tests/oracle/expected-pass.txt", "ddl corpus");
}
END_TEST

/*
 * Extra cases for the back end, recorded from MariaDB 10.11.19 (the oracle's
 * version) with tests/oracle/record-ddl.sh, same format as the oracle corpus.
 */
START_TEST(test_ddl_corpus_backend_cases)
{
    replay_corpus("tests/data/ddl-backend", "tests/data/ddl-backend/expected-pass.txt",
                  "ddl backend cases");
}
END_TEST

/*
 * Cases written to measure generalisation (real application schemas with
 * migrations, variations of the public categories), recorded the same way;
 * see tests/data/ddl-extra/README.md.
 */
START_TEST(test_ddl_corpus_extra_cases)
{
    replay_corpus("tests/data/ddl-extra", "tests/data/ddl-extra/expected-pass.txt",
                  "ddl extra cases");
}
END_TEST

Suite *sc_test_ddl_corpus_suite(void);
Suite *sc_test_ddl_corpus_suite(void)
{
    Suite *s = suite_create("ddl_corpus");
    TCase *tc = tcase_create("replay");

    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_ddl_corpus_replay);
    tcase_add_test(tc, test_ddl_corpus_backend_cases);
    tcase_add_test(tc, test_ddl_corpus_extra_cases);
    suite_add_tcase(s, tc);
    return s;
}
