/*
 * check_server_stream.c - the replication side of `syscat serve`
 * (server/binlog_dump.c, docs/server.md "The binlog stream"), with
 * Connector/C for the login and the queries and raw packets for
 * COM_BINLOG_DUMP / COM_REGISTER_SLAVE: a non-blocking dump ends with EOF
 * and carries the stream image (a client with @syscat_stable_table_ids
 * gets the stored file byte for byte, and SHOW MASTER STATUS counts in the
 * same coordinates); a blocking dump is woken by a commit and sends
 * heartbeats; the replication queries a MariaDB replica sends; privileges,
 * malformed requests and start points that do not exist; a client that does
 * not read never delays writers. The stock-client runs (mariadb-binlog, a
 * MariaDB replica) are tests/server/stream-stock.sh.
 */
#include <mysql.h>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <time.h>

#include "syscat.h"
#include "tests/server_util.h"

static test_server ts;

static void setup(void)
{
    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, NULL);
}

static void teardown(void)
{
    ts_cleanup(&ts);
}

static MYSQL *root(void)
{
    MYSQL *m = mysql_init(NULL);

    ck_assert_ptr_nonnull(m);
    ck_assert_msg(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0), "connect: %s",
                  mysql_error(m));
    return m;
}

static void q(MYSQL *m, const char *sql)
{
    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %u %s", sql, mysql_errno(m), mysql_error(m));
    mysql_free_result(mysql_store_result(m));
}

