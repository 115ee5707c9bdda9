/*
 * check_server.c - `syscat serve` (server/, docs/server.md) through
 * Connector/C and through raw protocol bytes: handshake and login on the
 * Unix socket, DDL with MariaDB's OK/ERR packets, result sets and their
 * column definitions, session queries, transactions, the connection
 * commands (PING, STATISTICS, INIT_DB, QUIT, unknown -> 1047), protocol
 * errors (wrong sequence id, oversized packet, truncated handshake), and
 * a clean stop on SIGTERM. Each test starts its own server on a fresh
 * catalog (tests/server_util.h).
 */
#include <mysql.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "syscat.h"
#include "tests/server_util.h"

static test_server ts;

static void setup(void)
{
    signal(SIGPIPE, SIG_IGN); /* a server that closes first must not kill the test */
    ts_start(&ts, NULL);
}

static void teardown(void)
{
    ts_cleanup(&ts);
}

static MYSQL *connect_socket(const char *db)
{
    MYSQL *m = mysql_init(NULL);

    ck_assert_ptr_nonnull(m);
    ck_assert_msg(
        mysql_real_connect(m, NULL, "root", NULL, db, 0, ts.sock, CLIENT_MULTI_STATEMENTS),
        "connect: %s", mysql_error(m));
    return m;
}

static void exec_ok(MYSQL *m, const char *sql)
{
    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %u %s", sql, mysql_errno(m), mysql_error(m));
    mysql_free_result(mysql_store_result(m));
}

static void exec_err(MYSQL *m, const char *sql, unsigned no, const char *state, const char *msg)
{
    ck_assert_msg(mysql_query(m, sql) != 0, "%s succeeded", sql);
    ck_assert_uint_eq(mysql_errno(m), no);
    ck_assert_str_eq(mysql_sqlstate(m), state);
    if (msg)
        ck_assert_str_eq(mysql_error(m), msg);
}

/* ---------------------------------------------------------------- raw protocol */

static int raw_connect(void)
{
    struct sockaddr_un un;
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);

    ck_assert_int_ge(fd, 0);
    memset(&un, 0, sizeof(un));
    un.sun_family = AF_UNIX;
    ck_assert_uint_lt(strlen(ts.sock), sizeof(un.sun_path));
    memcpy(un.sun_path, ts.sock, strlen(ts.sock) + 1);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&un, sizeof(un)), 0);
    return fd;
}

