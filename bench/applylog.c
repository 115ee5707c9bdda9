/*
 * applylog.c - the C side of bench/bench-apply.sh (issue 9, acceptance 7):
 * builds a source catalog whose log holds N DDL transactions, counts what a
 * log holds, applies it with the replica applier, and measures the lag of a
 * replica following a source that writes as fast as it can. Prints figures,
 * never pass/fail; a failure to do the work exits 1 with the reason.
 *
 *   applylog gen SRC N SQLFILE BOOT   create catalog SRC (NOSYNC), log attached with
 *                                    binlog.table_map=statement (what a server applying
 *                                    `mariadb-binlog` output needs), then run SQLFILE's
 *                                    statements (one per line, tests/gen/gen_ddl.py) until
 *                                    the log holds N transactions besides a bootstrap one.
 *                                    Writes BOOT.ddl (the syscat.* tables as MariaDB DDL,
 *                                    ENGINE=LMDB rewritten to InnoDB) and BOOT.rows (the
 *                                    rows of the fresh catalog as INSERTs; needed by the
 *                                    server only when the log has no bootstrap transaction:
 *                                    the line `bootstrap_logged 0|1` says which)
 *   applylog count SRC               `txns T rows_events E` of SRC's log files
 *   applylog apply REPLICA SRC       new catalog REPLICA (NOSYNC), source `src` = SRC,
 *                                    sc_replica_apply() once, timed (APPLYLOG_SET=k=v,...:
 *                                    settings of the replica's log first, for apply and lag)
 *   applylog lag SRC REPLICA N SQLFILE  a forked writer runs SQLFILE on a new catalog SRC
 *                                    (NOSYNC) as fast as it can until N transactions; this
 *                                    process follows it (sc_replica_follower_apply() in a loop);
 *   applylog lag-net SYSCAT SRC REPLICA N SQLFILE  the same over HOST:PORT: SRC behind
 *                                    `SYSCAT serve`, written through it (see cmd_lag_net)
 * the lag of each GTID = replica commit - source commit (CLOCK_MONOTONIC), p50/p99 printed `apply`
 * and `lag` need the replica API (sc_replica_apply, include/syscat/replicate.h); built without it
 * they print that the syscat applier is not available and exit 3. Internal headers are used for the
 * bootstrap rows (the rows a fresh catalog holds, through the log's own system-table mapping,
 * replicate/sysmap.h).
 */
#include <errno.h>
#include <poll.h>
#include <sys/inotify.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <mysql.h>

#include "syscat.h"
#include "replicate/log.h"
#include "replicate/replica.h"
#include "replicate/sysmap.h"

#ifdef SC_REPLICA_EXEC_STRICT
#define HAVE_REPLICA 1
#else
#define HAVE_REPLICA 0
#endif

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die_ctx(sc_ctx *ctx, const char *what)
{
    fprintf(stderr, "applylog: %s: %s\n", what, ctx ? sc_ctx_last_error(ctx)->message : "");
    exit(1);
}

static void die_errno(const char *what)
{
    fprintf(stderr, "applylog: %s: %s\n", what, strerror(errno));
    exit(1);
}

static sc_catalog *open_cat(sc_ctx *ctx, const char *dir, bool create)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;

    o.flags = (create ? SC_CATALOG_CREATE : 0) | SC_CATALOG_NOSYNC;
    o.map_size = (uint64_t)16 << 30;
    if (sc_catalog_open(&cat, ctx, dir, &o))
        die_ctx(ctx, dir);
    return cat;
}

/* ------------------------------------------------------------------ */
/* Bootstrap: the syscat tables as MariaDB DDL, the fresh rows as INSERTs */

static void put_value(FILE *f, const sc_binlog_column *c, const sc_binlog_value *v)
{
    switch (v->kind) {
    case SC_VAL_NULL:
        fputs("NULL", f);
        break;
    case SC_VAL_INT:
        if (c->is_unsigned)
            fprintf(f, "%llu", (unsigned long long)(uint64_t)v->v.i);
        else
            fprintf(f, "%lld", (long long)v->v.i);
        break;
    case SC_VAL_UINT:
        fprintf(f, "%llu", (unsigned long long)v->v.u);
        break;
    case SC_VAL_BYTES:
        if (v->v.str.len == 0) {
            fputs("''", f);
            break;
        }
        fputs("X'", f);
        for (size_t i = 0; i < v->v.str.len; i++)
            fprintf(f, "%02X", v->v.str.data[i]);
        fputc('\'', f);
        break;
    default:
        fprintf(stderr, "applylog: unexpected value kind %d in a system row\n", (int)v->kind);
        exit(1);
    }
}

