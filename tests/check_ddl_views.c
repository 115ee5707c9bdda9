/*
 * check_ddl_views.c - views and triggers through sc_ddl_exec(): the SELECT
 * text MariaDB 10.11 stores (qualified names, generated aliases, joins in
 * parentheses, count(0), rewritten predicates), SHOW CREATE of a view in
 * both forms, MariaDB's errors for views and triggers, trigger firing order,
 * what DROP TABLE / RENAME TABLE do to them, and a clean fsck afterwards.
 * Expected texts were recorded from a private MariaDB 10.11.19.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_views_suite(void);

static sc_session *sess;

static void run(const char *sql, unsigned want_errno, unsigned want_warnings)
{
    sc_stmt_result r;
    int rc = sc_ddl_exec(&r, sess, NULL, sql, strlen(sql));

    if (want_errno == 0)
        ck_assert_msg(rc == SC_OK, "%s: %u %s", sql, r.mysql_errno, r.message ? r.message : "");
    else
        ck_assert_msg(rc != SC_OK && r.mysql_errno == want_errno, "%s: got %u %s, want %u", sql,
                      r.mysql_errno, r.message ? r.message : "ok", want_errno);
    if (want_errno == 0)
        ck_assert_msg(r.warnings == want_warnings, "%s: %u warnings, want %u", sql, r.warnings,
                      want_warnings);
    sc_stmt_result_clear(&r);
}

static void ok(const char *sql)
{
    run(sql, 0, 0);
}

static void fails_msg(const char *sql, unsigned err, const char *msg)
{
    sc_stmt_result r;

    ck_assert_int_ne(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)), SC_OK);
    ck_assert_uint_eq(r.mysql_errno, err);
    ck_assert_str_eq(r.message, msg);
    sc_stmt_result_clear(&r);
}

static char *dump(void)
{
    sc_txn *txn;
    char *out = NULL;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&out, txn), SC_OK);
    sc_txn_abort(txn);
    return out;
}

/* The dump holds want (a whole statement line). */
static void dump_has(const char *want, bool present)
{
    char *d = dump();
    ck_assert_msg((strstr(d, want) != NULL) == present, "dump %s `%s`:\n%s",
                  present ? "lacks" : "has", want, d);
    sc_free(sc_fx.ctx, d);
}

static void setup(void)
{
    sc_fixture_catalog_setup();
    ck_assert_int_eq(sc_session_new(&sess, sc_fx.cat, NULL), SC_OK);
    ok("CREATE DATABASE test");
    ok("USE test");
}

static void teardown(void)
{
    sc_session_free(sess);
    sess = NULL;
    sc_fixture_catalog_teardown();
}

static void fsck_clean(void)
{
    size_t problems = 99;
    ck_assert_int_eq(sc_fsck(sc_fx.cat, NULL, NULL, &problems), SC_OK);
    ck_assert_uint_eq(problems, 0);
}

