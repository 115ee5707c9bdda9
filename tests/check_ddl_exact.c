/*
 * check_ddl_exact.c - rules of MariaDB 10.11's DDL that decide SHOW CREATE
 * TABLE bytes and the errors/warnings of a statement, measured on a private
 * 10.11.19 server (the cases tests/data/ddl-extra/5260-... record the same
 * rules): DATA DIRECTORY / INDEX DIRECTORY (5260); constant DEFAULT
 * expressions computed when the table is written, exact integer limits and
 * -pi() (5261); float defaults of narrow string columns (5262); string
 * constants converted to a column's character set (5263) and literal
 * defaults converted into it (5264); strings in constant DEFAULT arithmetic
 * (5265).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_exact_suite(void);

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

/* Run sql; expect errno err (0: success) and conds, the SHOW WARNINGS rows
 * as "Level code message\n" lines (NULL: not checked). */
static void run(const char *sql, unsigned err, const char *conds)
{
    static const char *const level[] = {"Note", "Warning", "Error"};
    sc_stmt_result r;
    const sc_condition *c;
    char got[2048] = "";
    size_t n, len = 0;

    sc_ddl_exec(&r, sess, NULL, sql, strlen(sql));
    ck_assert_msg(r.mysql_errno == err, "%s: errno %u (%s), expected %u", sql, r.mysql_errno,
                  r.message ? r.message : "", err);
    sc_stmt_result_clear(&r);
    if (!conds)
        return;
    n = sc_session_conditions(&c, sess);
    for (size_t i = 0; i < n && len < sizeof got; i++)
        len += (size_t)snprintf(got + len, sizeof got - len, "%s %u %s\n", level[c[i].level],
                                c[i].code, c[i].message);
    ck_assert_msg(strcmp(got, conds) == 0, "%s: conditions\n%s\nexpected\n%s", sql, got, conds);
}

/* SHOW CREATE TABLE t ends with tail (the table options after the columns). */
static void show_ends(const char *t, const char *tail)
{
    char sql[128];
    sc_stmt_result r;
    size_t n, m = strlen(tail);

    snprintf(sql, sizeof sql, "SHOW CREATE TABLE %s", t);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)), SC_OK);
    ck_assert_ptr_nonnull(r.output);
    n = strlen(r.output);
    while (n > 0 && r.output[n - 1] == '\n')
        n--;
    r.output[n] = '\0';
    ck_assert_msg(n >= m && strcmp(r.output + n - m, tail) == 0, "%s:\n%s\nshould end in\n%s", t,
                  r.output, tail);
    sc_stmt_result_clear(&r);
}

/* A cell as text (static buffer: one at a time). */
static const char *cell_text(const sc_result_cell *c)
{
    static char buf[512];
    snprintf(buf, sizeof buf, "%.*s", c->data ? (int)c->len : 4, c->data ? c->data : "NULL");
    return buf;
}

#define DFLT " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"
#define INNODB_140                                                                                 \
    "Error 1005 Can't create table `test`.`%s` (errno: 140 \"Wrong create options\")\n"            \
    "Warning 1030 Got error 140 \"Wrong create options\" from storage engine InnoDB\n"