typedef struct row_dump {
    FILE *f;
    sc_ctx *ctx;
    const sc_sysmap *m;
    size_t n;
} row_dump;

static int row_cb(sc_slice packed, void *payload)
{
    row_dump *d = payload;
    sc_binlog_value vals[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *msg = NULL;

    if (sc_sysmap__row(vals, &msg, d->ctx, d->m, packed))
        die_ctx(d->ctx, "decoding a system row");
    fprintf(d->f, "INSERT INTO `syscat`.`%s` VALUES (", d->m->st->name);
    for (size_t i = 0; i < d->m->ncols; i++) {
        if (i)
            fputc(',', d->f);
        put_value(d->f, &d->m->cols[i], &vals[i]);
    }
    fputs(");\n", d->f);
    sc_sysmap__free_row(d->ctx, msg);
    d->n++;
    return 0;
}

static FILE *open_out(const char *base, const char *ext)
{
    char path[4096];
    FILE *f;

    snprintf(path, sizeof(path), "%s.%s", base, ext);
    if (!(f = fopen(path, "w")))
        die_errno(path);
    return f;
}

static void write_bootstrap(sc_ctx *ctx, sc_catalog *cat, const char *base)
{
    FILE *ddl = open_out(base, "ddl"), *rows = open_out(base, "rows");
    sc_txn *txn = NULL;
    size_t nrows = 0;

    if (sc_txn_begin(&txn, cat, SC_TXN_READONLY))
        die_ctx(ctx, "read txn");
    fputs("CREATE DATABASE IF NOT EXISTS `syscat`;\nUSE `syscat`;\n", ddl);
    for (unsigned id = 1; id < SC_SYS__END; id++) {
        sc_sysmap m;
        char *text = NULL, *eng;
        row_dump d;

        if (sc_sysmap__init(&m, ctx, id))
            die_ctx(ctx, "sysmap");
        if (sc_show_create_table(&text, txn, "syscat", m.st->name))
            die_ctx(ctx, m.st->name);
        /* MariaDB has no LMDB engine: the same table in InnoDB */
        if (!(eng = strstr(text, "ENGINE=LMDB"))) {
            fprintf(stderr, "applylog: no ENGINE=LMDB in SHOW CREATE TABLE syscat.%s\n",
                    m.st->name);
            exit(1);
        }
        fprintf(ddl, "%.*sENGINE=InnoDB%s;\n", (int)(eng - text), text,
                eng + strlen("ENGINE=LMDB"));
        sc_free(ctx, text);
        d.f = rows;
        d.ctx = ctx;
        d.m = &m;
        d.n = 0;
        if (sc_catalog__row_foreach(txn, id, row_cb, &d))
            die_ctx(ctx, "walking system rows");
        nrows += d.n;
    }
    sc_txn_abort(txn);
    if (fclose(ddl) || fclose(rows))
        die_errno(base);
    printf("bootstrap_rows %zu\n", nrows);
}

/* ------------------------------------------------------------------ */
/* gen                                                                  */

static uint64_t next_seq(sc_ctx *ctx, sc_catalog *cat, sc_log *log)
{
    sc_log_state st;
    sc_txn *txn = NULL;

    if (sc_txn_begin(&txn, cat, SC_TXN_READONLY) || sc_log__state_get(&st, log, txn))
        die_ctx(ctx, "log state");
    sc_txn_abort(txn);
    return st.next_seq;
}

typedef struct writer {
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
    sc_session *session;
    FILE *sql;
    const char *sql_path;
    char *line;
    size_t cap;
    uint64_t first_seq; /* first GTID of our statements */
    uint64_t statements, failed;
    uint64_t step_first; /* first GTID seq the last writer_step logged */
} writer;

static void writer_open(writer *w, const char *dir, const char *sql_path, const char *boot)
{
    memset(w, 0, sizeof(*w));
    if (sc_ctx_new(&w->ctx, NULL))
        exit(1);
    w->cat = open_cat(w->ctx, dir, true);
    if (boot)
        write_bootstrap(w->ctx, w->cat, boot);
    if (sc_log_open(&w->log, w->cat))
        die_ctx(w->ctx, "log open");
    if (sc_log_set(w->log, "binlog.table_map", "statement"))
        die_ctx(w->ctx, "binlog.table_map statement");
    if (sc_session_new(&w->session, w->cat, NULL))
        die_ctx(w->ctx, "session");
    w->first_seq = next_seq(w->ctx, w->cat, w->log);
    w->sql_path = sql_path;
    if (!(w->sql = fopen(sql_path, "r")))
        die_errno(sql_path);
}

static void writer_close(writer *w)
{
    free(w->line);
    fclose(w->sql);
    sc_session_free(w->session);
    sc_log_close(w->log);
    sc_catalog_close(w->cat);
    sc_ctx_free(w->ctx);
}

/* Run statements until one adds transactions to the log; @return the last one's GTID
 * seq (w->step_first: the first one's). */
static uint64_t writer_step(writer *w)
{
    ssize_t n;

    for (;;) {
        sc_stmt_result r;
        uint64_t before = next_seq(w->ctx, w->cat, w->log), after;

        if ((n = getline(&w->line, &w->cap, w->sql)) < 0) {
            fprintf(stderr, "applylog: %s ran out after %llu statements (make it longer)\n",
                    w->sql_path, (unsigned long long)w->statements);
            exit(1);
        }
        while (n > 0 && (w->line[n - 1] == '\n' || w->line[n - 1] == ';'))
            w->line[--n] = '\0';
        memset(&r, 0, sizeof(r));
        w->statements++;
        if (sc_ddl_exec(&r, w->session, NULL, w->line, (size_t)n) != SC_OK)
            w->failed++;
        sc_stmt_result_clear(&r);
        after = next_seq(w->ctx, w->cat, w->log);
        if (after > before) {
            w->step_first = before;
            return after - 1;
        }
    }
}

static int cmd_gen(const char *dir, uint64_t n, const char *sql_path, const char *boot)
{
    writer w;
    double t0;

    writer_open(&w, dir, sql_path, boot);
    printf("bootstrap_logged %d\n", w.first_seq > 1 ? 1 : 0);
    t0 = now_s();
    while (w.statements == 0 || next_seq(w.ctx, w.cat, w.log) - w.first_seq < n)
        writer_step(&w);
    if (sc_log_sync(w.log))
        die_ctx(w.ctx, "log sync");
    printf("gen_txns %llu\ngen_statements %llu\ngen_failed %llu\ngen_seconds %.2f\n",
           (unsigned long long)n, (unsigned long long)w.statements, (unsigned long long)w.failed,
           now_s() - t0);
    writer_close(&w);
    return 0;
}

/* ------------------------------------------------------------------ */
/* count                                                                */

static int count_file(const char *path, uint64_t *txns, uint64_t *rows_events, sc_ctx *ctx)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;

    if (sc_binlog_reader_open(&r, ctx, path))
        die_ctx(ctx, path);
    for (;;) {
        if (sc_binlog_reader_next(&ev, r))
            die_ctx(ctx, path);
        if (!ev)
            break;
        if (ev->header.type == SC_EV_GTID)
            (*txns)++;
        else if (sc_event__is_rows(ev->header.type)) /* compressed ones too */
            (*rows_events)++;
    }
    sc_binlog_reader_close(r);
    return 0;
}

