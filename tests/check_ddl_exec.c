/*
 * check_ddl_exec.c - the DDL executor through sc_ddl_exec(): statement
 * outcomes (errno, SQLSTATE, message exactly as MariaDB 10.11), the
 * resulting SHOW CREATE text, atomicity of failing statements, MariaDB's
 * partial multi-table DROP, and the session variables.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_exec_suite(void);

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

static void ok(const char *sql)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, strlen(sql));
    ck_assert_msg(rc == SC_OK, "%s: %u %s", sql, r.mysql_errno, r.message ? r.message : "");
    sc_stmt_result_clear(&r);
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

static unsigned warnings(const char *sql)
{
    sc_stmt_result r;
    unsigned w;
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)), SC_OK);
    w = r.warnings;
    sc_stmt_result_clear(&r);
    return w;
}

static char *show(const char *db, const char *t)
{
    sc_txn *txn;
    char *out = NULL;
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_show_create_table(&out, txn, db, t), SC_OK);
    sc_txn_abort(txn);
    return out;
}

static void expect_show(const char *t, const char *want)
{
    char *got = show("test", t);
    ck_assert_str_eq(got, want);
    sc_free(sc_fx.ctx, got);
}

static bool table_exists(const char *db, const char *t)
{
    sc_txn *txn;
    sc_table *tbl = NULL;
    int rc;
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    rc = sc_table_lookup(&tbl, txn, db, t);
    sc_table_free(tbl);
    sc_txn_abort(txn);
    return rc == SC_OK;
}

#define TAIL ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"

/* ------------------------------------------------------------------ */

START_TEST(test_ddl_exec_create_table_basic)
{
    ok("CREATE TABLE t (id INT PRIMARY KEY, b BOOL, s SERIAL, "
       "j JSON, ts TIMESTAMP, d DECIMAL(6,2) DEFAULT 1, KEY (b), KEY (b, d))");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `id` int(11) NOT NULL,\n"
                     "  `b` tinyint(1) DEFAULT NULL,\n"
                     "  `s` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n"
                     "  `j` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL "
                     "CHECK (json_valid(`j`)),\n"
                     "  `ts` timestamp NULL DEFAULT NULL,\n"
                     "  `d` decimal(6,2) DEFAULT 1.00,\n"
                     "  PRIMARY KEY (`id`),\n"
                     "  UNIQUE KEY `s` (`s`),\n"
                     "  KEY `b` (`b`),\n"
                     "  KEY `b_2` (`b`,`d`)\n" TAIL);
}
END_TEST

START_TEST(test_ddl_exec_create_table_errors)
{
    ok("CREATE TABLE t (a INT)");
    fails("CREATE TABLE t (a INT)", 1050, "42S01", "Table 't' already exists");
    ck_assert_uint_eq(warnings("CREATE TABLE IF NOT EXISTS t (a INT)"), 1);
    fails("CREATE TABLE t2 (a INT, a INT)", 1060, "42S21", "Duplicate column name 'a'");
    fails("CREATE TABLE t2 (a INT, KEY (b))", 1072, "42000",
          "Key column 'b' doesn't exist in table");
    fails("CREATE TABLE t2 (a INT AUTO_INCREMENT)", 1075, "42000",
          "Incorrect table definition; there can be only one auto column and it must be defined "
          "as a key");
    fails("CREATE TABLE t2 (a INT NOT NULL DEFAULT NULL)", 1067, "42000",
          "Invalid default value for 'a'");
    fails("CREATE TABLE t2 (a TEXT, PRIMARY KEY (a))", 1170, "42000",
          "BLOB/TEXT column 'a' used in key specification without a key length");
    fails("CREATE TABLE t2 (a INT, KEY k (a), KEY k (a))", 1061, "42000", "Duplicate key name 'k'");
    fails("CREATE TABLE t2 (a INT ON UPDATE CURRENT_TIMESTAMP)", 1294, "HY000",
          "Invalid ON UPDATE clause for 'a' column");
    fails("CREATE TABLE t2 (a VARCHAR(40000), b VARCHAR(40000)) CHARSET=latin1", 1118, "42000",
          "Row size too large. The maximum row size for the used table type, not counting "
          "BLOBs, is 65535. This includes storage overhead, check the manual. You have to "
          "change some columns to TEXT or BLOBs");
    fails("CREATE TABLE t2 (a ENUM('x','X'))", 1291, "HY000",
          "Column 'a' has duplicated value 'x' in ENUM");
    fails("CREATE TABLE t2 (a INT) ENGINE=nope", 1286, "42000", "Unknown storage engine 'nope'");
    fails("CREATE TABLE t2 (a INT) CHARSET=nope", 1115, "42000", "Unknown character set: 'nope'");
    fails("CREATE TABLE t2 (a VARCHAR(3) CHARACTER SET latin1 COLLATE utf8mb4_bin)", 1253, "42000",
          "COLLATION 'utf8mb4_bin' is not valid for CHARACTER SET 'latin1'");
    fails("CREATE TABLE nodb.t2 (a INT)", 1049, "42000", "Unknown database 'nodb'");
    fails("CREATE TABLE `` (a INT)", 1103, "42000", "Incorrect table name ''");
    fails("CREATE TABLE t2 (a INT INVISIBLE)", 1113, "42000",
          "A table must have at least 1 column");
    ck_assert(!table_exists("test", "t2"));
}
END_TEST

