/*
 * import_fk.c - `syscat import frm --foreign-keys FILE` (tools/cmd_import.c):
 * the file's ALTER TABLE ... ADD FOREIGN KEY statements as they are, and the
 * CONSTRAINT ... FOREIGN KEY lines of its CREATE TABLE statements as ALTER
 * TABLE ... ADD, in the database of the last CREATE DATABASE or USE, and
 * the AUTO_INCREMENT=N of its CREATE TABLE lines, which a .frm does not hold.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/import.h"

/* ------------------------------------------------------------------ */
/* Foreign keys                                                         */

int sc_import__run_sql(fk_run *fr, const char *sql, size_t len)
{
    sc_stmt_result res;
    int rc;

    memset(&res, 0, sizeof res);
    rc = sc_ddl_exec(&res, fr->session, fr->txn, sql, len);
    if (rc != SC_OK) {
        fprintf(fr->im->cli->err, "%s: %.*s\n", fr->what ? fr->what : fr->im->fk_file,
                (int)(len > 200 ? 200 : len), sql);
        sc_cli__print_error(fr->im->cli->err, res.mysql_errno, res.sqlstate,
                            res.message ? res.message : sc_strerror(rc));
    }
    sc_stmt_result_clear(&res);
    return rc;
}

/* `  CONSTRAINT `x` FOREIGN KEY ...,` lines of a CREATE TABLE as ALTER TABLE ... ADD. */
static int fk_lines(fk_run *fr, const char *stmt, size_t len, const char *qtable, size_t qlen)
{
    const char *p = stmt, *end = stmt + len;
    int rc = SC_OK;

    while (rc == SC_OK && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end, *s = p;
        while (s < le && *s == ' ')
            s++;
        if ((strncmp(s, "CONSTRAINT ", 11) == 0 &&
             memmem(s, (size_t)(le - s), " FOREIGN KEY ", 13)) ||
            strncmp(s, "FOREIGN KEY ", 12) == 0) {
            size_t n = (size_t)(le - s);
            char *sql;
            if (n && s[n - 1] == ',')
                n--;
            if (!(sql = malloc(qlen + n + 32)))
                return SC_ENOMEM;
            snprintf(sql, qlen + n + 32, "ALTER TABLE %.*s ADD %.*s", (int)qlen, qtable, (int)n, s);
            rc = sc_import__run_sql(fr, sql, strlen(sql));
            free(sql);
        }
        p = nl ? nl + 1 : end;
    }
    return rc;
}

bool sc_import__starts_word(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    return len >= n && strncasecmp(s, word, n) == 0;
}

/*
 * AUTO_INCREMENT=N of a CREATE TABLE's closing options line, applied with
 * ALTER TABLE: InnoDB and MyISAM keep the counter in their own files, not in
 * the .frm, so the schema dump is where an import finds it (as it finds a
 * sequence's values). PAGE_CHECKSUM=n of the same line is given again.
 */
static int
auto_increment_option(fk_run *fr, const char *stmt, size_t len, const char *qtable, size_t qlen)
{
    const char *close = stmt + len, *opt, *digits, *pc;
    char sql[600];
    size_t n = 0;

    while (len && (stmt[len - 1] == '\n' || stmt[len - 1] == ' ' || stmt[len - 1] == '\r'))
        len--;
    close = stmt + len;
    while (close > stmt && close[-1] != '\n') /* the last line: ") ENGINE=... AUTO_INCREMENT=N" */
        close--;
    if (*close != ')' ||
        !(opt = memmem(close, (size_t)(stmt + len - close), " AUTO_INCREMENT=", 16)))
        return SC_OK;
    digits = opt + 16;
    while (digits + n < stmt + len && digits[n] >= '0' && digits[n] <= '9')
        n++;
    if (!n || n > 20 || qlen > sizeof(sql) - 64)
        return SC_OK;
    /* an ALTER forgets PAGE_CHECKSUM of a table that is not Aria unless it gives it again */
    pc = memmem(close, (size_t)(stmt + len - close), " PAGE_CHECKSUM=", 15);
    snprintf(sql, sizeof(sql), "ALTER TABLE %.*s AUTO_INCREMENT=%.*s%s%c", (int)qlen, qtable,
             (int)n, digits, pc ? " PAGE_CHECKSUM=" : "", pc ? pc[15] : '\0');
    return sc_import__run_sql(fr, sql, strlen(sql));
}