/* Kept and printed last, with a '/' added and append_unescaped()'s escapes */
START_TEST(test_ddl_exact_data_directory_print)
{
    run("CREATE TABLE t1 (a INT) DATA DIRECTORY='/tmp'", 0, "");
    show_ends("t1", ") ENGINE=InnoDB" DFLT " DATA DIRECTORY='/tmp/'");
    run("CREATE TABLE t2 (a INT) COMMENT='c' PAGE_COMPRESSED=1 DATA DIRECTORY = '/tmp/' "
        "ROW_FORMAT=DYNAMIC",
        0, "");
    show_ends("t2", DFLT " ROW_FORMAT=DYNAMIC COMMENT='c' `PAGE_COMPRESSED`='1' "
                         "DATA DIRECTORY='/tmp/'");
    run("CREATE TABLE t3 (a INT) DATA DIRECTORY='/var' DATA DIRECTORY='/tmp//'", 0, "");
    show_ends("t3", DFLT " DATA DIRECTORY='/tmp//'");
    run("CREATE TABLE t4 (a INT) DATA DIRECTORY=\"/tmp/a'b\\\\c\nd\"", 0, "");
    show_ends("t4", DFLT " DATA DIRECTORY='/tmp/a\\'b\\\\c\\nd/'");
    /* through utf8mb3: '?' for bytes that are no UTF-8 and for 4-byte characters */
    run("CREATE TABLE t4b (a INT) DATA DIRECTORY='/tmp/\xff\xfe-\xf0\x9f\x98\x80-\xc3\xa9'", 0, "");
    show_ends("t4b", DFLT " DATA DIRECTORY='/tmp/??"
                          "-?-\xc3\xa9/'");
    /* MyISAM and Aria: both, cleaned as their symlinks are; DATA first */
    run("CREATE TABLE t5 (a INT) ENGINE=MyISAM COMMENT='m' INDEX DIRECTORY='/tmp//./x/../' "
        "DATA DIRECTORY='/tmp'",
        0, "");
    show_ends("t5", DFLT " COMMENT='m' DATA DIRECTORY='/tmp/' INDEX DIRECTORY='/tmp/'");
    run("CREATE TABLE t6 (a INT) ENGINE=Aria INDEX DIRECTORY='/tmp'", 0, "");
    show_ends("t6", DFLT " PAGE_CHECKSUM=1 INDEX DIRECTORY='/tmp/'");
    /* MEMORY, CSV and a partitioned table drop them */
    run("CREATE TABLE t7 (a INT) ENGINE=MEMORY DATA DIRECTORY='/tmp' INDEX DIRECTORY='/tmp'", 0,
        "");
    show_ends("t7", ") ENGINE=MEMORY" DFLT);
    run("CREATE TABLE t8 (a INT) DATA DIRECTORY='/tmp' PARTITION BY HASH(a) PARTITIONS 2", 0, "");
    show_ends("t8", DFLT "\n PARTITION BY HASH (`a`)\nPARTITIONS 2");
    /* CREATE ... SELECT keeps, LIKE drops */
    run("CREATE TABLE t9 (a INT) DATA DIRECTORY='/tmp' SELECT 1 AS b", 0, "");
    show_ends("t9", DFLT " DATA DIRECTORY='/tmp/'");
    run("CREATE TABLE t10 LIKE t5", 0, "");
    show_ends("t10", ") ENGINE=MyISAM" DFLT " COMMENT='m'");
}
END_TEST

/* 1103 for a relative path, before the table's checks; InnoDB's 1005 for INDEX DIRECTORY */
START_TEST(test_ddl_exact_directory_errors)
{
    char conds[512];

    run("CREATE TABLE t1 (a INT) DATA DIRECTORY='tmp'", 1103,
        "Error 1103 Incorrect table name 'tmp'\n");
    run("CREATE TABLE t1 (a INT) DATA DIRECTORY=''", 1103, NULL);
    run("CREATE TABLE t1 (a INT) INDEX DIRECTORY='./x'", 1103, NULL);
    run("CREATE TABLE t1 (a INT, a INT) DATA DIRECTORY='/tmp' DATA DIRECTORY='rel'", 1103,
        "Error 1103 Incorrect table name 'rel'\n");
    run("CREATE TABLE t1 (a INT, a INT) DATA DIRECTORY='/tmp'", 1060, NULL);
    run("CREATE TABLE t1 (a INT) ENGINE=NOPE DATA DIRECTORY='rel'", 1286, NULL);
    run("CREATE TABLE t1 (a INT)", 0, NULL);
    run("CREATE TABLE IF NOT EXISTS t1 (a INT) DATA DIRECTORY='rel'", 1103, NULL);
    snprintf(conds, sizeof conds,
             "Warning 1478 InnoDB: INDEX DIRECTORY is not supported\n" INNODB_140, "t2");
    run("CREATE TABLE t2 (a INT) DATA DIRECTORY='/tmp' INDEX DIRECTORY='/tmp'", 1005, conds);
    run("CREATE TEMPORARY TABLE t2 (a INT) INDEX DIRECTORY='/tmp'", 1005, conds);
    snprintf(
        conds, sizeof conds,
        "Warning 1478 InnoDB: DATA DIRECTORY cannot be used for TEMPORARY tables.\n" INNODB_140,
        "t2");
    run("CREATE TEMPORARY TABLE t2 (a INT) DATA DIRECTORY='/tmp'", 1005, conds);
    run("CREATE TEMPORARY TABLE t2 (a INT) ENGINE=MyISAM DATA DIRECTORY='/tmp'", 0, "");
    run("CREATE TEMPORARY TABLE t3 (a INT) DATA DIRECTORY='rel'", 1103, NULL);
    /* ha_tina's failed create leaves a warning behind its error */
    run("CREATE TABLE t4 (a INT) ENGINE=CSV", 1178,
        "Error 1178 The storage engine for the table doesn't support nullable columns\n"
        "Warning 1112 Table 't4' uses an extension that doesn't exist in this MariaDB version\n");
}
END_TEST

