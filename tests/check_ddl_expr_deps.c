/*
 * check_ddl_expr_deps.c - what ALTER TABLE does to the stored expressions
 * of a table (CHECK table- and column-level, DEFAULT (expr), VIRTUAL and
 * STORED generated columns) when a column is renamed or dropped: renames
 * reach every expression that names the column and no other, and DROP
 * COLUMN refuses (1054) or drops only what really uses the column.
 * Identifiers are quoted, contain a doubled backtick, are non-ASCII or
 * differ in case from the column; the expected text is what MariaDB 10.11.19
 * prints for the same statements (checked on the real server).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_expr_deps_suite(void);

static sc_session *sess;

static void run(const char *sql)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, strlen(sql));
    ck_assert_msg(rc == SC_OK, "%s: %u %s", sql, r.mysql_errno, r.message ? r.message : "");
    sc_stmt_result_clear(&r);
}

static void setup(void)
{
    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_session_new(&sess, sc_fx.cat, NULL), SC_OK);
    run("CREATE DATABASE test");
    run("USE test");
}

static void teardown(void)
{
    sc_session_free(sess);
    sess = NULL;
    sc_fixture_catalog_teardown();
}

static void fails(const char *sql, unsigned err, const char *state, const char *msg)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, strlen(sql));
    ck_assert_msg(rc != SC_OK, "%s: unexpectedly succeeded", sql);
    ck_assert_uint_eq(r.mysql_errno, err);
    ck_assert_str_eq(r.sqlstate, state);
    ck_assert_str_eq(r.message, msg);
    sc_stmt_result_clear(&r);
}

static void expect_show(const char *t, const char *want)
{
    sc_txn *txn;
    char *got = NULL;
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_show_create_table(&got, txn, "test", t), SC_OK);
    sc_txn_abort(txn);
    ck_assert_str_eq(got, want);
    sc_free(sc_fx.ctx, got);
}

#define TAIL ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"

/* Issue 7: `x``y` is not `x`; renaming x must leave the check alone. */
START_TEST(test_rename_doubled_backtick)
{
    run("CREATE TABLE t (x INT, `x``y` INT, CHECK (`x``y` > 0))");
    run("ALTER TABLE t RENAME COLUMN x TO z");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `z` int(11) DEFAULT NULL,\n"
                     "  `x``y` int(11) DEFAULT NULL,\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`x``y` > 0)\n" TAIL);
    run("ALTER TABLE t RENAME COLUMN `x``y` TO `y``x`");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `z` int(11) DEFAULT NULL,\n"
                     "  `y``x` int(11) DEFAULT NULL,\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`y``x` > 0)\n" TAIL);
}
END_TEST

/* Issue 7: dropping x is fine when only `x``y` is used by the check. */
START_TEST(test_drop_doubled_backtick)
{
    run("CREATE TABLE t (x INT, `x``y` INT, CHECK (`x``y` > 0))");
    run("ALTER TABLE t DROP COLUMN x");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `x``y` int(11) DEFAULT NULL,\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`x``y` > 0)\n" TAIL);
    /* a check on `x``y` and another column cannot lose `x``y` */
    run("CREATE TABLE u (a INT, `x``y` INT, CHECK (`x``y` > a))");
    fails("ALTER TABLE u DROP COLUMN `x``y`", 1054, "42S22", "Unknown column 'x`y' in 'CHECK'");
    /* a check on `x``y` alone goes with it */
    run("ALTER TABLE t ADD a INT");
    run("ALTER TABLE t DROP COLUMN `x``y`");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `a` int(11) DEFAULT NULL\n" TAIL);
}
END_TEST

/* A string literal that looks like an identifier is not one. */
START_TEST(test_rename_not_in_strings)
{
    run("CREATE TABLE t (x INT, s VARCHAR(10) DEFAULT ('`x`'), CHECK (s <> '`x`' OR x > 0))");
    run("ALTER TABLE t RENAME COLUMN x TO y");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `y` int(11) DEFAULT NULL,\n"
                     "  `s` varchar(10) DEFAULT '`x`',\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`s` <> '`x`' or `y` > 0)\n" TAIL);
}
END_TEST

#define U_COLS                                                                                     \
    "  `c` int(11) DEFAULT (`%s` + 1),\n"                                                          \
    "  `g` int(11) GENERATED ALWAYS AS (`%s` * 2) VIRTUAL,\n"                                      \
    "  `s` int(11) GENERATED ALWAYS AS (`%s` + `%s`) STORED,\n"                                    \
    "  `d` int(11) DEFAULT NULL CHECK (`d` > `%s`),\n"                                             \
    "  CONSTRAINT `k` CHECK (`%s` <> `%s`)\n" TAIL

/* Every expression kind follows a rename of a quoted, non-ASCII or
 * case-variant name, and only the renamed column changes. */
