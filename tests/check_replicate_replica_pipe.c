/*
 * check_replicate_replica_pipe.c - the applier's reading thread
 * (replicate/replica_pipe.c) changes nothing but who reads: for each row
 * image (FULL, MINIMAL, NOBLOB) one source's random DDL stream, with data
 * rows of a user table among it (whose TABLE_MAP changes inside a round), is
 * applied to two replicas in the same
 * rounds, one with one thread (SC_REPLICA_THREADS=1) and one with a reading
 * thread always (SC_REPLICA_THREADS=2): the same counters, the same packed
 * rows in every system table, the same local log (event timestamps and
 * checksums masked). And where a round stops: a strict-mode 1032, a damaged
 * event and a transaction not completely written stop both at the same
 * transaction with the same message and the same position, and leave the same
 * catalog behind.
 */
#include <stdlib.h>

#include "tests/replica_util.h"
#include "replicate/replica.h"

static char base[256];
static const char *const images[] = {"FULL", "MINIMAL", "NOBLOB"};

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
}

static void teardown(void)
{
    unsetenv("SC_REPLICA_THREADS");
    sc_fixture_rmtree(base);
}

/* sc_replica_apply with one thread or two; the error text kept in msg. */
static int apply_threads(sc_replica_stats *st, ru_node *r, int threads, char *msg, size_t size)
{
    char v[2] = {(char)('0' + threads), '\0'};
    int rc;

    ck_assert_int_eq(setenv("SC_REPLICA_THREADS", v, 1), 0);
    rc = sc_replica_apply(st, r->log, "s", NULL, NULL);
    unsetenv("SC_REPLICA_THREADS");
    snprintf(msg, size, "%s", rc ? sc_ctx_last_error(r->ctx)->message : "");
    return rc;
}

/* Both replicas apply; the same result, counters and message. */
static int apply_both(ru_node *one, ru_node *two, sc_replica_stats *out)
{
    sc_replica_stats s1, s2;
    char m1[600], m2[600];
    unsigned long piped = sc_replica__piped_rounds;
    int r1 = apply_threads(&s1, one, 1, m1, sizeof(m1));
    unsigned long piped_one = sc_replica__piped_rounds;
    int r2 = apply_threads(&s2, two, 2, m2, sizeof(m2));

    ck_assert_uint_eq(piped_one, piped);                /* one thread: never piped */
    ck_assert_uint_gt(sc_replica__piped_rounds, piped); /* two: every file's round */

    ck_assert_int_eq(r1, r2);
    ck_assert_str_eq(m1, m2);
    ck_assert_uint_eq(s1.txns, s2.txns);
    ck_assert_uint_eq(s1.rows, s2.rows);
    ck_assert_uint_eq(s1.rows_skipped, s2.rows_skipped);
    ck_assert_uint_eq(s1.gtid_seq, s2.gtid_seq);
    if (out)
        *out = s1;
    return r1;
}

/* The same rows, the same log, the same position. */
static void assert_same(ru_node *one, ru_node *two)
{
    sc_replica_status p1, p2;
    char *a = ru_raw_rows(one), *b = ru_raw_rows(two);
    uint8_t *l1, *l2;
    size_t n1, n2;

    ck_assert_msg(strcmp(a, b) == 0, "the system tables' rows differ");
    free(a);
    free(b);
    l1 = ru_masked_log(one, &n1);
    l2 = ru_masked_log(two, &n2);
    ck_assert_uint_eq(n1, n2);
    {
        size_t at = 0;
        while (at < n1 && l1[at] == l2[at])
            at++;
        ck_assert_msg(at == n1, "the local logs differ at byte %zu of %zu (%02x against %02x)", at,
                      n1, at < n1 ? l1[at] : 0, at < n1 ? l2[at] : 0);
    }
    free(l1);
    free(l2);
    ck_assert_int_eq(sc_replica_status_get(&p1, one->log, "s"), SC_OK);
    ck_assert_int_eq(sc_replica_status_get(&p2, two->log, "s"), SC_OK);
    ck_assert_str_eq(p1.file, p2.file);
    ck_assert_uint_eq(p1.position, p2.position);
    ck_assert_str_eq(p1.last_error, p2.last_error);
}