/* Read one packet; @return payload length, -1 at EOF. */
static long raw_read(int fd, uint8_t *buf, size_t cap, uint8_t *seq)
{
    uint8_t h[4];
    size_t n, got = 0;

    while (got < 4) {
        ssize_t r = read(fd, h + got, 4 - got);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    n = (size_t)h[0] | (size_t)h[1] << 8 | (size_t)h[2] << 16;
    ck_assert_uint_le(n, cap);
    for (got = 0; got < n;) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    if (seq)
        *seq = h[3];
    return (long)n;
}

static void raw_write(int fd, const void *p, size_t n, uint8_t seq)
{
    uint8_t buf[4 + 256];

    ck_assert_uint_le(n, 256);
    buf[0] = (uint8_t)n;
    buf[1] = (uint8_t)(n >> 8);
    buf[2] = (uint8_t)(n >> 16);
    buf[3] = seq;
    memcpy(buf + 4, p, n);
    ck_assert_int_eq(write(fd, buf, 4 + n), (ssize_t)(4 + n));
}

/* Handshake as root on the socket (admitted without password). */
static int raw_login(void)
{
    uint8_t buf[1024], resp[64];
    uint8_t seq;
    long n;
    int fd = raw_connect();
    uint32_t caps = 0x200 | 0x8000 | 0x80000; /* PROTOCOL_41, SECURE_CONNECTION, PLUGIN_AUTH */

    n = raw_read(fd, buf, sizeof(buf), &seq);
    ck_assert_int_gt(n, 40);
    ck_assert_uint_eq(buf[0], 10); /* protocol 10 */
    ck_assert_uint_eq(seq, 0);
    memset(resp, 0, sizeof(resp));
    memcpy(resp, &caps, 4); /* little-endian host */
    resp[4] = 0;
    resp[8] = 45;
    memcpy(resp + 32, "root", 5);
    resp[37] = 0; /* auth length 0 */
    memcpy(resp + 38, "mysql_native_password", 22);
    raw_write(fd, resp, 60, 1);
    n = raw_read(fd, buf, sizeof(buf), &seq);
    ck_assert_int_ge(n, 7);
    ck_assert_uint_eq(buf[0], 0); /* OK */
    ck_assert_uint_eq(seq, 2);
    return fd;
}

/* ---------------------------------------------------------------- tests */

START_TEST(test_server_ddl_and_errors)
{
    MYSQL *m = connect_socket(NULL);
    MYSQL_RES *res;
    MYSQL_ROW row;

    exec_ok(m, "CREATE DATABASE shop");
    ck_assert_int_eq(mysql_select_db(m, "shop"), 0);
    exec_ok(m, "CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL)");
    ck_assert_uint_eq(mysql_warning_count(m), 0);
    exec_err(m, "CREATE TABLE t (a INT)", 1050, "42S01", "Table 't' already exists");
    exec_err(m, "CREATE TABLE nosuch.t (a INT)", 1049, "42000", "Unknown database 'nosuch'");
    exec_err(m, "CREATE TABEL x", 1064, "42000", NULL);
    exec_ok(m, "CREATE TABLE IF NOT EXISTS t (a INT)");
    ck_assert_uint_eq(mysql_warning_count(m), 1);
    /* SHOW CREATE TABLE: two columns, MariaDB's names, the CLI's text */
    ck_assert_int_eq(mysql_query(m, "SHOW CREATE TABLE t"), 0);
    res = mysql_store_result(m);
    ck_assert_ptr_nonnull(res);
    ck_assert_uint_eq(mysql_num_fields(res), 2);
    ck_assert_str_eq(mysql_fetch_field_direct(res, 0)->name, "Table");
    ck_assert_str_eq(mysql_fetch_field_direct(res, 1)->name, "Create Table");
    ck_assert_uint_eq(mysql_fetch_field_direct(res, 1)->type, MYSQL_TYPE_VAR_STRING);
    row = mysql_fetch_row(res);
    ck_assert_str_eq(row[0], "t");
    ck_assert_str_eq(row[1], "CREATE TABLE `t` (\n"
                             "  `id` int(11) NOT NULL,\n"
                             "  `name` varchar(20) NOT NULL,\n"
                             "  PRIMARY KEY (`id`)\n"
                             ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");
    mysql_free_result(res);
    ck_assert_int_eq(mysql_query(m, "SHOW TABLES"), 0);
    res = mysql_store_result(m);
    ck_assert_str_eq(mysql_fetch_field_direct(res, 0)->name, "Tables_in_shop");
    ck_assert_uint_eq(mysql_num_rows(res), 1);
    mysql_free_result(res);
    mysql_close(m);
}
END_TEST

START_TEST(test_server_session_queries)
{
    MYSQL *m = connect_socket(NULL);
    MYSQL_RES *res;
    MYSQL_ROW row;
    MYSQL_FIELD *f;

    ck_assert_int_eq(mysql_query(m, "SELECT @@version_comment LIMIT 1"), 0);
    res = mysql_store_result(m);
    f = mysql_fetch_field_direct(res, 0);
    ck_assert_str_eq(f->name, "@@version_comment");
    ck_assert_uint_eq(f->type, MYSQL_TYPE_VAR_STRING);
    ck_assert_uint_eq(f->charsetnr, 45);
    mysql_free_result(res);
    ck_assert_int_eq(
        mysql_query(m, "select DATABASE(), CONNECTION_ID(), USER(), @@max_allowed_packet"), 0);
    res = mysql_store_result(m);
    row = mysql_fetch_row(res);
    ck_assert_ptr_null(row[0]);
    ck_assert_uint_eq(mysql_fetch_field_direct(res, 1)->type, MYSQL_TYPE_LONG);
    ck_assert_uint_eq(strtoul(row[1], NULL, 10), mysql_thread_id(m));
    ck_assert_str_eq(row[2], "root@localhost");
    ck_assert_str_eq(row[3], "16777216");
    ck_assert_uint_eq(mysql_fetch_field_direct(res, 3)->type, MYSQL_TYPE_LONGLONG);
    mysql_free_result(res);
    exec_ok(m, "SET @x = 'abc'");
    ck_assert_int_eq(mysql_query(m, "SELECT @x AS y, @nope"), 0);
    res = mysql_store_result(m);
    row = mysql_fetch_row(res);
    ck_assert_str_eq(mysql_fetch_field_direct(res, 0)->name, "y");
    ck_assert_str_eq(row[0], "abc");
    ck_assert_ptr_null(row[1]);
    mysql_free_result(res);
    exec_err(m, "SELECT @@no_such_variable", 1193, "HY000",
             "Unknown system variable 'no_such_variable'");
    /* SHOW WARNINGS reports the last error */
    ck_assert_int_eq(mysql_query(m, "SHOW WARNINGS"), 0);
    res = mysql_store_result(m);
    row = mysql_fetch_row(res);
    ck_assert_ptr_nonnull(row);
    ck_assert_str_eq(row[0], "Error");
    ck_assert_str_eq(row[1], "1193");
    mysql_free_result(res);
    /* what connectors send: SET NAMES (mysql_set_character_set), USE */
    ck_assert_int_eq(mysql_set_character_set(m, "utf8mb4"), 0);
    exec_ok(m, "SET NAMES utf8mb4 COLLATE utf8mb4_general_ci");
    exec_ok(m, "SET SESSION sql_mode = 'STRICT_ALL_TABLES', foreign_key_checks = 0");
    ck_assert_int_eq(mysql_query(m, "SELECT @@sql_mode, @@foreign_key_checks"), 0);
    res = mysql_store_result(m);
    row = mysql_fetch_row(res);
    ck_assert_str_eq(row[0], "STRICT_ALL_TABLES");
    ck_assert_str_eq(row[1], "0");
    mysql_free_result(res);
    /* autocommit follows SET and shows in the status flags */
    exec_ok(m, "SET autocommit = 0");
    ck_assert_int_eq(mysql_query(m, "SELECT @@autocommit"), 0);
    res = mysql_store_result(m);
    ck_assert_str_eq(mysql_fetch_row(res)[0], "0");
    mysql_free_result(res);
    mysql_close(m);
}
END_TEST

START_TEST(test_server_transaction)
{
    MYSQL *m = connect_socket(NULL);
    MYSQL *other = connect_socket(NULL);
    MYSQL_RES *res;

    exec_ok(m, "BEGIN");
    exec_ok(m, "CREATE DATABASE a");
    exec_ok(m, "CREATE TABLE a.t (x INT)");
    exec_ok(m, "ROLLBACK");
    exec_err(m, "SHOW CREATE TABLE a.t", 1146, "42S02", "Table 'a.t' doesn't exist");
    exec_ok(m, "START TRANSACTION");
    exec_ok(m, "CREATE DATABASE b");
    exec_ok(m, "CREATE TABLE b.t (x INT)");
    exec_ok(m, "COMMIT");
    ck_assert_int_eq(mysql_query(other, "SHOW TABLES FROM b"), 0);
    res = mysql_store_result(other);
    ck_assert_uint_eq(mysql_num_rows(res), 1);
    mysql_free_result(res);
    /* a failed statement inside a transaction leaves the others in it */
    exec_ok(m, "BEGIN");
    exec_ok(m, "CREATE TABLE b.u (x INT)");
    exec_err(m, "CREATE TABLE b.u (x INT)", 1050, "42S01", NULL);
    exec_ok(m, "COMMIT");
    exec_ok(m, "SHOW CREATE TABLE b.u");
    /* a client that vanishes inside a transaction: rolled back, others go on */
    exec_ok(m, "BEGIN");
    exec_ok(m, "CREATE TABLE b.gone (x INT)");
    mysql_close(m);
    exec_err(other, "SHOW CREATE TABLE b.gone", 1146, "42S02", NULL);
    mysql_close(other);
}
END_TEST

START_TEST(test_server_commands)
{
    MYSQL *m = connect_socket(NULL);
    const char *st;

    ck_assert_int_eq(mysql_ping(m), 0);
    st = mysql_stat(m);
    ck_assert_ptr_nonnull(st);
    ck_assert_msg(strncmp(st, "Uptime: ", 8) == 0, "%s", st);
    ck_assert_int_ne(mysql_select_db(m, "nosuch"), 0);
    ck_assert_uint_eq(mysql_errno(m), 1049);
    /* several statements in one query */
    ck_assert_int_eq(
        mysql_query(m, "CREATE DATABASE d1; CREATE TABLE d1.t (a INT); SHOW TABLES FROM d1"), 0);
    {
        int results = 0, rc;
        do {
            MYSQL_RES *r = mysql_store_result(m);
            mysql_free_result(r);
            results++;
        } while ((rc = mysql_next_result(m)) == 0);
        ck_assert_int_eq(rc, -1);
        ck_assert_int_eq(results, 3);
    }
    mysql_close(m);
}
END_TEST

START_TEST(test_server_unknown_command)
{
    uint8_t buf[1024], seq;
    int fd = raw_login();
    uint8_t field_list[] = {4, 't', 0};
    long n;

    raw_write(fd, field_list, sizeof(field_list), 0);
    n = raw_read(fd, buf, sizeof(buf), &seq);
    ck_assert_int_gt(n, 9);
    ck_assert_uint_eq(buf[0], 0xff);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, 1047);
    ck_assert_int_eq(memcmp(buf + 3, "#08S01Unknown command", 21), 0);
    ck_assert_uint_eq(seq, 1);
    /* the connection still works */
    buf[0] = 14; /* COM_PING */
    raw_write(fd, buf, 1, 0);
    n = raw_read(fd, buf, sizeof(buf), &seq);
    ck_assert_uint_eq(buf[0], 0);
    close(fd);
}
END_TEST

START_TEST(test_server_bad_sequence_and_size)
{
    uint8_t buf[1024], seq;
    int fd = raw_login();
    long n;
    char *log;

    buf[0] = 14;
    raw_write(fd, buf, 1, 5); /* a command must start at sequence 0 */
    n = raw_read(fd, buf, sizeof(buf), &seq);
    ck_assert_int_gt(n, 3);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, 1156);
    ck_assert_int_eq(raw_read(fd, buf, sizeof(buf), NULL), -1); /* closed */
    close(fd);
    /* a handshake response cut short */
    fd = raw_connect();
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
    raw_write(fd, "\x05\x02", 2, 1);
    n = raw_read(fd, buf, sizeof(buf), NULL);
    ck_assert_int_gt(n, 3);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, 1043);
    close(fd);
    ts_sleep_ms(100);
    log = ts_log(&ts);
    ck_assert_msg(strstr(log, "protocol error: sequence id 5, expected 0"), "%s", log);
    ck_assert_msg(strstr(log, "bad handshake: handshake response too short"), "%s", log);
    free(log);
}
END_TEST