START_TEST(test_ddl_exec_foreign_keys)
{
    ok("CREATE TABLE p (id INT PRIMARY KEY)");
    ok("CREATE TABLE c (id INT, pid INT, FOREIGN KEY (pid) REFERENCES p (id))");
    expect_show("c", "CREATE TABLE `c` (\n"
                     "  `id` int(11) DEFAULT NULL,\n"
                     "  `pid` int(11) DEFAULT NULL,\n"
                     "  KEY `pid` (`pid`),\n"
                     "  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)\n" TAIL);
    fails("CREATE TABLE c2 (pid INT, FOREIGN KEY (pid) REFERENCES nope (id))", 1005, "HY000",
          "Can't create table `test`.`c2` (errno: 150 \"Foreign key constraint is incorrectly "
          "formed\")");
    fails("CREATE TABLE c2 (pid BIGINT, FOREIGN KEY (pid) REFERENCES p (id))", 1005, "HY000",
          "Can't create table `test`.`c2` (errno: 150 \"Foreign key constraint is incorrectly "
          "formed\")");
    fails("ALTER TABLE c DROP INDEX pid", 1553, "HY000",
          "Cannot drop index 'pid': needed in a foreign key constraint");
    fails("ALTER TABLE c MODIFY pid BIGINT", 1832, "HY000",
          "Cannot change column 'pid': used in a foreign key constraint 'c_ibfk_1'");
    fails("ALTER TABLE p MODIFY id BIGINT", 1833, "HY000",
          "Cannot change column 'id': used in a foreign key constraint 'c_ibfk_1' of table "
          "'test.c'");
    fails("DROP TABLE p", 1451, "23000",
          "Cannot delete or update a parent row: a foreign key constraint fails");
    /* renaming the child renames its generated constraint names */
    ok("RENAME TABLE c TO c2");
    expect_show("c2", "CREATE TABLE `c2` (\n"
                      "  `id` int(11) DEFAULT NULL,\n"
                      "  `pid` int(11) DEFAULT NULL,\n"
                      "  KEY `pid` (`pid`),\n"
                      "  CONSTRAINT `c2_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)\n" TAIL);
    /* the parent's rename is followed by the child */
    ok("RENAME TABLE p TO p2");
    expect_show("c2", "CREATE TABLE `c2` (\n"
                      "  `id` int(11) DEFAULT NULL,\n"
                      "  `pid` int(11) DEFAULT NULL,\n"
                      "  KEY `pid` (`pid`),\n"
                      "  CONSTRAINT `c2_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p2` (`id`)\n" TAIL);
    /* DROP TABLE parent, child: the child goes, the parent stays (MariaDB) */
    fails("DROP TABLE p2, c2", 1451, "23000",
          "Cannot delete or update a parent row: a foreign key constraint fails");
    ck_assert(table_exists("test", "p2"));
    ck_assert(!table_exists("test", "c2"));
    ok("SET FOREIGN_KEY_CHECKS=0");
    ok("CREATE TABLE c3 (pid INT, FOREIGN KEY (pid) REFERENCES later (id))");
    ok("SET FOREIGN_KEY_CHECKS=1");
}
END_TEST

