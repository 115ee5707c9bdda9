/*
 * bench_catalog.c - catalog benchmark through the public C API (prints
 * figures, never pass/fail; DESIGN.md section 9).
 *
 * Creates BENCH_TABLES tables (default 1,000,000) of 10 columns and 2
 * indexes, with SC_CATALOG_NOSYNC (no fsync at commit), and reports:
 *   - create rate in one transaction, and in batches of 1,000 per transaction;
 *   - open time of the resulting catalog in a fresh process (this program
 *     re-executes itself with --open DIR);
 *   - name -> decoded definition lookup latency p50/p99 for random names,
 *     warm (every table loaded once first, so the map is resident and
 *     mapped), inside one read transaction and with one read transaction each;
 *   - file size and peak RSS.
 * BENCH_KEEP=1 keeps the data directories. Targets: docs/architecture.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <ftw.h>

#include "syscat.h"

#define BATCH 1000
#define LOOKUPS 200000

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Process CPU seconds: a figure the other load on a shared machine distorts less. */
static double cpu_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(sc_ctx *ctx, const char *what, int rc)
{
    fprintf(stderr, "bench_catalog: %s: %s (%s)\n", what, sc_strerror(rc),
            ctx ? sc_ctx_last_error(ctx)->message : "");
    exit(1);
}

/* ------------------------------------------------------------------ */
/* The table definition                                                 */

static const char *const enum_values[] = {"new", "paid", "shipped"};

static void make_columns(sc_column_def *c)
{
    static const struct {
        const char *name;
        sc_coltype type;
        unsigned flags;
        uint32_t length, scale;
        bool text;
    } spec[10] = {
        {"id", SC_TYPE_BIGINT, SC_COL_NOT_NULL | SC_COL_UNSIGNED | SC_COL_AUTO_INCREMENT, 20, 0,
         false},
        {"name", SC_TYPE_VARCHAR, SC_COL_NOT_NULL, 64, 0, true},
        {"created", SC_TYPE_DATETIME, 0, 0, 0, false},
        {"price", SC_TYPE_DECIMAL, 0, 10, 2, false},
        {"qty", SC_TYPE_INT, 0, 11, 0, false},
        {"flag", SC_TYPE_TINYINT, 0, 1, 0, false},
        {"note", SC_TYPE_TEXT, 0, 0, 0, true},
        {"ratio", SC_TYPE_DOUBLE, 0, 0, 0, false},
        {"code", SC_TYPE_CHAR, 0, 8, 0, true},
        {"state", SC_TYPE_ENUM, 0, 0, 0, true},
    };
    int i;

    memset(c, 0, 10 * sizeof(*c));
    for (i = 0; i < 10; i++) {
        c[i].name = spec[i].name;
        c[i].type = spec[i].type;
        c[i].flags = spec[i].flags;
        c[i].length = spec[i].length;
        c[i].scale = spec[i].scale;
        if (spec[i].text) {
            c[i].charset = "utf8mb4";
            c[i].collation = "utf8mb4_general_ci";
        }
        c[i].default_kind = (spec[i].flags & SC_COL_NOT_NULL) ? SC_DEFAULT_NONE : SC_DEFAULT_NULL;
    }
    c[4].default_kind = SC_DEFAULT_LITERAL;
    c[4].default_value = "0";
    c[9].elements = enum_values;
    c[9].n_elements = 3;
}

typedef struct bench_def {
    sc_table_def def;
    sc_column_def cols[10];
    sc_index_def idx[2];
    sc_index_part pk[1], k[2];
    char name[32];
} bench_def;

static void make_def(bench_def *b)
{
    memset(b, 0, sizeof(*b));
    make_columns(b->cols);
    b->pk[0].column = "id";
    b->k[0].column = "name";
    b->k[1].column = "created";
    b->idx[0].name = "PRIMARY";
    b->idx[0].kind = SC_INDEX_PRIMARY;
    b->idx[0].parts = b->pk;
    b->idx[0].n_parts = 1;
    b->idx[1].name = "k_name";
    b->idx[1].kind = SC_INDEX_KEY;
    b->idx[1].parts = b->k;
    b->idx[1].n_parts = 2;
    b->def.name = b->name;
    b->def.engine = "InnoDB";
    b->def.charset = "utf8mb4";
    b->def.collation = "utf8mb4_general_ci";
    b->def.columns = b->cols;
    b->def.n_columns = 10;
    b->def.indexes = b->idx;
    b->def.n_indexes = 2;
}

static void table_name(char *buf, size_t size, size_t i)
{
    snprintf(buf, size, "t%07zu", i);
}

/* ------------------------------------------------------------------ */
/* Creating                                                             */

static sc_catalog *open_cat(sc_ctx *ctx, const char *dir, unsigned flags)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    int rc;

    o.flags = flags | SC_CATALOG_NOSYNC;
    o.map_size = 64ull << 30; /* sparse: only what is written takes disk */
    rc = sc_catalog_open(&cat, ctx, dir, &o);
    if (rc)
        die(ctx, "open", rc);
    return cat;
}