/* ALTER ignores the options with 1618 and keeps the table's; engines and PARTITION BY drop them */
START_TEST(test_ddl_exact_directory_alter)
{
    char conds[512];

    run("CREATE TABLE t1 (a INT) DATA DIRECTORY='/tmp'", 0, "");
    run("ALTER TABLE t1 ADD b INT", 0, "");
    show_ends("t1", DFLT " DATA DIRECTORY='/tmp/'");
    run("ALTER TABLE t1 DATA DIRECTORY='/var', INDEX DIRECTORY='rel', ADD c INT", 0,
        "Warning 1618 <DATA DIRECTORY> option ignored\n"
        "Warning 1618 <INDEX DIRECTORY> option ignored\n");
    show_ends("t1", DFLT " DATA DIRECTORY='/tmp/'");
    run("ALTER TABLE t1 DATA DIRECTORY='rel', ADD c INT", 1060,
        "Warning 1618 <DATA DIRECTORY> option ignored\n"
        "Error 1060 Duplicate column name 'c'\n");
    run("CREATE TABLE t2 (a INT) DATA DIRECTORY='/tmp//./'", 0, "");
    run("ALTER TABLE t2 ENGINE=MyISAM", 0, "");
    show_ends("t2", DFLT " DATA DIRECTORY='/tmp/'");
    run("ALTER TABLE t2 ENGINE=MEMORY", 0, "");
    run("ALTER TABLE t2 ENGINE=InnoDB", 0, "");
    show_ends("t2", ") ENGINE=InnoDB" DFLT);
    run("ALTER TABLE t1 PARTITION BY HASH(a)", 0,
        "Warning 1618 <DATA DIRECTORY> table option of old schema is ignored\n");
    run("ALTER TABLE t1 REMOVE PARTITIONING", 0, "");
    show_ends("t1", ") ENGINE=InnoDB" DFLT);
    run("CREATE TABLE t3 (a INT) ENGINE=MyISAM INDEX DIRECTORY='/tmp'", 0, "");
    snprintf(conds, sizeof conds,
             "Warning 1478 InnoDB: INDEX DIRECTORY is not supported\n" INNODB_140, "t3");
    run("ALTER TABLE t3 ENGINE=InnoDB", 1005, conds);
    run("ALTER TABLE t3 ENGINE=Aria", 0, "");
    show_ends("t3", DFLT " PAGE_CHECKSUM=1 INDEX DIRECTORY='/tmp/'");
}
END_TEST