static int cmd_count(const char *dir)
{
    char path[4096], name[256];
    uint64_t txns = 0, rows = 0;
    sc_ctx *ctx = NULL;
    FILE *idx;

    if (sc_ctx_new(&ctx, NULL))
        return 1;
    snprintf(path, sizeof(path), "%s/binlog/binlog.index", dir);
    if (!(idx = fopen(path, "r")))
        die_errno(path);
    while (fgets(name, sizeof(name), idx)) {
        name[strcspn(name, "\r\n")] = '\0';
        if (!*name)
            continue;
        snprintf(path, sizeof(path), "%s/binlog/%s", dir,
                 strrchr(name, '/') ? strrchr(name, '/') + 1 : name);
        count_file(path, &txns, &rows, ctx);
    }
    fclose(idx);
    printf("txns %llu rows_events %llu\n", (unsigned long long)txns, (unsigned long long)rows);
    sc_ctx_free(ctx);
    return 0;
}

/* ------------------------------------------------------------------ */
/* apply and lag (the replica API)                                      */

#if HAVE_REPLICA
/* APPLYLOG_SET="key=value[,key=value...]": settings of the replica's own log
 * (what a setting costs the applier, e.g. binlog.compress=0). */
static void replica_settings(sc_ctx *ctx, sc_log *log)
{
    const char *env = getenv("APPLYLOG_SET");
    char buf[512], *save = NULL;

    if (!env || !*env)
        return;
    snprintf(buf, sizeof(buf), "%s", env);
    for (char *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            fprintf(stderr, "applylog: APPLYLOG_SET: '%s' is not key=value\n", kv);
            exit(2);
        }
        *eq = '\0';
        if (sc_log_set(log, kv, eq + 1))
            die_ctx(ctx, kv);
    }
}

