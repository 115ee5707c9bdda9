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

/* Compare the columns of stmt with the recorded lines cols[0..n), under SET NAMES names. */
static void
check_stmt_meta(sc_session *s, const char *names, const char *stmt, char **cols, size_t n)
{
    sc_stmt_result r;
    char got[1024];

    snprintf(got, sizeof(got), "SET NAMES %s", names ? names : "utf8mb4");
    exec_ok(s, got);
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
    char *stmt = NULL, *names = NULL, *stmt_names = NULL, *cols[64];
    sc_session *setup = open_session(NULL), *s = NULL;

    ck_assert_ptr_nonnull(text);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "setup ", 6) == 0) {
            if (strncmp(line + 6, "DROP", 4) != 0) /* the catalog starts empty */
                exec_ok(setup, line + 6);
        } else if (strncmp(line, "names ", 6) == 0) {
            names = line + 6;
        } else if (strncmp(line, "stmt ", 5) == 0) {
            if (stmt)
                check_stmt_meta(s, stmt_names, stmt, cols, n_cols);
            if (!s)
                s = open_session("test");
            stmt = line + 5;
            stmt_names = names;
            names = NULL;
            n_cols = 0;
            n_stmts++;
        } else if (strncmp(line, "col ", 4) == 0 && n_cols < 64) {
            cols[n_cols++] = line + 4;
        }
    }
    if (stmt)
        check_stmt_meta(s, stmt_names, stmt, cols, n_cols);
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
    /* DDL answers with no rows and MariaDB's affected rows: 1 for CREATE DATABASE,
     * 0 for a table, the tables dropped for DROP DATABASE */
    sc_ddl_exec(&r, s, NULL, "CREATE DATABASE d", 17);
    ck_assert_int_eq(r.code, SC_OK);
    ck_assert_ptr_null(r.rs);
    ck_assert_uint_eq(r.affected_rows, 1);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "CREATE DATABASE IF NOT EXISTS d", 31);
    ck_assert_uint_eq(r.affected_rows, 0);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "ALTER DATABASE d COMMENT 'x'", 28);
    ck_assert_uint_eq(r.affected_rows, 1);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "CREATE TABLE d.t1 (a INT)", 25);
    ck_assert_uint_eq(r.affected_rows, 0);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "CREATE TABLE d.t2 (a INT)", 25);
    sc_stmt_result_clear(&r);
    sc_ddl_exec(&r, s, NULL, "DROP DATABASE d", 15); /* MariaDB: 2 rows affected */
    ck_assert_int_eq(r.code, SC_OK);
    ck_assert_uint_eq(r.affected_rows, 2);
    sc_stmt_result_clear(&r);
    sc_session_free(s);
}
END_TEST

/* Run sql and check it fails with errno and message. */
static void check_error(sc_session *s, const char *sql, unsigned err, const char *msg)
{
    sc_stmt_result r;

    sc_ddl_exec(&r, s, NULL, sql, strlen(sql));
    ck_assert_msg(r.code != SC_OK, "%s: succeeded", sql);
    ck_assert_msg(r.mysql_errno == err, "%s: errno %u, want %u (%s)", sql, r.mysql_errno, err,
                  r.message);
    ck_assert_msg(strcmp(r.message, msg) == 0, "%s:\n got  %s\n want %s", sql, r.message, msg);
    ck_assert_ptr_null(r.rs);
    sc_stmt_result_clear(&r);
}

static sc_session *schema_for_queries(void)
{
    sc_session *s = open_session(NULL);

    exec_ok(s, "CREATE DATABASE test");
    exec_ok(s, "USE test");
    exec_ok(s, "CREATE TABLE a (id INT, code CHAR(3) NOT NULL, n INT, UNIQUE KEY (code))");
    exec_ok(s, "CREATE TABLE B (x INT PRIMARY KEY, y VARCHAR(5) DEFAULT 'q''r', z INT NULL)");
    exec_ok(s, "CREATE TABLE c (k INT NOT NULL, v INT NOT NULL, UNIQUE KEY (k, v))");
    return s;
}

