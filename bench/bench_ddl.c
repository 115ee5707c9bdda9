/*
 * bench_ddl.c - DDL engine benchmark (prints figures, never pass/fail;
 * DESIGN.md section 9, issue 3 point 5).
 *
 * Figures:
 *   1. the public DDL corpus ($SC_ORACLE/ddl/NNNN-x/input.sql) replayed
 *      through sc_ddl_exec, each case on a fresh catalog (catalog creation
 *      not timed): statements per second;
 *   2. BENCH_DDL_TABLES (default 100,000) generated CREATE TABLE statements
 *      through sc_ddl_exec, all in one catalog transaction, then the same in
 *      one transaction per statement (SC_CATALOG_NOSYNC in both: the figure
 *      is the engine's, not the disk's);
 *   3. SHOW CREATE TABLE renderings per second over those tables (warm);
 *   4. the same generated statements (BENCH_CLI_TABLES, default 10,000)
 *      through `syscat exec FILE` in a child process: the CLI commits each
 *      statement with fsync and writes the log, as a user would run it;
 *      then the same inside one BEGIN ... COMMIT. For both, per statement,
 *      from the child's /proc/PID/io (read before it is reaped): write
 *      system calls (syscw), bytes passed to them (wchar), bytes it sent to
 *      storage (write_bytes), the binlog bytes (file growth) and the LMDB
 *      pages written ((wchar - binlog bytes) / page size: LMDB writes whole
 *      pages, the log file is the only other writer).
 * MariaDB 10.11 manages 300-500 CREATE TABLE per second on this machine.
 */
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "syscat.h"

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(sc_ctx *ctx, const char *what)
{
    fprintf(stderr, "bench_ddl: %s: %s\n", what, ctx ? sc_ctx_last_error(ctx)->message : "");
    exit(1);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void rmtree(const char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static sc_catalog *open_fresh(sc_ctx *ctx, char *dir, size_t size, uint64_t map_size)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;

    snprintf(dir, size, "%s/syscat-bench-ddl-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir))
        die(NULL, "mkdtemp");
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = map_size;
    if (sc_catalog_open(&cat, ctx, dir, &opts) != SC_OK)
        die(ctx, "sc_catalog_open");
    return cat;
}

static void exec1(sc_session *s, sc_txn *txn, const char *sql, size_t len, bool must_succeed)
{
    sc_stmt_result r;

    memset(&r, 0, sizeof(r));
    if (sc_ddl_exec(&r, s, txn, sql, len) != SC_OK && must_succeed) {
        fprintf(stderr, "bench_ddl: %.*s: %s\n", (int)len, sql, r.message ? r.message : "?");
        exit(1);
    }
    sc_stmt_result_clear(&r);
}

/* ------------------------------------------------------------------ */
/* 1. The public corpus                                                 */

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;

    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Run the statements of one input.sql (oracle splitting rule); returns the count. */
static size_t run_script(sc_session *s, const char *text)
{
    const char *start = text, *p = text;
    size_t n = 0;

    while (*p) {
        const char *eol = strchr(p, '\n');
        const char *end = eol ? eol : p + strlen(p);
        const char *t = end;

        while (t > p && (t[-1] == ' ' || t[-1] == '\t' || t[-1] == '\r'))
            t--;
        if (t > p && t[-1] == ';') {
            exec1(s, NULL, start, (size_t)(t - 1 - start), false);
            n++;
            start = eol ? eol + 1 : end;
        }
        p = eol ? eol + 1 : end;
    }
    return n;
}

static void bench_corpus(sc_ctx *ctx)
{
    const char *oracle = getenv("SC_ORACLE") ? getenv("SC_ORACLE") : "../shared/oracle";
    char path[1024], dir[256];
    struct dirent *de;
    double spent = 0;
    size_t stmts = 0, cases = 0;
    DIR *d;

    snprintf(path, sizeof(path), "%s/ddl", oracle);
    d = opendir(path);
    if (!d) {
        printf("corpus: %s not found, skipped\n", path);
        return;
    }
    while ((de = readdir(d)) != NULL) {
        sc_catalog *cat;
        sc_session *s = NULL;
        char *text;
        double t0;

        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof(path), "%s/ddl/%s/input.sql", oracle, de->d_name);
        if (!(text = read_file(path)))
            continue;
        cat = open_fresh(ctx, dir, sizeof(dir), 64u << 20);
        if (sc_session_new(&s, cat, NULL) != SC_OK)
            die(ctx, "sc_session_new");
        exec1(s, NULL, "CREATE DATABASE test", 20, true);
        exec1(s, NULL, "USE test", 8, true);
        t0 = now_s();
        stmts += run_script(s, text);
        spent += now_s() - t0;
        cases++;
        sc_session_free(s);
        sc_catalog_close(cat);
        rmtree(dir);
        free(text);
    }
    closedir(d);
    printf("corpus: %zu cases, %zu statements in %.3f s: %.0f statements/s through sc_ddl_exec\n",
           cases, stmts, spent, spent > 0 ? (double)stmts / spent : 0.0);
}

/* ------------------------------------------------------------------ */
/* 2-4. Generated CREATE TABLE statements                               */

/* A realistic table: PK, 8 typed columns with defaults, 2 secondary indexes. */
static int gen_create(char *buf, size_t size, size_t i)
{
    return snprintf(buf, size,
                    "CREATE TABLE t%zu (\n"
                    "  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,\n"
                    "  name VARCHAR(64) NOT NULL DEFAULT '',\n"
                    "  email VARCHAR(255) CHARACTER SET ascii DEFAULT NULL,\n"
                    "  status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new',\n"
                    "  amount DECIMAL(10,2) NOT NULL DEFAULT 0,\n"
                    "  ratio DOUBLE DEFAULT NULL,\n"
                    "  created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,\n"
                    "  updated DATETIME(3) DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),\n"
                    "  notes TEXT COMMENT 'free text %zu',\n"
                    "  PRIMARY KEY (id),\n"
                    "  UNIQUE KEY uk_email (email),\n"
                    "  KEY k_status_created (status, created)\n"
                    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
                    i, i);
}

static size_t env_count(const char *name, size_t dflt)
{
    const char *v = getenv(name);
    return v && *v ? (size_t)strtoull(v, NULL, 10) : dflt;
}

static void bench_generated(sc_ctx *ctx, size_t n)
{
    char dir[256], sql[2048], name[32];
    sc_catalog *cat = open_fresh(ctx, dir, sizeof(dir), (uint64_t)8 << 30);
    sc_session *s = NULL;
    sc_txn *txn = NULL;
    double t0, t;
    size_t i;

    if (sc_session_new(&s, cat, NULL) != SC_OK)
        die(ctx, "sc_session_new");
    exec1(s, NULL, "CREATE DATABASE one_txn", 23, true);
    exec1(s, NULL, "CREATE DATABASE per_stmt", 24, true);

    exec1(s, NULL, "USE one_txn", 11, true);
    if (sc_txn_begin(&txn, cat, 0) != SC_OK)
        die(ctx, "sc_txn_begin");
    t0 = now_s();
    for (i = 0; i < n; i++) {
        int len = gen_create(sql, sizeof(sql), i);
        exec1(s, txn, sql, (size_t)len, true);
    }
    if (sc_txn_commit(txn) != SC_OK)
        die(ctx, "sc_txn_commit");
    t = now_s() - t0;
    printf("generated: %zu CREATE TABLE in one catalog transaction: %.3f s, %.0f statements/s\n", n,
           t, (double)n / t);

    exec1(s, NULL, "USE per_stmt", 12, true);
    t0 = now_s();
    for (i = 0; i < n; i++) {
        int len = gen_create(sql, sizeof(sql), i);
        exec1(s, NULL, sql, (size_t)len, true);
    }
    t = now_s() - t0;
    printf(
        "generated: %zu CREATE TABLE, one transaction each (no fsync): %.3f s, %.0f statements/s\n",
        n, t, (double)n / t);

    if (sc_txn_begin(&txn, cat, SC_TXN_READONLY) != SC_OK)
        die(ctx, "sc_txn_begin");
    t0 = now_s();
    for (i = 0; i < n; i++) {
        char *out = NULL;
        snprintf(name, sizeof(name), "t%zu", i);
        if (sc_show_create_table(&out, txn, "one_txn", name) != SC_OK)
            die(ctx, "sc_show_create_table");
        sc_free(ctx, out);
    }
    t = now_s() - t0;
    sc_txn_abort(txn);
    printf("show create: %zu SHOW CREATE TABLE renderings (load + render), warm: %.3f s, %.0f/s, "
           "%.2f us each\n",
           n, t, (double)n / t, t * 1e6 / (double)n);

    sc_session_free(s);
    sc_catalog_close(cat);
    rmtree(dir);
}

/* What /proc/PID/io said of a child, and how long it ran. */
typedef struct child_io {
    unsigned long long wchar, syscw, write_bytes;
    double seconds;
    bool ok;
} child_io;

/* Run `sh -c cmd` (cmd starts with exec, so the shell becomes the program) and read its io. */
static child_io run_measured(const char *cmd)
{
    child_io io = {0, 0, 0, 0.0, false};
    char path[64], line[128];
    siginfo_t si;
    int ws = 0;
    double t0 = now_s();
    pid_t pid = fork();
    FILE *f;

    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    if (pid < 0)
        return io;
    memset(&si, 0, sizeof(si));
    if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) == 0) {
        io.seconds = now_s() - t0;
        snprintf(path, sizeof(path), "/proc/%ld/io", (long)pid);
        if ((f = fopen(path, "r"))) {
            while (fgets(line, sizeof(line), f)) {
                sscanf(line, "wchar: %llu", &io.wchar);
                sscanf(line, "syscw: %llu", &io.syscw);
                sscanf(line, "write_bytes: %llu", &io.write_bytes);
            }
            fclose(f);
        }
    }
    waitpid(pid, &ws, 0);
    io.ok = WIFEXITED(ws) && WEXITSTATUS(ws) == 0;
    return io;
}