/* sql_mode NO_DIR_IN_CREATE: 1103 still first, then 1618 (errors in strict mode) */
START_TEST(test_ddl_exact_no_dir_in_create)
{
    run("SET sql_mode='STRICT_TRANS_TABLES,NO_DIR_IN_CREATE'", 0, NULL);
    run("CREATE TABLE t1 (a INT) DATA DIRECTORY='rel'", 1103, NULL);
    run("CREATE TABLE t1 (a INT) INDEX DIRECTORY='/tmp' DATA DIRECTORY='/tmp'", 1618,
        "Error 1618 <DATA DIRECTORY> option ignored\n"
        "Error 1618 <INDEX DIRECTORY> option ignored\n");
    run("SET sql_mode='NO_DIR_IN_CREATE'", 0, NULL);
    run("CREATE TABLE t1 (a INT) INDEX DIRECTORY='/tmp' DATA DIRECTORY='/tmp'", 0,
        "Warning 1618 <DATA DIRECTORY> option ignored\n"
        "Warning 1618 <INDEX DIRECTORY> option ignored\n");
    show_ends("t1", ") ENGINE=InnoDB" DFLT);
}
END_TEST

/* The options string keeps them last: INFORMATION_SCHEMA.TABLES.CREATE_OPTIONS */
START_TEST(test_ddl_exact_directory_create_options)
{
    const char *q = "SELECT CREATE_OPTIONS FROM information_schema.TABLES WHERE "
                    "TABLE_SCHEMA='test' ORDER BY TABLE_NAME";
    sc_stmt_result r;

    run("CREATE TABLE t1 (a INT) ENGINE=MyISAM MAX_ROWS=10 INDEX DIRECTORY='/tmp' "
        "DATA DIRECTORY='/tmp'",
        0, "");
    run("CREATE TABLE t2 (a INT) PAGE_COMPRESSED=1 DATA DIRECTORY='/tmp' ROW_FORMAT=DYNAMIC", 0,
        "");
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, q, strlen(q)), SC_OK);
    ck_assert_ptr_nonnull(r.rs);
    ck_assert_uint_eq(r.rs->n_rows, 2);
    ck_assert_str_eq("max_rows=10 DATA DIRECTORY='/tmp/' INDEX DIRECTORY='/tmp/'",
                     cell_text(&r.rs->cells[0]));
    ck_assert_str_eq("row_format=DYNAMIC `PAGE_COMPRESSED`='1' DATA DIRECTORY='/tmp/'",
                     cell_text(&r.rs->cells[1]));
    sc_stmt_result_clear(&r);
}
END_TEST

/* A constant DEFAULT expression is computed when the table is written:
 * what the column cannot store is 1067 after the store's warning */
