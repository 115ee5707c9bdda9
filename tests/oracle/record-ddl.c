/*
 * record-ddl.c - record one DDL oracle case from a live MariaDB server.
 *
 * Developer tool behind tests/oracle/record-ddl.sh; not part of libsyscat
 * and not built by `make`. It talks to a throw-away server started by
 * tests/oracle/mariadb-server.sh and writes results.txt, warnings.txt and
 * schema.sql exactly as ../shared/oracle/README.md ("DDL corpus") defines
 * them:
 *   1. on a first connection: drop every non-system database (with
 *      foreign_key_checks=0 so cross-database references cannot block it),
 *      then CREATE DATABASE test;
 *   2. on a NEW connection whose current database is test: run every
 *      statement of input.sql (a statement ends at the first line whose
 *      right-trimmed text ends with ';'; the lines are joined with '\n' and
 *      that final ';' is dropped), record `ok`, `ok warnings=N` or
 *      `error ERRNO SQLSTATE MESSAGE`, and the SHOW WARNINGS rows of every
 *      statement that warned or failed;
 *   3. on a fresh connection (server defaults): the schema.sql rendering.
 * Messages are escaped (\ \n \r \t) and the `#sql-` temporary names masked.
 * The client character set is utf8mb4 (utf8mb4_general_ci).
 *
 * usage: record-ddl SOCKET INPUT.SQL OUTDIR
 * Exit status 0 when the three files were written, 1 on a client/IO error.
 */
#include <mysql.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 4096

struct buf {
    char *data; /* NUL-terminated, may hold embedded NULs before len */
    size_t len;
    size_t cap;
};

