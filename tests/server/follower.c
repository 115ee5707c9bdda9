/*
 * follower.c - a binlog follower for the load test (tests/server/load.sh):
 * one Connector/C connection that logs in, negotiates the checksum like a
 * MariaDB replica and sends a blocking COM_BINLOG_DUMP from the first file,
 * then writes every event it receives into DIR/<file name> as a binlog file
 * (magic, then the events as sent), so that the test can compare what each
 * follower received with the catalog's own files (`cmp` for a client with
 * stable table ids, `mariadb-binlog -vv` row lines for a stock client, which
 * receives the stream image). Artificial events (the ROTATE naming the file,
 * a FORMAT_DESCRIPTION repeated for a start inside a file) and heartbeats
 * are not part of a file and are left out, as a replica's relay log does.
 * Whenever the stream pauses (no byte for 20 ms) the files are flushed, so
 * their sizes say how far the follower has got.
 *
 * It ends when the server closes the stream (its clean shutdown) and exits
 * 0; any error packet, a malformed event or a stream that ends inside a
 * packet exits 1 with a message.
 *
 * usage: follower --socket PATH --user U --out DIR --server-id N [--stable]
 */
#include <errno.h>
#include <mysql.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EV_ROTATE 4
#define EV_GTID 162
#define EV_HEARTBEAT 27
#define EV_F_ARTIFICIAL 0x20

typedef struct follower {
    int fd;
    const char *dir;
    FILE *out;
    char file[256];
    uint8_t *buf;
    size_t cap;
    unsigned long events, gtids, files;
    bool crc32; /* events end with a CRC32 (the log's binlog_checksum) */
} follower;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "follower: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

static uint32_t u32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Read n bytes; flushes the output while the stream pauses. @return false at a clean end */
static bool read_all(follower *f, uint8_t *p, size_t n, bool at_boundary)
{
    while (n) {
        struct pollfd pf = {f->fd, POLLIN, 0};
        ssize_t r;

        if (poll(&pf, 1, 20) == 0) {
            if (f->out)
                fflush(f->out);
            continue;
        }
        r = read(f->fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0 && at_boundary)
            return false;
        if (r <= 0)
            die("the stream ended inside a packet", r < 0 ? strerror(errno) : NULL);
        p += r;
        n -= (size_t)r;
        at_boundary = false;
    }
    return true;
}

static void open_file(follower *f, const char *name, size_t len)
{
    char path[4096];

    if (len == 0 || len >= sizeof(f->file) || memchr(name, '/', len))
        die("a ROTATE names a bad file", NULL);
    if (f->out && strlen(f->file) == len && !memcmp(f->file, name, len))
        return; /* the file we are writing */
    if (f->out && fclose(f->out) != 0)
        die("write", f->file);
    memcpy(f->file, name, len);
    f->file[len] = 0;
    snprintf(path, sizeof(path), "%s/%s", f->dir, f->file);
    if (!(f->out = fopen(path, "wb")) || fwrite("\xfe"
                                                "bin",
                                                1, 4, f->out) != 4)
        die("cannot create", path);
    f->files++;
}

/* One event (the payload after the OK byte). */
static void on_event(follower *f, const uint8_t *ev, size_t len)
{
    uint8_t type;
    uint16_t flags;

    if (len < 19 || u32(ev + 9) != len)
        die("an event's size does not match its packet", NULL);
    type = ev[4];
    flags = (uint16_t)(ev[17] | ev[18] << 8);
    f->events++;
    if (type == EV_ROTATE && (flags & EV_F_ARTIFICIAL)) {
        size_t body = 19 + 8, name_len;
        if (len < body)
            die("a short ROTATE", NULL);
        name_len = len - body;
        if (f->crc32) /* the name runs to the event's end, less its CRC32 */
            name_len = name_len > 4 ? name_len - 4 : 0;
        open_file(f, (const char *)ev + body, name_len);
        return;
    }
    if (type == EV_HEARTBEAT || (flags & EV_F_ARTIFICIAL))
        return;
    if (!f->out)
        die("an event before the ROTATE naming its file", NULL);
    if (type == EV_GTID)
        f->gtids++;
    if (fwrite(ev, 1, len, f->out) != len)
        die("write", f->file);
}

