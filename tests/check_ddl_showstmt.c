/*
 * check_ddl_showstmt.c - SHOW / DESCRIBE / information_schema statements as
 * result sets (sc_stmt_result.rs): the column metadata MariaDB 10.11 sends
 * (tests/data/show-meta.txt, recorded by tests/oracle/record-show-meta.py),
 * the values, and the LIKE matcher. The byte-exact client output is checked
 * by the SHOW corpus runner (tests/oracle/run-show-cli.sh).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddl/show_stmt.h"
#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_showstmt_suite(void);

static sc_session *open_session(const char *db)
{
    sc_session *s = NULL;
    ck_assert_int_eq(sc_session_new(&s, sc_fx.cat, db), SC_OK);
    return s;
}

static void exec_ok(sc_session *s, const char *sql)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    ck_assert_msg(rc == SC_OK, "%s: %s", sql, r.message ? r.message : "");
    sc_stmt_result_clear(&r);
}

/* One column's metadata in the recording's form. */
static void format_col(char *buf, size_t size, const sc_result_column *c)
{
    snprintf(buf, size, "%s|%s|%s|%s|%s|%u|%u|0x%04x|%u|%u", c->name, c->org_name, c->table,
             c->org_table, c->schema, c->type, (unsigned)c->length, c->flags, c->charsetnr,
             c->decimals);
}

/* Compare the columns of stmt with the recorded lines cols[0..n). */
static void check_stmt_meta(sc_session *s, const char *stmt, char **cols, size_t n)
{
    sc_stmt_result r;
    char got[1024];

    sc_ddl_exec(&r, s, NULL, stmt, strlen(stmt));
    ck_assert_msg(r.code == SC_OK, "%s: %s", stmt, r.message ? r.message : "");
    ck_assert_msg(r.rs != NULL, "%s: no result set", stmt);
    ck_assert_msg(r.rs->n_columns == n, "%s: %zu columns, MariaDB sends %zu", stmt, r.rs->n_columns,
                  n);
    for (size_t i = 0; i < n; i++) {
        format_col(got, sizeof(got), &r.rs->columns[i]);
        ck_assert_msg(strcmp(got, cols[i]) == 0, "%s column %zu:\n got  %s\n want %s", stmt, i + 1,
                      got, cols[i]);
    }
    sc_stmt_result_clear(&r);
}

START_TEST(test_ddl_showstmt_metadata_as_mariadb)
{
    size_t len, n_cols = 0, n_stmts = 0;
    char *text = sc_fixture_read_file("tests/data/show-meta.txt", &len), *line, *save = NULL;
    char *stmt = NULL, *cols[64];
    sc_session *setup = open_session(NULL), *s = NULL;

    ck_assert_ptr_nonnull(text);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "setup ", 6) == 0) {
            if (strncmp(line + 6, "DROP", 4) != 0) /* the catalog starts empty */
                exec_ok(setup, line + 6);
        } else if (strncmp(line, "stmt ", 5) == 0) {
            if (stmt)
                check_stmt_meta(s, stmt, cols, n_cols);
            if (!s)
                s = open_session("test");
            stmt = line + 5;
            n_cols = 0;
            n_stmts++;
        } else if (strncmp(line, "col ", 4) == 0 && n_cols < 64) {
            cols[n_cols++] = line + 4;
        }
    }
    if (stmt)
        check_stmt_meta(s, stmt, cols, n_cols);
    ck_assert_uint_ge(n_stmts, 7);
    sc_session_free(s);
    sc_session_free(setup);
    free(text);
}
END_TEST

/* The whole result as "a\tb\n" lines, NULL for SQL NULL (malloc'ed). */
static char *rows_text(const sc_result_set *rs)
{
    size_t cap = 1, len = 0;
    char *out;

    for (size_t i = 0; i < rs->n_rows * rs->n_columns; i++)
        cap += (rs->cells[i].data ? rs->cells[i].len : 4) + 1;
    out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    for (size_t r = 0; r < rs->n_rows; r++)
        for (size_t c = 0; c < rs->n_columns; c++) {
            const sc_result_cell *v = &rs->cells[r * rs->n_columns + c];
            memcpy(out + len, v->data ? v->data : "NULL", v->data ? v->len : 4);
            len += v->data ? v->len : 4;
            out[len++] = c + 1 < rs->n_columns ? '\t' : '\n';
        }
    out[len] = '\0';
    return out;
}

/* Run sql in session s and compare its rows with want. */
static void check_rows(sc_session *s, const char *sql, const char *want)
{
    sc_stmt_result r;
    char *got;

    sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    ck_assert_msg(r.code == SC_OK, "%s: %s", sql, r.message ? r.message : "");
    ck_assert_msg(r.rs != NULL, "%s: no result set", sql);
    got = rows_text(r.rs);
    ck_assert_msg(strcmp(got, want) == 0, "%s:\n got\n%s want\n%s", sql, got, want);
    free(got);
    sc_stmt_result_clear(&r);
}