static sc_log *replica_open(sc_ctx *ctx, sc_catalog **cat, const char *dir, const char *src)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    sc_log *log = NULL;

    *cat = open_cat(ctx, dir, true);
    if (sc_log_open(&log, *cat))
        die_ctx(ctx, "replica log open");
    /* the source logs as server 1; a replica skips transactions of its own server id */
    if (sc_log_set(log, "binlog.server_id", "2"))
        die_ctx(ctx, "binlog.server_id");
    replica_settings(ctx, log);
    o.from = src;
    if (sc_replica_add_source(log, "src", &o))
        die_ctx(ctx, "add source");
    return log;
}

static void sched_seconds(double *cpu, double *wait);
static double process_cpu(void);

static int cmd_apply(const char *dir, const char *src)
{
    sc_replica_stats st;
    sc_catalog *cat = NULL;
    sc_ctx *ctx = NULL;
    sc_log *log;
    double t0, dt, m0, q0, m1, q1, p0;

    if (sc_ctx_new(&ctx, NULL))
        return 1;
    log = replica_open(ctx, &cat, dir, src);
    memset(&st, 0, sizeof(st));
    sched_seconds(&m0, &q0);
    p0 = process_cpu();
    t0 = now_s();
    if (sc_replica_apply(&st, log, "src", NULL, NULL))
        die_ctx(ctx, "apply");
    dt = now_s() - t0;
    sched_seconds(&m1, &q1);
    /* main thread: the applying one; the process: with its reading thread */
    printf("apply_txns %llu apply_rows_events %llu apply_seconds %.3f skipped_txns %llu "
           "apply_cpu_s %.3f apply_main_thread_cpu_s %.3f apply_main_thread_runq_s %.3f\n",
           (unsigned long long)st.txns, (unsigned long long)st.rows, dt,
           (unsigned long long)st.skipped_txns, process_cpu() - p0, m1 - m0, q1 - q0);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    return 0;
}

/* State of `lag`: source commit times (shared with the forked writer), replica commit times. */
typedef struct lag_run {
    size_t slots;               /* entries of src_t and lags (GTID seqs below it) */
    double *src_t;              /* source commit time by GTID seq (shared mapping) */
    volatile uint64_t *done;    /* set by the writer when it has written everything */
    double *rep_t;              /* replica commit time by GTID seq (0: not yet) */
    size_t nlags;               /* entries of rep_t set */
    uint64_t rounds, max_batch; /* applier rounds that applied something, the largest */
    double *writer_sched;       /* the writer's CPU and run-queue seconds (shared) */
} lag_run;

/* This thread's CPU seconds and seconds spent runnable but waiting for a core
 * (/proc/thread-self/schedstat: on-CPU ns, run-queue ns, timeslices). */
static void sched_seconds(double *cpu, double *wait)
{
    unsigned long long on = 0, delay = 0;
    FILE *f = fopen("/proc/thread-self/schedstat", "r");

    if (!f || fscanf(f, "%llu %llu", &on, &delay) != 2)
        on = delay = 0;
    if (f)
        fclose(f);
    *cpu = (double)on / 1e9;
    *wait = (double)delay / 1e9;
}

/* Once per source transaction, right after the replica's commit that holds
 * it: its time, paired with the writer's commit time when both are done
 * (lag_report). The writer notes its time right after its commit call
 * returns, so a replica may commit before that note: the lag is then 0. (This
 * callback used to spin until the note was there: a quarter of the applier's
 * CPU in clock_gettime under load, while the writer it waited for had no core.) */
