/*
 * check_replicate_replica_net.c - the HOST:PORT transport of the replica
 * (replicate/replica_net.c) against a real MariaDB 10.11 server: a private
 * mariadbd (bench/mariadb-private.sh: own datadir, free loopback port,
 * stopped by its PID) with its binary log on runs DDL and DML over two
 * binlog files; the events fetched over the replication protocol from the
 * first file on must be byte for byte the events of its binlog files (they
 * are not catalog rows: this checks the transport, not the applier).
 * Needs mariadbd: runs with SC_REPLICA_NET=1 (make check-replica-net),
 * otherwise it says why it does nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "tests/replica_util.h"
#include "replicate/replica.h"

static char base[256], sock[600];
static unsigned port;

static int sh(const char *fmt, ...) SC_PRINTF(1, 2);

static int sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    return system(cmd);
}

static void sql(const char *stmt)
{
    ck_assert_int_eq(
        sh("mariadb --no-defaults --protocol=socket --socket='%s' -uroot -e \"%s\"", sock, stmt),
        0);
}

static bool net_wanted(void)
{
    const char *v = getenv("SC_REPLICA_NET");
    return v && strcmp(v, "1") == 0;
}

static bool server_start(void)
{
    char path[600];
    FILE *f;

    if (sh("bash bench/mariadb-private.sh start '%s/srv' --log-bin='%s/srv/data/mbin' "
           "--server-id=5 --binlog-format=ROW --binlog-checksum=CRC32 > '%s/sock' 2>&1",
           base, base, base) != 0) {
        sh("cat '%s/sock' '%s/srv/mysqld.log' >&2", base, base);
        return false;
    }
    snprintf(path, sizeof(path), "%s/srv/port", base);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fscanf(f, "%u", &port), 1);
    fclose(f);
    snprintf(sock, sizeof(sock), "%s/srv/mysqld.sock", base);
    return true;
}

static void setup(void)
{
    sc_fixture_tmpdir(base, sizeof(base));
    port = 0;
}

/* Stops the server whatever the test did (a failed check ends the test early). */
static void teardown(void)
{
    sh("bash bench/mariadb-private.sh stop '%s/srv' >/dev/null 2>&1", base);
    sc_fixture_rmtree(base);
}