/* Create n tables, batch per transaction: tables/s (wall); *cpu_rate per CPU second. */
static double create_tables(sc_ctx *ctx, sc_catalog *cat, size_t n, size_t batch, double *cpu_rate)
{
    sc_schema_def sd = {"bench", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_txn *txn = NULL;
    uint64_t sid;
    bench_def b;
    size_t i;
    double t0, c0;
    int rc;

    make_def(&b);
    if ((rc = sc_txn_begin(&txn, cat, 0)) || (rc = sc_schema_create(&sid, txn, &sd)) ||
        (rc = sc_txn_commit(txn)))
        die(ctx, "schema", rc);
    t0 = now_s();
    c0 = cpu_s();
    txn = NULL;
    for (i = 0; i < n; i++) {
        if (!txn && (rc = sc_txn_begin(&txn, cat, 0)))
            die(ctx, "begin", rc);
        table_name(b.name, sizeof(b.name), i);
        if ((rc = sc_table_create(NULL, txn, sid, &b.def)))
            die(ctx, "create", rc);
        if ((i + 1) % batch == 0 || i + 1 == n) {
            if ((rc = sc_txn_commit(txn)))
                die(ctx, "commit", rc);
            txn = NULL;
        }
    }
    *cpu_rate = (double)n / (cpu_s() - c0);
    return (double)n / (now_s() - t0);
}

/* ------------------------------------------------------------------ */
/* Open time in a fresh process                                         */

static int child_open(const char *dir)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    sc_table *t = NULL;
    double t0 = now_s(), t1;
    int rc;

    if ((rc = sc_ctx_new(&ctx, NULL)))
        return 1;
    cat = open_cat(ctx, dir, 0);
    if ((rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)) ||
        (rc = sc_table_lookup(&t, txn, "bench", "t0000000")))
        die(ctx, "first lookup", rc);
    t1 = now_s();
    printf("%.3f\n", (t1 - t0) * 1e3);
    sc_table_free(t);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return 0;
}