START_TEST(test_server_oversized_packet)
{
    static const char *const opts[] = {"--max-allowed-packet", "1024", NULL};
    uint8_t buf[1024];
    int fd;
    char *log;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    fd = raw_login();
    {
        uint8_t h[5] = {0xd0, 0x07, 0, 0, 3}; /* 2000 bytes announced */
        ck_assert_int_eq(write(fd, h, 5), 5);
    }
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 3);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, 1153);
    ck_assert_int_eq(
        memcmp(buf + 3, "#08S01Got a packet bigger than 'max_allowed_packet' bytes", 57), 0);
    ck_assert_int_eq(raw_read(fd, buf, sizeof(buf), NULL), -1);
    close(fd);
    ts_sleep_ms(100);
    log = ts_log(&ts);
    ck_assert_msg(strstr(log, "protocol error: packet over max_allowed_packet"), "%s", log);
    free(log);
}
END_TEST

START_TEST(test_server_tcp_needs_account)
{
    MYSQL *m = mysql_init(NULL);

    ck_assert_ptr_null(mysql_real_connect(m, "127.0.0.1", "root", "x", NULL, ts.port, NULL, 0));
    ck_assert_uint_eq(mysql_errno(m), 1045);
    ck_assert_str_eq(mysql_sqlstate(m), "28000");
    ck_assert_str_eq(mysql_error(m),
                     "Access denied for user 'root'@'localhost' (using password: YES)");
    mysql_close(m);
}
END_TEST