START_TEST(test_ddl_exact_const_default_range)
{
    run("CREATE TABLE e1 (i BIGINT DEFAULT (~0))", 1067,
        "Warning 1264 Out of range value for column 'i' at row 0\n"
        "Error 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE e2 (i TINYINT DEFAULT (100 + 100))", 1067, NULL);
    run("CREATE TABLE e3 (i TINYINT UNSIGNED DEFAULT (1 - 2))", 1067, NULL);
    run("CREATE TABLE e4 (i INT DEFAULT (1 << 40))", 1067, NULL);
    run("CREATE TABLE e5 (v VARCHAR(2) DEFAULT (100 + 1))", 1067,
        "Warning 1265 Data truncated for column 'v' at row 0\n"
        "Error 1067 Invalid default value for 'v'\n");
    run("CREATE TABLE e6 (d DECIMAL(3,1) DEFAULT (1000 * 2))", 1067, NULL);
    run("CREATE TABLE e7 (e ENUM('a','b') DEFAULT (1 + 2))", 1067,
        "Warning 1265 Data truncated for column 'e' at row 0\n"
        "Error 1067 Invalid default value for 'e'\n");
    run("CREATE TABLE e8 (i TINYINT DEFAULT ('100' + '100'))", 1067, NULL);
    /* beyond 64 bits as DECIMAL: the conversion warns too */
    run("CREATE TABLE e9 (i INT DEFAULT (- ~0))", 1067,
        "Warning 1264 Out of range value for column 'i' at row 0\n"
        "Warning 1264 Out of range value for column 'i' at row 0\n"
        "Error 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE e10 (i BIGINT DEFAULT (-(-9223372036854775807 - 1)))", 1067,
        "Warning 1264 Out of range value for column 'i' at row 0\n"
        "Error 1067 Invalid default value for 'i'\n");
    /* in every sql_mode, printed as written when it fits */
    run("SET sql_mode=''", 0, NULL);
    run("CREATE TABLE e11 (i BIGINT DEFAULT (~0))", 1067, NULL);
    run("CREATE TABLE t1 (d DECIMAL(3,1) DEFAULT (1.25 * 3), i INT DEFAULT (5 / 2), "
        "u BIGINT UNSIGNED DEFAULT (~0), m INT DEFAULT (7 MOD 2))",
        0, "Note 1265 Data truncated for column 'd' at row 0\n");
    show_ends("t1", "  `d` decimal(3,1) DEFAULT (1.25 * 3),\n  `i` int(11) DEFAULT (5 / 2),\n"
                    "  `u` bigint(20) unsigned DEFAULT (~0),\n  `m` int(11) DEFAULT (7 MOD 2)\n"
                    ") ENGINE=InnoDB" DFLT);
    /* ALTER writes the default record again */
    run("ALTER TABLE t1 MODIFY m TINYINT DEFAULT (1000 + 1)", 1067, NULL);
    run("ALTER TABLE t1 ALTER COLUMN i SET DEFAULT (~0)", 1067, NULL);
    run("ALTER TABLE t1 ADD n INT DEFAULT (1 + 1)", 0,
        "Note 1265 Data truncated for column 'd' at row 0\n"); /* every ALTER, as 10.11.19 */
}
END_TEST

/* BIGINT overflow while computing is 1690 (naming the operation), then 1067;
 * a division by zero is NULL with Warning 1365 */
START_TEST(test_ddl_exact_const_default_overflow)
{
    run("CREATE TABLE e1 (i BIGINT DEFAULT ((9223372036854775807 + 1) * 2))", 1690,
        "Error 1690 BIGINT value is out of range in '9223372036854775807 + 1'\n"
        "Error 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE e2 (i INT DEFAULT (~0 + 1))", 1690,
        "Error 1690 BIGINT UNSIGNED value is out of range in '~0 + 1'\n"
        "Error 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE e3 (i BIGINT DEFAULT (4294967296 * 4294967296))", 1690, NULL);
    run("CREATE TABLE e4 (i INT NOT NULL DEFAULT (1 / 0))", 1067,
        "Warning 1365 Division by 0\nError 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE t1 (i INT DEFAULT (1 DIV 0), j INT DEFAULT (1 % 0))", 0,
        "Warning 1365 Division by 0\nWarning 1365 Division by 0\n");
    /* what is not a constant is not computed */
    run("CREATE TABLE t2 (a TINYINT, b TINYINT DEFAULT (a + 1000), c BIGINT DEFAULT (abs(1)))", 0,
        "");
}
END_TEST

/* Integer literal defaults are compared exactly (2^63 is no BIGINT) and
 * DECIMAL text is rounded half away from zero digit by digit */
START_TEST(test_ddl_exact_integer_literal_limits)
{
    run("CREATE TABLE e1 (i BIGINT DEFAULT 9223372036854775808)", 1067,
        "Warning 1264 Out of range value for column 'i' at row 0\n"
        "Error 1067 Invalid default value for 'i'\n");
    run("CREATE TABLE e2 (i BIGINT DEFAULT 9223372036854775807.6)", 1067, NULL);
    run("CREATE TABLE t1 (i BIGINT DEFAULT -9223372036854775808, j BIGINT UNSIGNED DEFAULT "
        "18446744073709551615, k BIGINT DEFAULT 9223372036854775807.4, l INT DEFAULT -2.5)",
        0, "");
    show_ends("t1", "  `k` bigint(20) DEFAULT 9223372036854775807,\n"
                    "  `l` int(11) DEFAULT -3\n) ENGINE=InnoDB" DFLT);
}
END_TEST