static double open_in_child(const char *dir)
{
    int fd[2], status;
    char buf[64] = {0};
    pid_t pid;
    ssize_t n;

    if (pipe(fd) != 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        execl("/proc/self/exe", "bench_catalog", "--open", dir, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    n = read(fd[0], buf, sizeof(buf) - 1);
    close(fd[0]);
    waitpid(pid, &status, 0);
    return n > 0 ? atof(buf) : -1;
}

/* ------------------------------------------------------------------ */
/* Lookups                                                              */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Load every table once so the whole catalog is resident and mapped ("warm"). */
static void warm_up(sc_ctx *ctx, sc_catalog *cat, size_t n_tables)
{
    sc_txn *txn = NULL;
    sc_table *t;
    char name[32];
    size_t i;
    int rc;

    if ((rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
        die(ctx, "begin", rc);
    for (i = 0; i < n_tables; i++) {
        table_name(name, sizeof(name), i);
        if ((rc = sc_table_lookup(&t, txn, "bench", name)))
            die(ctx, "warm-up lookup", rc);
        sc_table_free(t);
    }
    sc_txn_abort(txn);
}

/* Random-name lookups; one read txn for all (per_txn = 0) or one each. */
static void lookups(sc_ctx *ctx,
                    sc_catalog *cat,
                    size_t n_tables,
                    int per_txn,
                    double *p50,
                    double *p99,
                    double *cpu_mean)
{
    double *lat = malloc(LOOKUPS * sizeof(*lat)), t0, c0 = cpu_s();
    sc_txn *txn = NULL;
    sc_table *t;
    uint64_t seed = 88172645463325252ull;
    char name[32];
    size_t i;
    int rc;

    if (!per_txn && (rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
        die(ctx, "begin", rc);
    for (i = 0; i < LOOKUPS; i++) {
        table_name(name, sizeof(name), rng_next(&seed) % n_tables);
        t0 = now_s();
        if (per_txn && (rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
            die(ctx, "begin", rc);
        if ((rc = sc_table_lookup(&t, txn, "bench", name)))
            die(ctx, "lookup", rc);
        if (sc_table_definition(t)->n_columns != 10)
            die(ctx, "lookup: wrong table", SC_ERROR);
        sc_table_free(t);
        if (per_txn)
            sc_txn_abort(txn);
        lat[i] = (now_s() - t0) * 1e6;
    }
    if (!per_txn)
        sc_txn_abort(txn);
    *cpu_mean = (cpu_s() - c0) * 1e6 / LOOKUPS;
    qsort(lat, LOOKUPS, sizeof(*lat), cmp_double);
    *p50 = lat[LOOKUPS / 2];
    *p99 = lat[LOOKUPS * 99 / 100];
    free(lat);
}

static int lookup_only(const char *dir, size_t n)
{
    sc_ctx *ctx = NULL;
    sc_catalog *cat;
    double p50, p99, cpu;

    if (sc_ctx_new(&ctx, NULL))
        return 1;
    cat = open_cat(ctx, dir, 0);
    warm_up(ctx, cat, n);
    lookups(ctx, cat, n, 0, &p50, &p99, &cpu);
    printf("lookup p50 %.2f us p99 %.2f us, mean CPU %.2f us\n", p50, p99, cpu);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return 0;
}

/* ------------------------------------------------------------------ */

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void make_dir(char *buf, size_t size)
{
    const char *base = getenv("TMPDIR");

    snprintf(buf, size, "%s/syscat-bench-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(buf)) {
        perror("mkdtemp");
        exit(1);
    }
}

static void file_size(const char *dir, double *apparent_mb, double *disk_mb)
{
    char path[512];
    struct stat sb;

    snprintf(path, sizeof(path), "%s/catalog.mdb/data.mdb", dir);
    if (stat(path, &sb) != 0) {
        *apparent_mb = *disk_mb = -1;
        return;
    }
    *apparent_mb = (double)sb.st_size / 1048576.0;
    *disk_mb = (double)sb.st_blocks * 512.0 / 1048576.0;
}

int main(int argc, char **argv)
{
    const char *env = getenv("BENCH_TABLES");
    size_t n = env && *env ? (size_t)strtoull(env, NULL, 10) : 1000000;
    int keep = getenv("BENCH_KEEP") != NULL;
    char dir1[256], dir2[256];
    sc_ctx *ctx = NULL;
    sc_catalog *cat;
    sc_catalog_stats st;
    double r1, r2, c1, c2, o[3], p50, p99, cpu, tp50, tp99, tcpu, app, disk, t0, load[3];
    struct rusage ru;
    int i;

    if (argc == 3 && strcmp(argv[1], "--open") == 0)
        return child_open(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--lookup") == 0) /* profiling aid: BENCH_KEEP dir */
        return lookup_only(argv[2], n);
    if (n == 0)
        n = 1;
    if (sc_ctx_new(&ctx, NULL))
        return 1;
    printf("bench_catalog: %zu tables x (10 columns, 2 indexes), SC_CATALOG_NOSYNC (no fsync)\n",
           n);
    if (getloadavg(load, 3) == 3)
        printf("  load average at start       : %.2f on %ld CPUs (wall-clock figures suffer; "
               "CPU-time figures much less)\n",
               load[0], sysconf(_SC_NPROCESSORS_ONLN));
    fflush(stdout);

    make_dir(dir1, sizeof(dir1));
    cat = open_cat(ctx, dir1, SC_CATALOG_CREATE);
    r1 = create_tables(ctx, cat, n, n, &c1);
    sc_catalog_close(cat);
    if (!keep)
        nftw(dir1, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    printf("  create, one transaction      : %8.0f tables/s  (%.0f per CPU second)\n", r1, c1);
    fflush(stdout);

    make_dir(dir2, sizeof(dir2));
    cat = open_cat(ctx, dir2, SC_CATALOG_CREATE);
    r2 = create_tables(ctx, cat, n, BATCH, &c2);
    printf("  create, batches of %d      : %8.0f tables/s  (%.0f per CPU second; target >= "
           "50000)\n",
           BATCH, r2, c2);
    fflush(stdout);

    for (i = 0; i < 3; i++)
        o[i] = open_in_child(dir2);
    qsort(o, 3, sizeof(o[0]), cmp_double);
    printf("  open + first lookup, new process: %.3f ms (median of 3; target <= 10)\n", o[1]);

    t0 = now_s();
    warm_up(ctx, cat, n);
    printf("  warm-up, every table once    : %.2f us/table\n", (now_s() - t0) * 1e6 / (double)n);
    lookups(ctx, cat, n, 0, &p50, &p99, &cpu);
    lookups(ctx, cat, n, 1, &tp50, &tp99, &tcpu);
    printf("  lookup name -> definition    : p50 %.2f us  p99 %.2f us  mean CPU %.2f us  (one read "
           "txn, random names; target p50 <= 2)\n",
           p50, p99, cpu);
    printf("  lookup incl. its read txn    : p50 %.2f us  p99 %.2f us  mean CPU %.2f us\n", tp50,
           tp99, tcpu);

    if (sc_catalog_stats_get(&st, cat) == SC_OK)
        printf("  catalog rows                 : %llu tables, %llu columns, %llu indexes\n",
               (unsigned long long)st.tables, (unsigned long long)st.columns,
               (unsigned long long)st.indexes);
    sc_catalog_close(cat);
    file_size(dir2, &app, &disk);
    printf("  data.mdb                     : %.1f MiB (%.1f MiB on disk), %.0f bytes/table\n", app,
           disk, disk * 1048576.0 / (double)n);
    getrusage(RUSAGE_SELF, &ru);
    printf("  peak RSS                     : %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
    if (!keep)
        nftw(dir2, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    else
        printf("  kept: %s %s\n", dir1, dir2);
    sc_ctx_free(ctx);
    return 0;
}
