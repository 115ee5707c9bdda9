/*
 * bench_views.c - CREATE VIEW and SHOW CREATE VIEW rates (issue 11): 1,000
 * tables, then 10,000 views over them in five shapes (filter with
 * expressions, self join, aggregate with HAVING, derived table, UNION),
 * then SHOW CREATE VIEW of each. Prints figures, never pass/fail.
 *
 * syscat: in process through sc_ddl_exec, one catalog transaction per
 * statement, SC_CATALOG_NOSYNC (the private MariaDB below runs with
 * innodb_flush_log_at_trx_commit=0 and sync_frm=0: neither syncs).
 * MariaDB 10.11: a private server (bench/mariadb-private.sh: own datadir,
 * free loopback port, stopped by its PID), the same statements through one
 * `mariadb` client process reading a file, in the same run.
 * Environment: BENCH_VIEWS (10000), BENCH_VIEW_TABLES (1000),
 * BENCH_VIEWS_MARIADB=0 skips the server.
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "syscat.h"

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static unsigned env_num(const char *name, unsigned dflt)
{
    const char *v = getenv(name);
    return v && *v ? (unsigned)strtoul(v, NULL, 10) : dflt;
}

static void table_sql(char *out, size_t n, unsigned i)
{
    snprintf(out, n,
             "CREATE TABLE t%u (id INT PRIMARY KEY, a INT, b VARCHAR(20), c DECIMAL(8,2), "
             "d DATE)",
             i);
}

static void view_sql(char *out, size_t n, unsigned i, unsigned tables)
{
    unsigned t = i % tables, u = (i * 7 + 3) % tables;

    switch (i % 5) {
    case 0:
        snprintf(out, n,
                 "CREATE VIEW v%u AS SELECT id, a + 1 AS a1, UPPER(b) AS ub, "
                 "DATE_FORMAT(d, '%%Y') AS y FROM t%u WHERE a > %u AND b LIKE 'x%%'",
                 i, t, i);
        break;
    case 1:
        snprintf(out, n,
                 "CREATE VIEW v%u AS SELECT x.id, y.b FROM t%u x JOIN t%u y ON x.id = y.a "
                 "LEFT JOIN t%u z ON z.id = x.id",
                 i, t, u, t);
        break;
    case 2:
        snprintf(out, n,
                 "CREATE VIEW v%u AS SELECT b, COUNT(*) AS n, SUM(c) AS s FROM t%u GROUP BY b "
                 "HAVING COUNT(*) > 1 ORDER BY b LIMIT 10",
                 i, t);
        break;
    case 3:
        snprintf(out, n,
                 "CREATE VIEW v%u AS SELECT s.id, s.total FROM (SELECT id, a * c AS total FROM "
                 "t%u) AS s WHERE s.total > 0",
                 i, t);
        break;
    default:
        snprintf(out, n, "CREATE VIEW v%u AS SELECT id, b FROM t%u UNION ALL SELECT id, b FROM t%u",
                 i, t, u);
        break;
    }
}

static void run(sc_session *s, sc_ctx *ctx, const char *sql, bool show)
{
    sc_stmt_result r;

    if (sc_ddl_exec(&r, s, NULL, sql, strlen(sql)) != SC_OK) {
        fprintf(stderr, "bench_views: %s: %u %s\n", sql, r.mysql_errno,
                r.message ? r.message : sc_ctx_last_error(ctx)->message);
        exit(1);
    }
    if (show && (!r.output || !strstr(r.output, "VIEW"))) {
        fprintf(stderr, "bench_views: %s: no view text\n", sql);
        exit(1);
    }
    sc_stmt_result_clear(&r);
}

static void syscat_side(const char *dir, unsigned tables, unsigned views)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_session *s = NULL;
    sc_ctx *ctx = NULL;
    char sql[512];
    double t0, t1, t2;

    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 2048ull << 20;
    if (sc_ctx_new(&ctx, NULL) != SC_OK || sc_catalog_open(&cat, ctx, dir, &o) != SC_OK ||
        sc_session_new(&s, cat, NULL) != SC_OK) {
        fprintf(stderr, "bench_views: cannot open a catalog in %s\n", dir);
        exit(1);
    }
    run(s, ctx, "CREATE DATABASE bench", false);
    run(s, ctx, "USE bench", false);
    for (unsigned i = 0; i < tables; i++) {
        table_sql(sql, sizeof(sql), i);
        run(s, ctx, sql, false);
    }
    t0 = now_s();
    for (unsigned i = 0; i < views; i++) {
        view_sql(sql, sizeof(sql), i, tables);
        run(s, ctx, sql, false);
    }
    t1 = now_s();
    for (unsigned i = 0; i < views; i++) {
        snprintf(sql, sizeof(sql), "SHOW CREATE VIEW v%u", i);
        run(s, ctx, sql, true);
    }
    t2 = now_s();
    printf("syscat:  CREATE VIEW %8.0f/s   SHOW CREATE VIEW %8.0f/s   (%u views over %u tables, "
           "in process, one transaction per statement, NOSYNC)\n",
           views / (t1 - t0), views / (t2 - t1), views, tables);
    sc_session_free(s);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
}

static int write_sql(const char *path, unsigned tables, unsigned views, int which)
{
    FILE *f = fopen(path, "w");
    char sql[512];

    if (!f)
        return -1;
    for (unsigned i = 0; i < (which == 0 ? tables : views); i++) {
        if (which == 0)
            table_sql(sql, sizeof(sql), i);
        else if (which == 1)
            view_sql(sql, sizeof(sql), i, tables);
        else
            snprintf(sql, sizeof(sql), "SHOW CREATE VIEW v%u", i);
        fprintf(f, "%s;\n", sql);
    }
    return fclose(f);
}

/* Time one client run over a file; -1 on failure. */
static double client(const char *sock, const char *file)
{
    char cmd[2048];
    double t0 = now_s();

    snprintf(cmd, sizeof(cmd),
             "mariadb --no-defaults --protocol=socket --socket='%s' -uroot "
             "--default-character-set=utf8mb4 bench < '%s' > /dev/null",
             sock, file);
    if (system(cmd) != 0)
        return -1;
    return now_s() - t0;
}