START_TEST(test_server_sigterm)
{
    MYSQL *m = connect_socket(NULL);
    char *log;

    exec_ok(m, "CREATE DATABASE kept");
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    ck_assert_msg(strstr(log, "SIGTERM received: shutting down"), "%s", log);
    ck_assert_msg(strstr(log, "closed (server shutdown)"), "%s", log);
    ck_assert_msg(strstr(log, "syscat serve: stopped"), "%s", log);
    free(log);
    ck_assert_int_ne(mysql_ping(m), 0);
    mysql_close(m);
    ck_assert_int_ne(access(ts.sock, F_OK), 0); /* socket removed */
}
END_TEST

/* A TCP connection to the server (no login). */
static int raw_tcp(void)
{
    struct sockaddr_in in;
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    memset(&in, 0, sizeof(in));
    in.sin_family = AF_INET;
    in.sin_port = htons((uint16_t)ts.port);
    in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&in, sizeof(in)), 0);
    return fd;
}

static bool log_has(const char *needle)
{
    for (int i = 0; i < 100; i++) {
        char *log = ts_log(&ts);
        bool found = strstr(log, needle) != NULL;
        free(log);
        if (found)
            return true;
        ts_sleep_ms(20);
    }
    return false;
}

/* Misbehaving clients, one after another, while a healthy one keeps working. */
START_TEST(test_server_bad_clients)
{
    MYSQL *m = connect_socket(NULL);
    uint8_t buf[1024], junk[100];
    int fd;

    exec_ok(m, "CREATE DATABASE healthy");
    /* garbage instead of a handshake response */
    fd = raw_tcp();
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
    for (size_t i = 0; i < sizeof(junk); i++)
        junk[i] = (uint8_t)(i * 37 + 11);
    raw_write(fd, junk, sizeof(junk), 1);
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 3);
    ck_assert_uint_eq(buf[0], 0xff);
    ck_assert_int_eq(raw_read(fd, buf, sizeof(buf), NULL), -1);
    close(fd);
    /* garbage auth: a well-formed response with a random 20-byte password reply */
    fd = raw_tcp();
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
    {
        uint8_t resp[64] = {0};
        uint32_t caps = 0x200 | 0x8000;
        memcpy(resp, &caps, 4);
        resp[8] = 45;
        memcpy(resp + 32, "root", 5);
        resp[37] = 20;
        memcpy(resp + 38, junk, 20);
        raw_write(fd, resp, 58, 1);
    }
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 3);
    ck_assert_uint_eq(buf[1] | buf[2] << 8, 1045);
    close(fd);
    /* a packet cut short: the header announces 50 bytes, 10 come, then the client is gone */
    fd = raw_tcp();
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
    {
        uint8_t part[14] = {50, 0, 0, 1};
        ck_assert_int_eq(write(fd, part, sizeof(part)), (ssize_t)sizeof(part));
    }
    close(fd);
    ck_assert(log_has("client went away mid-handshake"));
    /* a client that sends many queries and vanishes without reading the results */
    fd = raw_login();
    for (int i = 0; i < 200; i++) {
        static const char q[] = "\x03SHOW CREATE DATABASE healthy";
        raw_write(fd, q, sizeof(q) - 1, 0);
    }
    close(fd);
    /* the healthy client is unaffected */
    exec_ok(m, "CREATE TABLE healthy.t (a INT)");
    ck_assert_int_eq(mysql_ping(m), 0);
    mysql_close(m);
    ck_assert(log_has("127.0.0.1:"));
    ck_assert(log_has("access denied for 'root'"));
    ck_assert_int_eq(ts_stop(&ts), 0); /* no crash, no leak (LeakSanitizer fails the exit) */
}
END_TEST

