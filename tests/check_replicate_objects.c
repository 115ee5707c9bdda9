/*
 * check_replicate_objects.c - views, triggers and CREATE TABLE ... SELECT
 * tables replicate as rows: a catalog holding every new object kind is
 * applied through its log into an empty catalog by the replica applier
 * (sc_replica_apply), and both dumps (the oracle's extended schema.sql
 * form) are byte-identical; then drops and renames (the views and triggers
 * rows deleted with their tables, explicitly in the log) are applied too,
 * and the replica stays fsck-clean.
 */
#include <check.h>
#include <string.h>

#include "tests/replica_util.h"

Suite *sc_test_replicate_objects_suite(void);

static char base[256];

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    sc_fixture_rmtree(base);
}

static const char *const schema[] = {
    "CREATE TABLE t (id INT PRIMARY KEY, a INT, note VARCHAR(20))",
    "CREATE TABLE log (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20), tid INT)",
    "CREATE VIEW v1 AS SELECT id, a * 2 AS a2 FROM t WHERE a IS NOT NULL",
    "CREATE VIEW v2 (x, n) AS SELECT note, COUNT(*) FROM t GROUP BY note",
    "CREATE ALGORITHM=MERGE SQL SECURITY INVOKER VIEW v3 AS SELECT v1.id FROM v1 JOIN t "
    "ON v1.id = t.id WITH CASCADED CHECK OPTION",
    "CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.a = COALESCE(NEW.a, 0)",
    "CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO log (what, tid) "
    "VALUES ('delete', OLD.id)",
    "CREATE TRIGGER t_bi0 BEFORE INSERT ON t FOR EACH ROW PRECEDES t_bi BEGIN "
    "IF NEW.a < 0 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'neg'; END IF; END",
    "CREATE TABLE c SELECT id, a + 1 AS b, CONCAT(note, 'x') AS n FROM t",
    "CREATE DATABASE d2",
    "CREATE VIEW d2.w AS SELECT id FROM test.t",
};

static const char *const changes[] = {
    "DROP TRIGGER t_bi",
    "ALTER VIEW v1 AS SELECT id FROM t",
    "RENAME TABLE c TO c2",
    "DROP VIEW v2",
    "DROP TABLE log",
    "CREATE OR REPLACE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW SET @n = OLD.id",
};

static void same_dumps(ru_node *src, ru_node *rep)
{
    char *a = ru_dump_all(src), *b = ru_dump_all(rep);

    ck_assert_ptr_nonnull(strstr(a, "VIEW `test`.`v1`"));
    ck_assert_ptr_nonnull(strstr(a, "TRIGGER t_ad"));
    ck_assert_str_eq(b, a);
    sc_free(src->ctx, a);
    sc_free(rep->ctx, b);
}

START_TEST(test_objects_replicate)
{
    ru_node src, rep;

    ru_create(&src, base, "src", 21, NULL);
    ru_create(&rep, base, "rep", 22, NULL);
    ru_exec_ok(&src, "CREATE DATABASE test");
    for (size_t i = 0; i < sizeof(schema) / sizeof(schema[0]); i++)
        ck_assert_int_eq(ru_exec(&src, "test", schema[i]), SC_OK);
    ck_assert_int_eq(sc_log_sync(src.log), SC_OK);
    ru_add_source(&rep, "src", &src, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(&rep, "src");
    same_dumps(&src, &rep);
    ru_fsck_ok(&rep);
    for (size_t i = 0; i < sizeof(changes) / sizeof(changes[0]); i++)
        ck_assert_int_eq(ru_exec(&src, "test", changes[i]), SC_OK);
    ck_assert_int_eq(sc_log_sync(src.log), SC_OK);
    ru_apply_ok(&rep, "src");
    same_dumps(&src, &rep);
    ru_fsck_ok(&rep);
    ru_fsck_ok(&src);
    ru_close(&src);
    ru_close(&rep);
}
END_TEST

Suite *sc_test_replicate_objects_suite(void)
{
    Suite *s = suite_create("replicate_objects");
    TCase *tc = tcase_create("objects");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_objects_replicate);
    suite_add_tcase(s, tc);
    return s;
}