/* pi() under unary minus prints as pi() (the grammar negates the constant in
 * place); a DEFAULT of only that is the literal value */
START_TEST(test_ddl_exact_negated_pi)
{
    run("CREATE TABLE t1 (a INT, g DOUBLE AS (-pi()), i DOUBLE DEFAULT (2 * -pi()), "
        "p DOUBLE DEFAULT (- - pi()), CONSTRAINT c1 CHECK (a <> - - pi()))",
        0, "");
    show_ends("t1", "  `g` double GENERATED ALWAYS AS (pi()) VIRTUAL,\n"
                    "  `i` double DEFAULT (2 * pi()),\n"
                    "  `p` double DEFAULT 3.141592653589793,\n"
                    "  CONSTRAINT `c1` CHECK (`a` <> pi())\n) ENGINE=InnoDB" DFLT);
}
END_TEST

/* A float into CHAR/VARCHAR/BINARY(n): my_gcvt()'s most digits in n
 * characters; when even those do not fit, cut to n with Warning 1265 */
START_TEST(test_ddl_exact_float_in_narrow_string)
{
    run("CREATE TABLE t1 (a VARCHAR(2) DEFAULT 1e3, b CHAR(2) DEFAULT 1.5e0, c VARCHAR(4) "
        "DEFAULT 12345e0, d VARCHAR(2) DEFAULT -1e3, e VARCHAR(3) DEFAULT 0.001e0, f VARCHAR(5) "
        "DEFAULT 1.23456789e0, g VARCHAR(10) DEFAULT 1.23456789e20, h CHAR(3) DEFAULT -0.5e0, "
        "i BINARY(3) DEFAULT 1e10, j VARCHAR(6) DEFAULT 1e3, k CHAR(0) DEFAULT 1e0)",
        0,
        "Warning 1265 Data truncated for column 'a' at row 0\n"
        "Warning 1265 Data truncated for column 'd' at row 0\n"
        "Warning 1265 Data truncated for column 'i' at row 0\n"
        "Warning 1265 Data truncated for column 'k' at row 0\n");
    show_ends("t1", "  `a` varchar(2) DEFAULT '1e',\n  `b` char(2) DEFAULT '2',\n"
                    "  `c` varchar(4) DEFAULT '1e4',\n  `d` varchar(2) DEFAULT '-1',\n"
                    "  `e` varchar(3) DEFAULT '0',\n  `f` varchar(5) DEFAULT '1.235',\n"
                    "  `g` varchar(10) DEFAULT '1.23457e20',\n  `h` char(3) DEFAULT '0',\n"
                    "  `i` binary(3) DEFAULT '1e1',\n  `j` varchar(6) DEFAULT '1000',\n"
                    "  `k` char(0) DEFAULT ''\n) ENGINE=InnoDB" DFLT);
    /* a DOUBLE expression the same way; an integer or DECIMAL is cut: 1067 */
    run("CREATE TABLE t2 (a VARCHAR(2) DEFAULT (1e3 + 0))", 0,
        "Warning 1265 Data truncated for column 'a' at row 0\n");
    run("CREATE TABLE e1 (a VARCHAR(2) DEFAULT 123)", 1067, NULL);
    run("CREATE TABLE e2 (a VARCHAR(3) DEFAULT 1.555)", 1067, NULL);
}
END_TEST

/* String constants meeting a column are converted to its character set
 * before the CHECK / generated expression is printed (fix_fields()) */