static void mariadb_side(const char *work, unsigned tables, unsigned views)
{
    char path[3][1024], cmd[2048], sock[1024] = "";
    double tv, ts;
    FILE *p;

    for (int i = 0; i < 3; i++) {
        snprintf(path[i], sizeof(path[i]), "%s/%s.sql", work,
                 i == 0   ? "tables"
                 : i == 1 ? "views"
                          : "show");
        if (write_sql(path[i], tables, views, i) != 0) {
            fprintf(stderr, "bench_views: cannot write %s\n", path[i]);
            return;
        }
    }
    snprintf(cmd, sizeof(cmd), "bash bench/mariadb-private.sh start '%s/server'", work);
    p = popen(cmd, "r");
    if (!p || !fgets(sock, sizeof(sock), p)) {
        if (p)
            pclose(p);
        printf("MariaDB: no private server (bench/mariadb-private.sh start failed); skipped\n");
        return;
    }
    pclose(p);
    sock[strcspn(sock, "\n")] = '\0';
    snprintf(cmd, sizeof(cmd),
             "mariadb --no-defaults --protocol=socket --socket='%s' -uroot -e 'CREATE DATABASE "
             "bench'",
             sock);
    if (system(cmd) == 0 && client(sock, path[0]) >= 0 && (tv = client(sock, path[1])) > 0 &&
        (ts = client(sock, path[2])) > 0)
        printf("MariaDB: CREATE VIEW %8.0f/s   SHOW CREATE VIEW %8.0f/s   (10.11, one client "
               "reading a file, innodb_flush_log_at_trx_commit=0, sync_frm=0)\n",
               views / tv, views / ts);
    else
        printf("MariaDB: the statements failed; no figure\n");
    snprintf(cmd, sizeof(cmd), "bash bench/mariadb-private.sh stop '%s/server'", work);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_views: stopping the private server failed\n");
}

int main(void)
{
    unsigned tables = env_num("BENCH_VIEW_TABLES", 1000), views = env_num("BENCH_VIEWS", 10000);
    char work[] = "/tmp/syscat-bench-views-XXXXXX", dir[1100];

    if (!mkdtemp(work)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(dir, sizeof(dir), "%s/catalog", work);
    syscat_side(dir, tables, views);
    if (env_num("BENCH_VIEWS_MARIADB", 1))
        mariadb_side(work, tables, views);
    nftw(work, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    return 0;
}