/* The single value of a one-row, one-column query (static buffer). */
static const char *value(MYSQL *m, const char *sql)
{
    static char buf[512];
    MYSQL_RES *r;
    MYSQL_ROW row;

    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %s", sql, mysql_error(m));
    r = mysql_store_result(m);
    ck_assert_ptr_nonnull(r);
    row = mysql_fetch_row(r);
    ck_assert_ptr_nonnull(row);
    snprintf(buf, sizeof(buf), "%s", row[0] ? row[0] : "NULL");
    mysql_free_result(r);
    return buf;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* ---------------------------------------------------------------- raw packets */

static void raw_send(MYSQL *m, const uint8_t *payload, size_t len)
{
    uint8_t hdr[4] = {(uint8_t)len, (uint8_t)(len >> 8), (uint8_t)(len >> 16), 0};
    int fd = (int)mysql_get_socket(m);

    ck_assert_int_eq(write(fd, hdr, 4), 4);
    ck_assert_int_eq(write(fd, payload, len), (ssize_t)len);
}

/* One packet's payload into buf (malloc'ed, grows); -1 on timeout or close. */
static long raw_read(MYSQL *m, uint8_t **buf, size_t *cap, int timeout_ms)
{
    int fd = (int)mysql_get_socket(m);
    uint8_t hdr[4];
    size_t len, got = 0;

    for (size_t need = 4, *at = &got; *at < need;) {
        struct pollfd p = {fd, POLLIN, 0};
        ssize_t n;
        if (poll(&p, 1, timeout_ms) <= 0)
            return -1;
        n = read(fd, hdr + *at, need - *at);
        if (n <= 0)
            return -1;
        *at += (size_t)n;
    }
    len = hdr[0] | hdr[1] << 8 | (size_t)hdr[2] << 16;
    if (len + 1 > *cap) {
        *cap = len + 1;
        *buf = realloc(*buf, *cap);
    }
    for (got = 0; got < len;) {
        struct pollfd p = {fd, POLLIN, 0};
        ssize_t n;
        if (poll(&p, 1, timeout_ms) <= 0)
            return -1;
        n = read(fd, *buf + got, len - got);
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    return (long)len;
}

static void send_dump(MYSQL *m, uint32_t pos, uint16_t flags, uint32_t server_id, const char *file)
{
    uint8_t p[300];
    size_t n = strlen(file);

    p[0] = 0x12; /* COM_BINLOG_DUMP */
    memcpy(p + 1, (uint8_t[]){pos, pos >> 8, pos >> 16, pos >> 24}, 4);
    p[5] = (uint8_t)flags;
    p[6] = (uint8_t)(flags >> 8);
    memcpy(p + 7, (uint8_t[]){server_id, server_id >> 8, server_id >> 16, server_id >> 24}, 4);
    memcpy(p + 11, file, n);
    raw_send(m, p, 11 + n);
}

static uint32_t u32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Read a non-blocking dump to its EOF; the non-artificial events go into out (after the magic). */
static void read_dump(MYSQL *m, uint8_t **out, size_t *out_len)
{
    uint8_t *buf = NULL;
    size_t cap = 0, len = 4;
    uint8_t *o = malloc(4);

    memcpy(o,
           "\xfe"
           "bin",
           4);
    for (;;) {
        long n = raw_read(m, &buf, &cap, 5000);
        ck_assert_int_gt(n, 0);
        if (buf[0] == 0xfe && n < 9)
            break; /* EOF */
        ck_assert_msg(buf[0] == 0, "dump sent an error: %.*s", (int)n - 9, buf + 9);
        if (buf[1 + 17] & 0x20) /* LOG_EVENT_ARTIFICIAL_F */
            continue;
        o = realloc(o, len + (size_t)n - 1);
        memcpy(o + len, buf + 1, (size_t)n - 1);
        len += (size_t)n - 1;
    }
    free(buf);
    *out = o;
    *out_len = len;
}

static void expect_err(MYSQL *m, unsigned no, const char *needle)
{
    uint8_t *buf = NULL;
    size_t cap = 0;
    long n = raw_read(m, &buf, &cap, 5000);

    ck_assert_int_gt(n, 9);
    ck_assert_uint_eq(buf[0], 0xff);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, no);
    ck_assert_msg(memmem(buf + 9, (size_t)n - 9, needle, strlen(needle)) != NULL, "%.*s",
                  (int)n - 9, buf + 9);
    free(buf);
}

static char *stored_file(size_t *len)
{
    char path[4300];
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", ts.dir);
    return sc_fixture_read_file(path, len);
}

/* ---------------------------------------------------------------- tests */

START_TEST(test_stream_dump_image_and_stable)
{
    MYSQL *w = root(), *m;
    uint8_t *img = NULL, *st = NULL;
    size_t img_len, st_len, file_len;
    char *file;
    char want[32];

    q(w, "CREATE DATABASE d1");
    q(w, "CREATE TABLE d1.t (a INT PRIMARY KEY)");
    /* a stock client: the image (TABLE_MAPs added), EOF at the end */
    m = root();
    q(m, "SET @master_binlog_checksum='NONE'");
    q(m, "SET @mariadb_slave_capability=4");
    send_dump(m, 4, 3, 0, "binlog.000001");
    read_dump(m, &img, &img_len);
    file = stored_file(&file_len);
    ck_assert_uint_gt(img_len, file_len);
    snprintf(want, sizeof(want), "%zu", img_len);
    ck_assert_str_eq(value(m, "SELECT 1"), "1"); /* back to commands after the EOF */
    mysql_close(m);
    /* SHOW MASTER STATUS in the session's coordinates */
    ck_assert_str_eq(value(w, "SHOW MASTER STATUS") /* File */, "binlog.000001");
    ck_assert_int_eq(mysql_query(w, "SHOW MASTER STATUS"), 0);
    {
        MYSQL_RES *r = mysql_store_result(w);
        MYSQL_ROW row = mysql_fetch_row(r);
        ck_assert_str_eq(row[1], want);
        mysql_free_result(r);
    }
    /* a client with stable ids: the stored file, byte for byte */
    m = root();
    q(m, "SET @master_binlog_checksum='CRC32'");
    q(m, "SET @syscat_stable_table_ids=1");
    send_dump(m, 4, 1, 0, "binlog.000001");
    read_dump(m, &st, &st_len);
    ck_assert_uint_eq(st_len, file_len);
    ck_assert_int_eq(memcmp(st, file, file_len), 0);
    snprintf(want, sizeof(want), "%zu", file_len);
    ck_assert_int_eq(mysql_query(m, "SHOW MASTER STATUS"), 0);
    {
        MYSQL_RES *r = mysql_store_result(m);
        MYSQL_ROW row = mysql_fetch_row(r);
        ck_assert_str_eq(row[1], want);
        mysql_free_result(r);
    }
    mysql_close(m);
    mysql_close(w);
    free(img);
    free(st);
    free(file);
}
END_TEST

/* A blocking dump: woken by a commit within milliseconds; heartbeats while idle. */
START_TEST(test_stream_dump_follows_and_heartbeats)
{
    MYSQL *w = root(), *m = root();
    uint8_t *buf = NULL;
    size_t cap = 0;
    long n;
    uint32_t last_end = 0;
    double t0, lat;
    bool hb = false;

    q(m, "SET @master_binlog_checksum= @@global.binlog_checksum");
    ck_assert_str_eq(value(m, "SELECT @master_binlog_checksum"), "CRC32");
    q(m, "SET @master_heartbeat_period=200000000"); /* 200 ms */
    q(m, "SET @mariadb_slave_capability=4");
    q(m, "SET @slave_connect_state=''");
    send_dump(m, 4, 0, 5, "");
    while ((n = raw_read(m, &buf, &cap, 150)) > 0) {
        ck_assert_uint_eq(buf[0], 0);
        if (u32(buf + 1 + 13))
            last_end = u32(buf + 1 + 13);
        if (buf[1 + 4] == 27)
            break;
    }
    /* idle: a heartbeat naming the file and the position reached */
    for (int i = 0; i < 20 && !hb; i++) {
        n = raw_read(m, &buf, &cap, 500);
        ck_assert_int_gt(n, 0);
        if (buf[1 + 4] == 27) {
            hb = true;
            ck_assert_uint_eq(u32(buf + 1 + 13), last_end);
            ck_assert_int_eq(memcmp(buf + 1 + 19, "binlog.000001", 13), 0);
        }
    }
    ck_assert(hb);
    t0 = now_ms();
    q(w, "CREATE DATABASE woken");
    for (;;) {
        n = raw_read(m, &buf, &cap, 2000);
        ck_assert_int_gt(n, 0);
        if (buf[1 + 4] == 162) /* GTID */
            break;
    }
    lat = now_ms() - t0;
    ck_assert_msg(lat < 1000, "the commit reached the dump after %.1f ms", lat);
    mysql_close(m);
    mysql_close(w);
    free(buf);
}
END_TEST

/* A follower has each transaction before its writer has the OK: after a
 * commit, the server writes the new events to the dumps in the same loop
 * turn, before the replies (docs/server.md "Commit-to-follower latency"),
 * so on the Unix socket the events are already waiting, whole, when the OK
 * arrives (read here without waiting: poll timeout 0). */
START_TEST(test_stream_follower_has_it_before_the_ok)
{
    MYSQL *w = root(), *m = root();
    uint8_t *buf = NULL;
    size_t cap = 0;
    char file[64], sql[64];
    uint32_t pos;
    long n;

    q(m, "SET @master_binlog_checksum= @@global.binlog_checksum");
    q(m, "SET @mariadb_slave_capability=4");
    ck_assert_int_eq(mysql_query(m, "SHOW MASTER STATUS"), 0);
    {
        MYSQL_RES *r = mysql_store_result(m);
        MYSQL_ROW row = mysql_fetch_row(r);
        ck_assert_ptr_nonnull(row);
        snprintf(file, sizeof(file), "%s", row[0]);
        pos = (uint32_t)strtoul(row[1], NULL, 10);
        mysql_free_result(r);
    }
    send_dump(m, pos, 0, 7, file);
    while (raw_read(m, &buf, &cap, 300) > 0) /* the artificial ROTATE and the FDE */
        ck_assert_uint_eq(buf[0], 0);
    for (int i = 0; i < 40; i++) {
        bool xid = false;
        snprintf(sql, sizeof(sql), "CREATE DATABASE early%d", i);
        if (i % 2) { /* an explicit transaction: COMMIT's OK comes after its events too */
            q(w, "BEGIN");
            q(w, sql);
            q(w, "COMMIT");
        } else {
            q(w, sql);
        }
        while (!xid) {
            n = raw_read(m, &buf, &cap, 0);
            ck_assert_msg(n > 0, "commit %d: the OK came before the follower had the transaction",
                          i);
            ck_assert_uint_eq(buf[0], 0);
            xid = buf[1 + 4] == 16; /* XID: the end of the transaction */
        }
    }
    mysql_close(m);
    mysql_close(w);
    free(buf);
}
END_TEST

START_TEST(test_stream_replication_queries)
{
    MYSQL *m = root();
    MYSQL_RES *r;

    q(m, "CREATE DATABASE d2");
    ck_assert_str_eq(value(m, "SELECT @@GLOBAL.gtid_domain_id"), "0");
    ck_assert_str_eq(value(m, "SELECT @@gtid_binlog_pos"), "0-1-2");
    ck_assert_str_eq(value(m, "SELECT @@global.gtid_current_pos"), "0-1-2");
    ck_assert_str_eq(value(m, "SELECT @@global.binlog_checksum"), "CRC32");
    ck_assert_str_eq(value(m, "select @@binlog_checksum"), "CRC32"); /* Connector/C's rpl init */
    ck_assert_str_eq(value(m, "SELECT @rpl_semi_sync_slave=1"), "NULL"); /* and its rpl open */
    ck_assert_int_eq(mysql_query(m, "SHOW VARIABLES LIKE 'gtid_domain_id'"), 0);
    r = mysql_store_result(m);
    ck_assert_uint_eq(mysql_num_rows(r), 1);
    mysql_free_result(r);
    ck_assert_str_eq(value(m, "SHOW BINARY LOGS"), "binlog.000001");
    ck_assert_int_eq(mysql_query(m, "SHOW BINLOG EVENTS LIMIT 1, 2"), 0);
    r = mysql_store_result(m);
    ck_assert_uint_eq(mysql_num_rows(r), 2);
    {
        MYSQL_ROW row = mysql_fetch_row(r);
        ck_assert_str_eq(row[2], "Gtid_list");
        ck_assert_str_eq(row[1], "256");
        row = mysql_fetch_row(r);
        ck_assert_str_eq(row[2], "Binlog_checkpoint");
        ck_assert_str_eq(row[5], "binlog.000001");
    }
    mysql_free_result(r);
    ck_assert_int_ne(mysql_query(m, "SHOW BINLOG EVENTS IN 'binlog.000007'"), 0);
    ck_assert_uint_eq(mysql_errno(m), 1220);
    ck_assert_str_eq(mysql_error(m),
                     "Error when executing command SHOW BINLOG EVENTS: Could not find target log");
    ck_assert_int_ne(mysql_query(m, "SHOW BINLOG EVENTS FROM 7"), 0);
    ck_assert_str_eq(mysql_error(m),
                     "Error when executing command SHOW BINLOG EVENTS: Wrong offset or I/O error");
    mysql_close(m);
}
END_TEST

START_TEST(test_stream_dump_refusals)
{
    MYSQL *m = root(), *u = mysql_init(NULL);
    static const uint8_t short_dump[] = {0x12, 4, 0, 0, 0};
    static const uint8_t bad_register[] = {0x15, 2, 0, 0, 0, 200};

    q(m, "CREATE USER reader IDENTIFIED BY 'pw'");
    q(m, "GRANT SELECT ON *.* TO reader");
    ck_assert_msg(mysql_real_connect(u, "127.0.0.1", "reader", "pw", NULL, ts.port, NULL, 0), "%s",
                  mysql_error(u));
    send_dump(u, 4, 1, 0, "binlog.000001");
    expect_err(u, 1227, "REPLICATION SLAVE");
    raw_send(u, bad_register, sizeof(bad_register));
    expect_err(u, 1227, "REPLICATION SLAVE");
    mysql_close(u);
    raw_send(m, short_dump, sizeof(short_dump));
    expect_err(m, 1835, "Malformed communication packet");
    mysql_close(m);
    m = root();
    raw_send(m, bad_register, sizeof(bad_register));
    expect_err(m, 1105, "Wrong parameters to function register_slave");
    mysql_close(m);
    m = root();
    q(m, "SET @master_binlog_checksum='NONE'");
    send_dump(m, 4, 1, 0, "binlog.000009");
    expect_err(m, 1236, "Could not find first log file name in binary log index file");
    ck_assert_str_eq(value(m, "SELECT 2"), "2");
    q(m, "SET @slave_connect_state='0-1-999'");
    send_dump(m, 4, 1, 0, "");
    expect_err(m, 1236, "which is not in the master's binlog");
    q(m, "SET @slave_connect_state=NULL");
    send_dump(m, 1 << 20, 1, 0, "binlog.000001");
    expect_err(m, 1236, "impossible position");
    mysql_close(m);
    m = root(); /* never said @master_binlog_checksum: a CRC32 log is refused */
    send_dump(m, 4, 1, 0, "binlog.000001");
    expect_err(m, 1236, "can not handle replication events with the checksum");
    mysql_close(m);
}
END_TEST

/* A dump client that does not read holds at most the output bound; writers go on. */
START_TEST(test_stream_stalled_client)
{
    MYSQL *w, *m;
    int small = 4096;
    double t0, took;
    char sql[128];

    ts_cleanup(&ts);
    ts_start(&ts, (const char *[]){"--output-limit", "65536", NULL});
    w = root();
    q(w, "CREATE DATABASE s");
    ck_assert_int_eq(mysql_select_db(w, "s"), 0);
    for (int i = 0; i < 20; i++) { /* a log the dump cannot send at once */
        snprintf(sql, sizeof(sql), "CREATE TABLE test_%d (a INT PRIMARY KEY, b TEXT)", i);
        q(w, sql);
    }
    m = mysql_init(NULL);
    ck_assert_ptr_nonnull(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0));
    setsockopt((int)mysql_get_socket(m), SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
    q(m, "SET @master_binlog_checksum='CRC32'");
    send_dump(m, 4, 0, 9, "binlog.000001"); /* blocking, and never read */
    t0 = now_ms();
    for (int i = 0; i < 60; i++) {
        snprintf(sql, sizeof(sql), "CREATE TABLE more_%d (a INT PRIMARY KEY, b TEXT, c INT)", i);
        q(w, sql);
    }
    took = now_ms() - t0;
    ck_assert_msg(took < 20000, "60 DDL statements took %.0f ms beside a stalled dump", took);
    mysql_close(m);
    mysql_close(w);
}
END_TEST

/*
 * A commit made by another process on the same data directory (`syscat
 * exec` while the server runs) wakes a blocking dump at once: the server
 * watches the binlog directory (inotify), it does not poll and makes no
 * commit of its own here. The test watches the directory too and measures
 * from the CLI's last write to the file before the dump has the
 * transaction's GTID (sent once the whole transaction is in the file).
 */
START_TEST(test_stream_woken_by_other_process)
{
    MYSQL *m = root();
    uint8_t *buf = NULL;
    size_t cap = 0;
    char syscat[4200], dir[4200], pos[32];
    double worst = 0;
    int wfd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

    ck_assert_int_ge(wfd, 0);
    snprintf(syscat, sizeof(syscat), "%s/syscat", sc_fixture_build_dir());
    snprintf(dir, sizeof(dir), "%s/binlog", ts.dir);
    ck_assert_int_ge(inotify_add_watch(wfd, dir, IN_MODIFY), 0);
    q(m, "SET @master_binlog_checksum='CRC32'");
    q(m, "SET @mariadb_slave_capability=4");
    ck_assert_int_eq(mysql_query(m, "SHOW MASTER STATUS"), 0);
    {
        MYSQL_RES *r = mysql_store_result(m);
        MYSQL_ROW row = mysql_fetch_row(r);
        snprintf(pos, sizeof(pos), "%s", row[1]);
        mysql_free_result(r);
    }
    send_dump(m, (uint32_t)strtoul(pos, NULL, 10), 0, 7, "binlog.000001");
    while (raw_read(m, &buf, &cap, 300) > 0) /* the dump's first events, then silence */
        ;
    for (int i = 0; i < 3; i++) {
        char sql[64], ev[4096];
        const char *argv[] = {syscat, "--datadir", ts.dir, "exec", "-e", sql, NULL};
        double written = 0, got = 0, deadline = now_ms() + 20000;
        pid_t pid;
        int st;

        while (read(wfd, ev, sizeof(ev)) > 0) /* forget the earlier writes */
            ;
        snprintf(sql, sizeof(sql), "CREATE DATABASE other_process_%d", i);
        pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            execv(argv[0], (char *const *)(uintptr_t)argv);
            _exit(127);
        }
        while (!got && now_ms() < deadline) {
            struct pollfd p[2] = {{wfd, POLLIN, 0}, {(int)mysql_get_socket(m), POLLIN, 0}};
            ck_assert_int_ge(poll(p, 2, 1000), 0);
            if ((p[0].revents & POLLIN) && read(wfd, ev, sizeof(ev)) > 0)
                written = now_ms(); /* the latest write seen */
            if (p[1].revents & POLLIN) {
                long n = raw_read(m, &buf, &cap, 3000);
                ck_assert_int_gt(n, 0);
                ck_assert_uint_eq(buf[0], 0);
                if (buf[1 + 4] == 162) /* its GTID */
                    got = now_ms();
            }
        }
        ck_assert_int_eq(waitpid(pid, &st, 0), pid);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
        ck_assert_msg(got > 0, "a commit of another process did not reach the dump in 20 s");
        ck_assert(written > 0);
        if (got - written > worst)
            worst = got - written;
        while (raw_read(m, &buf, &cap, 100) > 0) /* the rest of the transaction */
            ;
    }
    fprintf(stderr,
            "server_stream: another process's commit reached the dump %.2f ms after its last "
            "write to the binlog file (worst of 3)\n",
            worst);
    ck_assert_msg(worst < 1000, "another process's commit reached the dump after %.1f ms", worst);
    close(wfd);
    mysql_close(m);
    free(buf);
}
END_TEST

