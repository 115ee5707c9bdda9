/*
 * check_replicate_images.c - the replica's local log is the same whether its
 * inserts' row images come from the applier (the source's bytes with the ids
 * translated, replica_rows.c "Logged images") or from the commit hook,
 * which decodes the catalog's recorded row and encodes it again
 * (SC_REPLICA_LOG_IMAGES=hook; that replica also decodes every source event
 * with the generic decoder, SC_REPLICA_DECODE=generic, the other with the
 * system tables' plans). Two replicas apply the same rounds, one per path,
 * with both logs' clocks fixed (sc_log__test_now, sc_replica__test_now):
 * every binlog file must be the same byte for byte, checksums included, and
 * the system tables the same rows. Random DDL streams (DROP DATABASE
 * cascades among them) under every pair of source and replica row image
 * (FULL, MINIMAL, NOBLOB), with data rows of a user table; a fan-in of
 * three sources whose names clash, with rewrite rules and the rewrite policy
 * (rewritten names take the hook's way); idempotent mode over rows the
 * replicas dropped. Each test also checks that the applier's images were
 * used, so the comparison is not between two runs of the hook.
 */
#include <stdlib.h>

#include "tests/replica_util.h"
#include "replicate/replica.h"

static char base[256];
static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
    sc_log__test_now = 1790000000u;
    sc_replica__test_now = 1790000000u;
}

static void teardown(void)
{
    sc_log__test_now = 0;
    sc_replica__test_now = 0;
    unsetenv("SC_REPLICA_LOG_IMAGES");
    unsetenv("SC_REPLICA_DECODE");
    sc_fixture_rmtree(base);
}

/* Apply source `name` on the hook-path replica, then on the fast one: the same outcome. */
static void apply_both(ru_node *hook, ru_node *fast, const char *name, unsigned long *used)
{
    sc_replica_stats s1, s2;
    unsigned long before;
    char m1[600], m2[600];
    int r1, r2;

    ck_assert_int_eq(setenv("SC_REPLICA_LOG_IMAGES", "hook", 1), 0);
    ck_assert_int_eq(setenv("SC_REPLICA_DECODE", "generic", 1), 0);
    before = sc_log__hints_used;
    r1 = sc_replica_apply(&s1, hook->log, name, NULL, NULL);
    ck_assert_uint_eq(sc_log__hints_used, before); /* the switch turns them all off */
    snprintf(m1, sizeof(m1), "%s", r1 ? sc_ctx_last_error(hook->ctx)->message : "");
    unsetenv("SC_REPLICA_LOG_IMAGES");
    unsetenv("SC_REPLICA_DECODE");
    before = sc_log__hints_used;
    r2 = sc_replica_apply(&s2, fast->log, name, NULL, NULL);
    *used += sc_log__hints_used - before;
    snprintf(m2, sizeof(m2), "%s", r2 ? sc_ctx_last_error(fast->ctx)->message : "");
    ck_assert_msg(r1 == SC_OK, "apply %s: %s", name, m1);
    ck_assert_int_eq(r1, r2);
    ck_assert_str_eq(m1, m2);
    ck_assert_uint_eq(s1.txns, s2.txns);
    ck_assert_uint_eq(s1.rows, s2.rows);
    ck_assert_uint_eq(s1.rows_skipped, s2.rows_skipped);
}

static void replicas(ru_node *hook, ru_node *fast, const char *image)
{
    ru_node *r[2] = {hook, fast};

    ru_create(hook, base, "hook", 99, image);
    ru_create(fast, base, "fast", 99, image);
    for (int k = 0; k < 2; k++) { /* local ids other than the source's: translated */
        ru_exec_ok(r[k], "CREATE DATABASE here");
        ru_exec_ok(r[k], "CREATE TABLE here.t (i INT)");
    }
}

