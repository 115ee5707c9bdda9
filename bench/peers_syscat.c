/*
 * peers_syscat.c - syscat's side of `make bench-peers` (bench/bench-peers.sh)
 * through the C API, on workload W (bench/peers_w.py: N tables over ten
 * databases w0..w9, 8 columns and 2 secondary indexes each). Prints
 * key=value lines; figures only, never pass/fail.
 *
 * usage: peers_syscat create DIR N     a new catalog in DIR with its log on
 *                                      (fsync at commit, as users have it);
 *                                      the N CREATE TABLE statements through
 *                                      sc_ddl_exec inside one catalog
 *                                      transaction, one commit: tables_per_s
 *                                      (PEERS_COMPRESS, PEERS_COMPRESS_MIN_LEN set
 *                                      binlog.compress and binlog.compress_min_len)
 *        peers_syscat rows DIR N          N single-row data transactions
 *                                      (sc_log_rows, the INSERT as statement;
 *                                      PEERS_ANNOTATE=0 sets binlog.annotate=0):
 *                                      bytes_per_txn of the log
 *        peers_syscat lookup DIR N COUNT SEED CACHE
 *                                      COUNT random sc_table_lookup() calls,
 *                                      each in its own read transaction (as a
 *                                      service pays per request), CACHE 1 =
 *                                      the default definition cache, 0 = none
 *                                      (SC_CATALOG_NO_TABLE_CACHE): p50_us,
 *                                      p99_us, mean_us
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "syscat.h"

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(sc_ctx *ctx, const char *what)
{
    fprintf(stderr, "peers_syscat: %s: %s\n", what, ctx ? sc_ctx_last_error(ctx)->message : "");
    exit(1);
}

/* Table i of workload W (the same text bench/peers_w.py writes). */
static int w_create(char *buf, size_t size, long i)
{
    return snprintf(buf, size,
                    "CREATE TABLE w%ld.t%ld (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, a INT, "
                    "b VARCHAR(64), c DECIMAL(10,2), d DATETIME, e TEXT, f INT UNSIGNED, "
                    "g VARCHAR(255), KEY ka (a), UNIQUE KEY ub (b)) ENGINE=InnoDB",
                    i % 10, i);
}

static void exec1(sc_session *s, sc_txn *txn, const char *sql)
{
    sc_stmt_result r;

    memset(&r, 0, sizeof(r));
    if (sc_ddl_exec(&r, s, txn, sql, strlen(sql)) != SC_OK) {
        fprintf(stderr, "peers_syscat: %s: %s\n", sql, r.message ? r.message : "?");
        exit(1);
    }
    sc_stmt_result_clear(&r);
}

static sc_catalog *open_cat(sc_ctx *ctx, const char *dir, unsigned flags)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;

    o.flags = flags;
    o.map_size = (uint64_t)4 << 30;
    if (sc_catalog_open(&cat, ctx, dir, &o) != SC_OK)
        die(ctx, "sc_catalog_open");
    return cat;
}

/* Log setting key from environment variable env when it is set (comparisons of settings). */
static void set_env(sc_catalog *cat, const char *env, const char *key)
{
    sc_txn *txn = NULL;

    if (!getenv(env))
        return;
    if (sc_txn_begin(&txn, cat, 0) != SC_OK || sc_setting_set(txn, key, getenv(env)) != SC_OK ||
        sc_txn_commit(txn) != SC_OK)
        die(sc_catalog_ctx(cat), key);
}