START_TEST(test_ddl_exec_alter)
{
    ok("CREATE TABLE t (a INT, b INT, c INT, KEY k (a, b, c), UNIQUE KEY u (b, c), "
       "CHECK (c > 0))");
    fails("ALTER TABLE t DROP COLUMN b", 1072, "42000", "Key column 'b' doesn't exist in table");
    fails("ALTER TABLE t DROP COLUMN nope", 1091, "42000",
          "Can't DROP COLUMN `nope`; check that it exists");
    fails("ALTER TABLE t DROP INDEX nope", 1091, "42000",
          "Can't DROP INDEX `nope`; check that it exists");
    fails("ALTER TABLE t ADD d INT, ADD d INT", 1060, "42S21", "Duplicate column name 'd'");
    fails("ALTER TABLE t DROP a, DROP b, DROP c", 1090, "42000",
          "You can't delete all columns with ALTER TABLE; use DROP TABLE instead");
    fails("ALTER TABLE t RENAME INDEX nope TO x", 1176, "42000",
          "Key 'nope' doesn't exist in table 't'");
    fails("ALTER TABLE t CHANGE nope x INT", 1054, "42S22", "Unknown column 'nope' in 't'");
    fails("ALTER TABLE nope ADD x INT", 1146, "42S02", "Table 'test.nope' doesn't exist");
    ok("ALTER TABLE t DROP INDEX u, RENAME COLUMN c TO cc, ADD e INT FIRST, "
       "MODIFY a BIGINT NOT NULL AFTER cc");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `e` int(11) DEFAULT NULL,\n"
                     "  `b` int(11) DEFAULT NULL,\n"
                     "  `cc` int(11) DEFAULT NULL,\n"
                     "  `a` bigint(20) NOT NULL,\n"
                     "  KEY `k` (`a`,`b`,`cc`),\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`cc` > 0)\n" TAIL);
    ok("ALTER TABLE t DROP COLUMN b");
    expect_show("t", "CREATE TABLE `t` (\n"
                     "  `e` int(11) DEFAULT NULL,\n"
                     "  `cc` int(11) DEFAULT NULL,\n"
                     "  `a` bigint(20) NOT NULL,\n"
                     "  KEY `k` (`a`,`cc`),\n"
                     "  CONSTRAINT `CONSTRAINT_1` CHECK (`cc` > 0)\n" TAIL);
    ok("CREATE TABLE x (a TINYTEXT, b TEXT, c VARCHAR(10)) CHARSET=latin1");
    ok("ALTER TABLE x CONVERT TO CHARACTER SET utf8mb4");
    expect_show("x", "CREATE TABLE `x` (\n"
                     "  `a` text DEFAULT NULL,\n"
                     "  `b` mediumtext DEFAULT NULL,\n"
                     "  `c` varchar(10) DEFAULT NULL\n" TAIL);
    /* ALTER COLUMN names a stored column no other spec touches, or a new one */
    fails("ALTER TABLE x ALTER COLUMN c SET DEFAULT 'a', ALTER COLUMN c DROP DEFAULT", 1054,
          "42S22", "Unknown column 'c' in 'x'");
    fails("ALTER TABLE x MODIFY c CHAR(3), ALTER COLUMN c SET DEFAULT 'a'", 1054, "42S22",
          "Unknown column 'c' in 'x'");
    ok("ALTER TABLE x ADD COLUMN d INT, ALTER COLUMN d SET DEFAULT 3");
}
END_TEST

START_TEST(test_ddl_exec_databases)
{
    fails("CREATE DATABASE test", 1007, "HY000", "Can't create database 'test'; database exists");
    ck_assert_uint_eq(warnings("CREATE DATABASE IF NOT EXISTS test"), 1);
    fails("DROP DATABASE nodb", 1008, "HY000",
          "Can't drop database 'nodb'; database doesn't exist");
    fails("ALTER DATABASE nodb CHARACTER SET latin1", 1, "HY000",
          "Can't create/write to file './nodb/db.opt' (Errcode: 2 \"No such file or "
          "directory\")");
    fails("USE nodb", 1049, "42000", "Unknown database 'nodb'");
    ok("CREATE DATABASE lat CHARACTER SET latin1");
    ok("CREATE TABLE lat.t (a VARCHAR(3))");
    {
        char *got = show("lat", "t");
        ck_assert_str_eq(got, "CREATE TABLE `t` (\n  `a` varchar(3) DEFAULT NULL\n"
                              ") ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci");
        sc_free(sc_fx.ctx, got);
    }
}
END_TEST

