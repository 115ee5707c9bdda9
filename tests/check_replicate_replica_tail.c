/*
 * check_replicate_replica_tail.c - the replica reading a source file that
 * is still being written (docs/replication.md "Sources"): a file that ends
 * inside an event or inside a transaction means "nothing more yet" (no
 * error, position unchanged), also when the source completes the file
 * between the reader's mapping and its look at the tail (the race of a live
 * source, made deterministic by sc_replica__after_open_hook); genuine damage
 * (a bad checksum in a complete event, an event cut short in a file the
 * source has left for the next one) stays an error.
 */
#include "tests/replica_util.h"
#include "replicate/replica.h"

static char base[256], fake[300], fake_file[700];
static ru_node s, r;
static uint8_t *full; /* the source's binlog.000001 */
static size_t full_len;
static size_t complete_to; /* what the hook writes: full[0 .. complete_to) */

/* Offsets in the source's file: per transaction, GTID, first rows event, XID, end. */
#define MAXT 64
static size_t ntx, gtid_off[MAXT], rows_off[MAXT], xid_off[MAXT], end_off[MAXT];

static void write_prefix(size_t len)
{
    FILE *f = fopen(fake_file, "wb");

    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(full, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static void complete_hook(const char *path)
{
    ck_assert_str_eq(path, fake_file);
    write_prefix(complete_to);
}

static void scan_source(void)
{
    char path[700];
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev = NULL;
    FILE *f;

    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    full_len = (size_t)ftell(f);
    rewind(f);
    full = malloc(full_len);
    ck_assert_uint_eq(fread(full, 1, full_len, f), full_len);
    fclose(f);
    ck_assert_int_eq(sc_binlog_reader_open(&rd, s.ctx, path), SC_OK);
    ntx = 0;
    while (sc_binlog_reader_next(&ev, rd) == SC_OK && ev && ntx < MAXT) {
        if (ev->header.type == SC_EV_GTID) {
            gtid_off[ntx] = ev->offset;
            rows_off[ntx] = 0;
        } else if (sc_event__is_rows(ev->header.type) && !rows_off[ntx])
            rows_off[ntx] = ev->offset;
        else if (ev->header.type == SC_EV_XID) {
            xid_off[ntx] = ev->offset;
            end_off[ntx++] = ev->offset + ev->raw.len;
        }
    }
    sc_binlog_reader_close(rd);
    ck_assert_uint_ge(ntx, 4);
    ck_assert_uint_eq(end_off[ntx - 1], full_len);
}

static void setup(void)
{
    char dir[600];
    ru_node d = {0};

    sc_fixture_tmpdir(base, sizeof(base));
    ru_create(&s, base, "src", 1, NULL);
    /* each transaction maps its tables: the applier reads from the position on */
    ck_assert_int_eq(sc_log_set(s.log, "binlog.table_map", "statement"), SC_OK);
    ru_exec_ok(&s, "CREATE DATABASE one");
    ru_exec_ok(&s, "CREATE TABLE one.a (i INT PRIMARY KEY, v VARCHAR(20))");
    ru_exec_ok(&s, "CREATE TABLE one.b (i INT PRIMARY KEY, j INT, KEY (j))");
    ru_exec_ok(&s, "ALTER TABLE one.a ADD COLUMN w INT");
    scan_source();
    /* the replica reads a copy of the source's file, cut where the test says */
    snprintf(fake, sizeof(fake), "%s/fake", base);
    snprintf(dir, sizeof(dir), "%s/binlog", fake);
    ck_assert_int_eq(mkdir(fake, 0700), 0);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    snprintf(fake_file, sizeof(fake_file), "%s/binlog.000001", dir);
    write_prefix(end_off[ntx - 3]);
    ru_create(&r, base, "rep", 2, NULL);
    snprintf(d.dir, sizeof(d.dir), "%s", fake);
    ru_add_source(&r, "f", &d, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(&r, "f");
}

static void teardown(void)
{
    sc_replica__after_open_hook = NULL;
    free(full);
    full = NULL;
    ru_close(&s);
    ru_close(&r);
    sc_fixture_rmtree(base);
}

static uint64_t position(void)
{
    sc_replica_status st;

    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "f"), SC_OK);
    ck_assert_str_eq(st.last_error, "");
    return st.position;
}

/* Apply: no error, n transactions applied, the position then at want. */
static void apply_expect(uint64_t n, size_t want)
{
    sc_replica_stats st = ru_apply_ok(&r, "f");

    ck_assert_uint_eq(st.txns, n);
    ck_assert_uint_eq(position(), want);
}

START_TEST(test_tail_mid_event)
{
    size_t t = ntx - 2;

    ck_assert_uint_eq(position(), end_off[t - 1]);
    /* cut inside the rows event, inside the GTID's header, right after the GTID */
    write_prefix(rows_off[t] + 30);
    apply_expect(0, end_off[t - 1]);
    write_prefix(gtid_off[t] + 7);
    apply_expect(0, end_off[t - 1]);
    write_prefix(rows_off[t]);
    apply_expect(0, end_off[t - 1]);
    write_prefix(end_off[t]);
    apply_expect(1, end_off[t]);
    write_prefix(full_len);
    apply_expect(1, full_len);
}
END_TEST

START_TEST(test_tail_mid_event_completed_after_map)
{
    size_t t = ntx - 2;

    /* The reader maps a file that ends inside an event; the source completes
     * it before the applier looks at the tail. Nothing more yet, not an error. */
    write_prefix(rows_off[t] + 30);
    complete_to = full_len;
    sc_replica__after_open_hook = complete_hook;
    apply_expect(0, end_off[t - 1]);
    sc_replica__after_open_hook = NULL;
    apply_expect(2, full_len);
}
END_TEST

START_TEST(test_tail_mid_transaction_completed_after_map)
{
    size_t t = ntx - 2;

    write_prefix(xid_off[t]); /* every event but the XID */
    complete_to = end_off[t] + 5;
    sc_replica__after_open_hook = complete_hook;
    apply_expect(0, end_off[t - 1]);
    sc_replica__after_open_hook = NULL;
    apply_expect(1, end_off[t]); /* and the next GTID, 5 bytes of it, waits */
    write_prefix(full_len);
    apply_expect(1, full_len);
}
END_TEST

START_TEST(test_tail_damage_is_an_error)
{
    size_t t = ntx - 2;
    uint8_t saved = full[rows_off[t] + 25];
    char next[800];
    FILE *f;

    /* a bad checksum in a complete event */
    full[rows_off[t] + 25] ^= 0x40;
    write_prefix(full_len);
    ck_assert_int_eq(sc_replica_apply(NULL, r.log, "f", NULL, NULL), SC_ECORRUPT);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(r.ctx)->message, "checksum mismatch"));
    full[rows_off[t] + 25] = saved;
    /* an event cut short in a file the source has left for its next one */
    write_prefix(rows_off[t] + 30);
    snprintf(next, sizeof(next), "%s/binlog/binlog.000002", fake);
    f = fopen(next, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(full, 1, end_off[0], f), end_off[0]);
    fclose(f);
    ck_assert_int_eq(sc_replica_apply(NULL, r.log, "f", NULL, NULL), SC_ECORRUPT);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(r.ctx)->message, "truncated event"));
}
END_TEST

