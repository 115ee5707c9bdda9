/*
 * loadgen.c - load generator for `syscat serve` and, for comparison, a
 * MariaDB server (tests/server/load.sh, bench/bench-wire.sh): N client
 * threads on Connector/C, each with its own database, run a statement mix
 * for S seconds and time every statement.
 *
 * usage: loadgen (--socket PATH | --port N) --user U [--password P]
 *                --threads N --seconds S --mode mixed|show|create|churn
 *                --prefix NAME [--acked FILE]
 *   mixed   per thread: SHOW CREATE TABLE (60%), SHOW TABLES (15%), CREATE
 *           TABLE of a new name (20%), DROP TABLE of one it created (5%)
 *   show    SHOW CREATE TABLE of one of 20 tables made at start
 *   create  CREATE TABLE of a new name, every statement
 *   churn   connections that move between syscat serve's loops as fast as
 *           they can (docs/server.md "Reader loops"): 5 to 8 SHOW CREATE
 *           TABLE (a reader loop takes the connection after 4), then one
 *           of: USE of its database (back to the main loop), COM_INIT_DB
 *           (the same by another command), or a close and a new
 *           connection (closed while on a reader loop; its socket's number
 *           is soon another's)
 * Prints one line per kind: count, q/s, p50 and p99 latency (us), and the
 * number of unexpected errors (any error at all: every statement is valid
 * when it is sent); with --acked, the tables that exist at the end by the
 * clients' own account ("db.table" per line, created and acknowledged and
 * not dropped), for the exactly-once check. Exit 0 when no unexpected error.
 */
#include <mysql.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { K_SHOW, K_TABLES, K_CREATE, K_DROP, K_BACK, K_RECONNECT, K_N };
static const char *const kind_name[K_N] = {"SHOW CREATE TABLE", "SHOW TABLES",   "CREATE TABLE",
                                           "DROP TABLE",        "USE / INIT_DB", "reconnect"};

typedef struct opts {
    const char *sock, *user, *pw, *mode, *prefix, *acked;
    unsigned port, threads, seconds;
} opts;

typedef struct worker {
    const opts *o;
    unsigned id;
    pthread_t th;
    double *lat[K_N]; /* microseconds */
    size_t n[K_N], cap[K_N];
    unsigned errors;
    char first_error[256];
    unsigned *live; /* table numbers created and not dropped */
    size_t n_live, cap_live;
} worker;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void record(worker *w, int k, double us)
{
    if (w->n[k] == w->cap[k]) {
        w->cap[k] = w->cap[k] ? w->cap[k] * 2 : 4096;
        w->lat[k] = realloc(w->lat[k], w->cap[k] * sizeof(double));
    }
    w->lat[k][w->n[k]++] = us;
}

static int run(worker *w, MYSQL *m, int k, const char *sql)
{
    double t0 = now_us();
    int rc = mysql_query(m, sql);

    if (rc == 0)
        mysql_free_result(mysql_store_result(m));
    if (rc != 0) {
        if (w->errors++ == 0)
            snprintf(w->first_error, sizeof(w->first_error), "%s: %u %s", sql, mysql_errno(m),
                     mysql_error(m));
        return -1;
    }
    if (k >= 0)
        record(w, k, now_us() - t0);
    return 0;
}

/* A new connection to db (NULL: none). @return 0, -1 (counted as an error) */
static int connect_to(worker *w, MYSQL **mp, const char *db)
{
    const opts *o = w->o;

    *mp = mysql_init(NULL);
    if (!*mp || !mysql_real_connect(*mp, o->sock ? NULL : "127.0.0.1", o->user, o->pw, db, o->port,
                                    o->sock, 0)) {
        if (w->errors++ == 0)
            snprintf(w->first_error, sizeof(w->first_error), "connect: %s",
                     *mp ? mysql_error(*mp) : "no memory");
        return -1;
    }
    return 0;
}

/* One round of the churn mode: definition SHOWs, then a move back or a new connection. */
static int churn(worker *w, MYSQL **mp, const char *db, unsigned r)
{
    char sql[256];
    double t0;

    for (unsigned i = 0; i < 5 + r % 4; i++) {
        snprintf(sql, sizeof(sql), "SHOW CREATE TABLE t%u", w->live[(r >> 4) % w->n_live]);
        if (run(w, *mp, K_SHOW, sql) != 0)
            return -1;
    }
    switch ((r >> 8) % 3) {
    case 0:
        snprintf(sql, sizeof(sql), "USE %s", db);
        return run(w, *mp, K_BACK, sql);
    case 1:
        t0 = now_us();
        if (mysql_select_db(*mp, db) != 0) {
            if (w->errors++ == 0)
                snprintf(w->first_error, sizeof(w->first_error), "select_db %s: %u %s", db,
                         mysql_errno(*mp), mysql_error(*mp));
            return -1;
        }
        record(w, K_BACK, now_us() - t0);
        return 0;
    default:
        t0 = now_us();
        mysql_close(*mp);
        if (connect_to(w, mp, db) != 0)
            return -1;
        record(w, K_RECONNECT, now_us() - t0);
        return 0;
    }
}

static void add_live(worker *w, unsigned t)
{
    if (w->n_live == w->cap_live) {
        w->cap_live = w->cap_live ? w->cap_live * 2 : 256;
        w->live = realloc(w->live, w->cap_live * sizeof(unsigned));
    }
    w->live[w->n_live++] = t;
}