/* DROP DATABASE drops what it can and keeps tables referenced from elsewhere. */
START_TEST(test_ddl_exec_drop_database_foreign_keys)
{
    ok("CREATE DATABASE shop");
    ok("CREATE TABLE shop.customers (id INT PRIMARY KEY)");
    ok("CREATE TABLE shop.orders (id INT PRIMARY KEY, cid INT, "
       "FOREIGN KEY (cid) REFERENCES shop.customers (id))");
    ok("CREATE TABLE shop.other (a INT)");
    ok("CREATE TABLE log (cid INT, FOREIGN KEY (cid) REFERENCES shop.customers (id))");
    fails("DROP DATABASE shop", 1451, "23000",
          "Cannot delete or update a parent row: a foreign key constraint fails");
    ck_assert(table_exists("shop", "customers"));
    ck_assert(!table_exists("shop", "orders"));
    ck_assert(!table_exists("shop", "other"));
    ok("DROP TABLE log");
    ok("DROP DATABASE shop");
    ok("USE test");
    ok("CREATE OR REPLACE DATABASE test");
    fails("CREATE TABLE t (a INT)", 1046, "3D000", "No database selected");
}
END_TEST

START_TEST(test_ddl_exec_no_database)
{
    sc_stmt_result r;
    ok("DROP DATABASE test");
    ck_assert_ptr_null(sc_session_database(sess));
    fails("CREATE TABLE t (a INT)", 1046, "3D000", "No database selected");
    fails("ALTER DATABASE CHARACTER SET latin1", 1046, "3D000", "No database selected");
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, "SHOW DATABASES", 14), SC_OK);
    ck_assert_ptr_nonnull(r.output);
    sc_stmt_result_clear(&r);
}
END_TEST

START_TEST(test_ddl_exec_drop_multi)
{
    ok("CREATE TABLE a (x INT)");
    ok("CREATE TABLE b (x INT)");
    fails("DROP TABLE a, nope1, b, nope2", 1051, "42S02", "Unknown table 'test.nope1,test.nope2'");
    ck_assert(!table_exists("test", "a"));
    ck_assert(!table_exists("test", "b"));
    ck_assert_uint_eq(warnings("DROP TABLE IF EXISTS nope"), 1);
    fails("DROP TEMPORARY TABLE nope", 1051, "42S02", "Unknown table 'test.nope'");
    ok("CREATE TEMPORARY TABLE tmp (a INT)");
    ck_assert(!table_exists("test", "tmp"));
    ok("DROP TEMPORARY TABLE tmp");
}
END_TEST

/* sc_session_get, asserted to succeed; the caller frees the value. */
static char *get_var(const char *name)
{
    char *v = NULL;

    ck_assert_int_eq(sc_session_get(&v, sess, name), SC_OK);
    ck_assert_ptr_nonnull(v);
    return v;
}

/* Each value belongs to its caller: a later call does not overwrite an earlier one. */
START_TEST(test_ddl_exec_session_get_owned)
{
    char *mode = get_var("sql_mode"), *fk = get_var("foreign_key_checks");
    char *cs = get_var("character_set_server"), *none = (char *)"x";

    ck_assert_str_eq(mode, "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,"
                           "NO_ENGINE_SUBSTITUTION");
    ck_assert_str_eq(fk, "1");
    ck_assert_str_eq(cs, "utf8mb4");
    ck_assert_int_eq(sc_session_get(&none, sess, "nope"), SC_ESQL);
    ck_assert_ptr_null(none);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1193);
    ck_assert_str_eq(sc_ctx_last_error(sc_fx.ctx)->message, "Unknown system variable 'nope'");
    sc_free(sc_fx.ctx, mode);
    sc_free(sc_fx.ctx, fk);
    sc_free(sc_fx.ctx, cs);
}
END_TEST

