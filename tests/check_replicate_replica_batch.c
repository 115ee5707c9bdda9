/*
 * check_replicate_replica_batch.c - group apply (docs/replication.md
 * "Applying"): many source transactions share one local catalog commit, yet
 * each is its own transaction of the replica's log (origin server id kept)
 * and the progress callback runs once per source transaction with its GTID;
 * a conflict in the middle of a batch commits the transactions before it and
 * stops at the culprit; a transaction whose XID is not written yet waits
 * while the complete ones before it are applied. A follower
 * (sc_replica_follower_*) keeps the source file and its TABLE_MAPs between
 * rounds and reads only what is new.
 */
#include "tests/replica_util.h"
#include "replicate/replica.h"

static char base[256];
static ru_node s, r;

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
    ru_create(&s, base, "src", 7, NULL);
    ru_create(&r, base, "rep", 8, NULL);
    ru_add_source(&r, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
}

static void teardown(void)
{
    ru_close(&s);
    ru_close(&r);
    sc_fixture_rmtree(base);
}

static uint64_t last_txn_id(ru_node *n)
{
    sc_catalog_stats st;

    ck_assert_int_eq(sc_catalog_stats_get(&st, n->cat), SC_OK);
    return st.last_txn_id;
}

/* GTID events of n's first log file whose server id is origin. */
static unsigned logged_from(ru_node *n, uint32_t origin)
{
    char path[700];
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev = NULL;
    unsigned k = 0;

    ck_assert_int_eq(sc_log_sync(n->log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", n->dir);
    ck_assert_int_eq(sc_binlog_reader_open(&rd, n->ctx, path), SC_OK);
    while (sc_binlog_reader_next(&ev, rd) == SC_OK && ev)
        k += ev->header.type == SC_EV_GTID && ev->header.server_id == origin;
    sc_binlog_reader_close(rd);
    return k;
}

typedef struct calls {
    unsigned n;
    uint64_t last_seq, last_txns;
    bool ordered;
} calls;

static void count_cb(const sc_replica_stats *st, void *payload)
{
    calls *c = payload;

    /* the bootstrap transaction is logged before the server id is set */
    c->ordered &= st->gtid_seq == c->last_seq + 1 && (st->gtid_server == 7 || st->gtid_seq == 1) &&
                  st->txns + st->skipped_txns == c->last_txns + 1;
    c->last_seq = st->gtid_seq;
    c->last_txns = st->txns + st->skipped_txns;
    c->n++;
}

START_TEST(test_batch_one_commit_many_log_transactions)
{
    enum { N = 120 };
    calls c = {0, 0, 0, true};
    sc_replica_stats st;
    uint64_t before;
    char sql[120], *a, *b;

    ru_exec_ok(&s, "CREATE DATABASE one");
    for (unsigned i = 0; i < N; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE one.t%u (i INT PRIMARY KEY, v INT, KEY (v))", i);
        ru_exec_ok(&s, sql);
    }
    before = last_txn_id(&r);
    ck_assert_int_eq(sc_replica_apply(&st, r.log, "s", count_cb, &c), SC_OK);
    /* bootstrap + CREATE DATABASE + N tables */
    ck_assert_uint_eq(st.txns, N + 2);
    ck_assert_uint_eq(c.n, N + 2);
    ck_assert_msg(c.ordered, "the callback runs once per transaction, GTIDs in order");
    ck_assert_uint_eq(st.gtid_seq, N + 2);
    /* one catalog commit for the batch (and one per-source status read at most) */
    ck_assert_uint_le(last_txn_id(&r) - before, 3);
    /* each source transaction is a transaction of the replica's log, origin kept
     * (the bootstrap transaction is not re-logged: every catalog has those rows) */
    ck_assert_uint_eq(logged_from(&r, 7), N + 1);
    a = ru_dump_db(&s, "one", NULL);
    b = ru_dump_db(&r, "one", NULL);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ru_fsck_ok(&r);
}
END_TEST

START_TEST(test_batch_conflict_in_the_middle)
{
    sc_replica_status st;
    sc_replica_stats got;
    char sql[120];
    const char *msg;

    ru_exec_ok(&r, "CREATE DATABASE taken");
    ru_exec_ok(&s, "CREATE DATABASE one");
    for (unsigned i = 0; i < 20; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE one.t%u (i INT PRIMARY KEY)", i);
        ru_exec_ok(&s, sql);
    }
    ru_exec_ok(&s, "CREATE DATABASE taken"); /* GTID 0-7-23 */
    ru_exec_ok(&s, "CREATE TABLE one.after (i INT)");
    ck_assert_int_eq(sc_replica_apply(&got, r.log, "s", NULL, NULL), SC_EEXISTS);
    msg = sc_ctx_last_error(r.ctx)->message;
    ck_assert_msg(strstr(msg, "(GTID 0-7-23)") && strstr(msg, "Can't create database 'taken'"),
                  "%s", msg);
    /* what came before the culprit is applied and counted; nothing after it */
    ck_assert_uint_eq(got.txns, 22);
    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "s"), SC_OK);
    ck_assert_uint_eq(st.gtid_seq, 22);
    ck_assert_uint_eq(st.txns_applied, 22);
    ck_assert_ptr_nonnull(strstr(st.last_error, "(GTID 0-7-23)"));
    ck_assert_int_eq(ru_exec(&r, NULL, "SHOW CREATE TABLE one.t19"), SC_OK);
    ck_assert_int_ne(ru_exec(&r, NULL, "SHOW CREATE TABLE one.after"), SC_OK);
    ru_fsck_ok(&r);
}
END_TEST