START_TEST(test_views_text)
{
    ok("CREATE TABLE p (id INT PRIMARY KEY, cat VARCHAR(10), price DECIMAL(8,2), qty INT)");
    ok("CREATE TABLE u (a INT, d INT)");
    ok("CREATE VIEW a1 AS SELECT cat, COUNT(*) AS n, MIN(qty) FROM p GROUP BY cat");
    dump_has("VIEW `test`.`a1` AS select `test`.`p`.`cat` AS `cat`,count(0) AS `n`,"
             "min(`test`.`p`.`qty`) AS `MIN(qty)` from `test`.`p` group by `test`.`p`.`cat`;",
             true);
    ok("CREATE VIEW a2 AS SELECT p1.id FROM p AS p1 JOIN p p2 ON p1.cat = p2.cat, u "
       "WHERE NOT (p1.qty > 3) ORDER BY p1.id DESC LIMIT 10 OFFSET 2");
    dump_has("AS select `p1`.`id` AS `id` from ((`test`.`p` `p1` join `test`.`p` `p2` "
             "on(`p1`.`cat` = `p2`.`cat`)) join `test`.`u`) where `p1`.`qty` <= 3 "
             "order by `p1`.`id` desc limit 2,10;",
             true);
    ok("CREATE VIEW a3 AS SELECT * FROM p RIGHT JOIN u ON u.a = p.id "
       "WHERE EXISTS (SELECT 1 FROM u WHERE u.d > p.qty)");
    dump_has("from (`test`.`u` left join `test`.`p` on(`test`.`u`.`a` = `test`.`p`.`id`)) "
             "where exists(select 1 from `test`.`u` where `test`.`u`.`d` > `test`.`p`.`qty` "
             "limit 1);",
             true);
    ok("CREATE VIEW a4 AS WITH x AS (SELECT a FROM u) SELECT * FROM x");
    dump_has("AS with x as (select `test`.`u`.`a` AS `a` from `test`.`u`)select `x`.`a` AS `a` "
             "from `x`;",
             true);
    ok("CREATE VIEW a5 AS SELECT x.cat FROM (SELECT cat FROM p) AS x UNION ALL SELECT 'z'");
    dump_has("AS select `x`.`cat` AS `cat` from (select `test`.`p`.`cat` AS `cat` from "
             "`test`.`p`) `x` union all select 'z' AS `z`;",
             true);
    /* SHOW CREATE TABLE of a view in its own database: the compact form */
    {
        sc_stmt_result r;
        const char *q = "SHOW CREATE TABLE a1";
        ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, q, strlen(q)), SC_OK);
        ck_assert_ptr_nonnull(r.rs);
        ck_assert_uint_eq(r.rs->n_columns, 4); /* View, Create View, charset, collation */
        ck_assert_ptr_nonnull(strstr(r.output, "VIEW `a1` AS select `p`.`cat` AS `cat`"));
        sc_stmt_result_clear(&r);
    }
    fsck_clean();
}
END_TEST

START_TEST(test_views_errors)
{
    ok("CREATE TABLE t (id INT, a INT)");
    fails_msg("CREATE VIEW v AS SELECT * FROM nope", 1146, "Table 'test.nope' doesn't exist");
    fails_msg("CREATE VIEW v AS SELECT zz FROM t", 1054, "Unknown column 'zz' in 'SELECT'");
    fails_msg("CREATE VIEW v AS SELECT id, id FROM t", 1060, "Duplicate column name 'id'");
    fails_msg("CREATE VIEW v (a, b) AS SELECT id FROM t", 1353,
              "View's SELECT and view's field list have different column counts");
    fails_msg("CREATE VIEW v AS SELECT @x", 1351, "View's SELECT contains a variable or parameter");
    fails_msg("CREATE VIEW t AS SELECT 1", 1050, "Table 't' already exists");
    fails_msg("CREATE VIEW v AS SELECT t.id FROM t, t AS u WHERE id > 0", 1052,
              "Column 'id' in WHERE is ambiguous");
    fails_msg("CREATE ALGORITHM=MERGE VIEW w AS SELECT DISTINCT id FROM t WITH CHECK OPTION", 1368,
              "CHECK OPTION on non-updatable view `test`.`w`");
    ok("CREATE VIEW v AS SELECT id FROM t");
    run("CREATE VIEW IF NOT EXISTS v AS SELECT 1", 0, 1);
    fails_msg("CREATE OR REPLACE VIEW t AS SELECT 1", 1347, "'test.t' is not of type 'VIEW'");
    fails_msg("DROP VIEW t", 4092, "Unknown VIEW: 'test.t'");
    fails_msg("DROP TABLE v", 1965, "'test.v' is a view");
    fails_msg("ALTER TABLE v ADD COLUMN x INT", 1347, "'test.v' is not of type 'BASE TABLE'");
    fails_msg("ALTER VIEW nope AS SELECT 1", 1146, "Table 'test.nope' doesn't exist");
    /* a view whose table was dropped stays, with its text */
    ok("DROP TABLE t");
    dump_has("VIEW `test`.`v` AS select `test`.`t`.`id` AS `id` from `test`.`t`;", true);
    run("DROP VIEW IF EXISTS v, nope", 0, 1);
    dump_has("VIEW `test`.`v`", false);
    fsck_clean();
}
END_TEST