/* The table name of `CREATE TABLE [IF NOT EXISTS] name (`, as written. */
static bool create_table_name(const char **q, size_t *qlen, const char *s, size_t len)
{
    const char *p = s + 12, *end = s + len;
    while (p < end && *p == ' ')
        p++;
    if (sc_import__starts_word(p, (size_t)(end - p), "IF NOT EXISTS "))
        p += 14;
    *q = p;
    while (p < end && *p != '(' && *p != '\n')
        p++;
    while (p > *q && p[-1] == ' ')
        p--;
    *qlen = (size_t)(p - *q);
    return *qlen > 0;
}

static int fk_statement(fk_run *fr, const char *s, size_t len)
{
    const char *q;
    size_t qlen;

    if (sc_import__starts_word(s, len, "CREATE TABLE ") && create_table_name(&q, &qlen, s, len)) {
        int rc = fk_lines(fr, s, len, q, qlen);
        return rc == SC_OK ? auto_increment_option(fr, s, len, q, qlen) : rc;
    }
    if (sc_import__starts_word(s, len, "ALTER TABLE ") || sc_import__starts_word(s, len, "USE ") ||
        sc_import__starts_word(s, len, "SET "))
        return sc_import__run_sql(fr, s, len);
    if (sc_import__starts_word(s, len, "CREATE DATABASE ")) {
        /* its name becomes the current database (the schema.sql form has no USE) */
        const char *p = s + 16, *end = s + len;
        char *use;
        int rc;
        if (sc_import__starts_word(p, (size_t)(end - p), "IF NOT EXISTS "))
            p += 14;
        const char *e = p;
        if (e < end && *e == '`') {
            for (e++; e < end && !(*e == '`' && (e + 1 >= end || e[1] != '`')); e++)
                if (*e == '`')
                    e++;
            e++;
        } else {
            while (e < end && *e != ' ' && *e != '\n')
                e++;
        }
        if (!(use = malloc((size_t)(e - p) + 8)))
            return SC_ENOMEM;
        snprintf(use, (size_t)(e - p) + 8, "USE %.*s", (int)(e - p), p);
        rc = sc_import__run_sql(fr, use, strlen(use));
        free(use);
        return rc;
    }
    return SC_OK; /* other statements (DROP, INSERT, comments...) carry no foreign key */
}

/* CREATE [DEFINER=...] TRIGGER ...: a word TRIGGER before the first ON. */
static bool is_trigger(const char *s, size_t len)
{
    const char *t, *on;
    char *head;
    bool yes;

    if (!sc_import__starts_word(s, len, "CREATE "))
        return false;
    if (!(head = strndup(s, len > 200 ? 200 : len)))
        return false;
    t = strstr(head, " TRIGGER ");
    on = strstr(head, " ON ");
    yes = t && (!on || t < on);
    free(head);
    return yes;
}

int sc_import__run_fk_file(importer *im, sc_txn *txn)
{
    fk_run fr = {im, NULL, txn, NULL};
    const char *sql = im->fk_sql;
    size_t len = strlen(sql), off = 0;
    int rc = sc_session_new(&fr.session, sc_txn_catalog(txn), NULL);

    if (rc == SC_OK)
        rc = sc_session_set(fr.session, "foreign_key_checks", "0");
    while (rc == SC_OK && off < len) {
        size_t end;
        bool content;
        bool found = sc_sql_split_next(&end, &content, sql + off, len - off);
        size_t skip = sc_sql_skip_blank(sql + off, end);
        if (content && is_trigger(sql + off + skip, end - skip)) {
            /* the .TRG files hold the triggers; a compound body is one statement of
             * the schema.sql form (ends at ";\n\n") or of mariadb-dump's (";;") */
            const char *s1 = strstr(sql + off, ";\n\n"), *s2 = strstr(sql + off, ";;");
            const char *e = s1 && (!s2 || s1 < s2) ? s1 : s2;
            off = e ? (size_t)(e - sql) + 2 : len;
            continue;
        }
        if (content)
            rc = fk_statement(&fr, sql + off + skip, end - skip);
        off += end + (found ? 1 : 0);
    }
    sc_session_free(fr.session);
    return rc;
}