START_TEST(test_ddl_exec_session_vars)
{
    char *v;

    ok("SET SESSION sql_mode = CONCAT(@@sql_mode, ',IGNORE_BAD_TABLE_OPTIONS')");
    v = get_var("sql_mode");
    ck_assert_ptr_nonnull(strstr(v, "IGNORE_BAD_TABLE_OPTIONS"));
    sc_free(sc_fx.ctx, v);
    fails("SET SESSION sql_mode = 'NOPE'", 1231, "42000",
          "Variable 'sql_mode' can't be set to the value of 'NOPE'");
    ok("SET sql_mode = ''");
    /* not strict: an over-long VARCHAR becomes a TEXT type with a note */
    ck_assert_uint_eq(warnings("CREATE TABLE v (a VARCHAR(70000))"), 1);
    expect_show("v", "CREATE TABLE `v` (\n  `a` mediumtext DEFAULT NULL\n" TAIL);
    ok("SET explicit_defaults_for_timestamp = OFF");
    ok("CREATE TABLE ts (a TIMESTAMP, b TIMESTAMP)");
    expect_show("ts", "CREATE TABLE `ts` (\n"
                      "  `a` timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE "
                      "current_timestamp(),\n"
                      "  `b` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00'\n" TAIL);
    fails("SET nope = 1", 1193, "HY000", "Unknown system variable 'nope'");
    v = get_var("foreign_key_checks");
    ck_assert_str_eq(v, "1");
    sc_free(sc_fx.ctx, v);
    ok("SET FOREIGN_KEY_CHECKS = 0");
    v = get_var("foreign_key_checks");
    ck_assert_str_eq(v, "0");
    sc_free(sc_fx.ctx, v);
}
END_TEST

START_TEST(test_ddl_exec_atomic_and_nested)
{
    sc_txn *txn;
    sc_stmt_result r;

    /* a failing ALTER leaves the table as it was */
    ok("CREATE TABLE t (a INT, b INT)");
    fails("ALTER TABLE t ADD c INT, ADD INDEX (nope)", 1072, "42000",
          "Key column 'nope' doesn't exist in table");
    expect_show("t", "CREATE TABLE `t` (\n  `a` int(11) DEFAULT NULL,\n"
                     "  `b` int(11) DEFAULT NULL\n" TAIL);
    /* statements inside a caller's transaction: a failing one is undone alone */
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_ddl_exec(&r, sess, txn, "CREATE TABLE u (a INT)", 22), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_ne(sc_ddl_exec(&r, sess, txn, "CREATE TABLE u (a INT)", 22), SC_OK);
    ck_assert_uint_eq(r.mysql_errno, 1050);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ck_assert(table_exists("test", "u"));
}
END_TEST

/* Routines and events are not kept: CREATE says so (1235), in every form a
 * dump writes; DROP and ALTER find none, as MariaDB does for a missing one. */
START_TEST(test_ddl_exec_stored_objects)
{
    fails("CREATE PROCEDURE p() SELECT 1", 1235, "42000",
          "CREATE PROCEDURE `test`.`p`: syscat keeps no stored procedures (its catalog holds "
          "tables, views, triggers and sequences)");
    fails("CREATE DEFINER=`root`@`localhost` FUNCTION f() RETURNS INT RETURN 1", 1235, "42000",
          "CREATE FUNCTION `test`.`f`: syscat keeps no stored functions (its catalog holds "
          "tables, views, triggers and sequences)");
    fails("CREATE OR REPLACE DEFINER=CURRENT_USER EVENT IF NOT EXISTS test.e ON SCHEDULE EVERY 1 "
          "DAY DO SELECT 1",
          1235, "42000",
          "CREATE EVENT `test`.`e`: syscat keeps no events (its catalog holds tables, views, "
          "triggers and sequences)");
    fails("CREATE AGGREGATE FUNCTION nodb.g(x INT) RETURNS INT RETURN 1", 1049, "42000",
          "Unknown database 'nodb'");
    ck_assert_uint_eq(warnings("DROP PROCEDURE IF EXISTS p"), 1);
    fails("DROP FUNCTION f", 1305, "42000", "FUNCTION test.f does not exist");
    fails("ALTER PROCEDURE other.p COMMENT 'x'", 1305, "42000", "PROCEDURE other.p does not exist");
    fails("DROP EVENT e", 1539, "HY000", "Unknown event 'e'");
}
END_TEST