/* Bytes of the files in dir/data/binlog (du's apparent size). */
static unsigned long long binlog_bytes(const char *dir)
{
    char cmd[600];
    unsigned long long n = 0;
    FILE *p;

    snprintf(cmd, sizeof(cmd), "cat %s/data/binlog/binlog.0* 2>/dev/null | wc -c", dir);
    if ((p = popen(cmd, "r"))) {
        if (fscanf(p, "%llu", &n) != 1)
            n = 0;
        pclose(p);
    }
    return n;
}

/* One measured `syscat exec FILE` run: rate and per-statement writes. */
static void
cli_run(const char *syscat, const char *dir, const char *file, size_t n, const char *what)
{
    char cmd[4096];
    unsigned long long before = binlog_bytes(dir), logb;
    child_io io;
    double per;

    snprintf(cmd, sizeof(cmd), "exec %s --datadir %s/data exec --database b %s >/dev/null", syscat,
             dir, file);
    io = run_measured(cmd);
    if (!io.ok)
        printf("cli: syscat exec failed\n");
    logb = binlog_bytes(dir) - before;
    per = (double)n;
    printf("cli: %zu CREATE TABLE through `syscat exec FILE` (%s): %.3f s, %.0f statements/s\n", n,
           what, io.seconds, per / io.seconds);
    printf("cli:   per statement: %.1f write calls, %.0f bytes written (wchar), %.0f to storage "
           "(write_bytes), %.0f binlog bytes, %.1f LMDB pages of 4096\n",
           (double)io.syscw / per, (double)io.wchar / per, (double)io.write_bytes / per,
           (double)logb / per, io.wchar > logb ? (double)(io.wchar - logb) / 4096.0 / per : 0.0);
}

