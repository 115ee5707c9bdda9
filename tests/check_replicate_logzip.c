/*
 * check_replicate_logzip.c - the log's compressing thread (replicate/logzip.c)
 * changes nothing but who compresses: two replicas of one source apply the
 * same rounds, one with every split on the one-thread path
 * (sc_log__set_zip_thread off, as SC_LOG_ZIP_THREAD=0) and one handing its
 * splits' compression, positions and checksums to the thread. With the clock
 * of both logs fixed (sc_log__test_now, and sc_replica__test_now for the time
 * a source's last error is recorded at), every binlog file of the two must be
 * the same byte for byte, checksums included: under FULL, MINIMAL and NOBLOB,
 * with a user table's TABLE_MAP changing inside a round, with a small
 * binlog.max_file_size (rotations inside a batch), and when a strict-mode
 * 1032 aborts a batch in its middle (nothing of the aborted batch is written,
 * the transactions before the error are, once).
 */
#include <stdlib.h>

#include "tests/replica_util.h"
#include "replicate/log.h"
#include "replicate/replica.h"

static char base[256];
static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
    sc_log__test_now = 1790000000u;
    sc_replica__test_now = 1790000000u; /* the aborted batch's error time, in both replicas */
}

static void teardown(void)
{
    sc_log__test_now = 0;
    sc_replica__test_now = 0;
    sc_fixture_rmtree(base);
}

/* The one-thread replica, then the staging one; the same result, counters and message. */
static int apply_both(ru_node *one, ru_node *two, sc_replica_stats *out)
{
    sc_replica_stats s1, s2;
    char m1[600], m2[600];
    int r1, r2;

    r1 = sc_replica_apply(&s1, one->log, "s", NULL, NULL);
    snprintf(m1, sizeof(m1), "%s", r1 ? sc_ctx_last_error(one->ctx)->message : "");
    r2 = sc_replica_apply(&s2, two->log, "s", NULL, NULL);
    snprintf(m2, sizeof(m2), "%s", r2 ? sc_ctx_last_error(two->ctx)->message : "");
    ck_assert_int_eq(r1, r2);
    ck_assert_str_eq(m1, m2);
    ck_assert_uint_eq(s1.txns, s2.txns);
    ck_assert_uint_eq(s1.rows, s2.rows);
    ck_assert_uint_eq(s1.gtid_seq, s2.gtid_seq);
    if (out)
        *out = s1;
    return r1;
}

static void nodes(ru_node *s, ru_node *one, ru_node *two, const char *image, const char *max_size)
{
    ru_create(s, base, "src", 11, image);
    ru_create(one, base, "one", 99, NULL);
    ru_create(two, base, "two", 99, NULL);
    sc_log__set_zip_thread(one->log, false);
    sc_log__set_zip_thread(two->log, true);
    if (max_size) {
        ck_assert_int_eq(sc_log_set(one->log, "binlog.max_file_size", max_size), SC_OK);
        ck_assert_int_eq(sc_log_set(two->log, "binlog.max_file_size", max_size), SC_OK);
    }
    ru_add_source(one, "s", s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_add_source(two, "s", s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
}

/* Data rows of u.d (i INT, v VARCHAR(500)): long enough values that their rows events compress. */
static void data_rows(ru_node *s, uint64_t tid, int k, size_t ncols)
{
    sc_binlog_value b[3], a[3];
    char text[300];
    sc_txn *t = NULL;

    memset(text, 'a' + k % 26, sizeof(text) - 1);
    text[sizeof(text) - 1] = '\0';
    memset(b, 0, sizeof(b));
    b[0].kind = SC_VAL_INT, b[0].v.i = k;
    b[1].kind = SC_VAL_BYTES, b[1].v.str.data = (const uint8_t *)text;
    b[1].v.str.len = strlen(text);
    b[2].kind = SC_VAL_NULL; /* w, when the table has it */
    a[0] = b[0];
    a[1].kind = SC_VAL_NULL;
    a[2] = b[2];
    ck_assert_int_eq(sc_txn_begin(&t, s->cat, 0), SC_OK);
    ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_INSERT, NULL, b, ncols), SC_OK);
    ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_UPDATE, b, a, ncols), SC_OK);
    if (k % 3 == 0)
        ck_assert_int_eq(sc_log_rows(s->log, t, tid, SC_LOG_DELETE, a, NULL, ncols), SC_OK);
    ck_assert_int_eq(sc_txn_commit(t), SC_OK);
}

