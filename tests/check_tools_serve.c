/*
 * check_tools_serve.c - `syscat serve`'s options and start-up failures
 * through the built CLI (tools/cmd_serve.c, server/server.c): every bad value
 * is a usage error (exit 2) naming the option and the value; a server that
 * cannot start (address in use, a name where an address belongs, a socket
 * path that is a file or too long, an unwritable --port-file, unreadable TLS
 * files) says why and exits 1 without serving; --bind ::1 listens on IPv6
 * loopback and --server-id is stored and reported as @@server_id. Also
 * `syscat replica` with a served HOST:PORT source (tools/cmd_replica.c).
 */
#include <mysql.h>
#include <stdarg.h>

#include "syscat.h"
#include "tests/server_util.h"

static test_server ts;
static char dir[256], out[400];

static void setup(void)
{
    signal(SIGPIPE, SIG_IGN);
    sc_fixture_tmpdir(dir, sizeof(dir));
    snprintf(out, sizeof(out), "%s/out", dir);
    memset(&ts, 0, sizeof(ts));
}

static void teardown(void)
{
    if (ts.dir[0])
        ts_cleanup(&ts);
    if (!getenv("SC_KEEP_TMP"))
        sc_fixture_rmtree(dir);
}

static int serve(const char *fmt, ...) SC_PRINTF(1, 2);

/* `syscat --datadir DIR/cat serve ARGS` (a fresh catalog on first use), stdout and stderr in
 * out; @return the exit status. Never a server left running: each call must fail or exit. */
static int serve(const char *fmt, ...)
{
    char args[1500], cmd[2500];
    va_list ap;
    int st;

    va_start(ap, fmt);
    vsnprintf(args, sizeof(args), fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof(cmd),
             "d='%s/cat'; [ -d \"$d\" ] || '%s/syscat' --datadir \"$d\" init >/dev/null && "
             "timeout 20 '%s/syscat' --datadir \"$d\" serve %s >'%s' 2>&1",
             dir, sc_fixture_build_dir(), sc_fixture_build_dir(), args, out);
    st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int cli(const char *fmt, ...) SC_PRINTF(1, 2);

/* `syscat --datadir DIR/r ARGS` (the replica's catalog), output in out; @return exit status */
static int cli(const char *fmt, ...)
{
    char args[1500], cmd[2500];
    va_list ap;
    int st;

    va_start(ap, fmt);
    vsnprintf(args, sizeof(args), fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof(cmd), "'%s/syscat' --datadir '%s/r' %s >'%s' 2>&1", sc_fixture_build_dir(),
             dir, args, out);
    st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void said(const char *needle)
{
    char *text = sc_fixture_read_file(out, NULL);

    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strstr(text, needle) != NULL, "'%s' not in:\n%s", needle, text);
    free(text);
}

START_TEST(test_serve_bad_options)
{
    static const struct {
        const char *args, *msg;
    } bad[] = {
        {"--port 65536", "--port: '65536' is not a port"},
        {"--port -1", "--port: '-1' is not a port"},
        {"--server-id 0", "--server-id: '0' is not 1..4294967295"},
        {"--server-id 4294967296", "--server-id: '4294967296' is not 1..4294967295"},
        {"--max-connections 0", "--max-connections: '0' is not 1..100000"},
        {"--max-allowed-packet 1023", "--max-allowed-packet: '1023' is not 1024..1073741824"},
        {"--idle-timeout 0", "--idle-timeout: '0' is not 1..31536000"},
        {"--output-limit 65535", "--output-limit: '65535' is not >= 65536"},
        {"--lock-wait-timeout x", "--lock-wait-timeout: 'x' is not 1..31536000"},
        {"--bogus", "bad option '--bogus'"},
        {"extra", "unexpected argument 'extra'"},
        {"--ssl-cert c.pem", "--ssl-cert and --ssl-key go together"},
        {"--require-secure-transport", "--require-secure-transport needs --ssl-cert and --ssl-key"},
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ck_assert_msg(serve("%s", bad[i].args) == 2, "%s: not a usage error", bad[i].args);
        said(bad[i].msg);
    }
    ck_assert_int_eq(serve("--help"), 0);
    said("serve");
    said("--port");
}
END_TEST

START_TEST(test_serve_start_failures)
{
    char path[300], longpath[200];

    ts_start(&ts, NULL); /* holds a port */
    ck_assert_int_eq(serve("--port %u --socket '%s/s1'", ts.port, dir), 1);
    said("cannot listen on 127.0.0.1 port");
    said("Address already in use");
    ck_assert_int_eq(serve("--bind localhost --port 0 --socket '%s/s2'", dir), 1);
    said("--bind 'localhost': not a numeric IPv4 or IPv6 address");
    snprintf(path, sizeof(path), "%s/plain", dir);
    fclose(fopen(path, "w"));
    ck_assert_int_eq(serve("--port 0 --socket '%s'", path), 1);
    said("exists and is not a socket");
    ck_assert_ptr_nonnull(fopen(path, "r")); /* left alone */
    memset(longpath, 'x', sizeof(longpath) - 1);
    longpath[sizeof(longpath) - 1] = '\0';
    ck_assert_int_eq(serve("--port 0 --socket '%s/%s'", dir, longpath), 1);
    said("socket path too long");
    ck_assert_int_eq(serve("--port 0 --socket '%s/s3' --port-file '%s/no/such/dir/port'", dir, dir),
                     1);
    said("cannot write");
    said("no/such/dir/port: No such file or directory");
    ck_assert_int_eq(serve("--port 0 --socket '%s/s4' --ssl-cert '%s/none.pem' --ssl-key "
                           "'%s/none.key'",
                           dir, dir, dir),
                     1);
    said("TLS set-up failed");
}
END_TEST

/* --bind ::1: a client reaches it over IPv6 loopback; --server-id is what @@server_id says. */
START_TEST(test_serve_ipv6_and_server_id)
{
    static const char *const extra[] = {"--bind", "::1", "--server-id", "4242", NULL};
    MYSQL *m = mysql_init(NULL);
    MYSQL_RES *r;
    MYSQL_ROW row;

    ts_start(&ts, extra);
    ck_assert_msg(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0), "%s",
                  mysql_error(m));
    ck_assert_int_eq(mysql_query(m, "CREATE USER v6@'::1' IDENTIFIED BY 'pw'"), 0);
    ck_assert_int_eq(mysql_query(m, "SELECT @@server_id"), 0);
    r = mysql_store_result(m);
    row = mysql_fetch_row(r);
    ck_assert_str_eq(row[0], "4242");
    mysql_free_result(r);
    mysql_close(m);
    m = mysql_init(NULL);
    ck_assert_msg(mysql_real_connect(m, "::1", "v6", "pw", NULL, ts.port, NULL, 0), "::1: %s",
                  mysql_error(m));
    mysql_close(m);
}
END_TEST