static void bench_cli(const char *syscat, size_t n)
{
    char dir[256], file[512], sql[2048], cmd[4096];
    FILE *f;
    size_t i;

    snprintf(dir, sizeof(dir), "%s/syscat-bench-cli-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir))
        die(NULL, "mkdtemp");
    snprintf(file, sizeof(file), "%s/create.sql", dir);
    if (!(f = fopen(file, "w")))
        die(NULL, "fopen");
    for (i = 0; i < n; i++) {
        gen_create(sql, sizeof(sql), i);
        fprintf(f, "%s;\n", sql);
    }
    fclose(f);
    snprintf(cmd, sizeof(cmd),
             "%s --datadir %s/data init >/dev/null && "
             "%s --datadir %s/data exec -e 'CREATE DATABASE b;' >/dev/null",
             syscat, dir, syscat, dir);
    if (system(cmd) != 0) {
        printf("cli: %s init/exec failed, skipped\n", syscat);
        rmtree(dir);
        return;
    }
    cli_run(syscat, dir, file, n, "fsync per statement, log on");
    /* the same statements (other names) inside one BEGIN ... COMMIT */
    if (!(f = fopen(file, "w")))
        die(NULL, "fopen");
    fputs("BEGIN;\n", f);
    for (i = 0; i < n; i++) {
        gen_create(sql, sizeof(sql), n + i);
        fprintf(f, "%s;\n", sql);
    }
    fputs("COMMIT;\n", f);
    fclose(f);
    cli_run(syscat, dir, file, n, "inside one BEGIN ... COMMIT, one fsync");
    rmtree(dir);
}

int main(int argc, char **argv)
{
    sc_ctx *ctx = NULL;
    char syscat[1024];
    const char *slash = strrchr(argv[0], '/');

    (void)argc;
    if (sc_ctx_new(&ctx, NULL) != SC_OK)
        die(NULL, "sc_ctx_new");
    bench_corpus(ctx);
    bench_generated(ctx, env_count("BENCH_DDL_TABLES", 100000));
    snprintf(syscat, sizeof(syscat), "%.*ssyscat", slash ? (int)(slash - argv[0] + 1) : 0, argv[0]);
    bench_cli(syscat, env_count("BENCH_CLI_TABLES", 10000));
    sc_ctx_free(ctx);
    return 0;
}