START_TEST(test_ddl_exact_constant_charset_conversion)
{
    run("CREATE TABLE t1 (c VARCHAR(10), d VARCHAR(10) CHARACTER SET latin1, "
        "g VARCHAR(10) AS (concat(c, 0x42)), CONSTRAINT c1 CHECK (c = 0x41), "
        "CONSTRAINT c2 CHECK (c <> _latin1'\xc3\xa9'), CONSTRAINT c3 CHECK (d = 0x41), "
        "CONSTRAINT c4 CHECK (d = _utf8mb4'x'), CONSTRAINT c5 CHECK (c IN (_binary'x', 'y')), "
        "CONSTRAINT c6 CHECK (d = _latin1'x'), CONSTRAINT c7 CHECK (d = c), "
        "CONSTRAINT c8 CHECK (d = _utf8mb4'x' COLLATE utf8mb4_bin), "
        "CONSTRAINT c9 CHECK (d = _binary'x'))",
        0, "");
    show_ends("t1", "  `g` varchar(10) GENERATED ALWAYS AS (concat(`c`,'B')) VIRTUAL,\n"
                    "  CONSTRAINT `c1` CHECK (`c` = 'A'),\n"
                    "  CONSTRAINT `c2` CHECK (`c` <> 'xC3xA9'),\n"
                    "  CONSTRAINT `c3` CHECK (`d` = 0x41),\n"
                    "  CONSTRAINT `c4` CHECK (`d` = 'x'),\n"
                    "  CONSTRAINT `c5` CHECK (`c` in ('x','y')),\n"
                    "  CONSTRAINT `c6` CHECK (`d` = _latin1'x'),\n"
                    "  CONSTRAINT `c7` CHECK (convert(`d` using utf8mb4) = `c`),\n"
                    "  CONSTRAINT `c8` CHECK (convert(`d` using utf8mb4) = _utf8mb4'x' collate "
                    "utf8mb4_bin),\n"
                    "  CONSTRAINT `c9` CHECK (`d` = _binary'x')\n) ENGINE=InnoDB" DFLT);
    /* bytes that are no utf8mb4, a set that cannot hold the text */
    run("CREATE TABLE e1 (c VARCHAR(10), CHECK (c = X'41E9E9E9E9'))", 1300,
        "Error 1300 Invalid utf8mb4 character string: 'E9E9E9'\n"
        "Error 1267 Illegal mix of collations (utf8mb4_general_ci,IMPLICIT) and "
        "(binary,COERCIBLE) for operation '='\n"
        "Error 4027 Got an error evaluating stored expression `c` = X'41e9e9e9e9'\n");
    run("CREATE TABLE e2 (c VARCHAR(10) CHARACTER SET ascii, CHECK (c = '\xc3\xa9'))", 1267, NULL);
    run("CREATE TABLE e3 (c VARCHAR(10), CHECK (c = _latin1'x' COLLATE latin1_bin))", 1267,
        "Error 1267 Illegal mix of collations (utf8mb4_general_ci,IMPLICIT) and "
        "(latin1_bin,EXPLICIT) for operation '='\n"
        "Error 4027 Got an error evaluating stored expression `c` = _latin1'x' collate "
        "latin1_bin\n");
    /* ALTER prints them again for the new column set */
    run("CREATE TABLE t2 (c VARCHAR(10) CHARACTER SET latin1, CHECK (c = 0x41))", 0, "");
    run("ALTER TABLE t2 MODIFY c VARCHAR(10) CHARACTER SET utf8mb4", 0, "");
    show_ends("t2", "  CONSTRAINT `CONSTRAINT_1` CHECK (`c` = 'A')\n) ENGINE=InnoDB" DFLT);
}
END_TEST

