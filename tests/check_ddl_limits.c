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
static void
chain(const char *head, const char *term, const char *op, size_t n, const char *tail, bool deep)
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

/* ------------------------------------------------------------------ */
/* NUL bytes and invalid UTF-8                                          */

#define SYNTAX                                                                                     \
    "You have an error in your SQL syntax; check the manual that corresponds to your "             \
    "MariaDB server version for the right syntax to use near "

/* sql given as a literal with embedded NULs: its length is sizeof - 1 */
#define FAILS_N(lit, err, state, msg) fails_exact(lit, sizeof(lit) - 1, err, state, msg)

static void
fails_exact(const char *sql, size_t len, unsigned want, const char *state, const char *msg)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, len);
    ck_assert_msg(rc != SC_OK, "%.200s: unexpectedly succeeded", sql);
    ck_assert_msg(r.mysql_errno == want, "%.100s: got %u %s", sql, r.mysql_errno, r.message);
    ck_assert_str_eq(r.sqlstate, state);
    ck_assert_str_eq(r.message, msg);
    sc_stmt_result_clear(&r);
}

static void show_has(const char *t, const char *want)
{
    char *got = show(t);
    ck_assert_msg(strstr(got, want) != NULL, "SHOW CREATE %s lacks %s:\n%s", t, want, got);
    sc_free(sc_fx.ctx, got);
}

START_TEST(test_ddl_limits_text_nul_names)
{
    /* 10.11.19: the lexer stops at the NUL, the message prints up to it */
    FAILS_N("CREATE TABLE `a\0b` (x INT)", 1064, "42000", SYNTAX "'`a' at line 1");
    FAILS_N("CREATE TABLE t (`x\0y` INT)", 1064, "42000", SYNTAX "'`x' at line 1");
    FAILS_N("CREATE TABLE t (x INT, INDEX `i\0j` (x))", 1064, "42000", SYNTAX "'`i' at line 1");
    FAILS_N("CREATE DATABASE `d\0e`", 1064, "42000", SYNTAX "'`d' at line 1");
    FAILS_N("CREATE TABLE tq\0b (x INT)", 1064, "42000", SYNTAX "'' at line 1");
    ok("CREATE TABLE a (x INT)"); /* nothing named `a` was made above */
}
END_TEST

START_TEST(test_ddl_limits_text_nul_strings)
{
    /* MariaDB keeps a NUL inside a comment or ENUM value; a catalog row cannot
       (its text fields end at NUL), so it is refused rather than cut short */
    const char *nsy = "This version of MariaDB doesn't yet support 'NUL bytes in a COMMENT, "
                      "ENUM or SET value'";
    FAILS_N("CREATE TABLE t (x INT COMMENT 'a\0b')", 1235, "42000", nsy);
    FAILS_N("CREATE TABLE t (x INT COMMENT 'a\\0b')", 1235, "42000", nsy);
    FAILS_N("CREATE TABLE t (x INT) COMMENT 'q\0r'", 1235, "42000", nsy);
    FAILS_N("CREATE TABLE t (x ENUM('a\0b','c'))", 1235, "42000", nsy);
    FAILS_N("CREATE TABLE t (x INT, KEY (x) COMMENT 'a\0')", 1235, "42000", nsy);
    ok("CREATE TABLE t (x VARCHAR(5) DEFAULT 'a\\0b')");
    show_has("t", "DEFAULT 'a\\0b'");
}
END_TEST