START_TEST(test_server_show_variables)
{
    MYSQL *m = connect_socket(NULL);
    MYSQL_RES *res;
    MYSQL_ROW row;
    MYSQL_FIELD *f;

    ck_assert_int_eq(mysql_query(m, "SHOW VARIABLES LIKE 'SERVER_ID'"), 0);
    res = mysql_store_result(m);
    ck_assert_uint_eq(mysql_num_rows(res), 1);
    f = mysql_fetch_field_direct(res, 0);
    ck_assert_str_eq(f->name, "Variable_name");
    ck_assert_str_eq(f->org_name, "VARIABLE_NAME");
    ck_assert_str_eq(f->db, "information_schema");
    row = mysql_fetch_row(res);
    ck_assert_str_eq(row[0], "server_id");
    ck_assert_str_eq(row[1], "1");
    mysql_free_result(res);
    ck_assert_int_eq(mysql_query(m, "SHOW SESSION VARIABLES LIKE '%sql_mode%'"), 0);
    res = mysql_store_result(m);
    row = mysql_fetch_row(res);
    ck_assert_str_eq(row[0], "sql_mode");
    ck_assert_str_eq(row[1], "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,"
                             "NO_ENGINE_SUBSTITUTION");
    mysql_free_result(res);
    mysql_close(m);
}
END_TEST

/* Past --max-connections a client gets MariaDB's 1040 in place of the handshake. */
START_TEST(test_server_max_connections)
{
    static const char *const opts[] = {"--max-connections", "2", NULL};
    MYSQL *a, *b, *c;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    a = connect_socket(NULL);
    b = connect_socket(NULL);
    c = mysql_init(NULL);
    ck_assert_ptr_null(mysql_real_connect(c, NULL, "root", NULL, NULL, 0, ts.sock, 0));
    ck_assert_uint_eq(mysql_errno(c), 1040);
    ck_assert_str_eq(mysql_error(c), "Too many connections");
    mysql_close(c);
    mysql_close(b);
    ts_sleep_ms(100);
    c = connect_socket(NULL); /* a slot is free again */
    ck_assert_int_eq(mysql_ping(c), 0);
    mysql_close(c);
    mysql_close(a);
    ck_assert(log_has("closed (too many connections)"));
}
END_TEST

/* Statements that arrive in the same loop turn share one LMDB commit (group
 * commit), each still its own binlog transaction, and no reply goes out
 * before that commit. */
