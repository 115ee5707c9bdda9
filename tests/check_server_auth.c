/*
 * check_server_auth.c - accounts and privileges of `syscat serve`
 * (server/auth.c, server/account.c, server/privilege.c, tools/cmd_user.c,
 * catalog/users.c): password logins over TCP, MariaDB's exact refusals
 * (1045, 1044, 1142, 1227, 1396, 1133, 1141, 1064), CREATE/DROP USER,
 * GRANT/REVOKE, SHOW GRANTS, `syscat user add|list|passwd|remove`, fsck on
 * syscat.users, and TLS with --require-secure-transport.
 */
#include <mysql.h>

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

    ck_assert_msg(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0), "%s",
                  mysql_error(m));
    return m;
}

/* TCP login; NULL with *err set to the errno when refused. */
static MYSQL *tcp(const char *user, const char *pw, unsigned *err)
{
    MYSQL *m = mysql_init(NULL);
    unsigned ssl_off = 0;

    mysql_optionsv(m, MYSQL_OPT_SSL_ENFORCE, &ssl_off);
    if (!mysql_real_connect(m, "127.0.0.1", user, pw, NULL, ts.port, NULL, 0)) {
        *err = mysql_errno(m);
        mysql_close(m);
        return NULL;
    }
    *err = 0;
    return m;
}

static void ok(MYSQL *m, const char *sql)
{
    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %u %s", sql, mysql_errno(m), mysql_error(m));
    mysql_free_result(mysql_store_result(m));
}

static void fails(MYSQL *m, const char *sql, unsigned no, const char *state, const char *msg)
{
    ck_assert_msg(mysql_query(m, sql) != 0, "%s succeeded", sql);
    ck_assert_uint_eq(mysql_errno(m), no);
    ck_assert_str_eq(mysql_sqlstate(m), state);
    if (msg)
        ck_assert_str_eq(mysql_error(m), msg);
}

static char *one_value(MYSQL *m, const char *sql)
{
    MYSQL_RES *r;
    MYSQL_ROW row;
    char *v;

    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %s", sql, mysql_error(m));
    r = mysql_store_result(m);
    row = mysql_fetch_row(r);
    ck_assert_ptr_nonnull(row);
    v = strdup(row[0] ? row[0] : "NULL");
    mysql_free_result(r);
    return v;
}

START_TEST(test_server_auth_login_and_privileges)
{
    MYSQL *r = root(), *m;
    unsigned err;
    char *v;

    ok(r, "CREATE USER app IDENTIFIED BY 's3cret', ro@localhost IDENTIFIED BY 'ro'");
    ok(r, "GRANT SELECT, CREATE, DROP ON *.* TO app");
    ok(r, "GRANT SELECT ON *.* TO ro@localhost");
    ok(r, "CREATE DATABASE d");
    ck_assert_ptr_null(tcp("app", "wrong", &err));
    ck_assert_uint_eq(err, 1045);
    ck_assert_ptr_null(tcp("nobody", "x", &err));
    ck_assert_uint_eq(err, 1045);
    ck_assert_ptr_null(tcp("app", "", &err));
    ck_assert_uint_eq(err, 1045);
    m = tcp("app", "s3cret", &err);
    ck_assert_msg(m, "login: %u", err);
    v = one_value(m, "SELECT USER()");
    ck_assert_str_eq(v, "app@localhost");
    free(v);
    ok(m, "CREATE TABLE d.t (a INT)");
    fails(m, "CREATE USER x", 1227, "42000",
          "Access denied; you need (at least one of) the CREATE USER privilege(s) for this "
          "operation");
    fails(m, "GRANT SELECT ON *.* TO ro@localhost", 1045, "28000",
          "Access denied for user 'app'@'localhost' (using password: YES)");
    mysql_close(m);
    m = tcp("ro", "ro", &err);
    ck_assert_msg(m, "login: %u", err);
    ok(m, "SHOW CREATE TABLE d.t");
    fails(m, "CREATE TABLE d.u (a INT)", 1142, "42000",
          "CREATE command denied to user 'ro'@'localhost' for table `d`.`u`");
    fails(m, "DROP TABLE d.t", 1142, "42000",
          "DROP command denied to user 'ro'@'localhost' for table `d`.`t`");
    fails(m, "ALTER TABLE d.t ADD b INT", 1142, "42000",
          "ALTER command denied to user 'ro'@'localhost' for table `d`.`t`");
    fails(m, "CREATE INDEX i ON d.t (a)", 1142, "42000",
          "INDEX command denied to user 'ro'@'localhost' for table `d`.`t`");
    fails(m, "CREATE DATABASE e", 1044, "42000",
          "Access denied for user 'ro'@'localhost' to database 'e'");
    mysql_close(m);
    /* an account without SELECT cannot select a database */
    ok(r, "REVOKE SELECT ON *.* FROM ro@localhost");
    m = mysql_init(NULL);
    ck_assert_ptr_null(mysql_real_connect(m, "127.0.0.1", "ro", "ro", "d", ts.port, NULL, 0));
    ck_assert_uint_eq(mysql_errno(m), 1044);
    ck_assert_str_eq(mysql_error(m), "Access denied for user 'ro'@'localhost' to database 'd'");
    mysql_close(m);
    mysql_close(r);
}
END_TEST

