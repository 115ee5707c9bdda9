/*
 * check_replicate_net_serve.c - the HOST:PORT transport of the replica
 * (replicate/replica_net.c) against a `syscat serve` this suite starts on a
 * free loopback port (tests/server_util.h), so it runs in `make test` (the
 * MariaDB-source runs are check_replicate_replica_net.c, behind
 * SC_REPLICA_NET=1). Covers what a production replica meets: an account with
 * a password file (CR LF line end), a wrong password, an account without
 * REPLICATION SLAVE, a start file the source does not have, a source that
 * goes away mid-stream (reported as lost, so a follower reconnects), and the
 * applier through HOST:PORT resuming at its stored position.
 */
#include <mysql.h>

#include "syscat.h"
#include "tests/replica_util.h"
#include "tests/server_util.h"
#include "replicate/replica.h"

static test_server ts;
static char base[256], pwfile[400], hostport[64];

static void setup(void)
{
    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, NULL);
    sc_fixture_tmpdir(base, sizeof(base));
    snprintf(pwfile, sizeof(pwfile), "%s/pw", base);
    snprintf(hostport, sizeof(hostport), "127.0.0.1:%u", ts.port);
}

static void teardown(void)
{
    ts_cleanup(&ts);
    if (!getenv("SC_KEEP_TMP"))
        sc_fixture_rmtree(base);
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

/* Column 2 of the one row of sql (SHOW CREATE TABLE); caller frees. */
static char *second_value(MYSQL *m, const char *sql)
{
    MYSQL_RES *r;
    MYSQL_ROW row;
    char *s;

    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %s", sql, mysql_error(m));
    r = mysql_store_result(m);
    ck_assert_ptr_nonnull(r);
    row = mysql_fetch_row(r);
    ck_assert_ptr_nonnull(row);
    s = strdup(row[1]);
    mysql_free_result(r);
    return s;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* The replication account a replica logs in with, and the reader without the privilege. */
static void accounts(MYSQL *m)
{
    q(m, "CREATE USER rep@'127.0.0.1' IDENTIFIED BY 's3cret'");
    q(m, "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1'");
    q(m, "CREATE USER reader@'127.0.0.1' IDENTIFIED BY 'pw'");
    q(m, "GRANT SELECT ON *.* TO reader@'127.0.0.1'");
}

static sc_replica_net_options net_options(const char *user, const char *password_file)
{
    sc_replica_net_options o = {0};

    o.hostport = hostport;
    o.user = user;
    o.password_file = password_file;
    o.server_id = 91;
    o.non_block = true;
    o.timeout_s = 5;
    return o;
}

/* Open with o and read to the end of the non-blocking dump: SC_OK and the event count, or
 * the first error (open or read) with its message in ctx. */
static int read_all(sc_ctx *ctx, const sc_replica_net_options *o, size_t *events)
{
    sc_replica_net *n = NULL;
    sc_slice ev;
    int rc = sc_replica__net_open(&n, ctx, o);

    *events = 0;
    while (rc == SC_OK && (rc = sc_replica__net_next(&ev, n)) == SC_OK && ev.len) {
        ck_assert_uint_ge(ev.len, 19);
        (*events)++;
    }
    sc_replica__net_close(n);
    return rc;
}

static void expect_message(sc_ctx *ctx, const char *needle)
{
    const char *msg = sc_ctx_last_error(ctx)->message;

    ck_assert_msg(strstr(msg, needle) != NULL, "'%s' not in '%s'", needle, msg);
}

START_TEST(test_net_serve_logins_and_refusals)
{
    MYSQL *m = root();
    sc_ctx *ctx = NULL;
    sc_replica_net_options o;
    size_t events = 0;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    accounts(m);
    q(m, "CREATE DATABASE d");
    q(m, "CREATE TABLE d.t (a INT PRIMARY KEY)");

    /* the password file's first line, its CR LF left out */
    write_file(pwfile, "s3cret\r\nnot this line\n");
    o = net_options("rep", pwfile);
    ck_assert_msg(read_all(ctx, &o, &events) == SC_OK, "%s", sc_ctx_last_error(ctx)->message);
    ck_assert_uint_ge(events, 5); /* FDE, GTID, query, ... */

    o = net_options("rep", "/nonexistent/pw");
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EIO);
    expect_message(ctx, "password file /nonexistent/pw: No such file or directory");

    write_file(pwfile, "wrong\n");
    o = net_options("rep", pwfile);
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EIO);
    expect_message(ctx, "source 127.0.0.1:");
    expect_message(ctx, ": connect: Access denied for user 'rep'");
    expect_message(ctx, "(error 1045)");

    o = net_options("rep", NULL); /* no password at all */
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EIO);
    expect_message(ctx, "(error 1045)");

    write_file(pwfile, "pw");
    o = net_options("reader", pwfile);
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EIO);
    expect_message(ctx, "REPLICATION SLAVE");
    expect_message(ctx, "(error 1227)");

    write_file(pwfile, "s3cret\n");
    o = net_options("rep", pwfile);
    o.file = "binlog.000009";
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EIO);
    expect_message(ctx, "Could not find first log file name in binary log index file");
    expect_message(ctx, "(error 1236)");

    o = net_options(NULL, NULL);
    o.hostport = "127.0.0.1";
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_EINVAL);
    expect_message(ctx, "'127.0.0.1' is not HOST:PORT");
    mysql_close(m);
    sc_ctx_free(ctx);
}
END_TEST