START_TEST(test_ddl_exec_create_like_select)
{
    ok("CREATE TABLE p (id INT PRIMARY KEY)");
    ok("CREATE TABLE src (a INT NOT NULL, b VARCHAR(10) DEFAULT 'q', pid INT, "
       "CONSTRAINT f FOREIGN KEY (pid) REFERENCES p (id))");
    ok("CREATE TABLE l LIKE src");
    expect_show("l", "CREATE TABLE `l` (\n"
                     "  `a` int(11) NOT NULL,\n"
                     "  `b` varchar(10) DEFAULT 'q',\n"
                     "  `pid` int(11) DEFAULT NULL,\n"
                     "  KEY `f` (`pid`)\n" TAIL);
    ok("CREATE TABLE s SELECT a, b AS bb FROM src");
    expect_show("s", "CREATE TABLE `s` (\n"
                     "  `a` int(11) NOT NULL,\n"
                     "  `bb` varchar(10) DEFAULT 'q'\n" TAIL);
    ok("CREATE TABLE s2 SELECT a + 1 FROM src"); /* 10.11.19: `a + 1` bigint(12) NOT NULL */
    expect_show("s2", "CREATE TABLE `s2` (\n"
                      "  `a + 1` bigint(12) NOT NULL\n" TAIL);
    fails("CREATE TABLE s3 LIKE nope", 1146, "42S02", "Table 'test.nope' doesn't exist");
}
END_TEST

#define SYNTAX                                                                                     \
    "You have an error in your SQL syntax; check the manual that corresponds to your "             \
    "MariaDB server version for the right syntax to use near "

/* The query of CREATE TABLE ... SELECT is parsed whole: text after the table
 * name was once ignored, so these created tables; each is 1064 in 10.11.19. */
START_TEST(test_ddl_exec_create_select_syntax)
{
    ok("CREATE TABLE t1 (a INT)");
    fails("CREATE TABLE t2 SELECT a FROM t1 WHERE ))) garbage", 1064, "42000",
          SYNTAX "'))) garbage' at line 1");
    fails("CREATE TABLE t3 SELECT a, 1 AS one FROM t1 GARBAGE GARBAGE", 1064, "42000",
          SYNTAX "'GARBAGE' at line 1");
    fails("CREATE TABLE t4 SELECT a b c FROM t1", 1064, "42000", SYNTAX "'c FROM t1' at line 1");
    fails("CREATE TABLE t5 SELECT 1 +", 1064, "42000", SYNTAX "'' at line 1");
    fails("CREATE TABLE t6 (SELECT a FROM t1) garbage", 1064, "42000",
          SYNTAX "'garbage' at line 1");
    for (const char *const *t = (const char *const[]){"t2", "t3", "t4", "t5", "t6", NULL}; *t; t++)
        ck_assert_msg(!table_exists("test", *t), "%s was created", *t);
}
END_TEST

START_TEST(test_ddl_exec_system_schema_is_read_only)
{
    static const char *const stmts[] = {
        "DROP TABLE syscat.tables",
        "ALTER TABLE syscat.columns ADD x INT",
        "CREATE TABLE syscat.x (a INT)",
        "RENAME TABLE syscat.tables TO test.t",
        "TRUNCATE TABLE syscat.tables",
        "CREATE INDEX i ON syscat.tables (name)",
        "ALTER DATABASE syscat CHARACTER SET latin1",
        "DROP DATABASE syscat",
    };
    for (size_t i = 0; i < sizeof(stmts) / sizeof(stmts[0]); i++)
        fails(stmts[i], 1044, "42000",
              "Access denied for user 'root'@'localhost' to database 'syscat'");
    ok("CREATE TABLE t (a INT)");
    fails("RENAME TABLE t TO syscat.t", 1044, "42000",
          "Access denied for user 'root'@'localhost' to database 'syscat'");
    ck_assert(table_exists("test", "t"));
}
END_TEST