/* A random stream under image `_i % 3`; loop 3..5 with 16 KiB files (rotations in a batch). */
START_TEST(test_zip_same_log)
{
    ru_node s, one, two;
    sc_replica_stats st;
    uint64_t txns = 0, tid;
    unsigned long staged = sc_log__zip_staged;
    unsigned steps = ru_long() ? 1500 : 150;
    size_t ncols = 2;
    ru_gen g;

    nodes(&s, &one, &two, images[_i % 3], _i >= 3 ? "16384" : NULL);
    ru_exec_ok(&s, "CREATE DATABASE u");
    ru_exec_ok(&s, "CREATE TABLE u.d (i INT PRIMARY KEY, v VARCHAR(500))");
    tid = ru_table_id(&s, "u", "d");
    ru_gen_init(&g, 810u + (unsigned)_i, "db");
    for (unsigned i = 0; i < steps; i++) {
        ru_gen_step(&g, &s);
        if (i % 5 == 0)
            data_rows(&s, tid, (int)i, ncols);
        if (i % 30 == 15) { /* a new TABLE_MAP version inside a round */
            ru_exec_ok(&s, i % 60 == 15 ? "ALTER TABLE u.d ADD COLUMN w INT"
                                        : "ALTER TABLE u.d DROP COLUMN w");
            ncols = i % 60 == 15 ? 3 : 2;
        }
        if (i % 50 == 49) {
            ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
            txns += st.txns;
        }
    }
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
    txns += st.txns;
    ck_assert_uint_gt(txns, steps / 2);
    ck_assert_uint_gt(ru_assert_same_logs(&one, &two), 10);    /* compression did happen */
    ck_assert_uint_gt(sc_log__zip_staged, staged + steps / 2); /* and by the thread */
    if (_i >= 3)
        ck_assert_uint_gt(ru_n_files(&two), 3);
    ru_fsck_ok(&two);
    ru_close(&s);
    ru_close(&one);
    ru_close(&two);
}
END_TEST

/*
 * Strict mode: a row the replicas lack stops the batch in its middle; the
 * applier aborts it (its staged transactions are dropped) and applies again
 * one transaction per commit up to the missing row. Both logs hold the 30
 * transactions before it, once, the same bytes; nothing of the aborted batch.
 */
START_TEST(test_zip_aborted_batch)
{
    ru_node s, one, two;
    sc_replica_stats st;
    unsigned long staged;
    char sql[160];

    nodes(&s, &one, &two, NULL, NULL);
    ru_exec_ok(&s, "CREATE DATABASE d");
    ru_exec_ok(&s, "CREATE TABLE d.t (i INT PRIMARY KEY)");
    ck_assert_int_eq(apply_both(&one, &two, NULL), SC_OK);
    ru_exec_ok(&one, "DROP TABLE d.t");
    ru_exec_ok(&two, "DROP TABLE d.t");
    for (int i = 0; i < 30; i++) {
        snprintf(sql, sizeof(sql),
                 "CREATE TABLE d.a%d (i INT, j VARCHAR(200), k TEXT, l INT, m INT, KEY (i), KEY "
                 "(l), KEY (m, l)) COMMENT 'the table number %d'",
                 i, i);
        ru_exec_ok(&s, sql);
    }
    ru_exec_ok(&s, "ALTER TABLE d.t ADD COLUMN w INT");
    ru_exec_ok(&s, "CREATE TABLE d.after (i INT)");
    staged = sc_log__zip_staged;
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_ESQL);
    ck_assert_uint_eq(st.txns, 30);
    /* the batch's 8th to 30th were staged, then dropped; applied again one per commit
     * (then nothing is staged: a batch's first 7 transactions never are) */
    ck_assert_uint_eq(sc_log__zip_staged, staged + 23);
    ck_assert_uint_gt(ru_assert_same_logs(&one, &two), 30);
    ru_fsck_ok(&two);
    ru_close(&s);
    ru_close(&one);
    ru_close(&two);
}
END_TEST

Suite *sc_test_replicate_logzip_suite(void);

Suite *sc_test_replicate_logzip_suite(void)
{
    Suite *s = suite_create("replicate_logzip");
    TCase *tc = tcase_create("logzip");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_zip_same_log, 0, 6);
    tcase_add_test(tc, test_zip_aborted_batch);
    suite_add_tcase(s, tc);
    return s;
}
