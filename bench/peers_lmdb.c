/*
 * peers_lmdb.c - raw LMDB, the physical floor of a catalog on LMDB, for
 * `make bench-peers` (bench/bench-peers.sh): a table of workload W is 30
 * records (16-byte key: be64 table number | be32 1 | be32 sequence; 200-byte
 * value), about what syscat writes for one (a tables row, 8 columns, 3
 * indexes, their key parts, name entries). Prints key=value lines.
 *
 * usage: peers_lmdb insert DIR N PER_TABLE_TXN
 *            N tables, synced commits (LMDB's defaults); PER_TABLE_TXN 1 =
 *            one transaction a table, 0 = one for all: tables_per_s,
 *            write_bytes_per_table (/proc/self/io wchar)
 *        peers_lmdb lookup DIR N COUNT SEED
 *            COUNT random tables: own read transaction (renew) + a cursor
 *            range over its 30 records: p50_us, p99_us, mean_us
 */
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PER_TABLE 30
#define VAL_SIZE 200

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int rc_ = (x);                                                                             \
        if (rc_) {                                                                                 \
            fprintf(stderr, "peers_lmdb: %s: %s\n", #x, mdb_strerror(rc_));                        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void make_key(unsigned char k[16], uint64_t t, uint32_t seq)
{
    for (int i = 0; i < 8; i++)
        k[i] = (unsigned char)(t >> (56 - 8 * i));
    k[8] = k[9] = k[10] = 0;
    k[11] = 1;
    for (int i = 0; i < 4; i++)
        k[12 + i] = (unsigned char)(seq >> (24 - 8 * i));
}

static MDB_env *open_env(const char *dir, unsigned flags)
{
    MDB_env *env;

    CHECK(mdb_env_create(&env));
    CHECK(mdb_env_set_mapsize(env, (size_t)16 << 30));
    CHECK(mdb_env_open(env, dir, flags, 0644));
    return env;
}

static unsigned long long wchar_now(void)
{
    unsigned long long v = 0;
    char line[128];
    FILE *f = fopen("/proc/self/io", "r");

    while (f && fgets(line, sizeof(line), f))
        if (sscanf(line, "wchar: %llu", &v) == 1)
            break;
    if (f)
        fclose(f);
    return v;
}

static int do_insert(const char *dir, long n, int per_table)
{
    MDB_env *env = open_env(dir, 0);
    MDB_txn *txn;
    MDB_dbi dbi;
    unsigned char k[16], v[VAL_SIZE];
    unsigned long long w0 = wchar_now();
    double t0 = now_s(), t;

    for (int i = 0; i < VAL_SIZE; i++)
        v[i] = (unsigned char)('a' + i % 26);
    CHECK(mdb_txn_begin(env, NULL, 0, &txn));
    CHECK(mdb_dbi_open(txn, NULL, 0, &dbi));
    for (long tb = 0; tb < n; tb++) {
        for (uint32_t s = 0; s < PER_TABLE; s++) {
            MDB_val kv = {16, k}, vv = {VAL_SIZE, v};
            make_key(k, (uint64_t)tb, s);
            memcpy(v, &tb, sizeof(tb));
            CHECK(mdb_put(txn, dbi, &kv, &vv, 0));
        }
        if (per_table && tb + 1 < n) {
            CHECK(mdb_txn_commit(txn));
            CHECK(mdb_txn_begin(env, NULL, 0, &txn));
        }
    }
    CHECK(mdb_txn_commit(txn));
    t = now_s() - t0;
    printf("insert_s=%.3f tables_per_s=%.1f write_bytes_per_table=%.0f\n", t, (double)n / t,
           (double)(wchar_now() - w0) / (double)n);
    mdb_env_close(env);
    return 0;
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = (*s += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int do_lookup(const char *dir, long n, long count, uint64_t seed)
{
    MDB_env *env = open_env(dir, MDB_RDONLY);
    MDB_txn *txn;
    MDB_dbi dbi;
    MDB_cursor *cur;
    unsigned char k[16];
    double *lat = malloc(sizeof(double) * (size_t)count), t0;
    volatile unsigned sink = 0;

    if (!lat)
        return 1;
    CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
    CHECK(mdb_dbi_open(txn, NULL, 0, &dbi));
    mdb_txn_reset(txn);
    t0 = now_s();
    for (long q = 0; q < count; q++) {
        uint64_t tb = rng_next(&seed) % (uint64_t)n;
        MDB_val kv = {16, k}, vv;
        int got = 0, rc;
        double a = now_s();

        make_key(k, tb, 0);
        CHECK(mdb_txn_renew(txn));
        CHECK(mdb_cursor_open(txn, dbi, &cur));
        for (rc = mdb_cursor_get(cur, &kv, &vv, MDB_SET_RANGE);
             rc == 0 && memcmp(kv.mv_data, k, 12) == 0;
             rc = mdb_cursor_get(cur, &kv, &vv, MDB_NEXT)) {
            sink += ((const unsigned char *)vv.mv_data)[VAL_SIZE - 1];
            got++;
        }
        mdb_cursor_close(cur);
        mdb_txn_reset(txn);
        lat[q] = now_s() - a;
        if (got != PER_TABLE) {
            fprintf(stderr, "peers_lmdb: table %llu has %d records\n", (unsigned long long)tb, got);
            return 1;
        }
    }
    t0 = now_s() - t0;
    qsort(lat, (size_t)count, sizeof(double), cmp_double);
    printf("p50_us=%.3f p99_us=%.3f mean_us=%.3f\n", lat[count / 2] * 1e6,
           lat[count * 99 / 100] * 1e6, t0 * 1e6 / (double)count);
    mdb_txn_abort(txn);
    mdb_env_close(env);
    free(lat);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "insert") == 0)
        return do_insert(argv[2], atol(argv[3]), atoi(argv[4]));
    if (argc == 6 && strcmp(argv[1], "lookup") == 0)
        return do_lookup(argv[2], atol(argv[3]), atol(argv[4]),
                         (uint64_t)strtoull(argv[5], NULL, 10));
    fprintf(stderr, "usage: peers_lmdb insert DIR N PER_TABLE_TXN | lookup DIR N COUNT SEED\n");
    return 2;
}