static int buf_add(struct buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        char *p;
        while (cap < b->len + n + 1)
            cap *= 2;
        p = realloc(b->data, cap);
        if (p == NULL)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

static int buf_adds(struct buf *b, const char *s)
{
    return buf_add(b, s, strlen(s));
}

/* Length of a masked run after "#sql-": an optional "<word>-" that is not
 * hex, then hex digits in groups separated by '-' or '_' (README masking). */
static size_t sql_word_len(const char *s)
{
    size_t i = 0;
    int hex_only = 1;
    while (s[i] >= 'a' && s[i] <= 'z') {
        if (s[i] > 'f')
            hex_only = 0;
        i++;
    }
    if (i > 0 && s[i] == '-' && !hex_only)
        return i + 1;
    return 0;
}

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

static size_t hex_run_len(const char *s)
{
    size_t i = 0;
    if (!is_hex(s[0]))
        return 0;
    for (;;) {
        while (is_hex(s[i]))
            i++;
        if ((s[i] == '-' || s[i] == '_') && is_hex(s[i + 1]))
            i++;
        else
            return i;
    }
}

/* Append msg escaped (\\ \n \r \t) and masked (#sql-...) to out. */
static int add_message(struct buf *out, const char *msg, size_t len)
{
    size_t i = 0;
    while (i < len) {
        char c = msg[i];
        if (c == '#' && len - i >= 5 && memcmp(msg + i, "#sql-", 5) == 0) {
            size_t w = sql_word_len(msg + i + 5);
            size_t h = hex_run_len(msg + i + 5 + w);
            if (buf_add(out, msg + i, 5 + w) != 0)
                return -1;
            i += 5 + w;
            if (h > 0) {
                if (buf_adds(out, "*") != 0)
                    return -1;
                i += h;
            }
            continue;
        }
        if (c == '\\'   ? buf_adds(out, "\\\\")
            : c == '\n' ? buf_adds(out, "\\n")
            : c == '\r' ? buf_adds(out, "\\r")
            : c == '\t' ? buf_adds(out, "\\t")
                        : buf_add(out, &c, 1))
            return -1;
        i++;
    }
    return 0;
}

static MYSQL *connect_to(const char *socket, const char *db)
{
    MYSQL *m = mysql_init(NULL);
    if (m == NULL)
        return NULL;
    mysql_options(m, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    if (mysql_real_connect(m, NULL, "root", NULL, db, 0, socket, 0) == NULL) {
        fprintf(stderr, "record-ddl: connect: %s\n", mysql_error(m));
        mysql_close(m);
        return NULL;
    }
    /* the oracle's connections use utf8mb4_general_ci */
    if (mysql_query(m, "SET NAMES utf8mb4 COLLATE utf8mb4_general_ci") != 0) {
        fprintf(stderr, "record-ddl: SET NAMES: %s\n", mysql_error(m));
        mysql_close(m);
        return NULL;
    }
    return m;
}

static int run_admin(MYSQL *m, const char *sql)
{
    if (mysql_query(m, sql) != 0) {
        fprintf(stderr, "record-ddl: %s: %s\n", sql, mysql_error(m));
        return -1;
    }
    return 0;
}

/* Append `name` quoted with backquotes (doubling inner backquotes). */
static int add_ident(struct buf *b, const char *name)
{
    if (buf_adds(b, "`") != 0)
        return -1;
    for (; *name; name++)
        if (buf_add(b, name, 1) != 0 || (*name == '`' && buf_add(b, "`", 1) != 0))
            return -1;
    return buf_adds(b, "`");
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_system_db(const char *db)
{
    return strcmp(db, "mysql") == 0 || strcmp(db, "information_schema") == 0 ||
           strcmp(db, "performance_schema") == 0 || strcmp(db, "sys") == 0;
}

/* Run `sql`, collect column 0 of every row (only rows whose column 1 equals
 * want1 when want1 is not NULL), sorted binary. Caller frees names[i]. */
static int list_names(char **names, size_t *n_out, MYSQL *m, const char *sql, const char *want1)
{
    MYSQL_RES *res = NULL;
    MYSQL_ROW row;
    size_t n = 0;
    int rc = -1;

    if (mysql_query(m, sql) != 0 || (res = mysql_store_result(m)) == NULL) {
        fprintf(stderr, "record-ddl: %s: %s\n", sql, mysql_error(m));
        goto out;
    }
    while ((row = mysql_fetch_row(res)) != NULL) {
        if (want1 != NULL && (row[1] == NULL || strcmp(row[1], want1) != 0))
            continue;
        if (n == MAX_NAMES || (names[n] = strdup(row[0])) == NULL)
            goto out;
        n++;
    }
    qsort(names, n, sizeof(*names), cmp_names);
    rc = 0;
out:
    *n_out = n;
    mysql_free_result(res);
    return rc;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
}

/* Step 1: empty server plus `test`. */
static int reset_server(const char *socket)
{
    MYSQL *m = connect_to(socket, NULL);
    char **names = calloc(MAX_NAMES, sizeof(*names));
    struct buf sql = {0};
    size_t n = 0;
    int rc = -1;

    if (m == NULL || names == NULL || run_admin(m, "SET SESSION foreign_key_checks=0") != 0)
        goto out;
    if (list_names(names, &n, m, "SHOW DATABASES", NULL) != 0)
        goto out;
    for (size_t i = 0; i < n; i++) {
        if (is_system_db(names[i]))
            continue;
        sql.len = 0;
        if (buf_adds(&sql, "DROP DATABASE ") != 0 || add_ident(&sql, names[i]) != 0 ||
            run_admin(m, sql.data) != 0)
            goto out;
    }
    rc = run_admin(m, "CREATE DATABASE test");
out:
    if (names != NULL)
        free_names(names, n);
    free(names);
    free(sql.data);
    if (m != NULL)
        mysql_close(m);
    return rc;
}

/* Append the SHOW WARNINGS rows as "<stmt> <Level> <Code> <Message>" lines;
 * *rows_out = number of rows. */
static int add_warnings(struct buf *w, size_t *rows_out, MYSQL *m, unsigned stmt_no)
{
    MYSQL_RES *res = NULL;
    MYSQL_ROW row;
    size_t rows = 0;
    char num[32];
    int rc = -1;

    if (mysql_query(m, "SHOW WARNINGS") != 0 || (res = mysql_store_result(m)) == NULL) {
        fprintf(stderr, "record-ddl: SHOW WARNINGS: %s\n", mysql_error(m));
        goto out;
    }
    while ((row = mysql_fetch_row(res)) != NULL) {
        unsigned long *len = mysql_fetch_lengths(res);
        snprintf(num, sizeof(num), "%u ", stmt_no);
        if (buf_adds(w, num) != 0 || buf_adds(w, row[0]) != 0 || buf_adds(w, " ") != 0 ||
            buf_adds(w, row[1]) != 0 || buf_adds(w, " ") != 0 ||
            add_message(w, row[2], len[2]) != 0 || buf_adds(w, "\n") != 0)
            goto out;
        rows++;
    }
    rc = 0;
out:
    *rows_out = rows;
    mysql_free_result(res);
    return rc;
}

/* Run one statement, append its results.txt line and warnings.txt rows. */
static int
run_statement(struct buf *r, struct buf *w, MYSQL *m, const char *sql, size_t len, unsigned stmt_no)
{
    char head[64];
    size_t rows = 0;

    if (mysql_real_query(m, sql, len) != 0) {
        const char *msg = mysql_error(m);
        snprintf(head, sizeof(head), "error %u %s ", mysql_errno(m), mysql_sqlstate(m));
        if (buf_adds(r, head) != 0 || add_message(r, msg, strlen(msg)) != 0 ||
            buf_adds(r, "\n") != 0)
            return -1;
        return add_warnings(w, &rows, m, stmt_no);
    }
    /* drain any result set (a statement that returns rows is still `ok`) */
    do {
        MYSQL_RES *res = mysql_store_result(m);
        mysql_free_result(res);
    } while (mysql_next_result(m) == 0);
    if (mysql_warning_count(m) == 0)
        return buf_adds(r, "ok\n");
    if (add_warnings(w, &rows, m, stmt_no) != 0)
        return -1;
    snprintf(head, sizeof(head), "ok warnings=%zu\n", rows);
    return buf_adds(r, head);
}

static int ends_with_semicolon(const char *line, size_t len)
{
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    return len > 0 && line[len - 1] == ';';
}

/* Step 2: the statements of input.sql on a new connection in `test`. */
static int run_case(struct buf *r, struct buf *w, const char *socket, const char *input)
{
    FILE *f = fopen(input, "rb");
    MYSQL *m = NULL;
    struct buf stmt = {0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned stmt_no = 0;
    int rc = -1;

    if (f == NULL) {
        perror(input);
        goto out;
    }
    if ((m = connect_to(socket, "test")) == NULL)
        goto out;
    while ((n = getline(&line, &cap, f)) > 0) {
        size_t len = (size_t)n;
        if (line[len - 1] == '\n')
            line[--len] = '\0';
        if (stmt.len > 0 && buf_adds(&stmt, "\n") != 0)
            goto out;
        if (buf_add(&stmt, line, len) != 0)
            goto out;
        if (!ends_with_semicolon(line, len))
            continue;
        /* drop the final ';' and what follows it on the line (whitespace) */
        while (stmt.data[stmt.len - 1] != ';')
            stmt.len--;
        stmt.len--;
        if (run_statement(r, w, m, stmt.data, stmt.len, ++stmt_no) != 0)
            goto out;
        stmt.len = 0;
    }
    if (stmt.len > 0) {
        fprintf(stderr, "record-ddl: %s: last statement has no ';'\n", input);
        goto out;
    }
    rc = 0;
out:
    if (f != NULL)
        fclose(f);
    if (m != NULL)
        mysql_close(m);
    free(line);
    free(stmt.data);
    return rc;
}

/* Append column 1 of `SHOW CREATE ...` (exact bytes) followed by ";\n\n". */
static int add_show_create(struct buf *s, MYSQL *m, const char *sql)
{
    MYSQL_RES *res = NULL;
    MYSQL_ROW row;
    int rc = -1;

    if (mysql_query(m, sql) != 0 || (res = mysql_store_result(m)) == NULL) {
        fprintf(stderr, "record-ddl: %s: %s\n", sql, mysql_error(m));
        goto out;
    }
    if ((row = mysql_fetch_row(res)) == NULL)
        goto out;
    if (buf_add(s, row[1], mysql_fetch_lengths(res)[1]) != 0 || buf_adds(s, ";\n\n") != 0)
        goto out;
    rc = 0;
out:
    mysql_free_result(res);
    return rc;
}

/* SHOW CREATE <what> of every object of db whose Table_type is type, by name. */
static int dump_kind(struct buf *s, MYSQL *m, const char *db, const char *type, const char *what)
{
    char **tables = calloc(MAX_NAMES, sizeof(*tables));
    struct buf sql = {0};
    size_t n = 0;
    int rc = -1;

    if (tables == NULL || buf_adds(&sql, "SHOW FULL TABLES FROM ") != 0 || add_ident(&sql, db) != 0)
        goto out;
    if (list_names(tables, &n, m, sql.data, type) != 0)
        goto out;
    for (size_t i = 0; i < n; i++) {
        sql.len = 0;
        if (buf_adds(&sql, what) != 0 || add_ident(&sql, db) != 0 || buf_adds(&sql, ".") != 0 ||
            add_ident(&sql, tables[i]) != 0 || add_show_create(s, m, sql.data) != 0)
            goto out;
    }
    rc = 0;
out:
    if (tables != NULL)
        free_names(tables, n);
    free(tables);
    free(sql.data);
    return rc;
}

/* Step 3: schema.sql on a fresh connection. */
static int dump_schema(struct buf *s, const char *socket)
{
    MYSQL *m = connect_to(socket, NULL);
    char **dbs = calloc(MAX_NAMES, sizeof(*dbs));
    struct buf sql = {0};
    size_t n = 0;
    int rc = -1;

    if (m == NULL || dbs == NULL || list_names(dbs, &n, m, "SHOW DATABASES", NULL) != 0)
        goto out;
    for (size_t i = 0; i < n; i++) {
        if (is_system_db(dbs[i]))
            continue;
        sql.len = 0;
        if (buf_adds(&sql, "SHOW CREATE DATABASE ") != 0 || add_ident(&sql, dbs[i]) != 0 ||
            add_show_create(s, m, sql.data) != 0 ||
            dump_kind(s, m, dbs[i], "BASE TABLE", "SHOW CREATE TABLE ") != 0 ||
            /* the ddl-objects form: sequences after the tables */
            dump_kind(s, m, dbs[i], "SEQUENCE", "SHOW CREATE SEQUENCE ") != 0)
            goto out;
    }
    rc = 0;
out:
    if (dbs != NULL)
        free_names(dbs, n);
    free(dbs);
    free(sql.data);
    if (m != NULL)
        mysql_close(m);
    return rc;
}

static int write_file(const char *dir, const char *name, const struct buf *b)
{
    char path[4096];
    FILE *f;
    int rc = 0;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if ((f = fopen(path, "wb")) == NULL) {
        perror(path);
        return -1;
    }
    if (b->len > 0 && fwrite(b->data, 1, b->len, f) != b->len)
        rc = -1;
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}

int main(int argc, char **argv)
{
    struct buf results = {0}, warnings = {0}, schema = {0};
    int rc = 1;

    if (argc != 4) {
        fprintf(stderr, "usage: record-ddl SOCKET INPUT.SQL OUTDIR\n");
        return 2;
    }
    if (mysql_library_init(0, NULL, NULL) != 0)
        return 1;
    if (reset_server(argv[1]) != 0 || run_case(&results, &warnings, argv[1], argv[2]) != 0 ||
        dump_schema(&schema, argv[1]) != 0)
        goto out;
    if (write_file(argv[3], "results.txt", &results) != 0 ||
        write_file(argv[3], "warnings.txt", &warnings) != 0 ||
        write_file(argv[3], "schema.sql", &schema) != 0)
        goto out;
    rc = 0;
out:
    free(results.data);
    free(warnings.data);
    free(schema.data);
    mysql_library_end();
    return rc;
}