START_TEST(test_triggers)
{
    ok("CREATE TABLE t (id INT, a INT)");
    ok("CREATE TRIGGER t1 BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1");
    ok("CREATE TRIGGER t2 BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 2");
    ok("CREATE TRIGGER t3 BEFORE INSERT ON t FOR EACH ROW FOLLOWS t1 SET NEW.a = 3");
    ok("CREATE TRIGGER t0 BEFORE INSERT ON t FOR EACH ROW PRECEDES t1 SET NEW.a = 0");
    ok("CREATE TRIGGER ta AFTER DELETE ON t FOR EACH ROW BEGIN DECLARE i INT DEFAULT 0; "
       "WHILE i < 3 DO SET i = i + 1; END WHILE; IF OLD.a > 1 THEN SIGNAL SQLSTATE '45000' "
       "SET MESSAGE_TEXT = 'x'; END IF; END");
    dump_has("CREATE DEFINER=`root`@`localhost` TRIGGER ta AFTER DELETE ON t FOR EACH ROW BEGIN "
             "DECLARE i INT DEFAULT 0; WHILE i < 3 DO SET i = i + 1; END WHILE; IF OLD.a > 1 THEN "
             "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x'; END IF; END;\n\n"
             "CREATE DEFINER=`root`@`localhost` TRIGGER t0 BEFORE INSERT ON t FOR EACH ROW SET "
             "NEW.a = 0;\n\nCREATE DEFINER=`root`@`localhost` TRIGGER t1 BEFORE INSERT ON t FOR "
             "EACH ROW SET NEW.a = 1;\n\nCREATE DEFINER=`root`@`localhost` TRIGGER t3 BEFORE "
             "INSERT ON t FOR EACH ROW SET NEW.a = 3;\n\nCREATE DEFINER=`root`@`localhost` "
             "TRIGGER t2 BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 2;\n\n",
             true);
    fails_msg("CREATE TRIGGER t1 AFTER INSERT ON t FOR EACH ROW SET @a = 2", 1359,
              "Trigger 'test.t1' already exists");
    run("CREATE TRIGGER IF NOT EXISTS t1 AFTER INSERT ON t FOR EACH ROW SET @a = 2", 0, 1);
    fails_msg("CREATE TRIGGER y BEFORE DELETE ON t FOR EACH ROW SET NEW.id = 1", 1363,
              "There is no NEW row in on DELETE trigger");
    fails_msg("CREATE TRIGGER z BEFORE INSERT ON t FOR EACH ROW SET OLD.id = 1", 1362,
              "Updating of OLD row is not allowed in trigger");
    fails_msg("CREATE TRIGGER w AFTER INSERT ON t FOR EACH ROW SET NEW.id = 1", 1362,
              "Updating of NEW row is not allowed in after trigger");
    fails_msg("CREATE TRIGGER f BEFORE INSERT ON t FOR EACH ROW FOLLOWS nope SET @a = 1", 4031,
              "Referenced trigger 'nope' for the given action time and event type does not exist");
    fails_msg("CREATE TRIGGER b BEFORE INSERT ON t FOR EACH ROW SET NEW.zz = 1", 1054,
              "Unknown column 'zz' in 'NEW'");
    fails_msg("CREATE TRIGGER b BEFORE INSERT ON nope FOR EACH ROW SET @a = 1", 1146,
              "Table 'test.nope' doesn't exist");
    fails_msg("DROP TRIGGER nope", 1360, "Trigger does not exist");
    ok("CREATE DATABASE d2");
    fails_msg("RENAME TABLE t TO d2.t", 1435, "Trigger in wrong schema");
    ok("DROP TRIGGER t1");
    ok("RENAME TABLE t TO t9");
    dump_has("TRIGGER t0", true);
    ok("DROP TABLE t9");
    dump_has("TRIGGER", false);
    fsck_clean();
}
END_TEST

