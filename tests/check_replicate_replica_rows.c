/*
 * check_replicate_replica_rows.c - the applier's two row paths give the same
 * result: the message path (catalog/rowmsg.c: rows written from the messages
 * the applier builds, a key probe instead of a copy of the current row) and
 * the packed path it replaced (every row packed for sc_catalog__row_put/_get
 * and unpacked there again; still used for partial after images, and forced
 * with SC_REPLICA_PACKED_ROWS=1). For each row image (FULL, MINIMAL, NOBLOB)
 * one source's random DDL stream is applied to two replicas, one per path, in
 * the same rounds: every system table holds the same packed rows, and the
 * replicas' logs hold the same events, byte for byte but for the event
 * timestamps (the local commit's clock) and the checksums over them. The
 * idempotent-mode skips of missing rows count the same on both paths. And
 * the write modes the message path uses: a replace or an insert checks the
 * key in the write itself (no probe before it).
 */
#include <stdlib.h>

#include "tests/replica_util.h"
#include "catalog/rowmsg.h"
#include "replicate/replica.h"
#include "replicate/sysmap.h"

static char base[256];
static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    unsetenv("SC_REPLICA_PACKED_ROWS");
    sc_fixture_rmtree(base);
}

static sc_replica_stats apply_path(ru_node *r, bool packed)
{
    sc_replica_stats st;

    if (packed)
        ck_assert_int_eq(setenv("SC_REPLICA_PACKED_ROWS", "1", 1), 0);
    st = ru_apply_ok(r, "s");
    unsetenv("SC_REPLICA_PACKED_ROWS");
    return st;
}