/* A random stream: source image _i / 3, replicas' image _i % 3; two seeds each. */
START_TEST(test_images_random_stream)
{
    ru_node s, hook, fast;
    unsigned long used = 0;
    unsigned steps = ru_long() ? 1200 : 90;
    uint64_t tid;
    ru_names dbs;
    ru_gen g;
    char *a, *b;

    ru_create(&s, base, "src", 11, images[_i / 3]);
    replicas(&hook, &fast, images[_i % 3]);
    ru_add_source(&hook, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_add_source(&fast, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s, "CREATE DATABASE u");
    ru_exec_ok(&s, "CREATE TABLE u.d (i INT PRIMARY KEY, v VARCHAR(40))");
    tid = ru_table_id(&s, "u", "d");
    for (unsigned seed = 0; seed < 2; seed++) {
        ru_gen_init(&g, 910u + 10 * (unsigned)_i + seed, seed ? "dc" : "db");
        for (unsigned i = 0; i < steps; i++) {
            ru_gen_step(&g, &s);
            if (i % 7 == 0)
                ru_data_rows(&s, tid, (int)(seed * 10000 + i));
            if (i % 30 == 29)
                apply_both(&hook, &fast, "s", &used);
        }
    }
    apply_both(&hook, &fast, "s", &used);
    ck_assert_uint_gt(used, steps); /* several column rows per CREATE */
    ru_assert_same_logs(&hook, &fast);
    ru_databases(&dbs, &s);
    for (size_t d = 0; d < dbs.n; d++) { /* the replica has `here` besides */
        a = ru_dump_db(&s, dbs.names[d], NULL);
        b = ru_dump_db(&fast, dbs.names[d], NULL);
        ck_assert_ptr_nonnull(b);
        ck_assert_msg(strcmp(a, b) == 0, "database %s differs", dbs.names[d]);
        free(a);
        free(b);
    }
    ru_fsck_ok(&fast);
    ru_close(&s);
    ru_close(&hook);
    ru_close(&fast);
}
END_TEST

/*
 * Fan-in: three sources create the same database names and tables whose ids
 * collide; s2's `shared` is renamed by a rule, s3's names clash and take the
 * rewrite policy; then random streams and a DROP DATABASE of a foreign-key
 * chain (its cascaded rows).
 */
START_TEST(test_images_fan_in)
{
    static const char *const rule[] = {"shared=s2_shared"};
    ru_node src[3], hook, fast;
    unsigned long used = 0;
    char name[8];
    ru_gen g[3];

    replicas(&hook, &fast, images[_i]);
    for (int k = 0; k < 3; k++) {
        snprintf(name, sizeof(name), "s%d", k + 1);
        ru_create(&src[k], base, name, 11 + (unsigned)k, images[(_i + (unsigned)k) % 3]);
        ru_add_source(&hook, name, &src[k], k == 1 ? rule : NULL, k == 1,
                      k == 2 ? SC_REPLICA_ON_CONFLICT_REWRITE : SC_REPLICA_ON_CONFLICT_STOP,
                      SC_REPLICA_EXEC_STRICT);
        ru_add_source(&fast, name, &src[k], k == 1 ? rule : NULL, k == 1,
                      k == 2 ? SC_REPLICA_ON_CONFLICT_REWRITE : SC_REPLICA_ON_CONFLICT_STOP,
                      SC_REPLICA_EXEC_STRICT);
        ru_exec_ok(&src[k], "CREATE DATABASE shared");
        ru_exec_ok(&src[k], "CREATE TABLE shared.p (i INT PRIMARY KEY, v VARCHAR(20), KEY (v))");
        ru_exec_ok(&src[k], "CREATE TABLE shared.c (i INT PRIMARY KEY, p INT, FOREIGN KEY (p) "
                            "REFERENCES p (i) ON DELETE CASCADE)");
        ru_exec_ok(&src[k], "CREATE TABLE shared.cc (i INT PRIMARY KEY, c INT, FOREIGN KEY (c) "
                            "REFERENCES c (i))");
        snprintf(name, sizeof(name), "f%d_", k + 1);
        ru_gen_init(&g[k], 950u + 7 * (unsigned)_i + (unsigned)k, name);
    }
    for (unsigned i = 0; i < 60; i++) {
        for (int k = 0; k < 3; k++)
            ru_gen_step(&g[k], &src[k]);
        if (i % 20 == 19)
            for (int k = 0; k < 3; k++) {
                snprintf(name, sizeof(name), "s%d", k + 1);
                apply_both(&hook, &fast, name, &used);
            }
    }
    for (int k = 0; k < 3; k++) {
        ru_exec_ok(&src[k], "DROP DATABASE shared");
        snprintf(name, sizeof(name), "s%d", k + 1);
        apply_both(&hook, &fast, name, &used);
    }
    ck_assert_uint_gt(used, 100);
    ru_assert_same_logs(&hook, &fast);
    ru_fsck_ok(&fast);
    for (int k = 0; k < 3; k++)
        ru_close(&src[k]);
    ru_close(&hook);
    ru_close(&fast);
}
END_TEST

/* Idempotent mode: inserts of rows the replicas have already (a put over
 * them is an update in the catalog's change list: the hook's way). */
START_TEST(test_images_idempotent)
{
    ru_node s, hook, fast;
    unsigned long used = 0;

    ru_create(&s, base, "src", 11, images[_i]);
    replicas(&hook, &fast, images[_i]);
    ru_add_source(&hook, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_IDEMPOTENT);
    ru_add_source(&fast, "s", &s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_IDEMPOTENT);
    ru_exec_ok(&s, "CREATE DATABASE d");
    ru_exec_ok(&s, "CREATE TABLE d.t (i INT PRIMARY KEY, v VARCHAR(20), KEY (v))");
    ru_exec_ok(&s, "CREATE TABLE d.u (i INT PRIMARY KEY)");
    apply_both(&hook, &fast, "s", &used);
    ru_exec_ok(&hook, "DROP TABLE d.t");
    ru_exec_ok(&fast, "DROP TABLE d.t");
    ru_exec_ok(&s, "ALTER TABLE d.t COMMENT 'x'");
    ru_exec_ok(&s, "DROP TABLE d.t");
    ru_exec_ok(&s, "ALTER TABLE d.u ADD COLUMN w INT, ADD KEY (w)");
    ru_exec_ok(&s, "CREATE TABLE d.v (i INT PRIMARY KEY, t TEXT)");
    apply_both(&hook, &fast, "s", &used);
    ck_assert_uint_gt(used, 5);
    ru_assert_same_logs(&hook, &fast);
    ru_fsck_ok(&fast);
    ru_close(&s);
    ru_close(&hook);
    ru_close(&fast);
}
END_TEST

Suite *sc_test_replicate_images_suite(void);

Suite *sc_test_replicate_images_suite(void)
{
    Suite *s = suite_create("replicate_images");
    TCase *tc = tcase_create("images");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_images_random_stream, 0, 9);
    tcase_add_loop_test(tc, test_images_fan_in, 0, 3);
    tcase_add_loop_test(tc, test_images_idempotent, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}