START_TEST(test_ddl_exec_multiple_alter_foreign_keys)
{
    /* a second ALTER ... ADD FOREIGN KEY once was taken for a duplicate name */
    ok("CREATE TABLE a (id INT PRIMARY KEY)");
    ok("CREATE TABLE g (id INT PRIMARY KEY)");
    ok("CREATE TABLE ug (user_id INT NOT NULL, group_id INT NOT NULL, UNIQUE (user_id, group_id))");
    ok("ALTER TABLE ug ADD CONSTRAINT fk_user FOREIGN KEY (user_id) REFERENCES a (id)");
    ok("ALTER TABLE ug ADD CONSTRAINT fk_group FOREIGN KEY (group_id) REFERENCES g (id)");
    fails("ALTER TABLE ug DROP FOREIGN KEY fk_group, ADD CONSTRAINT fk_group FOREIGN KEY "
          "(group_id) REFERENCES g (id)",
          1005, "HY000",
          "Can't create table `test`.`ug` (errno: 121 \"Duplicate key on write or update\")");
    expect_show("ug",
                "CREATE TABLE `ug` (\n"
                "  `user_id` int(11) NOT NULL,\n"
                "  `group_id` int(11) NOT NULL,\n"
                "  UNIQUE KEY `user_id` (`user_id`,`group_id`),\n"
                "  KEY `fk_group` (`group_id`),\n"
                "  CONSTRAINT `fk_group` FOREIGN KEY (`group_id`) REFERENCES `g` (`id`),\n"
                "  CONSTRAINT `fk_user` FOREIGN KEY (`user_id`) REFERENCES `a` (`id`)\n" TAIL);
}
END_TEST

/* sc_catalog_interrupt (Ctrl-C at the prompt) stops a statement at its next row write,
 * not only at its commit, and nothing of it is committed */
START_TEST(test_ddl_exec_interrupt_stops_at_next_write)
{
    sc_schema_def d = {"intr", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_stmt_result r;
    sc_txn *txn = NULL;
    uint64_t id;

    ok("CREATE TABLE a (x INT)");
    ok("CREATE TABLE b (x INT)");
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    sc_catalog_interrupt(sc_fx.cat, true);
    ck_assert_int_ne(sc_schema_create(&id, txn, &d), SC_OK); /* the write itself refuses */
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1317);
    sc_txn_abort(txn);
    /* a statement: the drop of a is refused at once, b is not reached, nothing is dropped */
    ck_assert_int_ne(sc_ddl_exec(&r, sess, NULL, "DROP TABLE a, b", 15), SC_OK);
    ck_assert_uint_eq(r.mysql_errno, 1317);
    ck_assert_str_eq(r.sqlstate, "70100");
    sc_stmt_result_clear(&r);
    ck_assert(table_exists("test", "a"));
    ck_assert(table_exists("test", "b"));
    ok("DROP TABLE a, b"); /* the request was spent */
    ck_assert(!table_exists("test", "a"));
}
END_TEST

Suite *sc_test_ddl_exec_suite(void)
{
    Suite *s = suite_create("ddl_exec");
    TCase *tc = tcase_create("exec");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ddl_exec_create_table_basic);
    tcase_add_test(tc, test_ddl_exec_create_table_errors);
    tcase_add_test(tc, test_ddl_exec_foreign_keys);
    tcase_add_test(tc, test_ddl_exec_alter);
    tcase_add_test(tc, test_ddl_exec_no_database);
    tcase_add_test(tc, test_ddl_exec_drop_database_foreign_keys);
    tcase_add_test(tc, test_ddl_exec_drop_multi);
    tcase_add_test(tc, test_ddl_exec_session_vars);
    tcase_add_test(tc, test_ddl_exec_session_get_owned);
    tcase_add_test(tc, test_ddl_exec_atomic_and_nested);
    tcase_add_test(tc, test_ddl_exec_stored_objects);
    tcase_add_test(tc, test_ddl_exec_create_like_select);
    tcase_add_test(tc, test_ddl_exec_create_select_syntax);
    tcase_add_test(tc, test_ddl_exec_databases);
    tcase_add_test(tc, test_ddl_exec_system_schema_is_read_only);
    tcase_add_test(tc, test_ddl_exec_multiple_alter_foreign_keys);
    tcase_add_test(tc, test_ddl_exec_interrupt_stops_at_next_write);
    suite_add_tcase(s, tc);
    return s;
}
