/*
 * check_server_sql_misc.c - what `syscat serve` reads around a statement and
 * the server variables it answers (server/query.c, server/session_query.c):
 * comments before, after and inside a statement as Connector/C sends them
 * (the stock client strips them itself; mysqldump output keeps the
 * executable kind), a trailing ';', and @@variables that follow the
 * server's options (--max-connections, --max-allowed-packet,
 * --idle-timeout, the port and socket it listens on) or MariaDB's fixed
 * answers for a server like this one.
 */
#include <mysql.h>

#include "syscat.h"
#include "tests/server_util.h"

static test_server ts;
static MYSQL *m;

static void setup(void)
{
    static const char *const opts[] = {
        "--max-connections", "9", "--max-allowed-packet", "4096", "--idle-timeout", "77", NULL};

    signal(SIGPIPE, SIG_IGN);
    ts_start(&ts, opts);
    m = mysql_init(NULL);
    ck_assert_msg(mysql_real_connect(m, NULL, "root", NULL, NULL, 0, ts.sock, 0), "%s",
                  mysql_error(m));
}

static void teardown(void)
{
    mysql_close(m);
    ts_cleanup(&ts);
}

static void ok(const char *sql)
{
    ck_assert_msg(mysql_query(m, sql) == 0, "%s: %u %s", sql, mysql_errno(m), mysql_error(m));
    mysql_free_result(mysql_store_result(m));
}

/* The one value of a one-row, one-column query (static buffer). */
static const char *value(const char *sql)
{
    static char buf[4300];
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

START_TEST(test_sql_comments)
{
    ok("/* before */ CREATE DATABASE c1");
    ok("-- a line\nCREATE DATABASE c2");
    ok("# a line\n  CREATE DATABASE c3");
    ok("CREATE DATABASE c4 /* after */");
    ok("CREATE DATABASE c5;");
    ok("/* a */ -- b\n# c\nCREATE DATABASE c6 ; ");
    ok("/*!40101 SET NAMES utf8mb4 */"); /* mysqldump's executable comment */
    ck_assert_int_eq(mysql_query(m, "SHOW DATABASES LIKE 'c%'"), 0);
    {
        MYSQL_RES *r = mysql_store_result(m);
        ck_assert_ptr_nonnull(r);
        ck_assert_uint_eq(mysql_num_rows(r), 6);
        mysql_free_result(r);
    }
    ck_assert_str_eq(value("/* c */ SELECT @@server_id -- x"), "1");
}
END_TEST

START_TEST(test_sql_server_variables)
{
    char port[16];
    static const struct {
        const char *var, *want;
    } fixed[] = {
        {"@@max_connections", "9"},
        {"@@max_allowed_packet", "4096"},
        {"@@wait_timeout", "77"},
        {"@@interactive_timeout", "77"},
        {"@@net_write_timeout", "60"},
        {"@@net_read_timeout", "60"},
        {"@@character_set_system", "utf8mb3"},
        {"@@character_set_server", "utf8mb4"},
        {"@@collation_database", "utf8mb4_general_ci"},
        {"@@transaction_isolation", "SERIALIZABLE"},
        {"@@tx_isolation", "SERIALIZABLE"},
        {"@@lower_case_table_names", "0"},
        {"@@have_ssl", "DISABLED"},
        {"@@require_secure_transport", "0"},
        {"@@license", "GPL"},
        {"@@time_zone", "SYSTEM"},
        {"@@system_time_zone", "UTC"},
        {"@@log_bin", "1"},
        {"@@binlog_format", "ROW"},
        {"@@query_cache_type", "OFF"},
        {"@@auto_increment_increment", "1"},
        {"@@read_only", "0"},
        {"@@hostname", "localhost"},
        {"@@version_compile_os", "Linux"},
    };

    for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
        char sql[100];
        snprintf(sql, sizeof(sql), "SELECT %s", fixed[i].var);
        ck_assert_msg(strcmp(value(sql), fixed[i].want) == 0, "%s: %s, want %s", fixed[i].var,
                      value(sql), fixed[i].want);
    }
    snprintf(port, sizeof(port), "%u", ts.port);
    ck_assert_str_eq(value("SELECT @@port"), port);
    ck_assert_str_eq(value("SELECT @@socket"), ts.sock);
}
END_TEST

Suite *sc_test_server_sql_misc_suite(void);

Suite *sc_test_server_sql_misc_suite(void)
{
    Suite *su = suite_create("server_sql_misc");
    TCase *tc = tcase_create("misc");

    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_sql_comments);
    tcase_add_test(tc, test_sql_server_variables);
    suite_add_tcase(su, tc);
    return su;
}