START_TEST(test_ddl_limits_text_bad_utf8)
{
    /* 10.11.19 with the pinned utf8mb4 client turns each byte that is not
       UTF-8 into '?' in comments and ENUM/SET values, and comments (utf8mb3)
       lose 4-byte characters the same way; a text DEFAULT is refused */
    ok("CREATE TABLE t1 (x INT COMMENT 'a\xff\xfe"
       "b') COMMENT 'abc\xe2\x82'");
    show_has("t1", "COMMENT 'a?"
                   "?b'");
    show_has("t1", "COMMENT='abc?"
                   "?'");
    ok("CREATE TABLE t2 (x INT, KEY (x) COMMENT '\xc3\xa9\xff', y SET('a\xff"
       "b'))");
    show_has("t2", "COMMENT '\xc3\xa9?'");
    show_has("t2", "set('a?b')");
    ok("CREATE TABLE t3 (x INT COMMENT 'a\xf0\x9f\x98\x80"
       "b')");
    show_has("t3", "COMMENT 'a?b'");
    ok("CREATE TABLE t4 (x INT, CHECK (x <> 'a\xff'))");
    show_has("t4", "CHECK (`x` <> 'a?')");
    FAILS_N("CREATE TABLE t5 (x VARCHAR(5) DEFAULT 'a\xff"
            "b')",
            1067, "42000", "Invalid default value for 'x'");
    ok("CREATE TABLE t6 (x VARBINARY(5) DEFAULT 'a\xff"
       "b')");
    ok("ALTER TABLE t1 COMMENT 'z\xff'");
    show_has("t1", "COMMENT='z?'");
    ok("ALTER TABLE t1 MODIFY x INT COMMENT 'y\xff'");
    show_has("t1", "COMMENT 'y?'");
    /* introduced literals print every byte outside printable ASCII as xHH */
    ok("CREATE TABLE t7 (a VARBINARY(5), CHECK (a <> _binary 'a\xff\x01\tb'), "
       "CHECK (a <> _utf8mb4 'a\xc3\xa9'))");
    show_has("t7", "CHECK (`a` <> _binary'axFFx01x09b')");
    show_has("t7", "CHECK (`a` <> _utf8mb4'axC3xA9')");
    FAILS_N("CREATE TABLE `t\xffx` (x INT)", 1300, "HY000",
            "Invalid utf8mb4 character string: 't\\xFFx'");
}
END_TEST

/* Plant a table comment that is not UTF-8 through the C API (the DDL path
 * no longer lets one in): fsck must name it, dump --json must not fail with
 * "out of memory". */
START_TEST(test_ddl_limits_text_fsck_json)
{
    sc_txn *txn;
    sc_table *t = NULL;
    sc_table_def def;
    char cmd[1024], line[512];
    FILE *p;
    bool oom = false;
    int st;

    ok("CREATE TABLE t (x INT)");
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "test", "t"), SC_OK);
    def = *sc_table_definition(t);
    def.comment = "bad \xff\xfe comment";
    ck_assert_int_eq(sc_table_alter(txn, sc_table_id(t), &def), SC_OK);
    sc_table_free(t);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);

    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir %s fsck 2>&1", sc_fixture_build_dir(),
             sc_fx.dir);
    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    line[0] = '\0';
    bool named = false;
    while (fgets(line, sizeof(line), p))
        named = named || (strstr(line, "comment") && strstr(line, "UTF-8"));
    st = pclose(p);
    ck_assert_msg(named, "fsck did not report the comment");
    ck_assert_int_ne(st, 0);

    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir %s dump --json 2>&1", sc_fixture_build_dir(),
             sc_fx.dir);
    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    while (fgets(line, sizeof(line), p))
        oom = oom || strstr(line, "out of memory") != NULL;
    st = pclose(p);
    ck_assert_msg(!oom, "dump --json reported out of memory");
    ck_assert_int_eq(st, 0);
}
END_TEST

/* A NUL in a default is stored as C0 80 (docs/ddl.md); JSON shows it as \u0000. */
START_TEST(test_ddl_limits_text_json_nul_default)
{
    char cmd[1024], line[512];
    bool seen = false;
    FILE *p;

    ok("CREATE TABLE t (x VARCHAR(5) DEFAULT 'a\\0b')");
    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir %s dump --json 2>&1", sc_fixture_build_dir(),
             sc_fx.dir);
    p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    while (fgets(line, sizeof(line), p))
        seen = seen || strstr(line, "\"default_value\": \"a\\u0000b\"") != NULL;
    ck_assert_int_eq(pclose(p), 0);
    ck_assert_msg(seen, "default_value is not \"a\\u0000b\"");
}
END_TEST