/* WHERE: three-valued logic, numbers against strings, IN, BETWEEN, LIKE, IS, COLLATE */
START_TEST(test_ddl_showstmt_where)
{
    sc_session *s = schema_for_queries();
    const char *q = "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
                    "'test' AND ";
    char sql[512];
#define WHERE(cond, want)                                                                          \
    snprintf(sql, sizeof(sql), "%s%s ORDER BY TABLE_NAME, ORDINAL_POSITION", q, cond);             \
    check_rows(s, sql, want)

    WHERE("ORDINAL_POSITION = '2'", "code\ny\nv\n"); /* a string compared as a number */
    WHERE("ORDINAL_POSITION BETWEEN 2 AND 3 AND TABLE_NAME <> 'b'", "code\nn\nv\n");
    WHERE("COLUMN_NAME IN ('ID', 'x', NULL)", "id\nx\n"); /* general_ci */
    WHERE("COLUMN_NAME NOT IN ('id', NULL)", "");         /* NULL: unknown */
    WHERE("NOT (COLUMN_NAME <> 'k')", "k\n");
    WHERE("COLUMN_NAME = 'ID' COLLATE utf8mb3_bin", "");
    WHERE("BINARY TABLE_NAME = 'b'", "");
    WHERE("TABLE_NAME LIKE 'b' AND COLUMN_DEFAULT IS NULL", "x\n"); /* 'NULL' is a string */
    WHERE("COLUMN_DEFAULT = 'NULL'", "id\nn\nz\n");
    WHERE("(CHARACTER_MAXIMUM_LENGTH IS NOT NULL XOR COLUMN_KEY = 'PRI')", "x\ny\nk\nv\n");
    WHERE("(COLUMN_NAME LIKE 'x|%' ESCAPE '|' OR COLUMN_NAME LIKE '_')", "n\nx\ny\nz\nk\nv\n");
    WHERE("(NUMERIC_SCALE > 0) IS NOT TRUE AND TABLE_NAME = 'c'", "k\nv\n");
    WHERE("TABLE_SCHEMA = DATABASE() AND LOWER(COLUMN_NAME) = 'x'", "x\n");
    WHERE("(ORDINAL_POSITION + 1 = 4 OR ORDINAL_POSITION * 2 = -(-2) AND TABLE_NAME = 'c')",
          "n\nz\nk\n");
#undef WHERE
    sc_session_free(s);
}
END_TEST

START_TEST(test_ddl_showstmt_order_limit)
{
    sc_session *s = schema_for_queries();

    check_rows(s, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test'",
               "B\na\nc\n"); /* no ORDER BY: by bytes, as the catalog lists them */
    check_rows(s,
               "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'test' "
               "ORDER BY t DESC",
               "c\nB\na\n");
    check_rows(s,
               "SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME "
               "= 'a' ORDER BY 2 DESC LIMIT 1, 1",
               "a\tid\n");
    check_rows(s,
               "SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME "
               "= 'a' ORDER BY COLUMN_NAME LIMIT 2 OFFSET 1",
               "a\tid\na\tn\n");
    check_rows(s, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'test'",
               "8\n");
    /* lookup values are exact names: no database `TEST` */
    check_rows(s, "SELECT COUNT(*) n FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'TEST'",
               "0\n");
    sc_session_free(s);
}
END_TEST

START_TEST(test_ddl_showstmt_columns_keys)
{
    sc_session *s = schema_for_queries();

    /* a NOT NULL UNIQUE key stands in for the missing PRIMARY KEY (PRI, not UNI) */
    check_rows(s, "SHOW COLUMNS FROM a",
               "id\tint(11)\tYES\t\tNULL\t\n"
               "code\tchar(3)\tNO\tPRI\tNULL\t\n"
               "n\tint(11)\tYES\t\tNULL\t\n");
    check_rows(s, "SHOW COLUMNS FROM c",
               "k\tint(11)\tNO\tPRI\tNULL\t\nv\tint(11)\tNO\tPRI\tNULL\t\n");
    check_rows(s, "DESCRIBE B 'y'", "y\tvarchar(5)\tYES\t\tq'r\t\n");
    check_rows(s, "SHOW FULL COLUMNS FROM B WHERE Field = 'z'",
               "z\tint(11)\tNULL\tYES\t\tNULL\t\tselect,insert,update,references\t\n");
    check_rows(s,
               "SELECT COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_NAME = 'B' "
               "AND COLUMN_NAME = 'y'",
               "'q''r'\n");
    check_rows(s, "SHOW INDEX FROM c WHERE Seq_in_index = 2",
               "c\t0\tk\t2\tv\tA\t0\tNULL\tNULL\t\tBTREE\t\t\tNO\n");
    sc_session_free(s);
}
END_TEST

