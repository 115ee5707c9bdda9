/*
 * peers_maria.c - MariaDB's lookup figure for `make bench-peers`
 * (bench/bench-peers.sh): COUNT random `SHOW CREATE TABLE w<i%10>.t<i>`
 * of workload W on one connection over the server's unix socket, the
 * result fetched whole. Prints p50_us, p99_us, mean_us.
 *
 * usage: peers_maria SOCKET N COUNT SEED
 */
#include <mysql.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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

int main(int argc, char **argv)
{
    MYSQL *m;
    long n, count;
    uint64_t seed;
    double *lat, t0;
    char q[128];

    if (argc != 5) {
        fprintf(stderr, "usage: peers_maria SOCKET N COUNT SEED\n");
        return 2;
    }
    n = atol(argv[2]);
    count = atol(argv[3]);
    seed = (uint64_t)strtoull(argv[4], NULL, 10);
    lat = malloc(sizeof(double) * (size_t)count);
    m = mysql_init(NULL);
    if (!lat || !m || !mysql_real_connect(m, NULL, "root", NULL, NULL, 0, argv[1], 0)) {
        fprintf(stderr, "peers_maria: connect: %s\n", m ? mysql_error(m) : "out of memory");
        return 1;
    }
    t0 = now_s();
    for (long i = 0; i < count; i++) {
        long t = (long)(rng_next(&seed) % (uint64_t)n);
        MYSQL_RES *r;
        double a;

        snprintf(q, sizeof(q), "SHOW CREATE TABLE w%ld.t%ld", t % 10, t);
        a = now_s();
        if (mysql_query(m, q) || !(r = mysql_store_result(m))) {
            fprintf(stderr, "peers_maria: %s: %s\n", q, mysql_error(m));
            return 1;
        }
        mysql_free_result(r);
        lat[i] = now_s() - a;
    }
    t0 = now_s() - t0;
    qsort(lat, (size_t)count, sizeof(double), cmp_double);
    printf("p50_us=%.3f p99_us=%.3f mean_us=%.3f\n", lat[count / 2] * 1e6,
           lat[count * 99 / 100] * 1e6, t0 * 1e6 / (double)count);
    mysql_close(m);
    free(lat);
    return 0;
}
