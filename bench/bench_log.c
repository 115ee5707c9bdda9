/*
 * bench_log.c - size and speed of the catalog log (prints figures, never
 * pass/fail; DESIGN.md section 9, docs/log-format.md "Size").
 *
 *  1. Log bytes per DDL transaction (CREATE TABLE of 10 columns, ALTER ADD
 *     COLUMN, DROP TABLE), the first time in a file (TABLE_MAPs included) and
 *     again (maps already in the file), row image FULL, ANNOTATE on.
 *  2. The size anchor of shared/docs/binlog-notes.md §7: 10,000 data
 *     transactions of 1 row and of 10 rows on
 *       t8 (id INT PK, a INT, b BIGINT, c VARCHAR(32), d DATETIME,
 *           e DECIMAL(10,2), f DOUBLE, g CHAR(8))
 *     logged with sc_log_rows, for binlog.table_map=file and =statement,
 *     with and without ANNOTATE_ROWS; bytes per transaction split by event
 *     type, and the ratio to MariaDB 10.11 (232 B per single-row transaction
 *     without ANNOTATE with MINIMAL row metadata, 68 of them TABLE_MAP; 254 B
 *     with FULL row metadata, which is what syscat writes).
 * Catalogs are opened with SC_CATALOG_NOSYNC. BENCH_TXNS=N changes 10,000.
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "syscat.h"

#define MARIADB_1ROW_MINIMAL 232.0
#define MARIADB_1ROW_FULL 254.0
#define MARIADB_10ROW_FULL 776.0

typedef struct bench {
    char dir[256];
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
} bench;

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(bench *b, const char *what)
{
    fprintf(stderr, "bench_log: %s: %s\n", what, sc_ctx_last_error(b->ctx)->message);
    exit(1);
}

static int rm_cb(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void bench_open(bench *b)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;

    snprintf(b->dir, sizeof(b->dir), "/tmp/syscat-bench-log-XXXXXX");
    if (!mkdtemp(b->dir) || sc_ctx_new(&b->ctx, NULL))
        exit(1);
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    if (sc_catalog_open(&b->cat, b->ctx, b->dir, &o))
        die(b, "open");
    if (sc_log_open(&b->log, b->cat))
        die(b, "log open");
}

static void bench_close(bench *b)
{
    sc_log_close(b->log);
    sc_catalog_close(b->cat);
    sc_ctx_free(b->ctx);
    if (!getenv("BENCH_KEEP"))
        nftw(b->dir, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
}

static void set(bench *b, const char *key, const char *value)
{
    sc_txn *t = NULL;

    if (sc_txn_begin(&t, b->cat, 0) || sc_setting_set(t, key, value) || sc_txn_commit(t))
        die(b, key);
}

static void exec(bench *b, const char *sql)
{
    sc_session *s = NULL;
    sc_stmt_result r;

    memset(&r, 0, sizeof(r));
    if (sc_session_new(&s, b->cat, "anchor") || sc_ddl_exec(&r, s, NULL, sql, strlen(sql)))
        die(b, sql);
    sc_stmt_result_clear(&r);
    sc_session_free(s);
}

static int size_cb(const sc_log_file *f, void *payload)
{
    *(uint64_t *)payload += f->size;
    return 0;
}

/* Total bytes of the log (all files), after writing the files. */
static uint64_t log_bytes(bench *b)
{
    uint64_t n = 0;

    if (sc_log_sync(b->log) || sc_log_files(b->log, size_cb, &n))
        die(b, "log size");
    return n;
}

/* Bytes per event type in the current file from offset `from` on. */
typedef struct by_type {
    uint64_t bytes[256];
    uint64_t count[256];
} by_type;

static void count_types(by_type *out, bench *b, uint64_t from)
{
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev = NULL;

    memset(out, 0, sizeof(*out));
    if (sc_log_file_bytes(&data, &len, b->log, NULL) ||
        sc_binlog_reader_open_mem(&r, b->ctx, "current", (sc_slice){data, len}))
        die(b, "read log");
    while (sc_binlog_reader_next(&ev, r) == SC_OK && ev) {
        if (ev->offset < from)
            continue;
        /* compressed rows events (166..168, binlog.compress) count as ROWS */
        uint8_t t = ev->header.type >= 166 && ev->header.type <= 168 ? 23 : ev->header.type;
        out->bytes[t] += ev->raw.len;
        out->count[t]++;
    }
    sc_binlog_reader_close(r);
    sc_free(b->ctx, data);
}

/* ------------------------------------------------------------------ */
/* 1. DDL transactions                                                  */

static void ddl_one(bench *b, const char *label, const char *sql)
{
    uint64_t before = log_bytes(b), after;

    exec(b, sql);
    after = log_bytes(b);
    printf("  %-44s %6llu B\n", label, (unsigned long long)(after - before));
}

static void bench_ddl(void)
{
    bench b;

    bench_open(&b);
    exec(&b, "CREATE DATABASE anchor");
    printf("DDL transactions (row image FULL, ANNOTATE on, binlog.table_map=file):\n");
    ddl_one(&b, "CREATE TABLE 10 cols (first in file)",
            "CREATE TABLE c1 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
            "e DECIMAL(10,2), f DOUBLE, g CHAR(8), h TEXT, i DATE)");
    ddl_one(&b, "CREATE TABLE 10 cols (maps already in file)",
            "CREATE TABLE c2 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
            "e DECIMAL(10,2), f DOUBLE, g CHAR(8), h TEXT, i DATE)");
    ddl_one(&b, "ALTER TABLE ADD COLUMN", "ALTER TABLE c2 ADD COLUMN j INT");
    ddl_one(&b, "DROP TABLE (11 columns, 1 index)", "DROP TABLE c2");
    set(&b, SC_LOG_SET_TABLE_MAP, "statement");
    ddl_one(&b, "CREATE TABLE 10 cols (table_map=statement)",
            "CREATE TABLE c3 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
            "e DECIMAL(10,2), f DOUBLE, g CHAR(8), h TEXT, i DATE)");
    bench_close(&b);
}