/* Trigger bodies nest as deep as the parser allows expressions, then MariaDB's
 * "memory exhausted" 1064; nothing is stored. A body's DML is parsed. */
START_TEST(test_trigger_body_depth)
{
    size_t n = 5000, len = 0;
    char *sql = malloc(n * 12 + 100); /* "BEGIN " and "END; " per level */

    ck_assert_ptr_nonnull(sql);
    ok("CREATE TABLE t (id INT, a INT)");
    len += (size_t)sprintf(sql, "CREATE TRIGGER d BEFORE INSERT ON t FOR EACH ROW ");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(sql + len, "BEGIN ");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(sql + len, i + 1 < n ? "END; " : "END");
    run(sql, 1064, 0); /* memory exhausted near 'BEGIN BEGIN ...' */
    free(sql);
    fails_msg("CREATE TRIGGER s BEFORE INSERT ON t FOR EACH ROW SELECT 1", 1415,
              "Not allowed to return a result set from a trigger");
    fails_msg("CREATE TRIGGER s BEFORE INSERT ON t FOR EACH ROW UPDATE t SET a = WHERE id = 1",
              1064,
              "You have an error in your SQL syntax; check the manual that corresponds to your "
              "MariaDB server version for the right syntax to use near 'WHERE id = 1' at line 1");
    ok("CREATE TRIGGER s BEFORE INSERT ON t FOR EACH ROW BEGIN DECLARE v INT; "
       "SELECT COUNT(*) INTO v FROM t WHERE id = NEW.id; SET NEW.a = v; END");
    dump_has("TRIGGER d", false);
    fsck_clean();
}
END_TEST

/* CREATE TABLE ... SELECT: the column types 10.11.19 derived for these (measured). */
START_TEST(test_ctas_types)
{
    ok("CREATE TABLE s (i INT, bi BIGINT, dc DECIMAL(5,2), c VARCHAR(10), dt DATE, tm TIME(2), "
       "nn INT NOT NULL)");
    ok("CREATE TABLE c SELECT COUNT(*) a, SUM(i) b, AVG(dc) c2, IF(i > 1, i, dc) d, "
       "COALESCE(i, bi) e, LEFT(c, 2) f, i * 2 m, i / 2 n, nn + 1 r, CONCAT(c, nn) s2, "
       "IFNULL(i, 0) t, CASE WHEN i > 1 THEN 'x' ELSE 'yy' END k, tm + 0 tt, "
       "dt - INTERVAL 1 DAY d2, -1 AS neg FROM s");
    dump_has("CREATE TABLE `c` (\n  `a` bigint(21) NOT NULL,\n  `b` decimal(32,0) DEFAULT NULL,\n"
             "  `c2` decimal(9,6) DEFAULT NULL,\n  `d` decimal(12,2) DEFAULT NULL,\n"
             "  `e` bigint(20) DEFAULT NULL,\n  `f` varchar(2) DEFAULT NULL,\n"
             "  `m` bigint(12) DEFAULT NULL,\n  `n` decimal(14,4) DEFAULT NULL,\n"
             "  `r` bigint(12) NOT NULL,\n  `s2` varchar(21) DEFAULT NULL,\n"
             "  `t` int(11) NOT NULL,\n  `k` varchar(2) DEFAULT NULL,\n"
             "  `tt` decimal(10,2) DEFAULT NULL,\n  `d2` date DEFAULT NULL,\n"
             "  `neg` int(2) NOT NULL\n)",
             true);
    run("CREATE TABLE x SELECT zz FROM s", 1054, 0);
    run("CREATE TABLE x SELECT i, i FROM s", 1060, 0);
    run("CREATE TABLE x SELECT 1 AS ``", 1166, 0);
    fsck_clean();
}
END_TEST