static void *work(void *arg)
{
    worker *w = arg;
    const opts *o = w->o;
    MYSQL *m;
    char db[128], sql[512];
    unsigned next = 0, seed = w->id * 7919u + 17u;
    double end;

    if (connect_to(w, &m, NULL) != 0) {
        mysql_close(m);
        return NULL;
    }
    snprintf(db, sizeof(db), "%s_%u", o->prefix, w->id);
    snprintf(sql, sizeof(sql), "CREATE DATABASE %s", db);
    if (run(w, m, -1, sql) != 0)
        goto out;
    if (mysql_select_db(m, db) != 0) { /* (an error like any other: it ends this client) */
        snprintf(w->first_error, sizeof(w->first_error), "select_db %s: %u %s", db, mysql_errno(m),
                 mysql_error(m));
        w->errors++;
        goto out;
    }
    for (; next < 20; next++) {
        snprintf(sql, sizeof(sql),
                 "CREATE TABLE t%u (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, "
                 "price DECIMAL(10,2) DEFAULT 0, KEY k_name (name))",
                 next);
        if (run(w, m, -1, sql) != 0)
            goto out;
        add_live(w, next);
    }
    end = now_us() + o->seconds * 1e6;
    while (now_us() < end) {
        unsigned r = (seed = seed * 1103515245u + 12345u) >> 8;
        int k;

        if (!strcmp(o->mode, "churn")) {
            if (churn(w, &m, db, r) != 0)
                break;
            continue;
        }
        if (!strcmp(o->mode, "show"))
            k = K_SHOW;
        else if (!strcmp(o->mode, "create"))
            k = K_CREATE;
        else
            k = r % 100 < 60 ? K_SHOW : r % 100 < 75 ? K_TABLES : r % 100 < 95 ? K_CREATE : K_DROP;
        if (k == K_DROP && w->n_live <= 20)
            k = K_CREATE;
        switch (k) {
        case K_SHOW:
            snprintf(sql, sizeof(sql), "SHOW CREATE TABLE t%u", w->live[(r >> 4) % w->n_live]);
            run(w, m, k, sql);
            break;
        case K_TABLES:
            run(w, m, k, "SHOW TABLES");
            break;
        case K_CREATE:
            snprintf(sql, sizeof(sql), "CREATE TABLE t%u (id INT PRIMARY KEY, v VARCHAR(20))",
                     next);
            if (run(w, m, k, sql) == 0)
                add_live(w, next);
            next++;
            break;
        default: {
            size_t i = w->n_live - 1; /* drop the newest: the first 20 stay for SHOW */
            snprintf(sql, sizeof(sql), "DROP TABLE t%u", w->live[i]);
            if (run(w, m, k, sql) == 0)
                w->n_live--;
            break;
        }
        }
    }
out:
    mysql_close(m);
    return NULL;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    opts o = {NULL, NULL, NULL, "mixed", "lg", NULL, 0, 8, 5};
    worker *w;
    unsigned errors = 0;
    FILE *acked = NULL;

    for (int i = 1; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "--socket"))
            o.sock = v;
        else if (!strcmp(k, "--port"))
            o.port = (unsigned)atoi(v);
        else if (!strcmp(k, "--user"))
            o.user = v;
        else if (!strcmp(k, "--password"))
            o.pw = v;
        else if (!strcmp(k, "--threads"))
            o.threads = (unsigned)atoi(v);
        else if (!strcmp(k, "--seconds"))
            o.seconds = (unsigned)atoi(v);
        else if (!strcmp(k, "--mode"))
            o.mode = v;
        else if (!strcmp(k, "--prefix"))
            o.prefix = v;
        else if (!strcmp(k, "--acked"))
            o.acked = v;
    }
    if (!o.user || (!o.sock && !o.port) || o.threads == 0) {
        fprintf(stderr,
                "usage: loadgen (--socket P | --port N) --user U [--password P] --threads N "
                "--seconds S --mode mixed|show|create|churn --prefix NAME [--acked FILE]\n");
        return 2;
    }
    mysql_library_init(0, NULL, NULL);
    w = calloc(o.threads, sizeof(*w));
    for (unsigned i = 0; i < o.threads; i++) {
        w[i].o = &o;
        w[i].id = i;
        pthread_create(&w[i].th, NULL, work, &w[i]);
    }
    for (unsigned i = 0; i < o.threads; i++)
        pthread_join(w[i].th, NULL);
    for (int k = 0; k < K_N; k++) {
        size_t n = 0, at = 0;
        double *all;
        for (unsigned i = 0; i < o.threads; i++)
            n += w[i].n[k];
        if (n == 0)
            continue;
        all = malloc(n * sizeof(double));
        for (unsigned i = 0; i < o.threads; i++) {
            memcpy(all + at, w[i].lat[k], w[i].n[k] * sizeof(double));
            at += w[i].n[k];
        }
        qsort(all, n, sizeof(double), cmp);
        printf("loadgen: %-17s %8zu stmts %9.0f q/s  p50 %8.0f us  p99 %8.0f us\n", kind_name[k], n,
               (double)n / o.seconds, all[n / 2], all[(size_t)((double)n * 0.99)]);
        free(all);
    }
    if (o.acked)
        acked = fopen(o.acked, "w");
    for (unsigned i = 0; i < o.threads; i++) {
        errors += w[i].errors;
        if (w[i].errors)
            fprintf(stderr, "loadgen: thread %u: %u errors, first: %s\n", i, w[i].errors,
                    w[i].first_error);
        for (size_t t = 0; acked && t < w[i].n_live; t++)
            fprintf(acked, "%s_%u.t%u\n", o.prefix, i, w[i].live[t]);
        for (int k = 0; k < K_N; k++)
            free(w[i].lat[k]);
        free(w[i].live);
    }
    if (acked)
        fclose(acked);
    printf("loadgen: %u threads, %u s, %u unexpected errors\n", o.threads, o.seconds, errors);
    free(w);
    mysql_library_end();
    return errors ? 1 : 0;
}