/* The bytes of a binlog file of the server. */
static uint8_t *file_bytes(size_t *len, const char *name)
{
    char path[900];
    FILE *f;
    uint8_t *b;
    long n;

    snprintf(path, sizeof(path), "%s/srv/data/%s", base, name);
    f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    b = malloc((size_t)n + 1);
    ck_assert_uint_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/*
 * An event as the file holds it. One known difference: the Format_description
 * of the file the server is still writing says so in the file (flag
 * LOG_EVENT_BINLOG_IN_USE_F, 0x1) and not in the stream, whose CRC32 is then
 * the server's own for the cleared flag (MariaDB's binlog sender does this).
 */
static bool same_event(const uint8_t *file, const uint8_t *got, size_t len)
{
    if (memcmp(file, got, len) == 0)
        return true;
    if (file[4] != SC_EV_FORMAT_DESCRIPTION || len < 19 + 4 || !(file[17] & 0x1) ||
        (got[17] & 0x1) || memcmp(file, got, 17) != 0 || file[18] != got[18] ||
        memcmp(file + 19, got + 19, len - 19 - 4) != 0)
        return false;
    return sc_get_u32le(got + len - 4) == (uint32_t)crc32(0L, got, (unsigned)(len - 4));
}

/* Events in a binlog file (after the magic). */
static unsigned count_events(const uint8_t *b, size_t len)
{
    unsigned n = 0;

    for (size_t at = 4; at + 19 <= len; n++)
        at += sc_get_u32le(b + at + 9);
    return n;
}

START_TEST(test_net_stream_equals_files)
{
    sc_replica_net_options o = {0};
    sc_replica_net *net = NULL;
    sc_ctx *ctx = NULL;
    char hostport[64], cur[256] = "";
    unsigned matched = 0, in_files = 0, files = 0;
    uint8_t *fb = NULL;
    size_t flen = 0;
    sc_slice ev;

    if (!net_wanted()) {
        fprintf(stderr, "replica net: not run (needs a private mariadbd, ~15 s: "
                        "SC_REPLICA_NET=1 or make check-replica-net)\n");
        return;
    }
    ck_assert_msg(server_start(), "mariadbd did not start");
    sql("CREATE DATABASE d; CREATE TABLE d.t (i INT PRIMARY KEY, v VARCHAR(20));"
        "INSERT INTO d.t VALUES (1,'a'),(2,'b'); UPDATE d.t SET v='c' WHERE i=1;"
        "FLUSH BINARY LOGS; ALTER TABLE d.t ADD COLUMN w BLOB; DELETE FROM d.t WHERE i=2;"
        "INSERT INTO d.t VALUES (3,'x',REPEAT('z',3000))");
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    snprintf(hostport, sizeof(hostport), "127.0.0.1:%u", port);
    ck_assert(sc_replica__is_hostport(hostport));
    o.hostport = hostport;
    o.server_id = 77;
    o.file = "mbin.000001";
    o.non_block = true;
    ck_assert_msg(sc_replica__net_open(&net, ctx, &o) == SC_OK, "%s",
                  sc_ctx_last_error(ctx)->message);
    ck_assert_int_eq(sc_replica__net_checksum(net), SC_CHECKSUM_CRC32);
    for (;;) {
        uint32_t len, log_pos;
        uint16_t flags;
        ck_assert_msg(sc_replica__net_next(&ev, net) == SC_OK, "%s",
                      sc_ctx_last_error(ctx)->message);
        if (!ev.len)
            break;
        if (getenv("SC_NET_DEBUG"))
            fprintf(stderr, "ev type %u len %zu\n", ev.data[4], ev.len);
        ck_assert_uint_ge(ev.len, 19);
        len = sc_get_u32le(ev.data + 9);
        log_pos = sc_get_u32le(ev.data + 13);
        flags = (uint16_t)(ev.data[17] | ev.data[18] << 8);
        ck_assert_uint_eq(len, ev.len);
        if (log_pos != 0 && !(flags & 0x20)) { /* not artificial (a fake ROTATE, an FDE) */
            ck_assert_ptr_nonnull(fb);
            ck_assert_uint_le(log_pos, flen);
            ck_assert_msg(same_event(fb + log_pos - len, ev.data, len),
                          "event at %s:%u (type %u, %u bytes) differs from the file", cur,
                          log_pos - len, ev.data[4], len);
            matched++;
        }
        if (ev.data[4] == SC_EV_ROTATE) { /* the file the next events come from */
            size_t nlen = ev.len - 19 - 8 - 4;
            char name[256];
            snprintf(name, sizeof(name), "%.*s", (int)nlen, (const char *)ev.data + 27);
            if (strcmp(name, cur) != 0) { /* a new file (not the fake ROTATE naming it again) */
                snprintf(cur, sizeof(cur), "%s", name);
                free(fb);
                fb = file_bytes(&flen, cur);
                in_files += count_events(fb, flen);
                files++;
            }
        }
    }
    fprintf(stderr, "replica net: %u events from %u files, byte-identical to the files (%u)\n",
            matched, files, in_files);
    ck_assert_uint_ge(files, 2);
    ck_assert_uint_eq(matched, in_files);
    free(fb);
    sc_replica__net_close(net);
    sc_ctx_free(ctx);
}
END_TEST

/* Write the first len bytes of src's binlog.000001 as dir/binlog.000001 (+ its index). */
static void serve_prefix(const ru_node *src, const char *dir, size_t len)
{
    char path[800];
    size_t flen;
    uint8_t *b;
    FILE *f;

    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", src->dir);
    f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    b = malloc(len);
    flen = fread(b, 1, len, f);
    fclose(f);
    ck_assert_uint_eq(flen, len);
    snprintf(path, sizeof(path), "%s/binlog.000001", dir);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    free(b);
    snprintf(path, sizeof(path), "%s/binlog.index", dir);
    if (!(f = fopen(path, "r"))) { /* a server's own later files stay listed */
        f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "%s/binlog.000001\n", dir);
    }
    fclose(f);
}

/* A private mariadbd whose binary log is dir's files (it adds one of its own); on the
 * port of the last start when there was one (a later --port wins). */
static void serve_start(const char *dir)
{
    char path[600], again[32] = "";
    FILE *f;

    if (port)
        snprintf(again, sizeof(again), "--port=%u", port);
    ck_assert_int_eq(sh("bash bench/mariadb-private.sh start '%s/srv' --log-bin='%s/binlog' "
                        "--log-bin-index='%s/binlog.index' --server-id=11 %s > '%s/sock' 2>&1",
                        base, dir, dir, again, base),
                     0);
    if (port)
        return;
    snprintf(path, sizeof(path), "%s/srv/port", base);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fscanf(f, "%u", &port), 1);
    fclose(f);
}

/* A replica whose server id is the source's @@server_id (11, serve_start) stops with
 * MariaDB's 1593 before the dump, applies nothing and keeps the error in its status;
 * without the check it skipped every transaction as its own. */
static void same_server_id_refused(const char *hostport)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    sc_replica_status st;
    sc_replica_stats got;
    const sc_error *e;
    ru_node q;

    ru_create(&q, base, "same", 11, NULL);
    o.from = hostport;
    ck_assert_int_eq(sc_replica_add_source(q.log, "a", &o), SC_OK);
    ck_assert_int_eq(sc_replica_apply(&got, q.log, "a", NULL, NULL), SC_ESQL);
    e = sc_ctx_last_error(q.ctx);
    ck_assert_uint_eq(e->mysql_errno, 1593);
    ck_assert_str_eq(e->sqlstate, "HY000");
    ck_assert_msg(strstr(e->message, "source 'a' at ") &&
                      strstr(e->message, ": Fatal error: The slave I/O thread stops because "
                                         "master and slave have equal MariaDB server ids; "),
                  "%s", e->message);
    ck_assert_uint_eq(got.txns + got.skipped_txns, 0);
    ck_assert_int_eq(sc_replica_status_get(&st, q.log, "a"), SC_OK);
    ck_assert_ptr_nonnull(strstr(st.last_error, "equal MariaDB server ids"));
    ck_assert_uint_eq(st.txns_applied, 0);
    ru_close(&q);
}