/* Windows, subqueries in expressions, USING over a nest (10.11.19's texts). */
START_TEST(test_views_windows_subqueries)
{
    ok("CREATE TABLE t0 (id INT PRIMARY KEY, a INT, b VARCHAR(20), c DECIMAL(8,2))");
    ok("CREATE TABLE t1 (id INT PRIMARY KEY, a INT, b VARCHAR(20))");
    ok("CREATE VIEW v5 AS SELECT id, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c DESC) AS rn, "
       "LAG(a, 1) OVER w AS prev, SUM(a) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND "
       "CURRENT ROW) AS run FROM t0 WINDOW w AS (ORDER BY id)");
    dump_has("AS select `test`.`t0`.`id` AS `id`,row_number() over ( partition by `test`.`t0`.`b` "
             "order by `test`.`t0`.`c` desc) AS `rn`,lag(`test`.`t0`.`a`,1) over ( order by "
             "`test`.`t0`.`id`) AS `prev`,sum(`test`.`t0`.`a`) over ( order by `test`.`t0`.`id` "
             "rows between  unbounded  preceding  and  current row ) AS `run` from `test`.`t0`;",
             true);
    ok("CREATE VIEW v7 AS SELECT id FROM t0 WHERE a IN (SELECT a FROM t1 WHERE t1.id = t0.id) "
       "AND NOT EXISTS (SELECT 1 FROM t1)");
    dump_has("where `test`.`t0`.`a` in (select `test`.`t1`.`a` from `test`.`t1` where "
             "`test`.`t1`.`id` = `test`.`t0`.`id`) and !exists(select 1 from `test`.`t1` limit 1);",
             true);
    fails_msg(
        "CREATE VIEW v8 AS SELECT x.id FROM t0 x JOIN t1 y ON x.id = y.a JOIN t1 z USING (id)",
        1052, "Column 'id' in FROM is ambiguous");
}
END_TEST

static char *output(const char *sql)
{
    sc_stmt_result r;
    char *out;

    ck_assert_msg(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)) == SC_OK, "%s: %s", sql,
                  r.message ? r.message : "");
    out = strdup(r.output ? r.output : "");
    sc_stmt_result_clear(&r);
    return out;
}

/* SHOW CREATE VIEW in the view's database is compact (10.11.19), SHOW FULL TABLES says VIEW. */
START_TEST(test_show_statements)
{
    char *o;

    ok("CREATE TABLE t (a INT)");
    ok("CREATE VIEW v AS SELECT a FROM t");
    ok("CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1");
    o = output("SHOW CREATE VIEW v");
    ck_assert_str_eq(o,
                     "CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER "
                     "VIEW `v` AS select `t`.`a` AS `a` from `t`\n");
    free(o);
    o = output("SHOW CREATE TRIGGER tr");
    ck_assert_str_eq(o,
                     "CREATE DEFINER=`root`@`localhost` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW "
                     "SET NEW.a = 1\n");
    free(o);
    run("SHOW CREATE VIEW t", 1347, 0);
    run("SHOW CREATE TRIGGER nope", 1360, 0);
    {
        sc_stmt_result r;
        const char *q = "SHOW FULL TABLES";
        ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, q, strlen(q)), SC_OK);
        ck_assert_ptr_nonnull(r.rs);
        ck_assert_uint_eq(r.rs->n_rows, 2);
        ck_assert_uint_eq(r.rs->n_columns, 2);
        ck_assert_int_eq((int)r.rs->cells[3].len, 4);
        ck_assert_int_eq(memcmp(r.rs->cells[3].data, "VIEW", 4), 0);
        sc_stmt_result_clear(&r);
    }
}
END_TEST

Suite *sc_test_ddl_views_suite(void)
{
    Suite *s = suite_create("ddl_views");
    TCase *tc = tcase_create("views");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_views_text);
    tcase_add_test(tc, test_views_errors);
    tcase_add_test(tc, test_triggers);
    tcase_add_test(tc, test_trigger_body_depth);
    tcase_add_test(tc, test_ctas_types);
    tcase_add_test(tc, test_show_statements);
    tcase_add_test(tc, test_views_windows_subqueries);
    suite_add_tcase(s, tc);
    return s;
}