START_TEST(test_rows_paths_agree)
{
    ru_node s, fast, slow;
    sc_replica_stats sf = {0}, ss = {0};
    uint64_t rows_f = 0, rows_s = 0;
    unsigned steps = ru_long() ? 1500 : 160;
    uint8_t *lf, *ls;
    size_t nf, ns;
    char *a, *b;
    ru_gen g;

    ru_create(&s, base, "src", 11, images[_i]);
    ru_create(&fast, base, "fast", 99, NULL);
    ru_create(&slow, base, "slow", 99, NULL);
    ru_add_source(&fast, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_add_source(&slow, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_gen_init(&g, 310u + (unsigned)_i, "db");
    for (unsigned i = 0; i < steps; i++) {
        ru_gen_step(&g, &s);
        if (i % 25 == 24) {
            sf = apply_path(&fast, false);
            ss = apply_path(&slow, true);
            rows_f += sf.rows;
            rows_s += ss.rows;
        }
    }
    sf = apply_path(&fast, false);
    ss = apply_path(&slow, true);
    rows_f += sf.rows;
    rows_s += ss.rows;
    ck_assert_uint_eq(rows_f, rows_s);
    ck_assert_uint_gt(rows_f, steps);

    a = ru_raw_rows(&fast);
    b = ru_raw_rows(&slow);
    ck_assert_msg(strcmp(a, b) == 0, "%s image: the system tables' rows differ", images[_i]);
    free(a);
    free(b);
    lf = ru_masked_log(&fast, &nf);
    ls = ru_masked_log(&slow, &ns);
    ck_assert_uint_eq(nf, ns);
    ck_assert_msg(memcmp(lf, ls, nf) == 0, "%s image: the local logs differ", images[_i]);
    free(lf);
    free(ls);
    a = ru_dump_all(&s);
    b = ru_dump_all(&fast);
    ck_assert_str_eq(a, b);
    sc_free(s.ctx, a);
    sc_free(fast.ctx, b);
    ru_fsck_ok(&fast);
    ru_close(&s);
    ru_close(&fast);
    ru_close(&slow);
}
END_TEST

/* Idempotent mode: the source drops a table the replicas dropped already; each
 * row of it is skipped and counted, the same on both paths. */
START_TEST(test_rows_paths_idempotent_skips)
{
    ru_node s, fast, slow;
    sc_replica_stats sf, ss;
    char *a, *b;

    ru_create(&s, base, "src", 11, images[_i]);
    ru_create(&fast, base, "fast", 99, NULL);
    ru_create(&slow, base, "slow", 99, NULL);
    ru_add_source(&fast, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_IDEMPOTENT);
    ru_add_source(&slow, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_IDEMPOTENT);
    ru_exec_ok(&s, "CREATE DATABASE d");
    ru_exec_ok(&s, "CREATE TABLE d.t (i INT PRIMARY KEY, v VARCHAR(20), KEY (v))");
    ru_exec_ok(&s, "CREATE TABLE d.u (i INT PRIMARY KEY)");
    apply_path(&fast, false);
    apply_path(&slow, true);
    ru_exec_ok(&fast, "DROP TABLE d.t");
    ru_exec_ok(&slow, "DROP TABLE d.t");
    ru_exec_ok(&s, "ALTER TABLE d.t COMMENT 'x'");
    ru_exec_ok(&s, "DROP TABLE d.t");
    ru_exec_ok(&s, "ALTER TABLE d.u ADD COLUMN w INT");
    sf = apply_path(&fast, false);
    ss = apply_path(&slow, true);
    ck_assert_uint_gt(sf.rows_skipped, 3); /* the table row, 2 columns, the keys */
    ck_assert_uint_eq(sf.rows_skipped, ss.rows_skipped);
    ck_assert_uint_eq(sf.txns, ss.txns);
    a = ru_raw_rows(&fast);
    b = ru_raw_rows(&slow);
    ck_assert_msg(strcmp(a, b) == 0, "%s image: the system tables' rows differ", images[_i]);
    free(a);
    free(b);
    ru_fsck_ok(&fast);
    ru_close(&s);
    ru_close(&fast);
    ru_close(&slow);
}
END_TEST

static int first_row(sc_slice packed, void *payload)
{
    sc_buf *b = payload;

    if (!b->len)
        sc__buf_put(b, packed.data, packed.len);
    return 0;
}

/* A replace of a missing key writes nothing and leaves the transaction
 * usable; a replace of an existing one rewrites it; an insert of an existing
 * key is SC_EEXISTS. On the first schemata row (schema syscat), its id
 * moved past every id in use for the missing key. */
START_TEST(test_rows_write_modes)
{
    ru_node n;
    sc_sysmap m;
    sc_binlog_value v[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *old = NULL, *row = NULL;
    sc_arena ar;
    sc_buf b;
    sc_txn *txn = NULL;
    bool found = true;
    unsigned id;

    ru_create(&n, base, "modes", 5, NULL);
    sc__buf_init(&b, n.ctx);
    sc__arena_init(&ar, n.ctx, 1024);
    ck_assert_int_eq(sc_sysmap__init(&m, n.ctx, SC_SYS_SCHEMATA), SC_OK);
    ck_assert_uint_eq(m.npk, 1);
    id = m.pk[0];
    ck_assert_int_eq(sc_txn_begin(&txn, n.cat, 0), SC_OK);
    ck_assert_int_eq(sc_catalog__row_foreach(txn, SC_SYS_SCHEMATA, first_row, &b), SC_OK);
    ck_assert_uint_gt(b.len, 0);
    ck_assert_int_eq(sc_sysmap__row(v, &old, n.ctx, &m, (sc_slice){b.data, b.len}), SC_OK);
    ck_assert_int_eq(sc_sysmap__msg(&row, &ar, &m, v, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog__row_write_msg(txn, SC_SYS_SCHEMATA, row, SC_ROWMSG_REPLACE),
                     SC_OK);
    ck_assert_int_eq(sc_catalog__row_write_msg(txn, SC_SYS_SCHEMATA, row, SC_ROWMSG_INSERT),
                     SC_EEXISTS);
    sc_txn_abort(txn); /* a failed insert leaves the transaction to abort */
    ck_assert_int_eq(sc_txn_begin(&txn, n.cat, 0), SC_OK);
    v[id].v.u += 1000000;
    ck_assert_int_eq(sc_sysmap__msg(&row, &ar, &m, v, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog__row_write_msg(txn, SC_SYS_SCHEMATA, row, SC_ROWMSG_REPLACE),
                     SC_ENOTFOUND);
    sc_ctx_clear_error(n.ctx);
    ck_assert_int_eq(sc_catalog__row_exists(&found, txn, SC_SYS_SCHEMATA, row), SC_OK);
    ck_assert(!found);
    v[id].v.u -= 1000000; /* the same transaction goes on: the real row */
    ck_assert_int_eq(sc_sysmap__msg(&row, &ar, &m, v, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog__row_write_msg(txn, SC_SYS_SCHEMATA, row, SC_ROWMSG_REPLACE),
                     SC_OK);
    ck_assert_int_eq(sc_txn_commit(txn), SC_OK);
    ru_fsck_ok(&n);
    sc_sysmap__free_row(n.ctx, old);
    sc__arena_free(&ar);
    sc__buf_free(&b);
    ru_close(&n);
}
END_TEST

Suite *sc_test_replicate_replica_rows_suite(void);

Suite *sc_test_replicate_replica_rows_suite(void)
{
    Suite *s = suite_create("replicate_replica_rows");
    TCase *tc = tcase_create("paths");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_rows_paths_agree, 0, 3);
    tcase_add_loop_test(tc, test_rows_paths_idempotent_skips, 0, 3);
    tcase_add_test(tc, test_rows_write_modes);
    suite_add_tcase(s, tc);
    return s;
}