/* A string, hex or bit literal DEFAULT is converted into the column's set */
START_TEST(test_ddl_exact_literal_charset_defaults)
{
    run("CREATE TABLE t1 (a VARCHAR(10) DEFAULT _latin1'\xc3\xa9', b VARCHAR(10) DEFAULT "
        "_latin1 0xE9, c VARCHAR(10) CHARACTER SET latin1 DEFAULT 0xE9, d VARCHAR(10) DEFAULT "
        "_latin1 X'80', e VARBINARY(10) DEFAULT _latin1'x', f TEXT DEFAULT _latin1'x', "
        "g TEXT DEFAULT 0x41, h TEXT DEFAULT 'x')",
        0, "");
    show_ends("t1", "  `a` varchar(10) DEFAULT '\xc3\x83\xc2\xa9',\n"
                    "  `b` varchar(10) DEFAULT '\xc3\xa9',\n"
                    "  `c` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT "
                    "'\xc3\xa9',\n"
                    "  `d` varchar(10) DEFAULT '\xe2\x82\xac',\n"
                    "  `e` varbinary(10) DEFAULT 'x',\n"
                    "  `f` text DEFAULT _latin1'x',\n  `g` text DEFAULT 0x41,\n"
                    "  `h` text DEFAULT 'x'\n) ENGINE=InnoDB" DFLT);
    run("CREATE TABLE e1 (a VARCHAR(10) DEFAULT X'E9')", 1300,
        "Error 1300 Invalid utf8mb4 character string: 'E9'\n"
        "Error 1067 Invalid default value for 'a'\n");
    run("CREATE TABLE e2 (a VARCHAR(10) CHARACTER SET ascii DEFAULT '\xc3\xa9')", 1067,
        "Error 1067 Invalid default value for 'a'\n");
    run("CREATE TABLE e3 (a VARCHAR(10) CHARACTER SET latin1 DEFAULT _utf8mb4'\xc4\x81')", 1067,
        NULL);
    run("CREATE TABLE e4 (a VARCHAR(10) CHARACTER SET utf8mb3 DEFAULT X'F09F9880')", 1300, NULL);
}
END_TEST

/* Strings in a constant DEFAULT's arithmetic read as MariaDB reads them:
 * the number they begin with, Warning 1292 for the rest (a Note for spaces) */
START_TEST(test_ddl_exact_const_default_strings)
{
    run("CREATE TABLE t1 (a INT DEFAULT ('  12  ' + 0), b INT DEFAULT ('' + 0), "
        "c INT DEFAULT ('0x10' + 0), d INT DEFAULT (X'41' + 0), e INT DEFAULT (0x41 + 0))",
        0,
        "Note 1292 Truncated incorrect DOUBLE value: '  12  '\n"
        "Warning 1292 Truncated incorrect DOUBLE value: ''\n"
        "Warning 1292 Truncated incorrect DOUBLE value: '0x10'\n"
        "Warning 1292 Truncated incorrect DOUBLE value: 'A'\n");
    run("CREATE TABLE e1 (f TINYINT DEFAULT ('300x' + 0))", 1067,
        "Warning 1292 Truncated incorrect DOUBLE value: '300x'\n"
        "Warning 1264 Out of range value for column 'f' at row 0\n"
        "Error 1067 Invalid default value for 'f'\n");
    run("CREATE TABLE e2 (a TINYINT DEFAULT (0x100 + 0))", 1067, NULL);
}
END_TEST

Suite *sc_test_ddl_exact_suite(void)
{
    Suite *s = suite_create("ddl_exact");
    TCase *tc = tcase_create("directories");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ddl_exact_data_directory_print);
    tcase_add_test(tc, test_ddl_exact_directory_errors);
    tcase_add_test(tc, test_ddl_exact_directory_alter);
    tcase_add_test(tc, test_ddl_exact_no_dir_in_create);
    tcase_add_test(tc, test_ddl_exact_directory_create_options);
    suite_add_tcase(s, tc);
    tc = tcase_create("constant_defaults");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ddl_exact_const_default_range);
    tcase_add_test(tc, test_ddl_exact_const_default_overflow);
    tcase_add_test(tc, test_ddl_exact_integer_literal_limits);
    tcase_add_test(tc, test_ddl_exact_negated_pi);
    tcase_add_test(tc, test_ddl_exact_float_in_narrow_string);
    tcase_add_test(tc, test_ddl_exact_constant_charset_conversion);
    tcase_add_test(tc, test_ddl_exact_literal_charset_defaults);
    tcase_add_test(tc, test_ddl_exact_const_default_strings);
    suite_add_tcase(s, tc);
    return s;
}