/*
 * Before `syscat serve` can send a binlog stream: a real MariaDB 10.11 server
 * serves a syscat catalog's log (its binlog.000001 put in the server's
 * binlog directory) over the replication protocol; a replica registered with
 * --from 127.0.0.1:PORT applies it with the same applier as a directory
 * source. First half the log; the server is stopped, given the whole file and
 * started again; the replica resumes at its stored position.
 */
START_TEST(test_net_apply_served_log)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    ru_node s, r;
    ru_gen g;
    char dir[400], hostport[64], path[700], *d0, *d1;
    sc_binlog_reader *rd = NULL;
    const sc_binlog_event *ev = NULL;
    size_t ends[512], n = 0, full = 0;
    sc_replica_status st;

    if (!net_wanted()) {
        fprintf(stderr,
                "replica net apply: not run (SC_REPLICA_NET=1 or make check-replica-net)\n");
        return;
    }
    ru_create(&s, base, "src", 11, NULL);
    ru_gen_init(&g, 77, "n");
    for (int i = 0; i < 60; i++)
        ru_gen_step(&g, &s);
    ck_assert_int_eq(sc_log_sync(s.log), SC_OK);
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", s.dir);
    ck_assert_int_eq(sc_binlog_reader_open(&rd, s.ctx, path), SC_OK);
    while (sc_binlog_reader_next(&ev, rd) == SC_OK && ev) {
        if (ev->header.type == SC_EV_XID && n < 512)
            ends[n++] = ev->offset + ev->raw.len;
        full = ev->offset + ev->raw.len;
    }
    sc_binlog_reader_close(rd);
    ck_assert_uint_ge(n, 20);
    snprintf(dir, sizeof(dir), "%s/blog", base);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    serve_prefix(&s, dir, ends[n / 2 - 1]);
    serve_start(dir);
    ru_create(&r, base, "rep", 2, NULL);
    snprintf(hostport, sizeof(hostport), "127.0.0.1:%u", port);
    o.from = hostport;
    o.server_id = 77;
    ck_assert_int_eq(sc_replica_add_source(r.log, "a", &o), SC_OK);
    same_server_id_refused(hostport);
    ck_assert_uint_eq(ru_apply_ok(&r, "a").txns, n / 2);
    ck_assert_uint_eq(ru_apply_ok(&r, "a").txns, 0); /* again: nothing new */
    /* the server goes away and comes back with the whole log */
    sh("bash bench/mariadb-private.sh stop '%s/srv' >/dev/null 2>&1", base);
    ck_assert_int_ne(sc_replica_apply(NULL, r.log, "a", NULL, NULL), SC_OK);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(r.ctx)->message, "source 127.0.0.1:"));
    serve_prefix(&s, dir, full);
    serve_start(dir);
    ck_assert_uint_eq(ru_apply_ok(&r, "a").txns, n - n / 2);
    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "a"), SC_OK);
    ck_assert_str_eq(st.file, "binlog.000001");
    ck_assert_uint_eq(st.position, ends[n - 1]);
    ck_assert_uint_eq(st.txns_applied, n);
    d0 = ru_dump_all(&s);
    d1 = ru_dump_all(&r);
    ck_assert_str_eq(d0, d1);
    ru_fsck_ok(&r);
    sc_free(s.ctx, d0);
    sc_free(r.ctx, d1);
    ru_close(&s);
    ru_close(&r);
}
END_TEST

START_TEST(test_net_bad_address)
{
    sc_replica_net_options o = {0};
    sc_replica_net *net = NULL;
    sc_ctx *ctx = NULL;

    ck_assert(!sc_replica__is_hostport("/data/src"));
    ck_assert(!sc_replica__is_hostport("host:0"));
    ck_assert(!sc_replica__is_hostport("host:99999"));
    ck_assert(sc_replica__is_hostport("[::1]:3306"));
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    o.hostport = "127.0.0.1:1"; /* nothing listens on port 1 */
    o.timeout_s = 2;
    ck_assert_int_eq(sc_replica__net_open(&net, ctx, &o), SC_EIO);
    ck_assert_ptr_nonnull(strstr(sc_ctx_last_error(ctx)->message, "source 127.0.0.1:1: connect"));
    sc_ctx_free(ctx);
}
END_TEST

Suite *sc_test_replicate_replica_net_suite(void);

Suite *sc_test_replicate_replica_net_suite(void)
{
    Suite *su = suite_create("replicate_replica_net");
    TCase *tc = tcase_create("net");

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_net_bad_address);
    tcase_add_test(tc, test_net_stream_equals_files);
    tcase_add_test(tc, test_net_apply_served_log);
    suite_add_tcase(su, tc);
    return su;
}