/*
 * A TIMESTAMP literal default is kept in UTC and shown in the session's
 * time_zone by SHOW CREATE TABLE, SHOW COLUMNS and information_schema, as
 * 10.11.19 shows it (DATETIME defaults and zero dates do not move).
 */
START_TEST(test_ddl_showstmt_timestamp_default_in_session_zone)
{
    sc_session *s = open_session(NULL);

    exec_ok(s, "CREATE DATABASE d");
    exec_ok(s, "USE d");
    exec_ok(s, "SET time_zone = '+02:00'");
    exec_ok(s, "CREATE TABLE t (a TIMESTAMP NOT NULL DEFAULT '2020-01-01 10:00:00', "
               "b TIMESTAMP(3) NULL DEFAULT '2021-06-01 00:00:00.5', "
               "c TIMESTAMP NOT NULL DEFAULT '0000-00-00 00:00:00', "
               "d DATETIME DEFAULT '2020-01-01 10:00:00')");
    check_rows(s, "SHOW CREATE TABLE t",
               "t\tCREATE TABLE `t` (\n"
               "  `a` timestamp NOT NULL DEFAULT '2020-01-01 10:00:00',\n"
               "  `b` timestamp(3) NULL DEFAULT '2021-06-01 00:00:00.500',\n"
               "  `c` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00',\n"
               "  `d` datetime DEFAULT '2020-01-01 10:00:00'\n"
               ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci\n");
    exec_ok(s, "SET time_zone = '-05:30'");
    check_rows(s, "SHOW COLUMNS FROM t WHERE Field IN ('a', 'b', 'd')",
               "a\ttimestamp\tNO\t\t2020-01-01 02:30:00\t\n"
               "b\ttimestamp(3)\tYES\t\t2021-05-31 16:30:00.500\t\n"
               "d\tdatetime\tYES\t\t2020-01-01 10:00:00\t\n");
    check_rows(s,
               "SELECT COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_NAME = 't' "
               "AND COLUMN_NAME = 'a'",
               "'2020-01-01 02:30:00'\n");
    exec_ok(s, "SET time_zone = '+00:00'");
    check_rows(s, "SHOW COLUMNS FROM t WHERE Field = 'a'",
               "a\ttimestamp\tNO\t\t2020-01-01 08:00:00\t\n");
    sc_session_free(s);
}
END_TEST

START_TEST(test_ddl_showstmt_errors)
{
    sc_session *s = schema_for_queries();

    check_error(s, "SELECT * FROM information_schema.nosuch", 1109,
                "Unknown table 'nosuch' in information_schema");
    check_error(s, "SELECT nosuch FROM information_schema.TABLES", 1054,
                "Unknown column 'nosuch' in 'SELECT'");
    check_error(s, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE t.TABLE_NAME = 'a'",
                1054, "Unknown column 't.TABLE_NAME' in 'WHERE'");
    check_error(s, "SELECT TABLE_NAME FROM information_schema.TABLES ORDER BY nosuch", 1054,
                "Unknown column 'nosuch' in 'ORDER BY'");
    check_error(s, "SHOW COLUMNS FROM a WHERE nosuch = 1", 1054,
                "Unknown column 'nosuch' in 'WHERE'");
    check_error(s, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE LOWER() = 'a'", 1582,
                "Incorrect parameter count in the call to native function 'LOWER'");
    check_error(s, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_NAME REGEXP 'a'",
                1235,
                "This version of MariaDB doesn't yet support 'TABLE_NAME REGEXP 'a' in an "
                "information_schema query'");
    check_error(s, "SELECT * FROM a", 1235, "This version of MariaDB doesn't yet support 'SELECT'");
    check_error(s, "SHOW INDEX FROM nosuch", 1146, "Table 'test.nosuch' doesn't exist");
    check_error(s, "DESCRIBE test.nosuch", 1146, "Table 'test.nosuch' doesn't exist");
    check_error(s, "SHOW CREATE VIEW a", 1347, "'test.a' is not of type 'VIEW'");
    check_error(s, "SHOW CREATE SEQUENCE a", 4089, "'test.a' is not a SEQUENCE");
    check_error(s, "SHOW CREATE TRIGGER tr", 1360, "Trigger does not exist");
    check_error(s, "SHOW TABLE STATUS FROM nosuch", 1049, "Unknown database 'nosuch'");
    sc_session_free(s);
}
END_TEST

/* SHOW WARNINGS reads the previous statement's diagnostics and keeps them */
START_TEST(test_ddl_showstmt_warnings)
{
    sc_session *s = schema_for_queries();
    sc_stmt_result r;

    sc_ddl_exec(&r, s, NULL, "CREATE TABLE a (x INT)", 22);
    sc_stmt_result_clear(&r);
    check_rows(s, "SHOW WARNINGS", "Error\t1050\tTable 'a' already exists\n");
    check_rows(s, "SHOW ERRORS", "Error\t1050\tTable 'a' already exists\n");
    check_rows(s, "SHOW COUNT(*) WARNINGS", "1\n");
    check_rows(s, "SHOW WARNINGS LIMIT 1, 1", "");
    sc_ddl_exec(&r, s, NULL, "SHOW TABLES LIKE", 16); /* a parse error is an error row too */
    sc_stmt_result_clear(&r);
    check_rows(s, "SHOW COUNT(*) ERRORS", "1\n");
    check_rows(s, "SHOW TABLES LIKE 'a'", "a\n");
    check_rows(s, "SHOW WARNINGS", "");
    check_rows(s, "SHOW COUNT(*) WARNINGS", "0\n");
    sc_session_free(s);
}
END_TEST

/* Every note, warning and error keeps MariaDB's level, code and text, in its order
 * (recorded from 10.11.19: tests/data/ddl-extra/9100-9102, the oracle's warnings.txt) */
START_TEST(test_ddl_showstmt_warning_texts)
{
    sc_session *s = schema_for_queries();
    sc_stmt_result r;
    const sc_condition *c;

    exec_ok(s, "CREATE TABLE IF NOT EXISTS a (x INT)");
    check_rows(s, "SHOW WARNINGS", "Note\t1050\tTable 'a' already exists\n");
    check_rows(s, "SHOW ERRORS", "");
    /* USE, SET and database DDL name no table: they keep the list; SHOW TABLES clears it */
    exec_ok(s, "SET SESSION sql_mode = DEFAULT");
    exec_ok(s, "CREATE DATABASE other");
    check_rows(s, "SHOW WARNINGS", "Note\t1050\tTable 'a' already exists\n");
    ck_assert_uint_eq(sc_session_conditions(&c, s), 1);
    ck_assert_int_eq(c[0].level, SC_CONDITION_NOTE);
    ck_assert_uint_eq(c[0].code, 1050);
    ck_assert_str_eq(c[0].message, "Table 'a' already exists");
    check_rows(s, "SHOW TABLES LIKE 'zz'", "");
    check_rows(s, "SHOW WARNINGS", "");
    /* InnoDB's explanation before the 1005 and its 1215 after it */
    sc_ddl_exec(&r, s, NULL, "CREATE TABLE f (pid INT, FOREIGN KEY (pid) REFERENCES nope (id))",
                64);
    ck_assert_uint_eq(r.mysql_errno, 1005);
    ck_assert_uint_eq(r.warnings, 3);
    sc_stmt_result_clear(&r);
    check_rows(s, "SHOW WARNINGS",
               "Warning\t150\tCreate  table `test`.`f` with foreign key (pid) constraint failed. "
               "Referenced table `test`.`nope` not found in the data dictionary.\n"
               "Error\t1005\tCan't create table `test`.`f` (errno: 150 \"Foreign key constraint is "
               "incorrectly formed\")\n"
               "Warning\t1215\tCannot add foreign key constraint for `f`\n");
    check_rows(s, "SHOW ERRORS",
               "Error\t1005\tCan't create table `test`.`f` (errno: 150 \"Foreign key constraint is "
               "incorrectly formed\")\n");
    check_rows(s, "SHOW WARNINGS LIMIT 2, 5",
               "Warning\t1215\tCannot add foreign key constraint for `f`\n");
    check_rows(s, "SHOW COUNT(*) WARNINGS", "3\n");
    check_rows(s, "SHOW COUNT(*) ERRORS", "1\n");
    /* several rows of one statement; sql_notes=0 raises no notes at all */
    exec_ok(s, "CREATE TABLE d (a INT, b INT, KEY (a), KEY (a), KEY k2 (a))");
    check_rows(s, "SHOW WARNINGS",
               "Note\t1831\tDuplicate index `a_2`. This is deprecated and will be disallowed in a "
               "future release\n"
               "Note\t1831\tDuplicate index `k2`. This is deprecated and will be disallowed in a "
               "future release\n");
    exec_ok(s, "SET SESSION sql_notes = 0");
    sc_ddl_exec(&r, s, NULL, "DROP TABLE IF EXISTS nope1, nope2", 33);
    ck_assert_uint_eq(r.warnings, 0);
    sc_stmt_result_clear(&r);
    exec_ok(s, "SET SESSION sql_notes = 1");
    sc_ddl_exec(&r, s, NULL, "DROP TABLE IF EXISTS nope1, nope2", 33);
    ck_assert_uint_eq(r.warnings, 1);
    sc_stmt_result_clear(&r);
    check_rows(s, "SHOW WARNINGS", "Note\t1051\tUnknown table 'test.nope1,test.nope2'\n");
    /* a front end's own error becomes the list (syscat serve) */
    sc_session_set_error(s, 1193, "Unknown system variable 'x'");
    check_rows(s, "SHOW WARNINGS", "Error\t1193\tUnknown system variable 'x'\n");
    check_rows(s, "SHOW COUNT(*) ERRORS", "1\n");
    sc_session_free(s);
}
END_TEST

/* Rows come from a read transaction: they work on a catalog opened read-only */
START_TEST(test_ddl_showstmt_read_only_catalog)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_session *s = open_session(NULL);
    sc_stmt_result r;

    exec_ok(s, "CREATE DATABASE test");
    exec_ok(s, "CREATE TABLE test.t (a INT)");
    sc_session_free(s);
    sc_catalog_close(sc_fx.cat);
    o.flags = SC_CATALOG_READONLY;
    ck_assert_int_eq(sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &o), SC_OK);
    s = open_session("test");
    check_rows(s, "SHOW TABLES", "t\n");
    check_rows(s, "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME = 't'",
               "a\n");
    sc_ddl_exec(&r, s, NULL, "CREATE TABLE u (a INT)", 22); /* writes still need a writer */
    ck_assert_int_ne(r.code, SC_OK);
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
    ck_assert(sc_show__like("a|b", 3, "a||b", 4, '|', false)); /* another escape */
    {
        /* no exponential backtracking: many '%' against a long text return at once */
        static char text[20000];
        memset(text, 'a', sizeof(text));
        ck_assert(!sc_show__like(text, sizeof(text), "%a%a%a%a%a%a%a%a%a%a%a%a%b", 26, '\\', true));
        ck_assert(sc_show__like(text, sizeof(text), "%a%a%a%a%a%a%a%a%a%a%a%a%", 25, '\\', true));
    }
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
    tcase_add_test(tc, test_ddl_showstmt_where);
    tcase_add_test(tc, test_ddl_showstmt_order_limit);
    tcase_add_test(tc, test_ddl_showstmt_columns_keys);
    tcase_add_test(tc, test_ddl_showstmt_errors);
    tcase_add_test(tc, test_ddl_showstmt_timestamp_default_in_session_zone);
    tcase_add_test(tc, test_ddl_showstmt_warnings);
    tcase_add_test(tc, test_ddl_showstmt_warning_texts);
    tcase_add_test(tc, test_ddl_showstmt_read_only_catalog);
    suite_add_tcase(s, tc);
    return s;
}