START_TEST(test_server_group_commit)
{
    uint8_t buf[1024], out[600];
    size_t n = 0;
    int fd = raw_login();
    char *log, cmd[9000];

    for (int i = 0; i < 5; i++) {
        char q[64];
        int len = snprintf(q, sizeof(q), "%cCREATE DATABASE g%d", 3, i);
        out[n++] = (uint8_t)len;
        out[n++] = 0;
        out[n++] = 0;
        out[n++] = 0;
        memcpy(out + n, q, (size_t)len);
        n += (size_t)len;
    }
    ck_assert_int_eq(write(fd, out, n), (ssize_t)n); /* five statements, one write */
    for (int i = 0; i < 5; i++) {
        ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
        ck_assert_uint_eq(buf[0], 0); /* OK */
    }
    close(fd);
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    ck_assert_msg(strstr(log, "stopped (1 group commits held 5 statements, "), "%s", log);
    free(log);
    /* five GTIDs besides the bootstrap's: one binlog transaction per statement */
    snprintf(cmd, sizeof(cmd),
             "%s/syscat --datadir %s binlog show | grep -c 'BEGIN GTID' | grep -qx 6",
             sc_fixture_build_dir(), ts.dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "%s/syscat --datadir %s binlog verify >/dev/null",
             sc_fixture_build_dir(), ts.dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Several connections writing at once share commits: a group that holds a
 * change waits a little (the commit delay) for the connections that wrote
 * recently and are not in it yet, instead of committing the first arrival
 * alone while the others queue behind it (groups of about 1.1 statements
 * before the delay). Every statement still gets its OK. */
START_TEST(test_server_commit_delay_groups_writers)
{
    enum { WRITERS = 4, EACH = 40 };
    pid_t kids[WRITERS];
    unsigned long groups = 0, stmts = 0;
    char *log, *at;

    for (int w = 0; w < WRITERS; w++) {
        kids[w] = fork();
        ck_assert_int_ge(kids[w], 0);
        if (kids[w] == 0) {
            MYSQL *m = mysql_init(NULL);
            char sql[96];
            int bad;

            if (!mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0))
                _exit(2);
            snprintf(sql, sizeof(sql), "CREATE DATABASE w%d", w);
            bad = mysql_query(m, sql);
            for (int i = 0; i < EACH && !bad; i++) {
                snprintf(sql, sizeof(sql), "CREATE TABLE w%d.t%d (a INT PRIMARY KEY)", w, i);
                bad = mysql_query(m, sql);
            }
            mysql_close(m);
            _exit(bad ? 1 : 0);
        }
    }
    for (int w = 0; w < WRITERS; w++) {
        int st = -1;
        ck_assert_int_eq(waitpid(kids[w], &st, 0), kids[w]);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "writer %d failed", w);
    }
    ck_assert_int_eq(ts_stop(&ts), 0);
    log = ts_log(&ts);
    at = strstr(log, "stopped (");
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq(sscanf(at, "stopped (%lu group commits held %lu statements)", &groups, &stmts),
                     2);
    free(log);
    ck_assert_uint_eq(stmts, WRITERS * (EACH + 1));
    fprintf(stderr, "server: %d writers: %lu statements in %lu group commits\n", WRITERS, stmts,
            groups);
    /* without the delay: about 1.9 statements a group here (ASan build), with it 3.5 to 4 */
    ck_assert_msg(stmts * 2 >= 5 * groups, "%lu statements in %lu group commits", stmts, groups);
}
END_TEST

/* While one connection holds BEGIN, others wait in arrival order (their
 * statements run when it ends) and give up with 1205 after --lock-wait-timeout. */
START_TEST(test_server_writer_queue)
{
    static const char *const opts[] = {"--lock-wait-timeout", "1", NULL};
    MYSQL *a, *b;
    uint8_t buf[1024];
    int fd;
    long n;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    a = connect_socket(NULL);
    b = connect_socket(NULL);
    exec_ok(a, "BEGIN");
    exec_ok(a, "CREATE DATABASE q1");
    exec_err(b, "CREATE DATABASE q2", 1205, "HY000",
             "Lock wait timeout exceeded; try restarting transaction");
    ck_assert(log_has("waited 1 s for conn"));
    /* three raw clients' writes queue behind a's transaction and all run once
     * a commits (a read would not wait: tests/check_server_reads.c) */
    {
        int q3[3];
        for (int i = 0; i < 3; i++) {
            char q[32];
            int qn = snprintf(q, sizeof(q), "%cCREATE DATABASE qq%d", 3, i);
            q3[i] = raw_login();
            raw_write(q3[i], q, (size_t)qn, 0);
        }
        ts_sleep_ms(200);
        exec_ok(a, "COMMIT");
        for (int i = 0; i < 3; i++) {
            n = raw_read(q3[i], buf, sizeof(buf), NULL);
            ck_assert_int_ge(n, 7);
            ck_assert_uint_eq(buf[0], 0); /* OK: the statement ran, after the commit */
            close(q3[i]);
        }
    }
    fd = -1;
    (void)fd;
    exec_ok(b, "CREATE DATABASE q2"); /* b is usable after its 1205 */
    exec_ok(b, "SHOW CREATE DATABASE q1");
    mysql_close(a);
    mysql_close(b);
}
END_TEST