START_TEST(test_ddl_showstmt_databases_tables)
{
    sc_session *s = open_session(NULL);

    exec_ok(s, "CREATE DATABASE test");
    exec_ok(s, "CREATE DATABASE Tx");
    exec_ok(s, "CREATE TABLE test.t2 (a INT)");
    exec_ok(s, "CREATE TABLE test.T1 (a INT)");
    exec_ok(s, "CREATE TABLE test.t_1 (a INT)");
    exec_ok(s, "USE test");
    /* sorted by bytes, information_schema included (10.11.19) */
    check_rows(s, "SHOW DATABASES", "Tx\ninformation_schema\nsyscat\ntest\n");
    /* names match case-sensitively (lower_case_table_names=0) */
    check_rows(s, "SHOW DATABASES LIKE 't%'", "test\n");
    check_rows(s, "SHOW TABLES", "T1\nt2\nt_1\n");
    check_rows(s, "SHOW FULL TABLES FROM test LIKE 't\\_%'", "t_1\tBASE TABLE\n");
    check_rows(s, "SHOW TABLES LIKE 't_'", "t2\n");
    check_rows(s, "SHOW TABLES FROM Tx", ""); /* an empty database */
    check_rows(s, "SHOW CREATE DATABASE Tx",
               "Tx\tCREATE DATABASE `Tx` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE "
               "utf8mb4_general_ci */\n");
    sc_session_free(s);
}
END_TEST

START_TEST(test_ddl_showstmt_errors_have_no_rows)
{
    sc_session *s = open_session(NULL);
    sc_stmt_result r;

    sc_ddl_exec(&r, s, NULL, "SHOW TABLES", 11);
    ck_assert_uint_eq(r.mysql_errno, 1046);
    ck_assert_ptr_null(r.rs);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "SHOW TABLES FROM nosuchdb", 25);
    ck_assert_uint_eq(r.mysql_errno, 1049);
    ck_assert_str_eq(r.message, "Unknown database 'nosuchdb'");
    ck_assert_ptr_null(r.rs);
    sc_stmt_result_clear(&r);
    /* DDL answers with no rows and 0 affected rows */
    sc_ddl_exec(&r, s, NULL, "CREATE DATABASE d", 17);
    ck_assert_int_eq(r.code, SC_OK);
    ck_assert_ptr_null(r.rs);
    ck_assert_uint_eq(r.affected_rows, 0);
    sc_stmt_result_clear(&r);
    sc_session_free(s);
}
END_TEST

START_TEST(test_ddl_showstmt_like)
{
    ck_assert(sc_show__like("abc", 3, "a%", 2, '\\', false));
    ck_assert(sc_show__like("abc", 3, "%c", 2, '\\', false));
    ck_assert(sc_show__like("abc", 3, "_b_", 3, '\\', false));
    ck_assert(!sc_show__like("abc", 3, "_b", 2, '\\', false));
    ck_assert(sc_show__like("", 0, "%", 1, '\\', false));
    ck_assert(!sc_show__like("", 0, "_", 1, '\\', false));
    ck_assert(sc_show__like("a_c", 3, "a\\_c", 4, '\\', false));
    ck_assert(!sc_show__like("abc", 3, "a\\_c", 4, '\\', false));
    ck_assert(sc_show__like("a%", 2, "a\\%", 3, '\\', false));
    ck_assert(!sc_show__like("ABC", 3, "a%", 2, '\\', false));
    ck_assert(sc_show__like("ABC", 3, "a%", 2, '\\', true));
    ck_assert(sc_show__like("x\xc3\xa9y", 4, "x_y", 3, '\\', false)); /* one character */
    ck_assert(sc_show__like("abcabd", 6, "%ab_", 4, '\\', false));
    ck_assert(sc_show__like("aaa", 3, "%_%_%", 5, '\\', false));
    ck_assert(!sc_show__like("a", 1, "%_%_%", 5, '\\', false));
}
END_TEST

Suite *sc_test_ddl_showstmt_suite(void)
{
    Suite *s = suite_create("ddl_showstmt");
    TCase *tc = tcase_create("showstmt");

    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_ddl_showstmt_metadata_as_mariadb);
    tcase_add_test(tc, test_ddl_showstmt_databases_tables);
    tcase_add_test(tc, test_ddl_showstmt_errors_have_no_rows);
    tcase_add_test(tc, test_ddl_showstmt_like);
    suite_add_tcase(s, tc);
    return s;
}
