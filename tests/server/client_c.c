/*
 * client_c.c - acceptance 2 of issue 10, the Connector/C side: a plain
 * Connector/C program that logs in to `syscat serve` with a password (TCP
 * or socket, with or without TLS), runs DDL, a multi-statement DDL
 * transaction that rolls back, and reads result sets, checking each
 * answer. Built and run by tests/server/run-clients.sh.
 *
 * usage: client_c (--socket PATH | --port N) --user U --password P [--tls] DB
 * Exit 0 and "client_c: ok ..." when every check holds, 1 with the reason.
 */
#include <mysql.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MYSQL *m;

static int fail(const char *what)
{
    fprintf(stderr, "client_c: %s: %u (%s) %s\n", what, mysql_errno(m), mysql_sqlstate(m),
            mysql_error(m));
    return 1;
}

static int q(const char *sql)
{
    if (mysql_query(m, sql) != 0)
        return fail(sql);
    mysql_free_result(mysql_store_result(m));
    return 0;
}

/* The single value of a one-row result, copied into out. */
static int value(char *out, size_t cap, const char *sql)
{
    MYSQL_RES *r;
    MYSQL_ROW row;

    if (mysql_query(m, sql) != 0 || !(r = mysql_store_result(m)))
        return fail(sql);
    row = mysql_fetch_row(r);
    snprintf(out, cap, "%s", row && row[0] ? row[0] : "NULL");
    mysql_free_result(r);
    return 0;
}

static int count_rows(const char *sql, unsigned long long *n)
{
    MYSQL_RES *r;

    if (mysql_query(m, sql) != 0 || !(r = mysql_store_result(m)))
        return fail(sql);
    *n = mysql_num_rows(r);
    mysql_free_result(r);
    return 0;
}

int main(int argc, char **argv)
{
    const char *sock = NULL, *user = NULL, *pw = NULL, *db = NULL;
    unsigned port = 0;
    my_bool tls = 0;
    char sql[512], v[4096];
    unsigned long long n;
    MYSQL_RES *r;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--socket") && i + 1 < argc)
            sock = argv[++i];
        else if (!strcmp(argv[i], "--port") && i + 1 < argc)
            port = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--user") && i + 1 < argc)
            user = argv[++i];
        else if (!strcmp(argv[i], "--password") && i + 1 < argc)
            pw = argv[++i];
        else if (!strcmp(argv[i], "--tls"))
            tls = 1;
        else
            db = argv[i];
    }
    if (!user || !pw || !db || (!sock && !port)) {
        fprintf(stderr,
                "usage: client_c (--socket PATH | --port N) --user U --password P [--tls] DB\n");
        return 2;
    }
    m = mysql_init(NULL);
    mysql_optionsv(m, MYSQL_OPT_SSL_ENFORCE, &tls);
    if (!mysql_real_connect(m, sock ? NULL : "127.0.0.1", user, pw, NULL, port, sock, 0))
        return fail("connect");
    if (tls && !mysql_get_ssl_cipher(m))
        return fail("no TLS cipher");
    snprintf(sql, sizeof(sql), "CREATE DATABASE %s", db);
    if (q(sql) || mysql_select_db(m, db) != 0)
        return fail("select db");
    if (q("CREATE TABLE orders (id INT PRIMARY KEY, total DECIMAL(10,2) NOT NULL DEFAULT 0)"))
        return 1;
    /* an error with MariaDB's errno, SQLSTATE and message */
    if (mysql_query(m, "CREATE TABLE orders (id INT)") == 0 || mysql_errno(m) != 1050 ||
        strcmp(mysql_sqlstate(m), "42S01") ||
        strcmp(mysql_error(m), "Table 'orders' already exists"))
        return fail("expected 1050");
    /* result sets */
    if (value(v, sizeof(v), "SHOW CREATE TABLE orders") ||
        mysql_query(m, "SHOW CREATE TABLE orders") || !(r = mysql_store_result(m)))
        return fail("SHOW CREATE TABLE");
    if (mysql_num_fields(r) != 2 || strcmp(mysql_fetch_field_direct(r, 1)->name, "Create Table"))
        return fail("SHOW CREATE TABLE columns");
    {
        MYSQL_ROW row = mysql_fetch_row(r);
        if (!row || strcmp(row[0], "orders") ||
            strcmp(row[1], "CREATE TABLE `orders` (\n"
                           "  `id` int(11) NOT NULL,\n"
                           "  `total` decimal(10,2) NOT NULL DEFAULT 0.00,\n"
                           "  PRIMARY KEY (`id`)\n"
                           ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"))
            return fail("SHOW CREATE TABLE text");
    }
    mysql_free_result(r);
    if (value(v, sizeof(v), "SELECT DATABASE()") || strcmp(v, db))
        return fail("DATABASE()");
    /* a multi-statement DDL transaction that rolls back */
    if (q("BEGIN") || q("CREATE TABLE t1 (a INT)") || q("CREATE TABLE t2 (b INT)") ||
        q("ALTER TABLE orders ADD note VARCHAR(20)") || q("ROLLBACK"))
        return 1;
    if (count_rows("SHOW TABLES", &n) || n != 1)
        return fail("tables after ROLLBACK");
    if (value(v, sizeof(v), "SHOW CREATE TABLE orders") || strstr(v, "note"))
        return fail("ALTER survived ROLLBACK");
    /* and one that commits */
    if (q("START TRANSACTION") || q("CREATE TABLE t3 (a INT)") || q("COMMIT") ||
        count_rows("SHOW TABLES", &n) || n != 2)
        return fail("COMMIT");
    printf("client_c: ok (%s%s)\n", sock ? "socket" : "TCP", tls ? ", TLS" : "");
    mysql_close(m);
    return 0;
}
