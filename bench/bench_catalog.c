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
 *     mapped), inside one read transaction and with one read transaction each:
 *     with the definition cache off (every lookup reads and decodes the rows);
 *     through the cache for a hot set of BENCH_HOT tables (default 4096, the
 *     default cache size) spread over the catalog, first touch (misses that
 *     fill it) and warm; over every table with the default cache (mostly
 *     misses); with BENCH_CACHE_ALL=1 also with a cache holding every table
 *     (its memory is printed);
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
#include "catalog/catalog_int.h" /* sc_catalog__table_cache_stats */

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

static sc_catalog *open_cat_cache(sc_ctx *ctx, const char *dir, unsigned flags, size_t cache)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    int rc;

    o.flags = flags | SC_CATALOG_NOSYNC;
    o.table_cache_size = cache;
    o.map_size = 64ull << 30; /* sparse: only what is written takes disk */
    rc = sc_catalog_open(&cat, ctx, dir, &o);
    if (rc)
        die(ctx, "open", rc);
    return cat;
}

static sc_catalog *open_cat(sc_ctx *ctx, const char *dir, unsigned flags)
{
    return open_cat_cache(ctx, dir, flags, 0);
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

/*
 * Load every table once so the whole catalog is resident and mapped ("warm"):
 * each sc_catalog_open maps the file anew, and the first touch of every page
 * costs a page fault. In a write txn (nothing written, aborted) when the
 * definition cache must stay empty: write txns never fill it.
 */
static void warm_up_txn(sc_ctx *ctx, sc_catalog *cat, size_t n_tables, unsigned txn_flags)
{
    sc_txn *txn = NULL;
    sc_table *t;
    char name[32];
    size_t i;
    int rc;

    if ((rc = sc_txn_begin(&txn, cat, txn_flags)))
        die(ctx, "begin", rc);
    for (i = 0; i < n_tables; i++) {
        table_name(name, sizeof(name), i);
        if ((rc = sc_table_lookup(&t, txn, "bench", name)))
            die(ctx, "warm-up lookup", rc);
        sc_table_free(t);
    }
    sc_txn_abort(txn);
}

static void warm_up(sc_ctx *ctx, sc_catalog *cat, size_t n_tables)
{
    warm_up_txn(ctx, cat, n_tables, SC_TXN_READONLY);
}

/* What a lookup run measures (latency in us, CPU per lookup in us). */
typedef struct lat_stats {
    double p50, p99, cpu;
} lat_stats;

/* Table number of draw r: uniform over all tables, or over `hot` tables spread evenly
 * across the catalog (a working set whose B-tree pages are scattered, not adjacent). */
static size_t pick(uint64_t r, size_t n_tables, size_t hot)
{
    if (!hot || hot >= n_tables)
        return r % n_tables;
    return (r % hot) * (n_tables / hot);
}

/*
 * count random-name lookups; one read txn for all (per_txn = 0) or one each.
 * once != 0: each of the hot tables exactly once, in a scattered order (count = hot).
 */
static lat_stats lookups_n(
    sc_ctx *ctx, sc_catalog *cat, size_t n_tables, size_t hot, int per_txn, size_t count, int once)
{
    double *lat = malloc(count * sizeof(*lat)), t0, c0 = cpu_s();
    sc_txn *txn = NULL;
    sc_table *t;
    uint64_t seed = 88172645463325252ull;
    lat_stats st;
    char name[32];
    size_t i;
    int rc;

    if (!per_txn && (rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
        die(ctx, "begin", rc);
    for (i = 0; i < count; i++) {
        /* 2654435761 is odd and prime: i * it mod hot visits every residue once */
        uint64_t r = once ? (uint64_t)i * 2654435761u % hot : rng_next(&seed);
        table_name(name, sizeof(name), pick(r, n_tables, hot));
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
    st.cpu = (cpu_s() - c0) * 1e6 / (double)count;
    qsort(lat, count, sizeof(*lat), cmp_double);
    st.p50 = lat[count / 2];
    st.p99 = lat[count * 99 / 100];
    free(lat);
    return st;
}

/*
 * Lookups that each start in a new read snapshot: an unrelated commit (a
 * setting) and a new read txn before each, both outside the timed part, so the
 * cache must check the name index and the tables row again (no same-snapshot
 * shortcut). count lookups over the hot set.
 */
static lat_stats
lookups_new_snapshot(sc_ctx *ctx, sc_catalog *cat, size_t n_tables, size_t hot, size_t count)
{
    double *lat = malloc(count * sizeof(*lat)), t0, cpu = 0, c0;
    sc_txn *txn = NULL;
    sc_table *t;
    uint64_t seed = 88172645463325252ull;
    lat_stats st;
    char name[32], val[32];
    size_t i;
    int rc;

    for (i = 0; i < count; i++) {
        snprintf(val, sizeof(val), "%zu", i);
        if ((rc = sc_txn_begin(&txn, cat, 0)) || (rc = sc_setting_set(txn, "bench.tick", val)) ||
            (rc = sc_txn_commit(txn)) || (rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY)))
            die(ctx, "commit between lookups", rc);
        table_name(name, sizeof(name), pick(rng_next(&seed), n_tables, hot));
        c0 = cpu_s();
        t0 = now_s();
        if ((rc = sc_table_lookup(&t, txn, "bench", name)))
            die(ctx, "lookup", rc);
        sc_table_free(t);
        lat[i] = (now_s() - t0) * 1e6;
        cpu += cpu_s() - c0;
        sc_txn_abort(txn);
    }
    st.cpu = cpu * 1e6 / (double)count;
    qsort(lat, count, sizeof(*lat), cmp_double);
    st.p50 = lat[count / 2];
    st.p99 = lat[count * 99 / 100];
    free(lat);
    return st;
}

static lat_stats lookups(sc_ctx *ctx, sc_catalog *cat, size_t n_tables, size_t hot, int per_txn)
{
    return lookups_n(ctx, cat, n_tables, hot, per_txn, LOOKUPS, 0);
}

static void print_lat(const char *what, lat_stats st, const char *note)
{
    printf("  %-29s: p50 %.2f us  p99 %.2f us  mean CPU %.2f us%s\n", what, st.p50, st.p99, st.cpu,
           note);
    fflush(stdout);
}

/* Minor page faults of this process so far (fresh heap or map pages touched). */
static long minor_faults(void)
{
    struct rusage ru;

    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

/* Resident set size now, MiB (from /proc/self/statm). */
static double rss_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, res = 0;

    if (!f)
        return -1;
    if (fscanf(f, "%ld %ld", &pages, &res) != 2)
        res = -1;
    fclose(f);
    return (double)res * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
}

/*
 * The lookup figures. Cold cache: a catalog opened with SC_CATALOG_NO_TABLE_CACHE,
 * so every lookup reads and decodes the rows (the figure before the cache existed).
 * Cache: the same names through the definition cache; "first touch" is the pass that
 * fills it (misses), "warm" the next passes over the same names. Every run follows a
 * warm-up on its own catalog handle, so the map is resident and mapped either way:
 * the cache saves B-tree descents and decoding, not I/O or page faults.
 */
static void lookup_figures(sc_ctx *ctx, const char *dir, size_t n, size_t hot, size_t all_cache)
{
    sc_catalog *cat;
    sc_table_cache_stats cs;
    lat_stats st;
    long flt;
    char what[64], note[128];
    double r0;

    cat = open_cat(ctx, dir, SC_CATALOG_NO_TABLE_CACHE);
    warm_up(ctx, cat, n);
    print_lat("lookup name -> definition", lookups(ctx, cat, n, 0, 0),
              "  (cache off, one read txn, random names; target p50 <= 2)");
    print_lat("lookup incl. its read txn", lookups(ctx, cat, n, 0, 1), "  (cache off)");
    sc_catalog_close(cat);

    cat = open_cat_cache(ctx, dir, 0, hot);
    warm_up_txn(ctx, cat, n, 0);
    snprintf(what, sizeof(what), "hot %zu, cache first touch", hot);
    flt = minor_faults();
    st = lookups_n(ctx, cat, n, hot, 0, hot, 1);
    snprintf(note, sizeof(note),
             "  (each hot name once: misses that fill the cache; %.1f page faults each)",
             (double)(minor_faults() - flt) / (double)hot);
    print_lat(what, st, note);
    snprintf(what, sizeof(what), "hot %zu, cache warm", hot);
    print_lat(what, lookups(ctx, cat, n, hot, 0), "  (one read txn)");
    print_lat("  same, incl. its read txn", lookups(ctx, cat, n, hot, 1),
              "  (no commit in between: same snapshot, no row read)");
    print_lat("  same, new snapshot each", lookups_new_snapshot(ctx, cat, n, hot, LOOKUPS / 10),
              "  (a commit before each: name index + tables row checked)");
    sc_catalog__table_cache_stats(&cs, cat);
    printf("  cache counters               : %zu entries, %llu hits (%llu same-snapshot), %llu "
           "misses (warm-up included)\n",
           cs.entries, (unsigned long long)cs.hits, (unsigned long long)cs.snap_hits,
           (unsigned long long)cs.misses);
    sc_catalog_close(cat);

    /* Working set far above the cache: nearly every lookup misses, fills and evicts. */
    cat = open_cat_cache(ctx, dir, 0, 0);
    warm_up_txn(ctx, cat, n, 0);
    print_lat("all tables, default cache", lookups(ctx, cat, n, 0, 0),
              "  (random names over every table: mostly misses)");
    sc_catalog_close(cat);

    if (!all_cache)
        return;
    cat = open_cat_cache(ctx, dir, 0, all_cache);
    r0 = rss_mb();
    warm_up(ctx, cat, n);
    printf("  cache of every table         : %zu entries, RSS +%.0f MiB (%.0f bytes/table)\n", n,
           rss_mb() - r0, (rss_mb() - r0) * 1048576.0 / (double)n);
    print_lat("all tables, cache warm", lookups(ctx, cat, n, 0, 0),
              "  (one read txn, random names over every table)");
    print_lat("  same, incl. its read txn", lookups(ctx, cat, n, 0, 1), "");
    print_lat("  same, new snapshot each", lookups_new_snapshot(ctx, cat, n, 0, LOOKUPS / 10),
              "  (a commit before each)");
    sc_catalog_close(cat);
}

/* --lookup DIR (a BENCH_KEEP directory): the lookup figures alone, e.g. to repeat them
 * when the machine is quieter. BENCH_TABLES must match the directory. */
static int lookup_only(const char *dir, size_t n)
{
    const char *hot_env = getenv("BENCH_HOT"), *all_env = getenv("BENCH_CACHE_ALL");
    size_t hot = hot_env && *hot_env ? (size_t)strtoull(hot_env, NULL, 10) : SC_TABLE_CACHE_DEFAULT;
    int all_cache = all_env && *all_env && strcmp(all_env, "0") != 0;
    sc_ctx *ctx = NULL;
    double load[3];

    if (sc_ctx_new(&ctx, NULL))
        return 1;
    if (getloadavg(load, 3) == 3)
        printf("  load average at start       : %.2f on %ld CPUs\n", load[0],
               sysconf(_SC_NPROCESSORS_ONLN));
    lookup_figures(ctx, dir, n, hot < n ? hot : n, all_cache ? n : 0);
    if (getloadavg(load, 3) == 3)
        printf("  load average at end         : %.2f\n", load[0]);
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
    const char *hot_env = getenv("BENCH_HOT"), *all_env = getenv("BENCH_CACHE_ALL");
    size_t hot = hot_env && *hot_env ? (size_t)strtoull(hot_env, NULL, 10) : SC_TABLE_CACHE_DEFAULT;
    int all_cache = all_env && *all_env && strcmp(all_env, "0") != 0;
    char dir1[256], dir2[256];
    sc_ctx *ctx = NULL;
    sc_catalog *cat;
    sc_catalog_stats st;
    double r1, r2, c1, c2, o[3], app, disk, t0, load[3];
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
    if (sc_catalog_stats_get(&st, cat) == SC_OK)
        printf("  catalog rows                 : %llu tables, %llu columns, %llu indexes\n",
               (unsigned long long)st.tables, (unsigned long long)st.columns,
               (unsigned long long)st.indexes);
    sc_catalog_close(cat);
    lookup_figures(ctx, dir2, n, hot < n ? hot : n, all_cache ? n : 0);
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