/* ------------------------------------------------------------------ */
/* MariaDB's definition limits (each checked on 10.11.19)               */

#define TOO_LARGE "Table definition is too large"

/* The column and value templates below are test data taking the index once or twice. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* CREATE TABLE name (n columns "fmt" % i) tail */
static void columns_sql(buf *b, const char *name, size_t n, const char *fmt, const char *tail)
{
    char col[256];

    puts_(b, "CREATE TABLE ");
    puts_(b, name);
    puts_(b, " (");
    for (size_t i = 0; i < n; i++) {
        snprintf(col, sizeof(col), fmt, (unsigned)i, (unsigned)i);
        if (i)
            puts_(b, ",");
        puts_(b, col);
    }
    puts_(b, ")");
    puts_(b, tail);
}

static void columns_case(size_t n, const char *fmt, const char *tail, unsigned err, const char *msg)
{
    buf b = {0};

    columns_sql(&b, "w", n, fmt, tail);
    if (err)
        fails_exact(b.s, b.len, err, err == 1005 ? "HY000" : "HY000", msg);
    else {
        ok(b.s);
        ok("DROP TABLE w");
    }
    free(b.s);
}

START_TEST(test_ddl_limits_columns)
{
    columns_case(4097, "c%u INT", "", 1117, "Too many columns");
    columns_case(10000, "c%u INT", "", 1117, "Too many columns");
    /* 4096 fit the server's count but not its .frm header */
    columns_case(4096, "c%u INT", "", 1117, TOO_LARGE);
    /* the .frm header: 290 + per column 17 + name + 1 must stay within 65535 */
    columns_case(2836, "c%04u TINYINT", " ENGINE=MyISAM", 0, NULL);
    columns_case(2837, "c%04u TINYINT", " ENGINE=MyISAM", 1117, TOO_LARGE);
    columns_case(1517, "c%04u TINYINT COMMENT 'abcdefghijklmnopqrst'", " ENGINE=MyISAM", 0, NULL);
    columns_case(1518, "c%04u TINYINT COMMENT 'abcdefghijklmnopqrst'", " ENGINE=MyISAM", 1117,
                 TOO_LARGE);
    /* InnoDB's own limit: 1017 user columns */
    columns_case(1017, "c%04u TINYINT", "", 0, NULL);
    columns_case(1018, "c%04u TINYINT", "", 1005,
                 "Can't create table `test`.`w` (errno: 185 \"Too many columns\")");
}
END_TEST

START_TEST(test_ddl_limits_columns_alter)
{
    buf b = {0};
    char col[64];

    ok("CREATE TABLE w (a INT)");
    puts_(&b, "ALTER TABLE w ");
    for (unsigned i = 0; i < 1017; i++) {
        snprintf(col, sizeof(col), "%sADD c%04u TINYINT", i ? "," : "", i);
        puts_(&b, col);
    }
    fails_exact(b.s, b.len, 1005, "HY000",
                "Can't create table `test`.`w` (errno: 185 \"Too many columns\")");
    ok("ALTER TABLE w ENGINE=MyISAM");
    b.len = 0;
    puts_(&b, "ALTER TABLE w ");
    for (unsigned i = 0; i < 4100; i++) {
        snprintf(col, sizeof(col), "%sADD c%04u TINYINT", i ? "," : "", i);
        puts_(&b, col);
    }
    fails_exact(b.s, b.len, 1117, "HY000", "Too many columns");
    free(b.s);
}
END_TEST

/* CREATE TABLE w (a TEXT DEFAULT 'x' * n) */
static void
text_default(const char *verb, size_t n, const char *tail, unsigned err, const char *msg)
{
    buf b = {0};

    puts_(&b, verb);
    puts_(&b, " TEXT DEFAULT '");
    repeat(&b, "x", n);
    puts_(&b, "'");
    puts_(&b, tail);
    if (err)
        fails_exact(b.s, b.len, err, "HY000", msg);
    else
        ok(b.s);
    free(b.s);
}