static int do_create(sc_ctx *ctx, const char *dir, long n)
{
    sc_catalog *cat = open_cat(ctx, dir, SC_CATALOG_CREATE);
    sc_log *log = NULL;
    sc_session *s = NULL;
    sc_txn *txn = NULL;
    char sql[512];
    double t0, t;

    if (sc_log_open(&log, cat) != SC_OK)
        die(ctx, "sc_log_open");
    set_env(cat, "PEERS_COMPRESS", SC_LOG_SET_COMPRESS);
    set_env(cat, "PEERS_COMPRESS_MIN_LEN", SC_LOG_SET_COMPRESS_MIN_LEN);
    if (sc_session_new(&s, cat, NULL) != SC_OK)
        die(ctx, "sc_session_new");
    for (int d = 0; d < 10; d++) {
        snprintf(sql, sizeof(sql), "CREATE DATABASE w%d", d);
        exec1(s, NULL, sql);
    }
    t0 = now_s();
    if (sc_txn_begin(&txn, cat, 0) != SC_OK)
        die(ctx, "sc_txn_begin");
    for (long i = 0; i < n; i++) {
        w_create(sql, sizeof(sql), i);
        exec1(s, txn, sql);
    }
    if (sc_txn_commit(txn) != SC_OK)
        die(ctx, "sc_txn_commit");
    t = now_s() - t0;
    printf("create_s=%.3f tables_per_s=%.1f\n", t, (double)n / t);
    sc_session_free(s);
    sc_log_close(log);
    sc_catalog_close(cat);
    return 0;
}

/* The single-row data transaction (bench-peers.sh writes the same INSERT text for MariaDB). */
static int insert_sql(char *buf, size_t size, long i)
{
    return snprintf(buf, size,
                    "INSERT INTO w0.r8 VALUES (%ld, %ld, %lld, 'row-%ld', '2024-02-29 23:59:59', "
                    "12345.67, 3.14159, 'abcdefgh')",
                    i, i * 7, i * 1000003LL, i);
}

static void row_values(sc_binlog_value *v, long i, char *cbuf, size_t csize)
{
    int n = snprintf(cbuf, csize, "row-%ld", i);

    memset(v, 0, 8 * sizeof(*v));
    v[0].kind = v[1].kind = v[2].kind = SC_VAL_INT;
    v[0].v.i = i;
    v[1].v.i = i * 7;
    v[2].v.i = i * 1000003LL;
    v[3].kind = SC_VAL_BYTES;
    v[3].v.str = (sc_slice){(const uint8_t *)cbuf, (size_t)n};
    v[4].kind = SC_VAL_DATETIME;
    v[4].v.tm = (sc_binlog_time){false, 2024, 2, 29, 23, 59, 59, 0};
    v[5].kind = SC_VAL_DECIMAL;
    v[5].v.str = (sc_slice){(const uint8_t *)"12345.67", 8};
    v[6].kind = SC_VAL_DOUBLE;
    v[6].v.d = 3.14159;
    v[7].kind = SC_VAL_BYTES;
    v[7].v.str = (sc_slice){(const uint8_t *)"abcdefgh", 8};
}

static long log_bytes(const char *dir)
{
    char path[600];
    long total = 0;
    FILE *f;

    for (int i = 1; i < 100; i++) {
        snprintf(path, sizeof(path), "%s/binlog/binlog.%06d", dir, i);
        if (!(f = fopen(path, "rb")))
            break;
        fseek(f, 0, SEEK_END);
        total += ftell(f);
        fclose(f);
    }
    return total;
}

/*
 * N single-row data transactions through sc_log_rows, each with its INSERT as
 * the statement (ANNOTATE_ROWS, as MariaDB logs it by default), on
 * w0.r8 (id INT PK, a INT, b BIGINT, c VARCHAR(32), d DATETIME, e DECIMAL(10,2),
 * f DOUBLE, g CHAR(8)): bytes_per_txn of the log files.
 */