static void nodes(ru_node *s, ru_node *one, ru_node *two, const char *image, int exec_mode)
{
    ru_create(s, base, "src", 11, image);
    ru_create(one, base, "one", 99, NULL);
    ru_create(two, base, "two", 99, NULL);
    ru_add_source(one, "s", s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, exec_mode);
    ru_add_source(two, "s", s, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, exec_mode);
}

START_TEST(test_pipe_same_result)
{
    ru_node s, one, two;
    sc_replica_stats st;
    uint64_t txns = 0, tid;
    unsigned steps = ru_long() ? 1500 : 200;
    char *a, *b;
    ru_gen g;

    nodes(&s, &one, &two, images[_i], SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s, "CREATE DATABASE u");
    ru_exec_ok(&s, "CREATE TABLE u.d (i INT PRIMARY KEY, v VARCHAR(40))");
    tid = ru_table_id(&s, "u", "d");
    ru_gen_init(&g, 710u + (unsigned)_i, "db");
    for (unsigned i = 0; i < steps; i++) {
        ru_gen_step(&g, &s);
        if (i % 7 == 0)
            ru_data_rows(&s, tid, (int)i);
        if (i % 40 == 20) /* a new TABLE_MAP version inside a round: 1- or 2-byte lengths */
            ru_exec_ok(&s, i % 80 == 20 ? "ALTER TABLE u.d MODIFY v VARCHAR(80)"
                                        : "ALTER TABLE u.d MODIFY v VARCHAR(40)");
        if (i % 40 == 39) {
            ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
            txns += st.txns;
        }
    }
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
    txns += st.txns;
    ck_assert_uint_gt(txns, steps / 2);
    assert_same(&one, &two);
    a = ru_dump_all(&s);
    b = ru_dump_all(&two);
    ck_assert_str_eq(a, b);
    sc_free(s.ctx, a);
    sc_free(two.ctx, b);
    ru_fsck_ok(&two);
    ru_close(&s);
    ru_close(&one);
    ru_close(&two);
}
END_TEST

/* Strict mode: a row the replicas lack stops both at the same transaction
 * (1032), the transactions before it applied, nothing of it. */
START_TEST(test_pipe_stops_at_the_same_transaction)
{
    ru_node s, one, two;
    sc_replica_stats st;
    char name[64];

    nodes(&s, &one, &two, NULL, SC_REPLICA_EXEC_STRICT);
    ru_exec_ok(&s, "CREATE DATABASE d");
    ru_exec_ok(&s, "CREATE TABLE d.t (i INT PRIMARY KEY)");
    ck_assert_int_eq(apply_both(&one, &two, NULL), SC_OK);
    ru_exec_ok(&one, "DROP TABLE d.t");
    ru_exec_ok(&two, "DROP TABLE d.t");
    for (int i = 0; i < 30; i++) {
        snprintf(name, sizeof(name), "CREATE TABLE d.a%d (i INT, KEY (i))", i);
        ru_exec_ok(&s, name);
    }
    ru_exec_ok(&s, "ALTER TABLE d.t ADD COLUMN w INT");
    ru_exec_ok(&s, "CREATE TABLE d.after (i INT)");
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_ESQL);
    ck_assert_uint_eq(st.txns, 30);
    assert_same(&one, &two);
    ru_close(&s);
    ru_close(&one);
    ru_close(&two);
}
END_TEST