/* ------------------------------------------------------------------ */
/* 2. The size anchor                                                   */

static void row_values(sc_binlog_value *v, long i, char *cbuf, size_t csize)
{
    int n = snprintf(cbuf, csize, "row-%ld", i);

    memset(v, 0, 8 * sizeof(*v));
    v[0].kind = SC_VAL_INT;
    v[0].v.i = i;
    v[1].kind = SC_VAL_INT;
    v[1].v.i = i * 7;
    v[2].kind = SC_VAL_INT;
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

static void one_txn(bench *b, uint64_t tid, long first, int rows, bool annotate)
{
    sc_txn *t = NULL;
    sc_binlog_value v[8];
    char cbuf[32], sql[2048];
    size_t at = 0;

    if (sc_txn_begin(&t, b->cat, 0))
        die(b, "begin");
    if (annotate) {
        at = (size_t)snprintf(sql, sizeof(sql), "INSERT INTO t8 VALUES ");
        for (int k = 0; k < rows; k++)
            at += (size_t)snprintf(sql + at, sizeof(sql) - at,
                                   "%s(%ld, %ld, %lld, 'row-%ld', '2024-02-29 23:59:59', "
                                   "12345.67, 3.14159, 'abcdefgh')",
                                   k ? ", " : "", first + k, (first + k) * 7,
                                   (first + k) * 1000003LL, first + k);
        if (sc_txn_set_statement(t, sql, at))
            die(b, "statement");
    }
    for (int k = 0; k < rows; k++) {
        row_values(v, first + k, cbuf, sizeof(cbuf));
        if (sc_log_rows(b->log, t, tid, SC_LOG_INSERT, NULL, v, 8))
            die(b, "sc_log_rows");
    }
    if (sc_txn_commit(t))
        die(b, "commit");
}

static uint64_t anchor_table(bench *b)
{
    sc_txn *t = NULL;
    sc_table *tab = NULL;
    uint64_t id;

    exec(b, "CREATE DATABASE anchor");
    exec(b, "CREATE TABLE t8 (id INT PRIMARY KEY, a INT, b BIGINT, c VARCHAR(32), d DATETIME, "
            "e DECIMAL(10,2), f DOUBLE, g CHAR(8))");
    if (sc_txn_begin(&t, b->cat, SC_TXN_READONLY) || sc_table_lookup(&tab, t, "anchor", "t8"))
        die(b, "lookup t8");
    id = sc_table_id(tab);
    sc_table_free(tab);
    sc_txn_abort(t);
    return id;
}

static void anchor_run(long ntxn, int rows, bool per_stmt, bool annotate)
{
    static const uint8_t types[] = {162, 160, 19, 23, 16};
    static const char *const names[] = {"GTID", "ANNOTATE", "TABLE_MAP", "ROWS", "XID"};
    bench b;
    uint64_t tid, start, end;
    by_type bt;
    double t0, dt, per;

    bench_open(&b);
    set(&b, SC_LOG_SET_TABLE_MAP, per_stmt ? "statement" : "file");
    set(&b, SC_LOG_SET_ANNOTATE, annotate ? "1" : "0");
    tid = anchor_table(&b);
    start = log_bytes(&b);
    t0 = now_s();
    for (long i = 0; i < ntxn; i++)
        one_txn(&b, tid, i * rows, rows, annotate);
    dt = now_s() - t0;
    end = log_bytes(&b);
    count_types(&bt, &b, start);
    per = (double)(end - start) / (double)ntxn;
    printf("  %2d row%s  table_map=%-9s annotate=%-3s %8.1f B/txn", rows, rows > 1 ? "s" : " ",
           per_stmt ? "statement" : "file", annotate ? "on" : "off", per);
    for (size_t k = 0; k < sizeof(types); k++)
        printf("  %s %.1f", names[k], (double)bt.bytes[types[k]] / (double)ntxn);
    if (!annotate && rows == 1)
        printf("  | vs MariaDB %.0f B: %.2f (FULL-metadata %.0f B: %.2f)", MARIADB_1ROW_MINIMAL,
               per / MARIADB_1ROW_MINIMAL, MARIADB_1ROW_FULL, per / MARIADB_1ROW_FULL);
    if (!annotate && rows == 10)
        printf("  | vs MariaDB %.0f B: %.2f", MARIADB_10ROW_FULL, per / MARIADB_10ROW_FULL);
    printf("  (%.0f txn/s)\n", (double)ntxn / dt);
    bench_close(&b);
}

int main(void)
{
    const char *env = getenv("BENCH_TXNS");
    long ntxn = env ? atol(env) : 10000;

    if (ntxn <= 0)
        ntxn = 10000;
    bench_ddl();
    printf("Size anchor, %ld data transactions each (sc_log_rows, row image FULL, CRC32):\n", ntxn);
    for (int rows = 1; rows <= 10; rows += 9)
        for (int annotate = 1; annotate >= 0; annotate--)
            for (int per_stmt = 0; per_stmt <= 1; per_stmt++)
                anchor_run(ntxn, rows, per_stmt, annotate);
    return 0;
}