/* A client that connects and goes silent (half-open TCP) is closed by the timeouts. */
START_TEST(test_server_half_open)
{
    static const char *const opts[] = {"--idle-timeout", "1", NULL};
    uint8_t buf[1024];
    int fd, idle;
    MYSQL *m;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    idle = raw_login(); /* logged in, then silent */
    fd = raw_tcp();     /* never answers the handshake: 10 s handshake timeout */
    ck_assert_int_gt(raw_read(fd, buf, sizeof(buf), NULL), 0);
    ck_assert_int_eq(raw_read(idle, buf, sizeof(buf), NULL), -1); /* closed after 1 s */
    ck_assert(log_has("closed (idle timeout (1 s))"));
    m = connect_socket(NULL); /* the server serves others all along */
    exec_ok(m, "CREATE DATABASE still_fine");
    mysql_close(m);
    close(idle);
    close(fd);
}
END_TEST

/* A connection that went quiet on a reader loop (after definition SHOWs) is
 * closed by the idle timeout too (the reader loops read sockets themselves). */
START_TEST(test_server_idle_on_reader_loop)
{
    static const char *const opts[] = {"--idle-timeout", "1", "--reader-threads", "2", NULL};
    MYSQL *m;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    m = connect_socket(NULL);
    exec_ok(m, "CREATE DATABASE idle_db");
    exec_ok(m, "CREATE TABLE idle_db.t (a INT)");
    for (int i = 0; i < 8; i++) { /* a reader loop takes it after 4 */
        ck_assert_int_eq(mysql_query(m, "SHOW CREATE TABLE idle_db.t"), 0);
        mysql_free_result(mysql_store_result(m));
    }
    for (int i = 0; i < 40 && !log_has("closed (idle timeout (1 s))"); i++)
        usleep(100 * 1000);
    ck_assert(log_has("closed (idle timeout (1 s))"));
    ck_assert_int_ne(mysql_query(m, "SHOW CREATE TABLE idle_db.t"), 0);
    mysql_close(m);
}
END_TEST

/* A CREATE TABLE whose SHOW CREATE TABLE is about 24 KB. */
static void create_wide(MYSQL *m, const char *name)
{
    size_t cap = 64 * 1024, n;
    char *sql = malloc(cap);

    n = (size_t)snprintf(sql, cap, "CREATE TABLE %s (id INT PRIMARY KEY", name);
    for (int i = 0; i < 100; i++)
        n += (size_t)snprintf(sql + n, cap - n,
                              ", c%03d VARCHAR(100) COMMENT 'column %03d of a wide table, with a "
                              "comment long enough to make its definition weigh'",
                              i, i);
    snprintf(sql + n, cap - n, ")");
    exec_ok(m, sql);
    free(sql);
}

/*
 * Clients that vanish in the middle of a result, over TCP: one resets the
 * connection, one closes its side while the server still has output for it,
 * one stays half-open (never reads again, never closes) and is closed after
 * --net-write-timeout. Each has 2,000 pipelined SHOW CREATE TABLE queued
 * (about 48 MB of results, more than the socket buffers hold). Each case is
 * logged with the client's address and port, a healthy client works all
 * along, and the server stops cleanly with nothing leaked (LeakSanitizer
 * would fail its exit status).
 */