START_TEST(test_ddl_limits_default_size)
{
    const char *big = "Expression in the DEFAULT clause is too big";

    text_default("CREATE TABLE w (a", 10u << 20, ")", 4026, big);
    text_default("CREATE TABLE w (a", 65534, ")", 4026, big);
    text_default("CREATE TABLE w (a", 65202, ")", 1117, TOO_LARGE);
    text_default("CREATE TABLE w (a", 65201, ")", 0, NULL);
    ok("DROP TABLE w");
    ok("CREATE TABLE w (b INT)");
    text_default("ALTER TABLE w ADD COLUMN (a", 65534, ")", 4026, big);
    text_default("ALTER TABLE w MODIFY COLUMN b", 10u << 20, "", 4026, big);
}
END_TEST

/* ENUM of n values '%05u' */
static void enum_case(const char *head, size_t n, const char *fmt, unsigned err, const char *msg)
{
    buf b = {0};
    char v[64];

    puts_(&b, head);
    for (size_t i = 0; i < n; i++) {
        snprintf(v, sizeof(v), fmt, (unsigned)i);
        if (i)
            puts_(&b, ",");
        puts_(&b, v);
    }
    puts_(&b, "))");
    if (err)
        fails_exact(b.s, b.len, err, "HY000", msg);
    else
        ok(b.s);
    free(b.s);
}

START_TEST(test_ddl_limits_enum)
{
    const char *dup1 = "CREATE TABLE w (a ENUM('b','a','c','B','a'))";
    const char *dup2 = "CREATE TABLE w (a SET('x','y','Y'))";

    /* 100,000 values: refused, and in linear time (no pairwise compare) */
    enum_case("CREATE TABLE w (a ENUM(", 100000, "'%06u'", 1117, TOO_LARGE);
    enum_case("CREATE TABLE w (a ENUM(", 65536, "'%u'", 1117, TOO_LARGE);
    enum_case("CREATE TABLE w (a ENUM(", 10871, "'%05u'", 1117, TOO_LARGE);
    enum_case("CREATE TABLE w (a ENUM(", 10870, "'%05u'", 0, NULL);
    ok("DROP TABLE w");
    enum_case("CREATE TABLE w (a SET(", 65, "'v%u'", 1097, "Too many strings for column a and SET");
    /* duplicates found by sorting still report the first repeat, by its first spelling */
    ok("CREATE TABLE e0 (a INT)");
    fails_exact(dup1, strlen(dup1), 1291, "HY000", "Column 'a' has duplicated value 'b' in ENUM");
    fails_exact(dup2, strlen(dup2), 1291, "HY000", "Column 'a' has duplicated value 'y' in SET");
    ok("CREATE TABLE w (a ENUM('a','A') COLLATE utf8mb4_bin)");
    ok("DROP TABLE w");
    ok("CREATE TABLE w (a INT)");
    enum_case("ALTER TABLE w ADD COLUMN (e ENUM(", 12000, "'%05u'", 1117, TOO_LARGE);
}
END_TEST

START_TEST(test_ddl_limits_enum_columns)
{
    /* at most 255 distinct value lists; identical lists are shared */
    columns_case(256, "c%u ENUM('a%u')", "", 1117, TOO_LARGE);
    columns_case(255, "c%u ENUM('a')", "", 0, NULL);
    columns_case(300, "c%u ENUM('a')", "", 0, NULL);
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

    tc = tcase_create("text");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ddl_limits_text_nul_names);
    tcase_add_test(tc, test_ddl_limits_text_nul_strings);
    tcase_add_test(tc, test_ddl_limits_text_bad_utf8);
    tcase_add_test(tc, test_ddl_limits_text_fsck_json);
    tcase_add_test(tc, test_ddl_limits_text_json_nul_default);
    suite_add_tcase(s, tc);

    tc = tcase_create("limits");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_ddl_limits_columns);
    tcase_add_test(tc, test_ddl_limits_columns_alter);
    tcase_add_test(tc, test_ddl_limits_default_size);
    tcase_add_test(tc, test_ddl_limits_enum);
    tcase_add_test(tc, test_ddl_limits_enum_columns);
    suite_add_tcase(s, tc);
    return s;
}
