/*
 * check_ddl_limits.c - hostile DDL input (issue 8, hardening): expressions
 * nested or chained far deeper than any real schema, names and comments
 * with NUL bytes or invalid UTF-8, and definitions beyond MariaDB's limits.
 * Each must end in MariaDB's error (or be accepted where MariaDB accepts
 * it), never in a crash, and what is accepted must print and re-read.
 * Expected errors were checked on MariaDB 10.11.19 (docs/testing.md).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_limits_suite(void);

static sc_session *sess;

static void setup(void)
{
    sc_stmt_result r;
    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_session_new(&sess, sc_fx.cat, NULL), SC_OK);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, "CREATE DATABASE test", 20), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, "USE test", 8), SC_OK);
    sc_stmt_result_clear(&r);
}

static void teardown(void)
{
    sc_session_free(sess);
    sess = NULL;
    sc_fixture_catalog_teardown();
}

/* Growable text for building long statements. */
typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
        ck_assert_ptr_nonnull(b->s);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void puts_(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void repeat(buf *b, const char *s, size_t times)
{
    size_t i;
    for (i = 0; i < times; i++)
        puts_(b, s);
}

/* Run sql (len bytes); returns the errno (0 on success), message into msg. */
static unsigned run(const char *sql, size_t len, char *msg, size_t msgsz)
{
    sc_stmt_result r;
    unsigned err = 0;

    if (sc_ddl_exec(&r, sess, NULL, sql, len) != SC_OK) {
        err = r.mysql_errno;
        ck_assert_msg(err != 0, "failure without errno: %s", r.message ? r.message : "");
    }
    if (msg)
        snprintf(msg, msgsz, "%s", r.message ? r.message : "");
    sc_stmt_result_clear(&r);
    return err;
}

static void ok(const char *sql)
{
    char msg[600];
    unsigned err = run(sql, strlen(sql), msg, sizeof(msg));
    ck_assert_msg(err == 0, "%.200s: %u %s", sql, err, msg);
}

static void fails(const char *sql, size_t len, unsigned want, const char *state, const char *prefix)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, len);
    ck_assert_msg(rc != SC_OK, "%.200s: unexpectedly succeeded", sql);
    ck_assert_msg(r.mysql_errno == want, "%.100s: got %u %s", sql, r.mysql_errno, r.message);
    ck_assert_str_eq(r.sqlstate, state);
    ck_assert_msg(strncmp(r.message, prefix, strlen(prefix)) == 0, "message: %s", r.message);
    sc_stmt_result_clear(&r);
}

static char *show(const char *t)
{
    sc_txn *txn;
    char *out = NULL;
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_show_create_table(&out, txn, "test", t), SC_OK);
    sc_txn_abort(txn);
    return out;
}

/* SHOW CREATE of t, re-executed as t2, prints the same (modulo the name). */
static void roundtrip(const char *t)
{
    char *a = show(t), *b, *p;
    buf sql = {0};

    ok("DROP TABLE IF EXISTS rt");
    p = strchr(a, '(');
    ck_assert_ptr_nonnull(p);
    puts_(&sql, "CREATE TABLE `rt` ");
    puts_(&sql, p);
    ok(sql.s);
    b = show("rt");
    ck_assert_str_eq(strchr(b, '('), p);
    sc_free(sc_fx.ctx, a);
    sc_free(sc_fx.ctx, b);
    free(sql.s);
}

/* ------------------------------------------------------------------ */
/* Deep nesting                                                         */

#define MEM_EXHAUSTED "memory exhausted near '"

/* DEFAULT (open^n 1 close^n): deep ones fail with 1064, shallow ones work. */
static void nested_default(const char *open, const char *close, size_t n, bool deep)
{
    buf b = {0};

    puts_(&b, "CREATE TABLE t (a INT DEFAULT (");
    repeat(&b, open, n);
    puts_(&b, "1");
    repeat(&b, close, n);
    puts_(&b, "))");
    if (deep) {
        fails(b.s, b.len, 1064, "42000", MEM_EXHAUSTED);
    } else {
        ok(b.s);
        roundtrip("t");
        ok("DROP TABLE t");
    }
    free(b.s);
}

START_TEST(test_ddl_limits_nesting_parens)
{
    nested_default("(", ")", 100000, true);
    nested_default("(", ")", 12000, true);
    nested_default("(", ")", 200, false);
}
END_TEST

START_TEST(test_ddl_limits_nesting_not)
{
    nested_default("NOT ", "", 12000, true);
    nested_default("NOT ", "", 200, false);
    nested_default("!", "", 12000, true);
    nested_default("- ", "", 12000, true);
    nested_default("~", "", 200, false);
}
END_TEST

START_TEST(test_ddl_limits_nesting_calls)
{
    nested_default("abs(", ")", 12000, true);
    nested_default("abs(", ")", 200, false);
    nested_default("CASE WHEN 1 THEN ", " END", 12000, true);
    nested_default("CASE WHEN 1 THEN ", " END", 100, false);
    nested_default("coalesce(NULL, ", ")", 12000, true);
}
END_TEST

/* a+a+...+a with n terms as a generated column / CHECK / DEFAULT. */
static void chain(const char *head, const char *term, const char *op, size_t n, const char *tail,
                  bool deep)
{
    buf b = {0};

    puts_(&b, head);
    puts_(&b, term);
    while (--n) {
        puts_(&b, op);
        puts_(&b, term);
    }
    puts_(&b, tail);
    if (deep) {
        fails(b.s, b.len, 1064, "42000", MEM_EXHAUSTED);
    } else {
        ok(b.s);
        roundtrip("t");
        ok("DROP TABLE t");
    }
    free(b.s);
}

START_TEST(test_ddl_limits_nesting_flat)
{
    chain("CREATE TABLE t (a INT, b INT AS (", "a", "+", 100000, "))", true);
    chain("CREATE TABLE t (a INT, b INT AS (", "a", "+", 300, "))", false);
    chain("CREATE TABLE t (a INT DEFAULT (", "1", " - ", 100000, "))", true);
    chain("CREATE TABLE t (a INT, CHECK (", "a", " OR ", 100000, "))", true);
    chain("CREATE TABLE t (a INT, CHECK (", "a", " AND ", 300, "))", false);
    chain("CREATE TABLE t (a INT, b INT AS (", "a", " || ", 100000, "))", true);
}
END_TEST

START_TEST(test_ddl_limits_nesting_alter)
{
    buf b = {0};

    ok("CREATE TABLE t (a INT)");
    puts_(&b, "ALTER TABLE t ADD COLUMN b INT DEFAULT (");
    repeat(&b, "abs(", 50000);
    puts_(&b, "1");
    repeat(&b, ")", 50000);
    puts_(&b, ")");
    fails(b.s, b.len, 1064, "42000", MEM_EXHAUSTED);
    b.len = 0;
    puts_(&b, "ALTER TABLE t ADD COLUMN b INT AS (a");
    repeat(&b, "*a", 100000);
    puts_(&b, ")");
    fails(b.s, b.len, 1064, "42000", MEM_EXHAUSTED);
    free(b.s);
}
END_TEST

Suite *sc_test_ddl_limits_suite(void)
{
    Suite *s = suite_create("ddl_limits");
    TCase *tc = tcase_create("nesting");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ddl_limits_nesting_parens);
    tcase_add_test(tc, test_ddl_limits_nesting_not);
    tcase_add_test(tc, test_ddl_limits_nesting_calls);
    tcase_add_test(tc, test_ddl_limits_nesting_flat);
    tcase_add_test(tc, test_ddl_limits_nesting_alter);
    suite_add_tcase(s, tc);
    return s;
}