START_TEST(test_server_auth_account_statements)
{
    MYSQL *r = root();
    char *v;

    ok(r, "CREATE USER u1@localhost IDENTIFIED BY 'pw'");
    fails(r, "CREATE USER u2 IDENTIFIED BY 'x', u1@localhost", 1396, "HY000",
          "Operation CREATE USER failed for 'u1'@'localhost'");
    ok(r, "CREATE USER IF NOT EXISTS u1@localhost");
    ck_assert_uint_eq(mysql_warning_count(r), 1);
    ok(r, "GRANT SELECT, CREATE, REPLICATION SLAVE ON *.* TO u1@localhost");
    v = one_value(r, "SHOW GRANTS FOR u1@localhost");
    ck_assert_str_eq(v, "GRANT SELECT, CREATE, DROP, INDEX, ALTER, REPLICATION SLAVE ON *.* TO "
                        "`u1`@`localhost` IDENTIFIED BY PASSWORD "
                        "'*D821809F681A40A6E379B50D0463EFAE20BDD122'");
    free(v);
    ok(r, "REVOKE CREATE ON *.* FROM u1@localhost");
    ok(r, "REVOKE CREATE ON *.* FROM u1@localhost"); /* not held: OK in MariaDB 10.11.19 */
    fails(r, "GRANT SELECT ON *.* TO nosuch@localhost", 1133, "28000",
          "Can't find any matching row in the user table");
    fails(r, "GRANT frobnicate ON *.* TO u1@localhost", 1064, "42000",
          "You have an error in your SQL syntax; check the manual that corresponds to your "
          "MariaDB server version for the right syntax to use near 'ON *.* TO u1@localhost' at "
          "line 1");
    fails(r, "GRANT SELECT ON d.* TO u1@localhost", 1235, "42000", NULL);
    ok(r, "ALTER USER u1@localhost IDENTIFIED BY 'new'");
    {
        unsigned err;
        MYSQL *m = tcp("u1", "new", &err);
        ck_assert_msg(m, "login after ALTER USER: %u", err);
        mysql_close(m);
    }
    fails(r, "DROP USER u1@localhost, nosuch", 1396, "HY000",
          "Operation DROP USER failed for 'nosuch'@'%'");
    ok(r, "DROP USER IF EXISTS u1@localhost, u2");
    fails(r, "SHOW GRANTS FOR u2", 1141, "42000", NULL);
    /* a rolled-back transaction takes the account with it */
    ok(r, "BEGIN");
    ok(r, "CREATE USER t1");
    ok(r, "ROLLBACK");
    fails(r, "SHOW GRANTS FOR t1", 1141, "42000", NULL);
    mysql_close(r);
}
END_TEST

static int run_cli(const char *a1,
                   const char *a2,
                   const char *a3,
                   const char *a4,
                   const char *a5,
                   const char *a6,
                   const char *a7)
{
    char syscat[4200];
    const char *argv[12] = {syscat, "--datadir", ts.dir, "user", a1, a2, a3, a4, a5, a6, a7, NULL};

    snprintf(syscat, sizeof(syscat), "%s/syscat", sc_fixture_build_dir());
    return ts_run(argv);
}