/* Copy the first len bytes of s's binlog.000001 into dir/binlog/. */
static void copy_prefix(const char *dir, size_t len)
{
    char path[700], sub[600];
    FILE *in, *out;
    int ch;

    snprintf(sub, sizeof(sub), "%s/binlog", dir);
    mkdir(dir, 0700);
    mkdir(sub, 0700);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    in = fopen(path, "rb");
    snprintf(path, sizeof(path), "%s/binlog.000001", sub);
    out = fopen(path, "wb");
    ck_assert(in && out);
    for (size_t i = 0; i < len && (ch = fgetc(in)) != EOF; i++)
        fputc(ch, out);
    fclose(in);
    ck_assert_int_eq(fclose(out), 0);
}

START_TEST(test_batch_waits_for_an_unfinished_transaction)
{
    char path[700];
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev = NULL;
    size_t xid_at[8], k = 0, full = 0;
    ru_node d = {0};
    sc_replica_status st;

    ru_exec_ok(&s, "CREATE DATABASE one");
    ru_exec_ok(&s, "CREATE TABLE one.a (i INT PRIMARY KEY)");
    ru_exec_ok(&s, "CREATE TABLE one.b (i INT PRIMARY KEY)");
    ck_assert_int_eq(sc_log_sync(s.log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    ck_assert_int_eq(sc_binlog_reader_open(&rd, s.ctx, path), SC_OK);
    while (sc_binlog_reader_next(&ev, rd) == SC_OK && ev) {
        if (ev->header.type == SC_EV_XID && k < 8)
            xid_at[k++] = ev->offset;
        full = ev->offset + ev->raw.len;
    }
    sc_binlog_reader_close(rd);
    ck_assert_uint_eq(k, 4); /* bootstrap, database, a, b */
    /* a copy of the source cut right before b's XID: three complete, one waiting */
    snprintf(d.dir, sizeof(d.dir), "%s/cut", base);
    copy_prefix(d.dir, xid_at[3]);
    ck_assert_int_eq(sc_replica_remove_source(r.log, "s"), SC_OK);
    ru_add_source(&r, "s", &d, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ck_assert_uint_eq(ru_apply_ok(&r, "s").txns, 3);
    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "s"), SC_OK);
    ck_assert_uint_eq(st.gtid_seq, 3);
    ck_assert_str_eq(st.last_error, "");
    copy_prefix(d.dir, full);
    ck_assert_uint_eq(ru_apply_ok(&r, "s").txns, 1);
    ck_assert_int_eq(ru_exec(&r, NULL, "SHOW CREATE TABLE one.b"), SC_OK);
}
END_TEST

/* Events of s's first log file from the last GTID on. */
static uint64_t last_txn_events(void)
{
    char path[700];
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev = NULL;
    uint64_t n = 0;

    ck_assert_int_eq(sc_log_sync(s.log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    ck_assert_int_eq(sc_binlog_reader_open(&rd, s.ctx, path), SC_OK);
    while (sc_binlog_reader_next(&ev, rd) == SC_OK && ev)
        n = ev->header.type == SC_EV_GTID ? 1 : n + 1;
    sc_binlog_reader_close(rd);
    return n;
}

START_TEST(test_follower_reads_only_what_is_new)
{
    sc_replica_follower *f = NULL;
    sc_replica_stats st;
    uint64_t before, want;
    char sql[120], *a, *b;

    /* binlog.table_map=file (the default): a transaction uses TABLE_MAPs written
     * earlier in the file; the follower keeps them instead of reading it again */
    ru_exec_ok(&s, "CREATE DATABASE one");
    for (unsigned i = 0; i < 30; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE one.t%u (i INT PRIMARY KEY)", i);
        ru_exec_ok(&s, sql);
    }
    ck_assert_int_eq(sc_replica_follower_open(&f, r.log, "s"), SC_OK);
    ck_assert_int_eq(sc_replica_follower_apply(&st, f, NULL, NULL), SC_OK);
    ck_assert_uint_eq(st.txns, 32);
    for (unsigned round = 0; round < 3; round++) {
        snprintf(sql, sizeof(sql), "ALTER TABLE one.t%u ADD COLUMN w INT", round);
        ru_exec_ok(&s, sql);
        want = last_txn_events();
        before = sc_replica__follower_framed(f);
        ck_assert_int_eq(sc_replica_follower_apply(&st, f, NULL, NULL), SC_OK);
        ck_assert_uint_eq(st.txns, 1);
        /* the new transaction's events, and nothing before them */
        ck_assert_uint_eq(sc_replica__follower_framed(f) - before, want);
        ck_assert_int_eq(sc_replica_follower_apply(&st, f, NULL, NULL), SC_OK);
        ck_assert_uint_eq(st.txns, 0);
    }
    sc_replica_follower_close(f);
    a = ru_dump_db(&s, "one", NULL);
    b = ru_dump_db(&r, "one", NULL);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    ru_fsck_ok(&r);
}
END_TEST

Suite *sc_test_replicate_replica_batch_suite(void);

Suite *sc_test_replicate_replica_batch_suite(void)
{
    Suite *su = suite_create("replicate_replica_batch");
    TCase *tc = tcase_create("batch");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60); /* check's 4 s default expired at load 14 on 2 cores */
    tcase_add_test(tc, test_batch_one_commit_many_log_transactions);
    tcase_add_test(tc, test_batch_conflict_in_the_middle);
    tcase_add_test(tc, test_batch_waits_for_an_unfinished_transaction);
    tcase_add_test(tc, test_follower_reads_only_what_is_new);
    suite_add_tcase(su, tc);
    return su;
}