/* The offset of the n-th GTID event of a binlog file's bytes. */
static size_t nth_gtid(const uint8_t *d, size_t len, int n)
{
    for (size_t at = 4; at + 19 <= len;) {
        uint32_t evlen = (uint32_t)d[at + 9] | (uint32_t)d[at + 10] << 8 |
                         (uint32_t)d[at + 11] << 16 | (uint32_t)d[at + 12] << 24;
        if (d[at + 4] == 162 && n-- == 0) /* GTID_EVENT */
            return at;
        ck_assert_uint_ge(evlen, 19);
        at += evlen;
    }
    ck_abort_msg("no GTID number %d", n);
    return 0;
}

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *d;
    long size;

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    size = ftell(f);
    rewind(f);
    ck_assert_ptr_nonnull(d = malloc((size_t)size));
    ck_assert_uint_eq(fread(d, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return d;
}

static void write_all(const char *path, const uint8_t *d, size_t len)
{
    FILE *f = fopen(path, "wb");

    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

/*
 * A copy of the source's log (directory base/cut) that the test damages or
 * cuts: a flipped byte inside transaction 26 stops both replicas at it with
 * the same checksum message; the same file cut there is a source still
 * writing: both apply the 25 transactions before it and wait, then the rest.
 */
START_TEST(test_pipe_damage_and_tail)
{
    ru_node s, one, two, cut;
    sc_replica_stats st;
    char path[700], sql[64];
    uint8_t *d;
    size_t len, at;

    ru_create(&s, base, "src", 11, NULL);
    ru_exec_ok(&s, "CREATE DATABASE d");
    for (int i = 0; i < 40; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE d.t%d (i INT PRIMARY KEY, v TEXT)", i);
        ru_exec_ok(&s, sql);
    }
    ck_assert_int_eq(sc_log_sync(s.log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    d = read_all(path, &len);
    /* base/cut: a source directory whose binlog/ the test writes by hand */
    snprintf(path, sizeof(path), "%s/cut", base);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    snprintf(path, sizeof(path), "%s/cut/binlog", base);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    snprintf(path, sizeof(path), "%s/cut/binlog/binlog.index", base);
    write_all(path, (const uint8_t *)"./binlog.000001\n", 16);
    snprintf(path, sizeof(path), "%s/cut/binlog/binlog.000001", base);
    memset(&cut, 0, sizeof(cut));
    snprintf(cut.dir, sizeof(cut.dir), "%s/cut", base);
    ru_create(&one, base, "one", 99, NULL);
    ru_create(&two, base, "two", 99, NULL);
    ru_add_source(&one, "s", &cut, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_add_source(&two, "s", &cut, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);

    at = nth_gtid(d, len, 25) + 40; /* inside the transaction after the 25th GTID */
    write_all(path, d, at);         /* cut: the source is still writing */
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
    ck_assert_uint_eq(st.txns, 25); /* the bootstrap, CREATE DATABASE, 23 CREATE TABLEs */
    assert_same(&one, &two);
    d[at] ^= 0x55; /* whole again, with a flipped byte where it was cut */
    write_all(path, d, len);
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_ECORRUPT);
    ck_assert_uint_eq(st.txns, 0);
    assert_same(&one, &two);
    d[at] ^= 0x55; /* repaired: the rest */
    write_all(path, d, len);
    ck_assert_int_eq(apply_both(&one, &two, &st), SC_OK);
    ck_assert_uint_eq(st.txns, 42 - 25);
    assert_same(&one, &two);
    free(d);
    ru_close(&s);
    ru_close(&one);
    ru_close(&two);
}
END_TEST

Suite *sc_test_replicate_replica_pipe_suite(void);

Suite *sc_test_replicate_replica_pipe_suite(void)
{
    Suite *s = suite_create("replicate_replica_pipe");
    TCase *tc = tcase_create("pipe");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_pipe_same_result, 0, 3);
    tcase_add_test(tc, test_pipe_stops_at_the_same_transaction);
    tcase_add_test(tc, test_pipe_damage_and_tail);
    suite_add_tcase(s, tc);
    return s;
}