START_TEST(test_server_auth_cli)
{
    char pwfile[4200], out[13000];
    FILE *f;
    unsigned err;
    MYSQL *m;

    snprintf(pwfile, sizeof(pwfile), "%s/pw", ts.dir);
    f = fopen(pwfile, "w");
    fputs("hunter2\n", f);
    fclose(f);
    ck_assert_int_eq(
        run_cli("add", "ops", "--password-file", pwfile, "--grant", "SELECT,DDL", NULL), 0);
    ck_assert_int_eq(run_cli("add", "ops", "--password-file", pwfile, "--grant", "SELECT", NULL),
                     1);
    ck_assert_int_eq(run_cli("add", "x", "--password-file", pwfile, "--grant", "FLY", NULL), 2);
    ck_assert_int_eq(run_cli("add", "x", "--grant", "ALL", NULL, NULL, NULL), 2);
    m = tcp("ops", "hunter2", &err); /* the running server sees the CLI's commit */
    ck_assert_msg(m, "login: %u", err);
    ok(m, "CREATE DATABASE by_cli_account");
    mysql_close(m);
    f = fopen(pwfile, "w");
    fputs("changed\n", f);
    fclose(f);
    ck_assert_int_eq(run_cli("passwd", "ops", "--password-file", pwfile, NULL, NULL, NULL), 0);
    ck_assert_ptr_null(tcp("ops", "hunter2", &err));
    m = tcp("ops", "changed", &err);
    ck_assert_msg(m, "login: %u", err);
    mysql_close(m);
    {
        char syscat[4200];
        snprintf(syscat, sizeof(syscat), "%s/syscat", sc_fixture_build_dir());
        snprintf(out, sizeof(out), "%s --datadir %s user list > %s/list.txt", syscat, ts.dir,
                 ts.dir);
        ck_assert_int_eq(system(out), 0);
        snprintf(out, sizeof(out), "%s/list.txt", ts.dir);
        char *text = sc_fixture_read_file(out, NULL);
        ck_assert_str_eq(text, "'ops'@'%'\tpassword\tSELECT,DDL\n");
        free(text);
        snprintf(out, sizeof(out), "%s --datadir %s fsck >/dev/null", syscat, ts.dir);
        ck_assert_int_eq(system(out), 0);
    }
    ck_assert_int_eq(run_cli("remove", "ops", NULL, NULL, NULL, NULL, NULL), 0);
    ck_assert_int_eq(run_cli("remove", "ops", NULL, NULL, NULL, NULL, NULL), 1);
    ck_assert_ptr_null(tcp("ops", "changed", &err));
    ck_assert_uint_eq(err, 1045);
}
END_TEST

START_TEST(test_server_auth_tls)
{
    char cmd[13000], cert[4200], key[4200];
    const char *opts[] = {"--ssl-cert", cert, "--ssl-key", key, "--require-secure-transport", NULL};
    MYSQL *m, *r;
    unsigned err;
    my_bool enforce = 1;
    const char *cipher;

    snprintf(cert, sizeof(cert), "%s/cert.pem", ts.dir);
    snprintf(key, sizeof(key), "%s/key.pem", ts.dir);
    snprintf(cmd, sizeof(cmd),
             "openssl req -x509 -newkey rsa:2048 -nodes -keyout %s -out %s -days 2 "
             "-subj /CN=localhost >/dev/null 2>&1",
             key, cert);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(ts_stop(&ts), 0);
    ts.pid = 0;
    {
        /* restart on the same catalog with TLS: keep the directory */
        test_server keep = ts;
        char portfile[4200], syscat[4200];
        const char *argv[20] = {syscat,   "--datadir", keep.dir,      "serve",
                                "--port", "0",         "--port-file", portfile};
        size_t n = 8;
        snprintf(syscat, sizeof(syscat), "%s/syscat", sc_fixture_build_dir());
        snprintf(portfile, sizeof(portfile), "%s/port2", keep.dir);
        for (const char *const *o = opts; *o; o++)
            argv[n++] = *o;
        argv[n] = NULL;
        ts.pid = fork();
        if (ts.pid == 0) {
            int fd = open(ts.log, O_WRONLY | O_APPEND);
            dup2(fd, 2);
            execv(argv[0], (char *const *)(uintptr_t)argv);
            _exit(127);
        }
        for (int i = 0; i < 400; i++) {
            FILE *f = fopen(portfile, "r");
            if (f) {
                int got = fscanf(f, "%u", &ts.port);
                fclose(f);
                if (got == 1)
                    break;
            }
            ts_sleep_ms(25);
        }
    }
    r = root(); /* the socket is secure transport */
    ok(r, "CREATE USER app IDENTIFIED BY 'pw'");
    ok(r, "GRANT ALL ON *.* TO app");
    mysql_close(r);
    ck_assert_ptr_null(tcp("app", "pw", &err));
    ck_assert_uint_eq(err, 1045);
    m = mysql_init(NULL);
    mysql_optionsv(m, MYSQL_OPT_SSL_ENFORCE, &enforce);
    ck_assert_msg(mysql_real_connect(m, "127.0.0.1", "app", "pw", NULL, ts.port, NULL, 0), "%s",
                  mysql_error(m));
    cipher = mysql_get_ssl_cipher(m);
    ck_assert_ptr_nonnull(cipher);
    ok(m, "CREATE DATABASE over_tls");
    ok(m, "SHOW DATABASES");
    mysql_close(m);
}
END_TEST

Suite *sc_test_server_auth_suite(void);

Suite *sc_test_server_auth_suite(void)
{
    Suite *s = suite_create("server_auth");
    TCase *tc = tcase_create("server_auth");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_server_auth_login_and_privileges);
    tcase_add_test(tc, test_server_auth_account_statements);
    tcase_add_test(tc, test_server_auth_cli);
    tcase_add_test(tc, test_server_auth_tls);
    suite_add_tcase(s, tc);
    return s;
}
