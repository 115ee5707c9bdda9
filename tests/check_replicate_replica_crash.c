/*
 * check_replicate_replica_crash.c - a replica applier SIGKILLed at random
 * points resumes where its last committed transaction left it: the final
 * catalog (dump and id map) equals that of an uninterrupted run. A second
 * run kills the source's writer too while the replica reads its files.
 * Quick mode in make test; SC_REPLICA_LONG=1: 220 kills each.
 */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/replica_util.h"

static char base[256];

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    sc_fixture_rmtree(base);
}

static void idmap_text(ru_text *out, ru_node *r)
{
    ru_idmap m = {NULL, 0, 0, 0, {NULL, 0, 0}};

    ck_assert_int_eq(sc_replica_idmap(r->log, NULL, ru_idmap_cb, &m), SC_OK);
    *out = m.text;
}

/* Child: apply until nothing is left, then exit 0 (or 4 on an error). */
static void applier_child(ru_node *r)
{
    sc_replica_stats st;
    char batch[16];

    /* small batches (1 to 8 transactions per local commit): kills land between
     * commits of one apply, not only before its single commit */
    snprintf(batch, sizeof(batch), "%u", 1 + (unsigned)getpid() % 8);
    setenv("SC_REPLICA_BATCH", batch, 1);
    ru_open(r);
    do {
        if (sc_replica_apply(&st, r->log, "s", NULL, NULL) != SC_OK) {
            fprintf(stderr, "applier: %s\n", sc_ctx_last_error(r->ctx)->message);
            _exit(4);
        }
    } while (st.txns);
    ru_close(r);
    _exit(0);
}

static uint64_t applied(ru_node *r)
{
    sc_replica_status st;

    ru_open(r);
    ck_assert_int_eq(sc_replica_status_get(&st, r->log, "s"), SC_OK);
    ru_close(r);
    return st.txns_applied;
}

START_TEST(test_replica_crash_applier_killed)
{
    ru_node s, r0, r1;
    ru_gen g;
    ru_text m0, m1;
    char *d0, *d1;
    unsigned seed = (unsigned)time(NULL);
    int kills = ru_long() ? 220 : 12, mid = 0, finished = 0;
    uint64_t last = 0;
    struct timespec t0, t1;
    long span;

    fprintf(stderr, "replica crash seed %u\n", seed);
    ru_create(&s, base, "src", 11, "MINIMAL");
    ru_gen_init(&g, 4242, "k");
    for (int i = 0; i < (ru_long() ? 1500 : 150); i++)
        ru_gen_step(&g, &s);
    ru_create(&r0, base, "ref", 99, NULL);
    ru_create(&r1, base, "rep", 99, NULL);
    ru_add_source(&r0, "s", &s, NULL, 0, 0, 0);
    ru_add_source(&r1, "s", &s, NULL, 0, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ru_apply_ok(&r0, "s");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* spread the kills over about twice the time a whole apply takes (each restart resumes),
     * so that most of them land inside a transaction being applied */
    span = (long)((t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000);
    span = 2 * span / kills + 3000;
    d0 = ru_dump_all(&r0);
    idmap_text(&m0, &r0);
    ru_close(&r1);
    for (int k = 0; k < kills; k++) {
        pid_t pid = fork();
        int st;
        uint64_t now;
        ck_assert_int_ge(pid, 0);
        if (pid == 0)
            applier_child(&r1);
        usleep((useconds_t)(rand_r(&seed) % (unsigned)span));
        kill(pid, SIGKILL);
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        ck_assert_msg(!WIFEXITED(st) || WEXITSTATUS(st) == 0, "applier failed");
        finished += WIFEXITED(st);
        now = applied(&r1);
        ck_assert_uint_ge(now, last); /* never goes back */
        mid += now > last && !WIFEXITED(st);
        last = now;
    }
    ru_open(&r1);
    ru_apply_ok(&r1, "s");
    d1 = ru_dump_all(&r1);
    idmap_text(&m1, &r1);
    ck_assert_str_eq(d0, d1);
    ck_assert_str_eq(m0.s, m1.s);
    ru_fsck_ok(&r1);
    fprintf(stderr, "replica crash: %d kills, %d while applying with progress, %d finished\n",
            kills, mid, finished);
    sc_free(r0.ctx, d0);
    sc_free(r1.ctx, d1);
    free(m0.s);
    free(m1.s);
    ru_close(&r0);
    ru_close(&r1);
    ru_close(&s);
}
END_TEST

static void writer_child(ru_node *s, unsigned seed)
{
    ru_gen g;

    ru_open(s);
    ru_gen_init(&g, seed, "w");
    for (int i = 0; i < 8; i++)
        snprintf(g.dbs[g.ndbs++], sizeof(g.dbs[0]), "w%d", i);
    for (int i = 0; i < 40; i++)
        ru_gen_step(&g, s);
    ru_close(s);
    _exit(0);
}

START_TEST(test_replica_crash_source_killed)
{
    ru_node s, r;
    char *ds, *dr;
    unsigned seed = (unsigned)time(NULL) ^ 0x5a5a;
    int kills = ru_long() ? 220 : 8;

    ru_create(&s, base, "src", 11, NULL);
    for (int i = 0; i < 8; i++) {
        char sql[64];
        snprintf(sql, sizeof(sql), "CREATE DATABASE w%d", i);
        ru_exec_ok(&s, sql);
    }
    ru_create(&r, base, "rep", 99, NULL);
    ru_add_source(&r, "s", &s, NULL, 0, 0, 0);
    ru_close(&s);
    for (int k = 0; k < kills; k++) {
        pid_t pid = fork();
        int st;
        ck_assert_int_ge(pid, 0);
        if (pid == 0)
            writer_child(&s, 100u + (unsigned)k);
        for (int j = 0; j < 3; j++) {
            usleep((useconds_t)(rand_r(&seed) % 20000));
            ru_apply_ok(&r, "s"); /* a half-written tail waits; it is never an error */
        }
        kill(pid, SIGKILL);
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        ru_apply_ok(&r, "s");
    }
    ru_open(&s); /* completes the files from the source's catalog */
    ru_apply_ok(&r, "s");
    ds = ru_dump_all(&s);
    dr = ru_dump_all(&r);
    ck_assert_str_eq(ds, dr);
    ru_fsck_ok(&r);
    sc_free(s.ctx, ds);
    sc_free(r.ctx, dr);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

Suite *sc_test_replicate_replica_crash_suite(void);

Suite *sc_test_replicate_replica_crash_suite(void)
{
    Suite *s = suite_create("replicate_replica_crash");
    TCase *tc = tcase_create("crash");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, ru_long() ? 3600 : 150);
    tcase_add_test(tc, test_replica_crash_applier_killed);
    tcase_add_test(tc, test_replica_crash_source_killed);
    suite_add_tcase(s, tc);
    return s;
}