/*
 * Dump clients that vanish mid-dump, over TCP, while the log is bigger than
 * the socket buffers and the --output-limit: one resets the connection, one
 * closes its side, one stays half-open (never reads again, never closes) and
 * is closed after --net-write-timeout. Each is logged with its address and
 * port; a healthy follower on the socket still gets every later commit; the
 * server stops cleanly with nothing leaked (LeakSanitizer fails the exit).
 */
START_TEST(test_stream_vanish_mid_dump)
{
    MYSQL *w, *h;
    uint8_t *buf = NULL;
    size_t cap = 0, sql_cap = 64 * 1024;
    char *sql = malloc(sql_cap), pos[32];

    ts_cleanup(&ts);
    ts_start(&ts, (const char *[]){"--output-limit", "65536", "--net-write-timeout", "1", NULL});
    w = root();
    q(w, "CREATE DATABASE big");
    q(w, "CREATE USER r IDENTIFIED BY 'pw'");
    q(w, "GRANT REPLICATION SLAVE ON *.* TO r");
    for (int t = 0; t < 24; t++) { /* about 2 MB of log */
        size_t n = (size_t)snprintf(sql, sql_cap, "CREATE TABLE big.t%d (id INT PRIMARY KEY", t);
        for (int i = 0; i < 100; i++)
            n += (size_t)snprintf(sql + n, sql_cap - n,
                                  ", c%03d VARCHAR(100) COMMENT 'column %03d of a wide table, with "
                                  "a comment long enough to make the log weigh'",
                                  i, i);
        snprintf(sql + n, sql_cap - n, ")");
        q(w, sql);
    }
    /* the healthy follower starts at the end of the log */
    h = root();
    q(h, "SET @master_binlog_checksum='CRC32'");
    q(h, "SET @mariadb_slave_capability=4");
    ck_assert_int_eq(mysql_query(h, "SHOW MASTER STATUS"), 0);
    {
        MYSQL_RES *r = mysql_store_result(h);
        MYSQL_ROW row = mysql_fetch_row(r);
        snprintf(pos, sizeof(pos), "%s", row[1]);
        mysql_free_result(r);
    }
    send_dump(h, (uint32_t)strtoul(pos, NULL, 10), 0, 50, "binlog.000001");
    for (int how = TS_RESET; how <= TS_HALF_OPEN; how++) {
        MYSQL *c = mysql_init(NULL);
        char peer[64], want[160];
        int fd;
        bool got_gtid = false;

        ck_assert_msg(mysql_real_connect(c, "127.0.0.1", "r", "pw", NULL, ts.port, NULL, 0),
                      "connect: %s", mysql_error(c));
        fd = (int)mysql_get_socket(c);
        ts_shrink_rcvbuf(fd);
        ts_peer_name(peer, sizeof(peer), fd);
        q(c, "SET @master_binlog_checksum='CRC32'");
        q(c, "SET @mariadb_slave_capability=4");
        send_dump(c, 4, 0, (uint32_t)(20 + how), "binlog.000001");
        for (int i = 0; i < 5; i++) /* the dump is under way */
            ck_assert_int_gt(raw_read(c, &buf, &cap, 5000), 0);
        ts_vanish(fd, how);
        snprintf(sql, sql_cap, "CREATE DATABASE after_%d", how);
        q(w, sql);          /* writers go on */
        while (!got_gtid) { /* and the healthy follower gets it */
            long n = raw_read(h, &buf, &cap, 5000);
            ck_assert_int_gt(n, 0);
            ck_assert_uint_eq(buf[0], 0);
            got_gtid = buf[1 + 4] == 162;
        }
        snprintf(want, sizeof(want), "%s: binlog dump ended", peer);
        ck_assert_msg(ts_log_has(&ts, want), "no '%s' in the log", want);
        /* half-open: whichever notices first: the dump's drain wait or the socket's write
         * timeout (both name net_write_timeout), or the kernel (TCP_USER_TIMEOUT) */
        snprintf(want, sizeof(want), "%s: closed (", peer);
        ck_assert_msg(ts_log_line_has(&ts, want,
                                      how == TS_RESET ? "socket error"
                                      : how == TS_FIN ? "dump client went away"
                                                      : "(net_write_timeout))|Connection timed "
                                                        "out"),
                      "no close line for %s (case %d) in the log", peer, how);
        ts_vanish(fd, TS_FIN);
        mysql_close(c);
    }
    mysql_close(h);
    mysql_close(w);
    free(buf);
    free(sql);
    ck_assert_int_eq(ts_stop(&ts), 0); /* no crash, no leak */
}
END_TEST

Suite *sc_test_server_stream_suite(void);

Suite *sc_test_server_stream_suite(void)
{
    Suite *s = suite_create("server_stream");
    TCase *tc = tcase_create("dump");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_stream_dump_image_and_stable);
    tcase_add_test(tc, test_stream_dump_follows_and_heartbeats);
    tcase_add_test(tc, test_stream_replication_queries);
    tcase_add_test(tc, test_stream_follower_has_it_before_the_ok);
    tcase_add_test(tc, test_stream_dump_refusals);
    tcase_add_test(tc, test_stream_stalled_client);
    tcase_add_test(tc, test_stream_vanish_mid_dump);
    tcase_add_test(tc, test_stream_woken_by_other_process);
    suite_add_tcase(s, tc);
    return s;
}