START_TEST(test_rename_every_expression_kind)
{
    char want[2048];

    run("CREATE TABLE u (`é` INT, `Abc` INT, c INT DEFAULT (`Abc` + 1), "
        "g INT AS (`é` * 2) VIRTUAL, s INT AS (`Abc`+`é`) STORED, "
        "CONSTRAINT k CHECK (`é` <> `Abc`), d INT CHECK (d > `é`))");
    run("ALTER TABLE u RENAME COLUMN `é` TO `ü`");
    snprintf(
        want, sizeof(want),
        "CREATE TABLE `u` (\n  `ü` int(11) DEFAULT NULL,\n  `Abc` int(11) DEFAULT NULL,\n" U_COLS,
        "Abc", "ü", "Abc", "ü", "ü", "ü", "Abc");
    expect_show("u", want);
    /* the ALTER names the column in another case */
    run("ALTER TABLE u RENAME COLUMN abc TO `a``b`");
    snprintf(
        want, sizeof(want),
        "CREATE TABLE `u` (\n  `ü` int(11) DEFAULT NULL,\n  `a``b` int(11) DEFAULT NULL,\n" U_COLS,
        "a``b", "ü", "a``b", "ü", "ü", "ü", "a``b");
    expect_show("u", want);
    run("ALTER TABLE u CHANGE `ü` `日本` INT");
    snprintf(want, sizeof(want),
             "CREATE TABLE `u` (\n  `日本` int(11) DEFAULT NULL,\n  `a``b` int(11) DEFAULT "
             "NULL,\n" U_COLS,
             "a``b", "日本", "a``b", "日本", "日本", "日本", "a``b");
    expect_show("u", want);
}
END_TEST

/* An expression written with a case variant of the name follows the rename. */
START_TEST(test_rename_case_variant_in_expression)
{
    run("CREATE TABLE t (Ab INT, c INT AS (ab + 1), CHECK (AB > 0))");
    run("ALTER TABLE t RENAME COLUMN aB TO `x``é`");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `x``é` int(11) DEFAULT NULL,\n"
                     "  `c` int(11) GENERATED ALWAYS AS (`x``é` + 1) VIRTUAL,\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`x``é` > 0)\n" TAIL);
}
END_TEST

/* DROP COLUMN: which expression is in the way is found on the tree. */
START_TEST(test_drop_every_expression_kind)
{
    run("CREATE TABLE v (`é` INT, `x``y` INT, `x` INT, "
        "g INT AS (`x``y` * 2) VIRTUAL, c INT DEFAULT (`é` + 1))");
    run("ALTER TABLE v DROP COLUMN x");
    fails("ALTER TABLE v DROP COLUMN `é`", 1054, "42S22", "Unknown column 'é' in 'DEFAULT'");
    fails("ALTER TABLE v DROP COLUMN `X``Y`", 1054, "42S22",
          "Unknown column 'x`y' in 'GENERATED ALWAYS AS'");
    run("ALTER TABLE v DROP COLUMN c, DROP COLUMN `é`");
    expect_show("v", "CREATE TABLE `v` (\n"
                     "  `x``y` int(11) DEFAULT NULL,\n"
                     "  `g` int(11) GENERATED ALWAYS AS (`x``y` * 2) VIRTUAL\n" TAIL);
    /* column-level CHECK */
    run("CREATE TABLE w (a INT, d INT CHECK (d > `a``b`), `a``b` INT)");
    fails("ALTER TABLE w DROP COLUMN `A``B`", 1054, "42S22", "Unknown column 'a`b' in 'CHECK'");
    run("ALTER TABLE w DROP COLUMN a");
    expect_show("w", "CREATE TABLE `w` (\n"
                     "  `d` int(11) DEFAULT NULL CHECK (`d` > `a``b`),\n"
                     "  `a``b` int(11) DEFAULT NULL\n" TAIL);
}
END_TEST

/* 1901: a CHECK may not read the AUTO_INCREMENT column; `id``x` is another column. */
START_TEST(test_auto_increment_check_by_tree)
{
    run("CREATE TABLE t (id INT AUTO_INCREMENT KEY, `id``x` INT, CHECK (`id``x` > 0))");
    fails("CREATE TABLE t2 (`Ïd` INT AUTO_INCREMENT KEY, CHECK (`ÏD` > 0))", 1901, "HY000",
          "Function or expression 'AUTO_INCREMENT' cannot be used in the CHECK clause of "
          "`Ïd`");
}
END_TEST

Suite *sc_test_ddl_expr_deps_suite(void)
{
    Suite *s = suite_create("ddl_expr_deps");
    TCase *tc = tcase_create("deps");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_rename_doubled_backtick);
    tcase_add_test(tc, test_drop_doubled_backtick);
    tcase_add_test(tc, test_rename_not_in_strings);
    tcase_add_test(tc, test_rename_every_expression_kind);
    tcase_add_test(tc, test_rename_case_variant_in_expression);
    tcase_add_test(tc, test_drop_every_expression_kind);
    tcase_add_test(tc, test_auto_increment_check_by_tree);
    suite_add_tcase(s, tc);
    return s;
}