/* Copy src's binlog.000001 to dst, the byte at flip (if any) changed. */
static void copy_log(const ru_node *src, const char *dst, long flip)
{
    char path[700];
    FILE *in, *out;
    long off = 0;
    int c;

    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", src->dir);
    in = fopen(path, "rb");
    out = fopen(dst, "wb");
    ck_assert(in && out);
    while ((c = fgetc(in)) != EOF)
        fputc(off++ == flip ? c ^ 0x20 : c, out);
    fclose(in);
    ck_assert_int_eq(fclose(out), 0);
}

START_TEST(test_reads_from_the_position)
{
    ru_node s2, r2, d = {0};
    char dir[500], file[600];
    sc_replica_status st;

    /* binlog.table_map=statement: every transaction maps its tables, so the
     * applier needs nothing of the file before its position */
    ru_create(&s2, base, "s2", 3, NULL);
    ck_assert_int_eq(sc_log_set(s2.log, "binlog.table_map", "statement"), SC_OK);
    ru_exec_ok(&s2, "CREATE DATABASE two");
    ru_exec_ok(&s2, "CREATE TABLE two.a (i INT PRIMARY KEY)");
    snprintf(d.dir, sizeof(d.dir), "%s/copy2", base);
    snprintf(dir, sizeof(dir), "%s/binlog", d.dir);
    ck_assert_int_eq(mkdir(d.dir, 0700), 0);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    snprintf(file, sizeof(file), "%s/binlog.000001", dir);
    copy_log(&s2, file, -1);
    ru_create(&r2, base, "r2", 4, NULL);
    ru_add_source(&r2, "s2", &d, NULL, 0, SC_REPLICA_ON_CONFLICT_STOP, SC_REPLICA_EXEC_STRICT);
    ru_apply_ok(&r2, "s2");
    ck_assert_int_eq(sc_replica_status_get(&st, r2.log, "s2"), SC_OK);
    /* the source writes on; in the copy, the last applied event is damaged
     * (its checksum): bytes before the position are never read again */
    ru_exec_ok(&s2, "CREATE TABLE two.b (i INT PRIMARY KEY)");
    copy_log(&s2, file, (long)st.position - 6);
    ck_assert_uint_eq(ru_apply_ok(&r2, "s2").txns, 1);
    ru_close(&s2);
    ru_close(&r2);
}
END_TEST

Suite *sc_test_replicate_replica_tail_suite(void);

Suite *sc_test_replicate_replica_tail_suite(void)
{
    Suite *su = suite_create("replicate_replica_tail");
    TCase *tc = tcase_create("tail");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_tail_mid_event);
    tcase_add_test(tc, test_tail_mid_event_completed_after_map);
    tcase_add_test(tc, test_tail_mid_transaction_completed_after_map);
    tcase_add_test(tc, test_tail_damage_is_an_error);
    tcase_add_test(tc, test_reads_from_the_position);
    suite_add_tcase(su, tc);
    return su;
}