static void query(MYSQL *m, const char *sql)
{
    if (mysql_query(m, sql) != 0)
        die(sql, mysql_error(m));
    mysql_free_result(mysql_store_result(m));
}

static void send_dump(follower *f, uint32_t server_id, const char *file)
{
    uint8_t p[300];
    size_t n = strlen(file);

    p[0] = 4 + 0, p[1] = 0, p[2] = 0, p[3] = 0; /* header below */
    p[4] = 0x12;                                /* COM_BINLOG_DUMP */
    p[5] = 4, p[6] = 0, p[7] = 0, p[8] = 0;     /* position 4 */
    p[9] = 2, p[10] = 0;                        /* blocking, send ANNOTATE_ROWS */
    p[11] = (uint8_t)server_id, p[12] = (uint8_t)(server_id >> 8);
    p[13] = (uint8_t)(server_id >> 16), p[14] = (uint8_t)(server_id >> 24);
    memcpy(p + 15, file, n);
    p[0] = (uint8_t)(11 + n);
    if (write(f->fd, p, 15 + n) != (ssize_t)(15 + n))
        die("cannot send COM_BINLOG_DUMP", strerror(errno));
}

int main(int argc, char **argv)
{
    const char *sock = NULL, *user = "root";
    unsigned server_id = 0;
    bool stable = false;
    follower f = {0};
    MYSQL *m;
    MYSQL_RES *r;
    MYSQL_ROW row;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stable"))
            stable = true;
        else if (i + 1 < argc && !strcmp(argv[i], "--socket"))
            sock = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--user"))
            user = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--out"))
            f.dir = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--server-id"))
            server_id = (unsigned)strtoul(argv[++i], NULL, 10);
    }
    if (!sock || !f.dir || server_id == 0) {
        fprintf(stderr, "usage: follower --socket PATH --user U --out DIR --server-id N "
                        "[--stable]\n");
        return 2;
    }
    m = mysql_init(NULL);
    if (!m || !mysql_real_connect(m, NULL, user, NULL, NULL, 0, sock, 0))
        die("connect", m ? mysql_error(m) : "no memory");
    query(m, "SET @master_binlog_checksum= @@global.binlog_checksum");
    if (mysql_query(m, "SELECT @@global.binlog_checksum") != 0 || !(r = mysql_store_result(m)) ||
        !(row = mysql_fetch_row(r)) || !row[0])
        die("SELECT @@global.binlog_checksum", mysql_error(m));
    f.crc32 = !strcmp(row[0], "CRC32");
    mysql_free_result(r);
    query(m, "SET @mariadb_slave_capability=4");
    if (stable)
        query(m, "SET @syscat_stable_table_ids=1");
    f.fd = (int)mysql_get_socket(m);
    send_dump(&f, server_id, "binlog.000001");
    for (;;) {
        uint8_t hdr[4];
        size_t len;

        if (!read_all(&f, hdr, 4, true))
            break; /* the server closed the stream */
        len = hdr[0] | hdr[1] << 8 | (size_t)hdr[2] << 16;
        if (len >= 0xffffff)
            die("an event split over packets (not expected here)", NULL);
        if (len + 1 > f.cap) {
            f.cap = len + 1;
            if (!(f.buf = realloc(f.buf, f.cap)))
                die("no memory", NULL);
        }
        read_all(&f, f.buf, len, false);
        if (len == 0)
            die("an empty packet", NULL);
        if (f.buf[0] == 0xff) {
            f.buf[len] = 0;
            die("the server sent an error", len > 9 ? (const char *)f.buf + 9 : NULL);
        }
        if (f.buf[0] == 0xfe && len < 9)
            die("EOF from a blocking dump", NULL);
        if (f.buf[0] != 0)
            die("a packet that is not an event", NULL);
        on_event(&f, f.buf + 1, len - 1);
    }
    if (f.out && fclose(f.out) != 0)
        die("write", f.file);
    printf("follower %u: %lu events, %lu transactions, %lu files%s\n", server_id, f.events, f.gtids,
           f.files, stable ? " (stable table ids)" : "");
    free(f.buf);
    mysql_close(m);
    return 0;
}