START_TEST(test_server_vanish_mid_result)
{
    static const char *const opts[] = {"--net-write-timeout", "1", NULL};
    static const char q[] = "\x03SHOW CREATE TABLE v.wide";
    const size_t per = 4 + sizeof(q) - 1, nq = 2000;
    uint8_t *out = malloc(per * nq), buf[2048];
    MYSQL *m;

    ts_cleanup(&ts);
    ts_start(&ts, opts);
    m = connect_socket(NULL);
    exec_ok(m, "CREATE DATABASE v");
    create_wide(m, "v.wide");
    exec_ok(m, "CREATE USER u IDENTIFIED BY 'pw'");
    exec_ok(m, "GRANT SELECT ON *.* TO u");
    for (size_t i = 0; i < nq; i++) {
        uint8_t *p = out + i * per;
        p[0] = (uint8_t)(sizeof(q) - 1), p[1] = 0, p[2] = 0, p[3] = 0;
        memcpy(p + 4, q, sizeof(q) - 1);
    }
    for (int how = TS_RESET; how <= TS_HALF_OPEN; how++) {
        MYSQL *c = mysql_init(NULL);
        char peer[64], want[128];
        int fd;
        ssize_t got;

        ck_assert_msg(mysql_real_connect(c, "127.0.0.1", "u", "pw", NULL, ts.port, NULL, 0),
                      "connect: %s", mysql_error(c));
        fd = (int)mysql_get_socket(c);
        ts_shrink_rcvbuf(fd);
        ts_peer_name(peer, sizeof(peer), fd);
        ck_assert_int_eq(write(fd, out, per * nq), (ssize_t)(per * nq));
        got = read(fd, buf, sizeof(buf)); /* the first bytes of the first result */
        ck_assert_int_gt(got, 0);
        ts_vanish(fd, how);
        snprintf(want, sizeof(want), "%s: closed (", peer);
        exec_ok(m, "SHOW CREATE TABLE v.wide"); /* the others go on meanwhile */
        /* after a FIN the server meets the EOF or, writing first, the reset
         * that answers its data (EPIPE): either is logged */
        ck_assert_msg(ts_log_line_has(&ts, want,
                                      how == TS_RESET ? "socket error"
                                      : how == TS_FIN ? ")"
                                                      : "(net_write_timeout))|Connection timed "
                                                        "out"),
                      "no close line for %s (case %d) in the log", peer, how);
        ts_vanish(fd, TS_FIN);
        mysql_close(c);
        exec_ok(m, "CREATE TABLE v.after (a INT)");
        exec_ok(m, "DROP TABLE v.after");
    }
    ck_assert_int_eq(mysql_ping(m), 0);
    mysql_close(m);
    free(out);
    ck_assert_int_eq(ts_stop(&ts), 0); /* no crash, no leak */
}
END_TEST

/* A statement that changes nothing commits nothing: no LMDB transaction, no
 * fdatasync (the log used to rewrite its 'logged' mark at every commit, which
 * cost every SHOW over the wire a durable write: 87 q/s instead of 3,500). */
START_TEST(test_server_show_commits_nothing)
{
    char dir[4096];
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_ctx *ctx = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    sc_session *s = NULL;
    sc_stmt_result r;
    sc_catalog_stats before, after;

    sc_fixture_tmpdir(dir, sizeof(dir));
    o.flags = SC_CATALOG_CREATE;
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_catalog_open(&cat, ctx, dir, &o), SC_OK);
    ck_assert_int_eq(sc_log_open(&log, cat), SC_OK);
    ck_assert_int_eq(sc_session_new(&s, cat, NULL), SC_OK);
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, "CREATE DATABASE d", 17), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_catalog_stats_get(&before, cat), SC_OK);
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, "SHOW DATABASES", 14), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_ddl_exec(&r, s, NULL, "SHOW CREATE DATABASE d", 22), SC_OK);
    sc_stmt_result_clear(&r);
    ck_assert_int_eq(sc_catalog_stats_get(&after, cat), SC_OK);
    ck_assert_uint_eq(after.last_txn_id, before.last_txn_id);
    sc_session_free(s);
    sc_log_close(log);
    sc_catalog_close(cat);
    sc_ctx_free(ctx);
    sc_fixture_rmtree(dir);
}
END_TEST

Suite *sc_test_server_suite(void);

Suite *sc_test_server_suite(void)
{
    Suite *s = suite_create("server");
    TCase *tc = tcase_create("server");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_server_ddl_and_errors);
    tcase_add_test(tc, test_server_session_queries);
    tcase_add_test(tc, test_server_transaction);
    tcase_add_test(tc, test_server_commands);
    tcase_add_test(tc, test_server_unknown_command);
    tcase_add_test(tc, test_server_bad_sequence_and_size);
    tcase_add_test(tc, test_server_oversized_packet);
    tcase_add_test(tc, test_server_tcp_needs_account);
    tcase_add_test(tc, test_server_sigterm);
    tcase_add_test(tc, test_server_bad_clients);
    tcase_add_test(tc, test_server_half_open);
    tcase_add_test(tc, test_server_idle_on_reader_loop);
    tcase_add_test(tc, test_server_show_variables);
    tcase_add_test(tc, test_server_max_connections);
    tcase_add_test(tc, test_server_writer_queue);
    tcase_add_test(tc, test_server_group_commit);
    tcase_add_test(tc, test_server_vanish_mid_result);
    tcase_add_test(tc, test_server_commit_delay_groups_writers);
    suite_add_tcase(s, tc);
    tc = tcase_create("server_engine");
    tcase_add_test(tc, test_server_show_commits_nothing);
    suite_add_tcase(s, tc);
    return s;
}