/* A blocking dump whose source stops: the read fails and says the connection was lost. */
START_TEST(test_net_serve_source_lost)
{
    MYSQL *m = root();
    sc_ctx *ctx = NULL;
    sc_replica_net *n = NULL;
    sc_replica_net_options o;
    sc_slice ev;
    size_t events = 0, got = 0;
    int rc;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    accounts(m);
    q(m, "CREATE DATABASE d");
    mysql_close(m);
    write_file(pwfile, "s3cret\n");
    o = net_options("rep", pwfile);
    ck_assert_int_eq(read_all(ctx, &o, &events), SC_OK);
    o.non_block = false;
    ck_assert_int_eq(sc_replica__net_open(&n, ctx, &o), SC_OK);
    ck_assert_int_eq(sc_replica__net_checksum(n), SC_CHECKSUM_CRC32);
    while (got < events) {
        ck_assert_int_eq(sc_replica__net_next(&ev, n), SC_OK);
        ck_assert_uint_gt(ev.len, 0); /* blocking: no end-of-dump packet */
        got++;
    }
    ck_assert(!sc_replica__net_lost(n));
    ck_assert_int_eq(ts_stop(&ts), 0);
    rc = sc_replica__net_next(&ev, n);
    ck_assert_int_eq(rc, SC_EIO);
    expect_message(ctx, "reading the binlog stream");
    ck_assert(sc_replica__net_lost(n));
    sc_replica__net_close(n);
    sc_ctx_free(ctx);
}
END_TEST

/* The applier through HOST:PORT: the source's tables, again only what is new, the stored
 * position, and a clear error once the source is gone. */
START_TEST(test_net_serve_apply)
{
    MYSQL *m = root();
    sc_replica_source_options so = SC_REPLICA_SOURCE_OPTIONS_INIT;
    sc_replica_status st;
    ru_node r;
    char *want, *have, path[4300];
    size_t file_len = 0;
    uint64_t first;
    sc_table *t = NULL;
    sc_txn *txn = NULL;

    accounts(m);
    q(m, "CREATE DATABASE d");
    q(m, "CREATE TABLE d.t (a INT PRIMARY KEY, b VARCHAR(10) DEFAULT 'x')");
    q(m, "CREATE TABLE d.u (id INT, KEY (id))");
    write_file(pwfile, "s3cret\n");
    ru_create(&r, base, "rep", 2, NULL);
    so.from = hostport;
    so.user = "rep";
    so.password_file = pwfile;
    so.server_id = 92;
    ck_assert_int_eq(sc_replica_add_source(r.log, "a", &so), SC_OK);
    first = ru_apply_ok(&r, "a").txns; /* the accounts (syscat.users) and the DDL */
    ck_assert_uint_ge(first, 3);
    q(m, "ALTER TABLE d.t ADD c INT NOT NULL, DROP b");
    q(m, "RENAME TABLE d.u TO d.v");
    ck_assert_uint_eq(ru_apply_ok(&r, "a").txns, 2);
    ck_assert_uint_eq(ru_apply_ok(&r, "a").txns, 0);

    ck_assert_int_eq(sc_txn_begin(&txn, r.cat, SC_TXN_READONLY), SC_OK);
    ck_assert_int_eq(sc_table_lookup(&t, txn, "d", "u"), SC_ENOTFOUND);
    sc_txn_abort(txn);
    for (const char *const *name = (const char *const[]){"t", "v", NULL}; *name; name++) {
        char sql[64], *dump = ru_dump_db(&r, "d", NULL);
        snprintf(sql, sizeof(sql), "SHOW CREATE TABLE d.%s", *name);
        want = second_value(m, sql);
        have = strstr(dump, want);
        ck_assert_msg(have != NULL, "replica lacks\n%s\nhas\n%s", want, dump);
        free(want);
        sc_free(r.ctx, dump);
    }
    ck_assert_int_eq(sc_replica_status_get(&st, r.log, "a"), SC_OK);
    ck_assert_str_eq(st.file, "binlog.000001");
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", ts.dir);
    free(sc_fixture_read_file(path, &file_len));
    ck_assert_uint_eq(st.position, file_len); /* stable ids: the stored file's offsets */
    ck_assert_uint_eq(st.txns_applied, first + 2);
    mysql_close(m);

    ck_assert_int_eq(ts_stop(&ts), 0);
    ck_assert_int_ne(sc_replica_apply(NULL, r.log, "a", NULL, NULL), SC_OK);
    expect_message(r.ctx, "source 127.0.0.1:");
    ru_fsck_ok(&r);
    ru_close(&r);
}
END_TEST

Suite *sc_test_replicate_net_serve_suite(void);

Suite *sc_test_replicate_net_serve_suite(void)
{
    Suite *su = suite_create("replicate_net_serve");
    TCase *tc = tcase_create("net_serve");

    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_net_serve_logins_and_refusals);
    tcase_add_test(tc, test_net_serve_source_lost);
    tcase_add_test(tc, test_net_serve_apply);
    suite_add_tcase(su, tc);
    return su;
}
