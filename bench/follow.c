/*
 * follow.c - commit-to-follower latency over the wire (bench/bench-follow.sh):
 * one Connector/C connection follows the server's binlog with a blocking
 * COM_BINLOG_DUMP from the current end (SHOW MASTER STATUS), another commits
 * COUNT CREATE TABLE statements one after the other. For each, three times:
 * the statement's round trip (sent -> OK), sent -> the follower has read the
 * end of that transaction (its XID, or the QUERY of a standalone DDL group
 * as MariaDB logs DDL), and OK -> follower (the commit-to-follower latency
 * proper: what a follower still waits once the commit is acknowledged; 0
 * when the follower had it first). Prints p50/p99/max of each.
 * The same program measures syscat serve and a MariaDB server, so the two
 * figures are comparable. Figures only, never pass/fail.
 *
 * usage: follow --socket PATH --user U [--count N] [--prefix P] [--label L]
 */
#include <mysql.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static MYSQL *connect_to(const char *sock, const char *user)
{
    MYSQL *m = mysql_init(NULL);

    if (!m || !mysql_real_connect(m, NULL, user, NULL, NULL, 0, sock, 0)) {
        fprintf(stderr, "follow: connect: %s\n", m ? mysql_error(m) : "no memory");
        exit(1);
    }
    return m;
}

static void query(MYSQL *m, const char *sql)
{
    if (mysql_query(m, sql) != 0) {
        fprintf(stderr, "follow: %s: %s\n", sql, mysql_error(m));
        exit(1);
    }
    mysql_free_result(mysql_store_result(m));
}

/* Read exactly n bytes (blocking). */
static void read_all(int fd, uint8_t *p, size_t n)
{
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r <= 0) {
            fprintf(stderr, "follow: the dump connection closed\n");
            exit(1);
        }
        p += r;
        n -= (size_t)r;
    }
}

typedef struct follower {
    int fd;
    uint8_t *buf;
    size_t cap;
    bool in_group, standalone;
} follower;

/* Read one packet; @return true when it ended a transaction. */
static bool next_packet(follower *f)
{
    uint8_t hdr[4], type;
    size_t len;

    read_all(f->fd, hdr, 4);
    len = hdr[0] | hdr[1] << 8 | (size_t)hdr[2] << 16;
    if (len > f->cap) {
        f->cap = len * 2;
        f->buf = realloc(f->buf, f->cap);
    }
    read_all(f->fd, f->buf, len);
    if (len < 20 || f->buf[0] != 0) {
        fprintf(stderr, "follow: the dump ended: %.*s\n", (int)(len > 9 ? len - 9 : 0), f->buf + 9);
        exit(1);
    }
    type = f->buf[1 + 4];
    if (type == 162) { /* GTID: flags2 at body offset 12 */
        f->in_group = true;
        f->standalone = len > 1 + 19 + 12 && (f->buf[1 + 19 + 12] & 1);
        return false;
    }
    if (!f->in_group)
        return false;
    if (type == 16 || (type == 2 && f->standalone)) { /* XID, or the QUERY of a DDL group */
        f->in_group = false;
        return true;
    }
    return false;
}

static void start_dump(MYSQL *m)
{
    MYSQL_RES *r;
    MYSQL_ROW row;
    uint8_t p[300];
    char file[256];
    uint32_t pos;
    size_t n;
    uint8_t hdr[4];

    query(m, "SET @master_binlog_checksum= @@global.binlog_checksum");
    query(m, "SET @mariadb_slave_capability=4");
    if (mysql_query(m, "SHOW MASTER STATUS") || !(r = mysql_store_result(m)) ||
        !(row = mysql_fetch_row(r))) {
        fprintf(stderr, "follow: SHOW MASTER STATUS: %s (is the binlog on?)\n", mysql_error(m));
        exit(1);
    }
    snprintf(file, sizeof(file), "%s", row[0]);
    pos = (uint32_t)strtoul(row[1], NULL, 10);
    mysql_free_result(r);
    n = strlen(file);
    p[0] = 0x12;
    p[1] = (uint8_t)pos, p[2] = (uint8_t)(pos >> 8), p[3] = (uint8_t)(pos >> 16);
    p[4] = (uint8_t)(pos >> 24);
    p[5] = 0, p[6] = 0;                        /* blocking */
    p[7] = 101, p[8] = 0, p[9] = 0, p[10] = 0; /* server id 101 */
    memcpy(p + 11, file, n);
    hdr[0] = (uint8_t)(11 + n), hdr[1] = 0, hdr[2] = 0, hdr[3] = 0;
    if (write((int)mysql_get_socket(m), hdr, 4) != 4 ||
        write((int)mysql_get_socket(m), p, 11 + n) != (ssize_t)(11 + n)) {
        fprintf(stderr, "follow: cannot send COM_BINLOG_DUMP\n");
        exit(1);
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *sock = NULL, *user = "root", *prefix = "f", *label = "server";
    int count = 300;
    MYSQL *w, *d;
    follower f = {0};
    double *lat;
    char sql[256];

    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--socket"))
            sock = argv[i + 1];
        else if (!strcmp(argv[i], "--user"))
            user = argv[i + 1];
        else if (!strcmp(argv[i], "--count"))
            count = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--prefix"))
            prefix = argv[i + 1];
        else if (!strcmp(argv[i], "--label"))
            label = argv[i + 1];
    }
    if (!sock || count <= 0) {
        fprintf(stderr, "usage: follow --socket PATH [--user U] [--count N] [--prefix P]\n");
        return 2;
    }
    w = connect_to(sock, user);
    d = connect_to(sock, user);
    snprintf(sql, sizeof(sql), "CREATE DATABASE IF NOT EXISTS %s_db", prefix);
    query(w, sql);
    start_dump(d);
    f.fd = (int)mysql_get_socket(d);
    usleep(200000);
    { /* drain what the dump sent first (artificial ROTATE, FDE) */
        struct pollfd p = {f.fd, POLLIN, 0};
        while (poll(&p, 1, 100) > 0)
            next_packet(&f);
    }
    lat = calloc(3 * (size_t)count, sizeof(*lat));
    for (int i = 0; i < count; i++) {
        double sent, ack, got;
        snprintf(sql, sizeof(sql), "CREATE TABLE %s_db.t%d (a INT PRIMARY KEY, b VARCHAR(20))",
                 prefix, i);
        sent = now_us();
        query(w, sql);
        ack = now_us();
        while (!next_packet(&f))
            ;
        got = now_us();
        lat[i] = ack - sent;
        lat[count + i] = got - sent;
        lat[2 * count + i] = got > ack ? got - ack : 0;
    }
    for (int k = 0; k < 3; k++) {
        static const char *const what[3] = {"statement round trip", "sent -> follower",
                                            "commit-to-follower (OK -> follower)"};
        double *v = lat + (size_t)k * count;
        qsort(v, (size_t)count, sizeof(*v), cmp);
        printf("%-14s %-36s %d commits: p50 %.3f ms, p99 %.3f ms, max %.3f ms\n", label, what[k],
               count, v[count / 2] / 1e3, v[(count * 99) / 100] / 1e3, v[count - 1] / 1e3);
    }
    free(lat);
    free(f.buf);
    mysql_close(w);
    mysql_close(d);
    return 0;
}