static int do_rows(sc_ctx *ctx, const char *dir, long n)
{
    sc_catalog *cat = open_cat(ctx, dir, SC_CATALOG_CREATE | SC_CATALOG_NOSYNC);
    sc_log *log = NULL;
    sc_session *s = NULL;
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    sc_binlog_value v[8];
    char sql[512], cbuf[32];
    uint64_t tid;
    long b0;

    if (sc_log_open(&log, cat) != SC_OK || sc_session_new(&s, cat, NULL) != SC_OK)
        die(ctx, "sc_log_open");
    set_env(cat, "PEERS_ANNOTATE", SC_LOG_SET_ANNOTATE);
    exec1(s, NULL, "CREATE DATABASE w0");
    exec1(s, NULL,
          "CREATE TABLE w0.r8 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
          "e DECIMAL(10,2), f DOUBLE, g CHAR(8))");
    if (sc_txn_begin(&txn, cat, SC_TXN_READONLY) != SC_OK ||
        sc_table_lookup(&t, txn, "w0", "r8") != SC_OK)
        die(ctx, "lookup w0.r8");
    tid = sc_table_id(t);
    sc_table_free(t);
    sc_txn_abort(txn);
    if (sc_log_sync(log) != SC_OK)
        die(ctx, "sc_log_sync");
    b0 = log_bytes(dir);
    for (long i = 0; i < n; i++) {
        int len = insert_sql(sql, sizeof(sql), i);
        row_values(v, i, cbuf, sizeof(cbuf));
        if (sc_txn_begin(&txn, cat, 0) != SC_OK ||
            sc_txn_set_statement(txn, sql, (size_t)len) != SC_OK ||
            sc_log_rows(log, txn, tid, SC_LOG_INSERT, NULL, v, 8) != SC_OK ||
            sc_txn_commit(txn) != SC_OK)
            die(ctx, "data transaction");
    }
    if (sc_log_sync(log) != SC_OK)
        die(ctx, "sc_log_sync");
    printf("bytes_per_txn=%.1f\n", (double)(log_bytes(dir) - b0) / (double)n);
    sc_session_free(s);
    sc_log_close(log);
    sc_catalog_close(cat);
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

static int do_lookup(sc_ctx *ctx, const char *dir, long n, long count, uint64_t seed, int cache)
{
    sc_catalog *cat =
        open_cat(ctx, dir, SC_CATALOG_READONLY | (cache ? 0 : SC_CATALOG_NO_TABLE_CACHE));
    double *lat = malloc(sizeof(double) * (size_t)count), t0 = now_s();
    char db[16], name[32];

    if (!lat)
        die(NULL, "malloc");
    for (long q = 0; q < count; q++) {
        long i = (long)(rng_next(&seed) % (uint64_t)n);
        sc_txn *txn = NULL;
        sc_table *t = NULL;
        double a;

        snprintf(db, sizeof(db), "w%ld", i % 10);
        snprintf(name, sizeof(name), "t%ld", i);
        a = now_s();
        if (sc_txn_begin(&txn, cat, SC_TXN_READONLY) != SC_OK ||
            sc_table_lookup(&t, txn, db, name) != SC_OK)
            die(ctx, "sc_table_lookup");
        sc_table_free(t);
        sc_txn_abort(txn);
        lat[q] = now_s() - a;
    }
    t0 = now_s() - t0;
    qsort(lat, (size_t)count, sizeof(double), cmp_double);
    printf("p50_us=%.3f p99_us=%.3f mean_us=%.3f\n", lat[count / 2] * 1e6,
           lat[count * 99 / 100] * 1e6, t0 * 1e6 / (double)count);
    free(lat);
    sc_catalog_close(cat);
    return 0;
}

int main(int argc, char **argv)
{
    sc_ctx *ctx = NULL;
    int rc = 2;

    if (sc_ctx_new(&ctx, NULL) != SC_OK)
        die(NULL, "sc_ctx_new");
    if (argc == 4 && strcmp(argv[1], "create") == 0)
        rc = do_create(ctx, argv[2], atol(argv[3]));
    else if (argc == 4 && strcmp(argv[1], "rows") == 0)
        rc = do_rows(ctx, argv[2], atol(argv[3]));
    else if (argc == 7 && strcmp(argv[1], "lookup") == 0)
        rc = do_lookup(ctx, argv[2], atol(argv[3]), atol(argv[4]),
                       (uint64_t)strtoull(argv[5], NULL, 10), atoi(argv[6]));
    else
        fprintf(stderr,
                "usage: peers_syscat create DIR N | rows DIR N | lookup DIR N COUNT SEED CACHE\n");
    sc_ctx_free(ctx);
    return rc;
}
