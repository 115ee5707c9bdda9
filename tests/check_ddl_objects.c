/*
 * check_ddl_objects.c - partitions, sequences and versioned tables through
 * sc_ddl_exec() (issue 11), for what the recorded corpora cannot show: the
 * stable partition ids an ALTER keeps, the SHOW CREATE TABLE form of a
 * sequence, and SHOW FULL TABLES naming a sequence's type.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_objects_suite(void);

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

/* The partition ids of test.t, in print order, into ids (returns how many). */
static size_t partition_ids(uint64_t *ids, size_t max, const char **names)
{
    sc_txn *txn;
    sc_table *t = NULL;
    const sc_partitioning_def *pt;
    size_t n;

    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "test", "t"), SC_OK);
    pt = sc_table_definition(t)->partitioning;
    ck_assert_ptr_nonnull(pt);
    for (n = 0; n < pt->n_parts && n < max; n++) {
        ids[n] = pt->parts[n].id;
        names[n] = strdup(pt->parts[n].name);
    }
    sc_table_free(t);
    sc_txn_abort(txn);
    return n;
}

START_TEST(test_objects_partition_ids_stable)
{
    uint64_t a[8], b[8], c[8];
    const char *na[8], *nb[8], *nc[8];
    size_t n, m;

    ok("CREATE TABLE t (id INT NOT NULL) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS "
       "THAN (10), PARTITION p1 VALUES LESS THAN (20))");
    n = partition_ids(a, 8, na);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_ne(a[0], 0);
    ck_assert_uint_ne(a[0], a[1]);
    ok("ALTER TABLE t ADD COLUMN v INT, COMMENT 'c'"); /* partitions untouched: same ids */
    ck_assert_uint_eq(partition_ids(b, 8, nb), 2);
    ck_assert_uint_eq(b[0], a[0]);
    ck_assert_uint_eq(b[1], a[1]);
    ok("ALTER TABLE t REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES LESS THAN (15), "
       "PARTITION p1b VALUES LESS THAN (20))");
    m = partition_ids(c, 8, nc);
    ck_assert_uint_eq(m, 3);
    ck_assert_str_eq(nc[0], "p0");
    ck_assert_uint_eq(c[0], a[0]); /* kept */
    ck_assert_uint_gt(c[1], a[1]); /* new partitions, new ids */
    ck_assert_uint_gt(c[2], c[1]);
    for (size_t i = 0; i < n; i++)
        free((void *)na[i]), free((void *)nb[i]);
    for (size_t i = 0; i < m; i++)
        free((void *)nc[i]);
}
END_TEST

/* SHOW CREATE TABLE of a sequence is MariaDB's table form (10.11.19, recorded). */
START_TEST(test_objects_sequence_table_form)
{
    sc_txn *txn;
    char *out = NULL;

    ok("CREATE SEQUENCE s ENGINE=Aria COMMENT 'x'");
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_show_create_table(&out, txn, "test", "s"), SC_OK);
    sc_txn_abort(txn);
    ck_assert_str_eq(
        out, "CREATE TABLE `s` (\n"
             "  `next_not_cached_value` bigint(21) NOT NULL,\n"
             "  `minimum_value` bigint(21) NOT NULL,\n"
             "  `maximum_value` bigint(21) NOT NULL,\n"
             "  `start_value` bigint(21) NOT NULL COMMENT 'start value when sequences is created "
             "or value if RESTART is used',\n"
             "  `increment` bigint(21) NOT NULL COMMENT 'increment value',\n"
             "  `cache_size` bigint(21) unsigned NOT NULL,\n"
             "  `cycle_option` tinyint(1) unsigned NOT NULL COMMENT '0 if no cycles are allowed, 1 "
             "if the sequence should begin a new cycle when maximum_value is passed',\n"
             "  `cycle_count` bigint(21) NOT NULL COMMENT 'How many cycles have been done'\n"
             ") ENGINE=Aria SEQUENCE=1 COMMENT='x'");
    sc_free(sc_fx.ctx, out);
}
END_TEST

/* SHOW FULL TABLES gives a sequence the Table_type SEQUENCE, as MariaDB does. */
START_TEST(test_objects_show_full_tables_sequence)
{
    sc_stmt_result r;
    const char *sql = "SHOW FULL TABLES";

    ok("CREATE SEQUENCE s");
    ok("CREATE TABLE t (a INT)");
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)), SC_OK);
    ck_assert_ptr_nonnull(r.rs);
    ck_assert_uint_eq(r.rs->n_rows, 2);
    ck_assert_uint_eq(r.rs->n_columns, 2);
    ck_assert_int_eq(memcmp(r.rs->cells[1].data, "SEQUENCE", 8), 0);
    ck_assert_int_eq(memcmp(r.rs->cells[3].data, "BASE TABLE", 10), 0);
    sc_stmt_result_clear(&r);
}
END_TEST

/* SHOW CREATE SEQUENCE prints a sequence as MariaDB 10.11 does (columns Table and Create
 * Table); on a base table it is MariaDB's 4089. */
START_TEST(test_objects_show_create_sequence)
{
    sc_stmt_result r;
    const char *sql = "SHOW CREATE SEQUENCE s", *bad = "SHOW CREATE SEQUENCE t";
    const char *want = "CREATE SEQUENCE `s` start with 1 minvalue 1 maxvalue 9223372036854775806 "
                       "increment by 1 cache 1000 nocycle ENGINE=InnoDB";

    ok("CREATE SEQUENCE s");
    ok("CREATE TABLE t (a INT)");
    ck_assert_int_eq(sc_ddl_exec(&r, sess, NULL, sql, strlen(sql)), SC_OK);
    ck_assert_ptr_nonnull(r.rs);
    ck_assert_uint_eq(r.rs->n_rows, 1);
    ck_assert_uint_eq(r.rs->n_columns, 2);
    ck_assert_str_eq(r.rs->columns[0].name, "Table");
    ck_assert_str_eq(r.rs->columns[1].name, "Create Table");
    ck_assert_uint_eq(r.rs->cells[1].len, strlen(want));
    ck_assert_int_eq(memcmp(r.rs->cells[1].data, want, strlen(want)), 0);
    sc_stmt_result_clear(&r);
    ck_assert_int_ne(sc_ddl_exec(&r, sess, NULL, bad, strlen(bad)), SC_OK);
    ck_assert_uint_eq(r.mysql_errno, 4089);
    sc_stmt_result_clear(&r);
}
END_TEST

Suite *sc_test_ddl_objects_suite(void)
{
    Suite *s = suite_create("ddl_objects");
    TCase *tc = tcase_create("objects");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_objects_partition_ids_stable);
    tcase_add_test(tc, test_objects_sequence_table_form);
    tcase_add_test(tc, test_objects_show_full_tables_sequence);
    tcase_add_test(tc, test_objects_show_create_sequence);
    suite_add_tcase(s, tc);
    return s;
}