/* `syscat replica` against a served source: HOST:PORT with an account, its options shown
 * back by list and status, applied, removed; bad values are usage errors. */
START_TEST(test_serve_replica_cli)
{
    MYSQL *m = mysql_init(NULL);
    char pw[300];
    FILE *f;

    ts_start(&ts, NULL);
    ck_assert_msg(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0), "%s",
                  mysql_error(m));
    ck_assert_int_eq(mysql_query(m, "CREATE USER rep@'127.0.0.1' IDENTIFIED BY 'pw'"), 0);
    ck_assert_int_eq(mysql_query(m, "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1'"), 0);
    ck_assert_int_eq(mysql_query(m, "CREATE DATABASE shop"), 0);
    ck_assert_int_eq(mysql_query(m, "CREATE TABLE shop.item (id INT PRIMARY KEY)"), 0);
    mysql_close(m);
    snprintf(pw, sizeof(pw), "%s/pw", dir);
    f = fopen(pw, "w");
    ck_assert_ptr_nonnull(f);
    fputs("pw\n", f);
    fclose(f);
    ck_assert_int_eq(cli("init"), 0);
    /* the replica's own server id must differ: events of its own id are skipped (as MariaDB) */
    ck_assert_int_eq(cli("binlog set binlog.server_id 2"), 0);

    ck_assert_int_eq(cli("replica add-source"), 2);
    said("add-source needs a NAME");
    ck_assert_int_eq(cli("replica add-source a"), 2);
    said("add-source needs --from DIR or HOST:PORT");
    ck_assert_int_eq(cli("replica add-source a --from 127.0.0.1:%u --server-id x", ts.port), 2);
    said("bad --server-id 'x'");
    ck_assert_int_eq(cli("replica add-source a --from 127.0.0.1:%u extra", ts.port), 2);
    said("unexpected argument 'extra'");
    ck_assert_int_eq(cli("replica remove-source"), 2);
    said("remove-source needs exactly one NAME");
    ck_assert_int_eq(cli("replica status a b"), 2);
    said("unexpected argument 'b'");

    ck_assert_int_eq(cli("replica add-source a --from 127.0.0.1:%u --user rep --password-file "
                         "'%s' --server-id 77 --on-conflict rewrite --rewrite-db shop=shop_a",
                         ts.port, pw),
                     0);
    ck_assert_int_eq(cli("replica list"), 0);
    said("a\t127.0.0.1:");
    said("\tok");
    ck_assert_int_eq(cli("replica apply a"), 0);
    said("source 'a': applied 5 transactions");
    ck_assert_int_eq(cli("show create table shop_a.item"), 0);
    said("CREATE TABLE `item`");
    ck_assert_int_eq(cli("replica status a"), 0);
    said("server id: 77");
    ck_assert_int_eq(ts_stop(&ts), 0);
    ck_assert_int_eq(cli("replica apply a"), 1);
    said("source 127.0.0.1:");
    ck_assert_int_eq(cli("replica status a"), 0);
    said("last error (");
    ck_assert_int_eq(cli("replica list"), 0);
    said("\tstopped");
    ck_assert_int_eq(cli("replica remove-source a"), 0);
    said("removed source 'a'");
    ck_assert_int_eq(cli("replica remove-source a"), 1);
}
END_TEST

Suite *sc_test_tools_serve_suite(void);

Suite *sc_test_tools_serve_suite(void)
{
    Suite *su = suite_create("tools_serve");
    TCase *tc = tcase_create("serve");

    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_serve_bad_options);
    tcase_add_test(tc, test_serve_start_failures);
    tcase_add_test(tc, test_serve_ipv6_and_server_id);
    tcase_add_test(tc, test_serve_replica_cli);
    suite_add_tcase(su, tc);
    return su;
}