static void lag_cb(const sc_replica_stats *sofar, void *payload)
{
    lag_run *l = payload;
    uint64_t seq = sofar->gtid_seq;

    if (seq < l->slots && l->rep_t[seq] == 0) {
        l->rep_t[seq] = now_s();
        l->nlags++;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The forked writer: n transactions as fast as it can, commit times into src_t. */
static void lag_writer(lag_run *l, const char *src, uint64_t n, const char *sql_path)
{
    writer w;

    double c0, w0;

    writer_open(&w, src, sql_path, NULL);
    sched_seconds(&c0, &w0);
    for (uint64_t k = 0; k < n; k++) {
        uint64_t seq = writer_step(&w);
        double t = now_s();
        for (uint64_t q = w.step_first; q <= seq && q < l->slots; q++)
            l->src_t[q] = t;
    }
    sched_seconds(&l->writer_sched[0], &l->writer_sched[1]);
    l->writer_sched[0] -= c0;
    l->writer_sched[1] -= w0;
    *l->done = 1;
    writer_close(&w);
}

/* Follow the source (one sc_replica_follower: its file stays open between
 * rounds) until the writer is done and nothing is left. Between rounds that
 * found nothing it waits as `syscat replica follow` does: for inotify to
 * report a change in the source's binlog/ (10 ms at most, for the writer's
 * done flag). Polling every 100 us instead gave the core away as often and
 * cost the applier a third more CPU in empty rounds (docs/performance.md). */
static void lag_follow(lag_run *l, sc_ctx *ctx, sc_log *log, const char *src)
{
    sc_replica_follower *f = NULL;
    char dir[1100];
    int ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    const char *trace = getenv("BENCH_LAG_TRACE"); /* a line per round that applied */
    FILE *tf = trace ? fopen(trace, "w") : NULL;

    snprintf(dir, sizeof(dir), "%s/binlog", src);
    if (ino < 0 ||
        inotify_add_watch(ino, dir, IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE) < 0)
        die_errno("inotify");
    if (sc_replica_follower_open(&f, log, "src"))
        die_ctx(ctx, "follower");
    for (;;) {
        sc_replica_stats st;
        bool finished = *l->done != 0;
        double t0 = now_s(), c0, w0, c1, w1;
        char buf[4096];

        while (read(ino, buf, sizeof(buf)) > 0)
            ; /* what changed so far, this round reads */
        memset(&st, 0, sizeof(st));
        sched_seconds(&c0, &w0);
        if (sc_replica_follower_apply(&st, f, lag_cb, l))
            die_ctx(ctx, "apply");
        sched_seconds(&c1, &w1);
        if (tf && st.txns)
            fprintf(tf, "%.6f %.6f %llu %.6f %.6f\n", t0, now_s(), (unsigned long long)st.txns,
                    c1 - c0, w1 - w0);
        l->rounds += st.txns + st.skipped_txns > 0;
        if (st.txns + st.skipped_txns > l->max_batch)
            l->max_batch = st.txns + st.skipped_txns;
        if (st.txns + st.skipped_txns == 0) {
            struct pollfd p = {ino, POLLIN, 0};
            if (finished)
                break;
            poll(&p, 1, 10);
        }
    }
    close(ino);
    if (tf)
        fclose(tf);
    sc_replica_follower_close(f);
}

static void lag_report(lag_run *l)
{
    double *lags = calloc(l->slots, sizeof(double));
    size_t n = 0;

    if (!lags)
        die_errno("memory");
    for (size_t seq = 0; seq < l->slots; seq++)
        if (l->rep_t[seq] > 0 && l->src_t[seq] > 0)
            lags[n++] = l->rep_t[seq] > l->src_t[seq] ? l->rep_t[seq] - l->src_t[seq] : 0;
    if (n == 0) {
        fprintf(stderr, "applylog: no transaction was matched for the lag\n");
        exit(1);
    }
    qsort(lags, n, sizeof(double), cmp_double);
    printf("lag_txns %zu lag_p50_ms %.3f lag_p99_ms %.3f lag_max_ms %.3f\n", n, lags[n / 2] * 1e3,
           lags[(size_t)((double)n * 0.99)] * 1e3, lags[n - 1] * 1e3);
    free(lags);
}

/* CPU seconds of this process, every thread (ended ones too). */
static double process_cpu(void)
{
    struct rusage ru;

    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static int cmd_lag(const char *src, const char *dir, uint64_t n, const char *sql_path)
{
    double c0, w0, c1, w1, p0;
    unsigned long piped0;
    lag_run l;
    size_t shared;
    sc_catalog *cat = NULL;
    sc_ctx *ctx = NULL;
    sc_log *log;
    writer w;
    pid_t pid;
    int status;

    memset(&l, 0, sizeof(l));
    l.slots = (size_t)n + 64;
    shared = (l.slots + 2) * sizeof(double) + sizeof(uint64_t);
    l.src_t = mmap(NULL, shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    l.rep_t = calloc(l.slots, sizeof(double));
    if (l.src_t == MAP_FAILED || !l.rep_t)
        die_errno("memory");
    l.writer_sched = l.src_t + l.slots;
    l.done = (volatile uint64_t *)(l.src_t + l.slots + 2);
    writer_open(&w, src, sql_path, NULL); /* the source exists before the replica adds it */
    writer_close(&w);
    if ((pid = fork()) < 0)
        die_errno("fork");
    if (pid == 0) {
        lag_writer(&l, src, n, sql_path);
        _exit(0);
    }
    if (sc_ctx_new(&ctx, NULL))
        return 1;
    log = replica_open(ctx, &cat, dir, src);
    sched_seconds(&c0, &w0);
    p0 = process_cpu();
    piped0 = sc_replica__piped_rounds;
    lag_follow(&l, ctx, log, src);
    sched_seconds(&c1, &w1);
    waitpid(pid, &status, 0);
    lag_report(&l);
    /* Where the lag comes from on a shared machine: seconds each side was
     * runnable but had no core, next to the CPU seconds it used. */
    printf("lag_rounds %llu lag_max_batch %llu applier_cpu_s %.3f applier_runq_s %.3f "
           "writer_cpu_s %.3f writer_runq_s %.3f\n",
           (unsigned long long)l.rounds, (unsigned long long)l.max_batch, c1 - c0, w1 - w0,
           l.writer_sched[0], l.writer_sched[1]);
    /* the applier's main thread above; with its reading thread (rounds read by two threads): */
    printf("lag_piped_rounds %lu applier_process_cpu_s %.3f\n", sc_replica__piped_rounds - piped0,
           process_cpu() - p0);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    free(l.rep_t);
    munmap(l.src_t, shared);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/*
 * lag-net: the source is a `syscat serve` (started here on a free loopback
 * port, stopped by PID) and the forked writer sends SQLFILE's statements
 * through its Unix socket with Connector/C as fast as it can (the server's
 * own commits wake its binlog dumps); this process follows 127.0.0.1:PORT
 * with one sc_replica_follower (a blocking dump), sleeping in poll(2) on
 * sc_replica_follower_fd() between rounds, as `syscat replica follow` does.
 * Which statements make a transaction (how a commit time is matched to its
 * GTID) is learnt first on a scratch catalog, and checked against the
 * source's GTID at the end.
 */
static pid_t
serve_start(const char *syscat, const char *src, char *sock, size_t size, unsigned *port)
{
    char pf[1100], pw[1100], cmd[4000];
    FILE *f;
    pid_t pid;

    snprintf(pf, sizeof(pf), "%s.port", src);
    snprintf(pw, sizeof(pw), "%s.pw", src);
    snprintf(sock, size, "%s.sock", src);
    if (!(f = fopen(pw, "w")) || fputs("lagpw\n", f) < 0 || fclose(f))
        die_errno(pw);
    snprintf(cmd, sizeof(cmd),
             "'%s' --datadir '%s' user add repl --host '%%' --password-file '%s' --grant "
             "'REPLICATION SLAVE' >/dev/null",
             syscat, src, pw);
    if (system(cmd) != 0)
        die_errno("syscat user add");
    unlink(pf);
    if ((pid = fork()) < 0)
        die_errno("fork");
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(127);
        execl(syscat, syscat, "--datadir", src, "serve", "--port", "0", "--port-file", pf,
              "--socket", sock, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200; i++) {
        if ((f = fopen(pf, "r"))) {
            int ok = fscanf(f, "%u", port) == 1;
            fclose(f);
            if (ok)
                return pid;
        }
        usleep(50000);
    }
    kill(pid, SIGTERM);
    fprintf(stderr, "applylog: syscat serve did not start\n");
    exit(1);
}

static MYSQL *sock_connect(const char *sock)
{
    MYSQL *m = mysql_init(NULL);

    if (!m || !mysql_real_connect(m, NULL, "root", NULL, NULL, 0, sock, 0)) {
        fprintf(stderr, "applylog: connect %s: %s\n", sock, m ? mysql_error(m) : "");
        exit(1);
    }
    return m;
}

/* The sequence number of the source's last GTID (@@global.gtid_binlog_pos d-s-N). */
static uint64_t served_seq(MYSQL *m)
{
    MYSQL_RES *res;
    MYSQL_ROW row;
    uint64_t seq = 0;
    const char *dash;

    if (mysql_query(m, "SELECT @@global.gtid_binlog_pos") || !(res = mysql_store_result(m))) {
        fprintf(stderr, "applylog: gtid_binlog_pos: %s\n", mysql_error(m));
        exit(1);
    }
    if ((row = mysql_fetch_row(res)) && row[0] && (dash = strrchr(row[0], '-')))
        seq = strtoull(dash + 1, NULL, 10);
    mysql_free_result(res);
    return seq;
}

/* Which of SQLFILE's first statements make a transaction, learnt by running
 * them on a scratch catalog (the stream is deterministic): 1 byte per line. */
static char *txn_pattern(size_t *lines, const char *scratch, const char *sql_path, uint64_t n)
{
    writer w;
    char *pat = NULL;
    size_t cap = 0;
    uint64_t txns = 0;
    ssize_t len;

    writer_open(&w, scratch, sql_path, NULL);
    *lines = 0;
    while (txns < n && (len = getline(&w.line, &w.cap, w.sql)) > 0) {
        sc_stmt_result r;
        uint64_t before = next_seq(w.ctx, w.cat, w.log);
        while (len > 0 && (w.line[len - 1] == '\n' || w.line[len - 1] == ';'))
            w.line[--len] = '\0';
        memset(&r, 0, sizeof(r));
        sc_ddl_exec(&r, w.session, NULL, w.line, (size_t)len);
        sc_stmt_result_clear(&r);
        if (*lines == cap && !(pat = realloc(pat, cap = cap ? cap * 2 : 4096)))
            die_errno("memory");
        pat[*lines] = next_seq(w.ctx, w.cat, w.log) > before;
        txns += (uint64_t)pat[(*lines)++];
    }
    writer_close(&w);
    return pat;
}

static void
lag_net_writer(lag_run *l, const char *sock, const char *pat, size_t lines, const char *sql_path)
{
    MYSQL *m = sock_connect(sock);
    uint64_t seq = served_seq(m);
    FILE *sql = fopen(sql_path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;

    if (!sql)
        die_errno(sql_path);
    for (size_t i = 0; i < lines && (len = getline(&line, &cap, sql)) > 0; i++) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == ';'))
            line[--len] = '\0';
        if (mysql_real_query(m, line, (unsigned long)len) && pat[i]) {
            fprintf(stderr, "applylog: %s: %s\n", line, mysql_error(m));
            _exit(1);
        }
        if (!pat[i])
            continue;
        seq++;
        if (seq < l->slots)
            l->src_t[seq] = now_s();
    }
    if (served_seq(m) != seq) {
        fprintf(stderr, "applylog: the source is at GTID seq %llu, the writer counted %llu\n",
                (unsigned long long)served_seq(m), (unsigned long long)seq);
        _exit(1);
    }
    *l->done = seq;
    mysql_close(m);
    free(line);
    fclose(sql);
}

/* Follow until the writer is done and the replica has its last GTID. */
static void lag_net_follow(lag_run *l, sc_ctx *ctx, sc_log *log, pid_t writer_pid)
{
    sc_replica_follower *f = NULL;
    uint64_t last = 0;

    if (sc_replica_follower_open(&f, log, "src"))
        die_ctx(ctx, "follower");
    for (;;) {
        sc_replica_stats st;
        struct pollfd p = {sc_replica_follower_fd(f), POLLIN, 0};

        memset(&st, 0, sizeof(st));
        if (sc_replica_follower_apply(&st, f, lag_cb, l))
            die_ctx(ctx, "apply");
        if (st.txns)
            last = st.gtid_seq;
        if (*l->done && last >= *l->done)
            break;
        if (!*l->done && waitpid(writer_pid, NULL, WNOHANG) == writer_pid) {
            fprintf(stderr, "applylog: the writer failed\n");
            exit(1);
        }
        if (!sc_replica_follower_has_more(f)) {
            if (p.fd < 0)
                p.fd = sc_replica_follower_fd(f);
            poll(&p, p.fd >= 0, p.fd >= 0 ? 1000 : 10);
        }
    }
    sc_replica_follower_close(f);
}

static int
cmd_lag_net(const char *syscat, const char *src, const char *dir, uint64_t n, const char *sql_path)
{
    lag_run l;
    size_t shared;
    sc_catalog *cat = NULL;
    sc_ctx *ctx = NULL;
    sc_log *log;
    writer w;
    pid_t serve, pid;
    int status;
    char sock[1100], pw[1100], from[64], scratch[1100], *pat;
    size_t lines = 0;
    unsigned port = 0;
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;

    memset(&l, 0, sizeof(l));
    l.slots = (size_t)n + 256;
    shared = (l.slots + 2) * sizeof(double) + sizeof(uint64_t);
    l.src_t = mmap(NULL, shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    l.rep_t = calloc(l.slots, sizeof(double));
    if (l.src_t == MAP_FAILED || !l.rep_t)
        die_errno("memory");
    l.writer_sched = l.src_t + l.slots;
    l.done = (volatile uint64_t *)(l.src_t + l.slots + 2);
    snprintf(scratch, sizeof(scratch), "%s.scratch", src);
    pat = txn_pattern(&lines, scratch, sql_path, n);
    writer_open(&w, src, sql_path, NULL); /* the catalog, its log (table_map=statement) */
    writer_close(&w);
    serve = serve_start(syscat, src, sock, sizeof(sock), &port);
    if (sc_ctx_new(&ctx, NULL))
        return 1;
    snprintf(from, sizeof(from), "127.0.0.1:%u", port);
    cat = open_cat(ctx, dir, true);
    if (sc_log_open(&log, cat) || sc_log_set(log, "binlog.server_id", "2"))
        die_ctx(ctx, "replica log");
    o.from = from;
    o.user = "repl";
    snprintf(pw, sizeof(pw), "%s.pw", src); /* serve_start wrote it */
    o.password_file = pw;
    if (sc_replica_add_source(log, "src", &o))
        die_ctx(ctx, "add source");
    if ((pid = fork()) < 0)
        die_errno("fork");
    if (pid == 0) {
        lag_net_writer(&l, sock, pat, lines, sql_path);
        _exit(0);
    }
    lag_net_follow(&l, ctx, log, pid);
    waitpid(pid, &status, 0);
    kill(serve, SIGTERM);
    waitpid(serve, NULL, 0);
    lag_report(&l);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    free(l.rep_t);
    free(pat);
    munmap(l.src_t, shared);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
#else
static int no_replica(void)
{
    printf("syscat applier not available: sc_replica_apply() is not in this build's "
           "include/syscat/replicate.h (issue 9 work not on main yet)\n");
    return 3;
}
#endif

static void usage(void)
{
    fputs("usage: applylog gen SRC N SQLFILE BOOT | count SRC | apply REPLICA SRC |"
          " lag SRC REPLICA N SQLFILE | lag-net SYSCAT SRC REPLICA N SQLFILE\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        usage();
    if (!strcmp(argv[1], "gen") && argc == 6)
        return cmd_gen(argv[2], strtoull(argv[3], NULL, 10), argv[4], argv[5]);
    if (!strcmp(argv[1], "count") && argc == 3)
        return cmd_count(argv[2]);
#if HAVE_REPLICA
    if (!strcmp(argv[1], "apply") && argc == 4)
        return cmd_apply(argv[2], argv[3]);
    if (!strcmp(argv[1], "lag") && argc == 6)
        return cmd_lag(argv[2], argv[3], strtoull(argv[4], NULL, 10), argv[5]);
    if (!strcmp(argv[1], "lag-net") && argc == 7)
        return cmd_lag_net(argv[2], argv[3], argv[4], strtoull(argv[5], NULL, 10), argv[6]);
#else
    if ((!strcmp(argv[1], "apply") && argc == 4) || (!strcmp(argv[1], "lag") && argc == 6))
        return no_replica();
#endif
    usage();
    return 2;
}
